//! Mate puzzles: finding them ([`Generator`]), proving them sound ([`verify`])
//! and judging a solver's answer ([`check_answer`]).
//!
//! A puzzle is a position whose side to move forces mate in `N` moves and no
//! fewer, where every solver move but the last is the only move that keeps a
//! mate within the moves left; on the last move every mate counts. The
//! defender's replies recorded with it are its best: those that put the mate
//! off longest.

mod answer;
mod difficulty;
mod generate;
mod selfplay;
mod verify;

pub use answer::{check_answer, AnswerError, Verdict};
pub use difficulty::Difficulty;
pub use generate::{Found, Generator, GeneratorStats};
pub use verify::{verify, Rejection};

use crate::fen::{self, FenError};
use crate::moves::Move;
use crate::notation::{self, MoveError};
use crate::position::Position;
use crate::variant::{Variant, VariantError};

/// The longest mate the generator looks for, in the solver's moves.
pub const MAX_MATE: u32 = 4;

/// A verified mate puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub variant: Variant,
    /// The start, in the variant's position text.
    pub position: String,
    /// Solver moves to mate.
    pub mate_in: u32,
    /// The line in the variant's coordinates: solver move, defender reply, ...,
    /// mating move (`2 * mate_in - 1` moves).
    pub solution: Vec<String>,
    pub difficulty: Difficulty,
}

/// A stored puzzle that no longer reads: its variant, position or line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PuzzleError {
    #[error(transparent)]
    Variant(#[from] VariantError),
    #[error("the puzzle's position does not read: {0}")]
    Position(#[from] FenError),
    #[error("the puzzle's solution does not replay at move {index}: {error}")]
    Solution { index: usize, error: MoveError },
}

impl Puzzle {
    /// The start position.
    pub fn start(&self) -> Result<Position, PuzzleError> {
        Ok(fen::parse(&self.variant.rules()?, &self.position)?)
    }

    /// The solution as moves, each of the position it is played in.
    pub fn solution_moves(&self) -> Result<Vec<Move>, PuzzleError> {
        let mut position = self.start()?;
        self.solution
            .iter()
            .enumerate()
            .map(|(index, text)| {
                let mv =
                    notation::parse_move(&position, text).map_err(|error| PuzzleError::Solution { index, error })?;
                position.make(mv);
                Ok(mv)
            })
            .collect()
    }

    /// The solution in SAN with move numbers, as a reveal shows it:
    /// `1. Qxh7+ Kxh7 2. Rh3#`.
    pub fn solution_text(&self) -> Result<String, PuzzleError> {
        let mut position = self.start()?;
        let moves = self.solution_moves()?;
        Ok(numbered_line(&mut position, &moves))
    }
}

/// `moves` from `position` in numbered SAN (`12... Qxf2+ 13. Kh1 Qf1#`);
/// `position` ends after the moves.
pub fn numbered_line(position: &mut Position, moves: &[Move]) -> String {
    let mut out = Vec::with_capacity(moves.len() * 2);
    for (index, &mv) in moves.iter().enumerate() {
        let number = position.fullmove_number();
        match position.turn() {
            crate::Color::White => out.push(format!("{number}.")),
            crate::Color::Black if index == 0 => out.push(format!("{number}...")),
            crate::Color::Black => {}
        }
        out.push(notation::san(position, mv));
        position.make(mv);
    }
    out.join(" ")
}
