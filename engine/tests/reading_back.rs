//! Every name the engine writes reads back as that move, in every built
//! variant, over random games (a property test: positions the hand-written
//! cases never reach); and position text with absurd move counters is refused
//! rather than wrapping.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::{fen, notation, Variant};

const GAMES: u64 = 12;
const PLIES: usize = 120;

#[test]
fn every_written_move_name_reads_back_as_that_move() {
    for (index, variant) in Variant::ALL.into_iter().enumerate() {
        let Ok(rules) = variant.rules() else { continue };
        let mut rng = StdRng::seed_from_u64(0x5EED ^ index as u64);
        let mut checked = 0;
        for _ in 0..GAMES {
            let mut position = fen::parse(&rules, rules.start).unwrap();
            for _ in 0..PLIES {
                let legal = position.legal_moves();
                if legal.is_empty() {
                    break;
                }
                for &mv in &legal {
                    let name = notation::san_among(&position, mv, &legal);
                    let read = notation::parse_move(&position, &name);
                    assert_eq!(read, Ok(mv), "{variant}: `{name}` in {}", fen::write(&position));
                    let coordinates = notation::coordinates(&position, mv);
                    let read = notation::parse_move(&position, &coordinates);
                    assert_eq!(read, Ok(mv), "{variant}: `{coordinates}` in {}", fen::write(&position));
                    checked += 1;
                }
                position.make(legal[rng.random_range(0..legal.len())]);
            }
        }
        assert!(checked > 1_000, "{variant}: only {checked} moves checked");
    }
}

/// Whatever follows a whole move is refused, never read as the move before
/// it (`e4xx` was played as `e4`), in every variant's notation.
#[test]
fn trailing_garbage_after_a_move_is_refused() {
    const TAILS: [&str; 11] = ["x", "xx", "-", "--", ":", "*", "x1", ".", ",", "xx+", "zz"];
    for (index, variant) in Variant::ALL.into_iter().enumerate() {
        let rules = variant.rules().unwrap();
        let mut rng = StdRng::seed_from_u64(0x7A11 ^ index as u64);
        let mut position = fen::parse(&rules, rules.start).unwrap();
        for _ in 0..40 {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            for &mv in legal.iter().take(8) {
                let name = notation::san_among(&position, mv, &legal);
                let coordinates = notation::coordinates(&position, mv);
                for (written, tail) in [&name, &coordinates].into_iter().flat_map(|w| TAILS.map(|t| (w, t))) {
                    let text = format!("{written}{tail}");
                    let error = notation::parse_move(&position, &text)
                        .expect_err(&format!("{variant}: `{text}` in {}", fen::write(&position)));
                    assert!(error.to_string().contains('`'), "{variant}: `{text}`: {error}");
                }
            }
            position.make(legal[rng.random_range(0..legal.len())]);
        }
    }
    let chess = Variant::Chess.rules().unwrap();
    let start = fen::parse(&chess, chess.start).unwrap();
    for text in ["e4x", "e4xx"] {
        let error = notation::parse_move(&start, text).unwrap_err().to_string();
        assert!(error.starts_with(&format!("`{text}` is not a move I can read")), "{error}");
    }
}

/// The case that was found: beside the Double Leap `NNg3`, the plain `Ng3`.
#[test]
fn a_plain_knight_move_beside_a_double_leap() {
    let rules = Variant::LuckDragon.rules().unwrap();
    let mut position = fen::parse(&rules, rules.start).unwrap();
    for text in ["NNd4", "NNi5/B"] {
        let mv = notation::parse_move(&position, text).unwrap();
        position.make(mv);
    }
    let legal = position.legal_moves();
    let names: Vec<String> = legal.iter().map(|m| notation::san_among(&position, *m, &legal)).collect();
    assert!(names.iter().any(|n| n == "Ng3") && names.iter().any(|n| n == "NNg3"), "{names:?}");
    let plain = notation::parse_move(&position, "Ng3").unwrap();
    let double = notation::parse_move(&position, "NNg3").unwrap();
    assert_ne!(plain, double);
    assert_eq!(notation::san_among(&position, plain, &legal), "Ng3");
}

#[test]
fn absurd_move_counters_are_refused() {
    let rules = Variant::Chess.rules().unwrap();
    for text in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 4294967295",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 99999999999999999999999",
        "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1000001",
    ] {
        let error = fen::parse(&rules, text).unwrap_err().to_string();
        assert!(error.contains("beyond any game"), "{text}: {error}");
    }
    // The largest allowed number counts on without wrapping.
    let mut position = fen::parse(&rules, "4k3/8/8/8/8/8/8/4K3 b - - 0 1000000").unwrap();
    let mv = notation::parse_move(&position, "Kd7").unwrap();
    position.make(mv);
    assert_eq!(position.fullmove_number(), 1_000_001);
    let ld = Variant::LuckDragon.rules().unwrap();
    let text = "4k5/10/10/10/4N5/10/10/K3R5 b - - 7 4294967295 -/- E e4";
    assert!(fen::parse(&ld, text).unwrap_err().to_string().contains("beyond any game"));
}
