//! A whole game of Guardener Chess through the real adapter and the fake
//! Discord: the bot rolls each turn's 2d4 in the open, the move box suggests
//! only what the chain allows, and the game is played to its end.

use anyhow::Result;
use serde_json::Value;

use crate::interactions::{autocomplete, focused, slash, string, user, Player, ALICE, BOB};
use crate::{connect, core};

/// What the move box suggests to `who` now (nothing when it is not their turn).
async fn suggestions(fake: &crate::fake_discord::FakeDiscord, id: u64, who: Player) -> Result<Vec<String>> {
    fake.dispatch(autocomplete(id, who, "move", vec![focused("text", "")]))?;
    let call = fake.callback(id).await?;
    let choices = call.data()["choices"].as_array().cloned().unwrap_or_default();
    Ok(choices.iter().filter_map(|c: &Value| c["value"].as_str().map(String::from)).collect())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_guardener_game_through_the_fake_discord() -> Result<()> {
    let (handler, _database) = core()?;
    let connected = connect(handler).await?;
    let fake = &connected.fake;
    fake.dispatch(slash(3001, ALICE, "play", vec![string("variant", "guardener"), user("opponent", BOB)]))?;
    assert!(fake.callback(3001).await?.payload.to_string().contains("ledger `game:"));
    fake.dispatch(slash(3002, BOB, "accept", vec![]))?;
    let opening = fake.callback(3002).await?.payload.to_string();
    assert!(opening.contains("**alice**'s 2d4, rolled by Rookery: ["), "{opening}");

    let mut id = 3100;
    for ply in 0..400 {
        id += 3;
        let mut mover = ALICE;
        let mut offered = suggestions(fake, id, ALICE).await?;
        if offered.is_empty() {
            mover = BOB;
            offered = suggestions(fake, id + 1, BOB).await?;
        }
        assert!(!offered.is_empty(), "ply {ply}: somebody is to move");
        let moves: Vec<&String> = offered.iter().filter(|m| *m != "pass").collect();
        let choice = moves.iter().find(|m| m.contains('x')).or(moves.get(ply % moves.len().max(1)));
        let text = choice.map_or("pass".to_string(), |m| m.to_string());
        fake.dispatch(slash(id + 2, mover, "move", vec![string("text", &text)]))?;
        let reply = fake.callback(id + 2).await?;
        let shown = reply.payload.to_string();
        assert!(!reply.is_ephemeral(), "ply {ply}: {text} refused: {shown}");
        if ["**1-0**", "**0-1**", "**1/2-1/2**"].iter().any(|r| shown.contains(r)) {
            return Ok(());
        }
        assert!(shown.contains("'s 2d4, rolled by Rookery: ["), "ply {ply}: {shown}");
    }
    panic!("the game did not end in 400 plies");
}
