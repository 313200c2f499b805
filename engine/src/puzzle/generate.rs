//! The puzzle generator: plays self-play games (and takes finished games it
//! is given), then looks for mates in the positions before each game's end,
//! where the winner to move had a mate coming, and keeps those that verify.

use std::collections::{HashSet, VecDeque};
use std::sync::Arc;

use super::generate_turns::{queue_turns, TurnCandidates};
use super::protocol::needs_turn_search;
use super::selfplay;
use super::{verify, Puzzle, MAX_MATE};
use crate::color::Color;
use crate::fen;
use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::search::{MateSolver, Searcher};
use crate::variant::{Variant, VariantError};
use rand::rngs::StdRng;
use rand::SeedableRng;

/// How many of the winner's turns before the end of a game are examined.
pub(super) const TURNS_BEFORE_END: usize = 6;
/// Self-play opens with random moves; positions before this move number still
/// show them (pawns wandering off for no reason), so they make poor puzzles.
pub(super) const SELF_PLAY_FIRST_MOVE: u32 = 10;

/// The positions the mate solver may visit to prove or refute one candidate.
/// A few positions of a crowded board (Dragonchess's three levels) would
/// otherwise take minutes each for a mate in four; a chess mate in four is
/// proven with far fewer.
const CANDIDATE_NODES: u64 = 3_000_000;

/// What the generator has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GeneratorStats {
    /// Self-play games played.
    pub games: u64,
    /// Positions searched for a mate.
    pub positions: u64,
    /// Positions with a mate that failed verification (not unique).
    pub rejected: u64,
    /// Positions skipped because proving them took more than the search
    /// budget of one candidate; never accepted unproven.
    pub too_hard: u64,
    pub puzzles: u64,
}

/// A puzzle the generator found, and the game it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub puzzle: Puzzle,
    /// `self-play 12 (seed 7)`, or the label given with [`Generator::add_game`].
    pub source: String,
}

/// The positions of one game worth searching, earliest first, and where the
/// game came from.
struct Candidates {
    positions: Vec<Position>,
    source: String,
}

/// Finds verified puzzles of one variant. Deterministic for a given seed and
/// given games.
pub struct Generator {
    pub(super) rules: Arc<Rules>,
    start: Position,
    pub(super) rng: StdRng,
    pub(super) seed: u64,
    pub(super) searcher: Searcher,
    solver: MateSolver,
    pub(super) max_mate: u32,
    queue: VecDeque<Candidates>,
    /// Whether the variant's turns hold more than a move (dice, passes,
    /// secrets): its puzzles are then found and verified through the turn
    /// protocol; otherwise position by position, which is much faster.
    turns: bool,
    pub(super) turn_queue: VecDeque<TurnCandidates>,
    pub(super) seen: HashSet<u64>,
    pub(super) stats: GeneratorStats,
}

impl Generator {
    /// A generator for `variant`'s puzzles of up to [`MAX_MATE`] moves, its
    /// self-play driven by `seed`.
    pub fn new(variant: Variant, seed: u64) -> Result<Generator, VariantError> {
        let rules = variant.rules()?;
        let start = fen::parse(&rules, rules.start).expect("the built-in start position parses");
        Ok(Generator {
            searcher: Searcher::new(&rules),
            start,
            rng: StdRng::seed_from_u64(seed),
            seed,
            solver: MateSolver::new(),
            max_mate: MAX_MATE,
            queue: VecDeque::new(),
            turns: needs_turn_search(&rules),
            turn_queue: VecDeque::new(),
            seen: HashSet::new(),
            stats: GeneratorStats::default(),
            rules,
        })
    }

    /// Looks for mates of at most `moves` moves (1 to [`MAX_MATE`]).
    pub fn with_max_mate(mut self, moves: u32) -> Generator {
        self.max_mate = moves.clamp(1, MAX_MATE);
        self
    }

    pub fn stats(&self) -> GeneratorStats {
        self.stats
    }

    /// Queues a finished game of this variant as a source; games without a
    /// winner or of another variant are ignored. Its positions are searched
    /// before any further self-play.
    pub fn add_game(&mut self, game: &Game, source: &str) {
        let Some(winner) = game.outcome().and_then(|o| o.winner) else { return };
        if game.variant() != self.rules.variant {
            return;
        }
        if self.turns {
            // An archived game keeps its secrets outside the record, so a
            // game with secrets gives no statement.
            queue_turns(&mut self.turn_queue, game, [None, None], source.to_string());
            return;
        }
        let mut position = game.start_position().scratch();
        let moves: Vec<Move> = game
            .actions()
            .iter()
            .filter_map(|a| match a {
                crate::game::Action::Move(mv) => Some(*mv),
                _ => None,
            })
            .collect();
        self.queue_before_end(&mut position, &moves, winner, 1, source.to_string());
    }

    /// The next verified puzzle, after at most `max_games` more self-play
    /// games (`None` if they yield none). A puzzle is never returned twice.
    pub fn next_puzzle(&mut self, max_games: u64) -> Option<Found> {
        if self.turns {
            return self.next_turn_puzzle(max_games);
        }
        let mut games = 0;
        loop {
            while let Some(candidates) = self.queue.pop_front() {
                let source = candidates.source.clone();
                if let Some(puzzle) = self.first_puzzle(candidates.positions) {
                    self.stats.puzzles += 1;
                    return Some(Found { puzzle, source });
                }
            }
            if games == max_games {
                return None;
            }
            games += 1;
            self.self_play();
        }
    }

    fn self_play(&mut self) {
        self.stats.games += 1;
        let game = selfplay::play(&self.start, &mut self.searcher, &mut self.rng);
        if let Some(winner) = game.winner {
            let mut position = self.start.scratch();
            let source = format!("self-play {} (seed {})", self.stats.games, self.seed);
            self.queue_before_end(&mut position, &game.moves, winner, SELF_PLAY_FIRST_MOVE, source);
        }
    }

    /// Queues the positions in which `winner` was to move during its last
    /// [`TURNS_BEFORE_END`] turns of the game `moves` played from `position`,
    /// from move number `first_move` on.
    fn queue_before_end(
        &mut self,
        position: &mut Position,
        moves: &[Move],
        winner: Color,
        first_move: u32,
        source: String,
    ) {
        let mut positions = Vec::new();
        for (ply, &mv) in moves.iter().enumerate() {
            let near_end = moves.len() - ply <= 2 * TURNS_BEFORE_END;
            if near_end && position.turn() == winner && position.fullmove_number() >= first_move {
                positions.push(position.scratch());
            }
            position.make(mv);
        }
        self.queue.push_back(Candidates { positions, source });
    }

    /// The first position of a game that makes a puzzle: earliest first, so
    /// a game gives its longest mate, and at most one puzzle per game (the
    /// later positions are the same mate, shorter).
    fn first_puzzle(&mut self, positions: Vec<Position>) -> Option<Puzzle> {
        for position in positions {
            if !self.seen.insert(position.hash()) {
                continue;
            }
            self.stats.positions += 1;
            let mut scratch = position.scratch();
            self.solver.set_budget(Some(CANDIDATE_NODES));
            let mates = self.solver.forces_mate(&mut scratch, self.max_mate);
            let verified = if mates { Some(verify(&mut self.solver, &position, self.max_mate)) } else { None };
            let too_hard = self.solver.out_of_budget();
            self.solver.set_budget(None);
            match verified {
                _ if too_hard => self.stats.too_hard += 1,
                Some(Ok(puzzle)) => return Some(puzzle),
                Some(Err(_)) => self.stats.rejected += 1,
                None => {}
            }
        }
        None
    }
}
