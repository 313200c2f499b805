//! Puzzle storage: the pool, daily records, solves and streaks, schedules and
//! the once-per-day post claim (across reopening and racing threads).

use std::sync::{Arc, Barrier};

use rookery_storage::{
    DailyPuzzle, Glicko, HintTaken, PracticeAnswered, PracticePuzzle, PuzzleSchedule, PuzzleSolve, Rated, RatingRules,
    SolveRecorded, Storage, StoredPuzzle,
};

const GUILD: u64 = 7;

fn puzzle(position: &str) -> StoredPuzzle {
    StoredPuzzle {
        id: 0,
        variant: "chess".into(),
        position: position.into(),
        mate_in: 1,
        solution: vec!["a1a8".into()],
        difficulty: 500,
        source: "test".into(),
        setup: Vec::new(),
        secrets: Vec::new(),
    }
}

fn daily(day: i64, puzzle: StoredPuzzle) -> DailyPuzzle {
    DailyPuzzle { day, puzzle, posted_in: None, first_solver: None, solvers: 0 }
}

/// Rules that make the arithmetic easy to check: a solve moves the solver up
/// 10 and the puzzle down 10, a fail the reverse.
const START: Glicko = Glicko { rating: 1500.0, deviation: 300.0, volatility: 0.06 };

fn puzzle_start(puzzle: &StoredPuzzle) -> Glicko {
    Glicko { rating: f64::from(puzzle.difficulty), ..START }
}

fn step(solver: &Glicko, puzzle: &Glicko, solved: bool) -> (Glicko, Glicko) {
    let change = if solved { 10.0 } else { -10.0 };
    (Glicko { rating: solver.rating + change, ..*solver }, Glicko { rating: puzzle.rating - change, ..*puzzle })
}

const RULES: RatingRules<'static> = RatingRules { solver_start: START, puzzle_start: &puzzle_start, rate: &step };

fn solve(user: u64, name: &str) -> PuzzleSolve {
    PuzzleSolve { user, name: name.into(), at: 0, line: vec!["Ra8#".into()] }
}

#[test]
fn the_pool_gives_ids_and_skips_duplicates() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    assert!(storage.puzzle_pool("chess").unwrap().is_empty());
    let added = storage.add_puzzles(&[puzzle("A"), puzzle("B"), puzzle("A")]).unwrap();
    assert_eq!(added.len(), 2);
    assert!(added[0].id != added[1].id);
    assert_eq!(storage.new_id().unwrap(), 1, "puzzles have ids of their own; the first game is #1");
    assert!(storage.add_puzzles(&[puzzle("B")]).unwrap().is_empty(), "already in the pool");
    let pool = storage.puzzle_pool("chess").unwrap();
    assert_eq!(pool.iter().map(|p| p.position.as_str()).collect::<Vec<_>>(), ["A", "B"]);
    assert!(storage.puzzle_pool("dragonchess").unwrap().is_empty());
}

#[test]
fn a_day_keeps_its_first_puzzle_and_counts_solves_once() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    let first = storage.open_daily_puzzle(GUILD, &daily(100, puzzle("A"))).unwrap();
    let second = storage.open_daily_puzzle(GUILD, &daily(100, puzzle("B"))).unwrap();
    assert_eq!(first, second);
    assert_eq!(second.puzzle.position, "A");

    let SolveRecorded::New { daily, streak, .. } =
        storage.record_puzzle_solve(GUILD, 100, &solve(1, "alice"), &RULES).unwrap()
    else {
        panic!("a first solve is new")
    };
    assert_eq!((daily.solvers, daily.first_solver.unwrap().name.as_str()), (1, "alice"));
    assert_eq!((streak.current, streak.best, streak.solved), (1, 1, 1));
    let SolveRecorded::New { daily, .. } = storage.record_puzzle_solve(GUILD, 100, &solve(2, "bob"), &RULES).unwrap()
    else {
        panic!("bob's solve is new")
    };
    assert_eq!((daily.solvers, daily.first_solver.unwrap().name.as_str()), (2, "alice"));
    assert!(matches!(
        storage.record_puzzle_solve(GUILD, 100, &solve(1, "alice"), &RULES),
        Ok(SolveRecorded::Already(_))
    ));
    assert_eq!(storage.daily_puzzle(GUILD, 100).unwrap().unwrap().solvers, 2);
    assert_eq!(storage.puzzle_solve(GUILD, 100, 2).unwrap(), Some(solve(2, "bob")));
    assert_eq!(storage.puzzle_solve(GUILD, 99, 2).unwrap(), None);
    assert_eq!(storage.record_puzzle_solve(GUILD, 101, &solve(1, "alice"), &RULES).unwrap(), SolveRecorded::NoPuzzle);
}

