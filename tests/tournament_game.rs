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
use crate::fake_discord::{content, Call};
use crate::interactions::{click, integer, slash, slash_in, string, ALICE, BOB, CAROL, CHANNEL};

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

/// The bot on a database in `dir`, its scheduler ticking every 50 ms.
async fn bot_with_quick_ticks(dir: &tempfile::TempDir) -> Result<crate::Connected> {
    let storage = rookery_storage::Storage::open(dir.path())?;
    let core = Core::new(storage, rookery::core::system_clock());
    let options = ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() };
    connect_with(Arc::new(core), options).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_small_swiss_is_created_joined_paired_in_threads_and_finished() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let connected = bot_with_quick_ticks(&dir).await?;
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
    let files: Vec<(&str, bool)> = end.files.iter().map(|f| (f.filename.as_str(), f.is_png)).collect();
    assert_eq!(
        files,
        [
            (format!("tournament-{event}-standings.png").as_str(), true),
            (format!("tournament-{event}-crosstable.txt").as_str(), false),
            (format!("tournament-{event}-games.pgn").as_str(), false)
        ],
        "the standings picture, the crosstable and the games' PGN"
    );

    // The event post was the answer to `create`: it was edited to the final
    // standings, with their picture, and never posted again.
    let post = fake.original_message(9101).context("the create answer was looked up as the event post")?;
    let edited = fake
        .wait_for("the event post's final edit", |c| {
            c.method == Method::PATCH && c.path == message_path(post) && content(c).contains("finished")
        })
        .await?;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.payload);
    assert!(edited.files.iter().any(|f| f.is_png), "the standings picture is on the post");
    assert!(content(&edited).contains("BH-C1"), "the text names the tie-breaks: {}", content(&edited));
    assert!(event_posts_posted(fake).is_empty(), "no second event post");
    assert!(fake.take_invalid().is_empty(), "every body is valid for Discord");
    Ok(())
}

fn message_path(message: u64) -> String {
    format!("/api/v10/channels/{CHANNEL}/messages/{message}")
}

/// Whether `call` posted an event post in the channel on the bot's own
/// (not as an answer to a command).
fn is_event_post(call: &Call) -> bool {
    let path = format!("/api/v10/channels/{CHANNEL}/messages");
    call.method == Method::POST && call.path == path && content(call).contains("tournament #")
}

fn event_posts_posted(fake: &crate::fake_discord::FakeDiscord) -> Vec<Call> {
    fake.calls().into_iter().filter(is_event_post).collect()
}

/// The mentioned players of a game's first message: White, then Black.
fn mentioned(text: &str) -> Vec<u64> {
    text.split("<@").skip(1).filter_map(|part| part.split('>').next()?.parse().ok()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_event_post_is_posted_again_and_the_new_one_is_edited_after() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let connected = bot_with_quick_ticks(&dir).await?;
    let fake = &connected.fake;

    let create = vec![string("name", "Trio"), string("game", "chess"), integer("rounds", 2), string("clock", "10+5")];
    fake.dispatch(tournament(9201, ALICE, &["create", "swiss"], create))?;
    let created = fake.callback(9201).await?;
    let join = created.button_ids().into_iter().find(|id| id.starts_with("tour-join:")).context("a Join button")?;
    let event: i64 = join.trim_start_matches("tour-join:").parse()?;
    for (id, player) in [(9202, ALICE), (9203, BOB), (9204, CAROL)] {
        fake.dispatch(click(id, player, &join))?;
        fake.callback(id).await?;
    }
    let post = fake.original_message(9201).context("the event post was noted")?;
    fake.dispatch(tournament(9205, ALICE, &["start"], vec![integer("id", event)]))?;
    fake.callback(9205).await?;
    // Round 1: one game and a bye.
    let game = fake
        .wait_for("round 1's game", |c| {
            c.method == Method::POST && !c.path.contains(&CHANNEL.to_string()) && content(c).contains("(White)")
        })
        .await?;
    let thread: u64 = game.path.trim_start_matches("/api/v10/channels/").trim_end_matches("/messages").parse()?;
    let white = mentioned(&content(&game))[0];
    let resigner = [ALICE, BOB, CAROL].into_iter().find(|p| p.id == white).context("White is a player")?;

    // The start edits the post; then a moderator deletes it, and the
    // round's end brings it back.
    fake.wait_for("the start's edit", |c| c.method == Method::PATCH && c.path == message_path(post)).await?;
    fake.delete_message(CHANNEL, post);
    fake.dispatch(slash_in(thread, 9206, resigner, "resign", vec![]))?;
    fake.callback(9206).await?;
    let refused = fake
        .wait_for("the edit of the deleted post", |c| {
            c.method == Method::PATCH && c.path == message_path(post) && c.status == StatusCode::NOT_FOUND
        })
        .await?;
    assert!(content(&refused).contains("BH-C1"), "the standings after round 1: {}", content(&refused));
    let reposted = fake.wait_for("the event post again", is_event_post).await?;
    assert_eq!(reposted.status, StatusCode::OK, "{}", reposted.payload);
    assert!(reposted.files.iter().any(|f| f.is_png), "round 1's standings picture is on it");
    let round =
        fake.wait_for("round 2's pairings", |c| c.method == Method::POST && content(c).contains("**Round 2**")).await?;
    assert!(round.files.iter().any(|f| f.is_png), "the round's post has the standings picture");

    // The new post is the one kept current from now on.
    fake.dispatch(tournament(9207, ALICE, &["end"], vec![integer("id", event)]))?;
    fake.callback(9207).await?;
    fake.wait_for("the final standings", |c| c.method == Method::POST && content(c).contains("Final standings"))
        .await?;
    let edited = fake
        .wait_for("an edit of the new post", |c| {
            let in_channel = c.path.starts_with(&format!("/api/v10/channels/{CHANNEL}/messages/"));
            c.method == Method::PATCH && in_channel && c.path != message_path(post)
        })
        .await?;
    assert_eq!(edited.status, StatusCode::OK, "{}", edited.payload);
    assert!(content(&edited).contains("finished"), "{}", content(&edited));
    assert_eq!(event_posts_posted(fake).len(), 1, "posted again once, then edited");
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
    let connected = bot_with_quick_ticks(&dir).await?;
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
