//! The example game of the source (Jishan Zhang's page, §3 and D20 of the
//! spec), replayed as far as its surviving notation allows.
//!
//! The extraction lost the lineup diagram and every piece glyph, so the
//! on-board lineup is reconstructed (docs/rules/dicelanding.md) from what the
//! moves need: White's bishop on c1 is dark, which is why the bishop White
//! deploys at move 3 must land on f1 (the colour rule), and it takes on h6 at
//! move 5 along the open c1-h6 diagonal; the a-file is empty, which is why
//! Black's rook could take the rook White deployed on a1 but for the landing
//! exemption the source points out after move 4; Black's rook on h8 leaves
//! a8 as the only square for the rook Black deploys at move 3, and retakes on
//! h6 at move 5 (`xh6`, a piece: a pawn's capture would keep its file). The reserves are the
//! source's: White ♕♖♖♗♙ and Black ♛♜♝♞ (a handicap game). Move 6
//! (`♕h5+`) cannot follow: White's pawn on g4 (move 1) stands on the queen's
//! only way from d1 to h5, whatever the lineup; so the replay stops after
//! move 5, with the
//! source's result (Black resigns, 1-0).

use rookery_engine::game::{Action, Game, GameRecord};
use rookery_engine::variants::dicelanding::face_of;
use rookery_engine::{notation, Color, Variant};

/// The reconstructed lineup, with the source's reserves.
const LINEUP: &str = "2b1k2r/2p1ppp1/8/8/8/8/2P1PPP1/2B1K3[QRRBPqrbn] w e1e8h8 - 0 1 -";

/// The source's moves as it prints them (glyphs lost, `J` for ☺), each with
/// the face rolled (if any) and the move as Rookery reads it.
const MOVES: [(&str, Option<char>, &str); 10] = [
    ("<g4", Some('N'), "g4"),   // no knight in White's reserve: the roll fails
    (">g8", Some('N'), "g8"),   // ♞ lands on g8
    ("J >d1", Some('*'), "d1"), // ☺: the queen lands on d1
    ("<gh6", Some('P'), "Nh6"), // no pawn in Black's reserve; the g8 knight to h6
    (">f1", Some('B'), "f1"),   // the colour rule leaves f1 only (c1 is dark)
    (">a8", Some('R'), "a8"),   // h8 holds Black's rook of the lineup
    (">a1", Some('R'), "a1"),
    ("b8", None, "Rb8"), // Rxa1 is barred by the landing exemption
    ("xh6", None, "Bxh6"),
    ("xh6", None, "Rxh6"),
];

/// The lineup and the game as Rookery's records store it, shared with
/// bot/tests/dicelanding_example.rs, which plays them through the command core.
const EXAMPLE: &str = include_str!("data/dicelanding-example.txt");

fn example_record() -> (&'static str, Vec<&'static str>) {
    let mut lines = EXAMPLE.lines().filter(|l| !l.starts_with('#'));
    (lines.next().unwrap(), lines.collect())
}

/// The number on the default die (`P N B R Q *`) that shows `symbol`.
fn number(game: &Game, symbol: char) -> u32 {
    (1..=6).find(|n| face_of(game.options(), &[*n]).unwrap().symbol() == symbol).unwrap()
}

/// The example game, replayed move by move; returns it with the SAN of the
/// position after move 4 (Black to move) for the exemption check.
fn example_game() -> (Game, Vec<String>) {
    let mut game = Game::from_fen(Variant::DiceLanding, LINEUP).unwrap();
    let mut after_four = Vec::new();
    for (i, (source, face, typed)) in MOVES.iter().enumerate() {
        let side = game.position().turn();
        if let Some(face) = face {
            let faces = vec![number(&game, *face)];
            game.apply(Action::Roll { side, kind: 0, faces }).unwrap_or_else(|e| panic!("{source}: {e}"));
        }
        game.play_move(side, typed).unwrap_or_else(|e| panic!("{source} ({typed}): {e}"));
        if i == 6 {
            let legal = game.position().legal_moves();
            after_four = legal.iter().map(|m| notation::san_among(game.position(), *m, &legal)).collect();
        }
    }
    (game, after_four)
}

#[test]
fn the_example_game_replays_through_move_five() {
    let (mut game, black_after_ra1) = example_game();
    assert_eq!(
        game.moves_san(),
        ["[N]<g4", "[N]>Ng8", "[*]>Qd1", "[P]<Nh6", "[B]>Bf1", "[R]>Ra8", "[R]>Ra1", "Rb8", "Bxh6", "Rxh6"]
    );
    // The source's compact notation is ours without the face and the glyph.
    let compact = |san: &str| {
        let san = san.split_once(']').map_or(san, |(_, rest)| rest);
        san.chars().filter(|c| !c.is_ascii_uppercase()).collect::<String>()
    };
    let ours: Vec<String> = game.moves_san().iter().map(|s| compact(s)).collect();
    assert_eq!(ours, ["<g4", ">g8", ">d1", "<h6", ">f1", ">a8", ">a1", "b8", "xh6", "xh6"]);
    // "Black cannot capture the newly deployed white rook": Rxa1 was barred
    // after 4. >a1, though the a-file was open.
    assert!(black_after_ra1.contains(&"Ra2".to_string()), "{black_after_ra1:?}");
    assert!(!black_after_ra1.iter().any(|m| m.starts_with("Rxa1")), "{black_after_ra1:?}");
    assert_eq!(game.fen(), "1rb1k3/2p1ppp1/7r/8/6P1/8/2P1PP2/R2QKB2[RPqb] w e1a1e8 - 0 6 -");
    game.apply(Action::Resign(Color::Black)).unwrap();
    assert_eq!(game.outcome().unwrap().result(), "1-0");
    let record = game.record();
    assert_eq!(record.start.as_deref(), Some(LINEUP));
    let (lineup, actions) = example_record();
    assert_eq!(lineup, LINEUP);
    assert_eq!(record.actions[..actions.len()], actions);
    assert_eq!(record.actions[actions.len()..], ["resign black"]);
    let replayed = Game::replay(&GameRecord { ..record }).unwrap();
    assert_eq!(replayed.moves_san(), game.moves_san());
}
