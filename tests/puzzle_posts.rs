//! Scheduled daily puzzles end to end, in the server's own time zone: each
//! post opens its discussion thread from the posted message (as Discord's
//! "Start Thread from Message" expects), and a post Discord refuses (403,
//! 404) is told to the server's admins once, in its system channel, while
//! the schedule stays and the next day tries again.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Result;
use axum::http::{Method, StatusCode};
use rookery::core::puzzle::engine_puzzle;
use rookery::core::{Command, Core, Handler, Place, PuzzleCommand, Request, User};
use rookery::discord::ServeOptions;
use rookery_engine::Variant;

use crate::connect_with;
use crate::fake_discord::{
    posted_to, Call, FakeDiscord, DELETED_CHANNEL, FORBIDDEN_CHANNEL, READ_ONLY_CHANNEL, SYSTEM_CHANNEL,
};
use crate::interactions::{click, slash, Player, ALICE, BOB, CHANNEL, GUILD};

/// 2023-11-14 22:13:20 UTC: 23:13:20 in Berlin.
const START: i64 = 1_700_000_000;
const DAY: i64 = 86_400;
const PUZZLES: u64 = CHANNEL + 5;

struct Server {
    core: Arc<Core>,
    clock: Arc<AtomicI64>,
    _dir: tempfile::TempDir,
}

impl Server {
    fn new() -> Result<Server> {
        let dir = tempfile::tempdir()?;
        let clock = Arc::new(AtomicI64::new(START));
        let reader = clock.clone();
        let storage = rookery_storage::Storage::open(dir.path())?;
        let core = Arc::new(Core::new(storage, Arc::new(move || reader.load(Ordering::SeqCst))));
        Ok(Server { core, clock, _dir: dir })
    }

    /// `/puzzle schedule` in `channel` at `time` Berlin time, by a moderator.
    fn schedule(&self, channel: u64, time: &str) -> String {
        let admin = User { id: ALICE.id, name: ALICE.name.into(), can_manage_channel: true };
        let command = PuzzleCommand::Schedule {
            channel,
            time: time.into(),
            rotation: String::new(),
            time_zone: "Europe/Berlin".into(),
        };
        let request =
            Request { place: Place { guild: GUILD, channel: CHANNEL }, user: admin, command: Command::Puzzle(command) };
        let reply = self.core.handle(request).remove(0);
        assert!(!reply.ephemeral, "refused: {}", reply.text);
        reply.text
    }

    fn advance(&self, seconds: i64) {
        self.clock.fetch_add(seconds, Ordering::SeqCst);
    }
}

fn threads_of(fake: &FakeDiscord) -> Vec<Call> {
    fake.calls().into_iter().filter(|c| c.method == Method::POST && c.path.ends_with("/threads")).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_scheduled_puzzle_opens_its_discussion_thread() -> Result<()> {
    let server = Server::new()?;
    let options = ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() };
    let connected = connect_with(server.core.clone(), options).await?;
    let fake = &connected.fake;
    let set = server.schedule(PUZZLES, "23:15");
    assert!(set.contains("at 23:15 Europe/Berlin"), "{set}");
    assert!(set.contains("first on 2023-11-14"), "Berlin's day, not yet over: {set}");

    server.advance(2 * 60);
    let post = fake.wait_for("the daily puzzle", posted_to(PUZZLES)).await?;
    assert_eq!(post.status, StatusCode::OK);
    let thread = fake.wait_for("its thread", |c| c.path.ends_with("/threads")).await?;
    assert_eq!(thread.status, StatusCode::CREATED, "{:?}", thread.payload);
    // Started from the post itself: the message id the fake gave it.
    let message = thread.path.split('/').nth_back(1).unwrap().to_string();
    assert_eq!(thread.path, format!("/api/v10/channels/{PUZZLES}/messages/{message}/threads"));
    assert!(message.parse::<u64>()? > 0);
    assert_eq!(thread.payload["name"], "Puzzle of 14 Nov — discuss (spoilers)");
    assert_eq!(thread.payload["auto_archive_duration"], 1440);

    // The next post is at 23:15 Berlin time the next day, not a minute before.
    server.advance(DAY - 2 * 60);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(fake.calls().into_iter().filter(|c| posted_to(PUZZLES)(c)).count(), 1);
    server.advance(2 * 60);
    fake.wait_for("the second thread", |c| c.payload["name"] == "Puzzle of 15 Nov — discuss (spoilers)").await?;
    assert_eq!(threads_of(fake).len(), 2);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_post_is_told_to_admins_once_and_the_schedule_stays() -> Result<()> {
    let server = Server::new()?;
    let options = ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() };
    let connected = connect_with(server.core.clone(), options).await?;
    let fake = &connected.fake;
    let reports = || fake.calls().into_iter().filter(|c| posted_to(SYSTEM_CHANNEL)(c)).collect::<Vec<_>>();

    // 403 Missing Access: the admins hear it in the system channel, with what to fix.
    server.schedule(FORBIDDEN_CHANNEL, "23:15");
    server.advance(2 * 60);
    let report = fake.wait_for("the report", posted_to(SYSTEM_CHANNEL)).await?;
    let text = report.payload["content"].as_str().unwrap_or_default().to_string();
    assert!(text.contains(&format!("I could not post the daily puzzle in <#{FORBIDDEN_CHANNEL}>")), "{text}");
    assert!(text.contains("View Channel") && text.contains("/puzzle schedule"), "{text}");
    assert!(text.contains("try again tomorrow at 23:15 Europe/Berlin"), "{text}");

    // The next day it tries again, fails again, and says nothing more.
    server.advance(DAY);
    poll_until(|| fake.calls().into_iter().filter(|c| posted_to(FORBIDDEN_CHANNEL)(c)).count() == 2).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(reports().len(), 1, "told once");
    let kept = server.core.storage().puzzle_schedule(GUILD)?.expect("the schedule is kept");
    assert_eq!(kept.channel, FORBIDDEN_CHANNEL);

    // A deleted channel (404) and a read-only one (403 Missing Permissions),
    // each newly scheduled, are each reported in their own words.
    for (channel, words) in [(DELETED_CHANNEL, "no longer exists"), (READ_ONLY_CHANNEL, "I lack Send Messages")] {
        server.schedule(channel, "23:15");
        server.advance(DAY);
        let told = reports().len();
        poll_until(|| reports().len() > told).await;
        let text = reports().last().unwrap().payload["content"].as_str().unwrap_or_default().to_string();
        assert!(text.contains(&format!("<#{channel}>")) && text.contains(words), "{text}");
    }

    // Once a post gets through, a later failure is news again.
    server.schedule(PUZZLES, "23:15");
    assert!(server.core.storage().note_puzzle_post_failed(GUILD)?, "as if a post had failed");
    server.advance(DAY);
    fake.wait_for("a good post", posted_to(PUZZLES)).await?;
    poll_until(|| !server.core.storage().puzzle_schedule(GUILD).unwrap().unwrap().failure_reported).await;
    assert!(reports().iter().all(|c| c.status == StatusCode::OK));
    Ok(())
}

