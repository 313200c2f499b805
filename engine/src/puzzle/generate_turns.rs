//! The generator for games whose turns hold more than a move (dice, passes,
//! secrets): self-play through the turn protocol, and the winner's last turns
//! searched backwards from the end, each verified by the turn search.

use std::collections::VecDeque;

use super::generate::{Found, Generator, TURNS_BEFORE_END};
use super::selfplay;
use super::{verify_statement, Puzzle, Rejection};
use crate::color::Color;
use crate::game::{Action, Game, GameRecord};

/// One of the winner's turns near the end of a game, as a puzzle statement
/// (its `mate_in`, `solution` and `difficulty` not yet filled in).
pub(super) struct TurnCandidates {
    /// Latest first.
    statements: Vec<Puzzle>,
    source: String,
}

impl Generator {
    /// The next verified puzzle of a turn-protocol game, after at most
    /// `max_games` more self-play games.
    pub(super) fn next_turn_puzzle(&mut self, max_games: u64) -> Option<Found> {
        let mut games = 0;
        loop {
            while let Some(candidates) = self.turn_queue.pop_front() {
                if let Some(puzzle) = self.longest_turn_puzzle(candidates.statements) {
                    self.stats.puzzles += 1;
                    return Some(Found { puzzle, source: candidates.source });
                }
            }
            if games == max_games {
                return None;
            }
            games += 1;
            self.stats.games += 1;
            let Ok(start) = Game::new(self.rules.variant) else { return None };
            let played = selfplay::play_turns(start, &mut self.searcher, &mut self.rng);
            let source = format!("self-play {} (seed {})", self.stats.games, self.seed);
            queue_turns(&mut self.turn_queue, &played.game, played.secrets, source);
        }
    }

    /// Going back from the winner's last turn: each earlier turn is tried for
    /// a win within as many moves as the game took from there, and the
    /// longest that verifies is kept. A turn with no forced win ends the
    /// search: the win was not forced from any earlier turn either, as a rule.
    fn longest_turn_puzzle(&mut self, statements: Vec<Puzzle>) -> Option<Puzzle> {
        let mut best: Option<Puzzle> = None;
        for (back, statement) in statements.into_iter().enumerate() {
            let moves = back as u32 + 1;
            if moves > self.max_mate {
                break;
            }
            if !self.seen.insert(statement_key(&statement)) {
                continue;
            }
            self.stats.positions += 1;
            match verify_statement(&statement, moves) {
                Ok(puzzle) => {
                    if best.as_ref().is_none_or(|b| puzzle.mate_in > b.mate_in) {
                        best = Some(puzzle);
                    }
                }
                Err(Rejection::NotUnique { .. }) => self.stats.rejected += 1,
                Err(Rejection::TooHard) => {
                    self.stats.too_hard += 1;
                    break;
                }
                Err(_) => break,
            }
        }
        best
    }
}

/// Queues the winner's last turns of `game` (latest first) as statements:
/// the position where the turn began, the winner's rolls that turn before
/// its move, and the secrets of the game.
pub(super) fn queue_turns(
    queue: &mut VecDeque<TurnCandidates>,
    game: &Game,
    secrets: [Option<String>; 2],
    source: String,
) {
    let Some(winner) = game.outcome().and_then(|o| o.winner) else { return };
    let secrets: Vec<String> = match secrets {
        [Some(white), Some(black)] => vec![white, black],
        _ if game.position().rules().turns.secret.is_some() => return,
        _ => Vec::new(),
    };
    let Ok(mut replay) = Game::replay(&GameRecord { actions: Vec::new(), ..game.record() }) else { return };
    let mut statements = Vec::new();
    let mut turn_start = replay.fen();
    for action in game.actions() {
        if replay.turn_rolls().is_empty() && !matches!(action, Action::Roll { .. }) {
            turn_start = replay.fen();
        }
        if let Action::Move(_) = action {
            let mover = replay.turn().map(|t| t.side);
            if mover == Some(winner) && replay.position().fullmove_number() >= super::generate::SELF_PLAY_FIRST_MOVE {
                statements.push(statement(&replay, &turn_start, winner, &secrets));
            }
        }
        if replay.apply(action.clone()).is_err() {
            return;
        }
        if replay.turn_rolls().is_empty() {
            turn_start = replay.fen();
        }
    }
    statements.reverse();
    statements.truncate(TURNS_BEFORE_END);
    queue.push_back(TurnCandidates { statements, source });
}

/// The statement of the turn of `game`, begun at `turn_start`, with the
/// winner's rolls so far as its setup.
fn statement(game: &Game, turn_start: &str, winner: Color, secrets: &[String]) -> Puzzle {
    let rolls = game.turn_rolls().len();
    let texts = game.action_texts();
    let setup: Vec<String> = texts[texts.len() - rolls..].to_vec();
    debug_assert!(game.position().turn() == winner);
    Puzzle {
        variant: game.variant(),
        position: turn_start.to_string(),
        mate_in: 0,
        solution: Vec::new(),
        difficulty: super::Difficulty { score: 0 },
        setup,
        secrets: secrets.to_vec(),
    }
}

fn statement_key(statement: &Puzzle) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (&statement.position, &statement.setup, &statement.secrets).hash(&mut hasher);
    hasher.finish()
}
