//! New chess §12.2: a move that may knight its piece, typed without `^` or
//! `=`, is not guessed: the bot asks privately (buttons and words) and plays
//! only the answer; where knighting is forced or the text says, it plays.

mod common;

use common::{alice, bob, Table, HERE};
use rookery::core::{ButtonAction, Command, Handler, Place, Reply, User};

/// NC6: the fool on c5 may knight on f8, g9 and h10; the pawn on h9 must.
const STAGE: &str = "k8j/S6P2/10/10/10/2F7/10/10/10/K8J[] w - 0 1";

/// A game between alice (White) and bob staged on `STAGE`, both kings chosen.
fn staged(t: &Table) {
    staged_at(t, HERE);
}

fn staged_at(t: &Table, place: Place) {
    staged_between(t, place, alice(), bob());
}

/// The staged game between `white` and `black`.
fn staged_between(t: &Table, place: Place, white: User, black: User) {
    let play = Command::Play {
        variant: "newchess".into(),
        opponent: Some(black.clone()),
        move_days: None,
        options: None,
        clock: None,
    };
    t.send_at(place, white.clone(), play);
    t.send_at(place, black.clone(), Command::Accept);
    t.restage(place, |record| record.start = Some(STAGE.to_string()));
    t.send_at(place, white, Command::Choose { option: "E".into() });
    t.send_at(place, black, Command::Choose { option: "F".into() });
}

fn asked(t: &Table, text: &str) -> Reply {
    let replies = t.send(alice(), Command::Move { text: text.into() });
    assert_eq!(replies.len(), 1, "{replies:?}");
    replies.into_iter().next().unwrap()
}

#[test]
fn a_knightable_move_without_a_mark_is_asked_about() {
    let t = Table::new();
    staged(&t);
    // Black's king on a10 stands in check from the sergeant on a9 (§5 L2),
    // so every White move is written with `+`.
    for text in ["Ff8", "c5f8", "Ff8+"] {
        let question = asked(&t, text);
        assert!(question.ephemeral, "only the mover is asked");
        assert_eq!(
            question.text,
            "`Ff8+` may knight the piece or not. Which one? Click, or type `Ff8^+` (or `c5f8^`) to knight it, or \
             `c5f8=` not to."
        );
        let labels: Vec<&str> = question.buttons.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["Knight: Ff8^+", "Don't knight: Ff8+"]);
    }
    let board = t.ok(bob(), Command::Board);
    assert!(!board.text.contains("Ff8"), "nothing was played: {}", board.text);
    let question = asked(&t, "Ff8");
    let knight = question.buttons.iter().find(|b| b.label.starts_with("Knight")).unwrap();
    let clicked = ButtonAction::parse_custom_id(&knight.custom_id()).unwrap();
    assert!(matches!(&clicked, Command::ChosenMove { text, .. } if text == "c5f8^"), "{clicked:?}");
    let played = t.ok(alice(), clicked);
    assert!(played.text.contains("1. Ff8^+"), "{}", played.text);
}

#[test]
fn a_stated_or_forced_knighting_is_played_at_once() {
    for (typed, played) in [("Ff8=", "1. Ff8+"), ("c5f8^", "1. Ff8^+"), ("h10^", "1. h10^+"), ("Fe7", "1. Fe7+")] {
        let t = Table::new();
        staged(&t);
        let reply = t.ok(alice(), Command::Move { text: typed.into() });
        assert!(!reply.ephemeral && reply.text.contains(played), "{typed}: {}", reply.text);
    }
    // Where knighting is forced, the bare move is refused with the way to write it.
    let t = Table::new();
    staged(&t);
    assert!(t.refused(alice(), Command::Move { text: "h10".into() }).contains("h10^"));
}

#[test]
fn a_stale_answer_button_is_refused() {
    let t = Table::new();
    staged(&t);
    let question = asked(&t, "Ff8");
    let decline = question.buttons.iter().find(|b| b.label.starts_with("Don't")).unwrap().custom_id();
    t.ok(alice(), ButtonAction::parse_custom_id(&decline).unwrap());
    let again = t.send(alice(), ButtonAction::parse_custom_id(&decline).unwrap());
    assert!(again[0].ephemeral && again[0].text.contains("not your turn"), "{:?}", again[0].text);
}

#[test]
fn the_console_asks_too() {
    let t = Table::new();
    // The console's players, as it names them.
    let (alice, bob) = (rookery::console::user("alice"), rookery::console::user("bob"));
    staged_between(&t, rookery::console::CHANNEL, alice, bob);
    let images = tempfile::tempdir().unwrap();
    let mut out = Vec::new();
    rookery::console::run(&t.core as &dyn Handler, "Ff8\n/move c5f8^\n".as_bytes(), &mut out, images.path()).unwrap();
    let out = String::from_utf8(out).unwrap();
    for expected in [
        "(only alice) `Ff8+` may knight the piece or not.",
        "[Knight: Ff8^+] /move c5f8^",
        "[Don't knight: Ff8+] /move c5f8=",
        "1. Ff8^+",
    ] {
        assert!(out.contains(expected), "{expected:?} missing from:\n{out}");
    }
}
