//! Guardener Chess: every worked case of §9 of the rules
//! (`shared/rules/guardener.md`), each chain of G-1's table included, and the
//! source's sample game replayed with legal chains.

use std::sync::Arc;

use rookery_engine::fen;
use rookery_engine::game::{Action, Choice, EndReason, Game, Outcome};
use rookery_engine::notation;
use rookery_engine::perft::{perft, perft_granted};
use rookery_engine::variants::guardener::{self, chain_grants};
use rookery_engine::{Color, Move, Position, Rules, Special, Variant};

fn rules() -> Arc<Rules> {
    Variant::Guardener.rules().unwrap()
}

fn grants(chain: &[[u32; 2]]) -> rookery_engine::Grants {
    chain_grants(chain.iter().map(|r| r.as_slice()))
}

/// The position `text` with the turn's chain applied.
fn at(text: &str, chain: &[[u32; 2]]) -> Position {
    let mut p = fen::parse(&rules(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.set_granted(grants(chain));
    p
}

fn start(chain: &[[u32; 2]]) -> Position {
    at(guardener::START, chain)
}

/// Every legal move in §8's SAN, sorted.
fn sans(p: &Position) -> Vec<String> {
    let moves = p.legal_moves();
    let mut names: Vec<String> = moves.iter().map(|m| notation::san_among(p, *m, &moves)).collect();
    names.sort();
    names
}

fn sorted(names: &str) -> Vec<String> {
    let mut v: Vec<String> = names.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn listed(names: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn count(p: &Position) -> usize {
    p.legal_moves().len()
}

fn has(p: &Position, san: &str) -> bool {
    sans(p).iter().any(|m| m == san)
}

#[test]
fn the_start_position_reads_and_writes_back() {
    let p = start(&[]);
    assert_eq!(fen::write(&p), guardener::START);
    assert_eq!(p.straddle(Color::White).map(|(a, b)| (a.0, b.0)), Some((4, 5)));
    assert!(p.hand(Color::White).is_empty() && p.hand(Color::Black).is_empty());
}

// G-1: the start position by roll.
#[test]
fn g01_free_moves_and_single_faces() {
    let free = sorted("a3 a4 b3 b4 c3 c4 d3 d4 e3 e4 f3 f4 g3 g4 h3 h4 Kf0 Gc0 Gf0");
    for chain in [[1, 3], [1, 4], [3, 4]] {
        assert_eq!(sans(&start(&[chain])), free, "{chain:?}");
    }
    for chain in [[1, 2], [2, 3], [2, 4]] {
        let p = start(&[chain]);
        assert_eq!(count(&p), 23, "{chain:?}");
        for knight in ["Na3", "Nc3", "Nf3", "Nh3"] {
            assert!(has(&p, knight), "{chain:?} {knight}");
        }
    }
}

#[test]
fn g01_a_first_double_opens_every_piece_but_castling() {
    for double in 1..=4 {
        let p = start(&[[double, double], [1, 2]]);
        assert_eq!(count(&p), 24, "[{double},{double}]");
        assert!(has(&p, "Qc0"));
    }
}

#[test]
fn g01_re_rolled_doubles_open_their_terrace() {
    for first in 1..=4 {
        assert_eq!(count(&start(&[[first, first], [1, 1], [2, 3]])), 54, "T1 after [{first},{first}]");
        assert_eq!(count(&start(&[[first, first], [2, 2], [1, 3]])), 92, "T2 after [{first},{first}]");
        assert_eq!(count(&start(&[[first, first], [3, 3], [1, 2]])), 92, "T3 after [{first},{first}]");
        assert_eq!(count(&start(&[[first, first], [4, 4], [1, 2]])), 42, "T4 after [{first},{first}]");
    }
    assert_eq!(count(&start(&[[1, 1], [3, 3], [2, 2], [1, 4]])), 160);
    let p = start(&[[2, 2], [4, 4], [1, 3]]);
    assert!(has(&p, "Gc9 {T4}") && has(&p, "Kf9 {T4}"));
    assert!(!sans(&p).iter().any(|m| m.starts_with('P')), "no pawn to T4");
}

// G-2: the source game after 10.Nfz4 {T3}, replayed with legal chains.
const SAMPLE: &[(&[[u32; 2]], &str)] = &[
    (&[[1, 3]], "d4"),
    (&[[2, 3]], "Nf6"),
    (&[[1, 3]], "c4"),
    (&[[1, 3]], "g6"),
    (&[[2, 3]], "Nc3"),
    (&[[1, 3]], "d5"),
    (&[[2, 3]], "Nf3"),
    (&[[3, 4]], "Bg7"),
    (&[[3, 4]], "Bg5"),
    (&[[1, 4]], "O~O"),
    (&[[2, 2], [1, 3]], "Qc2"),
    (&[[2, 3]], "Nc6"),
    (&[[1, 3]], "e4"),
    (&[[1, 3]], "dxe4"),
    (&[[1, 3]], "d5"),
    (&[[2, 3]], "e5"),
    (&[[2, 3]], "Gd2"),
    (&[[2, 3]], "Ge7"),
    (&[[1, 1], [3, 3], [2, 4]], "Nfz4 {T3}"),
];

const AFTER_SAMPLE: &str = "4/r1bq1rk1/ppp1gpbp/3n2np2/4Pp1B2/3P1p3N/3N6/PPQG1PPP/R3KB1R/4 b KQ - - - 0 10";

fn roll(game: &mut Game, chain: &[[u32; 2]]) {
    for faces in chain {
        let side = game.position().turn();
        game.apply(Action::Roll { side, kind: 0, faces: faces.to_vec() }).unwrap();
    }
}

fn play(game: &mut Game, chain: &[[u32; 2]], mv: &str) -> Move {
    roll(game, chain);
    let side = game.position().turn();
    game.play_move(side, mv).unwrap_or_else(|e| panic!("{mv} with {chain:?}: {e}"))
}

#[test]
fn g02_the_sample_game_replays_to_the_spec_position() {
    let mut game = Game::new(Variant::Guardener).unwrap();
    for (chain, mv) in SAMPLE {
        play(&mut game, chain, mv);
    }
    assert_eq!(game.fen(), AFTER_SAMPLE);
    let written: Vec<&str> = game.moves_san().iter().map(String::as_str).collect();
    assert_eq!(written.last(), Some(&"Nfz4 {T3}"));
    assert_eq!(written[9], "O-O");
    // The Guardeners' squares under any roll, as the source lists them.
    for chain in [[1, 3], [2, 3], [1, 1]] {
        let mut p = fen::parse(&rules(), AFTER_SAMPLE).unwrap();
        p.set_granted(grants(&[chain, [2, 4]]));
        let black: Vec<String> = sans(&p).into_iter().filter(|m| m.starts_with('G')).collect();
        assert_eq!(black, sorted("Gd6 Ge9"), "{chain:?}");
        let mut white = fen::parse(&rules(), &AFTER_SAMPLE.replace(" b ", " w ")).unwrap();
        white.set_granted(grants(&[chain, [2, 4]]));
        let white: Vec<String> = sans(&white).into_iter().filter(|m| m.starts_with('G')).collect();
        assert_eq!(white, sorted("Gc1 Gd0 Gd4 Ge3"), "{chain:?}");
    }
}

#[test]
fn g02_the_sample_moves_need_the_dice_the_spec_names() {
    let mut game = Game::new(Variant::Guardener).unwrap();
    for (i, (chain, mv)) in SAMPLE.iter().enumerate() {
        let p = game.position().clone_with_granted(&[[2, 3]]);
        match i {
            // 8.d5 is illegal with [2,3]: d5 is beyond the centre.
            14 => assert!(notation::parse_move(&p, mv).is_err()),
            // 5...O-O needs a 4; 6.Qc2 a double; 7...dxe4 a 1.
            9 | 10 | 13 => assert!(notation::parse_move(&p, mv).is_err(), "{mv}"),
            _ => {}
        }
        play(&mut game, chain, mv);
    }
}

trait WithChain {
    fn clone_with_granted(&self, chain: &[[u32; 2]]) -> Position;
}

impl WithChain for Position {
    fn clone_with_granted(&self, chain: &[[u32; 2]]) -> Position {
        let mut p = fen::parse(self.rules(), &fen::write(self)).unwrap();
        p.set_granted(grants(chain));
        p
    }
}

// G-3: Bird's Opening threat.
#[test]
fn g03_a_bishop_reaches_z5_and_takes_the_king() {
    let text = "1[g]1/rnbqkbnr/pppppp1p/7p2/10/6P3/1P8/1PPPP1PP/RNBQKBNR/1[G]1 b KQkq - - - 0 2";
    let p = at(text, &[[3, 4]]);
    let bishop: Vec<String> = sans(&p).into_iter().filter(|m| m.starts_with("B")).collect();
    assert_eq!(bishop, sorted("Bg7 Bh6 Bz5"));
    let mut game = Game::from_fen(Variant::Guardener, text).unwrap();
    play(&mut game, &[[3, 4]], "Bz5");
    play(&mut game, &[[1, 3]], "a4");
    play(&mut game, &[[3, 2]], "Bxe1");
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::RoyalCaptured }));
    assert_eq!(game.moves_san().last().map(String::as_str), Some("Bxe1"));
    assert!(game.position().legal_moves().is_empty(), "a captured king leaves no moves");
}

// G-4: the Guardener's leap over the king.
#[test]
fn g04_guardener_leaps_over_the_king() {
    let text = "1[g]1/rnbqkbnr/1ppppppp/1p8/10/5P4/10/PPPP1PPP/RNBQKBNR/1[G]1 w KQkq - - - 0 2";
    let p = at(text, &[[2, 3]]);
    let g: Vec<String> = sans(&p).into_iter().filter(|m| m.starts_with('G')).collect();
    assert_eq!(g, sorted("Gc0 Ge2 Gf0"));
    assert_eq!(count(&p), 29);
    for bishop in ["Be2", "Bd3", "Bc4", "Bb5", "Bxa6"] {
        assert!(has(&p, bishop), "{bishop}");
    }
    let p = at(text, &[[1, 4]]);
    assert_eq!(count(&p), 20);
    assert!(has(&p, "e5") && has(&p, "Ke2") && has(&p, "Kf0") && !has(&p, "O-O"));
}

// G-5: promotion only to a piece of the own reserve.
#[test]
fn g05_promotion_draws_from_the_reserve() {
    let empty = "2k1/8/4P3/10/10/10/10/8/4K3/4 w - - - - 0 1";
    let p = at(empty, &[[1, 2]]);
    assert_eq!(sans(&p), sorted("Kd0 Kd1 Kd2 Ke0 Ke2 Kf0 Kf1 Kf2"));
    let reserve = "2k1/8/4P3/10/10/10/10/8/4K3/4 w - - - QN 0 1";
    let p = at(reserve, &[[1, 2]]);
    assert_eq!(count(&p), 10);
    assert!(has(&p, "e8=Q") && has(&p, "e8=N") && !has(&p, "e8=R") && !has(&p, "e8=B"));
    assert!(notation::parse_move(&p, "e8=G").is_err());
    assert_eq!(count(&at(reserve, &[[2, 3]])), 8);
    // The promotion takes the piece out of the reserve.
    let mut p = p;
    let mv = notation::parse_move(&p, "e7e8q").unwrap();
    p.make(mv);
    assert_eq!(fen::write(&p), "2k1/4Q3/8/10/10/10/10/8/4K3/4 b - - - N 0 1");
}

// G-6: castling needs a 4 on some die of the chain.
#[test]
fn g06_castling_needs_a_four() {
    let text = "4/4k3/8/10/10/10/10/PPPPPPPP/RNBQK2R/4 w KQ - - - 0 1";
    let castles = |chain: &[[u32; 2]]| has(&at(text, chain), "O-O");
    assert!(!castles(&[[1, 2]]));
    assert!(castles(&[[1, 4]]));
    assert!(!castles(&[[3, 3], [1, 2]]));
    assert!(castles(&[[3, 3], [4, 2]]));
    assert!(castles(&[[4, 4], [1, 2]]));
    for chain in [[1, 4], [4, 4]] {
        assert!(!has(&at(text, &[chain, [1, 2]]), "O-O-O"));
    }
    let mut p = at(text, &[[1, 4]]);
    let mv = notation::parse_move(&p, "O-O").unwrap();
    p.make(mv);
    assert_eq!(fen::write(&p), "4/4k3/8/10/10/10/10/PPPPPPPP/RNBQ1RK1/4 b - - - - 1 1");
}

// G-7: resurrection.
#[test]
fn g07_a_captured_guardener_is_resurrected_on_the_terrace() {
    let text = "4/4k3/8/9p/10/9N/10/8/4K3/4 w - - - - 0 1";
    let p = at(text, &[[2, 2], [3, 3], [1, 2]]);
    let expected = [
        "G@z3 {T3}",
        "G@z5 {T3}",
        "Kd0",
        "Ke0",
        "Kf0",
        "Kd1",
        "Kf1",
        "Kd2",
        "Ke2",
        "Kf2",
        "Kz3 {T3}",
        "Kz5 {T3}",
        "Ng3",
        "Ng5",
        "Nh2",
        "Nh6",
        "Nz3 {T3}",
        "Nz5 {T3}",
    ];
    assert_eq!(sans(&p), listed(&expected));
    assert_eq!(count(&p), 18);
    let mut p = p;
    let mv = notation::parse_move(&p, "G@z3").unwrap();
    assert_eq!(mv.special, Special::Drop(guardener::GUARDENER));
    p.make(mv);
    assert_eq!(fen::write(&p), "4/4k3/8/9p/10/9N/9G/8/4K3/4 b - - - - 0 1");
}

// G-8: capturing a straddling Guardener takes both halves.
#[test]
fn g08_capturing_either_half_takes_the_guardener() {
    let text = "1[g]1/rnbqkbnr/pppppppp/10/10/10/1b8/P1PPPPPP/RN1QKBNR/1[G]1 b KQkq - - - 0 1";
    let mut p = at(text, &[[3, 4]]);
    let mv = notation::parse_move(&p, "Bxd0").unwrap();
    p.make(mv);
    assert_eq!(fen::write(&p), "1[g]1/rnbqkbnr/pppppppp/10/10/10/10/P1PPPPPP/RN1QKBNR/1b2 w KQkq - - - 0 2");
    assert_eq!(p.hand(Color::White).count(guardener::GUARDENER), 1, "ready to be resurrected");
    p.unmake();
    assert_eq!(fen::write(&p), text);
}

// G-9: no legal move: forced pass, then stalemate.
#[test]
fn g09_no_move_is_a_forced_pass_then_a_stalemate() {
    let text = "4/4k3/8/10/10/10/7pp1/6PP/6RK/4 w - - - - 0 1";
    assert_eq!(count(&at(text, &[[2, 3]])), 0);
    assert_eq!(sans(&at(text, &[[1, 2]])), sorted("gxh3 hxg3"));
    assert_eq!(count(&at(text, &[[4, 4], [1, 2]])), 8);

    let mut game = Game::from_fen(Variant::Guardener, text).unwrap();
    roll(&mut game, &[[2, 3]]);
    let turn = game.turn().unwrap();
    assert_eq!(turn.choices.first(), Some(&Choice::Pass { forced: true }));
    game.apply(Action::Pass(Color::White)).unwrap();
    assert!(game.fen().contains(" W - 1 1"), "{}", game.fen());
    let used = text.replace(" - - 0 1", " W - 0 1");
    let mut game = Game::from_fen(Variant::Guardener, &used).unwrap();
    roll(&mut game, &[[2, 3]]);
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }));
}

