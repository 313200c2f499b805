//! The daily puzzle through the command core: today's puzzle, private answers
//! with public solve announcements, streaks, the leaderboard, the schedule and
//! its posts (exactly once a day, across restarts, on an injected clock), and
//! the shipped seed set.

mod common;

use std::sync::atomic::Ordering;

use common::{alice, bob, Table, HERE};
use rookery::core::puzzle::engine_puzzle;
use rookery::core::{Command, Handler, Place, PuzzleCommand, Reply, User};
use rookery_engine::puzzle::verify;
use rookery_engine::search::MateSolver;
use rookery_storage::{DailyPuzzle, StoredPuzzle};

const DAY: i64 = 86_400;
/// 2023-11-14, the day of the table's start time.
const FIRST_DAY: i64 = common::START / DAY;
/// 1. Nf6+ gxf6 2. Bxf7#.
const KNIGHT_AND_BISHOP: &str = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
const POSTS: Place = Place { guild: HERE.guild, channel: 77 };

fn admin() -> User {
    User { id: 9, name: "mod".into(), can_manage_channel: true }
}

fn today() -> Command {
    Command::Puzzle(PuzzleCommand::Today)
}

fn solve(moves: &str) -> Command {
    Command::Puzzle(PuzzleCommand::Solve { moves: moves.into() })
}

fn schedule(time: &str, rotation: &str) -> Command {
    schedule_in(time, rotation, "")
}

fn schedule_in(time: &str, rotation: &str, time_zone: &str) -> Command {
    Command::Puzzle(PuzzleCommand::Schedule {
        channel: POSTS.channel,
        time: time.into(),
        rotation: rotation.into(),
        time_zone: time_zone.into(),
    })
}

fn known_puzzle() -> StoredPuzzle {
    StoredPuzzle {
        id: 4242,
        variant: "chess".into(),
        position: KNIGHT_AND_BISHOP.into(),
        mate_in: 2,
        solution: vec!["d5f6".into(), "g7f6".into(), "c4f7".into()],
        difficulty: 910,
        source: "test".into(),
        setup: Vec::new(),
        secrets: Vec::new(),
    }
}

impl Table {
    /// Fixes the guild's puzzle of `day` to the known mate in two.
    fn set_puzzle(&self, day: i64) {
        let daily = DailyPuzzle { day, puzzle: known_puzzle(), posted_in: None, first_solver: None, solvers: 0 };
        self.core.storage().open_daily_puzzle(HERE.guild, &daily).unwrap();
    }

    /// Sets the clock to `minutes` after 00:00 UTC of `day`.
    fn at(&self, day: i64, minutes: i64) {
        self.clock.store(day * DAY + minutes * 60, Ordering::SeqCst);
    }

    fn posts(&self) -> Vec<(Place, Reply)> {
        self.core.due()
    }
}

#[test]
fn today_shows_the_same_puzzle_all_day_from_the_seed_set() {
    let t = Table::new();
    let first = t.ok(alice(), today());
    assert!(first.text.contains("**Puzzle of 2023-11-14**"), "{}", first.text);
    assert!(first.text.contains("to move: mate in"), "{}", first.text);
    assert!(first.text.contains("Nobody has solved it yet"), "{}", first.text);
    assert_eq!(&first.image.as_ref().expect("a board").bytes[1..4], b"PNG");
    t.advance(3600);
    assert_eq!(t.ok(bob(), today()).text, first.text, "one puzzle per day");
    let daily = t.core.storage().daily_puzzle(HERE.guild, FIRST_DAY).unwrap().unwrap();
    assert!(daily.puzzle.source.starts_with("self-play"), "{daily:?}");
}

