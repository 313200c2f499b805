//! `/replay` and `/review` through the command core, and the replay GIF that
//! comes with a game's end.

mod common;

use common::{alice, bob, carol, Table};
use image::AnimationDecoder;
use rookery::core::{Command, Place, Reply};

fn play(t: &Table, variant: &str) {
    let challenge =
        Command::Play { variant: variant.into(), opponent: Some(bob()), move_days: None, options: None, clock: None };
    t.ok(alice(), challenge);
    t.ok(bob(), Command::Accept);
}

/// Plays `moves` alternately from White; returns the last reply.
fn moves(t: &Table, moves: &[&str]) -> Reply {
    let mut last = None;
    for (i, text) in moves.iter().enumerate() {
        let who = if i % 2 == 0 { alice() } else { bob() };
        last = Some(t.ok(who, Command::Move { text: (*text).into() }));
    }
    last.expect("at least one move")
}

fn gif_frames(reply: &Reply) -> usize {
    let gif = reply.files.iter().find(|f| f.name.ends_with(".gif")).expect("a replay GIF");
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif.bytes)).expect("a GIF");
    decoder.into_frames().collect_frames().expect("frames decode").len()
}

const SCHOLARS_MATE: [&str; 7] = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];

#[test]
fn the_end_of_a_game_brings_its_replay_and_replay_draws_it_again() {
    let t = Table::new();
    play(&t, "chess");
    let during = moves(&t, &SCHOLARS_MATE[..2]);
    assert!(during.files.iter().all(|f| !f.name.ends_with(".gif")), "no replay while the game goes on");
    let end = moves(&t, &SCHOLARS_MATE[2..]);
    assert!(end.text.contains("**1-0**"), "{}", end.text);
    assert_eq!(gif_frames(&end), 8, "the start and seven moves");
    assert!(end.text.contains("/replay 1"), "{}", end.text);
    assert!(end.files.iter().any(|f| f.name == "rookery-1.gif"));

    let again = t.ok(carol(), Command::Replay { id: None });
    assert!(again.text.starts_with("Replay of `#1`"), "{}", again.text);
    assert_eq!(gif_frames(&again), 8);
    let by_id = t.ok(carol(), Command::Replay { id: Some("#1".into()) });
    assert_eq!(gif_frames(&by_id), 8);
}

#[test]
fn replay_refuses_kindly() {
    let t = Table::new();
    assert!(t.refused(alice(), Command::Replay { id: None }).contains("No game has finished in this channel"));
    assert!(t.refused(alice(), Command::Replay { id: Some("twelve".into()) }).contains("not a game id"));
    assert!(t.refused(alice(), Command::Replay { id: Some("7".into()) }).contains("no game #7 here"));
    play(&t, "chess");
    moves(&t, &SCHOLARS_MATE);
    // Another server cannot see this one's games.
    let elsewhere = Place { guild: 99, channel: 5 };
    let replies = t.send_at(elsewhere, alice(), Command::Replay { id: Some("1".into()) });
    assert!(replies[0].ephemeral && replies[0].text.contains("no game #1 here"), "{replies:?}");
    assert!(t.refused(alice(), Command::Review { id: Some("nope".into()) }).contains("not a game id"));
}

#[test]
fn a_live_game_can_be_replayed_but_not_reviewed() {
    let t = Table::new();
    play(&t, "chess");
    moves(&t, &["e4", "e5", "Nf3"]);
    let live = t.ok(carol(), Command::Replay { id: Some("1".into()) });
    assert_eq!(gif_frames(&live), 4);
    let refusal = t.refused(bob(), Command::Review { id: Some("1".into()) });
    assert!(refusal.contains("still being played"), "{refusal}");
}

#[test]
fn review_marks_the_blunder_with_the_better_move_and_a_picture() {
    let t = Table::new();
    play(&t, "chess");
    moves(&t, &SCHOLARS_MATE);
    let review = t.ok(carol(), Command::Review { id: None });
    let text = &review.text;
    assert!(text.starts_with("**Review** of `#1`"), "{text}");
    assert!(text.contains("`3... Nf6??` blunder: loses ") && text.contains(" pawns: better `"), "{text}");
    assert!(text.contains(": better `"), "{text}");
    assert!(text.contains("White (alice): 0 inaccuracies, 0 mistakes, 0 blunders"), "{text}");
    assert!(text.contains("Black (bob): 0 inaccuracies, 0 mistakes, 1 blunder ·"), "{text}");
    assert!(!text.contains("Dice game"), "{text}");
    let picture = review.image.as_ref().expect("the worst moment");
    assert_eq!(picture.name, "review-1.png");
    assert_eq!(&picture.bytes[1..4], b"PNG");
    if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
        std::fs::write(std::path::Path::new(&dir).join("review-scholars-mate.png"), &picture.bytes).unwrap();
    }
}

#[test]
fn a_dice_game_is_reviewed_within_its_rolls() {
    let t = Table::new();
    play(&t, "luckdragon");
    // Luck Dragon's dice are optional: plain moves, then a resignation.
    moves(&t, &["e4", "e5", "d4", "exd4"]);
    t.ok(bob(), Command::Resign);
    let review = t.ok(carol(), Command::Review { id: None });
    assert!(review.text.contains("Dice game: each move is compared only with the moves its roll allowed"));
    assert!(review.text.contains("White (alice)"), "{}", review.text);
}