// G-10: a pawn on a side terrace.
#[test]
fn g10_a_pawn_on_a_side_terrace() {
    let text = "4/4k3/8/1p8/P9/10/10/8/4K3/4 w - - - - 0 1";
    assert_eq!(count(&at(text, &[[2, 3]])), 8);
    let p = at(text, &[[1, 3]]);
    assert_eq!(count(&p), 10);
    assert!(has(&p, "w6") && has(&p, "wxa6"));
}

// G-11: pawn teleports.
#[test]
fn g11_a_pawn_never_teleports_behind_its_promotion_rank() {
    let text = "4/4k3/8/10/10/10/4P5/8/4K3/4 w - - - - 0 1";
    let p = at(text, &[[1, 1], [4, 4], [1, 2]]);
    let t4: Vec<String> = sans(&p).into_iter().filter(|m| m.ends_with("{T4}")).collect();
    let expected = ["G@c9 {T4}", "G@d9 {T4}", "G@e9 {T4}", "G@f9 {T4}", "Kc9 {T4}", "Kd9 {T4}", "Ke9 {T4}", "Kf9 {T4}"];
    assert_eq!(t4, listed(&expected));
    let p = at(text, &[[1, 1], [1, 1], [1, 2]]);
    for target in ["c0", "d0", "e0", "f0"] {
        assert!(has(&p, &format!("P{target} {{T1}}")), "{target}");
    }
    let mut p = p;
    let mv = notation::parse_move(&p, "Pc0 {T1}").unwrap();
    p.make(mv);
    assert_eq!(fen::write(&p), "4/4k3/8/10/10/10/10/8/4K3/P3 b - - - - 0 1");
}

