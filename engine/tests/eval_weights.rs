//! The evaluation's weights gathered in one struct score exactly as the
//! constants they replaced: positions of every variant from seeded random
//! play, scored before the change (`tests/data/eval-scores.txt`, recorded at
//! commit 1606a8e with `RECORD_EVAL_SCORES=1`), are scored the same with the
//! weights derived from the rules. Recorded again on 28 November 2026 when
//! a bare side's royal pieces came to be worth cornering: the 133 lines that
//! changed are all positions where one side has nothing but royal pieces.
//! Recorded again on 29 November 2026 when the sign of `royal_danger` was
//! put right (enemy pieces near a royal piece had counted for its side): the
//! 315 lines that changed each moved by a multiple of twice its weight, 24.

use std::fmt::Write;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::search::{Searcher, Weights};
use rookery_engine::{fen, Position, Variant};

const SCORES: &str = "tests/data/eval-scores.txt";

/// Every fourth position of a few random games of `variant`, captures
/// preferred half the time so games reach bare endings.
fn positions(variant: Variant) -> Vec<Position> {
    let rules = variant.rules().unwrap();
    let mut rng = StdRng::seed_from_u64(33);
    let mut found = Vec::new();
    for _game in 0..6 {
        let mut position = fen::parse(&rules, rules.start).unwrap();
        for ply in 0..160 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            if ply % 4 == 3 {
                found.push(position.clone());
            }
            let captures: Vec<_> = moves.iter().copied().filter(|mv| position.is_noisy(*mv)).collect();
            let pool = if !captures.is_empty() && rng.random_bool(0.5) { &captures } else { &moves };
            position.make(pool[rng.random_range(0..pool.len())]);
        }
    }
    found
}

/// `variant position-text | material score | whole static score` lines.
fn scores(weights: impl Fn(&Position) -> Option<Weights>) -> String {
    let mut out = String::new();
    for variant in Variant::ALL {
        let rules = variant.rules().unwrap();
        let plain = Searcher::new(&rules);
        let mut player = Searcher::new(&rules).positional();
        for mut position in positions(variant) {
            if let Some(weights) = weights(&position) {
                player = player.with_weights(weights);
            }
            let standing = player.static_score(&mut position).map_or("-".to_string(), |s| s.to_string());
            let material = plain.evaluate(&position);
            writeln!(out, "{variant} {} | {material} | {standing}", fen::write(&position)).unwrap();
        }
    }
    out
}

#[test]
fn derived_weights_score_as_the_constants_did() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SCORES);
    if std::env::var_os("RECORD_EVAL_SCORES").is_some() {
        std::fs::write(&path, scores(|position| Some(Weights::derived(position.rules())))).unwrap();
    }
    let recorded = std::fs::read_to_string(&path).unwrap();
    let now = scores(|position| Some(Weights::derived(position.rules())));
    assert!(recorded.lines().count() > 600, "too few positions recorded");
    for (before, after) in recorded.lines().zip(now.lines()) {
        assert_eq!(before, after);
    }
    assert_eq!(recorded.lines().count(), now.lines().count());
}
