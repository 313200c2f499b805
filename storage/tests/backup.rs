//! Backups, restores, checks, quarantine of every kind of record, small ids,
//! and what a damaged database file does.

use std::path::Path;

use rookery_storage::{
    backups, is_damage, prune_backups, restore_backup, verify_backup, Change, ChannelGame, ChannelKey, Phase, Player,
    PlayerStats, Storage, StorageError,
};

const HERE: ChannelKey = ChannelKey { guild: 7, channel: 42 };

fn game(id: u64, moves: usize) -> ChannelGame {
    ChannelGame {
        actions: (0..moves).map(|i| format!("move{i}")).collect(),
        white: Some(Player { id: 1, name: "alice".into() }),
        black: Some(Player { id: 2, name: "bob".into() }),
        ..ChannelGame::new(id, "chess", Phase::Playing, 0)
    }
}

fn put(storage: &Storage, channel: ChannelKey, g: ChannelGame) {
    storage.update_channel(channel, |_| Ok::<_, ()>(Change::Put(g.clone(), ()))).unwrap().unwrap();
}

fn stats(user: u64, rating: f64) -> PlayerStats {
    PlayerStats {
        user,
        name: format!("user{user}"),
        variant: "chess".into(),
        rating,
        deviation: 200.0,
        volatility: 0.06,
        wins: 3,
        losses: 1,
        draws: 0,
    }
}

#[test]
fn a_backup_is_verified_restorable_and_pruned() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(&dir.path().join("db")).unwrap();
    put(&storage, HERE, game(1, 3));
    storage.set_setting(7, "colour", &"blue").unwrap();
    let backup_dir = dir.path().join("backups");
    let first = storage.backup(&backup_dir, 1_000).unwrap();
    assert_eq!(first.path, backup_dir.join("rookery-1000.jsonl"));
    assert_eq!(verify_backup(&first.path).unwrap(), first);
    put(&storage, HERE, game(1, 5));
    // Two in the same second get distinct names; the newest is listed first.
    let second = storage.backup(&backup_dir, 1_000).unwrap();
    let third = storage.backup(&backup_dir, 2_000).unwrap();
    assert_eq!(second.taken, 1_001);
    let listed: Vec<i64> = backups(&backup_dir).unwrap().into_iter().map(|(t, _)| t).collect();
    assert_eq!(listed, [2_000, 1_001, 1_000]);

    let (restored, backup) = restore_backup(&first.path, &dir.path().join("restored"), None).unwrap();
    assert_eq!(backup.records, first.records);
    assert_eq!(restored.channel_game(HERE).unwrap(), Some(game(1, 3)));
    assert_eq!(restored.setting::<String>(7, "colour").unwrap().as_deref(), Some("blue"));
    let Err(err) = restore_backup(&first.path, &dir.path().join("restored"), None) else {
        panic!("restored over a database")
    };
    assert!(err.to_string().contains("only into a new directory"), "{err}");

    // Another database's backups in the same folder are neither counted nor pruned.
    let other = Storage::open(&dir.path().join("other")).unwrap();
    let others = [other.backup(&backup_dir, 500).unwrap(), other.backup(&backup_dir, 3_000).unwrap()];
    let database = storage.identity().database;
    assert_eq!(prune_backups(&backup_dir, &database, 2).unwrap(), vec![first.path.clone()]);
    assert!(!first.path.exists() && second.path.exists() && third.path.exists());
    assert!(others.iter().all(|b| b.path.exists()));
    assert_eq!(rookery_storage::backup_database(&third.path).as_deref(), Some(database.as_str()));
    assert!(others.iter().all(|b| b.is_of(&other.identity().database) && !b.is_of(&database)));
}

