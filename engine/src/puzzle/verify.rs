//! Proving a puzzle sound: the mate is forced, no shorter mate exists, and
//! each solver move but the last is the only one that keeps the mate.

use super::{Difficulty, Puzzle};
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::search::MateSolver;

/// Why a position is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    #[error("the side to move has no forced mate within {0} moves")]
    NoMate(u32),
    #[error("at solver move {solver_move}, more than one move keeps the mate: {}", .moves.join(", "))]
    NotUnique { solver_move: u32, moves: Vec<String> },
    #[error("the puzzle's start does not read: {0}")]
    Unreadable(String),
    #[error("the search gave up before it could prove the win or its uniqueness")]
    TooHard,
    #[error("the side to move has no move to start the puzzle with")]
    NotSolversMove,
}

impl From<super::PuzzleError> for Rejection {
    fn from(error: super::PuzzleError) -> Rejection {
        Rejection::Unreadable(error.to_string())
    }
}

/// Checks that `position` is a puzzle: the side to move mates in `N <= max`
/// moves and no fewer, with a unique solver move at every step but the last,
/// against the defender's best replies. When the defender has several replies
/// that put the mate off equally long, the first one after which the line
/// stays unique is recorded (captures first, then by coordinates).
pub fn verify(solver: &mut MateSolver, position: &Position, max: u32) -> Result<Puzzle, Rejection> {
    let mut scratch = position.scratch();
    let mate_in = solver.shortest_mate(&mut scratch, max).ok_or(Rejection::NoMate(max))?;
    let mut line = Vec::with_capacity(2 * mate_in as usize - 1);
    extend_line(solver, &mut scratch, mate_in, 1, &mut line)?;
    let difficulty = Difficulty::rate(solver, position, mate_in, line[0]);
    let mut replay = position.scratch();
    let solution = line
        .iter()
        .map(|&mv| {
            let text = notation::coordinates(&replay, mv);
            replay.make(mv);
            text
        })
        .collect();
    Ok(Puzzle {
        variant: position.rules().variant,
        position: crate::fen::write(position),
        mate_in,
        solution,
        difficulty,
        setup: Vec::new(),
        secrets: Vec::new(),
    })
}

/// Appends the solver's unique move (or, with one move left, its first mating
/// move) and the defender's best reply, and goes on until mate. The side to
/// move mates in exactly `left` moves here. On success `position` is back
/// where it was.
fn extend_line(
    solver: &mut MateSolver,
    position: &mut Position,
    left: u32,
    solver_move: u32,
    line: &mut Vec<Move>,
) -> Result<(), Rejection> {
    let keeping = solver.keeping_moves(position, left);
    if left == 1 {
        // Empty only when a search budget cut the proof short.
        line.push(*keeping.first().ok_or(Rejection::TooHard)?);
        return Ok(());
    }
    if keeping.len() != 1 {
        let legal = position.legal_moves();
        let moves = keeping.iter().map(|&mv| notation::san_among(position, mv, &legal)).collect();
        return Err(Rejection::NotUnique { solver_move, moves });
    }
    let mv = keeping[0];
    position.make(mv);
    line.push(mv);
    let mut first_failure = None;
    for reply in best_replies(solver, position, left - 1) {
        position.make(reply);
        line.push(reply);
        let rest = extend_line(solver, position, left - 1, solver_move + 1, line);
        position.unmake();
        match rest {
            Ok(()) => {
                position.unmake();
                return Ok(());
            }
            Err(rejection) => {
                line.pop();
                first_failure.get_or_insert(rejection);
            }
        }
    }
    position.unmake();
    line.pop();
    // No reply at all only when a search budget cut the proof short.
    Err(first_failure.unwrap_or(Rejection::TooHard))
}

/// The defender's replies that put off a mate in `left` moves the longest,
/// that is after which the mate still takes all `left` moves: captures
/// first, then by coordinates.
pub(super) fn best_replies(solver: &mut MateSolver, position: &mut Position, left: u32) -> Vec<Move> {
    let lasting: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|&reply| {
            position.make(reply);
            let quicker = left > 1 && solver.forces_mate(position, left - 1);
            position.unmake();
            !quicker
        })
        .collect();
    let mut replies: Vec<(bool, String, Move)> = lasting
        .into_iter()
        .map(|reply| (!notation::is_capture(position, reply), notation::coordinates(position, reply), reply))
        .collect();
    replies.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    replies.into_iter().map(|(_, _, reply)| reply).collect()
}
