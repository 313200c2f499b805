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
use rookery_storage::{Change, ChannelKey};

const LINEUP: &str = "2b1k2r/2p1ppp1/8/8/8/8/2P1PPP1/2B1K3[QRRBPqrbn] w e1e8h8 - 0 1 -";

const RECORD: [&str; 17] = [
    "roll white roll 2",
    "g2g4",
    "roll black roll 2",
    "N@g8",
    "roll white roll 6",
    "Q@d1",
    "roll black roll 1",
    "g8h6",
    "roll white roll 3",
    "B@f1",
    "roll black roll 4",
    "R@a8",
    "roll white roll 4",
    "R@a1",
    "a8b8",
    "c1h6",
    "h8h6",
];

#[test]
fn the_example_game_through_the_lineup_path() {
    let t = Table::new();
    let play = Command::Play {
        variant: "dicelanding".into(),
        opponent: Some(bob()),
        move_days: None,
        options: Some(format!("lineup=custom:{LINEUP}")),
        clock: None,
    };
    let challenge = t.ok(alice(), play);
    assert!(challenge.text.contains(LINEUP), "{}", challenge.text);
    assert_eq!(&challenge.image.as_ref().expect("a preview of the lineup").bytes[1..4], b"PNG");
    t.ok(bob(), Command::Accept);
    let key = ChannelKey { guild: HERE.guild, channel: HERE.channel };
    t.core
        .storage()
        .update_channel(key, |current| {
            let mut record = current.unwrap();
            assert_eq!(record.start.as_deref(), Some(LINEUP), "the lineup is stored with the game");
            record.actions = RECORD.iter().map(|a| a.to_string()).collect();
            Ok::<_, ()>(Change::Put(record, ()))
        })
        .unwrap()
        .unwrap();
    let board = t.ok(carol(), Command::Board);
    assert!(board.text.contains("2. [*]>Qd1 [P]<Nh6 3. [B]>Bf1 [R]>Ra8 4. [R]>Ra1 Rb8 5. Bxh6 Rxh6"), "{}", board.text);
    let resigned = t.ok(bob(), Command::Resign);
    assert!(resigned.text.contains("**1-0** · alice wins by resignation."), "{}", resigned.text);
    let pgn = String::from_utf8(resigned.files[0].bytes.clone()).unwrap();
    assert!(pgn.contains(&format!("[FEN \"{LINEUP}\"]")), "{pgn}");
    assert!(pgn.contains("{d6 2: N} 1. [N]<g4 {d6 2: N} 1... [N]>Ng8"), "{pgn}");
}