#[test]
fn answers_are_private_and_solves_are_announced_without_the_solution() {
    let t = Table::new();
    t.set_puzzle(FIRST_DAY);
    assert!(t.ok(alice(), today()).text.contains("White to move: mate in 2"));
    assert!(t.refused(alice(), solve("Zz9")).contains("not a move"));
    assert!(t.refused(alice(), solve("   ")).contains("Type your moves"));
    let wrong = t.refused(alice(), solve("Bxe7"));
    assert!(wrong.contains("Not quite") && wrong.contains("Bxe7"), "{wrong}");
    let so_far = t.send(alice(), solve("Nf6+"));
    assert!(so_far.len() == 1 && so_far[0].ephemeral && so_far[0].text.contains("Right so far"), "{so_far:?}");

    let solved = t.send(alice(), solve("1. Nf6+ gxf6 2. Bxf7#"));
    assert_eq!(solved.len(), 2, "{solved:?}");
    assert!(solved[0].ephemeral && solved[0].text.contains("Solved") && solved[0].text.contains("streak: 1 day"));
    assert!(!solved[1].ephemeral);
    assert!(solved[1].text.contains("**alice** is the first to solve"), "{}", solved[1].text);
    assert!(!solved[1].text.contains("Nf6") && !solved[1].text.contains("Bxf7"), "no spoiler: {}", solved[1].text);
    assert!(t.refused(alice(), solve("Nf6+ Bxf7#")).contains("already"), "a second solve");

    let bob_solved = t.send(bob(), solve("d5f6 c4f7"));
    assert_eq!(bob_solved[1].text, "**bob** solved today's puzzle: 2 solvers so far.");
    assert!(t.ok(alice(), today()).text.contains("Solved by 2 so far, first by alice"));
}

#[test]
fn there_is_nothing_to_solve_before_the_day_has_a_puzzle() {
    let t = Table::new();
    assert!(t.refused(alice(), solve("Nf6+ Bxf7#")).contains("no puzzle here today"));
    assert!(t.ok(alice(), Command::Puzzle(PuzzleCommand::Leaderboard)).text.contains("Nobody has solved"));
}

#[test]
fn streaks_count_consecutive_days_on_the_leaderboard() {
    let t = Table::new();
    for day in 0..3 {
        t.at(FIRST_DAY + day, 12 * 60);
        t.set_puzzle(FIRST_DAY + day);
        t.send(alice(), solve("Nf6+ Bxf7#"));
        if day != 1 {
            t.send(bob(), solve("Nf6+ Bxf7#"));
        }
    }
    let board = t.ok(alice(), Command::Puzzle(PuzzleCommand::Leaderboard)).text;
    assert!(board.contains("1. **alice** streak 3 (best 3) · 3 solved"), "{board}");
    assert!(board.contains("2. **bob** streak 1 (best 1) · 2 solved"), "{board}");
    // Two days without a solve break the streak; the best stays.
    t.at(FIRST_DAY + 5, 0);
    let board = t.ok(alice(), Command::Puzzle(PuzzleCommand::Leaderboard)).text;
    assert!(board.contains("**alice** streak 0 (best 3)"), "{board}");
}

#[test]
fn only_channel_managers_schedule_and_bad_settings_change_nothing() {
    let t = Table::new();
    assert!(t.refused(alice(), schedule("09:00", "chess")).contains("manage channels"));
    for bad in ["9am", "24:00", "09:60", ""] {
        assert!(t.refused(admin(), schedule(bad, "chess")).contains("not a time of day"), "{bad}");
    }
    assert!(t.refused(admin(), schedule("09:00", "checkers")).contains("Unknown variant"));
    assert_eq!(t.core.storage().puzzle_schedule(HERE.guild).unwrap(), None);
    t.at(FIRST_DAY + 1, 8 * 60);
    assert!(t.posts().is_empty());
}

