//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system"), updated after
//! every rated game, each game being its own rating period as lichess does.

/// Converts between the Glicko scale (1500-centred) and Glicko-2's internal one.
const SCALE: f64 = 173.7178;
/// System constant: how much volatility may change. Glickman suggests 0.3–1.2.
const TAU: f64 = 0.5;
const EPSILON: f64 = 0.000_001;

pub const DEFAULT_RATING: f64 = 1500.0;
pub const DEFAULT_DEVIATION: f64 = 350.0;
pub const DEFAULT_VOLATILITY: f64 = 0.06;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating { rating: DEFAULT_RATING, deviation: DEFAULT_DEVIATION, volatility: DEFAULT_VOLATILITY }
    }
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The player's new rating after games against `results`: each opponent's
/// rating and the score (1 win, 0.5 draw, 0 loss).
pub fn update(player: Rating, results: &[(Rating, f64)]) -> Rating {
    let mu = (player.rating - DEFAULT_RATING) / SCALE;
    let phi = player.deviation / SCALE;
    if results.is_empty() {
        let phi_star = (phi * phi + player.volatility * player.volatility).sqrt();
        return Rating { deviation: phi_star * SCALE, ..player };
    }
    let mut v_inverse = 0.0;
    let mut improvement = 0.0;
    for (opponent, score) in results {
        let mu_j = (opponent.rating - DEFAULT_RATING) / SCALE;
        let phi_j = opponent.deviation / SCALE;
        let e = expected(mu, mu_j, phi_j);
        v_inverse += g(phi_j).powi(2) * e * (1.0 - e);
        improvement += g(phi_j) * (score - e);
    }
    let v = 1.0 / v_inverse;
    let delta = v * improvement;
    let sigma = new_volatility(phi, player.volatility, v, delta);
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * improvement;
    Rating { rating: mu_new * SCALE + DEFAULT_RATING, deviation: phi_new * SCALE, volatility: sigma }
}

/// Step 5 of the paper: the Illinois algorithm on f(x).
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2)) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    while (big_b - big_a).abs() > EPSILON {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glickmans_worked_example() {
        let player = Rating { rating: 1500.0, deviation: 200.0, volatility: 0.06 };
        let opponent = |rating, deviation| Rating { rating, deviation, volatility: 0.06 };
        let after = update(
            player,
            &[(opponent(1400.0, 30.0), 1.0), (opponent(1550.0, 100.0), 0.0), (opponent(1700.0, 300.0), 0.0)],
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_and_a_loss_lowers() {
        let start = Rating::default();
        assert!(update(start, &[(start, 1.0)]).rating > 1500.0);
        assert!(update(start, &[(start, 0.0)]).rating < 1500.0);
        let drawn = update(start, &[(start, 0.5)]);
        assert!((drawn.rating - 1500.0).abs() < 1e-9 && drawn.deviation < 350.0);
        assert!(update(start, &[]).deviation > 350.0);
    }
}