#[test]
fn a_restore_is_the_same_database_and_hands_out_no_old_id() {
    let dir = tempfile::tempdir().unwrap();
    let original = dir.path().join("db");
    let storage = Storage::open(&original).unwrap();
    let before: Vec<u64> = (0..3).map(|_| storage.new_id().unwrap()).collect();
    put(&storage, HERE, game(before[2], 3));
    let backup = storage.backup(&dir.path().join("b"), 10).unwrap();
    // Ids handed out after the backup: the window a restore loses.
    let lost: Vec<u64> = (0..5).map(|_| storage.new_id().unwrap()).collect();
    storage.flush().unwrap();
    drop(storage);
    let identity = rookery_storage::Identity::read(&original).unwrap().expect("an identity file");

    let (restored, _) = restore_backup(&backup.path, &dir.path().join("restored"), Some(&identity)).unwrap();
    assert_eq!(restored.identity().database, identity.database);
    assert_eq!(restored.channel_game(HERE).unwrap(), Some(game(before[2], 3)));
    let next = restored.new_id().unwrap();
    assert!(lost.iter().all(|&old| next > old), "{next} repeats one of {lost:?}");
    drop(restored);

    // Restored by hand without the damaged copy: still above every id the backup knew.
    let (by_hand, _) = restore_backup(&backup.path, &dir.path().join("by-hand"), None).unwrap();
    assert!(by_hand.new_id().unwrap() > before[2]);
}

#[test]
fn a_restore_cut_short_leaves_nothing_in_place_and_is_redone() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(&dir.path().join("db")).unwrap();
    for c in 0..30 {
        put(&storage, ChannelKey { guild: 7, channel: c }, game(c + 1, 10));
    }
    let backup = storage.backup(&dir.path().join("b"), 10).unwrap();
    let target = dir.path().join("restored");
    // What a restore killed half-way leaves: a staging folder with part of the records.
    let staging = rookery_storage::staging_dir(&target);
    {
        let partial = Storage::open(&staging).unwrap();
        put(&partial, ChannelKey { guild: 99, channel: 99 }, game(999, 1));
    }
    assert!(!target.exists());
    let (restored, _) = restore_backup(&backup.path, &target, None).unwrap();
    assert!(!staging.exists());
    assert_eq!(restored.channel_game(ChannelKey { guild: 99, channel: 99 }).unwrap(), None, "nothing mixed in");
    for c in 0..30 {
        assert_eq!(restored.channel_game(ChannelKey { guild: 7, channel: c }).unwrap(), Some(game(c + 1, 10)));
    }
}

#[test]
fn a_cut_or_altered_backup_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(&dir.path().join("db")).unwrap();
    put(&storage, HERE, game(1, 3));
    let backup = storage.backup(&dir.path().join("b"), 5).unwrap();
    let text = std::fs::read_to_string(&backup.path).unwrap();

    let cut = dir.path().join("rookery-6.jsonl");
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(&cut, lines[..lines.len() - 1].join("\n")).unwrap();
    let err = verify_backup(&cut).unwrap_err();
    assert!(err.to_string().contains("cut short"), "{err}");

    let altered = dir.path().join("rookery-7.jsonl");
    std::fs::write(&altered, text.replace("move2", "move9")).unwrap();
    let err = verify_backup(&altered).unwrap_err();
    assert!(err.to_string().contains("checksum"), "{err}");
    assert!(restore_backup(&altered, &dir.path().join("never"), None).is_err());
    assert!(!dir.path().join("never").exists(), "nothing is created from a bad backup");
}

#[test]
fn ids_stay_small_across_restarts_and_above_old_ones() {
    let dir = tempfile::tempdir().unwrap();
    {
        let storage = Storage::open(dir.path()).unwrap();
        assert_eq!(storage.new_id().unwrap(), 1);
        assert_eq!(storage.new_id().unwrap(), 2);
        storage.flush().unwrap();
    }
    let storage = Storage::open(dir.path()).unwrap();
    assert_eq!(storage.new_id().unwrap(), 3);

    // A database from before the counter continues above its highest id.
    let old = tempfile::tempdir().unwrap();
    let storage = Storage::open(old.path()).unwrap();
    put(&storage, HERE, game(2_000_123, 0));
    assert_eq!(storage.new_id().unwrap(), 2_000_124);
}

