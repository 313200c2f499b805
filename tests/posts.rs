//! The bot's own posts, end to end: move reminders, time forfeits, expired
//! challenges and daily puzzles come from the scheduler, through the real
//! adapter, to the fake Discord's channel-message route, which accepts them
//! only with something to show (as Discord does).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Result;
use axum::http::StatusCode;
use rookery::core::{Command, Core, Handler, Place, PuzzleCommand, Request, User};
use rookery::discord::ServeOptions;

use crate::connect_with;
use crate::fake_discord::{posted_to, Call};
use crate::interactions::{ALICE, BOB, CHANNEL, GUILD};

/// 2023-11-14 22:13:20 UTC.
const START: i64 = 1_700_000_000;
const HOUR: i64 = 3_600;

fn user(id: u64, name: &str, moderator: bool) -> User {
    User { id, name: name.into(), can_manage_channel: moderator }
}

fn send(core: &Core, place: Place, who: User, command: Command) {
    let replies = core.handle(Request { place, user: who, command: command.clone() });
    assert!(!replies[0].ephemeral, "{command:?} was refused: {}", replies[0].text);
}

fn content(call: &Call) -> String {
    let text = call.payload["content"].as_str().unwrap_or_default();
    let embeds = call.payload["embeds"].to_string();
    format!("{text} {embeds}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_forfeits_expiries_and_puzzles_are_posted() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let clock = Arc::new(AtomicI64::new(START));
    let reader = clock.clone();
    let storage = rookery_storage::Storage::open(dir.path())?;
    let core = Arc::new(Core::new(storage, Arc::new(move || reader.load(Ordering::SeqCst))));
    let options = ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() };
    let connected = connect_with(core.clone(), options).await?;
    let fake = &connected.fake;

    let (alice, bob) = (user(ALICE.id, ALICE.name, true), user(BOB.id, BOB.name, false));
    let game_channel = Place { guild: GUILD, channel: CHANNEL };
    let puzzle_channel = CHANNEL + 1;
    let challenge_channel = Place { guild: GUILD, channel: CHANNEL + 2 };
    // A game with a day per move, a daily puzzle at 22:15 UTC, and a challenge nobody takes.
    let play = Command::Play {
        variant: "chess".into(),
        opponent: Some(bob.clone()),
        move_days: Some(1),
        options: None,
        clock: None,
    };
    send(&core, game_channel, alice.clone(), play);
    send(&core, game_channel, bob.clone(), Command::Accept);
    let schedule = PuzzleCommand::Schedule {
        channel: puzzle_channel,
        time: "22:15".into(),
        rotation: String::new(),
        time_zone: String::new(),
    };
    send(&core, Place { guild: GUILD, channel: CHANNEL }, alice.clone(), Command::Puzzle(schedule));
    let open = Command::Play { variant: "chess".into(), opponent: None, move_days: None, options: None, clock: None };
    send(&core, challenge_channel, bob.clone(), open);

    // 22:20: the puzzle is posted, with its board.
    clock.fetch_add(7 * 60, Ordering::SeqCst);
    let puzzle = fake.wait_for("the daily puzzle post", posted_to(puzzle_channel)).await?;
    assert_eq!(puzzle.status, StatusCode::OK, "{:?}", puzzle.payload);
    assert!(puzzle.files.iter().any(|f| f.is_png), "{:?}", puzzle.files);
    assert!(content(&puzzle).to_lowercase().contains("mate"), "{}", content(&puzzle));

    // 19 hours on: alice is reminded; a day on, she forfeits and the challenge expires.
    clock.fetch_add(19 * HOUR, Ordering::SeqCst);
    let reminder = fake.wait_for("a move reminder", posted_to(CHANNEL)).await?;
    assert_eq!(reminder.status, StatusCode::OK);
    assert!(content(&reminder).contains("left to move"), "{}", content(&reminder));
    clock.fetch_add(6 * HOUR, Ordering::SeqCst);
    let forfeit = fake.wait_for("a time forfeit", |c| posted_to(CHANNEL)(c) && content(c).contains("0-1")).await?;
    assert_eq!(forfeit.status, StatusCode::OK);
    let expired = fake.wait_for("an expired challenge", posted_to(challenge_channel.channel)).await?;
    assert!(content(&expired).contains("expired"), "{}", content(&expired));

    // Every post was accepted, and each came once: by now (23:20 the next
    // day) the puzzle has been posted on both days, each with its thread.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (threads, posts): (Vec<Call>, Vec<Call>) =
        fake.calls().into_iter().filter(|c| c.path.contains("/channels/")).partition(|c| c.path.ends_with("/threads"));
    assert_eq!(threads.len(), 2, "{threads:?}");
    assert!(posts.iter().all(|c| c.status == StatusCode::OK), "{posts:?}");
    let texts: Vec<String> = posts.iter().map(content).collect();
    assert_eq!(posts.iter().filter(|c| posted_to(puzzle_channel)(c)).count(), 2, "{texts:?}");
    assert_eq!(posts.len(), 5, "{texts:?}");
    Ok(())
}