// G-12: en passant needs a 1 or a double.
#[test]
fn g12_en_passant_is_a_pawn_capture() {
    let text = "4/4k3/8/10/4pP4/10/10/8/4K3/4 w - d6 - - 0 1";
    let p = at(text, &[[2, 3]]);
    assert!(!has(&p, "exd6") && !has(&p, "e6"));
    let p = at(text, &[[1, 3]]);
    assert!(has(&p, "exd6") && has(&p, "e6"));
    assert_eq!(notation::parse_move(&p, "e5d6").unwrap().special, Special::EnPassant);
}

// G-13: no check: a king beside enemy pieces.
#[test]
fn g13_the_king_needs_a_one_to_capture() {
    let text = "4/4k3/8/10/10/10/10/Pr6/Kq6/4 w - - - - 0 1";
    assert_eq!(sans(&at(text, &[[2, 3]])), sorted("a3 a4"));
    assert_eq!(sans(&at(text, &[[1, 3]])), sorted("Kxb1 Kxb2 a3 a4"));
}

#[test]
fn teleport_notation_reads_back_and_disambiguates() {
    let p = start(&[[1, 1], [3, 3], [2, 4]]);
    assert!(has(&p, "Ngz4 {T3}") && has(&p, "Nbz4 {T3}") && has(&p, "Pdz4 {T3}"));
    for (input, expected) in [
        ("Ngz4 {T3}", "Ngz4 {T3}"),
        ("Ngz4", "Ngz4 {T3}"),
        ("g1z4", "Ngz4 {T3}"),
        ("Nf3", "Nf3"),
        ("e0c0", "Gc0"),
        ("d0c0", "Gc0"),
        ("d0f0", "Gf0"),
        ("Gz5 {T3}", "Gz5 {T3}"),
        ("e4", "e4"),
    ] {
        let mv = notation::parse_move(&p, input).unwrap_or_else(|e| panic!("{input}: {e}"));
        assert_eq!(notation::san(&p, mv), expected, "{input}");
    }
    assert!(notation::parse_move(&p, "Nz4").is_err(), "two knights can teleport there");
    assert!(notation::parse_move(&p, "Ngz4 {T2}").is_err());
    // Teleporting the straddling Guardener lifts both halves.
    let mut p = p;
    p.make(notation::parse_move(&p, "Gz5").unwrap());
    assert!(fen::write(&p).ends_with("RNBQKBNR/4 b KQkq - - - 0 1"), "{}", fen::write(&p));
    assert!(fen::write(&p).contains("/9G/"));
}