#[test]
fn unreadable_ratings_are_quarantined_not_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    // alice's rating record (guild 7, chess, user 1) is garbled.
    let key: String = [&7u64.to_be_bytes()[..], b"chess\0", &1u64.to_be_bytes()]
        .concat()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let line = format!("{{\"tree\":\"stats\",\"key\":\"{key}\",\"value\":\"garbled\"}}\n");
    rookery_storage::import(&storage, line.as_bytes()).unwrap();
    let check = storage.check().unwrap();
    assert_eq!(check.unreadable.len(), 1, "{check}");
    assert_eq!(check.unreadable[0].tree, "stats");

    // A finished game rates alice afresh, and the garbled record is kept aside.
    put(&storage, HERE, game(3, 1));
    let mut finished = game(3, 1);
    finished.phase = Phase::Finished { result: "1-0".into(), reason: "checkmate".into() };
    storage
        .update_channel(HERE, |_| {
            let rate: rookery_storage::RateFn = Box::new(|stored| {
                assert_eq!(stored, [None, None], "the garbled rating reads as none");
                vec![stats(1, 1600.0), stats(2, 1400.0)]
            });
            Ok::<_, ()>(Change::Finish { game: finished.clone(), rated: vec![1, 2], rate, reply: () })
        })
        .unwrap()
        .unwrap();
    let quarantined = storage.quarantined().unwrap();
    assert_eq!(quarantined.len(), 1, "{quarantined:?}");
    assert!(quarantined[0].0.starts_with("stats/"), "{quarantined:?}");
    assert_eq!(storage.player_stats(7, "chess", 1).unwrap(), Some(stats(1, 1600.0)));

    // Read directly, a garbled rating is reported and set aside too.
    let bob: String = [&7u64.to_be_bytes()[..], b"chess\0", &2u64.to_be_bytes()]
        .concat()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let line = format!("{{\"tree\":\"stats\",\"key\":\"{bob}\",\"value\":{{\"rating\":\"x\"}}}}\n");
    rookery_storage::import(&storage, line.as_bytes()).unwrap();
    assert!(matches!(storage.player_stats(7, "chess", 2), Err(StorageError::Quarantined(_))));
    assert_eq!(storage.player_stats(7, "chess", 2).unwrap(), None);
    assert_eq!(storage.quarantined().unwrap().len(), 2);
    // A leaderboard skips (and sets aside) what it cannot read.
    rookery_storage::import(&storage, line.as_bytes()).unwrap();
    assert_eq!(storage.variant_stats(7, "chess").unwrap(), vec![stats(1, 1600.0)]);
    assert!(storage.check().unwrap().unreadable.is_empty());
}

/// Flips one byte of `file` at `offset`.
fn flip(file: &Path, offset: u64) {
    let mut bytes = std::fs::read(file).unwrap();
    let at = (offset as usize).min(bytes.len() - 1);
    bytes[at] ^= 0x5a;
    std::fs::write(file, bytes).unwrap();
}

/// Every file of a sled directory, for damaging.
fn files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files(&path));
        } else if !path.ends_with("rookery-watermark") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// A byte flipped anywhere in the database's files either leaves every game
/// intact or is reported as damage: never a database that opens with writes
/// silently missing (sled alone cuts its log at a bad entry and carries on).
#[test]
fn damaged_database_files_are_recognised_as_damage() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    {
        let storage = Storage::open(&db).unwrap();
        for c in 0..20 {
            put(&storage, ChannelKey { guild: 7, channel: c }, game(c + 1, 30));
        }
        storage.flush().unwrap();
    }
    let pristine = dir.path().join("pristine");
    copy_dir(&db, &pristine);
    let (mut damaged, mut intact) = (0, 0);
    for file in files(&pristine) {
        let relative = file.strip_prefix(&pristine).unwrap().to_path_buf();
        let len = std::fs::metadata(&file).unwrap().len();
        for step in 0..24 {
            let offset = len * step / 24;
            std::fs::remove_dir_all(&db).unwrap();
            copy_dir(&pristine, &db);
            flip(&db.join(&relative), offset);
            match Storage::open_checked(&db) {
                Ok((storage, _)) => {
                    for c in 0..20 {
                        let channel = ChannelKey { guild: 7, channel: c };
                        let read = storage.channel_game(channel);
                        assert!(
                            matches!(&read, Ok(Some(g)) if *g == game(c + 1, 30)),
                            "{relative:?} at {offset}: channel {c} reads {read:?}"
                        );
                    }
                    intact += 1;
                }
                Err(err) => {
                    assert!(is_damage(&err), "{relative:?} at {offset}: {err:?} is not recognised as damage");
                    damaged += 1;
                }
            }
        }
    }
    eprintln!("{damaged} flips reported as damage, {intact} harmless");
    assert!(damaged > 0);
}

fn copy_dir(from: &Path, to: &Path) {
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
