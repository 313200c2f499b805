//! Puzzle ratings, as lichess rates puzzles: Glicko-2 (the `skillratings`
//! crate), one game between the solver and the puzzle per first attempt,
//! each attempt its own rating period. Solving is a win for the solver and a
//! loss for the puzzle; failing the reverse. Later attempts are not rated.

use rookery_storage::{Glicko, Rated, RatingRules, Storage, StoredPuzzle};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::super::{storage_failure, Refusal};

/// Where every solver starts in every game (lichess's puzzle start).
const SOLVER_START: Glicko = Glicko { rating: 1500.0, deviation: 500.0, volatility: 0.09 };
/// A new puzzle's deviation: its difficulty score is only an estimate.
const PUZZLE_DEVIATION: f64 = 350.0;
const PUZZLE_VOLATILITY: f64 = 0.09;
/// Above this deviation a rating is provisional, shown with a `?` (lichess's mark).
const PROVISIONAL_DEVIATION: f64 = 110.0;

/// How Rookery rates puzzle attempts.
pub(super) const RULES: RatingRules<'static> =
    RatingRules { solver_start: SOLVER_START, puzzle_start: &puzzle_start, rate: &rate };

/// A puzzle's rating before anyone has attempted it: its difficulty score.
fn puzzle_start(puzzle: &StoredPuzzle) -> Glicko {
    Glicko { rating: f64::from(puzzle.difficulty), deviation: PUZZLE_DEVIATION, volatility: PUZZLE_VOLATILITY }
}

fn rate(solver: &Glicko, puzzle: &Glicko, solved: bool) -> (Glicko, Glicko) {
    let to = |g: &Glicko| Glicko2Rating { rating: g.rating, deviation: g.deviation, volatility: g.volatility };
    let from = |g: Glicko2Rating| Glicko { rating: g.rating, deviation: g.deviation, volatility: g.volatility };
    let outcome = if solved { Outcomes::WIN } else { Outcomes::LOSS };
    let (solver, puzzle) = glicko2(&to(solver), &to(puzzle), &outcome, &Glicko2Config::new());
    (from(solver), from(puzzle))
}

/// A puzzle's rating now: its stored one, or its starting one.
pub(super) fn puzzle_glicko(storage: &Storage, puzzle: &StoredPuzzle) -> Result<Glicko, Refusal> {
    let stored = storage.puzzle_rating(puzzle.id).map_err(storage_failure)?;
    Ok(stored.map_or_else(|| puzzle_start(puzzle), |r| r.glicko))
}

/// A user's rating in `variant` now: their stored one, or the start.
pub(super) fn solver_glicko(storage: &Storage, user: u64, variant: &str) -> Result<Glicko, Refusal> {
    let ratings = storage.solver_ratings(user).map_err(storage_failure)?;
    Ok(ratings.into_iter().find(|r| r.variant == variant).map_or(SOLVER_START, |r| r.glicko))
}

/// `1523`, or `1523?` while provisional.
pub(super) fn shown(glicko: &Glicko) -> String {
    let mark = if glicko.deviation > PROVISIONAL_DEVIATION { "?" } else { "" };
    format!("{:.0}{mark}", glicko.rating)
}

/// What an answer did to the solver's rating, as a sentence.
pub(super) fn rating_news(rated: &Rated, variant: &str) -> String {
    match rated {
        Rated::First { before, after } => {
            let change = (after.glicko.rating.round() - before.rating.round()) as i64;
            format!("Your {variant} puzzle rating: {} → {} ({change:+}).", shown(before), shown(&after.glicko))
        }
        Rated::Hinted => "Unrated: you took the hint before your first answer.".into(),
        Rated::Again(_) => "Unrated: only your first answer to a puzzle is rated.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_win_raises_the_solver_and_lowers_the_puzzle() {
        let puzzle = Glicko { rating: 1500.0, deviation: 350.0, volatility: 0.09 };
        let (solver, after) = rate(&SOLVER_START, &puzzle, true);
        assert!(solver.rating > 1500.0 && after.rating < 1500.0, "{solver:?} {after:?}");
        assert!(solver.deviation < SOLVER_START.deviation);
        let (failed, _) = rate(&SOLVER_START, &puzzle, false);
        assert!(failed.rating < 1500.0);
    }

    #[test]
    fn provisional_ratings_carry_a_question_mark() {
        assert_eq!(shown(&SOLVER_START), "1500?");
        assert_eq!(shown(&Glicko { rating: 1734.4, deviation: 80.0, volatility: 0.06 }), "1734");
    }
}
