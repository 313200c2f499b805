//! Rookery as an opponent and games in threads, end to end: `/play chess
//! @Rookery` through the real adapter, Rookery's move posted to the channel
//! by the bot itself; and a channel whose games open their own threads, with
//! the thread checked as Discord checks it and a spectator's `/board` there.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result};
use axum::http::{Method, StatusCode};
use rookery::core::Core;
use rookery::discord::ServeOptions;

use crate::connect_with;
use crate::fake_discord::{content, posted_to, FakeDiscord};
use crate::interactions::{click, integer, slash, slash_in, string, user, ALICE, BOB, CHANNEL, ROOKERY};

async fn bot(fake_options: ServeOptions) -> Result<(crate::Connected, tempfile::TempDir)> {
    let dir = tempfile::tempdir()?;
    let storage = rookery_storage::Storage::open(dir.path())?;
    let core = Core::new(storage, rookery::core::system_clock()).with_engine_seed(18);
    Ok((connect_with(Arc::new(core), fake_options).await?, dir))
}

fn quick() -> ServeOptions {
    ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rookery_answers_a_move_in_the_channel() -> Result<()> {
    let (connected, _dir) = bot(quick()).await?;
    let fake = &connected.fake;

    let play = vec![string("variant", "chess"), user("opponent", ROOKERY), integer("level", 1)];
    fake.dispatch(slash(8001, ALICE, "play", play))?;
    let started = fake.callback(8001).await?;
    assert!(!started.is_ephemeral(), "{}", content(&started));
    assert!(content(&started).contains("Rookery (level 1)"), "{}", content(&started));
    assert!(!started.button_ids().iter().any(|id| id.starts_with("accept")), "no acceptance needed");

    fake.dispatch(slash(8002, ALICE, "move", vec![string("text", "e4")]))?;
    let moved = fake.callback(8002).await?;
    assert!(!moved.is_ephemeral(), "{}", content(&moved));
    let answer = fake.wait_for("Rookery's move", |c| posted_to(CHANNEL)(c) && content(c).contains("plays")).await?;
    assert_eq!(answer.status, StatusCode::OK);
    assert!(content(&answer).contains("**Rookery (level 1)** plays"), "{}", content(&answer));
    assert!(answer.files.iter().any(|f| f.is_png), "the board comes with it");
    Ok(())
}

/// The id of the thread the bot opened (the first post outside the channel).
async fn opened_thread(fake: &FakeDiscord) -> Result<u64> {
    let post = fake
        .wait_for("the game's post in its thread", |c| {
            c.method == Method::POST && c.path.starts_with("/api/v10/channels/") && c.path.ends_with("/messages")
        })
        .await?;
    let id = post.path.trim_start_matches("/api/v10/channels/").trim_end_matches("/messages");
    id.parse().context("a thread id")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_opens_its_own_thread_where_spectators_follow_it() -> Result<()> {
    let (connected, _dir) = bot(quick()).await?;
    let fake = &connected.fake;

    // Choices travel as their index: `on` is the first.
    fake.dispatch(slash(9001, ALICE, "settings", vec![integer("threads", 0)]))?;
    let set = fake.callback(9001).await?;
    assert!(content(&set).contains("now on"), "{}", content(&set));

    fake.dispatch(slash(9002, ALICE, "play", vec![string("variant", "chess"), user("opponent", BOB)]))?;
    let challenge = fake.callback(9002).await?;
    let accept = challenge.button_ids().into_iter().find(|id| id.starts_with("accept:")).context("an Accept button")?;
    fake.dispatch(click(9003, BOB, &accept))?;

    let created = fake
        .wait_for("a thread", |c| c.method == Method::POST && c.path == format!("/api/v10/channels/{CHANNEL}/threads"))
        .await?;
    assert_eq!(created.status, StatusCode::CREATED, "{}", created.payload);
    assert_eq!(created.payload["name"], "alice vs bob · Chess");
    let thread = opened_thread(fake).await?;
    assert_ne!(thread, CHANNEL);
    let in_thread = fake.wait_for("the game in its thread", posted_to(thread)).await?;
    assert_eq!(in_thread.status, StatusCode::OK);
    assert!(in_thread.files.iter().any(|f| f.is_png));
    assert!(in_thread.button_ids().iter().any(|id| id.starts_with("resign:")), "the game's buttons go with it");
    let note = fake.callback(9003).await?;
    assert!(content(&note).contains(&format!("<#{thread}>")), "{}", content(&note));

    // The game lives in the thread: moves there, and a spectator's /board and /moves.
    fake.dispatch(slash_in(thread, 9004, ALICE, "move", vec![string("text", "e4")]))?;
    let moved = fake.callback(9004).await?;
    assert!(!moved.is_ephemeral(), "{}", content(&moved));
    fake.dispatch(slash_in(thread, 9005, BOB, "board", vec![]))?;
    let board = fake.callback(9005).await?;
    assert!(!board.is_ephemeral() && board.files.iter().any(|f| f.is_png), "{}", content(&board));
    fake.dispatch(slash_in(thread, 9006, BOB, "moves", vec![]))?;
    let moves = fake.callback(9006).await?;
    assert!(content(&moves).contains("1. e4"), "{}", content(&moves));

    // The channel itself is free for the next challenge.
    fake.dispatch(slash(9007, BOB, "play", vec![string("variant", "chess")]))?;
    let next = fake.callback(9007).await?;
    assert!(!next.is_ephemeral(), "{}", content(&next));
    Ok(())
}
