//! Reliability through the command core: buttons act only on the game they
//! were sent with, a game and its dice ledger are stored in one transaction,
//! challenges expire, moderators can end what players cannot, and the console
//! survives any bytes.

mod common;

use std::sync::Barrier;

use common::{alice, bob, carol, Table, HERE};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery::core::{ButtonAction, Command, Handler, Reply, User};
use rookery_storage::{ChannelKey, Phase};

const KEY: ChannelKey = ChannelKey { guild: HERE.guild, channel: HERE.channel };

fn moderator() -> User {
    User { id: 9, name: "mod".into(), can_manage_channel: true }
}

fn challenge(variant: &str) -> Command {
    Command::Play { variant: variant.into(), opponent: Some(bob()), move_days: None, options: None, clock: None }
}

/// The command a click on `reply`'s `action` button sends, read back from the
/// button's custom id as the Discord adapter would.
fn click(reply: &Reply, action: ButtonAction) -> Command {
    let button = reply.buttons.iter().find(|b| b.action == action).unwrap_or_else(|| panic!("no {action:?} button"));
    ButtonAction::parse_custom_id(&button.custom_id()).expect("a custom id the adapter reads")
}

#[test]
fn an_old_message_button_cannot_act_on_a_newer_game() {
    let t = Table::new();
    let first_challenge = t.ok(alice(), challenge("chess"));
    let board = t.ok(bob(), click(&first_challenge, ButtonAction::Accept));
    let first = t.core.storage().channel_game(KEY).unwrap().unwrap().id;
    assert!(board.buttons.iter().all(|b| b.game == Some(first)), "{:?}", board.buttons);
    t.ok(bob(), click(&board, ButtonAction::Resign));

    // A new game in the channel: the old message's buttons are refused.
    let second_challenge = t.ok(alice(), challenge("chess"));
    let refusal = t.refused(bob(), click(&first_challenge, ButtonAction::Accept));
    assert!(refusal.contains(&format!("game #{first}")), "{refusal}");
    let refusal = t.refused(bob(), click(&board, ButtonAction::Resign));
    assert!(refusal.contains("is over"), "{refusal}");
    let stored = t.core.storage().channel_game(KEY).unwrap().unwrap();
    assert!(matches!(stored.phase, Phase::Challenge { .. }), "nothing changed: {stored:?}");

    // The current message's buttons work, and a second Accept is refused.
    let started = t.ok(bob(), click(&second_challenge, ButtonAction::Accept));
    assert!(t.refused(bob(), click(&second_challenge, ButtonAction::Accept)).contains("already accepted"));
    t.ok(alice(), click(&started, ButtonAction::Resign));
}

#[test]
fn simultaneous_accepts_of_a_dice_game_store_one_ledger() {
    let t = Table::new();
    t.ok(
        alice(),
        Command::Play { variant: "luckdragon".into(), opponent: None, move_days: None, options: None, clock: None },
    );
    let barrier = Barrier::new(4);
    let accepted: Vec<bool> = std::thread::scope(|scope| {
        let clicks: Vec<_> = [bob(), carol(), bob(), carol()]
            .into_iter()
            .map(|user| {
                let (core, barrier) = (&t.core, &barrier);
                scope.spawn(move || {
                    barrier.wait();
                    let replies = core.handle(rookery::core::Request { place: HERE, user, command: Command::Accept });
                    !replies[0].ephemeral
                })
            })
            .collect();
        clicks.into_iter().map(|c| c.join().unwrap()).collect()
    });
    assert_eq!(accepted.iter().filter(|a| **a).count(), 1, "{accepted:?}");
    let ledgers: Vec<serde_json::Value> = t.core.storage().channel_ledgers(KEY).unwrap();
    assert_eq!(ledgers.len(), 1, "{ledgers:?}");
    let game = t.core.storage().channel_game(KEY).unwrap().unwrap();
    assert_eq!(ledgers[0]["game"], game.id);
    assert!(game.ledger.is_some());
}

#[test]
fn challenges_expire_after_a_day() {
    let t = Table::new();
    t.ok(alice(), challenge("chess"));
    t.advance(23 * 3_600);
    assert!(t.core.due().is_empty());
    assert!(t.core.storage().channel_game(KEY).unwrap().is_some());
    t.advance(3_600);
    let due = t.core.due();
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!(due[0].0, HERE);
    assert!(due[0].1.text.contains("expired"), "{}", due[0].1.text);
    assert!(t.core.storage().channel_game(KEY).unwrap().is_none());
    assert!(t.core.due().is_empty(), "announced once");
    assert!(t.refused(bob(), Command::Accept).contains("no open challenge"));
    // An accepted game does not expire.
    t.ok(alice(), challenge("chess"));
    t.ok(bob(), Command::Accept);
    t.advance(30 * 86_400);
    assert!(t.core.due().is_empty());
}

