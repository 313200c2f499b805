//! The storage contract, run once on sled and once on PostgreSQL: every
//! guarantee the bot relies on holds on both backends.
//!
//! The PostgreSQL runs need a server: `ROOKERY_TEST_DATABASE_URL` (for
//! example `postgresql://rookery@localhost/rookery_test?host=/tmp/pg`; `.ci/run`
//! starts a throwaway one). Each test gets a schema of its own there. Without
//! the variable they print `SKIPPED` on the terminal and pass.
//!
//! "Two processes" are two `Storage` handles on one database: on PostgreSQL
//! two separate connections pools, exactly what two processes have; sled
//! allows one opener per folder (a second process is refused: see
//! `a_second_sled_opener_is_refused`), so its runs share one handle.

use std::sync::{Arc, Barrier, Once};

use rookery_storage::{
    import, test_server, verify_backup, Change, ChannelGame, ChannelKey, EventFormat, EventPost, EventRecord,
    EventStatus, GameLedger, LedgerRecord, LoggedRoll, Phase, Player, PlayerStats, Storage, StorageError, SwissEntrant,
};

const HERE: ChannelKey = ChannelKey { guild: 7, channel: 42 };

/// A database the contract runs on, and how to get another handle on it.
enum Database {
    Sled { _dir: tempfile::TempDir, storage: Box<Storage> },
    Postgres { url: String },
}

impl Database {
    fn sled() -> Database {
        let dir = tempfile::tempdir().unwrap();
        let storage = Storage::open(dir.path()).unwrap();
        Database::Sled { _dir: dir, storage: Box::new(storage) }
    }

    /// A fresh schema for `test` on the test server, if there is one.
    fn postgres(test: &str) -> Option<Database> {
        static SKIPPED: Once = Once::new();
        let url = std::env::var(test_server::TEST_SERVER_VARIABLE).ok().or_else(|| {
            SKIPPED.call_once(|| {
                test_server::test_server("the PostgreSQL runs of the storage contract");
            });
            None
        })?;
        let url = test_server::empty_schema(&url, &format!("contract_{test}")).expect("the test server connects");
        Some(Database::Postgres { url })
    }

    /// A handle on the database, as another process would open it.
    fn handle(&self) -> Storage {
        match self {
            Database::Sled { storage, .. } => Storage::clone(storage),
            Database::Postgres { url } => Storage::connect(url).unwrap(),
        }
    }
}

/// Runs each named contract function once per backend.
macro_rules! contract {
    ($($test:ident),* $(,)?) => {
        mod sled {
            $(#[test]
            fn $test() {
                super::$test(&super::Database::sled());
            })*
        }
        mod postgres {
            $(#[test]
            fn $test() {
                if let Some(database) = super::Database::postgres(stringify!($test)) {
                    super::$test(&database);
                }
            })*
        }
    };
}

contract!(
    a_move_is_there_for_every_handle_once_acknowledged,
    two_handles_clicking_at_once_apply_once,
    racing_moves_from_two_handles_lose_none,
    a_ledger_commits_with_its_game_or_not_at_all,
    a_finished_game_commits_with_its_archive_indexes_and_ratings,
    two_games_finishing_at_once_lose_no_rating_update,
    ids_from_two_handles_never_repeat,
    a_table_roll_index_is_logged_once,
    a_corrupt_record_is_quarantined_not_fatal,
    export_import_backup_and_check_work,
    daily_puzzles_and_settings_are_transactional,
    an_event_is_one_record_changed_by_compare_and_swap,
    events_are_exported_backed_up_and_checked,
);

fn player(id: u64) -> Option<Player> {
    Some(Player { id, name: format!("p{id}") })
}

fn game(id: u64) -> ChannelGame {
    ChannelGame { white: player(1), black: player(2), ..ChannelGame::new(id, "chess", Phase::Playing, 0) }
}

fn finished(mut game: ChannelGame) -> ChannelGame {
    game.phase = Phase::Finished { result: "1-0".into(), reason: "resignation".into() };
    game
}