#[test]
fn the_scheduler_posts_once_a_day_across_restarts_and_reveals_yesterday() {
    let mut t = Table::new();
    t.at(FIRST_DAY + 1, 8 * 60);
    let set = t.ok(admin(), schedule("09:00", "chess"));
    assert!(set.text.contains("<#77> at 09:00 UTC (chess), first on 2023-11-15"), "{}", set.text);
    t.at(FIRST_DAY + 1, 8 * 60 + 59);
    assert!(t.posts().is_empty(), "not yet");
    t.at(FIRST_DAY + 1, 9 * 60);
    let posts = t.posts();
    assert_eq!(posts.len(), 1);
    let (place, post) = &posts[0];
    assert_eq!(*place, POSTS);
    assert!(post.text.contains("**Daily puzzle of 2023-11-15**") && post.image.is_some(), "{}", post.text);
    assert!(!post.text.contains("Yesterday"), "no puzzle the day before: {}", post.text);
    assert!(t.posts().is_empty(), "a second tick posts nothing");
    t = t.restart();
    t.at(FIRST_DAY + 1, 23 * 60);
    assert!(t.posts().is_empty(), "nor does a restart");
    let posted = t.core.storage().daily_puzzle(HERE.guild, FIRST_DAY + 1).unwrap().unwrap();
    assert_eq!(posted.posted_in, Some(POSTS.channel));
    assert_eq!(t.ok(alice(), today()).image, post.image, "/puzzle today shows the posted puzzle");

    // The bot is down at 09:00 the next day and comes back at 10:30: it posts
    // once, late, with yesterday's solution.
    t.at(FIRST_DAY + 2, 8 * 60);
    assert!(t.posts().is_empty());
    t = t.restart();
    t.at(FIRST_DAY + 2, 10 * 60 + 30);
    let posts = t.posts();
    assert_eq!(posts.len(), 1);
    let yesterday = engine_puzzle(&posted.puzzle).unwrap().solution_text().unwrap();
    assert!(posts[0]
        .1
        .text
        .contains(&format!("Yesterday's solution (mate in {}): ||{yesterday}||", posted.puzzle.mate_in)));
    assert!(posts[0].1.text.contains("solved by nobody"), "{}", posts[0].1.text);
    // The solution's key move as an arrow, in a picture Discord keeps blurred until clicked.
    let solution = posts[0].1.files.iter().find(|f| f.name.starts_with("SPOILER_")).expect("a solution picture");
    assert_eq!(&solution.bytes[1..4], b"PNG");
    if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
        std::fs::write(std::path::Path::new(&dir).join("puzzle-solution.png"), &solution.bytes).unwrap();
    }
    t = t.restart();
    assert!(t.posts().is_empty());
    // Stopped, it posts no more.
    assert!(t.ok(admin(), schedule("off", "")).text.contains("no longer"));
    t.at(FIRST_DAY + 3, 12 * 60);
    assert!(t.posts().is_empty());
}

#[test]
fn a_time_already_past_today_starts_tomorrow() {
    let t = Table::new();
    t.at(FIRST_DAY + 1, 12 * 60);
    let set = t.ok(admin(), schedule("9:00", ""));
    assert!(set.text.contains("first on 2023-11-16"), "{}", set.text);
    assert!(t.posts().is_empty());
    t.at(FIRST_DAY + 2, 9 * 60);
    assert_eq!(t.posts().len(), 1);
}

#[test]
fn the_shipped_puzzles_verify_and_vary() {
    let seed = include_str!("../puzzles/seed.jsonl");
    let mut solver = MateSolver::new();
    let mut lengths = [0; 5];
    let mut count = 0;
    let mut per_variant = std::collections::BTreeMap::<String, usize>::new();
    for line in seed.lines() {
        let stored: StoredPuzzle = serde_json::from_str(line).unwrap();
        let puzzle = engine_puzzle(&stored).unwrap();
        *per_variant.entry(stored.variant.clone()).or_insert(0) += 1;
        // Dice, passes and secrets are verified through the game's turns.
        if puzzle.is_turn_puzzle().unwrap() {
            assert_eq!(puzzle.reverify(4).unwrap(), puzzle, "{line}");
            continue;
        }
        let again = verify(&mut solver, &puzzle.start().unwrap(), 4).unwrap();
        assert_eq!(again, puzzle, "{line}");
        if stored.variant == "chess" {
            lengths[puzzle.mate_in as usize] += 1;
            count += 1;
        }
    }
    assert!(count >= 30, "only {count} shipped puzzles");
    for variant in ["dragonchess", "luckdragon", "guardener", "dicelanding", "newchess"] {
        let shipped = per_variant.get(variant).copied().unwrap_or(0);
        assert!(shipped >= 30, "only {shipped} shipped {variant} puzzles");
    }
    assert!(lengths[1..].iter().all(|&n| n > 0), "mates of every length: {lengths:?}");
    let t = Table::new();
    for (game, count) in per_variant {
        assert_eq!(t.core.storage().puzzle_pool(&game).unwrap().len(), count, "the pool starts with all {game}");
    }
}
