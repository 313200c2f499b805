//! Crash safety: a worker process plays moves through the real command core
//! and prints each one only once the core has acknowledged it; this test kills
//! it with SIGKILL at random moments, reopens the database and checks that it
//! opens and that every acknowledged move is in the stored record.
//!
//! SIGKILL loses the process, not the operating system's page cache, so this
//! checks sled's crash recovery and that acknowledgement comes after the
//! write; it cannot check fsync against power loss.
//!
//! A second test kills a start in the middle of restoring a large damaged
//! database from its backup, and checks that the next start finishes the
//! restore, whole, and says so.
//!
//! `ROOKERY_CRASH_ROUNDS` (default 50) and `ROOKERY_RESTORE_KILLS` (default
//! 12) set the number of kills and `ROOKERY_CRASH_SEED` replays a run's kill
//! timings.

use std::collections::{BTreeMap, HashMap};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_storage::{ChannelGame, ChannelKey, Storage};

const GUILD: u64 = 9;
const CHANNELS: u64 = 4;

/// What the workers acknowledged: (channel, game) to action index and text.
type Acked = HashMap<(u64, u64), BTreeMap<usize, String>>;

/// The signal `Child::kill` sends on Unix.
const SIGKILL: i32 = 9;

/// Runs the worker for `delay`, kills it, and returns the complete lines it
/// printed. A line cut off by the kill has no newline and is not an
/// acknowledgement.
fn run_and_kill(dir: &std::path::Path, delay: Duration) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crash-worker"))
        .arg(dir)
        .arg(CHANNELS.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting the worker");
    let stdout = child.stdout.take().expect("piped stdout");
    let (ready_tx, ready) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut lines = Vec::new();
        let mut line = String::new();
        while reader.read_line(&mut line).expect("reading the worker") > 0 {
            match line.strip_suffix('\n') {
                Some("ready") => {
                    let _ = ready_tx.send(());
                }
                Some(complete) => lines.push(complete.to_string()),
                None => {}
            }
            line.clear();
        }
        lines
    });
    // Kills are timed from the worker's start of work, not from its launch.
    let _ = ready.recv_timeout(Duration::from_secs(30));
    std::thread::sleep(delay);
    // Child::kill is SIGKILL on Unix: no destructors, no final flush.
    child.kill().expect("killing the worker");
    let status = child.wait().expect("waiting for the worker");
    let lines = reader.join().expect("the reader thread");
    // Anything but our SIGKILL ended it by itself (an exit, or a signal such
    // as a crash): that is a worker failure, told with what it wrote.
    if std::os::unix::process::ExitStatusExt::signal(&status) != Some(SIGKILL) {
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut child.stderr.take().expect("piped stderr"), &mut stderr).unwrap();
        panic!("the worker ended on its own ({status}): {stderr}");
    }
    lines
}

/// The stored game `game` of `channel`: current or archived.
fn find(storage: &Storage, channel: u64, game: u64) -> Option<ChannelGame> {
    let key = ChannelKey { guild: GUILD, channel };
    let current = storage.channel_game(key).expect("reading a channel").filter(|g| g.id == game);
    current.or_else(|| storage.archived_games(key).expect("reading the archive").into_iter().find(|g| g.id == game))
}