fn put(storage: &Storage, channel: ChannelKey, game: ChannelGame) {
    storage.update_channel(channel, |_| Ok::<_, ()>(Change::Put(game.clone(), ()))).unwrap().unwrap();
}

fn a_move_is_there_for_every_handle_once_acknowledged(database: &Database) {
    let (mover, other) = (database.handle(), database.handle());
    put(&mover, HERE, game(1));
    for ply in ["e4", "e5", "Nf3"] {
        mover
            .update_channel(HERE, |current| {
                let mut game = current.expect("the game");
                game.actions.push(ply.into());
                Ok::<_, ()>(Change::Put(game, ()))
            })
            .unwrap()
            .unwrap();
        // Acknowledged means committed: another handle reads it at once.
        assert_eq!(other.channel_game(HERE).unwrap().unwrap().actions.last().map(String::as_str), Some(ply));
    }
    let refused = other.update_channel(HERE, |_| Err::<Change<()>, _>("not your turn")).unwrap();
    assert_eq!(refused, Err("not your turn"));
    assert_eq!(mover.channel_game(HERE).unwrap().unwrap().actions, ["e4", "e5", "Nf3"]);
}

fn two_handles_clicking_at_once_apply_once(database: &Database) {
    let handles = [database.handle(), database.handle()];
    put(&handles[0], HERE, ChannelGame { black: None, ..game(1) });
    // Eight clicks of "accept" at once, from both handles: one seats a player.
    let barrier = Arc::new(Barrier::new(8));
    let clicks: Vec<_> = (0..8u64)
        .map(|click| {
            let (storage, barrier) = (handles[click as usize % 2].clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                storage
                    .update_channel(HERE, |current| {
                        let mut game = current.expect("the game");
                        if game.black.is_some() {
                            return Err("taken");
                        }
                        game.black = player(100 + click);
                        Ok(Change::Put(game, click))
                    })
                    .unwrap()
            })
        })
        .collect();
    let results: Vec<_> = clicks.into_iter().map(|click| click.join().unwrap()).collect();
    let winners: Vec<u64> = results.iter().filter_map(|result| result.ok()).collect();
    assert_eq!(winners.len(), 1, "{results:?}");
    let seated = handles[1].channel_game(HERE).unwrap().unwrap().black.unwrap().id;
    assert_eq!(seated, 100 + winners[0], "the stored game is the one acknowledged");
}

fn racing_moves_from_two_handles_lose_none(database: &Database) {
    let handles = [database.handle(), database.handle()];
    put(&handles[0], HERE, game(1));
    let (threads, each) = (4, 15);
    let barrier = Arc::new(Barrier::new(threads));
    let workers: Vec<_> = (0..threads)
        .map(|t| {
            let (storage, barrier) = (handles[t % 2].clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                for i in 0..each {
                    let action = format!("t{t}-{i}");
                    storage
                        .update_channel(HERE, |current| {
                            let mut game = current.expect("the game");
                            game.actions.push(action.clone());
                            Ok::<_, ()>(if i % 3 == 0 {
                                let id = (t * 100 + i) as u64;
                                let ledger =
                                    GameLedger { game: 1, ledger: "game:1".into(), seed: "ab".into(), first_roll: 0 };
                                Change::PutWithLedger { game, ledger: (id, ledger), reply: () }
                            } else {
                                Change::Put(game, ())
                            })
                        })
                        .unwrap()
                        .unwrap();
                }
            })
        })
        .collect();
    for worker in workers {
        worker.join().unwrap();
    }
    let actions = handles[1].channel_game(HERE).unwrap().unwrap().actions;
    assert_eq!(actions.len(), threads * each, "a move was lost or applied twice");
    for t in 0..threads {
        let mine: Vec<String> = actions.iter().filter(|a| a.starts_with(&format!("t{t}-"))).cloned().collect();
        assert_eq!(mine, (0..each).map(|i| format!("t{t}-{i}")).collect::<Vec<_>>());
    }
    assert_eq!(handles[0].channel_ledgers(HERE).unwrap().len(), threads * each.div_ceil(3));
}

