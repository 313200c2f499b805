//! The worked test cases of the Dragonchess spec (§11, DC-1 to DC-15), perft
//! from the start position, position text and notation.

use rookery_engine::game::{EndReason, Game, Outcome};
use rookery_engine::perft::{divide, perft};
use rookery_engine::variants::dragonchess;
use rookery_engine::{fen, notation, GameOptions, Position, Variant};

fn position_with(options: &str, text: &str) -> Position {
    let rules = Variant::Dragonchess.rules_for(&GameOptions::parse(dragonchess::OPTIONS, options).unwrap()).unwrap();
    fen::parse(&rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn position(text: &str) -> Position {
    position_with("", text)
}

fn start() -> Position {
    position(rookery_engine::variants::dragonchess::START)
}

/// Every legal move in canonical notation (without check marks), sorted.
fn legal(p: &Position) -> Vec<String> {
    let mut names: Vec<String> = p.legal_moves().iter().map(|m| notation::coordinates(p, *m)).collect();
    names.sort();
    names
}

/// The legal moves of the piece on `cell`.
fn moves_from(p: &Position, cell: &str) -> Vec<String> {
    legal(p).into_iter().filter(|m| m[1..].starts_with(cell)).collect()
}

/// `names` as a sorted list, for comparing with [`legal`].
fn sorted(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play(p: &mut Position, text: &str) {
    let mv = notation::parse_move(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.make(mv);
}

#[test]
fn dc1_opening_moves_by_piece() {
    let p = start();
    let all = legal(&p);
    assert_eq!(all.len(), 90);
    let count = |letter: char| all.iter().filter(|m| m.starts_with(letter)).count();
    let by_piece: Vec<(char, usize)> = "SGRWUHCMKPDBE".chars().map(|c| (c, count(c))).collect();
    assert_eq!(
        by_piece,
        [
            ('S', 11),
            ('G', 5),
            ('R', 13),
            ('W', 12),
            ('U', 4),
            ('H', 8),
            ('C', 2),
            ('M', 2),
            ('K', 0),
            ('P', 8),
            ('D', 17),
            ('B', 2),
            ('E', 6)
        ]
    );
    let by_board: Vec<usize> =
        ['1', '2', '3'].iter().map(|b| all.iter().filter(|m| m.chars().nth(1) == Some(*b)).count()).collect();
    assert_eq!(by_board, [29, 36, 25]);
    assert_eq!(
        moves_from(&p, "1g1"),
        sorted(&[
            "R1g1-1f1", "R1g1-1h1", "R1g1-1f2", "R1g1-1h2", "R1g1-1e3", "R1g1-1d4", "R1g1-1c5", "R1g1-1b6", "R1g1x1a7",
            "R1g1-1i3", "R1g1-1j4", "R1g1-1k5", "R1g1-1l6"
        ])
    );
    assert_eq!(moves_from(&p, "1c1"), sorted(&["G1c1-1a4", "G1c1-1e4", "G1c1-1f3"]));
    assert_eq!(moves_from(&p, "2c1"), sorted(&["H2c1-2a3", "H2c1-2e3", "H2c1-1b2", "H2c1-1d2"]));
    assert_eq!(moves_from(&p, "2j1"), sorted(&["H2j1-2h3", "H2j1-2l3", "H2j1-3i2", "H2j1-3k2"]));
    assert_eq!(
        moves_from(&p, "2h1"),
        sorted(&["P2h1-2g3", "P2h1-2i3", "P2h1-1f1", "P2h1-1j1", "P2h1-1h3", "P2h1-3f1", "P2h1-3j1", "P2h1-3h3"])
    );
    assert_eq!(
        moves_from(&p, "3g1"),
        sorted(&["E3g1-3f1", "E3g1-3h1", "E3g1-3g2", "E3g1-3e1", "E3g1-3i1", "E3g1-3g3"])
    );
}

#[test]
fn dc1_scarlet_has_the_mirrored_ninety() {
    let text = rookery_engine::variants::dragonchess::START.replace(" g ", " s ");
    assert_eq!(legal(&position(&text)).len(), 90);
}

#[test]
fn dc1_perft_from_the_start() {
    let mut p = start();
    assert_eq!(perft(&mut p, 1), 90);
    assert_eq!(perft(&mut p, 2), 8_094);
    assert_eq!(perft(&mut p, 3), 735_480);
    // Every Gold move leaves 90 replies but these five.
    let before = p.clone();
    let fewer: Vec<(String, u64)> = divide(&mut p, 2)
        .into_iter()
        .filter(|(_, n)| *n != 90)
        .map(|(mv, n)| (notation::coordinates(&before, mv), n))
        .collect();
    let mut fewer = fewer;
    fewer.sort();
    let expected = [("R1g1-1b6", 88), ("R1g1-1l6", 89), ("R1g1x1a7", 89), ("S1a2-1b3", 89), ("S1c2-1b3", 89)];
    assert_eq!(fewer, expected.map(|(m, n)| (m.to_string(), n)));
}

#[test]
fn dc2_frozen_pieces_neither_move_nor_check_nor_defend() {
    // A: the Oliphant above the Scarlet Basilisk is frozen.
    let a = position("12/12/12/12/12/12/12/12|11k/12/12/4O7/12/12/12/K11|12/12/12/4b7/12/12/12/12 g - 0 1");
    assert_eq!(legal(&a), sorted(&["K2a1-1a1", "K2a1-2a2", "K2a1-2b1", "K2a1-2b2", "K2a1-3a1"]));
    assert!(a.is_frozen(a.rules().geometry.parse_square("2e5").unwrap()));
    // B: no check from a frozen Oliphant; the King may walk onto its file.
    let b = position("12/12/12/12/12/12/12/12|4k7/12/12/4O7/12/12/12/K11|12/12/12/4b7/12/12/12/12 s - 0 1");
    assert!(!b.is_check());
    assert_eq!(legal(&b).len(), 7);
    assert!(legal(&b).contains(&"K2e8-2e7".to_string()));
    // C: in check; the Basilisk may step under the checker.
    let c = position("12/12/12/12/12/12/12/12|4k7/12/12/4O7/12/12/12/K11|12/12/4b7/12/12/12/12/12 s - 0 1");
    assert!(c.is_check());
    assert_eq!(
        legal(&c),
        sorted(&["B3e6-3e5", "K2e8-1e8", "K2e8-2d7", "K2e8-2d8", "K2e8-2f7", "K2e8-2f8", "K2e8-3e8"])
    );
    // P: walking onto the frozen cell is legal, stepping down next to the Basilisk is not.
    let p = position("12/12/12/12/12/12/12/12|11k/12/12/12/4K7/12/12/12|12/12/12/4b7/12/12/12/12 g - 0 1");
    let moves = legal(&p);
    assert_eq!(moves.len(), 9);
    assert!(moves.contains(&"K2e4-2e5".to_string()));
    assert!(!moves.contains(&"K2e4-3e4".to_string()));
    // Q: a frozen King with nothing else to move is stalemated.
    let q = "12/12/12/12/12/12/12/12|11k/12/12/4K7/12/12/12/12|12/12/12/4b7/12/12/12/12 g - 0 1";
    assert!(legal(&position(q)).is_empty() && !position(q).is_check());
    let game = Game::from_fen(Variant::Dragonchess, q).unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }));
    // R: the frozen Oliphant does not defend the Thief; unfrozen it does.
    let r = position("12/12/12/12/12/12/12/12|3k8/4T7/12/4O7/12/12/12/K11|12/12/12/4b7/12/12/12/12 s - 0 1");
    assert!(r.is_check());
    assert_eq!(legal(&r).len(), 7);
    assert!(legal(&r).contains(&"K2d8x2e7".to_string()));
    let r2 = position("12/12/12/12/12/12/12/12|3k8/4T7/12/4O7/12/12/12/K11|b11/12/12/12/12/12/12/12 s - 0 1");
    assert_eq!(legal(&r2).len(), 6);
    assert!(!legal(&r2).contains(&"K2d8x2e7".to_string()));
}

#[test]
fn a_basilisk_may_not_unfreeze_a_piece_that_would_give_check() {
    // The Scarlet Basilisk on 3e5 freezes the Gold Oliphant on 2e5, which
    // faces the Scarlet King on 2e8: the Basilisk is held where it stands.
    let p = position("12/12/12/12/12/12/12/12|4k7/12/12/4O7/12/12/12/K11|12/12/12/4b7/12/12/12/12 s - 0 1");
    assert!(moves_from(&p, "3e5").is_empty());
}

#[test]
fn dc3_dragon_captures_from_afar() {
    let p = position("12/12/5s6/4R7/12/12/12/12|11k/12/4w7/4ww6/3w8/12/12/K11|12/12/12/4d7/12/12/12/12 g - 0 1");
    let all = legal(&p);
    assert_eq!(all.len(), 24);
    let afar: Vec<&String> = all.iter().filter(|m| m.contains("x2")).collect();
    assert_eq!(afar, ["R1e5x2e5", "R1e5x2e6", "R1e5x2f5"]);
    assert_eq!(moves_from(&p, "1e5").iter().filter(|m| !m.contains("x2")).count(), 16);
    assert!(all.contains(&"R1e5x1f6".to_string()));
    assert_eq!(moves_from(&p, "2a1").len(), 5);
    // The Dragon stays where it is and the Warrior is gone.
    let mut after = p.clone();
    play(&mut after, "R1e5x2f5");
    let g = &p.rules().geometry;
    assert!(after.piece_at(g.parse_square("1e5").unwrap()).is_some());
    assert!(after.piece_at(g.parse_square("2f5").unwrap()).is_none());
}

#[test]
fn dc3_check_from_afar() {
    let p = position("12/12/12/4R7/12/12/12/12|12/11w/4k7/12/12/12/12/K11|12/12/12/12/12/12/12/12 s - 0 1");
    assert!(p.is_check());
    assert_eq!(legal(&p), sorted(&["K2e6-2d6", "K2e6-2d7", "K2e6-2e7", "K2e6-2f6", "K2e6-2f7", "K2e6-3e6"]));
}

#[test]
fn dc3_source_game_before_move_33() {
    let p = position(
        "7G4/s3cp2s1s1/5s6/4R1h5/12/12/S1g1S3S3/12|1oht2k1t1uo/w1ww1ww1wwww/2u1w2w4/2w2m6/8H3/4W4W2/WWWW1WWWWTWW/OU1TCMK3UO|2b3e3b1/1d1d1d1d1d1d/12/12/6E5/12/1D1D1D1D1D1D/2B7B1 g - 0 33",
    );
    let all = legal(&p);
    assert_eq!(all.len(), 116);
    let afar: Vec<&String> = all.iter().filter(|m| m.starts_with('R') && m.contains("x2")).collect();
    assert_eq!(afar, ["R1e5x2e6", "R1e5x2f5"]);
}

#[test]
fn dragon_afar_below_only_is_an_option() {
    let text = "12/12/5s6/4R7/12/12/12/12|11k/12/4w7/4ww6/3w8/12/12/K11|12/12/12/4d7/12/12/12/12 g - 0 1";
    let p = position_with("dragon_afar_below_only", text);
    let afar: Vec<String> = legal(&p).into_iter().filter(|m| m.contains("x2")).collect();
    assert_eq!(afar, ["R1e5x2e5"]);
    assert_eq!(legal(&p).len(), 22);
}

#[test]
fn dc4_mage_between_boards() {
    let p = position("12/12/12/12/12/2M9/12/12|11k/12/12/12/12/2w9/12/K11|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(legal(&p).len(), 9);
    assert_eq!(moves_from(&p, "1c3"), sorted(&["M1c3-1b3", "M1c3-1c2", "M1c3-1c4", "M1c3-1d3", "M1c3x2c3"]));
    assert!(!legal(&p).contains(&"K2a1-2b2".to_string()));
    let free = position("12/12/12/12/12/2M9/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(legal(&free).len(), 11);
    assert_eq!(moves_from(&free, "1c3").len(), 6);
    assert!(legal(&free).contains(&"M1c3-3c3".to_string()));
}

#[test]
fn dc5_elemental_intermediate_cells() {
    let p = position("12/12/12/12/12/12/12/12|11k/12/12/2w9/1w1w8/12/12/K11|12/12/12/12/1DEd8/12/12/12 g - 0 1");
    assert_eq!(legal(&p).len(), 18);
    assert_eq!(
        moves_from(&p, "3c4"),
        sorted(&[
            "E3c4-3c5", "E3c4-3c3", "E3c4x3d4", "E3c4-3c6", "E3c4-3c2", "E3c4-3b5", "E3c4-3d5", "E3c4-3b3", "E3c4-3d3",
            "E3c4x2c5"
        ])
    );
    assert_eq!(moves_from(&p, "3b4"), sorted(&["D3b4-3b5", "D3b4-3a4", "D3b4x2b4"]));
    assert_eq!(moves_from(&p, "2a1").len(), 5);

    let down = position("12/12/12/12/12/12/12/12|11k/12/12/5E6/12/12/12/K11|12/12/5d6/12/12/12/12/12 g - 0 1");
    assert_eq!(legal(&down).len(), 9);
    assert_eq!(moves_from(&down, "2f5"), sorted(&["E2f5-3e5", "E2f5-3f4", "E2f5-3g5", "E2f5x3f6"]));
    let blocked = position("12/12/12/12/12/12/12/12|11k/12/12/5E6/12/12/12/K11|12/12/12/5d6/12/12/12/12 g - 0 1");
    assert!(moves_from(&blocked, "2f5").is_empty());
    assert_eq!(legal(&blocked).len(), 5);
}

#[test]
fn dc6_sylph_returns_home() {
    let p = position("12/12/12/12/12/12/S1S9/12|11k/12/12/3S8/12/12/12/K11|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(moves_from(&p, "2d5"), sorted(&["S2d5-1d5", "S2d5-1e2", "S2d5-1g2", "S2d5-1i2", "S2d5-1k2"]));
    assert_eq!(legal(&p).len(), 13);
}

#[test]
fn a_sylph_below_its_home_cell_has_one_move_there() {
    let p = position("12/12/12/12/12/12/12/12|11k/12/12/12/12/12/2S9/K11|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(
        moves_from(&p, "2c2"),
        sorted(&["S2c2-1a2", "S2c2-1c2", "S2c2-1e2", "S2c2-1g2", "S2c2-1i2", "S2c2-1k2"])
    );
}

#[test]
fn dc7_to_dc10_king_paladin_griffin_hero() {
    let king = position("12/12/12/12/12/12/12/6K5|11k/12/12/12/12/12/12/6C5|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(legal(&king), sorted(&["C2g1-2f1", "C2g1-2f2", "C2g1-2g2", "C2g1-2h1", "C2g1-2h2", "C2g1-3g1"]));

    let paladin = position("12/12/2P9/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(legal(&paladin).len(), 21);
    let targets: Vec<String> = moves_from(&paladin, "1c6").iter().map(|m| m[5..].to_string()).collect();
    let targets = sorted(&targets.iter().map(String::as_str).collect::<Vec<_>>());
    let mut expected: Vec<&str> = vec!["1b5", "1b6", "1b7", "1c5", "1c7", "1d5", "1d6", "1d7"];
    expected.extend(["2c8", "2a6", "2e6", "2c4", "3c7", "3b6", "3d6", "3c5"]);
    assert_eq!(targets, sorted(&expected));

    let griffin = position("12/12/12/3G8/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(legal(&griffin).len(), 17);
    let targets: Vec<String> = moves_from(&griffin, "1d5").iter().map(|m| m[5..].to_string()).collect();
    let targets = sorted(&targets.iter().map(String::as_str).collect::<Vec<_>>());
    let expected = ["1b8", "1f8", "1a7", "1g7", "1a3", "1g3", "1b2", "1f2", "2c6", "2e6", "2c4", "2e4"];
    assert_eq!(targets, sorted(&expected));

    let hero = position("12/12/12/12/12/12/12/12|11k/3W8/2H9/1w10/12/12/12/K11|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(legal(&hero).len(), 21);
    assert!(legal(&hero).contains(&"W2d7-2d8=H".to_string()));
    let targets: Vec<String> = moves_from(&hero, "2c6").iter().map(|m| m[5..].to_string()).collect();
    let targets = sorted(&targets.iter().map(String::as_str).collect::<Vec<_>>());
    let expected =
        ["2b7", "2d5", "2b5", "2a8", "2e8", "2a4", "2e4", "1b5", "1b7", "1d5", "1d7", "3b5", "3b7", "3d5", "3d7"];
    assert_eq!(targets, sorted(&expected));
}

#[test]
fn dc11_warriors_promote_to_heroes() {
    let p = position("12/12/12/12/12/12/12/12|3o1o6/4W7/12/12/12/12/12/K10k|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(moves_from(&p, "2e7"), sorted(&["W2e7-2e8=H", "W2e7x2d8=H", "W2e7x2f8=H"]));
    assert_eq!(legal(&p).len(), 8);
    let mut after = p.clone();
    play(&mut after, "W2e7-2e8");
    let hero = after.piece_at(p.rules().geometry.parse_square("2e8").unwrap()).unwrap();
    assert_eq!(p.rules().kind(hero.kind).name, "hero");
    assert_eq!(after.halfmove_clock(), 0);
}

#[test]
fn dc12_dwarf_reversal() {
    let text = "12/12/12/12/12/12/12/12|3t8/12/12/12/12/12/12/K10k|3D8/12/12/12/12/12/12/12 g - 0 1";
    let off = position(text);
    assert_eq!(moves_from(&off, "3d8"), sorted(&["D3d8-3c8", "D3d8-3e8", "D3d8x2d8"]));
    assert_eq!(legal(&off).len(), 8);
    // Without the option a reversed Dwarf cannot be written down.
    let rules = Variant::Dragonchess.rules().unwrap();
    assert!(fen::parse(&rules, &text.replace(" g - ", " g 3d8 ")).is_err());

    let on = position_with("dwarf_reversal", &text.replace(" g - ", " g 3d8 "));
    assert_eq!(moves_from(&on, "3d8"), sorted(&["D3d8-3c8", "D3d8-3d7", "D3d8-3e8", "D3d8x2d8"]));
    assert_eq!(legal(&on).len(), 9);
    assert_eq!(fen::write(&on), text.replace(" g - ", " g 3d8 "));

    // Reaching the far rank turns a Dwarf round; a sideways move along it does not turn it back.
    let mut p = position_with(
        "dwarf_reversal",
        "12/12/12/12/12/12/12/12|12/12/12/12/12/12/12/K10k|12/3D8/12/12/12/12/12/12 g - 0 1",
    );
    play(&mut p, "D3d7-3d8");
    assert!(fen::write(&p).ends_with(" s 3d8 1 1"), "{}", fen::write(&p));
    play(&mut p, "K2l1-2l2");
    play(&mut p, "D3d8-3e8");
    assert!(fen::write(&p).ends_with(" s 3e8 3 2"), "{}", fen::write(&p));
    play(&mut p, "K2l2-2l1");
    play(&mut p, "D3e8-3e7");
    assert!(fen::write(&p).contains(" s 3e7 "));
    p.unmake();
    p.unmake();
    p.unmake();
    p.unmake();
    p.unmake();
    assert!(fen::write(&p).ends_with(" g - 0 1"));
}

#[test]
fn dc13_checks_from_other_boards() {
    for (text, capture) in [
        ("12/12/12/4S7/12/12/12/12|12/12/12/4k7/12/12/12/K11|12/12/12/12/12/12/12/12 s - 0 1", Some("K2e5x1e5")),
        ("12/12/12/12/12/12/12/12|12/12/12/12/4k7/12/12/K11|12/12/12/12/4D7/12/12/12 s - 0 1", Some("K2e4x3e4")),
        ("12/12/12/12/3G8/12/12/12|12/12/12/4k7/12/12/12/K11|12/12/12/12/12/12/12/12 s - 0 1", None),
    ] {
        let p = position(text);
        assert!(p.is_check(), "{text}");
        assert_eq!(legal(&p).len(), 10, "{text}");
        if let Some(capture) = capture {
            assert!(legal(&p).contains(&capture.to_string()), "{text}");
        }
    }
}

#[test]
fn dc14_stalemate_by_freezing() {
    let text = "k11/12/12/12/12/12/12/12|o11/12/12/12/12/12/12/11K|B11/12/12/12/12/12/12/12 s - 0 1";
    let p = position(text);
    assert!(legal(&p).is_empty() && !p.is_check());
    let game = Game::from_fen(Variant::Dragonchess, text).unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }));
}

#[test]
fn dc15_checkmates_from_the_source() {
    let game2 = "12/s1s1G3s1s1/12/12/12/3g8/S1S1S1g1S1S1/6K3G1|ouhtc1k1thuo/wwwwwwwwwwww/12/12/12/10W1/WWWWWWWWWW1W/OUHT4THUO|2b7b1/1d1d1d1d1d1d/12/12/12/12/1D1DDM3D1D/2B4Cp1B1 g - 5 16";
    let game = Game::from_fen(Variant::Dragonchess, game2).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome { winner: Some(rookery_engine::Color::Black), reason: EndReason::Checkmate })
    );

    let game1 = "12/s3c5s1/5s3s2/7S4/12/12/S7S3/12|3u2k5/w1w2w1d2ww/3ww1ww4/o11/2w1h4U2/2W1C1WK1W2/2WW1WpWW1WW/11O|2b7b1/1d1d1d3d1d/12/6h5/12/12/1D1D5D1D/2B7B1 g - 2 73";
    let p = position(game1);
    assert!(p.is_check());
    assert_eq!(legal(&p), sorted(&["K2h3-1h3", "K2h3-2g4", "K2h3-2i4", "K2h3-3h3"]));
}

#[test]
fn position_text_round_trips_and_explains_errors() {
    let rules = Variant::Dragonchess.rules().unwrap();
    for text in [
        rookery_engine::variants::dragonchess::START,
        "12/12/12/4R7/12/12/12/12|12/11w/4k7/12/12/12/12/K11|12/12/12/12/12/12/12/12 s - 7 40",
    ] {
        assert_eq!(fen::write(&fen::parse(&rules, text).unwrap()), text);
    }
    let short = "12/12/12/4R7/12/12/12/12|12/11w/4k7/12/12/12/12/K11|12/12/12/12/12/12/12/12 s -";
    assert!(fen::write(&fen::parse(&rules, short).unwrap()).ends_with(" s - 0 1"));
    let err = |text: &str| fen::parse(&rules, text).unwrap_err().to_string();
    let kings = "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12";
    assert!(err(&format!("{kings} w - 0 1")).contains("`g` or `s`"));
    assert!(err(&format!("{kings} g 3a1 0 1")).contains("dwarf_reversal"));
    assert!(err("12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11 g - 0 1").contains("3 boards"));
    assert!(err("12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/12|12/12/12/12/12/12/12/12 g - 0 1").contains("Kings"));
    assert!(
        err("O11/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g - 0 1").contains("oliphant")
    );
    assert!(
        err("12/12/12/12/12/12/12/12|W10k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g - 0 1").contains("promoted")
    );
    assert!(err("12/12/12/12/12/12/12/12|11k/12/12/12/12/12/12/K10o|12/12/12/12/12/12/12/12 s - 0 1").contains("check"));
    let on =
        Variant::Dragonchess.rules_for(&GameOptions::parse(dragonchess::OPTIONS, "dwarf_reversal").unwrap()).unwrap();
    assert!(fen::parse(&on, &format!("{kings} g 3a1 0 1")).unwrap_err().to_string().contains("holds none"));
}

/// The canonical name of the move `text` resolves to, or the error in words.
fn resolve(p: &Position, text: &str) -> Result<String, String> {
    notation::parse_move(p, text).map(|m| notation::coordinates(p, m)).map_err(|e| e.to_string())
}

#[test]
fn notation_reads_every_form_of_section_9() {
    let p = start();
    for (input, expected) in [
        ("Dr1d4", "R1g1-1d4"),
        ("R1d4", "R1g1-1d4"),
        ("R1g1-1d4", "R1g1-1d4"),
        ("1g11d4", "R1g1-1d4"),
        ("Dr1g1-1d4!?", "R1g1-1d4"),
        ("RxS", "R1g1x1a7"),
        ("DrxS1a7+", "R1g1x1a7"),
        ("R1a7", "R1g1x1a7"),
        ("R1g1-1a7", "R1g1x1a7"),
        ("S1g2-1h3", "S1g2-1h3"),
        ("E3g1-3g3 mate", "E3g1-3g3"),
    ] {
        assert_eq!(resolve(&p, input).as_deref(), Ok(expected), "{input}");
    }
    let ambiguous = resolve(&p, "S1h3").unwrap_err();
    assert!(ambiguous.contains("S1g2-1h3 or S1i2-1h3"), "{ambiguous}");

    // Without `x` the one non-capture wins; with `x` the capture.
    let elemental =
        position("12/12/12/12/12/12/12/12|11k/12/12/2w9/1w1w8/12/12/K11|12/12/12/12/1DEd8/12/12/12 g - 0 1");
    assert_eq!(resolve(&elemental, "Ec5").as_deref(), Ok("E3c4-3c5"));
    assert_eq!(resolve(&elemental, "Exc5").as_deref(), Ok("E3c4x2c5"));
    assert_eq!(resolve(&elemental, "ExW").as_deref(), Ok("E3c4x2c5"));
    assert_eq!(resolve(&elemental, "D3b4xW").as_deref(), Ok("D3b4x2b4"));

    let paladin = position("12/3r8/2P9/12/12/12/12/12|11k/12/12/12/12/12/12/K11|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(resolve(&paladin, "PxDr").as_deref(), Ok("P1c6x1d7"));
    assert_eq!(resolve(&paladin, "PxR1d7").as_deref(), Ok("P1c6x1d7"));

    let promotion = position("12/12/12/12/12/12/12/12|3u1o6/4W7/12/12/12/12/12/K10k|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(resolve(&promotion, "W2e7-2e8=H").as_deref(), Ok("W2e7-2e8=H"));
    assert_eq!(resolve(&promotion, "W2e7-2e8").as_deref(), Ok("W2e7-2e8=H"));
    assert_eq!(resolve(&promotion, "W2e7xU").as_deref(), Ok("W2e7x2d8=H"));
    assert_eq!(resolve(&promotion, "WxO=H").as_deref(), Ok("W2e7x2f8=H"));
    let hero = position("12/12/12/12/12/12/12/12|11k/3W8/2H9/1w10/12/12/12/K11|12/12/12/12/12/12/12/12 g - 0 1");
    assert_eq!(resolve(&hero, "Hxb5").as_deref(), Ok("H2c6x2b5"));
}

#[test]
fn notation_errors_say_what_is_wrong() {
    let p = start();
    let error = |text: &str| resolve(&p, text).unwrap_err();
    assert!(error("  ").contains("for example `S1g2-1h3`"), "{}", error("  "));
    assert!(error("Z1a1").contains("not a Dragonchess piece letter"));
    assert!(error("S1g2-").contains("no destination"));
    assert!(error("g1d4").contains("needs its board"));
    assert!(error("R1g1-1d4zz").contains("do not understand `zz`"));
    assert!(error("W2e2-2e3=Q").contains("`Q` is not"));
    assert!(error("K2g1-2g2").contains("no king of yours can move"));
    assert!(error("R1g1-1g3").contains("your dragon moves are: R1g1-1b6"));
    assert!(error("1g8-1f7").contains("not yours"));
    assert!(error("2e5-2e6").contains("no piece on 2e5"));
    let frozen = position("12/12/12/12/12/12/12/12|11k/12/12/4O7/12/12/12/K11|12/12/12/4b7/12/12/12/12 g - 0 1");
    let why = resolve(&frozen, "O2e5-2e6").unwrap_err();
    assert!(why.contains("frozen by a Basilisk"), "{why}");
}

#[test]
fn game_records_store_the_canonical_form_and_the_options() {
    let mut game = Game::create(Variant::Dragonchess, "dwarf_reversal", None).unwrap();
    for text in ["Dr1d4", "P1h6", "RxS1a7"] {
        game.play_move(game.position().turn(), text).unwrap();
    }
    let record = game.record();
    assert_eq!(record.actions, ["R1g1-1d4", "P2h8-1h6", "R1d4x1a7"]);
    assert_eq!(record.options, "dwarf_reversal=on");
    assert_eq!(Game::replay(&record).unwrap().options(), game.options());
    assert_eq!(game.moves_san(), ["R1g1-1d4", "P2h8-1h6", "R1d4x1a7"]);
}

#[test]
fn draw_rules_and_their_options() {
    let text = "12/12/12/4R7/12/12/12/12|11k/12/12/5w6/12/12/12/K11|12/12/12/12/12/12/12/12 g - 99 80";
    let after = |options: &str, mv: &str| {
        let mut game = Game::create(Variant::Dragonchess, options, Some(text)).unwrap();
        game.play_move(rookery_engine::Color::White, mv).unwrap();
        game
    };
    let quiet = after("", "R1e5-1e6");
    let outcome = quiet.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::QuietMovesAutomatic);
    assert_eq!(outcome.reason.describe(&quiet.position().rules().draws), "the fifty-move rule");
    assert_eq!(after("quiet_plies=0", "R1e5-1e6").outcome(), None);
    let longer = after("quiet_plies=120", "R1e5-1e6");
    assert_eq!(longer.outcome(), None);
    // A capture from afar resets the count.
    let afar = after("", "R1e5x2f5");
    assert_eq!((afar.outcome(), afar.position().halfmove_clock()), (None, 0));

    // Two bare Kings: a dead position.
    let bare = "12/12/12/12/12/12/12/12|11k/12/12/12/12/12/1w10/K11|12/12/12/12/12/12/12/12 g - 0 1";
    let mut game = Game::from_fen(Variant::Dragonchess, bare).unwrap();
    game.play_move(rookery_engine::Color::White, "KxW").unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::DeadPosition }));

    // The third occurrence draws, unless repetition is switched off.
    let shuffle = ["R1g1-1f2", "R1g8-1f7", "R1f2-1g1", "R1f7-1g8"];
    for (options, ends) in [("", true), ("repetition=off", false)] {
        let mut game = Game::create(Variant::Dragonchess, options, None).unwrap();
        for mv in shuffle.iter().chain(&shuffle) {
            assert_eq!(game.outcome(), None);
            game.play_move(game.position().turn(), mv).unwrap();
        }
        let reason = game.outcome().map(|o| o.reason.describe(&game.position().rules().draws));
        assert_eq!(reason.as_deref(), ends.then_some("threefold repetition"), "{options}");
    }
}

#[test]
fn a_bare_cell_is_a_warriors_move_or_a_question() {
    let p = start();
    // `2e3`: the Warrior's step; `e3` alone is read the same way.
    let warrior = notation::parse_move(&p, "e3").unwrap();
    assert_eq!(notation::san(&p, warrior), "W2e2-2e3");
    // No Warrior goes to e4: the Griffin that could is offered, not played.
    match notation::parse_move(&p, "e4") {
        Err(notation::MoveError::Ambiguous { candidates, .. }) => assert_eq!(candidates, ["G1c1-1e4"]),
        other => panic!("{other:?}"),
    }
    // Naming the piece still plays it.
    assert_eq!(notation::san(&p, notation::parse_move(&p, "Ge4").unwrap()), "G1c1-1e4");
}
