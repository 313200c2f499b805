//! Two bot processes on one database: each has its own live-game cache and
//! table-ledger cache, and neither may act on a game the other has moved on
//! or write a roll over one the other has told. On sled the two cores
//! share one handle (sled allows one process per folder); on PostgreSQL each
//! has its own connection pool, as two processes do. The PostgreSQL run needs
//! `ROOKERY_TEST_DATABASE_URL` and says SKIPPED without it.

use rookery::core::{Command, Core, Handler, Place, Reply, Request, TakebackAction, User};
use rookery_storage::{test_server, ChannelKey, Storage};

const HERE: Place = Place { guild: 1, channel: 10 };

fn user(id: u64, name: &str) -> User {
    User { id, name: name.into(), can_manage_channel: false }
}

fn send(core: &Core, who: &User, command: Command) -> Reply {
    let mut replies = core.handle(Request { place: HERE, user: who.clone(), command });
    assert!(!replies.is_empty());
    replies.remove(0)
}

fn mv(core: &Core, who: &User, text: &str) -> Reply {
    send(core, who, Command::Move { text: text.into() })
}

/// Plays one game across two cores, each move through the core that did not
/// make the last one, and takes a move back behind one core's cache.
fn two_cores_never_act_on_a_stale_game(first: Storage, second: Storage) {
    let clock = std::sync::Arc::new(|| 1_700_000_000);
    let (a, b) = (Core::new(first, clock.clone()), Core::new(second, clock));
    let (alice, bob) = (user(1, "alice"), user(2, "bob"));
    let play = Command::Play {
        variant: "chess".into(),
        opponent: Some(bob.clone()),
        move_days: None,
        options: None,
        clock: None,
    };
    assert!(!send(&a, &alice, play).ephemeral);
    assert!(!send(&b, &bob, Command::Accept).ephemeral);
    // Both cores have the game cached after their first move.
    assert!(!mv(&a, &alice, "e4").ephemeral);
    assert!(!mv(&b, &bob, "e5").ephemeral);
    // `a` last saw the game after e4: it must see e5 before Nf3.
    let reply = mv(&a, &alice, "Nf3");
    assert!(reply.text.contains("1. e4 e5 2. Nf3"), "{}", reply.text);
    // Bob asks for a takeback in `b` and Alice grants it in `a`: then `b`
    // must not play on from its cached position after Nf3.
    assert!(!mv(&b, &bob, "Nc6").ephemeral);
    assert!(!send(&b, &bob, Command::Takeback(TakebackAction::Request)).ephemeral);
    assert!(!send(&a, &alice, Command::Takeback(TakebackAction::Accept)).ephemeral);
    let refused = mv(&b, &alice, "d4");
    assert!(refused.ephemeral, "not Alice's turn after the takeback: {}", refused.text);
    let reply = mv(&b, &bob, "Nf6");
    assert!(reply.text.contains("2. Nf3 Nf6"), "{}", reply.text);
    let key = ChannelKey { guild: HERE.guild, channel: HERE.channel };
    let stored = a.storage().channel_game(key).unwrap().unwrap();
    assert_eq!(stored.actions.len(), 4, "{:?}", stored.actions);
}

fn roll(core: &Core, who: &User, entropy: u64) -> Reply {
    send(core, who, Command::Roll { expression: "1d20".into(), sealed: false, entropy: Some(entropy) })
}

/// Rolls at one table through both cores: the core whose cached ledger is
/// behind refuses its roll rather than log it over the other's, and rolls
/// again from the stored ledger.
fn two_cores_never_log_over_each_others_rolls(first: Storage, second: Storage) {
    let clock = std::sync::Arc::new(|| 1_700_000_000);
    let (a, b) = (Core::new(first, clock.clone()), Core::new(second, clock));
    let (alice, bob) = (user(1, "alice"), user(2, "bob"));
    assert!(!roll(&a, &alice, 101).ephemeral);
    assert!(!roll(&b, &bob, 102).ephemeral);
    // `a` still holds the ledger as it was after its own roll.
    let refused = roll(&a, &alice, 103);
    assert!(refused.ephemeral, "{}", refused.text);
    assert!(refused.text.contains("Please roll again"), "{}", refused.text);
    assert!(!roll(&a, &alice, 104).ephemeral, "rebuilt from storage, the next roll goes through");
    let key = ChannelKey { guild: HERE.guild, channel: HERE.channel };
    let ledger = a
        .storage()
        .channel_ledgers(key)
        .unwrap()
        .into_iter()
        .find_map(|ledger| match ledger {
            rookery_storage::LedgerRecord::Table(ledger) => Some(ledger.id),
            _ => None,
        })
        .expect("today's table ledger");
    let rolls = a.storage().rolls(key, ledger).unwrap();
    let told: Vec<_> = rolls.iter().map(|r| (r.index, r.entropy.clone())).collect();
    let expected = [(0, "101"), (1, "102"), (2, "104")].map(|(i, e)| (i, Some(e.to_string())));
    assert_eq!(told, expected, "every roll told is logged once, in order");
}

#[test]
fn two_cores_on_one_sled_database() {
    let dir = tempfile::tempdir().unwrap();
    let storage = Storage::open(dir.path()).unwrap();
    two_cores_never_act_on_a_stale_game(storage.clone(), storage.clone());
    two_cores_never_log_over_each_others_rolls(storage.clone(), storage);
}

#[test]
fn two_processes_on_one_postgresql_database() {
    let Some(server) = test_server::test_server("two_processes_on_one_postgresql_database") else {
        return;
    };
    let url = test_server::empty_schema(&server, "bot_shared_database").unwrap();
    two_cores_never_act_on_a_stale_game(Storage::connect(&url).unwrap(), Storage::connect(&url).unwrap());
    two_cores_never_log_over_each_others_rolls(Storage::connect(&url).unwrap(), Storage::connect(&url).unwrap());
}