fn a_ledger_commits_with_its_game_or_not_at_all(database: &Database) {
    let storage = database.handle();
    let ledger = GameLedger { game: 3, ledger: "game:3".into(), seed: "ab".into(), first_roll: 0 };
    let with_ledger = ChannelGame { ledger: Some(9), ..game(3) };
    storage
        .update_channel(HERE, |_| {
            Ok::<_, ()>(Change::PutWithLedger { game: with_ledger.clone(), ledger: (9, ledger.clone()), reply: () })
        })
        .unwrap()
        .unwrap();
    assert_eq!(storage.channel_game(HERE).unwrap(), Some(with_ledger.clone()));
    assert_eq!(storage.ledger(HERE, 9).unwrap(), Some(LedgerRecord::Game(ledger.clone())));
    // A refused decision inside the transaction writes neither.
    let refused = storage
        .update_channel(HERE, |current| match current {
            Some(game) if game.actions.is_empty() => Ok(Change::PutWithLedger {
                game: ChannelGame { actions: vec!["roll 1 2".into()], ..game },
                ledger: (10, ledger.clone()),
                reply: (),
            }),
            _ => Err("the second decision refuses"),
        })
        .unwrap();
    // The fast path decides once, the transaction decides again: both see no
    // moves, so this one stores; a decision that refuses stores nothing.
    assert_eq!(refused, Ok(()));
    let again = storage.update_channel(HERE, |_| Err::<Change<()>, _>("no")).unwrap();
    assert_eq!(again, Err("no"));
    assert_eq!(storage.channel_ledgers(HERE).unwrap().len(), 2);
}

fn a_finished_game_commits_with_its_archive_indexes_and_ratings(database: &Database) {
    let (storage, other) = (database.handle(), database.handle());
    put(&storage, HERE, game(5));
    let stats = PlayerStats {
        user: 1,
        name: "p1".into(),
        variant: "chess".into(),
        rating: 1662.5,
        deviation: 290.25,
        volatility: 0.06,
        wins: 1,
        losses: 0,
        draws: 0,
    };
    let rated = stats.clone();
    storage
        .update_channel(HERE, |_| {
            let rated = rated.clone();
            Ok::<_, ()>(Change::Finish {
                game: finished(game(5)),
                rated: vec![1],
                rate: Box::new(move |stored| {
                    assert_eq!(stored, [None]);
                    vec![rated.clone()]
                }),
                reply: (),
            })
        })
        .unwrap()
        .unwrap();
    assert_eq!(other.channel_game(HERE).unwrap(), None);
    assert_eq!(other.archived_games(HERE).unwrap(), [finished(game(5))]);
    assert_eq!(other.finished_game(5).unwrap().map(|(channel, game)| (channel, game.id)), Some((HERE, 5)));
    assert_eq!(other.recent_player_games(7, 2, 10).unwrap().len(), 1);
    assert_eq!(other.player_stats(7, "chess", 1).unwrap(), Some(stats));
}

fn two_games_finishing_at_once_lose_no_rating_update(database: &Database) {
    let handles = [database.handle(), database.handle()];
    let channels = 6;
    for channel in 0..channels {
        put(&handles[0], ChannelKey { guild: 7, channel }, game(channel + 1));
    }
    let barrier = Arc::new(Barrier::new(channels as usize));
    let finishers: Vec<_> = (0..channels)
        .map(|channel| {
            let (storage, barrier) = (handles[channel as usize % 2].clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                storage
                    .update_channel(ChannelKey { guild: 7, channel }, |_| {
                        // Player 1 wins every game: each finish adds one win to what it reads.
                        let rate: rookery_storage::RateFn = Box::new(|stored| {
                            let mut stats = stored[0].clone().unwrap_or(PlayerStats {
                                user: 1,
                                name: "p1".into(),
                                variant: "chess".into(),
                                rating: 1500.0,
                                deviation: 350.0,
                                volatility: 0.06,
                                wins: 0,
                                losses: 0,
                                draws: 0,
                            });
                            stats.wins += 1;
                            vec![stats]
                        });
                        Ok::<_, ()>(Change::Finish {
                            game: finished(game(channel + 1)),
                            rated: vec![1],
                            rate,
                            reply: (),
                        })
                    })
                    .unwrap()
                    .unwrap();
            })
        })
        .collect();
    for finisher in finishers {
        finisher.join().unwrap();
    }
    assert_eq!(handles[1].player_stats(7, "chess", 1).unwrap().unwrap().wins, channels as u32);
}

