//! Storage behaviour: round trips, finishing, concurrency, quarantine, backups.

use std::sync::{Arc, Barrier};

use rookery_storage::{
    Change, ChannelGame, ChannelKey, GameLedger, LedgerRecord, LoggedRoll, Phase, Player, PlayerStats, Seats, Storage,
    StorageError, TableLedger,
};

const HERE: ChannelKey = ChannelKey { guild: 7, channel: 42 };
/// `HERE` as a key of the `games` tree.
const HERE_KEY: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 42];

fn game(id: u64) -> ChannelGame {
    ChannelGame {
        white: Some(Player { id: 1, name: "alice".into() }),
        black: Some(Player { id: 2, name: "bob".into() }),
        ..ChannelGame::new(id, "chess", Phase::Playing, 0)
    }
}

fn game_ledger(game: u64) -> GameLedger {
    GameLedger { game, ledger: format!("game:{game}"), seed: "ab".repeat(32), first_roll: 0 }
}

fn table_ledger(id: u64) -> TableLedger {
    TableLedger {
        id,
        ledger: format!("table:42:2026-11-{id:02}"),
        date: format!("2026-11-{id:02}"),
        seed: "cd".repeat(32),
        player_seeds: Vec::new(),
        seed_owners: Vec::new(),
        next_index: 1,
        revealed: false,
    }
}

fn roll(index: u64) -> LoggedRoll {
    LoggedRoll { index, expression: "3d6".into(), sealed: false, user: 1, at: 0, entropy: None, name: "alice".into() }
}

fn put(storage: &Storage, g: ChannelGame) {
    storage.update_channel(HERE, |_| Ok::<_, ()>(Change::Put(g.clone(), ()))).unwrap().unwrap();
}

#[test]
fn games_round_trip_and_survive_reopening() {
    let dir = tempfile::tempdir().unwrap();
    {
        let storage = Storage::open(dir.path()).unwrap();
        assert_eq!(storage.channel_game(HERE).unwrap(), None);
        put(&storage, game(1));
        assert_eq!(storage.channel_game(HERE).unwrap(), Some(game(1)));
        assert_eq!(storage.channel_game(ChannelKey { guild: 7, channel: 43 }).unwrap(), None);
    }
    let storage = Storage::open(dir.path()).unwrap();
    assert_eq!(storage.channel_game(HERE).unwrap(), Some(game(1)));
}

#[test]
fn finishing_archives_and_rates() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    put(&storage, game(5));
    let stats = PlayerStats {
        user: 1,
        name: "alice".into(),
        variant: "chess".into(),
        rating: 1662.3,
        deviation: 290.3,
        volatility: 0.06,
        wins: 1,
        losses: 0,
        draws: 0,
    };
    let mut finished = game(5);
    finished.phase = Phase::Finished { result: "1-0".into(), reason: "checkmate".into() };
    let reply = storage
        .update_channel(HERE, |current| {
            let rated = stats.clone();
            let rate: rookery_storage::RateFn = Box::new(move |stored| {
                assert_eq!(stored, [None], "alice was unrated");
                vec![rated.clone()]
            });
            assert_eq!(current, Some(game(5)));
            Ok::<_, ()>(Change::Finish { game: finished.clone(), rated: vec![1], rate, reply: "done" })
        })
        .unwrap();
    assert_eq!(reply, Ok("done"));
    assert_eq!(storage.channel_game(HERE).unwrap(), None);
    assert_eq!(storage.archived_games(HERE).unwrap(), vec![finished]);
    assert_eq!(storage.player_stats(7, "chess", 1).unwrap(), Some(stats.clone()));
    assert_eq!(storage.variant_stats(7, "chess").unwrap(), vec![stats]);
    assert!(storage.variant_stats(8, "chess").unwrap().is_empty());
}

