//! The daily puzzle's schedule through the command core: the server's own
//! time zone (across both clock changes), its local day for `/puzzle today`,
//! the discussion thread each post asks for, failed posts told to admins
//! once, the rotation over every game with puzzles without a repeat, and the
//! background reserve that keeps unused puzzles coming.

mod common;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use common::{alice, Table, HERE};
use rookery::core::puzzle::{Reserve, ReserveKeeper};
use rookery::core::{Command, Handler, Place, PostFailure, PuzzleCommand, Reply, ScheduledPost, User};
use rookery_engine::Variant;
use rookery_storage::{DailyPuzzle, PuzzleSchedule, Storage};

const DAY: i64 = 86_400;
const POSTS: Place = Place { guild: HERE.guild, channel: 77 };
/// 2026-03-29 and 2026-10-25: Berlin's clocks go forward, then back.
const SPRING: i64 = 20_541;
const AUTUMN: i64 = 20_751;

fn admin() -> User {
    User { id: 9, name: "mod".into(), can_manage_channel: true }
}

fn schedule(time: &str, rotation: &str, time_zone: &str) -> Command {
    Command::Puzzle(PuzzleCommand::Schedule {
        channel: POSTS.channel,
        time: time.into(),
        rotation: rotation.into(),
        time_zone: time_zone.into(),
    })
}

fn at(t: &Table, day: i64, hours: i64, minutes: i64) {
    t.clock.store(day * DAY + hours * 3_600 + minutes * 60, std::sync::atomic::Ordering::SeqCst);
}

fn posts(t: &Table) -> Vec<(Place, Reply)> {
    t.core.due()
}

#[test]
fn posts_follow_the_servers_clock_across_both_clock_changes() {
    let t = Table::new();
    at(&t, SPRING - 1, 6, 0);
    let set = t.ok(admin(), schedule("09:00", "chess", "europe/berlin"));
    assert!(set.text.contains("at 09:00 Europe/Berlin (chess), first on 2026-03-28"), "{}", set.text);
    // 09:00 in Berlin is 08:00 UTC in winter time, 07:00 UTC in summer time, and back.
    for (day, utc_hour) in [(SPRING - 1, 8), (SPRING, 7), (AUTUMN - 1, 7), (AUTUMN, 8)] {
        at(&t, day, utc_hour - 1, 59);
        assert!(posts(&t).is_empty(), "day {day}: not before {utc_hour}:00 UTC");
        at(&t, day, utc_hour, 0);
        let due = posts(&t);
        assert_eq!(due.len(), 1, "day {day}: at {utc_hour}:00 UTC");
        assert_eq!(due[0].0, POSTS);
    }
}

#[test]
fn a_server_far_east_has_its_puzzle_of_tomorrow_already() {
    let t = Table::new();
    // 12:00 UTC on 2023-11-14 is 01:00 on the 15th in Auckland.
    at(&t, common::START / DAY, 12, 0);
    t.ok(admin(), schedule("09:00", "", "Pacific/Auckland"));
    let today = t.ok(alice(), Command::Puzzle(PuzzleCommand::Today));
    assert!(today.text.contains("**Puzzle of 2023-11-15**"), "{}", today.text);
    assert!(t.core.storage().daily_puzzle(HERE.guild, common::START / DAY + 1).unwrap().is_some());
}

#[test]
fn an_unknown_time_zone_is_refused_with_an_example_and_changes_nothing() {
    let t = Table::new();
    for bad in ["Berlin", "Mars/Olympus", "+02:00"] {
        let refusal = t.refused(admin(), schedule("09:00", "chess", bad));
        assert!(refusal.contains("not a time zone I know") && refusal.contains("Europe/Berlin"), "{refusal}");
    }
    assert_eq!(t.core.storage().puzzle_schedule(HERE.guild).unwrap(), None);
    // Without a zone the server keeps the one it set.
    t.ok(admin(), schedule("09:00", "chess", "Asia/Tokyo"));
    let again = t.ok(admin(), schedule("10:00", "chess", ""));
    assert!(again.text.contains("at 10:00 Asia/Tokyo"), "{}", again.text);
}

#[test]
fn each_post_asks_for_a_discussion_thread_named_by_its_day() {
    let t = Table::new();
    at(&t, SPRING, 6, 0);
    t.ok(admin(), schedule("09:00", "chess", "Europe/Berlin"));
    at(&t, SPRING, 7, 0);
    let due = posts(&t);
    let scheduled = due[0].1.scheduled.clone();
    let thread_name = "Puzzle of 29 Mar — discuss (spoilers)".to_string();
    assert_eq!(scheduled, Some(ScheduledPost { guild: HERE.guild, thread_name }));
    assert!(due[0].1.text.contains("thread"), "{}", due[0].1.text);
    // `/puzzle today` is an answer, not a post: no second thread.
    assert_eq!(t.ok(alice(), Command::Puzzle(PuzzleCommand::Today)).scheduled, None);
}

