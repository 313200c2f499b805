//! The daily puzzle through the command core: today's puzzle, private answers
//! with public solve announcements, streaks, the leaderboard, the schedule and
//! its posts (exactly once a day, across restarts, on an injected clock), and
//! the shipped seed set.

mod common;

use std::sync::atomic::Ordering;

use common::{alice, bob, Table, HERE};
use rookery::core::puzzle::engine_puzzle;
use rookery::core::{ButtonAction, Command, Handler, HintOf, Place, PuzzleCommand, Reply, User};
use rookery_engine::puzzle::{check_answer, verify, Verdict};
use rookery_engine::search::MateSolver;
use rookery_engine::Variant;
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
        self.set_puzzle_as(day, known_puzzle().id);
    }

    /// Fixes the guild's puzzle of `day` to the known mate in two under puzzle
    /// id `id`: to the ratings, another puzzle.
    fn set_puzzle_as(&self, day: i64, id: u64) {
        let puzzle = StoredPuzzle { id, ..known_puzzle() };
        let daily = DailyPuzzle { day, puzzle, posted_in: None, first_solver: None, solvers: 0 };
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
    assert!(first.text.contains(" to move") && first.text.contains("mate in"), "{}", first.text);
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
    // Bob missed day 1: the week's streak freeze bridges it.
    assert!(board.contains("2. **bob** streak 2 (best 2) · 2 solved"), "{board}");
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

fn solve_today(moves: &str) -> Command {
    Command::Puzzle(PuzzleCommand::SolveToday { moves: moves.into() })
}

fn random(variant: Option<&str>) -> Command {
    Command::Puzzle(PuzzleCommand::Random { variant: variant.map(str::to_string) })
}

fn stats(user: Option<User>) -> Command {
    Command::Puzzle(PuzzleCommand::Stats { user })
}

/// The command a click on the button of `reply` labelled `label` sends.
fn click(reply: &Reply, label: &str) -> Command {
    let button = reply.buttons.iter().find(|b| b.label == label).expect("the button");
    ButtonAction::parse_custom_id(&button.custom_id()).expect("a button the front ends can dispatch")
}

impl Table {
    fn puzzle_rating(&self) -> f64 {
        let stored = self.core.storage().puzzle_rating(known_puzzle().id).unwrap();
        stored.expect("the puzzle has been rated").glicko.rating
    }

    fn rating_of(&self, user: &User, variant: &str) -> Option<f64> {
        let ratings = self.core.storage().solver_ratings(user.id).unwrap();
        ratings.iter().find(|r| r.variant == variant).map(|r| r.glicko.rating)
    }
}

#[test]
fn the_first_answer_is_rated_once_and_moves_the_puzzle_too() {
    let t = Table::new();
    t.set_puzzle(FIRST_DAY);
    let wrong = t.refused(alice(), solve("Bxe7"));
    assert!(wrong.contains("Not quite") && wrong.contains("Your chess puzzle rating: 1500? → "), "{wrong}");
    let alice_after_fail = t.rating_of(&alice(), "chess").unwrap();
    assert!(alice_after_fail < 1500.0);
    let puzzle_after_fail = t.puzzle_rating();
    assert!(puzzle_after_fail > 910.0, "the puzzle won: {puzzle_after_fail}");
    // Her retry solves it and counts for the day, but is not rated.
    let solved = t.send(alice(), solve("Nf6+ gxf6 Bxf7#"));
    assert!(solved[0].text.contains("Unrated: only your first answer"), "{}", solved[0].text);
    assert_eq!(t.rating_of(&alice(), "chess"), Some(alice_after_fail));
    assert_eq!(t.puzzle_rating(), puzzle_after_fail);
    // Bob's first answer solves it: both ratings move.
    let bob_solved = t.send(bob(), solve("Nf6+ Bxf7#"));
    assert!(bob_solved[0].text.contains("Your chess puzzle rating: 1500? → "), "{}", bob_solved[0].text);
    assert!(t.rating_of(&bob(), "chess").unwrap() > 1500.0);
    assert!(t.puzzle_rating() < puzzle_after_fail);
    // The same puzzle in another server is no new first attempt.
    let elsewhere = Place { guild: 99, channel: 5 };
    let daily = DailyPuzzle { day: FIRST_DAY, puzzle: known_puzzle(), posted_in: None, first_solver: None, solvers: 0 };
    t.core.storage().open_daily_puzzle(elsewhere.guild, &daily).unwrap();
    let there = t.send_at(elsewhere, bob(), solve("Nf6+ Bxf7#"));
    assert!(there[0].text.contains("Unrated"), "{}", there[0].text);
}

#[test]
fn the_hint_names_the_piece_and_costs_the_streak_bonus() {
    let t = Table::new();
    t.set_puzzle_as(FIRST_DAY - 1, 77);
    t.at(FIRST_DAY - 1, 600);
    t.send(alice(), solve("Nf6+ Bxf7#"));
    t.set_puzzle(FIRST_DAY);
    t.at(FIRST_DAY, 600);
    let post = t.ok(alice(), today());
    let hint = t.send(alice(), click(&post, "Hint"));
    assert_eq!(hint.len(), 1);
    assert!(hint[0].ephemeral, "a hint is private");
    assert!(hint[0].text.starts_with("Hint: The knight on d5 moves."), "{}", hint[0].text);
    assert!(hint[0].text.contains("your streak will not grow today"), "{}", hint[0].text);
    let again = t.refused(alice(), click(&post, "Hint"));
    assert!(again.contains("already") && again.contains("knight on d5"), "{again}");
    // Solved after the hint: counted, the streak held at 1, the answer unrated.
    let solved = t.send(alice(), solve("Nf6+ Bxf7#"));
    assert!(solved[0].text.contains("Your streak: 1 day — held"), "{}", solved[0].text);
    assert!(solved[0].text.contains("Unrated: you took the hint"), "{}", solved[0].text);
    assert!(solved[1].text.contains("**alice** is the first to solve"));
    // The next day the old button says so and changes nothing.
    t.at(FIRST_DAY + 1, 600);
    let stale = t.refused(bob(), click(&post, "Hint"));
    assert!(stale.contains("puzzle of 2023-11-14, which is over"), "{stale}");
    assert_eq!(t.core.storage().puzzle_try(bob().id, known_puzzle().id).unwrap(), None);
}

#[test]
fn a_freeze_keeps_a_streak_over_one_missed_day_a_week() {
    let t = Table::new();
    let streak_after = |day: i64| {
        t.set_puzzle(day);
        t.at(day, 600);
        let solved = t.send(alice(), solve("Nf6+ Bxf7#"));
        solved[0].text.split("Your streak: ").nth(1).unwrap().split(" (").next().unwrap().to_string()
    };
    let day = FIRST_DAY;
    assert_eq!(streak_after(day), "1 day");
    assert_eq!(streak_after(day + 1), "2 days");
    // Day + 2 is missed: the freeze keeps the streak.
    assert_eq!(streak_after(day + 3), "3 days");
    t.at(day + 5, 600);
    assert!(t.ok(alice(), Command::Puzzle(PuzzleCommand::Leaderboard)).text.contains("streak 0 (best 3)"));
    // Day + 4 is missed too, within the week: broken.
    assert_eq!(streak_after(day + 5), "1 day");
}

#[test]
fn practice_puzzles_come_near_the_rating_privately_and_once() {
    let t = Table::new();
    let served = t.send(alice(), random(Some("chess")));
    assert_eq!(served.len(), 1);
    assert!(served[0].ephemeral && served[0].text.contains("**Practice puzzle** · chess · rated "), "{served:?}");
    assert!(served[0].image.is_some());
    let storage = t.core.storage();
    let open = storage.practice_puzzle(alice().id).unwrap().expect("an open practice puzzle");
    let mut distances: Vec<u32> =
        storage.puzzle_pool("chess").unwrap().iter().map(|p| p.difficulty.abs_diff(1500)).collect();
    distances.sort_unstable();
    assert!(open.puzzle.difficulty.abs_diff(1500) <= distances[4], "one of the five nearest 1500");
    let hint = t.send(alice(), click(&served[0], "Hint"));
    assert!(hint[0].text.starts_with("Hint: The ") && hint[0].text.contains("unrated"), "{}", hint[0].text);

    // `/puzzle solve` answers the practice puzzle; `daily:True` today's.
    t.set_puzzle(FIRST_DAY);
    let daily = t.send(alice(), solve_today("Nf6+ Bxf7#"));
    assert!(daily[1].text.contains("**alice** is the first to solve"), "{daily:?}");
    let line = engine_puzzle(&open.puzzle).unwrap().solution_text().unwrap();
    let practiced = t.send(alice(), solve(&line));
    assert_eq!(practiced.len(), 1, "no announcement for practice: {practiced:?}");
    assert!(practiced[0].ephemeral && practiced[0].text.starts_with("Solved: "), "{}", practiced[0].text);
    assert!(practiced[0].text.contains("Unrated: you took the hint"), "{}", practiced[0].text);
    assert_eq!(storage.practice_puzzle(alice().id).unwrap(), None, "closed by the answer");
    let stale = t.refused(alice(), click(&served[0], "Hint"));
    assert!(stale.contains("answered or replaced"), "{stale}");

    // The next is another puzzle, and a wrong first answer costs rating and shows the solution.
    t.send(alice(), random(None));
    let next = storage.practice_puzzle(alice().id).unwrap().unwrap();
    assert_ne!(next.puzzle.id, open.puzzle.id, "an answered puzzle is not served again");
    let before = t.rating_of(&alice(), "chess").unwrap();
    let wrong = wrong_first_move(&next.puzzle);
    let failed = t.send(alice(), solve(&wrong));
    assert!(failed[0].text.contains("Not quite") && failed[0].text.contains("The solution was ||"), "{failed:?}");
    assert!(t.rating_of(&alice(), "chess").unwrap() < before);
    for _ in 0..5 {
        t.advance(1);
        t.send(alice(), random(None));
        let served = storage.practice_puzzle(alice().id).unwrap().unwrap().puzzle.id;
        assert!(served != open.puzzle.id && served != next.puzzle.id, "answered puzzles stay answered");
    }

    t.send(alice(), random(Some("dragonchess")));
    let served = storage.practice_puzzle(alice().id).unwrap().unwrap().puzzle;
    assert_eq!(served.variant, "dragonchess", "the game asked for");
    assert!(t.refused(alice(), random(Some("tiddlywinks"))).contains("tiddlywinks"));
}

/// A legal first move that is no solution.
fn wrong_first_move(stored: &StoredPuzzle) -> String {
    let puzzle = engine_puzzle(stored).unwrap();
    let start = puzzle.start().unwrap();
    let mut solver = MateSolver::new();
    start
        .legal_moves()
        .into_iter()
        .map(|mv| rookery_engine::notation::san(&start, mv))
        .find(|san| matches!(check_answer(&mut solver, &puzzle, san), Ok(Verdict::Wrong { .. })))
        .expect("a move that misses the mate")
}

#[test]
fn stats_and_the_leaderboard_show_ratings_and_streaks() {
    let t = Table::new();
    assert!(t.ok(bob(), stats(None)).text.contains("**bob** has not answered a puzzle yet"));
    t.set_puzzle(FIRST_DAY);
    t.send(alice(), solve("Nf6+ Bxf7#"));
    let shown = t.ok(bob(), stats(Some(alice()))).text;
    let rating = t.rating_of(&alice(), "chess").unwrap().round();
    assert!(shown.contains(&format!("chess: rating {rating}? · 1 solved, 0 failed")), "{shown}");
    assert!(shown.contains("Daily streak here: 1 day (best 1 day) · solved here: 1"), "{shown}");
    let board = t.ok(bob(), Command::Puzzle(PuzzleCommand::Leaderboard)).text;
    assert!(board.contains(&format!("1. **alice** streak 1 (best 1) · 1 solved · chess {rating}?")), "{board}");
}

/// A shipped puzzle of each of the six games, as players meet it: shown with
/// its task and board, hinted privately, solved with the solver's moves
/// alone, and rated (the hinted answer unrated).
#[test]
fn a_puzzle_of_every_game_is_shown_hinted_solved_and_rated() {
    let t = Table::new();
    for (offset, variant) in Variant::ALL.into_iter().enumerate() {
        let day = FIRST_DAY + offset as i64;
        t.at(day, 12 * 60);
        let stored = t.core.storage().puzzle_pool(variant.name()).unwrap().remove(0);
        let daily = DailyPuzzle { day, puzzle: stored.clone(), posted_in: None, first_solver: None, solvers: 0 };
        t.core.storage().open_daily_puzzle(HERE.guild, &daily).unwrap();

        let shown = t.ok(alice(), today());
        let goal = engine_puzzle(&stored).unwrap().goal().unwrap();
        assert!(shown.text.contains(&format!("{goal} in {}.", stored.mate_in)), "{variant}: {}", shown.text);
        assert!(shown.image.is_some(), "{variant}: no board");
        assert!(shown.buttons.iter().any(|b| b.action == ButtonAction::PuzzleHint), "{variant}: no Hint");

        let hint = t.send(alice(), Command::Puzzle(PuzzleCommand::Hint { of: HintOf::Open }));
        assert!(hint[0].ephemeral && hint[0].text.starts_with("Hint: "), "{variant}: {hint:?}");

        let answer = engine_puzzle(&stored).unwrap().solver_answer().unwrap();
        let solved = t.send(bob(), solve(&answer));
        assert!(solved[0].ephemeral && solved[0].text.starts_with("Solved"), "{variant} `{answer}`: {solved:?}");
        let rated = format!("Your {} puzzle rating: 1500? → ", variant.name());
        assert!(solved[0].text.contains(&rated), "{variant}: {}", solved[0].text);
        assert!(solved[1].text.contains("**bob** is the first to solve"), "{variant}: {solved:?}");
        let hinted = t.send(alice(), solve(&answer));
        assert!(hinted[0].text.contains("Unrated: you took the hint"), "{variant}: {hinted:?}");
    }
    let stats = t.ok(bob(), Command::Puzzle(PuzzleCommand::Stats { user: None })).text;
    for variant in Variant::ALL {
        assert!(stats.contains(&format!("{}: rating ", variant.name())), "{stats}");
    }
}

/// The same through the console's own lines: `/puzzle today`, `/puzzle
/// hint`, and another player's `/puzzle solve` with the solver's moves.
#[test]
fn a_puzzle_of_every_game_is_played_through_the_console() {
    for variant in Variant::ALL {
        let t = Table::new();
        let stored = t.core.storage().puzzle_pool(variant.name()).unwrap().remove(0);
        let daily =
            DailyPuzzle { day: FIRST_DAY, puzzle: stored.clone(), posted_in: None, first_solver: None, solvers: 0 };
        t.core.storage().open_daily_puzzle(rookery::console::CHANNEL.guild, &daily).unwrap();
        let puzzle = engine_puzzle(&stored).unwrap();
        let script =
            format!("/puzzle today\n/puzzle hint\n/as bob\n/puzzle solve {}\n", puzzle.solver_answer().unwrap());
        let images = tempfile::tempdir().unwrap();
        let mut out = Vec::new();
        rookery::console::run(&t.core as &dyn Handler, script.as_bytes(), &mut out, images.path()).unwrap();
        let out = String::from_utf8(out).unwrap();
        let goal = puzzle.goal().unwrap();
        assert!(out.contains(&format!("{goal} in {}.", stored.mate_in)), "{variant}:\n{out}");
        assert!(out.contains("button puzzle-hint:") && out.contains("Hint: "), "{variant}:\n{out}");
        assert!(out.contains(&format!("Your {} puzzle rating: 1500? → ", variant.name())), "{variant}:\n{out}");
        assert!(out.contains("bob is the first to solve today's puzzle!"), "{variant}:\n{out}");
    }
}