#[test]
fn perft_counts_hold_for_fixed_chains() {
    let mut p = start(&[[1, 2]]);
    assert_eq!(perft(&mut p, 1), 23);
    let mut p = start(&[[1, 1], [3, 3], [2, 4]]);
    assert_eq!(perft(&mut p, 1), 92);
    // The chain holds at every ply: Black's replies have it too, unlike plain
    // perft, where a move ends the turn and its grants.
    let granted = p.granted();
    assert!(perft_granted(&mut p, 2, granted) > perft(&mut p, 2));
}

#[test]
fn position_text_refuses_nonsense() {
    let r = rules();
    for bad in [
        "4/8/8/10/10/10/10/8/8/4 w - - - - 0 1 extra",
        "1[g]1/rnbqkbnr/pppppppp/10/10/10/10/PPPPPPPP/RNBQKBNR/[G]2 w KQkq - - - 0 1",
        "4/4k3/8/10/10/10/10/8/4K3/4 w - - X - 0 1",
        "4/4k3/8/10/10/10/10/8/4K3/4 w - - - P 0 1",
        "4/4k3/8/10/10/10/10/8/4K3/p3 w - - - - 0 1",
        "4/4k3/8/10/10/10/10/8/GGK5/4 w - - - - 0 1",
        "4/4k3/8/10/10/10/10/8/4K3/5 w - - - - 0 1",
    ] {
        assert!(fen::parse(&r, bad).is_err(), "{bad}");
    }
    let text = "4/4k3/8/10/10/10/10/8/4K3/4 b - - WB Qrb 17 40";
    assert_eq!(fen::write(&fen::parse(&r, text).unwrap()), text);
}