fn ids_from_two_handles_never_repeat(database: &Database) {
    let handles = [database.handle(), database.handle()];
    let takers: Vec<_> = (0..4)
        .map(|t| {
            let storage = handles[t % 2].clone();
            std::thread::spawn(move || (0..25).map(|_| storage.new_id().unwrap()).collect::<Vec<u64>>())
        })
        .collect();
    let mut ids: Vec<u64> = takers.into_iter().flat_map(|taker| taker.join().unwrap()).collect();
    ids.sort_unstable();
    let count = ids.len();
    ids.dedup();
    assert_eq!(ids.len(), count, "an id was handed out twice");
    assert_eq!(handles[0].identity().database, handles[1].identity().database, "one database, one id");
}

/// Two handles rolling on one table ledger at the same index: the first roll
/// stays, the second is refused, never written over it.
fn a_table_roll_index_is_logged_once(database: &Database) {
    let (first, second) = (database.handle(), database.handle());
    let roll = |user: u64, name: &str| LoggedRoll {
        index: 0,
        expression: "1d20".into(),
        sealed: false,
        user,
        at: 0,
        entropy: None,
        name: name.into(),
    };
    assert!(first.log_roll(HERE, 7, &roll(1, "alice")).unwrap());
    assert!(!second.log_roll(HERE, 7, &roll(2, "bob")).unwrap(), "index 0 is taken");
    let rolls = second.rolls(HERE, 7).unwrap();
    assert_eq!(rolls.len(), 1);
    assert_eq!(rolls[0].name, "alice", "the roll told first stays");
}

/// Stores `value` (JSON text) under `key` of `tree` as it is, as damage would.
fn damage(storage: &Storage, tree: &str, key: &[u8], value: &str) {
    let key: String = key.iter().map(|b| format!("{b:02x}")).collect();
    let line = format!("{{\"tree\":\"{tree}\",\"key\":\"{key}\",\"value\":{value}}}\n");
    import(storage, line.as_bytes()).unwrap();
}

fn a_corrupt_record_is_quarantined_not_fatal(database: &Database) {
    let storage = database.handle();
    let elsewhere = ChannelKey { guild: 7, channel: 43 };
    put(&storage, elsewhere, game(2));
    let here: Vec<u8> = [HERE.guild.to_be_bytes(), HERE.channel.to_be_bytes()].concat();
    damage(&storage, "games", &here, "\"garbage\"");
    assert!(matches!(storage.channel_game(HERE), Err(StorageError::Quarantined(_))));
    // Set aside once: the channel is free again, the other one untouched.
    assert_eq!(storage.channel_game(HERE).unwrap(), None);
    assert_eq!(storage.channel_game(elsewhere).unwrap(), Some(game(2)));
    let quarantined = database.handle().quarantined().unwrap();
    assert_eq!(quarantined.len(), 1);
    assert!(quarantined[0].0.starts_with("games/"), "{quarantined:?}");
    put(&storage, HERE, game(3));
    assert_eq!(storage.channel_game(HERE).unwrap(), Some(game(3)));
}

