//! Pearson's chi-square goodness-of-fit test of the ledger's faces: one million
//! faces each of d4, d6, d8, d20 and d100 must look uniform at p = 0.001.
//!
//! The critical values are computed from the chi-square distribution for each
//! number of degrees of freedom (sides - 1), and the computation is itself checked
//! against published table values.

use rookery_dice::{Ledger, LedgerId, ServerSeed};

const FACES_PER_DIE: usize = 1_000_000;
const DICE_PER_ROLL: usize = 1_000;
const SIGNIFICANCE: f64 = 0.001;

/// ln Γ(x) for x > 0.5 by the Lanczos approximation (g = 7, 9 terms), accurate to
/// about 15 significant digits.
fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const COEFFICIENTS: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    let x = x - 1.0;
    let series = COEFFICIENTS[1..].iter().zip(1..).fold(COEFFICIENTS[0], |sum, (c, i)| sum + c / (x + f64::from(i)));
    let t = x + G + 0.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + series.ln()
}

/// The regularised upper incomplete gamma function Q(a, x): by its power series
/// below x = a + 1, by Lentz's continued fraction above.
fn upper_regularized_gamma(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let log_prefix = -x + a * x.ln() - ln_gamma(a);
    if x < a + 1.0 {
        let (mut term, mut sum, mut n) = (1.0 / a, 1.0 / a, a);
        while term.abs() > sum.abs() * 1e-16 {
            n += 1.0;
            term *= x / n;
            sum += term;
        }
        1.0 - sum * log_prefix.exp()
    } else {
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -f64::from(i) * (f64::from(i) - a);
            b += 2.0;
            d = an * d + b;
            d = if d.abs() < tiny { tiny } else { d };
            c = b + an / c;
            c = if c.abs() < tiny { tiny } else { c };
            d = 1.0 / d;
            let step = d * c;
            h *= step;
            if (step - 1.0).abs() < 1e-16 {
                break;
            }
        }
        log_prefix.exp() * h
    }
}

/// The value that a chi-square variable with `df` degrees of freedom exceeds with
/// probability `p`, found by bisection on the survival function.
fn chi_square_critical_value(df: u32, p: f64) -> f64 {
    let survival = |x: f64| upper_regularized_gamma(f64::from(df) / 2.0, x / 2.0);
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