#[test]
fn a_refused_change_stores_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    put(&storage, game(1));
    let refused = storage.update_channel(HERE, |_| Err::<Change<()>, _>("not your turn")).unwrap();
    assert_eq!(refused, Err("not your turn"));
    assert_eq!(storage.channel_game(HERE).unwrap(), Some(game(1)));
}

#[test]
fn simultaneous_moves_apply_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    put(&storage, game(1));
    let threads = 8;
    let barrier = Arc::new(Barrier::new(threads));
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let (storage, barrier) = (storage.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                storage
                    .update_channel(HERE, |current| {
                        let mut g = current.expect("a game");
                        if !g.actions.is_empty() {
                            return Err("already played");
                        }
                        g.actions.push("e2e4".into());
                        Ok(Change::Put(g, ()))
                    })
                    .unwrap()
            })
        })
        .collect();
    let results: Vec<_> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
    assert_eq!(storage.channel_game(HERE).unwrap().unwrap().actions, vec!["e2e4"]);
}

#[test]
fn seats_are_read_without_the_moves_and_bad_records_still_reported() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    assert_eq!(storage.channel_seats(HERE).unwrap(), None);
    let mut g = game(3);
    g.actions = vec!["e2e4".into(), "e7e5".into()];
    put(&storage, g.clone());
    let seats = storage.channel_seats(HERE).unwrap().unwrap();
    assert_eq!(seats, Seats::of(&g));
    assert_eq!(seats.white.unwrap().name, "alice");

    let key = "0000000000000007000000000000002a";
    let backup = format!("{{\"tree\":\"games\",\"key\":\"{key}\",\"value\":\"garbage\"}}\n");
    rookery_storage::import(&storage, backup.as_bytes()).unwrap();
    assert!(matches!(storage.channel_seats(HERE), Err(StorageError::Quarantined(_))));
    assert_eq!(storage.quarantined().unwrap().len(), 1, "set aside as a full read would");
}

/// Plain changes commit by compare-and-swap, changes with a ledger in a
/// transaction: mixed and racing on one channel, no update is lost.
#[test]
fn racing_updates_of_both_kinds_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    put(&storage, game(1));
    let (threads, each) = (6, 40);
    let barrier = Arc::new(Barrier::new(threads));
    let handles: Vec<_> = (0..threads)
        .map(|t| {
            let (storage, barrier) = (storage.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                for i in 0..each {
                    let action = format!("t{t}-{i}");
                    let with_ledger = i % 4 == 0;
                    storage
                        .update_channel(HERE, |current| {
                            let mut g = current.expect("a game");
                            g.actions.push(action.clone());
                            Ok::<_, ()>(if with_ledger {
                                let id = (t * 1000 + i) as u64;
                                Change::PutWithLedger { game: g, ledger: (id, game_ledger(id)), reply: () }
                            } else {
                                Change::Put(g, ())
                            })
                        })
                        .unwrap()
                        .unwrap();
                }
            })
        })
        .collect();
    for handle in handles {
        handle.join().unwrap();
    }
    let actions = storage.channel_game(HERE).unwrap().unwrap().actions;
    assert_eq!(actions.len(), threads * each, "an update was lost");
    for t in 0..threads {
        let mine: Vec<&String> = actions.iter().filter(|a| a.starts_with(&format!("t{t}-"))).collect();
        let expected: Vec<String> = (0..each).map(|i| format!("t{t}-{i}")).collect();
        assert!(mine.iter().map(|a| a.as_str()).eq(expected.iter().map(String::as_str)), "thread {t}: {mine:?}");
    }
}

