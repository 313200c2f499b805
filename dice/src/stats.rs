//! Fairness statistics for rolled faces: Pearson's chi-square goodness-of-fit test
//! against a fair die, with its p-value, so a table can settle "the bot is rigged"
//! with numbers rather than impressions.

/// The outcome of a chi-square test of face counts against a fair die.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChiSquare {
    /// Pearson's statistic: the sum over faces of (observed − expected)² / expected.
    pub statistic: f64,
    /// Faces − 1.
    pub degrees_of_freedom: u32,
    /// The probability that a fair die gives a statistic at least this large. Small
    /// values (below 0.01, say) suggest the faces are not uniform; with few rolls
    /// the test says little either way.
    pub p_value: f64,
}

/// Tests `counts` (how often each face came up, face 1 first) against a fair die;
/// `None` with fewer than two faces or no rolls.
pub fn chi_square(counts: &[u64]) -> Option<ChiSquare> {
    let total: u64 = counts.iter().sum();
    if counts.len() < 2 || total == 0 {
        return None;
    }
    let expected = total as f64 / counts.len() as f64;
    let statistic = counts.iter().map(|&observed| (observed as f64 - expected).powi(2) / expected).sum();
    let degrees_of_freedom = u32::try_from(counts.len() - 1).ok()?;
    Some(ChiSquare { statistic, degrees_of_freedom, p_value: chi_square_survival(degrees_of_freedom, statistic) })
}

/// P(X ≥ x) for a chi-square variable X with `df` degrees of freedom.
pub fn chi_square_survival(df: u32, x: f64) -> f64 {
    upper_regularized_gamma(f64::from(df) / 2.0, x / 2.0)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fair_looking_count_has_a_high_p_value() {
        let fair = chi_square(&[10, 10, 10, 10, 10, 10]).unwrap();
        assert_eq!(fair.statistic, 0.0);
        assert_eq!(fair.degrees_of_freedom, 5);
        assert!((fair.p_value - 1.0).abs() < 1e-12);
        // All sixes: statistic 300 on 5 degrees of freedom.
        let loaded = chi_square(&[0, 0, 0, 0, 0, 60]).unwrap();
        assert!((loaded.statistic - 300.0).abs() < 1e-9);
        assert!(loaded.p_value < 1e-60);
        assert_eq!(chi_square(&[5]), None);
        assert_eq!(chi_square(&[0, 0]), None);
    }
}
