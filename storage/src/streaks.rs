//! The daily-puzzle streak rules, in one place for the solve that grows a
//! streak and the leaderboard that shows it.
//!
//! A streak counts days solved in a row. One missed day in any seven is
//! forgiven (a "streak freeze"): the streak goes on, without growing for the
//! missed day. A "week" is rolling, not a calendar week: a freeze is ready
//! when no missed day was bridged in the six days before this one, so two
//! missed days in a row always break a streak. A solve after taking the day's
//! hint keeps the streak alive but does not grow it.

use crate::PuzzleStreak;

/// Days from one bridged missed day to the next that may be bridged.
const FREEZE_EVERY: i64 = 7;

/// Whether `streak` may bridge the missed day `missed` with a freeze.
fn freeze_ready(streak: &PuzzleStreak, missed: i64) -> bool {
    streak.frozen_day.is_none_or(|frozen| missed - frozen >= FREEZE_EVERY)
}

/// Updates `streak` for a solve on `day` (after its last solved day).
pub(crate) fn grow_streak(streak: &mut PuzzleStreak, day: i64, hinted: bool) {
    let continues = if streak.last_day >= day - 1 {
        true
    } else if streak.last_day == day - 2 && streak.current > 0 && freeze_ready(streak, day - 1) {
        streak.frozen_day = Some(day - 1);
        true
    } else {
        false
    };
    let grows = u32::from(!hinted && streak.last_day < day);
    streak.current = if continues { streak.current + grows } else { grows };
    streak.best = streak.best.max(streak.current);
    streak.last_day = streak.last_day.max(day);
}

/// The streak as it stands on `today`: its length while a solve today could
/// still continue it, else 0.
pub fn live_streak(streak: &PuzzleStreak, today: i64) -> u32 {
    let alive = streak.last_day >= today - 1 || (streak.last_day == today - 2 && freeze_ready(streak, today - 1));
    if alive {
        streak.current
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fresh() -> PuzzleStreak {
        PuzzleStreak { user: 1, name: "a".into(), current: 0, best: 0, last_day: i64::MIN, solved: 0, frozen_day: None }
    }

    fn solve_on(days: &[i64]) -> PuzzleStreak {
        let mut streak = fresh();
        for &day in days {
            grow_streak(&mut streak, day, false);
        }
        streak
    }

    #[test]
    fn one_missed_day_a_week_is_bridged() {
        let kept = solve_on(&[1, 2, 4, 5]);
        assert_eq!((kept.current, kept.frozen_day), (3 + 1, Some(3)));
        // A second missed day within the week breaks it.
        let broken = solve_on(&[1, 2, 4, 5, 7]);
        assert_eq!((broken.current, broken.best), (1, 4));
        // A week after the first freeze, the next one is ready again.
        let again = solve_on(&[1, 2, 4, 5, 6, 7, 8, 9, 11]);
        assert_eq!((again.current, again.frozen_day), (9, Some(10)));
        // Two missed days in a row are never bridged.
        assert_eq!(solve_on(&[1, 2, 5]).current, 1);
    }

    #[test]
    fn a_hint_keeps_the_streak_without_growing_it() {
        let mut streak = solve_on(&[1, 2]);
        grow_streak(&mut streak, 3, true);
        assert_eq!((streak.current, streak.last_day), (2, 3));
        grow_streak(&mut streak, 4, false);
        assert_eq!(streak.current, 3);
        let mut first = fresh();
        grow_streak(&mut first, 9, true);
        assert_eq!(first.current, 0, "a hinted first solve starts no streak");
    }

    #[test]
    fn a_streak_lives_while_today_could_continue_it() {
        let streak = solve_on(&[1, 2, 3]);
        assert_eq!([4, 5, 6].map(|today| live_streak(&streak, today)), [3, 3, 0]);
        let frozen = solve_on(&[1, 2, 4]);
        assert_eq!(live_streak(&frozen, 6), 0, "the freeze was used on day 3");
    }
}