#[test]
fn corrupt_records_are_quarantined_and_newer_ones_refused() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    let key = "0000000000000007000000000000002a";
    let backup = format!("{{\"tree\":\"games\",\"key\":\"{key}\",\"value\":\"garbage\"}}\n");
    rookery_storage::import(&storage, backup.as_bytes()).unwrap();
    assert!(matches!(storage.channel_game(HERE), Err(StorageError::Quarantined(_))));
    // The bad record is out of the way: the channel is usable again.
    assert_eq!(storage.channel_game(HERE).unwrap(), None);
    assert_eq!(storage.quarantined().unwrap().len(), 1);
    put(&storage, game(2));
    assert_eq!(storage.channel_game(HERE).unwrap(), Some(game(2)));

    let newer = format!("{{\"tree\":\"games\",\"key\":\"{key}\",\"value\":{{\"version\":99,\"game\":{{}}}}}}\n");
    rookery_storage::import(&storage, newer.as_bytes()).unwrap();
    assert!(matches!(storage.channel_game(HERE), Err(StorageError::TooNew(99))));
    assert!(matches!(storage.channel_game(HERE), Err(StorageError::TooNew(99))), "kept, not quarantined");
    let refused = storage.update_channel(HERE, |_| Ok::<_, ()>(Change::Put(game(4), ())));
    assert!(matches!(refused, Err(StorageError::TooNew(99))), "a newer record is never overwritten");
}

#[test]
fn a_corrupt_record_met_by_an_update_is_quarantined_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    let key = "0000000000000007000000000000002a";
    for value in ["\"garbage\"", "{\"game\":{}}", "{\"version\":1,\"game\":{\"id\":\"x\"}}"] {
        let backup = format!("{{\"tree\":\"games\",\"key\":\"{key}\",\"value\":{value}}}\n");
        rookery_storage::import(&storage, backup.as_bytes()).unwrap();
        let decided = std::cell::Cell::new(false);
        let result = storage.update_channel(HERE, |_| {
            decided.set(true);
            Ok::<_, ()>(Change::Put(game(5), ()))
        });
        assert!(matches!(result, Err(StorageError::Quarantined(_))), "{value}: {result:?}");
        assert!(!decided.get(), "{value}: nothing is decided on an unreadable record");
        assert_eq!(storage.channel_game(HERE).unwrap(), None, "{value}: set aside, the channel is free");
    }
    assert_eq!(storage.quarantined().unwrap().len(), 3);
}