#[test]
fn a_failed_post_is_told_once_and_the_schedule_stays() {
    let t = Table::new();
    at(&t, SPRING, 6, 0);
    t.ok(admin(), schedule("09:00", "chess", "Europe/Berlin"));
    at(&t, SPRING, 7, 0);
    assert_eq!(posts(&t).len(), 1);
    let told = t.core.scheduled_post_failed(HERE.guild, POSTS.channel, PostFailure::MissingPermission);
    let told = told.expect("the first failure is told").text;
    assert!(told.contains("I could not post the daily puzzle in <#77>"), "{told}");
    assert!(told.contains("I lack Send Messages there") && told.contains("/puzzle schedule"), "{told}");
    assert!(told.contains("try again tomorrow at 09:00 Europe/Berlin"), "{told}");
    assert_eq!(t.core.scheduled_post_failed(HERE.guild, POSTS.channel, PostFailure::ChannelGone), None);
    // The next day posts again; once one arrives, a new failure is news.
    at(&t, SPRING + 1, 7, 0);
    assert_eq!(posts(&t).len(), 1, "the schedule stays");
    t.core.scheduled_post_arrived(HERE.guild);
    let gone = t.core.scheduled_post_failed(HERE.guild, POSTS.channel, PostFailure::ChannelGone).unwrap();
    assert!(gone.text.contains("that channel no longer exists"), "{}", gone.text);
}

#[test]
fn the_default_rotation_takes_every_game_with_puzzles_and_never_repeats() {
    let t = Table::new();
    let storage = t.core.storage();
    let with_puzzles: HashSet<String> = Variant::ALL
        .iter()
        .filter(|v| !storage.puzzle_pool(v.name()).unwrap().is_empty())
        .map(|v| v.name().to_string())
        .collect();
    let pool: usize = Variant::ALL.iter().map(|v| storage.puzzle_pool(v.name()).unwrap().len()).sum();
    let first = common::START / DAY + 1;
    at(&t, first - 1, 23, 0);
    let set = t.ok(admin(), schedule("08:00", "", "UTC"));
    for name in &with_puzzles {
        assert!(set.text.contains(name.as_str()), "{name} missing from {}", set.text);
    }
    // The games take turns, so as many days as the smallest pool times the games never repeat.
    let smallest = with_puzzles.iter().map(|v| storage.puzzle_pool(v).unwrap().len()).min().unwrap();
    let days = (smallest * with_puzzles.len()).min(pool) as i64;
    let mut seen = HashSet::new();
    let mut games = HashSet::new();
    for day in first..first + days {
        at(&t, day, 8, 0);
        assert_eq!(posts(&t).len(), 1, "day {day}");
        let daily = storage.daily_puzzle(HERE.guild, day).unwrap().unwrap();
        assert!(seen.insert(daily.puzzle.id), "day {day} repeats puzzle {}", daily.puzzle.id);
        games.insert(daily.puzzle.variant);
    }
    assert_eq!(games, with_puzzles);
}

fn scheduled(storage: &Storage, guild: u64) {
    let schedule = PuzzleSchedule {
        channel: 1,
        minute: 0,
        rotation: Vec::new(),
        last_posted_day: None,
        time_zone: "UTC".into(),
        failure_reported: false,
    };
    storage.set_puzzle_schedule(guild, Some(&schedule)).unwrap();
}

#[test]
fn the_reserve_refills_what_each_server_has_not_had() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    scheduled(&storage, 1);
    scheduled(&storage, 2);
    let mut reserve = Reserve::new(storage.clone(), 3, 7).for_games(&[Variant::Chess]);
    assert_eq!(reserve.unused(Variant::Chess).unwrap(), 0);
    while reserve.refill_step().unwrap().is_some() {}
    assert_eq!(storage.puzzle_pool("chess").unwrap().len(), 3);
    assert_eq!(reserve.unused(Variant::Chess).unwrap(), 3);
    // Server 1 has had two of them: the reserve grows until it has three unused again.
    for (day, puzzle) in storage.puzzle_pool("chess").unwrap().into_iter().take(2).enumerate() {
        let daily = DailyPuzzle { day: day as i64, puzzle, posted_in: Some(1), first_solver: None, solvers: 0 };
        storage.open_daily_puzzle(1, &daily).unwrap();
    }
    assert_eq!(reserve.unused(Variant::Chess).unwrap(), 1, "server 1 has one left");
    assert_eq!(reserve.refill_step().unwrap(), Some(Variant::Chess));
    while reserve.refill_step().unwrap().is_some() {}
    assert_eq!(storage.puzzle_pool("chess").unwrap().len(), 5);
    assert_eq!(reserve.unused(Variant::Chess).unwrap(), 3);
    assert_eq!(reserve.refill_step().unwrap(), None, "full");
}

/// The thread's nice value, from `/proc` (Linux only).
fn nice_of_thread(name: &str) -> Option<i64> {
    for task in std::fs::read_dir("/proc/self/task").ok()? {
        let path = task.ok()?.path();
        if std::fs::read_to_string(path.join("comm")).ok()?.trim() != name {
            continue;
        }
        let stat = std::fs::read_to_string(path.join("stat")).ok()?;
        // Fields after the parenthesised name start at field 3; nice is field 19.
        return stat.rsplit_once(')')?.1.split_whitespace().nth(16)?.parse().ok();
    }
    None
}

#[test]
fn the_reserve_thread_fills_the_pool_at_the_lowest_priority() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    let keeper = ReserveKeeper::spawn(Reserve::new(storage.clone(), 2, 11).for_games(&[Variant::Chess])).unwrap();
    let started = Instant::now();
    while storage.puzzle_pool("chess").unwrap().len() < 2 {
        assert!(started.elapsed() < Duration::from_secs(120), "the reserve filled nothing");
        std::thread::sleep(Duration::from_millis(50));
    }
    // Full, the thread waits for work, still at its priority.
    if cfg!(target_os = "linux") {
        assert_eq!(nice_of_thread("puzzle-reserve"), Some(19), "the reserve thread runs at nice 19");
    }
    drop(keeper);
}