#[test]
fn streaks_continue_on_consecutive_days_and_restart_after_a_gap() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    let mut last = None;
    // Day 13 is missed and bridged by the week's freeze; 15 and 16 are both missed.
    for day in [10, 11, 12, 14, 17] {
        storage.open_daily_puzzle(GUILD, &daily(day, puzzle("A"))).unwrap();
        if let SolveRecorded::New { streak, .. } =
            storage.record_puzzle_solve(GUILD, day, &solve(1, "alice"), &RULES).unwrap()
        {
            last = Some(streak);
        }
    }
    let streak = last.unwrap();
    assert_eq!((streak.current, streak.best, streak.solved, streak.last_day), (1, 4, 5, 17));
    assert_eq!(streak.frozen_day, Some(13));
    assert_eq!(storage.puzzle_streaks(GUILD).unwrap(), [streak]);
    assert!(storage.puzzle_streaks(GUILD + 1).unwrap().is_empty());
}

fn schedule() -> PuzzleSchedule {
    PuzzleSchedule {
        channel: 42,
        minute: 9 * 60,
        rotation: vec!["chess".into()],
        last_posted_day: None,
        time_zone: "UTC".into(),
        failure_reported: false,
    }
}

#[test]
fn a_day_is_claimed_for_posting_once_even_after_reopening() {
    let dir = tempfile::tempdir().unwrap();
    {
        let storage = Storage::open(dir.path()).unwrap();
        assert_eq!(storage.claim_puzzle_post(GUILD, &daily(5, puzzle("A"))).unwrap(), None, "no schedule");
        storage.set_puzzle_schedule(GUILD, Some(&schedule())).unwrap();
        let claimed = storage.claim_puzzle_post(GUILD, &daily(5, puzzle("A"))).unwrap().unwrap();
        assert_eq!(claimed.posted_in, Some(42));
        assert_eq!(storage.claim_puzzle_post(GUILD, &daily(5, puzzle("B"))).unwrap(), None);
    }
    let storage = Storage::open(dir.path()).unwrap();
    assert_eq!(storage.claim_puzzle_post(GUILD, &daily(5, puzzle("B"))).unwrap(), None);
    assert_eq!(storage.puzzle_schedule(GUILD).unwrap().unwrap().last_posted_day, Some(5));
    // A puzzle opened by `/puzzle` before the post is the one posted.
    storage.open_daily_puzzle(GUILD, &daily(6, puzzle("C"))).unwrap();
    assert_eq!(storage.claim_puzzle_post(GUILD, &daily(6, puzzle("D"))).unwrap().unwrap().puzzle.position, "C");
    assert_eq!(
        storage.puzzle_schedules().unwrap(),
        [(GUILD, PuzzleSchedule { last_posted_day: Some(6), ..schedule() })]
    );
    storage.set_puzzle_schedule(GUILD, None).unwrap();
    assert!(storage.puzzle_schedules().unwrap().is_empty());
}

#[test]
fn racing_claims_post_once() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    storage.set_puzzle_schedule(GUILD, Some(&schedule())).unwrap();
    let barrier = Arc::new(Barrier::new(4));
    let claims: Vec<_> = (0..4)
        .map(|_| {
            let (storage, barrier) = (storage.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                storage.claim_puzzle_post(GUILD, &daily(9, puzzle("A"))).unwrap()
            })
        })
        .collect();
    let won = claims.into_iter().filter_map(|t| t.join().unwrap()).count();
    assert_eq!(won, 1);
}

