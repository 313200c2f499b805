//! Judging an answer: the solver's moves, with or without the defender's
//! replies between them. Any move that keeps the mate within the moves left
//! is accepted, so an answer is judged by search, not by comparing it with
//! the recorded line.

use super::{verify::best_replies, Puzzle, PuzzleError};
use crate::moves::Move;
use crate::notation::{self, MoveError};
use crate::position::Position;
use crate::search::MateSolver;

/// What an answer amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The answer mates in time. `line`: everything played, in SAN.
    Solved { line: Vec<String> },
    /// Every move so far keeps the mate, but the answer stops before mate;
    /// `reply` is the defender's answer to the last move given.
    SoFar { line: Vec<String>, reply: String, moves_left: u32 },
    /// `attempted` (SAN) lets the mate slip; `line` is what came before it.
    Wrong { line: Vec<String>, attempted: String },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AnswerError {
    #[error("type your moves, for example `Qxh7+ Rh3#` (the defender's replies may be left out)")]
    Empty,
    #[error("move {number}: {error}")]
    Move { number: usize, error: MoveError },
    #[error("the game is over after `{last}`; leave out the moves after mate")]
    AfterMate { last: String },
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
}

/// Judges `answer` to `puzzle`. Move numbers (`1.`, `1...`) and commas are
/// ignored. Between two solver moves the defender's reply may be written;
/// if it is left out, the recorded reply is played (or, once the answer has
/// left the recorded line, the defender's best reply).
///
/// A puzzle with dice, passes or secrets is judged through its game's turns
/// (`solver` is then not used): the rolls come from the recorded line, and a
/// move is right if the win stays forced against every defence and roll.
pub fn check_answer(solver: &mut MateSolver, puzzle: &Puzzle, answer: &str) -> Result<Verdict, AnswerError> {
    if puzzle.is_turn_puzzle()? {
        return super::answer_turns::check(puzzle, answer);
    }
    let mut position = puzzle.start()?;
    let record = puzzle.solution_moves()?;
    let mut tokens = tokens(answer).into_iter().enumerate().peekable();
    let mut line = Vec::new();
    let mut on_record = true;
    let mut left = puzzle.mate_in;
    loop {
        // Only an empty answer runs out here: a reply is looked for only
        // when another token follows.
        let Some((index, token)) = tokens.next() else { return Err(AnswerError::Empty) };
        let mv =
            notation::parse_move(&position, token).map_err(|error| AnswerError::Move { number: index + 1, error })?;
        let san = notation::san(&position, mv);
        position.make(mv);
        if !solver.is_lost(&mut position, left - 1) {
            return Ok(Verdict::Wrong { line, attempted: san });
        }
        on_record &= record.get(line.len()) == Some(&mv);
        line.push(san);
        left -= 1;
        // A line that strays from the record after a weaker defence may mate sooner.
        if left == 0 || solver.is_lost(&mut position, 0) {
            return match tokens.next() {
                None => Ok(Verdict::Solved { line }),
                Some(_) => Err(AnswerError::AfterMate { last: line.last().cloned().unwrap_or_default() }),
            };
        }
        let recorded = if on_record { record.get(line.len()).copied() } else { None };
        let written = tokens.peek().and_then(|(_, t)| written_reply(&mut position, t, recorded));
        let reply = match written {
            Some(reply) => {
                tokens.next();
                reply
            }
            None => match recorded {
                Some(reply) => reply,
                None => best_replies(solver, &mut position, left)[0],
            },
        };
        on_record &= recorded == Some(reply);
        let reply_san = notation::san(&position, reply);
        if tokens.peek().is_none() {
            return Ok(Verdict::SoFar { line, reply: reply_san, moves_left: left });
        }
        position.make(reply);
        line.push(reply_san);
    }
}

/// The answer's words: move numbers (`1.`, `1...`) and commas left out.
pub(super) fn tokens(answer: &str) -> Vec<&str> {
    answer
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|t| !t.is_empty())
        .collect()
}

/// The defender's reply written in `token`, if it is one: the recorded reply,
/// or another legal reply, unless the token reads better as the solver's next
/// move after the recorded reply (`h6` may be either side's pawn).
fn written_reply(position: &mut Position, token: &str, recorded: Option<Move>) -> Option<Move> {
    let reply = notation::parse_move(position, token).ok()?;
    if Some(reply) == recorded {
        return Some(reply);
    }
    if let Some(recorded) = recorded {
        position.make(recorded);
        let solver_move = notation::parse_move(position, token).is_ok();
        position.unmake();
        if solver_move {
            return None;
        }
    }
    Some(reply)
}