#[test]
fn export_and_import_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    put(&storage, game(3));
    storage.set_setting(7, "puzzle", &"08:00").unwrap();
    storage.put_table_ledger(HERE, &table_ledger(9)).unwrap();
    assert!(storage.log_roll(HERE, 9, &roll(0)).unwrap());
    let mut backup = Vec::new();
    assert_eq!(rookery_storage::export(&storage, &mut backup).unwrap(), 4);

    let other_dir = tempfile::tempdir().unwrap();
    let other = Storage::open(other_dir.path()).unwrap();
    assert_eq!(rookery_storage::import(&other, backup.as_slice()).unwrap(), 4);
    assert_eq!(other.channel_game(HERE).unwrap(), Some(game(3)));
    assert_eq!(other.setting::<String>(7, "puzzle").unwrap().as_deref(), Some("08:00"));
    assert_eq!(other.ledger(HERE, 9).unwrap(), Some(LedgerRecord::Table(table_ledger(9))));
    assert_eq!(other.rolls(HERE, 9).unwrap(), vec![roll(0)]);

    for (bad, expected_line) in [("{\"tree\":\"nope\",\"key\":\"00\",\"value\":1}", 1), ("\n\nnot json", 3)] {
        match rookery_storage::import(&other, bad.as_bytes()) {
            Err(StorageError::Import { line, .. }) => assert_eq!(line, expected_line),
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn ledgers_since_a_game_leave_out_older_games_and_other_channels() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    let elsewhere = ChannelKey { guild: HERE.guild, channel: HERE.channel + 1 };
    for id in [3u64, 7, 12] {
        storage.put_table_ledger(HERE, &table_ledger(id)).unwrap();
    }
    storage.put_table_ledger(elsewhere, &table_ledger(9)).unwrap();
    let ids = |since| -> Vec<u64> {
        let found = storage.channel_ledgers_since(HERE, since).unwrap();
        found.iter().map(|entry| if let LedgerRecord::Table(l) = entry { l.id } else { panic!("{entry:?}") }).collect()
    };
    assert_eq!(ids(7), [7, 12]);
    assert_eq!(ids(1), [3, 7, 12]);
    assert_eq!(ids(13), Vec::<u64>::new());
}

/// Stores `value` (JSON text) under `key` of `tree` as it is, as damage would.
fn damage(storage: &Storage, tree: &str, key: &[u8], value: &str) {
    let key: String = key.iter().map(|b| format!("{b:02x}")).collect();
    let line = format!("{{\"tree\":\"{tree}\",\"key\":\"{key}\",\"value\":{value}}}\n");
    rookery_storage::import(storage, line.as_bytes()).unwrap();
}

/// The key of record `id` of a channel (archive, ledgers), and of roll `index` of a ledger.
fn id_key(channel: ChannelKey, id: u64) -> Vec<u8> {
    [channel.guild.to_be_bytes(), channel.channel.to_be_bytes(), id.to_be_bytes()].concat()
}

fn roll_key(channel: ChannelKey, ledger: u64, index: u64) -> Vec<u8> {
    [id_key(channel, ledger), index.to_be_bytes().to_vec()].concat()
}

fn finish(storage: &Storage, id: u64) {
    let mut finished = game(id);
    finished.phase = Phase::Finished { result: "1-0".into(), reason: "resignation".into() };
    storage
        .update_channel(HERE, |_| {
            Ok::<_, ()>(Change::Finish { game: finished.clone(), rated: vec![], rate: Box::new(|_| vec![]), reply: () })
        })
        .unwrap()
        .unwrap();
}

fn quarantined_trees(storage: &Storage) -> Vec<String> {
    storage.quarantined().unwrap().into_iter().map(|(key, _)| key.split('/').next().unwrap().to_string()).collect()
}

#[test]
fn an_unreadable_finished_game_is_set_aside_and_every_list_shows_the_others() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    for id in [3, 4, 5, 6] {
        finish(&storage, id);
    }
    damage(&storage, "archive", &id_key(HERE, 4), "\"garbage\"");
    damage(&storage, "archive", &id_key(HERE, 5), "{\"version\":99,\"game\":{}}");
    let ids = |games: Vec<ChannelGame>| games.into_iter().map(|g| g.id).collect::<Vec<_>>();

    // Newest first: #5 (a newer Rookery's) is passed over and kept, #4 is set aside.
    assert_eq!(ids(storage.recent_channel_games(HERE, 10).unwrap()), [6, 3]);
    assert_eq!(ids(storage.recent_channel_games(HERE, 2).unwrap()), [6, 3], "the bad ones take no place");
    assert_eq!(quarantined_trees(&storage), ["archive"]);
    let of_alice = storage.recent_player_games(HERE.guild, 1, 10).unwrap();
    assert_eq!(of_alice.iter().map(|(_, g)| g.id).collect::<Vec<_>>(), [6, 3]);
    assert_eq!(ids(storage.archived_games(HERE).unwrap()), [3, 6]);
    assert!(matches!(storage.finished_game(5), Err(StorageError::TooNew(99))), "kept for the newer Rookery");
    assert_eq!(storage.finished_game(4).unwrap(), None, "gone from the archive, kept in quarantine");

    // Found by id first, a bad record is set aside there too.
    damage(&storage, "archive", &id_key(HERE, 6), "{\"version\":1,\"game\":{\"id\":\"x\"}}");
    assert!(matches!(storage.finished_game(6), Err(StorageError::Quarantined(_))));
    assert_eq!(storage.finished_game(6).unwrap(), None);
    assert_eq!(quarantined_trees(&storage), ["archive", "archive"]);

    // A game that reads but that the bot cannot use is set aside on request.
    storage.quarantine_archived(HERE, 3, "the engine refuses move 1").unwrap();
    assert!(storage.recent_channel_games(HERE, 10).unwrap().is_empty());
    let reasons: Vec<String> = storage.quarantined().unwrap().into_iter().map(|(_, reason)| reason).collect();
    assert!(reasons.contains(&"the engine refuses move 1".to_string()), "{reasons:?}");
}

