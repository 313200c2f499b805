//! How long and how deep one `go` may think.

use std::time::Duration;

use rookery_engine::Color;

use super::command::Go;

/// Kept back from the clock for the interface's own delays.
const OVERHEAD: Duration = Duration::from_millis(20);
/// The moves a game is assumed to still last when the interface does not say.
const MOVES_LEFT: u32 = 30;
/// The shortest think, so a move is always found.
const SHORTEST: Duration = Duration::from_millis(5);

/// What one `go` allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration (the searcher caps it at its own limit).
    pub depth: u32,
    pub nodes: Option<u64>,
    /// Search until `stop`, and answer only then.
    pub infinite: bool,
    /// The time to think, once it is this side's own move (after `ponderhit`).
    pub budget: Option<Duration>,
    /// Whether the budget is a `movetime`, this move's alone: the search
    /// deepens until it runs out, where time left on a clock is kept.
    pub per_move: bool,
}

impl Limits {
    /// The limits of `go` for `side` to move. A bare `go` searches until `stop`.
    pub fn of(go: &Go, side: Color) -> Limits {
        let (time, increment) = match side {
            Color::White => (go.white_time, go.white_increment),
            Color::Black => (go.black_time, go.black_increment),
        };
        let from_clock = time.map(|left| {
            let moves = go.moves_to_go.unwrap_or(MOVES_LEFT).clamp(1, 50);
            let share = left / moves + increment.unwrap_or_default() * 3 / 4;
            share.min(left / 2).saturating_sub(OVERHEAD).max(SHORTEST)
        });
        let budget = go.move_time.map(|t| t.saturating_sub(OVERHEAD).max(SHORTEST)).or(from_clock);
        let bounded = budget.is_some() || go.depth.is_some() || go.nodes.is_some();
        Limits {
            depth: go.depth.unwrap_or(u32::MAX).max(1),
            nodes: go.nodes,
            infinite: go.infinite || !bounded,
            budget: budget.filter(|_| !go.infinite),
            per_move: go.move_time.is_some(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn millis(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }

    #[test]
    fn the_clock_is_shared_over_the_moves_left() {
        let go = Go { white_time: millis(60_000), white_increment: millis(1_000), ..Go::default() };
        // 60 s over 30 moves plus three quarters of the increment, less the overhead.
        assert_eq!(Limits::of(&go, Color::White).budget, millis(2_000 + 750 - 20));
        let go = Go { black_time: millis(10_000), moves_to_go: Some(1), ..Go::default() };
        assert_eq!(Limits::of(&go, Color::Black).budget, millis(5_000 - 20), "never more than half the clock");
        let go = Go { white_time: millis(0), ..Go::default() };
        assert_eq!(Limits::of(&go, Color::White).budget, millis(5), "always a move");
    }

    #[test]
    fn fixed_limits_and_infinite_searches() {
        let go = Go { move_time: millis(100), ..Go::default() };
        assert_eq!(
            Limits::of(&go, Color::White),
            Limits { depth: u32::MAX, nodes: None, infinite: false, budget: millis(80), per_move: true }
        );
        let go = Go { depth: Some(6), ..Go::default() };
        assert_eq!(
            Limits::of(&go, Color::White),
            Limits { depth: 6, nodes: None, infinite: false, budget: None, per_move: false }
        );
        assert!(Limits::of(&Go::default(), Color::White).infinite, "a bare go runs until stop");
        let go = Go { infinite: true, white_time: millis(1_000), ..Go::default() };
        assert_eq!(Limits::of(&go, Color::White).budget, None);
    }
}