#[test]
fn acknowledged_moves_survive_sigkill() {
    let rounds: usize = std::env::var("ROOKERY_CRASH_ROUNDS").map_or(50, |r| r.parse().expect("a number of rounds"));
    let seed = std::env::var("ROOKERY_CRASH_SEED").map_or_else(
        |_| SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap().as_nanos() as u64 | 1,
        |s| s.parse().expect("a numeric seed"),
    );
    eprintln!("crash test: {rounds} rounds, ROOKERY_CRASH_SEED={seed}");
    let mut rng = StdRng::seed_from_u64(seed);
    let dir = tempfile::tempdir().unwrap();
    let mut acked: Acked = HashMap::new();
    let mut started = Vec::new();
    let begun = Instant::now();
    for round in 1..=rounds {
        // Most kills land mid-play; some during start-up and recovery.
        let delay = Duration::from_millis(if rng.random_range(0..5) == 0 {
            rng.random_range(0..15)
        } else {
            15 + rng.random_range(0..150)
        });
        for line in run_and_kill(dir.path(), delay) {
            let fields: Vec<&str> = line.split(' ').collect();
            match fields[..] {
                ["start", channel, game] => started.push((channel.parse().unwrap(), game.parse().unwrap())),
                ["ack", channel, game, index, action] => {
                    let index: usize = index.parse().unwrap();
                    let (channel, game) = (channel.parse().unwrap(), game.parse().unwrap());
                    acked.entry((channel, game)).or_default().insert(index, action.to_string());
                }
                _ => panic!("round {round}: unexpected worker line {line:?}"),
            }
        }
        let storage = Storage::open(dir.path())
            .unwrap_or_else(|e| panic!("round {round}: the database no longer opens after SIGKILL: {e}"));
        for &(channel, game) in &started {
            assert!(
                find(&storage, channel, game).is_some(),
                "round {round}: accepted game {game} in channel {channel} was lost"
            );
        }
        for (&(channel, game), moves) in &acked {
            let record = find(&storage, channel, game)
                .unwrap_or_else(|| panic!("round {round}: game {game} in channel {channel} was lost"));
            for (&index, action) in moves {
                assert_eq!(
                    record.actions.get(index),
                    Some(action),
                    "round {round}: channel {channel} game {game}: acknowledged action {index} ({action}) \
                     is not in the reopened record ({} actions stored)",
                    record.actions.len()
                );
            }
        }
    }
    let moves: usize = acked.values().map(BTreeMap::len).sum();
    eprintln!("crash test: {moves} acknowledged moves, {} games, all intact, {:.1?}", started.len(), begun.elapsed());
    assert!(moves >= rounds, "the workers barely played ({moves} moves in {rounds} rounds)");
    damaged_files_come_back_from_a_backup(dir.path(), &started);
}

/// After the kills: a backup, then bytes of the database file flipped, then a
/// start as the bot makes it. Either the damage is found, the files are set
/// aside and the backup restored, or the damage touched nothing live; in both
/// cases every game reads as it was backed up: never a silent loss.
fn damaged_files_come_back_from_a_backup(dir: &std::path::Path, started: &[(u64, u64)]) {
    let backups = dir.with_extension("backups");
    let before: Vec<Option<ChannelGame>> = {
        let storage = Storage::open(dir).expect("reopening after the last kill");
        storage.backup(&backups, 1).expect("a backup");
        started.iter().map(|&(channel, game)| find(&storage, channel, game)).collect()
    };
    let file = dir.join("db");
    let mut bytes = std::fs::read(&file).unwrap();
    // At eight places, so some land in the live part of a long-used log.
    let len = bytes.len();
    for eighth in 1..8 {
        let at = len * eighth / 8;
        for byte in &mut bytes[at..(at + 32).min(len)] {
            *byte ^= 0x5a;
        }
    }
    std::fs::write(&file, bytes).unwrap();
    let opened = rookery::restore::open_database(dir, &backups, true, 2).expect("starting on damaged files");
    for (&(channel, game), before) in started.iter().zip(&before) {
        assert_eq!(&find(&opened.storage, channel, game), before, "game {game} in channel {channel}");
    }
    match &opened.restored {
        Some(restored) => {
            eprintln!("crash test: damage found and restored: {}", restored.notice());
            std::fs::remove_dir_all(&restored.moved_to).unwrap();
        }
        None => eprintln!("crash test: the flipped bytes were in no live part of the log"),
    }
    std::fs::remove_dir_all(&backups).unwrap();
}

/// Games in the database the restore test damages: its restore takes long
/// enough that kills land in every step of it.
const RESTORE_GAMES: u64 = 20_000;

/// Starts the worker as the bot starts, on the database `data` with its
/// backups in `backups`; kills it after `kill_after` if given, else waits for
/// it and returns what it printed.
fn start(data: &std::path::Path, backups: &std::path::Path, kill_after: Option<Duration>) -> Option<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crash-worker"))
        .arg("--start")
        .arg(data)
        .arg(backups)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting the worker");
    if let Some(delay) = kill_after {
        std::thread::sleep(delay);
        let _ = child.kill();
        child.wait().expect("waiting for the worker");
        return None;
    }
    let output = child.wait_with_output().expect("waiting for the worker");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "the start failed: {text}{}", String::from_utf8_lossy(&output.stderr));
    Some(text)
}

