//! `count_legal` counts exactly the moves `legal_moves` lists, in every
//! variant (chess by masks, the others by listing), over seeded random play
//! that passes through checks, pins, en passant, promotions and castling.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::{fen, Position, Variant};

fn random_play_counts(mut position: Position, games: usize, seed: u64) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut checked = 0;
    for _ in 0..games {
        let mut played = 0;
        for _ply in 0..200 {
            let legal = position.legal_moves();
            assert_eq!(position.count_legal(), legal.len() as u64, "{}", fen::write(&position));
            checked += 1;
            if legal.is_empty() {
                break;
            }
            position.make(legal[rng.random_range(0..legal.len())]);
            played += 1;
        }
        for _ in 0..played {
            position.unmake();
        }
    }
    checked
}

#[test]
fn counts_match_the_lists_in_every_variant() {
    for variant in Variant::ALL {
        let Ok(rules) = variant.rules() else { continue };
        let start = fen::parse(&rules, rules.start).unwrap();
        let checked = random_play_counts(start, 30, 7);
        assert!(checked > 500, "{variant:?}: only {checked} positions");
    }
}

#[test]
fn the_rules_data_decides_who_is_counted_by_masks() {
    assert!(Variant::Chess.rules().unwrap().tables.bits().is_some());
    // 288 cells do not fit a mask; such boards are listed and counted.
    assert!(Variant::Dragonchess.rules().unwrap().tables.bits().is_none());
}

#[test]
fn counts_match_the_lists_in_sharp_chess_positions() {
    let rules = Variant::Chess.rules().unwrap();
    for text in [
        // Kiwipete: pins, castling both ways, en passant after a double step.
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // Perft suite position 3: en passant that would expose the king on a rank.
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        // Promotions with captures, both sides.
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        // A pinned pawn that may capture en passant only along its pin.
        "8/8/8/1k6/2pP4/8/8/5B1K b - d3 0 1",
    ] {
        let position = fen::chess::parse(&rules, text).unwrap();
        assert!(random_play_counts(position, 40, 11) > 100, "{text}");
    }
}

/// Games with reserves are counted by masks too: deployments land immune
/// pieces, revival refills reserves, and the king's kept square and a due
/// deployment switch bulk counting off. Random play deploys on a third of
/// the turns (every face of the die), so the counts meet all of it.
#[test]
fn counts_match_the_lists_with_reserves_deployments_and_immunity() {
    use rookery_engine::variants::dicelanding::{self, DEPLOY, OPTIONS};
    use rookery_engine::GameOptions;
    let mut rng = StdRng::seed_from_u64(5);
    let mut immune_seen = 0;
    for (options, lineup) in [
        ("captured=revival", dicelanding::START),
        ("", dicelanding::KING_ONLY),
        ("die=QRBN**", dicelanding::START),
        // Both kings in reserve: their kept squares restrict the board moves.
        ("", "8/2pppp2/8/8/8/8/2PPPP2/8[KQRRBBNNkqrrbbnn] w - - 0 1 -"),
    ] {
        let rules = dicelanding::rules_for(&GameOptions::parse(OPTIONS, options).unwrap());
        let mut position = fen::parse(&rules, lineup).unwrap();
        for _ in 0..12 {
            let mut played = 0;
            for _ply in 0..150 {
                let board_moves = position.legal_moves();
                assert_eq!(position.count_legal(), board_moves.len() as u64, "{}", fen::write(&position));
                immune_seen += usize::from(!position.immune().is_empty());
                let mut moves = board_moves;
                if rng.random_range(0..3) == 0 {
                    position.set_granted(DEPLOY[rng.random_range(0..DEPLOY.len())].into());
                    let deployments = position.legal_moves();
                    assert_eq!(position.count_legal(), deployments.len() as u64, "{}", fen::write(&position));
                    if deployments.is_empty() {
                        position.set_granted(Default::default());
                    } else {
                        moves = deployments;
                    }
                }
                if moves.is_empty() {
                    break;
                }
                position.make(moves[rng.random_range(0..moves.len())]);
                played += 1;
            }
            for _ in 0..played {
                position.unmake();
            }
        }
    }
    assert!(immune_seen > 100, "only {immune_seen} positions with a landed piece");
}
