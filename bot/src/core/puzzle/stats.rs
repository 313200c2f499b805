//! `/puzzle stats [user]` and `/puzzle leaderboard`. Ratings are global (one
//! pool of puzzles, so one scale everywhere); streaks belong to a server,
//! because each server has its own daily puzzle.

use rookery_storage::{live_streak, PuzzleStreak, SolverRating};

use super::super::{storage_failure, Core, Outcome, Place, Reply, User};
use super::rating::shown;

fn days(n: u32) -> String {
    format!("{n} day{}", if n == 1 { "" } else { "s" })
}

/// `chess 1620? · dragonchess 1480`: a user's ratings, most played first.
fn ratings_line(mut ratings: Vec<SolverRating>) -> String {
    ratings.sort_by_key(|r| std::cmp::Reverse(r.solved + r.failed));
    ratings.iter().map(|r| format!("{} {}", r.variant, shown(&r.glicko))).collect::<Vec<_>>().join(" · ")
}

impl Core {
    pub(super) fn puzzle_stats(&self, place: Place, who: &User) -> Outcome {
        let storage = &self.storage;
        let mut ratings = storage.solver_ratings(who.id).map_err(storage_failure)?;
        let streak =
            storage.puzzle_streaks(place.guild).map_err(storage_failure)?.into_iter().find(|s| s.user == who.id);
        if ratings.is_empty() && streak.is_none() {
            return Ok(vec![Reply::text(format!(
                "**{}** has not answered a puzzle yet: `/puzzle today` or `/puzzle random`.",
                who.name
            ))]);
        }
        ratings.sort_by(|a, b| a.variant.cmp(&b.variant));
        let mut lines = vec![format!("**{}** · puzzles", who.name)];
        for r in &ratings {
            lines.push(format!(
                "{}: rating {} · {} solved, {} failed",
                r.variant,
                shown(&r.glicko),
                r.solved,
                r.failed
            ));
        }
        match streak {
            Some(s) => lines.push(format!(
                "Daily streak here: {} (best {}) · solved here: {}",
                days(live_streak(&s, self.puzzle_day(place.guild)?)),
                days(s.best),
                s.solved
            )),
            None => lines.push("No daily puzzle solved here yet.".into()),
        }
        lines.push("A `?` marks a provisional rating: too few rated answers to be sure.".into());
        Ok(vec![Reply::text(lines.join("\n"))])
    }

    pub(super) fn puzzle_leaderboard(&self, place: Place) -> Outcome {
        let today = self.puzzle_day(place.guild)?;
        let mut streaks = self.storage.puzzle_streaks(place.guild).map_err(storage_failure)?;
        if streaks.is_empty() {
            return Ok(vec![Reply::text("Nobody has solved a daily puzzle here yet: `/puzzle today`.")]);
        }
        let live = |s: &PuzzleStreak| live_streak(s, today);
        streaks.sort_by_key(|s| std::cmp::Reverse((live(s), s.best, s.solved)));
        let mut lines = Vec::new();
        for (i, s) in streaks.iter().take(10).enumerate() {
            let ratings = ratings_line(self.storage.solver_ratings(s.user).map_err(storage_failure)?);
            let ratings = if ratings.is_empty() { String::new() } else { format!(" · {ratings}") };
            lines.push(format!(
                "{}. **{}** streak {} (best {}) · {} solved{ratings}",
                i + 1,
                s.name,
                live(s),
                s.best,
                s.solved
            ));
        }
        Ok(vec![Reply::text(format!("**Daily puzzle leaderboard**\n{}", lines.join("\n")))])
    }
}
