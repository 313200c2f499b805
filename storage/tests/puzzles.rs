//! Puzzle storage: the pool, daily records, solves and streaks, schedules and
//! the once-per-day post claim (across reopening and racing threads).

use std::sync::{Arc, Barrier};

use rookery_storage::{DailyPuzzle, PuzzleSchedule, PuzzleSolve, SolveRecorded, Storage, StoredPuzzle};

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

    let SolveRecorded::New { daily, streak } = storage.record_puzzle_solve(GUILD, 100, &solve(1, "alice")).unwrap()
    else {
        panic!("a first solve is new")
    };
    assert_eq!((daily.solvers, daily.first_solver.unwrap().name.as_str()), (1, "alice"));
    assert_eq!((streak.current, streak.best, streak.solved), (1, 1, 1));
    let SolveRecorded::New { daily, .. } = storage.record_puzzle_solve(GUILD, 100, &solve(2, "bob")).unwrap() else {
        panic!("bob's solve is new")
    };
    assert_eq!((daily.solvers, daily.first_solver.unwrap().name.as_str()), (2, "alice"));
    assert!(matches!(storage.record_puzzle_solve(GUILD, 100, &solve(1, "alice")), Ok(SolveRecorded::Already(_))));
    assert_eq!(storage.daily_puzzle(GUILD, 100).unwrap().unwrap().solvers, 2);
    assert_eq!(storage.puzzle_solve(GUILD, 100, 2).unwrap(), Some(solve(2, "bob")));
    assert_eq!(storage.puzzle_solve(GUILD, 99, 2).unwrap(), None);
    assert_eq!(storage.record_puzzle_solve(GUILD, 101, &solve(1, "alice")).unwrap(), SolveRecorded::NoPuzzle);
}

#[test]
fn streaks_continue_on_consecutive_days_and_restart_after_a_gap() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    let mut last = None;
    for day in [10, 11, 12, 14] {
        storage.open_daily_puzzle(GUILD, &daily(day, puzzle("A"))).unwrap();
        if let SolveRecorded::New { streak, .. } = storage.record_puzzle_solve(GUILD, day, &solve(1, "alice")).unwrap()
        {
            last = Some(streak);
        }
    }
    let streak = last.unwrap();
    assert_eq!((streak.current, streak.best, streak.solved, streak.last_day), (1, 3, 4, 14));
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
    storage.record_puzzle_solve(GUILD, 3, &solve(1, "alice")).unwrap();
    let mut backup = Vec::new();
    assert_eq!(rookery_storage::export(&storage, &mut backup).unwrap(), 4);
    let other = tempfile::tempdir().unwrap();
    let copy = Storage::open(other.path()).unwrap();
    rookery_storage::import(&copy, backup.as_slice()).unwrap();
    assert_eq!(copy.puzzle_pool("chess").unwrap(), storage.puzzle_pool("chess").unwrap());
    assert_eq!(copy.puzzle_streaks(GUILD).unwrap(), storage.puzzle_streaks(GUILD).unwrap());
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
