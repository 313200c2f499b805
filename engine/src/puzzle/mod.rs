//! Mate puzzles: finding them ([`Generator`]), proving them sound ([`verify`])
//! and judging a solver's answer ([`check_answer`]).
//!
//! A puzzle is a position whose side to move forces mate in `N` moves and no
//! fewer, where every solver move but the last is the only move that keeps a
//! mate within the moves left; on the last move every mate counts. The
//! defender's replies recorded with it are its best: those that put the mate
//! off longest.

mod answer;
mod answer_turns;
mod difficulty;
mod generate;
mod generate_turns;
mod protocol;
mod selfplay;
mod statement;
mod turn_verify;
mod verify;

pub use answer::{check_answer, AnswerError, Verdict};
pub use difficulty::Difficulty;
pub use generate::{Found, Generator, GeneratorStats};
pub use protocol::TurnSolver;
pub use turn_verify::verify_statement;
pub use verify::{verify, Rejection};

use crate::color::Color;
use crate::fen::{self, FenError};
use crate::game::{parse_action, Action, Game, GameError, ReplayError};
use crate::moves::Move;
use crate::notation::{self, MoveError};
use crate::position::Position;
use crate::search::MateSolver;
use crate::variant::{Variant, VariantError};

/// The longest mate the generator looks for, in the solver's moves.
pub const MAX_MATE: u32 = 4;

/// A verified puzzle: mate, or whatever wins the variant's game (capturing
/// the king), in `mate_in` of the solver's moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub variant: Variant,
    /// The start, in the variant's position text.
    pub position: String,
    /// Solver moves to mate.
    pub mate_in: u32,
    /// The line in the game's action notation: solver move, what follows
    /// (the defender's reply, and every roll after the start, as `roll black
    /// 3,5`), ..., the winning move. A puzzle without dice or secrets has
    /// only moves (`2 * mate_in - 1` of them), in the variant's coordinates.
    pub solution: Vec<String>,
    pub difficulty: Difficulty,
    /// What happens after `position` before the solver's first move, in the
    /// game's action notation: the solver's own rolls this turn, which the
    /// puzzle states ("you rolled [2,3]"). Never a roll of the defender.
    pub setup: Vec<String>,
    /// Each side's secret choice, White's first, as the puzzle states it
    /// (New chess: which king is true); empty in games without secrets.
    pub secrets: Vec<String>,
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
    #[error("the puzzle's game does not start: {0}")]
    Start(#[from] ReplayError),
    #[error("the puzzle's action {index} does not replay: {error}")]
    Action { index: usize, error: GameError },
}

impl Puzzle {
    /// The start position.
    pub fn start(&self) -> Result<Position, PuzzleError> {
        Ok(fen::parse(&self.variant.rules()?, &self.position)?)
    }

    /// Whether the puzzle is played through the turn protocol (dice, passes,
    /// secrets), not move by move on the position alone.
    pub fn is_turn_puzzle(&self) -> Result<bool, PuzzleError> {
        Ok(!self.setup.is_empty() || !self.secrets.is_empty() || protocol::needs_turn_search(&*self.variant.rules()?))
    }

    /// The game at the puzzle's start: the position, each side's stated
    /// secret sealed, and the setup played. The solver is to act.
    pub fn start_game(&self) -> Result<Game, PuzzleError> {
        let mut game = Game::from_fen(self.variant, &self.position)?;
        for (index, (option, side)) in self.secrets.iter().zip(Color::ALL).enumerate() {
            let commitment = crate::turns::commitment(protocol::SECRET_CONTEXT, side, option, protocol::SECRET_NONCE);
            let choose = Action::ChooseSecret { side, context: protocol::SECRET_CONTEXT.to_string(), commitment };
            game.apply(choose).map_err(|error| PuzzleError::Action { index, error })?;
        }
        for (index, text) in self.setup.iter().enumerate() {
            let action = parse_action(game.position(), text).map_err(|error| PuzzleError::Action { index, error })?;
            game.apply(action).map_err(|error| PuzzleError::Action { index, error })?;
        }
        Ok(game)
    }

    /// The stated secrets by colour index.
    pub(crate) fn stated_secrets(&self) -> [Option<String>; 2] {
        [self.secrets.first().cloned(), self.secrets.get(1).cloned()]
    }

    /// The solution's actions, replayed from [`Puzzle::start_game`], and the
    /// game at the end of the line.
    pub fn solution_actions(&self) -> Result<(Vec<Action>, Game), PuzzleError> {
        let mut game = self.start_game()?;
        let mut actions = Vec::with_capacity(self.solution.len());
        for (index, text) in self.solution.iter().enumerate() {
            let action = parse_action(game.position(), text).map_err(|error| PuzzleError::Action { index, error })?;
            game.apply(action.clone()).map_err(|error| PuzzleError::Action { index, error })?;
            actions.push(action);
        }
        Ok((actions, game))
    }

    /// Verifies the puzzle again from its statement, by the verifier its game
    /// needs, and returns what that finds (equal to `self` for a sound puzzle).
    pub fn reverify(&self, max: u32) -> Result<Puzzle, Rejection> {
        if self.is_turn_puzzle()? {
            return verify_statement(self, max);
        }
        verify(&mut MateSolver::new(), &self.start()?, max)
    }

    /// The solution as moves, each of the position it is played in.
    pub fn solution_moves(&self) -> Result<Vec<Move>, PuzzleError> {
        if self.is_turn_puzzle()? {
            let (actions, _) = self.solution_actions()?;
            return Ok(actions.iter().filter_map(protocol::move_of).collect());
        }
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

    /// What a solver types to solve it: the solver's own moves of the line
    /// in SAN (`Nf6+ Bxf7#`), without the replies, rolls and reveals that the
    /// puzzle plays itself.
    pub fn solver_answer(&self) -> Result<String, PuzzleError> {
        let mut game = self.start_game()?;
        let solver = game.position().turn();
        let mut moves = Vec::new();
        for (index, text) in self.solution.iter().enumerate() {
            let action = parse_action(game.position(), text).map_err(|error| PuzzleError::Action { index, error })?;
            if let Action::Move(mv) = action {
                if game.turn().is_some_and(|turn| turn.side == solver) {
                    moves.push(notation::san(game.position(), mv));
                }
            }
            game.apply(action).map_err(|error| PuzzleError::Action { index, error })?;
        }
        Ok(moves.join(" "))
    }

    /// The solution in SAN with move numbers, as a reveal shows it:
    /// `1. Qxh7+ Kxh7 2. Rh3#`.
    pub fn solution_text(&self) -> Result<String, PuzzleError> {
        if self.is_turn_puzzle()? {
            return statement::line_text(self);
        }
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