#[test]
fn unreadable_ledgers_are_set_aside_with_their_rolls_and_the_rest_read_on() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    for id in [5, 6] {
        storage.put_table_ledger(HERE, &table_ledger(id)).unwrap();
        for index in 0..2 {
            assert!(storage.log_roll(HERE, id, &roll(index)).unwrap());
        }
    }
    storage.put_game_secrets(HERE, 7, &rookery_storage::GameSecrets { game: 2, secrets: vec![] }).unwrap();
    // JSON, but not a ledger: it used to read as a JSON value and fail later, for good.
    damage(&storage, "ledgers", &id_key(HERE, 5), "{\"id\":\"five\"}");
    let entries = storage.channel_ledgers(HERE).unwrap();
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert_eq!(entries[0], LedgerRecord::Table(table_ledger(6)));
    assert!(storage.rolls(HERE, 5).unwrap().is_empty(), "its rolls went with it");
    assert_eq!(quarantined_trees(&storage), ["ledgers", "rolls", "rolls"], "kept, not deleted");

    // A roll that does not read is set aside alone.
    damage(&storage, "rolls", &roll_key(HERE, 6, 1), "{\"faces\":[3,4]}");
    assert_eq!(storage.rolls(HERE, 6).unwrap(), vec![roll(0)]);
    assert_eq!(quarantined_trees(&storage).len(), 4);

    // Read by id, the same; and a ledger that reads but does not rebuild is set aside on request.
    damage(&storage, "ledgers", &id_key(HERE, 7), "[1, 2]");
    assert!(matches!(storage.ledger(HERE, 7), Err(StorageError::Quarantined(_))));
    assert_eq!(storage.ledger(HERE, 7).unwrap(), None);
    storage.quarantine_ledger(HERE, 6, "rolls are missing from the log").unwrap();
    assert!(storage.channel_ledgers(HERE).unwrap().is_empty());
    assert!(storage.rolls(HERE, 6).unwrap().is_empty());
    assert_eq!(quarantined_trees(&storage).len(), 7);
    assert!(storage.check().unwrap().unreadable.is_empty());
}

#[test]
fn the_check_reads_ledgers_and_rolls_as_what_they_are_and_names_newer_records() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    storage.put_table_ledger(HERE, &table_ledger(5)).unwrap();
    assert!(storage.log_roll(HERE, 5, &roll(0)).unwrap());
    storage.put_game_secrets(HERE, 7, &rookery_storage::GameSecrets { game: 2, secrets: vec![] }).unwrap();
    let check = storage.check().unwrap();
    assert!(check.unreadable.is_empty(), "{check}");

    damage(&storage, "ledgers", &id_key(HERE, 6), "{\"id\":\"six\"}");
    damage(&storage, "ledgers", &id_key(HERE, 8), "{\"game\":2,\"secrets\":\"none\"}");
    damage(&storage, "rolls", &roll_key(HERE, 5, 1), "{\"faces\":[3,4]}");
    damage(&storage, "games", &HERE_KEY, "{\"version\":99,\"game\":{}}");
    let check = storage.check().unwrap();
    let found: Vec<(&str, Option<u32>)> = check.unreadable.iter().map(|bad| (bad.tree, bad.newer)).collect();
    assert_eq!(found, [("games", Some(99)), ("ledgers", None), ("ledgers", None), ("rolls", None)], "{check}");
    let text = check.to_string();
    assert!(!text.contains("every record decodes"), "{text}");
    assert!(text.contains("written by a newer Rookery: games"), "{text}");
}
