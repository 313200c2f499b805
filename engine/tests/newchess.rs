//! New chess: every worked case NC1-NC10 of §13 of the rules
//! (`shared/rules/new-chess.md`), the secret true king, the price of a
//! mated brother and the options.

use rookery_engine::game::{Action, Choice, EndReason, Game, GameError};
use rookery_engine::notation;
use rookery_engine::perft::perft;
use rookery_engine::position::Position;
use rookery_engine::search::{Searcher, Weights};
use rookery_engine::turns::commitment;
use rookery_engine::{fen, Color, GameOptions, Variant};

const NONCE: &str = "00112233445566778899aabbccddeeff";

fn position(options: &str, text: &str) -> Position {
    let rules = Variant::NewChess
        .rules_for(&GameOptions::parse(Variant::NewChess.rules().unwrap().options, options).unwrap())
        .unwrap();
    fen::parse(&rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Every legal move in SAN-NC without check marks, sorted.
fn legal(position: &Position) -> Vec<String> {
    let moves = position.legal_moves();
    let mut names: Vec<String> = moves
        .iter()
        .map(|m| notation::san_among(position, *m, &moves).trim_end_matches(['+', '#']).to_string())
        .collect();
    names.sort();
    names
}

fn legal_starting(position: &Position, prefix: &str) -> Vec<String> {
    legal(position).into_iter().filter(|m| m.starts_with(prefix)).collect()
}

fn sorted(names: &str) -> Vec<String> {
    let mut v: Vec<String> = names.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn start() -> Position {
    position("", rookery_engine::variants::newchess::START)
}

/// A game from `fen` with both secrets chosen (`white`, `black` are `E` or `F`).
fn game(options: &str, fen: Option<&str>, white: &str, black: &str) -> Game {
    let mut game = Game::create(Variant::NewChess, options, fen).unwrap();
    for (side, option) in [(Color::White, white), (Color::Black, black)] {
        let commitment = commitment("game1", side, option, NONCE);
        game.apply(Action::ChooseSecret { side, context: "game1".into(), commitment }).unwrap();
    }
    game
}

fn play(game: &mut Game, moves: &str) {
    for mv in moves.split_whitespace() {
        let side = game.position().turn();
        game.play_move(side, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

fn reveal(game: &mut Game, side: Color, option: &str) {
    game.apply(Action::Reveal { side, option: option.into(), nonce: NONCE.into() }).unwrap();
}

#[test]
fn nc1_the_start_has_34_moves() {
    let p = start();
    let expected = "Ta2 a4 Hd2 Cj2 Cxb10 Fd2 c4 Gc2 Gd2 Ge2 Sc4 Sd4 Se4 Kd2 Kee2 Kef2 e4 Kfe2 Kff2 Kg2 f4 \
                    Gf2 Gg2 Gh2 Sf4 Sg4 Sh4 Fg2 h4 Hg2 Ca2 Cxi10 Tj2 j4";
    assert_eq!(legal(&p), sorted(expected));
    for illegal in ["e5", "Cb5", "Hc3", "Cxb9"] {
        assert!(notation::parse_move(&p, illegal).is_err(), "{illegal}");
    }
    assert_eq!(fen::write(&p), rookery_engine::variants::newchess::START);
}

#[test]
fn nc2_cannon_hops_one_screen() {
    let p = position("", "k8j/10/10/10/2p7/10/2P2c4/2C1P4T/10/K8J[] w - 0 1");
    assert_eq!(legal_starting(&p, "C"), sorted("Cc5 Cxc6 Cf3 Cg3 Ch3 Ci3"));
}

#[test]
fn nc3_a_second_piece_cancels_the_cannon_check() {
    let p = position("", "4k5/3g6/10/10/10/10/10/4P5/10/4C4J[] b - 0 1");
    assert!(p.is_check());
    assert_eq!(legal(&p), sorted("Ge9 Ge8 Kd10 Kf10 Kf9"));
}

#[test]
fn nc4_double_check() {
    let p = position("", "k8j/10/4t5/2f7/10/10/3G1J4/10/10/4K5[] w - 0 1");
    assert_eq!(p.attacked_royals(Color::White).len(), 2);
    assert_eq!(legal(&p), sorted("Ge5 Ge4 Kd1 Kd2 Kf1 Kf2 Kf3 Kf5 Kg4 Kg5"));
    let mv = notation::parse_move(&p, "Kg4").unwrap();
    let mut after = p.clone();
    after.make(mv);
    assert!(notation::parse_move(&after, "Txe1").is_err(), "L4: a king is never taken");
    let mv = notation::parse_move(&after, "Ka9").unwrap();
    after.make(mv);
    assert_eq!(legal(&after), sorted("Ge4 Ge5 Kd1 Kd2 Kf1 Kf2"), "NC4b");
}

#[test]
fn nc5_a_mated_brother_pays_four_pawns_and_white_moves_on() {
    let fen = "tt7j/10/10/10/10/10/10/6PPPP/10/J8K[] w - 0 1";
    // J (the F-king, on a1) is the brother: White's true king is the E-king.
    let mut g = game("", Some(fen), "E", "E");
    assert_eq!(g.turn().unwrap().choices, [Choice::Reveal]);
    assert_eq!(g.play_move(Color::White, "Kj2"), Err(GameError::RevealFirst));
    reveal(&mut g, Color::White, "E");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.turn().unwrap().choices, [Choice::PayPrice]);
    let prices = g.payable_prices(Color::White);
    assert_eq!(prices.len(), 1);
    assert_eq!(prices[0].0.word, "pawns");
    let rules = std::sync::Arc::clone(g.position().rules());
    let sq = |name: &str| rules.geometry.parse_square(name).unwrap();
    let wrong = vec![sq("g3"), sq("h3"), sq("i3")];
    assert!(matches!(
        g.apply(Action::PayPrice { side: Color::White, squares: wrong }),
        Err(GameError::PriceRefused(_))
    ));
    let squares = ["g3", "h3", "i3", "j3"].map(sq).to_vec();
    g.apply(Action::PayPrice { side: Color::White, squares }).unwrap();
    assert_eq!(g.fen(), "tt7j/10/10/10/10/10/10/10/10/9K[Jpppp] w - 0 1");
    let mut drops: Vec<String> = legal_starting(g.position(), "K*");
    assert_eq!(drops.len(), 23);
    drops.retain(|d| d.starts_with("K*a") || d.starts_with("K*b"));
    assert!(drops.is_empty());
    assert_eq!(legal(g.position()).len(), 26);
    assert!(legal(g.position()).contains(&"Ki1".to_string()));
    assert_eq!(g.record().actions.last().unwrap(), "price white g3,h3,i3,j3");
    let replayed = Game::replay(&g.record()).unwrap();
    assert_eq!(replayed.fen(), g.fen());
}

#[test]
fn nc5_the_true_king_mated_loses() {
    let fen = "tt7j/10/10/10/10/10/10/6PPPP/10/J8K[] w - 0 1";
    let mut g = game("", Some(fen), "F", "E");
    reveal(&mut g, Color::White, "F");
    let outcome = g.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (Some(Color::Black), EndReason::Checkmate));
}

#[test]
fn nc5_without_a_payable_price_the_brother_leaves_for_good() {
    let fen = "tt7j/10/10/10/10/10/10/7PPP/10/J8K[] w - 0 1";
    let mut g = game("", Some(fen), "E", "E");
    reveal(&mut g, Color::White, "E");
    assert_eq!(g.outcome(), None);
    assert_eq!(g.fen(), "tt7j/10/10/10/10/10/10/7PPP/10/9K[] w - 0 1");
    assert_eq!(g.turn().unwrap().choices, [Choice::Move]);
}

#[test]
fn nc6_knighting_forced_on_the_last_rank_optional_in_the_enemy_land() {
    let p = position("", "k8j/S6P2/10/10/10/2F7/10/10/10/K8J[] w - 0 1");
    let all = legal(&p);
    for forced in ["Sb10^", "h10^"] {
        assert!(all.contains(&forced.to_string()), "{forced}");
    }
    for illegal in ["Sb10", "h10"] {
        assert!(!all.contains(&illegal.to_string()), "{illegal}");
        assert!(notation::parse_move(&p, &format!("{illegal}=")).is_err());
    }
    for both in ["Ff8", "Fg9", "Fh10"] {
        assert!(all.contains(&both.to_string()) && all.contains(&format!("{both}^")), "{both}");
    }
    assert!(all
        .iter()
        .filter(|m| m.ends_with('^'))
        .all(|m| m.ends_with("8^") || m.ends_with("9^") || m.ends_with("10^")));
    // Without `^` a knightable move is read as written in SAN-NC: declined.
    assert_eq!(notation::parse_move(&p, "Ff8"), notation::parse_move(&p, "Ff8="));
    assert!(notation::parse_move(&p, "Sb10").is_err(), "knighting is forced there");
    // Black is in check from the sergeant on b9 all along.
    assert_eq!(notation::san(&p, notation::parse_move(&p, "c5f8^").unwrap()), "Ff8^+");
    assert_eq!(notation::san(&p, notation::parse_move(&p, "c5f8=").unwrap()), "Ff8+");
}

#[test]
fn nc7_castling_swaps_king_and_tower() {
    let p = position("", "k8j/10/10/10/10/10/10/P1PSPPSP1P/1C6C1/T3KJ3T[] w AJ 0 1");
    for (text, fen) in [
        ("O-O-O", "k8j/10/10/10/10/10/10/P1PSPPSP1P/1C6C1/1K1T1J3T[] b J 1 1"),
        ("O-O", "k8j/10/10/10/10/10/10/P1PSPPSP1P/1C6C1/T3K1T1J1[] b A 1 1"),
    ] {
        let mut after = p.clone();
        after.make(notation::parse_move(&p, text).unwrap());
        assert_eq!(fen::write(&after), fen, "{text}");
    }
    assert_eq!(notation::san(&p, notation::parse_move(&p, "e1b1").unwrap()), "O-O-O");
    let fide = position("castling=fide", "k8j/10/10/10/10/10/10/P1PSPPSP1P/1C6C1/T3KJ3T[] w AJ 0 1");
    let mut after = fide.clone();
    after.make(notation::parse_move(&fide, "O-O-O").unwrap());
    assert!(fen::write(&after).starts_with("k8j/10/10/10/10/10/10/P1PSPPSP1P/1C6C1/2KT1J3T[] b "));
}

#[test]
fn nc8_no_castling_through_an_attacked_square() {
    let p = position("", "k1t6j/10/10/10/10/10/10/P2SPPSP1P/1C6C1/T3KJ3T[] w AJ 0 1");
    let all = legal(&p);
    assert!(!all.contains(&"O-O-O".to_string()));
    assert!(all.contains(&"O-O".to_string()));
}

#[test]
fn nc9_a_drop_must_not_attack_an_enemy() {
    let p = position("", "k8j/10/10/10/10/2t7/10/10/10/K8J[T] w - 0 1");
    let drops = legal_starting(&p, "T*");
    assert_eq!(drops.len(), 21);
    for illegal in ["c1", "c2", "c3", "a2", "a3", "j2", "j3"] {
        assert!(!drops.contains(&format!("T*{illegal}")), "{illegal}");
    }
    assert!(notation::parse_move(&p, "T@d2").is_ok());
}

#[test]
fn nc10_the_cannon_takes_the_horse() {
    let mut p = start();
    p.make(notation::parse_move(&p, "Cxb10").unwrap());
    assert!(notation::parse_move(&p, "Txb10").is_ok());
}

#[test]
fn kings_are_told_apart_by_their_origin() {
    let p = start();
    assert_eq!(notation::san(&p, notation::parse_move(&p, "Kee2").unwrap()), "Kee2");
    assert_eq!(notation::san(&p, notation::parse_move(&p, "f1e2").unwrap()), "Kfe2");
    assert!(matches!(notation::parse_move(&p, "Ke2"), Err(notation::MoveError::Ambiguous { .. })));
}

#[test]
fn perft_from_the_start() {
    let mut p = start();
    assert_eq!(perft(&mut p, 1), 34);
    // Cross-checked against the naive generator (newchess_reference.rs).
    assert_eq!(perft(&mut p, 2), 1_144);
}

#[test]
fn grasshopper_lands_right_behind_its_screen() {
    let p = position("cannon=grasshopper", "k8j/10/10/10/2p7/10/2P2c4/2C1P4T/10/K8J[] w - 0 1");
    assert_eq!(legal_starting(&p, "C"), sorted("Cc5 Cf3"));
    let xiangqi = position("cannon=xiangqi", "k8j/10/10/10/2p7/10/2P2c4/2C1P4T/10/K8J[] w - 0 1");
    assert_eq!(legal_starting(&xiangqi, "C"), sorted("Ca3 Cb3 Cc1 Cc2 Cd3 Cxc6"));
}

#[test]
fn king_only_evasion_moves_a_checked_king() {
    let p = position("check_evasion=king_only", "4k5/3g6/10/10/10/10/10/4P5/10/4C4J[] b - 0 1");
    assert_eq!(legal(&p), sorted("Kd10 Kf10 Kf9"));
}

#[test]
fn a_brother_mated_in_play_is_marked_paid_for_and_dropped_again() {
    let mut g = game("", Some("2t6j/1t8/10/10/10/10/10/6PPPP/10/J8K[] b - 0 1"), "E", "F");
    play(&mut g, "Ta10");
    assert_eq!(g.moves_san(), ["Ta10+"], "no mark tells the mate before the reveal");
    assert_eq!(g.turn().unwrap().choices, [Choice::Reveal]);
    reveal(&mut g, Color::White, "E");
    assert_eq!(g.moves_san(), ["Ta10#"]);
    assert_eq!(g.price_due(), Some(Color::White));
    assert_eq!(g.play_move(Color::White, "Ki1"), Err(GameError::PriceFirst));
    let rules = std::sync::Arc::clone(g.position().rules());
    let squares = ["g3", "h3", "i3", "j3"].map(|s| rules.geometry.parse_square(s).unwrap()).to_vec();
    g.apply(Action::PayPrice { side: Color::White, squares }).unwrap();
    play(&mut g, "Ki1 Tc9 K*e2");
    assert_eq!(g.fen(), "t8j/2t7/10/10/10/10/10/10/4J5/8K1[pppp] b - 0 3");
    assert_eq!(g.forfeits().len(), 1);
    assert_eq!(Game::replay(&g.record()).unwrap().fen(), g.fen());
}

#[test]
fn a_brother_mated_a_cannon_paid_a_re_entry_and_the_true_king_mated() {
    let mut g = game("", Some("j8k/7Pt1/8P1/10/10/5c4/3F6/10/1T8/2T1KJ4[] w - 0 1"), "F", "E");
    play(&mut g, "Ta1");
    reveal(&mut g, Color::Black, "E");
    let prices: Vec<&str> = g.payable_prices(Color::Black).iter().map(|(p, _)| p.word).collect();
    assert_eq!(prices, ["tower", "cannon"]);
    let rules = std::sync::Arc::clone(g.position().rules());
    let f5 = rules.geometry.parse_square("f5").unwrap();
    g.apply(Action::PayPrice { side: Color::Black, squares: vec![f5] }).unwrap();
    assert_eq!(g.fen(), "9k/7Pt1/8P1/10/10/10/3F6/10/1T8/T3KJ4[Cj] b - 0 1");
    play(&mut g, "K*d8 Ta10");
    let outcome = g.outcome().unwrap();
    assert_eq!((outcome.winner, outcome.reason), (Some(Color::White), EndReason::Checkmate));
    assert_eq!(g.moves_san(), ["Ta1#", "K*d8", "Ta10#"]);
}

#[test]
fn a_knightable_move_without_a_mark_leaves_the_knighting_open() {
    let p = position("", "k8j/S6P2/10/10/10/2F7/10/10/10/K8J[] w - 0 1");
    let san =
        |moves: Vec<rookery_engine::Move>| -> Vec<String> { moves.into_iter().map(|m| notation::san(&p, m)).collect() };
    for text in ["Ff8", "c5f8", "Ff8+", "Fh10"] {
        let ways = notation::open_promotion(&p, text).unwrap_or_else(|| panic!("{text} is open"));
        assert_eq!(ways.len(), 2, "{text}");
        assert!(ways[0].promotion().is_none() && ways[1].promotion().is_some(), "{text}");
    }
    assert_eq!(san(notation::open_promotion(&p, "Ff8").unwrap()), ["Ff8+", "Ff8^+"]);
    // Said, forced, impossible or not a move: nothing to ask.
    for text in ["Ff8^", "Ff8=", "c5f8^", "c5f8=", "h10^", "h10", "Fe7", "Sb10^", "Fx"] {
        assert_eq!(notation::open_promotion(&p, text), None, "{text}");
    }
    // Chess promotions are never optional, so never open.
    let chess = fen::parse(&Variant::Chess.rules().unwrap(), "8/4P3/8/8/8/8/8/k3K3 w - - 0 1").unwrap();
    assert_eq!(notation::open_promotion(&chess, "e8=Q"), None);
    assert_eq!(notation::open_promotion(&chess, "e7e8q"), None);
}

#[test]
fn a_side_ahead_does_not_walk_into_a_third_occurrence_its_table_hides() {
    // From a game between levels 8 and 7: White, a tower up, shuffles its
    // fool between f4 and e5 while Black's cannon goes to j2 and back to j5.
    // After 1.Ff4 Cj2 2.Fe5 Cj5 3.Ff4 Cj2, 4.Fe5 would let 4...Cj5 put the
    // start position on the board a third time: a draw. The searcher's table
    // still held the position after Fe5 at +5 pawns from the first time round.
    let fen = "1k6t1/1g3j1g2/p2sp2p1p/3ffps3/2p7/T3FhS2c/2P1H4P/P2SPP1P2/CG4HG2/4K1JT2[] w - 8 30";
    let mut game = game("", Some(fen), "E", "E");
    // The game was played while enemy pieces near a king counted for its
    // side (`royal_danger`'s sign, put right on 29 November): its weight
    // negated scores exactly as then, so the searcher meets the same line.
    let rules = game.position().rules().clone();
    let then = Weights { royal_danger: -Weights::derived(&rules).royal_danger, ..Weights::derived(&rules) };
    let mut searcher = Searcher::new(&rules).positional().with_weights(then);
    // A searcher that followed the game, searching each position as it came
    // (five plies deep: since the pruning near the leaves grew on 29
    // November, at six it prefers another move the first time round).
    let mut choices = Vec::new();
    for san in ["Ff4", "Cj2", "Fe5", "Cj5", "Ff4", "Cj2"] {
        searcher.set_game(game.earlier_positions(), game.options());
        let result = searcher.search(&mut game.position().clone(), 5);
        choices.push((notation::san(game.position(), result.best.unwrap()), result.score));
        play(&mut game, san);
    }
    // The first time round Fe5 is the searcher's choice: the test is about it.
    assert_eq!(choices[2].0, "Fe5", "{choices:?}");
    searcher.set_game(game.earlier_positions(), game.options());
    let result = searcher.search(&mut game.position().clone(), 5);
    let chosen = notation::san(game.position(), result.best.unwrap());
    assert_ne!(chosen, "Fe5", "{choices:?}, then {chosen} {}", result.score);
    assert!(result.score > 300, "{choices:?}, then {chosen} {}", result.score);
}