#[test]
fn puzzle_records_are_in_backups() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    storage.add_puzzles(&[puzzle("A")]).unwrap();
    storage.open_daily_puzzle(GUILD, &daily(3, puzzle("A"))).unwrap();
    storage.record_puzzle_solve(GUILD, 3, &solve(1, "alice"), &RULES).unwrap();
    let mut backup = Vec::new();
    // The pool, the day, the solve, the streak, and the rated first attempt:
    // the try, the solver's rating and the puzzle's.
    assert_eq!(rookery_storage::export(&storage, &mut backup).unwrap(), 7);
    let other = tempfile::tempdir().unwrap();
    let copy = Storage::open(other.path()).unwrap();
    rookery_storage::import(&copy, backup.as_slice()).unwrap();
    assert_eq!(copy.puzzle_pool("chess").unwrap(), storage.puzzle_pool("chess").unwrap());
    assert_eq!(copy.puzzle_streaks(GUILD).unwrap(), storage.puzzle_streaks(GUILD).unwrap());
    assert_eq!(copy.solver_ratings(1).unwrap(), storage.solver_ratings(1).unwrap());
    assert_eq!(copy.puzzle_rating(0).unwrap(), storage.puzzle_rating(0).unwrap());
}

fn rated_puzzle(id: u64, difficulty: u32) -> StoredPuzzle {
    StoredPuzzle { id, difficulty, ..puzzle("A") }
}

#[test]
fn a_first_attempt_moves_both_ratings_once_and_later_ones_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    let hard = rated_puzzle(5, 1900);
    let Rated::First { before, after } =
        storage.record_puzzle_attempt((1, "alice"), &hard, (100, false), &RULES).unwrap()
    else {
        panic!("a first attempt is rated")
    };
    assert_eq!((before.rating, after.glicko.rating, after.solved, after.failed), (1500.0, 1490.0, 0, 1));
    let puzzle = storage.puzzle_rating(5).unwrap().unwrap();
    assert_eq!((puzzle.glicko.rating, puzzle.solved, puzzle.failed), (1910.0, 0, 1));
    // Trying again, wrong or right, moves nothing, across a reopening too.
    drop(storage);
    let storage = reopen(dir.path());
    for solved in [false, true] {
        let again = storage.record_puzzle_attempt((1, "alice"), &hard, (200, solved), &RULES).unwrap();
        assert!(matches!(again, Rated::Again(first) if !first.solved && first.rated && first.at == 100), "{again:?}");
    }
    assert_eq!(storage.puzzle_rating(5).unwrap().unwrap().glicko.rating, 1910.0);
    assert_eq!(storage.solver_ratings(1).unwrap()[0].glicko.rating, 1490.0);
    // Another solver's first attempt moves the puzzle again; ratings are per game.
    storage.record_puzzle_attempt((2, "bob"), &hard, (300, true), &RULES).unwrap();
    assert_eq!(storage.puzzle_rating(5).unwrap().unwrap().glicko.rating, 1900.0);
    let other_game = StoredPuzzle { variant: "dragonchess".into(), ..rated_puzzle(6, 800) };
    storage.record_puzzle_attempt((1, "alice"), &other_game, (400, true), &RULES).unwrap();
    let ratings = storage.solver_ratings(1).unwrap();
    let by_game: Vec<(&str, f64)> = ratings.iter().map(|r| (r.variant.as_str(), r.glicko.rating)).collect();
    assert_eq!(by_game, [("chess", 1490.0), ("dragonchess", 1510.0)]);
}

#[test]
fn a_hint_before_the_first_answer_makes_it_unrated() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    let hinted = rated_puzzle(8, 1200);
    assert_eq!(storage.take_puzzle_hint(1, &hinted, 50).unwrap(), HintTaken::New);
    assert_eq!(storage.take_puzzle_hint(1, &hinted, 60).unwrap(), HintTaken::Already(50), "a second hint");
    assert_eq!(storage.record_puzzle_attempt((1, "alice"), &hinted, (70, true), &RULES).unwrap(), Rated::Hinted);
    assert_eq!(storage.puzzle_rating(8).unwrap(), None, "the puzzle did not move");
    let alice = &storage.solver_ratings(1).unwrap()[0];
    assert_eq!((alice.glicko.rating, alice.solved), (1500.0, 1), "counted, not rated");
    let tried = storage.puzzle_try(1, 8).unwrap().unwrap();
    assert_eq!((tried.hinted_at, tried.first.map(|f| f.rated)), (Some(50), Some(false)));
}

#[test]
fn a_daily_solve_after_a_hint_keeps_the_streak_without_growing_it() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    for (day, id) in [(20, 1), (21, 2)] {
        storage.open_daily_puzzle(GUILD, &daily(day, rated_puzzle(id, 900))).unwrap();
    }
    storage.record_puzzle_solve(GUILD, 20, &solve(1, "alice"), &RULES).unwrap();
    storage.take_puzzle_hint(1, &rated_puzzle(2, 900), 0).unwrap();
    let SolveRecorded::New { streak, rated, hinted, .. } =
        storage.record_puzzle_solve(GUILD, 21, &solve(1, "alice"), &RULES).unwrap()
    else {
        panic!("a new solve")
    };
    assert!(hinted);
    assert_eq!(rated, Rated::Hinted);
    assert_eq!((streak.current, streak.last_day, streak.solved), (1, 21, 2));
}