fn export_import_backup_and_check_work(database: &Database) {
    let storage = database.handle();
    put(&storage, HERE, game(1));
    put(&storage, ChannelKey { guild: u64::MAX, channel: u64::MAX - 1 }, game(2));
    let mut exported = Vec::new();
    let count = rookery_storage::export(&storage, &mut exported).unwrap();
    assert_eq!(count, 2);
    // Into the other backend and back: the same records.
    let copy_dir = tempfile::tempdir().unwrap();
    let copy = Storage::open(copy_dir.path()).unwrap();
    assert_eq!(import(&copy, exported.as_slice()).unwrap(), 2);
    let mut again = Vec::new();
    rookery_storage::export(&copy, &mut again).unwrap();
    let records = |text: &[u8]| {
        String::from_utf8_lossy(text).lines().filter(|l| !l.contains("\"end\"")).map(String::from).collect::<Vec<_>>()
    };
    assert_eq!(records(&again), records(&exported));

    let backups = tempfile::tempdir().unwrap();
    let backup = storage.backup(backups.path(), 1_700_000_000).unwrap();
    assert_eq!(backup.records, 2);
    assert_eq!(verify_backup(&backup.path).unwrap().identity, Some(storage.identity()));
    let report = storage.check().unwrap();
    assert_eq!(report.trees.iter().find(|(tree, _)| *tree == "games"), Some(&("games", 2)));
    assert!(report.unreadable.is_empty(), "{report}");
}

fn daily_puzzles_and_settings_are_transactional(database: &Database) {
    let handles = [database.handle(), database.handle()];
    handles[0].set_setting(7, "greeting", &"hello").unwrap();
    assert_eq!(handles[1].setting::<String>(7, "greeting").unwrap().as_deref(), Some("hello"));
    let puzzle = rookery_storage::StoredPuzzle {
        id: 0,
        variant: "chess".into(),
        position: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
        mate_in: 1,
        solution: vec!["a1a2".into()],
        difficulty: 1,
        source: "test".into(),
        setup: Vec::new(),
        secrets: Vec::new(),
    };
    let added = handles[0].add_puzzles(std::slice::from_ref(&puzzle)).unwrap();
    assert_eq!(added.len(), 1);
    assert!(handles[1].add_puzzles(&[puzzle]).unwrap().is_empty(), "the same position is not added twice");
    let daily = rookery_storage::DailyPuzzle {
        day: 20_000,
        puzzle: added[0].clone(),
        solvers: 0,
        first_solver: None,
        posted_in: None,
    };
    // Two handles opening the day's puzzle at once agree on it.
    let opened: Vec<_> = handles
        .iter()
        .map(|storage| {
            let (storage, daily) = (storage.clone(), daily.clone());
            std::thread::spawn(move || storage.open_daily_puzzle(7, &daily).unwrap())
        })
        .collect();
    for opened in opened {
        assert_eq!(opened.join().unwrap(), daily);
    }
    assert_eq!(handles[1].daily_puzzles(7).unwrap(), [daily]);
}

fn event(guild: u64, id: u64) -> EventRecord {
    EventRecord {
        id,
        guild,
        channel: 42,
        post: None,
        name: format!("Cup {id}"),
        organiser: Player { id: 1, name: "org".into() },
        variant: "chess".into(),
        time_control: Some("10+5".into()),
        move_days: None,
        no_show_seconds: 300,
        created: 0,
        starts: None,
        started: None,
        status: EventStatus::Open,
        format: EventFormat::Swiss { rounds: 5, entrants: Vec::new(), played: Vec::new(), late_half_point: false },
        games: Vec::new(),
        manual_results: Vec::new(),
    }
}

fn entrants(event: &EventRecord) -> Vec<u64> {
    match &event.format {
        EventFormat::Swiss { entrants, .. } => entrants.iter().map(|e| e.id).collect(),
        EventFormat::Arena { .. } => Vec::new(),
    }
}

