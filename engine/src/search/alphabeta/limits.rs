//! When a search gives up: a deadline, a stop flag set from another thread
//! (a UCI `stop`) or a node count, and whether another iteration of the
//! deepening still fits before the deadline.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::Searcher;

/// Nodes between two looks at the clock.
const CLOCK_INTERVAL: u64 = 1024;

impl Searcher {
    /// Searches give up once `deadline` passes (`None`: never); iterative
    /// deepening starts no iteration it would likely not finish, so the time
    /// left over stays on a clock for later moves.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.aborted = false;
        self.started = Instant::now();
        self.whole_time = false;
    }

    /// Searches give up once `deadline` passes, and deepen until then: the
    /// time is this move's alone (a level's time a move, a UCI `movetime`),
    /// so time left over would be lost, while an iteration cut short may
    /// still find a better move than the last one finished (see `search`).
    /// With one legal move there is nothing to find: the first iteration ends it.
    pub fn set_move_time(&mut self, deadline: Instant) {
        self.set_deadline(Some(deadline));
        self.whole_time = true;
    }

    /// Searches also give up as soon as `stop` is set, from any thread.
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// Searches also give up after visiting about `nodes` more positions
    /// (`None`: no limit); the count is looked at every 1,024 nodes.
    pub fn set_node_limit(&mut self, nodes: Option<u64>) {
        self.node_limit = nodes.map(|n| self.nodes.saturating_add(n));
    }

    /// Whether a search since the deadline was set ran out of time; its
    /// result is then only as good as the last completed iteration.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// Whether the next iteration of the deepening would likely run past the
    /// deadline, each taking a few times as long as the one before; never
    /// while the time is the move's alone.
    pub(super) fn next_iteration_too_late(&self) -> bool {
        !self.whole_time
            && self.deadline.is_some_and(|deadline| {
                // Started late, an iteration still pays: its root moves searched
                // in full may replace the choice (see `search`).
                let spent = self.started.elapsed();
                let allowed = deadline.saturating_duration_since(self.started);
                spent * 5 > allowed * 3
            })
    }

    /// Whether the deadline has passed (looked at every [`CLOCK_INTERVAL`]
    /// nodes) after the first iteration, or a stop came; once so, every node
    /// returns at once.
    #[inline]
    pub(super) fn out_of_time(&mut self) -> bool {
        if !self.aborted && self.nodes >= self.next_clock {
            self.next_clock = self.nodes + CLOCK_INTERVAL;
            let limited = !self.first_iteration
                && (self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
                    || self.node_limit.is_some_and(|limit| self.nodes >= limit));
            self.aborted = limited || self.stop.as_ref().is_some_and(|stop| stop.load(Ordering::Relaxed));
        }
        self.aborted
    }
}