#[test]
fn a_practice_puzzle_closes_with_its_first_answer_rated_once() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    assert_eq!(storage.answer_practice((1, "alice"), (10, true), &RULES).unwrap(), PracticeAnswered::NoneOpen);
    let open = PracticePuzzle { user: 1, puzzle: rated_puzzle(3, 1500), opened_at: 5 };
    storage.open_practice(&open).unwrap();
    assert_eq!(storage.practice_puzzle(1).unwrap(), Some(open.clone()));
    assert_eq!(storage.practice_puzzle(2).unwrap(), None, "practice puzzles are each user's own");
    let PracticeAnswered::Closed { puzzle, rated: Rated::First { after, .. } } =
        storage.answer_practice((1, "alice"), (10, true), &RULES).unwrap()
    else {
        panic!("the first answer is rated")
    };
    assert_eq!((puzzle.id, after.glicko.rating), (3, 1510.0));
    assert_eq!(storage.practice_puzzle(1).unwrap(), None, "closed");
    // Served again (an old puzzle), its answer no longer moves anything.
    storage.open_practice(&open).unwrap();
    let again = storage.answer_practice((1, "alice"), (20, false), &RULES).unwrap();
    assert!(matches!(again, PracticeAnswered::Closed { rated: Rated::Again(_), .. }), "{again:?}");
    assert_eq!(storage.solver_ratings(1).unwrap()[0].glicko.rating, 1510.0);
}

#[test]
fn racing_first_answers_rate_once() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    let barrier = Arc::new(Barrier::new(4));
    let answers: Vec<_> = (0..4)
        .map(|_| {
            let (storage, barrier) = (storage.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                storage.record_puzzle_attempt((1, "alice"), &rated_puzzle(4, 1500), (1, true), &RULES).unwrap()
            })
        })
        .collect();
    let rated = answers.into_iter().filter_map(|t| t.join().ok()).filter(|r| matches!(r, Rated::First { .. })).count();
    assert_eq!(rated, 1);
    assert_eq!(storage.puzzle_rating(4).unwrap().unwrap().glicko.rating, 1490.0);
}

#[test]
fn schedules_from_before_time_zones_read_as_utc() {
    let old = r#"{"channel":42,"minute":540,"rotation":["chess"],"last_posted_day":3}"#;
    let schedule: PuzzleSchedule = serde_json::from_str(old).unwrap();
    assert_eq!(schedule.time_zone, "UTC");
    assert!(!schedule.failure_reported);
}

#[test]
fn a_failed_post_is_reported_once_until_a_post_arrives() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    assert!(!storage.note_puzzle_post_failed(GUILD).unwrap(), "no schedule, nobody to tell");
    storage.set_puzzle_schedule(GUILD, Some(&schedule())).unwrap();
    assert!(storage.note_puzzle_post_failed(GUILD).unwrap(), "the first failure is reported");
    assert!(!storage.note_puzzle_post_failed(GUILD).unwrap(), "the next one is not");
    let kept = storage.puzzle_schedule(GUILD).unwrap().unwrap();
    assert_eq!(kept, PuzzleSchedule { failure_reported: true, ..schedule() }, "the schedule is kept");
    storage.note_puzzle_post_arrived(GUILD).unwrap();
    assert!(storage.note_puzzle_post_failed(GUILD).unwrap(), "a failure after a good post is news again");
}

/// Opens the database in `dir` again. Right after the last handle in this
/// process is dropped, sled's background threads may hold the folder's lock
/// a moment longer (a restarted process never meets this), so a lock still
/// held is waited for, up to two seconds.
fn reopen(dir: &std::path::Path) -> Storage {
    for _ in 0..100 {
        match Storage::open(dir) {
            Err(rookery_storage::StorageError::InUse(_)) => std::thread::sleep(std::time::Duration::from_millis(20)),
            opened => return opened.unwrap(),
        }
    }
    panic!("the database in {} stayed locked after its handles were dropped", dir.display())
}
