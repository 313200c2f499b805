//! The outcomes of a roll, for searching it as a chance node.

use rand::Rng;

use crate::rules::every_outcome;

/// Rolls with more outcomes than this are searched over this many outcomes
/// drawn at random (each equally likely, so the average stays unbiased).
const MOST_OUTCOMES: usize = 36;

/// The faces of a roll of dice with these sides, each with its probability:
/// every ordered outcome when there are few, else a uniform sample of them.
pub(super) fn outcomes(dice: &[u32], rng: &mut impl Rng) -> Vec<(Vec<u32>, f64)> {
    let count = dice.iter().try_fold(1usize, |n, &sides| n.checked_mul(sides as usize));
    match count {
        Some(count) if count <= MOST_OUTCOMES => {
            let weight = 1.0 / count as f64;
            every_outcome(dice).into_iter().map(|faces| (faces, weight)).collect()
        }
        _ => {
            let weight = 1.0 / MOST_OUTCOMES as f64;
            (0..MOST_OUTCOMES)
                .map(|_| (dice.iter().map(|&sides| rng.random_range(1..=sides)).collect(), weight))
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::StdRng, SeedableRng};

    #[test]
    fn two_d4_has_sixteen_equally_likely_ordered_outcomes() {
        let all = outcomes(&[4, 4], &mut StdRng::seed_from_u64(1));
        assert_eq!(all.len(), 16);
        assert!(all.iter().all(|(_, p)| (p - 1.0 / 16.0).abs() < 1e-12));
        assert!(all.iter().any(|(faces, _)| faces == &[1, 4]) && all.iter().any(|(faces, _)| faces == &[4, 1]));
    }

    #[test]
    fn large_rolls_are_sampled_within_their_faces() {
        let all = outcomes(&[6, 6, 6], &mut StdRng::seed_from_u64(2));
        assert_eq!(all.len(), MOST_OUTCOMES);
        let total: f64 = all.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-9);
        assert!(all.iter().all(|(faces, _)| faces.len() == 3 && faces.iter().all(|f| (1..=6).contains(f))));
    }
}
