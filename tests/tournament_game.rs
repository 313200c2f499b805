//! A small Swiss end to end through the real adapter and the strict fake:
//! `/tournament create swiss`, the Join button editing the event post,
//! `/tournament start` pairing the round into a thread per game, the game
//! finished there, and the final standings posted by the scheduler.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result};
use axum::http::{Method, StatusCode};
use rookery::core::Core;
use rookery::discord::ServeOptions;
use serde_json::{json, Value};

use crate::connect_with;
use crate::fake_discord::Call;
use crate::interactions::{click, integer, slash, slash_in, string, ALICE, BOB, CHANNEL};

fn content(call: &Call) -> String {
    let message = if call.payload.get("data").is_some() { call.data() } else { &call.payload };
    message["content"].as_str().unwrap_or_default().to_string()
}

/// `/tournament <path…> options` run by `by`: each name before the last is
/// a subcommand group, the last a subcommand.
fn tournament(id: u64, by: crate::interactions::Player, path: &[&str], options: Vec<Value>) -> Value {
    let mut command = slash(id, by, "tournament", vec![]);
    let mut nested = json!({"name": path[path.len() - 1], "type": 1, "options": options});
    for group in path[..path.len() - 1].iter().rev() {
        nested = json!({"name": group, "type": 2, "options": [nested]});
    }
    command["data"]["options"] = json!([nested]);
    command
}

/// The bot on a fresh database in `dir`, its scheduler ticking every 50 ms.
async fn quick_bot(dir: &std::path::Path) -> Result<crate::Connected> {
    let core = Core::new(rookery_storage::Storage::open(dir)?, rookery::core::system_clock());
    let options = ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() };
    connect_with(Arc::new(core), options).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_swiss_is_created_joined_paired_in_threads_and_finished() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let connected = quick_bot(dir.path()).await?;
    let fake = &connected.fake;

    let create = vec![string("name", "Cup"), string("game", "chess"), integer("rounds", 1), string("clock", "10+5")];
    fake.dispatch(tournament(9101, ALICE, &["create", "swiss"], create))?;
    let post = fake.callback(9101).await?;
    assert!(!post.is_ephemeral(), "{}", content(&post));
    let join = post.button_ids().into_iter().find(|id| id.starts_with("tour-join:")).context("a Join button")?;
    let event: i64 = join.trim_start_matches("tour-join:").parse()?;

    // Join clicks edit the event post in place (an UPDATE_MESSAGE answer).
    fake.dispatch(click(9102, BOB, &join))?;
    let joined = fake.callback(9102).await?;
    assert_eq!(joined.payload["type"], 7, "{}", joined.payload);
    assert!(content(&joined).contains("1 player(s)"), "{}", content(&joined));
    fake.dispatch(click(9103, ALICE, &join))?;
    assert!(content(&fake.callback(9103).await?).contains("2 player(s)"));
    fake.dispatch(click(9104, ALICE, &join))?;
    assert!(fake.callback(9104).await?.is_ephemeral(), "a second Join changes nothing");

    fake.dispatch(tournament(9105, ALICE, &["start"], vec![integer("id", event)]))?;
    let started = fake.callback(9105).await?;
    assert!(content(&started).contains("started"), "{}", content(&started));
    let thread = fake
        .wait_for("the round's thread", |c| {
            c.method == Method::POST && c.path == format!("/api/v10/channels/{CHANNEL}/threads")
        })
        .await?;
    assert_eq!(thread.status, StatusCode::CREATED, "{}", thread.payload);
    let name = thread.payload["name"].as_str().unwrap_or_default();
    assert!(name.starts_with("Round 1 · ") && name.ends_with(" · Swiss: Cup"), "{name}");
    let (thread_id, _) = game_thread(fake).await?;

    fake.dispatch(slash_in(thread_id, 9106, BOB, "resign", vec![]))?;
    let resigned = fake.callback(9106).await?;
    assert!(!resigned.is_ephemeral(), "{}", content(&resigned));
    let end = fake
        .wait_for("the final standings", |c| {
            c.method == Method::POST
                && c.path == format!("/api/v10/channels/{CHANNEL}/messages")
                && content(c).contains("Final standings")
        })
        .await?;
    assert_eq!(end.status, StatusCode::OK, "{}", end.payload);
    assert!(content(&end).contains("alice"), "{}", content(&end));
    assert!(end.files.len() == 2, "the crosstable and the games' PGN");
    assert!(fake.take_invalid().is_empty(), "every body is valid for Discord");
    Ok(())
}

/// The thread a game's first post (the one with `(White)`) went into.
async fn game_thread(fake: &crate::fake_discord::FakeDiscord) -> Result<(u64, Call)> {
    let post = fake
        .wait_for("the game in its thread", |c| {
            c.method == Method::POST
                && c.path.ends_with("/messages")
                && !c.path.contains(&CHANNEL.to_string())
                && content(c).contains("(White)")
        })
        .await?;
    let thread = post.path.trim_start_matches("/api/v10/channels/").trim_end_matches("/messages").parse()?;
    Ok((thread, post))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_arena_game_is_berserked_by_its_button_and_stopped_by_a_result_set_by_hand() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let connected = quick_bot(dir.path()).await?;
    let fake = &connected.fake;

    let create = vec![string("name", "Blitz"), string("game", "chess"), integer("minutes", 30), string("clock", "3+2")];
    fake.dispatch(tournament(9201, ALICE, &["create", "arena"], create))?;
    let join = fake.callback(9201).await?.button_ids().into_iter().find(|id| id.starts_with("tour-join:"));
    let event: i64 = join.context("a Join button")?.trim_start_matches("tour-join:").parse()?;
    for (id, player) in [(9202, ALICE), (9203, BOB)] {
        fake.dispatch(tournament(id, player, &["join"], vec![integer("id", event)]))?;
        assert!(!fake.callback(id).await?.is_ephemeral());
    }
    fake.dispatch(tournament(9204, ALICE, &["start"], vec![integer("id", event)]))?;
    fake.callback(9204).await?;
    let (thread, post) = game_thread(fake).await?;
    let berserk = post.button_ids().into_iter().find(|id| id.starts_with("tour-berserk:")).context("Berserk")?;

    let mut clicked = click(9205, BOB, &berserk);
    clicked["channel_id"] = json!(thread.to_string());
    fake.dispatch(clicked)?;
    let answer = fake.callback(9205).await?;
    assert!(!answer.is_ephemeral() && content(&answer).contains("bob berserks"), "{}", content(&answer));
    let mut again = click(9206, BOB, &berserk);
    again["channel_id"] = json!(thread.to_string());
    fake.dispatch(again)?;
    assert!(fake.callback(9206).await?.is_ephemeral(), "a second Berserk changes nothing");

    let result = vec![integer("id", event), integer("round", 1), integer("board", 1), string("result", "1-0")];
    fake.dispatch(tournament(9207, ALICE, &["result"], result))?;
    assert!(content(&fake.callback(9207).await?).contains("set the result"));
    let note = fake
        .wait_for("the note in the game's thread", |c| {
            c.method == Method::POST
                && c.path == format!("/api/v10/channels/{thread}/messages")
                && content(c).contains("set this game's result")
        })
        .await?;
    assert!(
        content(&note).starts_with("The organiser alice set this game's result: 1-0. The game is over."),
        "{}",
        content(&note)
    );
    fake.dispatch(slash_in(thread, 9208, BOB, "resign", vec![]))?;
    assert!(fake.callback(9208).await?.is_ephemeral(), "the game in the thread is over");
    assert!(fake.take_invalid().is_empty(), "every body is valid for Discord");
    Ok(())
}
