//! A match's result as a score with its uncertainty and the Elo difference
//! it implies.

pub struct Summary {
    pub points: f64,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// The mean score per game, 0 to 1.
    pub fraction: f64,
    /// The standard error of `fraction`, from the games' own spread.
    pub standard_error: f64,
}

impl Summary {
    pub fn of(results: &[f64]) -> Summary {
        let games = results.len().max(1) as f64;
        let points: f64 = results.iter().sum();
        let fraction = points / games;
        let variance = results.iter().map(|r| (r - fraction).powi(2)).sum::<f64>() / games;
        let count = |value: f64| results.iter().filter(|&&r| r == value).count();
        Summary {
            points,
            wins: count(1.0),
            draws: count(0.5),
            losses: count(0.0),
            fraction,
            standard_error: (variance / games).sqrt(),
        }
    }

    /// The Elo difference the score implies, with the range two standard
    /// errors either side imply (an all-won or all-lost match has no finite one).
    pub fn elo_text(&self) -> String {
        let show = |p: f64| {
            if p <= 0.0 {
                "-inf".to_string()
            } else if p >= 1.0 {
                "+inf".to_string()
            } else {
                format!("{:+.0}", -400.0 * (1.0 / p - 1.0).log10())
            }
        };
        let margin = 2.0 * self.standard_error;
        format!("{} (from {} to {})", show(self.fraction), show(self.fraction - margin), show(self.fraction + margin))
    }
}
