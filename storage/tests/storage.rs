//! Storage behaviour: round trips, finishing, concurrency, quarantine, backups.

use std::sync::{Arc, Barrier};

use rookery_storage::{Change, ChannelGame, ChannelKey, Phase, Player, PlayerStats, Seats, Storage, StorageError};

const HERE: ChannelKey = ChannelKey { guild: 7, channel: 42 };

fn game(id: u64) -> ChannelGame {
    ChannelGame {
        white: Some(Player { id: 1, name: "alice".into() }),
        black: Some(Player { id: 2, name: "bob".into() }),
        ..ChannelGame::new(id, "chess", Phase::Playing, 0)
    }
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
                                Change::PutWithLedger { game: g, ledger: (id, b"{}".to_vec()), reply: () }
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
    storage.put_ledger(HERE, 9, &serde_json::json!({"commitment": "ab"})).unwrap();
    storage.log_roll(HERE, 9, 0, &serde_json::json!({"faces": [3, 4]})).unwrap();
    let mut backup = Vec::new();
    assert_eq!(rookery_storage::export(&storage, &mut backup).unwrap(), 4);

    let other_dir = tempfile::tempdir().unwrap();
    let other = Storage::open(other_dir.path()).unwrap();
    assert_eq!(rookery_storage::import(&other, backup.as_slice()).unwrap(), 4);
    assert_eq!(other.channel_game(HERE).unwrap(), Some(game(3)));
    assert_eq!(other.setting::<String>(7, "puzzle").unwrap().as_deref(), Some("08:00"));
    assert_eq!(other.rolls::<serde_json::Value>(HERE, 9).unwrap(), vec![serde_json::json!({"faces": [3, 4]})]);

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
        storage.put_ledger(HERE, id, &serde_json::json!({ "id": id })).unwrap();
    }
    storage.put_ledger(elsewhere, 9, &serde_json::json!({ "id": 9 })).unwrap();
    let ids = |since| -> Vec<u64> {
        let found: Vec<serde_json::Value> = storage.channel_ledgers_since(HERE, since).unwrap();
        found.iter().map(|v| v["id"].as_u64().unwrap()).collect()
    };
    assert_eq!(ids(7), [7, 12]);
    assert_eq!(ids(1), [3, 7, 12]);
    assert_eq!(ids(13), Vec::<u64>::new());
}
