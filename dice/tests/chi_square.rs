//! Pearson's chi-square goodness-of-fit test of the ledger's faces: one million
//! faces each of d4, d6, d8, d20 and d100 must look uniform at p = 0.001.
//!
//! The critical values are computed from the chi-square distribution for each
//! number of degrees of freedom (sides - 1), and the computation is itself checked
//! against published table values.

use rookery_dice::{chi_square_survival, Ledger, LedgerId, ServerSeed};

const FACES_PER_DIE: usize = 1_000_000;
const DICE_PER_ROLL: usize = 1_000;
const SIGNIFICANCE: f64 = 0.001;

/// The value that a chi-square variable with `df` degrees of freedom exceeds with
/// probability `p`, found by bisection on the survival function.
fn chi_square_critical_value(df: u32, p: f64) -> f64 {
    let survival = |x: f64| chi_square_survival(df, x);
    let (mut low, mut high) = (0.0, 10_000.0);
    for _ in 0..200 {
        let mid = (low + high) / 2.0;
        if survival(mid) > p {
            low = mid;
        } else {
            high = mid;
        }
    }
    (low + high) / 2.0
}

#[test]
fn critical_values_match_published_tables() {
    // Upper 0.1% points of the chi-square distribution (NIST/SEMATECH e-Handbook,
    // table 1.3.6.7.4).
    let published = [(1, 10.828), (3, 16.266), (5, 20.515), (7, 24.322), (19, 43.820), (99, 148.230)];
    for (df, value) in published {
        let computed = chi_square_critical_value(df, SIGNIFICANCE);
        assert!((computed - value).abs() < 0.002, "df {df}: computed {computed}, published {value}");
    }
    // The 5% point, as a second check of the distribution function.
    assert!((chi_square_critical_value(5, 0.05) - 11.070).abs() < 0.002);
}

#[test]
fn ledger_faces_are_uniform() {
    let mut ledger =
        Ledger::new(LedgerId::new("chi-square").unwrap(), ServerSeed::from_bytes(*b"rookery chi-square test seed 32b"));
    for sides in [4u32, 6, 8, 20, 100] {
        let mut counts = vec![0u64; sides as usize];
        for _ in 0..FACES_PER_DIE / DICE_PER_ROLL {
            let record = ledger.roll_dice(&[sides; DICE_PER_ROLL]).unwrap();
            for face in &record.faces {
                counts[face.face as usize - 1] += 1;
            }
        }
        let expected = FACES_PER_DIE as f64 / f64::from(sides);
        let statistic: f64 = counts.iter().map(|&observed| (observed as f64 - expected).powi(2) / expected).sum();
        let critical = chi_square_critical_value(sides - 1, SIGNIFICANCE);
        assert!(statistic < critical, "d{sides}: chi-square {statistic:.2} >= {critical:.2}; counts {counts:?}");
    }
}