fn an_event_is_one_record_changed_by_compare_and_swap(database: &Database) {
    let handles = [database.handle(), database.handle()];
    assert!(handles[0].create_event(&event(7, 1)).unwrap());
    assert!(!handles[1].create_event(&event(7, 1)).unwrap(), "an id is created once");
    handles[0].create_event(&event(7, 2)).unwrap();
    handles[0].create_event(&event(8, 3)).unwrap();
    // Eight players click Join at once, each twice, from both handles: each enters once.
    let barrier = Arc::new(Barrier::new(16));
    let clicks: Vec<_> = (0..16u64)
        .map(|click| {
            let (storage, barrier) = (handles[click as usize % 2].clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                let user = 100 + click / 2;
                storage
                    .update_event(7, 1, |stored| {
                        let mut event = stored.ok_or("no event")?;
                        let EventFormat::Swiss { entrants, .. } = &mut event.format else { return Err("not swiss") };
                        if entrants.iter().any(|e| e.id == user) {
                            return Err("already in");
                        }
                        let entrant = SwissEntrant {
                            id: user,
                            name: format!("p{user}"),
                            rating: 1500,
                            joined_at: 0,
                            withdrew_at: None,
                        };
                        entrants.push(entrant);
                        Ok((Some(event), user))
                    })
                    .unwrap()
            })
        })
        .collect();
    let results: Vec<_> = clicks.into_iter().map(|click| click.join().unwrap()).collect();
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 8, "{results:?}");
    assert_eq!(results.iter().filter(|r| **r == Err("already in")).count(), 8, "{results:?}");
    let mut stored = entrants(&handles[1].event(7, 1).unwrap().unwrap());
    stored.sort_unstable();
    assert_eq!(stored, (100..108).collect::<Vec<_>>());
    // A refusal or a decision to write nothing changes nothing.
    let before = handles[0].event(7, 1).unwrap();
    assert_eq!(handles[0].update_event(7, 1, |_| Err::<(Option<EventRecord>, ()), _>("no")).unwrap(), Err("no"));
    assert_eq!(handles[0].update_event(7, 1, |_| Ok::<_, ()>((None, 5))).unwrap(), Ok(5));
    assert_eq!(handles[1].event(7, 1).unwrap(), before);
    assert_eq!(handles[0].update_event(7, 9, |stored| Ok::<_, ()>((None, stored.is_none()))).unwrap(), Ok(true));
    // Listed per server; the scheduler sees the unfinished ones of every server.
    let ids = |events: Vec<EventRecord>| events.iter().map(|e| e.id).collect::<Vec<_>>();
    assert_eq!(ids(handles[1].guild_events(7).unwrap()), [1, 2]);
    assert_eq!(ids(handles[1].guild_events(8).unwrap()), [3]);
    handles[0]
        .update_event(7, 2, |stored| {
            Ok::<_, ()>((stored.map(|e| EventRecord { status: EventStatus::Finished, ..e }), ()))
        })
        .unwrap()
        .unwrap();
    assert_eq!(ids(handles[1].active_events().unwrap()), [1, 3]);
}

fn events_are_exported_backed_up_and_checked(database: &Database) {
    let storage = database.handle();
    // Its post is kept with it, through export, backup and check.
    let posted = EventRecord { post: Some(EventPost { channel: 42, message: 77, updated: 5 }), ..event(7, 1) };
    storage.create_event(&posted).unwrap();
    let mut exported = Vec::new();
    assert_eq!(rookery_storage::export(&storage, &mut exported).unwrap(), 1);
    let copy_dir = tempfile::tempdir().unwrap();
    let copy = Storage::open(copy_dir.path()).unwrap();
    assert_eq!(import(&copy, exported.as_slice()).unwrap(), 1);
    assert_eq!(copy.event(7, 1).unwrap(), Some(posted.clone()));
    let backups = tempfile::tempdir().unwrap();
    assert_eq!(storage.backup(backups.path(), 1_700_000_000).unwrap().records, 1);
    let report = storage.check().unwrap();
    assert_eq!(report.trees.iter().find(|(tree, _)| *tree == "events"), Some(&("events", 1)));
    // A damaged event is set aside; the server's other events still list.
    storage.create_event(&event(7, 2)).unwrap();
    let mut key = 7u64.to_be_bytes().to_vec();
    key.extend_from_slice(&2u64.to_be_bytes());
    damage(&storage, "events", &key, "{\"version\": 1, \"event\": 3}");
    assert!(matches!(storage.event(7, 2), Err(StorageError::Quarantined(_))));
    assert_eq!(storage.guild_events(7).unwrap(), [posted]);
}

#[test]
fn a_second_sled_opener_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let _first = Storage::open(dir.path()).unwrap();
    assert!(matches!(Storage::open(dir.path()), Err(StorageError::InUse(_))));
}