#[test]
fn a_refused_move_names_the_face_it_needs() {
    let refused = |chain: &[[u32; 2]], text: &str| notation::parse_move(&start(chain), text).unwrap_err().to_string();
    let bishop = refused(&[[1, 2]], "Bc4");
    assert!(
        bishop.contains(
            "bishops move only when the dice show a 3 (or after a double on the turn's first roll), \
                         and this turn's dice show no 3"
        ),
        "{bishop}"
    );
    assert!(bishop.contains("no bishop of yours can move"), "{bishop}");
    let queen = refused(&[[1, 2]], "Qd2");
    assert!(queen.contains("the queen moves only after a double on the turn's first roll"), "{queen}");
    let mut game = Game::new(Variant::Guardener).unwrap();
    for (side, mv) in [(Color::White, "e4"), (Color::Black, "a6")] {
        game.apply(Action::Roll { side, kind: 0, faces: vec![1, 2] }).unwrap();
        game.play_move(side, mv).unwrap();
    }
    game.apply(Action::Roll { side: Color::White, kind: 0, faces: vec![2, 3] }).unwrap();
    let pawn = game.play_move(Color::White, "e5").unwrap_err().to_string();
    assert!(pawn.contains("pawns move past the middle of the board only when the dice show a 1"), "{pawn}");
}