async fn poll_until(mut done: impl FnMut() -> bool) {
    let waited = tokio::time::timeout(crate::fake_discord::WAIT, async {
        while !done() {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await;
    assert!(waited.is_ok(), "timed out");
}

/// `/puzzle solve moves` run by `by`.
fn puzzle_solve(id: u64, by: Player, moves: &str) -> serde_json::Value {
    let mut command = slash(id, by, "puzzle", vec![]);
    let moves = serde_json::json!({"name": "moves", "type": 3, "value": moves});
    command["data"]["options"] = serde_json::json!([{"name": "solve", "type": 1, "options": [moves]}]);
    command
}

fn text_of(call: &Call) -> String {
    let message = if call.payload.get("data").is_some() { call.data() } else { &call.payload };
    message["content"].as_str().unwrap_or_default().to_string()
}

/// Six days of scheduled puzzles, one of each game, through the real adapter:
/// each posted with its board and its thread, its Hint button answering
/// privately, and a solve by slash command answered privately with the
/// rating change and announced in the channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scheduled_puzzle_of_every_game_is_posted_hinted_solved_and_rated() -> Result<()> {
    let server = Server::new()?;
    let options = ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() };
    let connected = connect_with(server.core.clone(), options).await?;
    let fake = &connected.fake;
    let admin = User { id: ALICE.id, name: ALICE.name.into(), can_manage_channel: true };
    let games: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    let command = PuzzleCommand::Schedule {
        channel: PUZZLES,
        time: "23:15".into(),
        rotation: games.join(","),
        time_zone: "Europe/Berlin".into(),
    };
    let place = Place { guild: GUILD, channel: CHANNEL };
    let set = server.core.handle(Request { place, user: admin, command: Command::Puzzle(command) }).remove(0);
    assert!(!set.ephemeral, "{}", set.text);

    let mut seen = Vec::new();
    for day in 0..games.len() {
        server.advance(if day == 0 { 2 * 60 } else { DAY });
        poll_until(|| fake.calls().into_iter().filter(|c| posted_to(PUZZLES)(c)).count() > day).await;
        poll_until(|| threads_of(fake).len() > day).await;
        let post = fake.calls().into_iter().filter(|c| posted_to(PUZZLES)(c)).nth(day).unwrap();
        assert_eq!(post.status, StatusCode::OK);
        assert!(post.files.iter().any(|f| f.is_png), "{:?}", post.files);
        let hint = post.button_ids().into_iter().find(|id| id.starts_with("puzzle-hint:day:")).expect("a Hint button");
        let puzzle_day: i64 = hint.rsplit(':').next().unwrap().parse()?;
        let stored = server.core.storage().daily_puzzle(GUILD, puzzle_day)?.expect("the posted puzzle").puzzle;
        seen.push(stored.variant.clone());

        let id = 7_000 + 10 * day as u64;
        fake.dispatch(click(id, BOB, &hint))?;
        let hinted = fake.callback(id).await?;
        assert!(hinted.is_ephemeral() && text_of(&hinted).starts_with("Hint: "), "{:?}", hinted.payload);

        let answer = engine_puzzle(&stored).map_err(|e| anyhow::anyhow!(e.0))?.solver_answer()?;
        fake.dispatch(puzzle_solve(id + 1, ALICE, &answer))?;
        let solved = fake.callback(id + 1).await?;
        let said = text_of(&solved);
        assert!(solved.is_ephemeral() && said.starts_with("Solved"), "{} `{answer}`: {said}", stored.variant);
        assert!(said.contains(&format!("Your {} puzzle rating: 1500? → ", stored.variant)), "{said}");
        let announced = |c: &Call| text_of(c).contains("**alice** is the first to solve today's puzzle!");
        poll_until(|| fake.calls().iter().filter(|c| announced(c)).count() > day).await;
    }
    seen.sort();
    let mut all = games.clone();
    all.sort();
    assert_eq!(seen, all, "one puzzle of each game");
    Ok(())
}
