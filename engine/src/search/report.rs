//! What a search tells while it runs, for front ends such as `rookery uci`:
//! after each completed iteration, its depth, score, effort and the line it
//! expects (the principal variation).

use std::time::Duration;

use crate::moves::Move;
use crate::position::Position;

/// One completed iteration of iterative deepening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iteration {
    pub depth: u32,
    /// Centipawns for the side to move, or a mate score (see
    /// [`SearchResult::mate_in`](super::SearchResult::mate_in)).
    pub score: i32,
    /// Positions visited by the searcher so far, in all its searches.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The expected line, best move first.
    pub pv: Vec<Move>,
}

/// The line the table expects from `position`: each position's stored best
/// move, as long as it is legal there, at most `longest` moves and never
/// around a repetition. `position` is left as it was.
pub(super) fn principal_variation(
    position: &mut Position,
    longest: usize,
    best_of: impl Fn(&Position) -> Option<Move>,
) -> Vec<Move> {
    let mut line = Vec::new();
    let mut seen = Vec::new();
    while line.len() < longest.max(1) {
        let Some(mv) = best_of(position).filter(|mv| position.legal_moves().contains(mv)) else { break };
        if seen.contains(&position.hash()) {
            break;
        }
        seen.push(position.hash());
        position.make(mv);
        line.push(mv);
    }
    for _ in &line {
        position.unmake();
    }
    line
}
