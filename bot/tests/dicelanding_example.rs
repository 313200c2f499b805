//! The source's example game (engine/tests/dicelanding_example.rs) through the
//! command core: its reconstructed handicap lineup goes through `/play …
//! lineup=custom:` (checked, previewed, stored), the record of its first five
//! moves is the game's, and Black resigns as in the source (1-0).
//!
//! The faces come from the game's fair ledger in play, so the moves are
//! placed into the stored record rather than rolled: the record is what the
//! bot replays, draws and exports.

mod common;

use common::{alice, bob, carol, Table, HERE};
use rookery::core::Command;

/// The reconstructed lineup, then the record's actions (shared with the
/// engine's test of the same game).
const EXAMPLE: &str = include_str!("../../engine/tests/data/dicelanding-example.txt");

#[test]
fn the_example_game_through_the_lineup_path() {
    let mut lines = EXAMPLE.lines().filter(|l| !l.starts_with('#'));
    let (lineup, actions): (&str, Vec<&str>) = (lines.next().unwrap(), lines.collect());
    let t = Table::new();
    let play = Command::Play {
        variant: "dicelanding".into(),
        opponent: Some(bob()),
        move_days: None,
        options: Some(format!("lineup=custom:{lineup}")),
        clock: None,
    };
    let challenge = t.ok(alice(), play);
    assert!(challenge.text.contains(lineup), "{}", challenge.text);
    assert_eq!(&challenge.image.as_ref().expect("a preview of the lineup").bytes[1..4], b"PNG");
    t.ok(bob(), Command::Accept);
    t.restage(HERE, |record| {
        assert_eq!(record.start.as_deref(), Some(lineup), "the lineup is stored with the game");
        record.actions = actions.iter().map(|a| a.to_string()).collect();
    });
    let board = t.ok(carol(), Command::Board);
    assert!(board.text.contains("2. [*]>Qd1 [P]<Nh6 3. [B]>Bf1 [R]>Ra8 4. [R]>Ra1 Rb8 5. Bxh6 Rxh6"), "{}", board.text);
    let resigned = t.ok(bob(), Command::Resign);
    assert!(resigned.text.contains("**1-0** · alice wins by resignation."), "{}", resigned.text);
    let pgn = String::from_utf8(resigned.files[0].bytes.clone()).unwrap();
    assert!(pgn.contains(&format!("[FEN \"{lineup}\"]")), "{pgn}");
    assert!(pgn.contains("{d6 2: N} 1. [N]<g4 {d6 2: N} 1... [N]>Ng8"), "{pgn}");
}
