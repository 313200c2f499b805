//! The move path: live games served from memory only while they match the
//! stored record, and pictures drawn after the commit.

mod common;

use std::sync::atomic::Ordering;
use std::sync::Arc;

use common::*;
use rookery::core::{Command, Core, Handler, Request, TakebackAction};
use rookery_storage::{ChannelKey, Storage};

fn play() -> Command {
    Command::Play { variant: "chess".into(), opponent: Some(bob()), move_days: None, options: None, clock: None }
}

fn mv(text: &str) -> Command {
    Command::Move { text: text.into() }
}

fn stored_actions(storage: &Storage) -> Vec<String> {
    let key = ChannelKey { guild: HERE.guild, channel: HERE.channel };
    storage.channel_game(key).unwrap().unwrap().actions
}

/// A second core over the same database stands for any writer this core's
/// cache knows nothing of (another front end, a repair tool): whatever it
/// stores, the first core acts on the stored record, never on its memory.
#[test]
fn a_game_changed_behind_the_cache_is_rebuilt_from_the_record() {
    let table = Table::new();
    let reader = table.clock.clone();
    let other = Core::new(table.core.storage().clone(), Arc::new(move || reader.load(Ordering::SeqCst)));
    let send = |core: &Core, user, command| {
        let replies = core.handle(Request { place: HERE, user, command });
        assert!(!replies[0].ephemeral, "refused: {}", replies[0].text);
    };
    table.ok(alice(), play());
    table.ok(bob(), Command::Accept);
    table.ok(alice(), mv("e4"));
    table.ok(bob(), mv("e5"));
    // The first core has 1. e4 e5 in memory; the other plays on and takes back.
    send(&other, alice(), mv("Nf3"));
    send(&other, bob(), Command::Takeback(TakebackAction::Request));
    send(&other, alice(), Command::Takeback(TakebackAction::Accept));
    // Black asked with White to move after Nf3: Nf3 and e5 went back.
    assert_eq!(stored_actions(table.core.storage()).len(), 1);
    // The first core's memory says White to move after 1. e4 e5; the record
    // says Black to move after 1. e4, and the record wins.
    let refused = table.refused(alice(), mv("d4"));
    assert!(refused.contains("not your turn"), "{refused}");
    let reply = table.ok(bob(), mv("Nc6"));
    assert!(reply.text.contains("1. e4 Nc6"), "{}", reply.text);
    let actions = stored_actions(table.core.storage());
    let replayed = rookery_engine::game::Game::replay(&rookery_engine::game::GameRecord {
        variant: "chess".parse().unwrap(),
        options: String::new(),
        start: None,
        actions: actions.clone(),
    })
    .expect("the stored record replays");
    assert_eq!(replayed.moves_san().last().map(String::as_str), Some("Nc6"));
}

#[test]
fn a_cached_game_survives_a_restart_only_as_its_durable_record() {
    let table = Table::new();
    table.ok(alice(), play());
    table.ok(bob(), Command::Accept);
    for (user, text) in [(alice(), "e4"), (bob(), "e5"), (alice(), "Nf3")] {
        table.ok(user, mv(text));
    }
    let before = stored_actions(table.core.storage());
    let table = table.restart();
    assert_eq!(stored_actions(table.core.storage()), before);
    let reply = table.ok(bob(), mv("Nc6"));
    assert!(reply.text.contains("1. e4 e5 2. Nf3 Nc6"), "{}", reply.text);
}

#[test]
fn replies_carry_drawn_pictures_and_nothing_left_to_draw() {
    let table = Table::new();
    table.ok(alice(), play());
    let reply = table.ok(bob(), Command::Accept);
    let image = reply.image.as_ref().expect("the game post has its board");
    assert!(image.bytes.starts_with(b"\x89PNG"));
    assert!(reply.picture.is_none(), "a picture left for the front end to draw");
    let reply = table.ok(alice(), mv("e4"));
    assert!(reply.image.is_some() && reply.picture.is_none());
    let board = table.ok(carol(), Command::Board);
    assert!(board.image.is_some() && board.picture.is_none());
}

#[test]
fn without_a_cache_every_request_replays_and_plays_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let core = Core::new(Storage::open(dir.path()).unwrap(), rookery::core::system_clock()).with_live_games(0);
    let send = |user, command| core.handle(Request { place: HERE, user, command });
    send(alice(), play());
    send(bob(), Command::Accept);
    for (user, text) in [(alice(), "f3"), (bob(), "e5"), (alice(), "g4"), (bob(), "Qh4#")] {
        let replies = send(user, mv(text));
        assert!(!replies[0].ephemeral, "{}", replies[0].text);
    }
    let last = core.storage().recent_channel_games(ChannelKey { guild: HERE.guild, channel: HERE.channel }, 1);
    assert_eq!(last.unwrap()[0].actions.len(), 4);
}
