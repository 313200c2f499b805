//! Games in threads through the command core: the channel setting, the
//! thread a starting game asks for, the move into it (with the game's dice
//! ledger), the channel freed for the next game, and spectators' `/board`
//! and `/moves` in the thread.

mod common;

use common::{alice, bob, carol, Table, HERE};
use rookery::core::{Command, Handler, Place, Reply, ThreadStart, User};

const THREAD: Place = Place { guild: HERE.guild, channel: 77 };

fn moderator() -> User {
    User { id: 9, name: "mod".into(), can_manage_channel: true }
}

fn play(variant: &str, opponent: User) -> Command {
    Command::Play { variant: variant.into(), opponent: Some(opponent), move_days: None, options: None, clock: None }
}

/// The game's first message, which asks for a thread when the channel wants one.
fn start(t: &Table, variant: &str) -> Reply {
    t.ok(alice(), play(variant, bob()));
    let replies = t.send(bob(), Command::Accept);
    replies.into_iter().find(|r| !r.ephemeral).expect("the game starts")
}

#[test]
fn only_a_channel_manager_switches_threads_on_and_the_default_is_off() {
    let t = Table::new();
    let shown = t.ok(alice(), Command::Settings { threads: None });
    assert!(shown.text.contains("off"), "{}", shown.text);
    let refused = t.refused(alice(), Command::Settings { threads: Some(true) });
    assert!(refused.contains("manage this channel"), "{refused}");
    assert_eq!(start(&t, "chess").thread, None, "by default a game stays in its channel");

    let t = Table::new();
    let on = t.ok(moderator(), Command::Settings { threads: Some(true) });
    assert!(on.text.contains("now on"), "{}", on.text);
    let outside = Place { guild: 0, channel: 5 };
    let replies = t.send_at(outside, moderator(), Command::Settings { threads: Some(true) });
    assert!(replies[0].ephemeral, "no threads outside a server");
    let off = t.ok(moderator(), Command::Settings { threads: Some(false) });
    assert!(off.text.contains("now off"), "{}", off.text);
}

#[test]
fn a_game_moves_into_its_thread_and_the_channel_is_free_again() {
    let t = Table::new();
    t.ok(moderator(), Command::Settings { threads: Some(true) });
    let started = start(&t, "luckdragon");
    let Some(ThreadStart { name, game }) = started.thread.clone() else {
        panic!("no thread asked for: {}", started.text)
    };
    assert_eq!(name, "alice vs bob · Luck Dragon Chess");

    let note = t.core.move_to_thread(HERE, game, THREAD).expect("the game moves");
    assert!(note.text.contains("<#77>"), "{}", note.text);
    // Moving it again (a second click, a retry) moves nothing.
    assert!(t.core.move_to_thread(HERE, game, Place { channel: 78, ..THREAD }).is_err());

    // The channel takes the next game while the first goes on in its thread.
    let second = start(&t, "chess");
    assert!(second.thread.is_some());
    assert_ne!(second.thread.as_ref().map(|s| s.game), Some(game));

    // Players play on in the thread, and spectators follow its game there.
    let board = t.send_at(THREAD, carol(), Command::Board);
    assert!(board[0].text.contains("alice") && board[0].image.is_some(), "{}", board[0].text);
    let suggested = t.core.complete_move(THREAD, alice().id, "");
    let first = suggested.into_iter().find(|m| m != "roll" && m != "pass").expect("alice has a move in the thread");
    let played = t.send_at(THREAD, alice(), Command::Move { text: first });
    assert!(!played[0].ephemeral, "{}", played[0].text);
    let moves = t.send_at(THREAD, carol(), Command::Moves);
    assert!(moves[0].text.contains(&format!("Game #{game}")), "{}", moves[0].text);
    assert!(moves[0].files.iter().any(|f| f.name.ends_with(".pgn")));
    let game_info = t.send_at(THREAD, carol(), Command::Game);
    assert!(game_info[0].fields.iter().any(|(name, _)| name == "Dice ledger"), "the ledger moved with the game");
}

#[test]
fn moves_lists_every_move_for_anyone() {
    let t = Table::new();
    start(&t, "chess");
    for (who, text) in [(alice(), "e4"), (bob(), "e5"), (alice(), "Nf3")] {
        t.ok(who, Command::Move { text: text.into() });
    }
    let listed = t.ok(carol(), Command::Moves);
    assert!(listed.text.contains("1. e4 e5 2. Nf3"), "{}", listed.text);
    let empty = Table::new();
    assert!(empty.refused(carol(), Command::Moves).contains("no game"));
}
