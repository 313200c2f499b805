//! `generate_noisy` yields exactly the captures and promotions of
//! `generate_legal`, in the same order, in every variant: over seeded random
//! play (checks, pins, en passant, promotions, castling, drops), with a
//! random single grant in force on a third of the positions (dice faces,
//! deployments, teleports), and over whole perft trees of sharp chess
//! positions.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::grants::{Grant, Grants};
use rookery_engine::{fen, notation, Move, Position, Variant};

/// The legal moves that take a piece or promote, by the full generator.
fn noisy_by_filter(position: &Position) -> Vec<Move> {
    let mut legal = position.legal_moves();
    legal.retain(|mv| notation::is_capture(position, *mv) || mv.promotion().is_some());
    legal
}

fn assert_same(position: &Position) -> usize {
    let mut noisy = Vec::new();
    position.generate_noisy(&mut noisy);
    assert_eq!(noisy, noisy_by_filter(position), "{}", fen::write(position));
    assert!(noisy.iter().all(|mv| position.is_noisy(*mv)));
    noisy.len()
}

/// Random games from `position`, comparing the two at every position; returns
/// how many positions were compared and how many noisy moves they had.
fn random_play(mut position: Position, games: usize, seed: u64) -> (usize, usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut positions, mut noisy) = (0, 0);
    for _ in 0..games {
        let mut played = 0;
        for _ply in 0..200 {
            noisy += assert_same(&position);
            positions += 1;
            let mut moves = position.legal_moves();
            if rng.random_range(0..3) == 0 {
                position.set_granted(Grants::NONE.with(Grant::new(rng.random_range(0..8))));
                noisy += assert_same(&position);
                positions += 1;
                let granted = position.legal_moves();
                if granted.is_empty() {
                    position.set_granted(Grants::NONE);
                } else {
                    moves = granted;
                }
            }
            if moves.is_empty() {
                break;
            }
            // Captures half the time, so games reach promotions and bare endings.
            let captures: Vec<Move> = moves.iter().copied().filter(|mv| position.is_noisy(*mv)).collect();
            let pool = if !captures.is_empty() && rng.random_bool(0.5) { &captures } else { &moves };
            position.make(pool[rng.random_range(0..pool.len())]);
            played += 1;
        }
        for _ in 0..played {
            position.unmake();
        }
    }
    (positions, noisy)
}

#[test]
fn noisy_moves_match_the_filtered_legal_moves_in_every_variant() {
    for variant in Variant::ALL {
        let rules = variant.rules().unwrap();
        let start = fen::parse(&rules, rules.start).unwrap();
        let (positions, noisy) = random_play(start, 25, 3);
        assert!(positions > 1_000, "{variant:?}: only {positions} positions");
        assert!(noisy > positions / 4, "{variant:?}: only {noisy} noisy moves in {positions} positions");
    }
}

/// Every position of the tree `depth` plies deep.
fn perft_compare(position: &mut Position, depth: u32) -> usize {
    let mut compared = 1;
    assert_same(position);
    if depth == 0 {
        return compared;
    }
    for mv in position.legal_moves() {
        position.make(mv);
        compared += perft_compare(position, depth - 1);
        position.unmake();
    }
    compared
}

#[test]
fn noisy_moves_match_over_perft_trees_of_sharp_chess_positions() {
    let rules = Variant::Chess.rules().unwrap();
    for (text, depth) in [
        // Kiwipete: pins, castling both ways, en passant after a double step.
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
        // En passant that would expose the king on a rank.
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
        // Promotions with and without captures, both sides.
        ("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 3),
        // Checks and promotions at once.
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
    ] {
        let mut position = fen::chess::parse(&rules, text).unwrap();
        assert!(perft_compare(&mut position, depth) > 1_000, "{text}");
    }
}