fn restore_game(channel: u64) -> ChannelGame {
    ChannelGame {
        actions: vec!["e4".into(), "e5".into(), format!("note{channel}")],
        ..ChannelGame::new(channel, "chess", rookery_storage::Phase::Playing, 0)
    }
}

#[test]
fn a_restore_killed_at_any_point_is_finished_at_the_next_start() {
    let kills: u32 = std::env::var("ROOKERY_RESTORE_KILLS").ok().and_then(|n| n.parse().ok()).unwrap_or(12);
    let seed: u64 = std::env::var("ROOKERY_CRASH_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).unwrap().as_nanos() as u64);
    eprintln!("restore kill test: ROOKERY_CRASH_SEED={seed}");
    let mut rng = StdRng::seed_from_u64(seed);
    let root = tempfile::tempdir().unwrap();
    let (pristine, backups, data) =
        (root.path().join("pristine"), root.path().join("backups"), root.path().join("data"));
    let database = {
        let storage = Storage::open(&pristine).unwrap();
        // Written as one import (one flush) rather than 20,000 acknowledged moves.
        let mut lines = String::new();
        for channel in 0..RESTORE_GAMES {
            let key: String =
                [GUILD.to_be_bytes(), channel.to_be_bytes()].concat().iter().map(|b| format!("{b:02x}")).collect();
            let value = serde_json::to_value(restore_game(channel)).unwrap();
            lines.push_str(&format!(
                "{}\n",
                serde_json::json!({"tree": "games", "key": key, "value": {"version": 1, "game": value}})
            ));
        }
        rookery_storage::import(&storage, lines.as_bytes()).unwrap();
        storage.backup(&backups, 1).unwrap();
        storage.identity().database
    };
    // Damage it: its watermark says more writes were acknowledged than its log holds.
    let mark = u64::MAX / 4;
    std::fs::write(pristine.join("rookery-watermark"), [mark.to_be_bytes(), (!mark).to_be_bytes()].concat()).unwrap();
    let reset = || {
        for entry in std::fs::read_dir(root.path()).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.starts_with("data") {
                if path.is_dir() {
                    std::fs::remove_dir_all(&path).unwrap();
                } else {
                    std::fs::remove_file(&path).unwrap();
                }
            }
        }
        copy_dir(&pristine, &data);
    };
    let check = |round: &str| {
        let storage = Storage::open(&data).unwrap_or_else(|e| panic!("{round}: the restored database: {e}"));
        assert_eq!(storage.identity().database, database, "{round}");
        for channel in (0..RESTORE_GAMES).step_by(97).chain([RESTORE_GAMES - 1]) {
            let key = ChannelKey { guild: GUILD, channel };
            assert_eq!(storage.channel_game(key).unwrap(), Some(restore_game(channel)), "{round}: channel {channel}");
        }
        assert_eq!(storage.check().unwrap().trees[0], ("games", RESTORE_GAMES as usize), "{round}");
    };

    reset();
    let began = Instant::now();
    let said = start(&data, &backups, None).unwrap();
    let whole = began.elapsed();
    assert!(said.contains("was restored"), "{said}");
    check("uninterrupted");
    eprintln!("restore kill test: a whole start with the restore takes {whole:?}");
    let mut finished_later = 0;
    for round in 0..kills {
        reset();
        let delay = Duration::from_micros(rng.random_range(0..whole.as_micros() as u64));
        start(&data, &backups, Some(delay));
        let said = start(&data, &backups, None).unwrap();
        // Killed after the restore completed, the next start finds a sound database.
        assert!(said.contains("was restored") || said.trim() == "opened", "kill {round} after {delay:?}: {said}");
        if said.contains("cut short") {
            finished_later += 1;
        }
        check(&format!("kill {round} after {delay:?}"));
        let aside = std::fs::read_dir(root.path())
            .unwrap()
            .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains(".damaged-"))
            .count();
        assert_eq!(aside, 1, "kill {round}: the damaged database is kept, once");
    }
    eprintln!(
        "restore kill test: {finished_later} of {kills} kills cut a restore short, and the next start finished it"
    );
}

fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}