#[test]
fn moderators_end_games_and_clear_challenges() {
    let t = Table::new();
    t.ok(alice(), challenge("chess"));
    let end = || Command::AdminEnd { reason: Some("abandoned".into()) };
    assert!(t.refused(carol(), end()).contains("Only moderators"));
    let cleared = t.ok(moderator(), end());
    assert!(cleared.text.contains("mod (moderator) cleared alice's challenge: abandoned"), "{}", cleared.text);
    assert!(t.core.storage().channel_game(KEY).unwrap().is_none());

    t.ok(alice(), challenge("chess"));
    t.ok(bob(), Command::Accept);
    t.ok(alice(), Command::Move { text: "e4".into() });
    let ended = t.ok(moderator(), end());
    assert!(ended.text.contains("archived unrated"), "{}", ended.text);
    let archived = t.core.storage().archived_games(KEY).unwrap();
    let Phase::Finished { result, reason } = &archived.last().unwrap().phase else { panic!("not finished") };
    assert_eq!(result, "*");
    assert_eq!(reason, "ended by moderator mod: abandoned");
    assert_eq!(t.core.storage().player_stats(HERE.guild, "chess", alice().id).unwrap(), None, "unrated");
    assert!(t.refused(moderator(), end()).contains("no game"));
}

#[test]
fn the_console_survives_any_bytes() {
    let t = Table::new();
    let mut script = b"/play chess @bob\n\xff\xfe\x80 garbage\n".to_vec();
    script.extend_from_slice(&[0, 1, 2, 0xc3, b'\n']);
    script.extend_from_slice(b"/as bob\n/accept\n/as alice\ne4\n");
    let images = tempfile::tempdir().unwrap();
    let mut out = Vec::new();
    rookery::console::run(&t.core as &dyn Handler, script.as_slice(), &mut out, images.path()).unwrap();
    let out = String::from_utf8_lossy(&out);
    let console = rookery::console::CHANNEL;
    let key = ChannelKey { guild: console.guild, channel: console.channel };
    assert_eq!(t.core.storage().channel_game(key).unwrap().unwrap().actions.len(), 1, "{out}");
}

#[test]
fn a_flood_of_commands_is_told_to_slow_down_and_changes_nothing() {
    let t = Table::new();
    let limits = rookery::core::limits::LimitConfig { user_burst: 3, user_per_minute: 1, ..Default::default() };
    let core = rookery::core::Core::new(rookery_storage::Storage::open(&t.dir.path().join("limited")).unwrap(), {
        let clock = t.clock.clone();
        std::sync::Arc::new(move || clock.load(std::sync::atomic::Ordering::SeqCst))
    })
    .with_limits(limits);
    let send = |user: User, command: Command| core.handle(rookery::core::Request { place: HERE, user, command });
    for _ in 0..3 {
        assert!(!send(alice(), Command::Help)[0].text.starts_with("Slow down"));
    }
    let refused = send(alice(), challenge("chess"));
    assert!(refused[0].ephemeral && refused[0].text.starts_with("Slow down"), "{refused:?}");
    assert!(core.storage().channel_game(KEY).unwrap().is_none(), "nothing was done");
    // Others in the channel are not held up by one user.
    assert!(!send(carol(), challenge("chess"))[0].ephemeral);
}

/// The console's line reader over random bytes and mangled commands: every
/// line is answered or refused, and the console keeps reading to the end.
#[test]
fn the_console_line_reader_takes_random_input() {
    let t = Table::new();
    let words: [&[u8]; 12] = [
        b"/play",
        b" chess",
        b" @bob",
        b"/as",
        b"/move",
        b" e4",
        b"/roll",
        b" 3d6",
        b"/admin end",
        b"/puzzle",
        b"\xf0\x9f",
        b"//",
    ];
    let mut rng = StdRng::seed_from_u64(13);
    let mut script = Vec::new();
    for _ in 0..3_000 {
        for _ in 0..rng.random_range(0..6) {
            match rng.random_range(0..3) {
                0 => script.extend_from_slice(words[rng.random_range(0..words.len())]),
                _ => script.push(rng.random::<u8>()),
            }
        }
        script.push(b'\n');
    }
    script.extend_from_slice(b"/play chess @bob\n");
    let images = tempfile::tempdir().unwrap();
    let mut out = Vec::new();
    rookery::console::run(&t.core as &dyn Handler, script.as_slice(), &mut out, images.path()).unwrap();
    let out = String::from_utf8_lossy(&out);
    assert!(out.lines().count() > 1_000, "every line was answered");
}

#[test]
fn moderators_take_verified_backups_and_players_cannot() {
    let root = tempfile::tempdir().unwrap();
    let storage = rookery_storage::Storage::open(&root.path().join("data")).unwrap();
    let config = rookery::config::BackupConfig { dir: root.path().join("backups"), interval_minutes: 0, keep: 2 };
    let without = rookery::core::Core::new(storage.clone(), rookery::core::system_clock());
    let request = |user: User| rookery::core::Request { place: HERE, user, command: Command::AdminBackup };
    assert!(without.handle(request(moderator()))[0].text.contains("not set up"));
    let core = without.with_backups(config);
    let refused = core.handle(request(carol()));
    assert!(refused[0].ephemeral && refused[0].text.contains("Only moderators"), "{}", refused[0].text);
    assert!(!root.path().join("backups").exists(), "a refused backup wrote nothing");

    core.handle(rookery::core::Request { place: HERE, user: alice(), command: challenge("chess") });
    let taken = core.handle(request(moderator()));
    assert!(taken[0].text.contains("Backup taken and verified"), "{}", taken[0].text);
    assert!(!taken[0].text.contains(root.path().to_str().unwrap()), "the operator's folders stay private");
    let backups = rookery_storage::backups(&root.path().join("backups")).unwrap();
    assert_eq!(backups.len(), 1);
    let verified = rookery_storage::verify_backup(&backups[0].1).unwrap();
    assert!(taken[0].text.contains(&format!("{} records", verified.records)), "{}", taken[0].text);
}
