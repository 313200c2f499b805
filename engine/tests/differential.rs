//! Differential test against shakmaty: positions reached by seeded random play
//! must have the same legal moves, the same SAN for every move and the same FEN.

use std::collections::BTreeSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::{fen, notation, Variant};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Position as _};

#[test]
fn random_play_agrees_with_shakmaty() {
    let rules = Variant::Chess.rules().unwrap();
    let mut rng = StdRng::seed_from_u64(2026);
    let mut positions = 0;
    let mut games = 0;
    while positions < 12_000 {
        games += 1;
        let mut ours = fen::chess::parse(&rules, rookery_engine::variants::chess::START).unwrap();
        let mut theirs = Chess::default();
        for _ply in 0..300 {
            positions += 1;
            let their_fen = Fen::from_position(&theirs, EnPassantMode::Legal).to_string();
            assert_eq!(fen::chess::write(&ours), their_fen, "game {games}");
            let legal = ours.legal_moves();
            let our_moves: BTreeSet<String> = legal.iter().map(|m| notation::coordinates(&ours, *m)).collect();
            let their_moves: BTreeSet<String> =
                theirs.legal_moves().iter().map(|m| UciMove::from_standard(*m).to_string()).collect();
            assert_eq!(our_moves, their_moves, "moves in {their_fen}");
            for mv in &legal {
                let uci: UciMove = notation::coordinates(&ours, *mv).parse().unwrap();
                let their_move = uci.to_move(&theirs).unwrap();
                let their_san = SanPlus::from_move(theirs.clone(), their_move).to_string();
                assert_eq!(notation::san_among(&ours, *mv, &legal), their_san, "SAN in {their_fen}");
                assert_eq!(notation::parse_move(&ours, &their_san), Ok(*mv), "reading {their_san} in {their_fen}");
            }
            if legal.is_empty() || ours.halfmove_clock() >= 100 {
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            let uci: UciMove = notation::coordinates(&ours, mv).parse().unwrap();
            let their_move = uci.to_move(&theirs).unwrap();
            theirs = theirs.play(their_move).unwrap();
            ours.make(mv);
        }
    }
    // Sanity: the run covered many games, not one long one.
    assert!(games > 20, "{games} games");
}
