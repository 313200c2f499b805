//! Dice Landing through the real adapter and the fake Discord: a custom
//! lineup pasted with the challenge is previewed, the Roll button rolls a face
//! on the game's ledger, and the landing square is played with `/move`.

use anyhow::Result;
use rookery::core::ButtonAction;

use crate::fake_discord::Call;
use crate::interactions::{click, slash, string, user, ALICE, BOB};
use crate::{connect, core};

fn text(call: &Call) -> String {
    call.payload.to_string()
}

fn button_of(call: &Call, action: ButtonAction) -> Option<String> {
    call.button_ids().into_iter().find(|id| id.split(':').next() == Some(action.id()))
}

/// White's knights alone in reserve, everything else as the standard lineup.
const LINEUP: &str = "4k3/2pppp2/8/8/8/8/2PPPP2/4K3[NNqrrbbnnpppp] w e1e8 - 0 1 -";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_custom_lineup_and_a_deploy_roll_through_the_fake_discord() -> Result<()> {
    let (handler, _database) = core()?;
    let connected = connect(handler).await?;
    let fake = &connected.fake;

    let options = format!("die=NNNNNN lineup=custom:{LINEUP}");
    fake.dispatch(slash(
        3001,
        ALICE,
        "play",
        vec![string("variant", "dicelanding"), user("opponent", BOB), string("options", &options)],
    ))?;
    let challenge = fake.callback(3001).await?;
    assert!(text(&challenge).contains(LINEUP), "{}", text(&challenge));
    let accept = button_of(&challenge, ButtonAction::Accept).expect("an Accept button");
    fake.dispatch(click(3002, BOB, &accept))?;
    let started = fake.callback(3002).await?;
    let roll = button_of(&started, ButtonAction::Roll).expect("a Roll button while the reserve can deploy");

    fake.dispatch(click(3003, ALICE, &roll))?;
    let rolled = text(&fake.callback(3003).await?);
    assert!(rolled.contains("{d6 ") && rolled.contains(": N}"), "{rolled}");

    fake.dispatch(slash(3004, ALICE, "move", vec![string("text", "g1")]))?;
    let deployed = fake.callback(3004).await?;
    assert!(text(&deployed).contains("[N]>Ng1"), "{}", text(&deployed));
    assert!(button_of(&deployed, ButtonAction::Roll).is_some(), "Black may roll");
    Ok(())
}
