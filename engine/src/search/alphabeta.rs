//! The searcher: iterative-deepening alpha-beta (negamax) with a capture-only
//! quiescence search, a transposition table, move ordering (table move,
//! captures by value, killer moves) and mate scores. Plain, it searches full
//! width over material, as puzzle generation and reviews need; as a player
//! ([`Searcher::positional`]) it adds positional scoring, principal-variation
//! windows, null-move pruning, late-move reductions, a history of cut-offs
//! and failures, countermoves, the pruning of `pruning` and the draws of
//! `draws` along the line (repetitions, the quiet-move rule).

mod deploy;
mod draws;
mod limits;
mod ordering;
mod pruning;
mod quiescence;
mod rolls;
mod scoring;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use ordering::is_quiet;
use pruning::{futility_margin, late_moves, null_move_reduction, reverse_futility_margin, UNGUIDED_DEPTH};

use super::network::Network;
use super::placement::Placement;
use super::report::{principal_variation, Iteration};
use super::table::Table;
use super::weights::Weights;
use super::{eval, key, royal_taken, table_key};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;

/// The score of mating now; a mate `p` plies away scores `MATE - p`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - 1_000;
/// Quiescence and check extensions stop at this ply.
const MAX_PLY: usize = 64;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The score is at least this (a cut-off).
    Lower,
    /// The score is at most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    /// Which search stored it: entries of earlier searches give way first.
    generation: u8,
    depth: u8,
    bound: Bound,
    score: i32,
    best: Option<Move>,
}

impl Entry {
    /// The score this entry settles for a search `depth` plies deep at `ply`
    /// in the window `alpha..beta`, if it is deep enough and its bound does.
    fn settles(&self, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        if (self.depth as i32) < depth {
            return None;
        }
        let score = from_table(self.score, ply);
        match self.bound {
            Bound::Exact => Some(score),
            Bound::Lower if score >= beta => Some(score),
            Bound::Upper if score <= alpha => Some(score),
            _ => None,
        }
    }
}

/// The outcome of a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the side to move has no legal move.
    pub best: Option<Move>,
    /// Centipawns for the side to move, or a mate score (see [`SearchResult::mate_in`]).
    pub score: i32,
    /// The deepest completed iteration, in plies.
    pub depth: u32,
}

impl SearchResult {
    /// `Some(n)`: the side to move mates in `n` moves; `Some(-n)`: it is mated
    /// in `n` moves (`Some(0)`: it is mated already).
    pub fn mate_in(&self) -> Option<i32> {
        if self.score > MATE_BOUND {
            Some((MATE - self.score + 1) / 2)
        } else if self.score < -MATE_BOUND {
            Some(-(MATE + self.score) / 2)
        } else {
            None
        }
    }
}

/// An alpha-beta searcher for positions of one variant.
pub struct Searcher {
    pub(super) rules: Arc<Rules>,
    pub(super) values: Vec<i32>,
    table: Table<Entry>,
    /// A player's positional scores by position key: the leaves of one
    /// iteration are mostly the leaves of the next, and scoring where every
    /// piece stands costs more than looking a score up.
    scores: Table<i32>,
    killers: Vec<[Option<Move>; 2]>,
    pub(super) buffers: Vec<Vec<Move>>,
    nodes: u64,
    /// Plays as a player: scores positions by more than material and prunes
    /// (see [`Searcher::positional`]).
    positional: bool,
    pub(super) placement: Option<Placement>,
    /// What the positional score weighs its terms by.
    weights: Weights,
    /// Quiet moves' cut-offs, by from and to square: `[from * box + to]`.
    history: Vec<i32>,
    /// The keys of the positions on the current line, root first.
    line: Vec<u64>,
    /// The keys of the game's positions before the root since its last
    /// irreversible move: a line that returns to one that stood there twice
    /// repeats it a third time.
    earlier: Vec<u64>,
    /// When the current search began, to stop deepening in time.
    started: Instant,
    /// The best root move of the iteration under way, among those searched
    /// in full, with its score.
    root_best: Option<(Move, i32)>,
    /// When to give up; a search past it is [`Searcher::aborted`].
    deadline: Option<Instant>,
    /// Whether the time to the deadline is the search's alone, to deepen
    /// until it passes ([`Searcher::set_move_time`]).
    whole_time: bool,
    /// Set from another thread to give up now (a UCI `stop`).
    stop: Option<Arc<AtomicBool>>,
    /// The node count at which to give up (a UCI `go nodes`).
    node_limit: Option<u64>,
    /// While the first iteration runs, only a stop gives up: a move searched
    /// one ply deep beats the first legal move, which is all an abort leaves.
    first_iteration: bool,
    aborted: bool,
    /// The node count at which to look at the clock next.
    next_clock: u64,
    /// Counts searches, so the table can tell this search's entries from older ones.
    generation: u8,
    /// The rolls this searcher weighs in its tree (see [`Searcher::weighing_rolls`]).
    rolls: rolls::TreeRolls,
    /// The quiet move that last refuted each move, by its from and to square.
    countermoves: Vec<Option<Move>>,
    /// The move made at each ply of the current line (`None`: a null move).
    played: Vec<Option<Move>>,
    /// Each ply's moves with their keys in the order ([`Searcher::key_moves`]).
    keyed: Vec<Vec<ordering::Keyed>>,
    /// Each ply's static score on the current line (`None`: in check).
    evals: Vec<Option<i32>>,
    /// A player's network, where its game has one ([`Rules::network`]):
    /// quiet positions are scored by it instead of the weights' terms.
    network: Option<Arc<Network>>,
}

/// Half the first window around the last iteration's score at the root;
/// it grows this many times over each time the score falls outside.
const ASPIRATION: i32 = 40;
const ASPIRATION_GROWTH: i32 = 4;
/// Iterations before this one search the root with a full window.
const ASPIRATION_FROM: u32 = 4;
/// A player's table: `2^18` entries (about 8 MB).
const PLAYER_TABLE_BITS: u32 = 18;
/// A player's remembered positional scores: `2^16` (1 MB).
const SCORE_TABLE_BITS: u32 = 16;

impl Searcher {
    /// A searcher for `rules`' variant, with a table of `2^16` entries.
    pub fn new(rules: &Arc<Rules>) -> Searcher {
        let squares = rules.geometry.box_size();
        Searcher {
            rules: rules.clone(),
            values: eval::piece_values(rules),
            table: Table::with_bits(16),
            scores: Table::with_bits(0),
            killers: vec![[None; 2]; MAX_PLY + 1],
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            nodes: 0,
            positional: false,
            placement: None,
            weights: Weights::for_rules(rules),
            history: vec![0; squares * squares],
            line: Vec::with_capacity(MAX_PLY + 1),
            earlier: Vec::new(),
            started: Instant::now(),
            root_best: None,
            deadline: None,
            whole_time: false,
            stop: None,
            node_limit: None,
            first_iteration: false,
            aborted: false,
            next_clock: 0,
            generation: 0,
            rolls: rolls::TreeRolls::default(),
            countermoves: vec![None; squares * squares],
            played: vec![None; MAX_PLY + 1],
            keyed: (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            evals: vec![None; MAX_PLY + 1],
            network: None,
        }
    }

    /// The same searcher as a player wants it: quiet positions scored by
    /// material, where the pieces stand (see [`Placement`]), mobility and
    /// royal safety; a bigger table; and the pruning of strong engines (null
    /// move, late-move reductions, principal-variation windows), which finds
    /// good moves much deeper in the same time but may overlook a deep
    /// refutation. Puzzle generation and reviews keep the plain searcher,
    /// whose full-width material lines are easier to verify.
    pub fn positional(mut self) -> Searcher {
        self.positional = true;
        self.placement = Some(Placement::new(&self.rules, &self.values, &self.weights));
        self.network = self.rules.network.map(|network| network()).filter(|network| network.fits(&self.rules));
        self.table = Table::with_bits(PLAYER_TABLE_BITS);
        self.scores = Table::with_bits(SCORE_TABLE_BITS);
        self
    }

    /// The same searcher scoring positions by `weights` instead of its
    /// rules' own ([`Weights::for_rules`]) or its game's network, as tuning
    /// and matches between two evaluations need.
    pub fn with_weights(mut self, weights: Weights) -> Searcher {
        self.network = None;
        if self.placement.is_some() {
            self.placement = Some(Placement::new(&self.rules, &self.values, &weights));
            self.scores = Table::with_bits(SCORE_TABLE_BITS);
        }
        self.weights = weights;
        self
    }

    /// The same searcher scoring quiet positions by its weights' terms even
    /// where its game has a network, as a match between the two needs.
    pub fn without_network(mut self) -> Searcher {
        if self.network.take().is_some() {
            self.scores = Table::with_bits(SCORE_TABLE_BITS);
        }
        self
    }

    /// The game's positions before the one to be searched, oldest first
    /// ([`Game::earlier_positions`](crate::game::Game::earlier_positions)):
    /// a line back to one that stood there twice is scored as a draw (see
    /// `repeats`), so the searcher steers away from a third occurrence the
    /// opponent could claim when it stands better and into one when it stands
    /// worse. Kept for later searches until set again.
    pub fn set_earlier_positions(&mut self, keys: &[u64]) {
        self.earlier.clear();
        self.earlier.extend_from_slice(keys);
    }

    /// Gives the transposition table about `megabytes` of memory (a power of
    /// two entries, rounded down), emptying it.
    pub fn resize_table(&mut self, megabytes: usize) {
        let entries = (megabytes.max(1) << 20) / std::mem::size_of::<Option<Entry>>();
        self.table = Table::with_bits(entries.max(2).ilog2());
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Searches `position` to `depth` plies, one iteration deeper at a time;
    /// stops early once a mate is found. `position` is left as it was.
    ///
    /// # Panics
    /// If `position` is of another variant than the searcher's.
    pub fn search(&mut self, position: &mut Position, depth: u32) -> SearchResult {
        self.search_reporting(position, depth, &mut |_| {})
    }

    /// [`Searcher::search`], telling `report` about each completed iteration.
    pub fn search_reporting(
        &mut self,
        position: &mut Position,
        depth: u32,
        report: &mut dyn FnMut(&Iteration),
    ) -> SearchResult {
        assert!(Arc::ptr_eq(position.rules(), &self.rules) || position.rules().variant == self.rules.variant);
        let mut result = SearchResult { best: None, score: 0, depth: 0 };
        self.begin_search();
        // With one legal move no search can change the choice: a move's own
        // time is then not worth spending.
        let nothing_to_choose = self.whole_time && position.legal_moves().len() == 1;
        for iteration in 1..=depth.clamp(1, MAX_PLY as u32 / 2) {
            self.root_best = None;
            self.first_iteration = iteration == 1;
            let score = if self.positional && iteration >= ASPIRATION_FROM && result.score.abs() < MATE_BOUND {
                self.aspirate(position, iteration as i32, result.score)
            } else {
                self.negamax(position, iteration as i32, 0, -MATE - 1, MATE + 1, true)
            };
            if self.aborted {
                // A root move searched in full this iteration and found better
                // than the last iteration's choice (or stopped in the first:
                // any) is the better guess.
                if let Some((best, score)) = self.root_best.filter(|&(best, _)| Some(best) != result.best) {
                    if result.best.is_none() || (self.positional && score > result.score) {
                        result = SearchResult { best: Some(best), score, depth: result.depth };
                    }
                }
                break;
            }
            let best = self.table.get(table_key(position)).and_then(|e| e.best);
            result = SearchResult { best, score, depth: iteration };
            let pv = principal_variation(position, iteration as usize, |p| {
                self.table.get(table_key(p)).and_then(|e| e.best)
            });
            report(&Iteration { depth: iteration, score, nodes: self.nodes, elapsed: self.started.elapsed(), pv });
            if score.abs() > MATE_BOUND || self.next_iteration_too_late() || nothing_to_choose {
                break;
            }
        }
        self.first_iteration = false;
        if self.positional {
            // Old cut-offs say less about the next position than new ones.
            self.history.iter_mut().for_each(|h| *h /= 8);
        }
        // Stopped at once, or a table entry overwritten at the root: an
        // earlier search's choice, else any legal move, will do.
        result.best = result
            .best
            .or_else(|| self.table.get(table_key(position)).and_then(|e| e.best))
            .or_else(|| position.legal_moves().first().copied());
        result
    }

    /// A new search starts from the game's line, and its table entries are
    /// told from older ones.
    fn begin_search(&mut self) {
        self.line.clone_from(&self.earlier);
        self.generation = self.generation.wrapping_add(1);
    }

    /// The root searched first in a narrow window around `guess` (the last
    /// iteration's score), which cuts more, and again in a wider one each
    /// time the score falls outside.
    fn aspirate(&mut self, position: &mut Position, depth: i32, guess: i32) -> i32 {
        let mut below = ASPIRATION;
        let mut above = ASPIRATION;
        loop {
            let (alpha, beta) = (guess - below, guess + above);
            let score = self.negamax(position, depth, 0, alpha, beta, true);
            if self.aborted {
                return score;
            }
            if score <= alpha && alpha > -MATE {
                below = if below > MATE / 4 { MATE + 1 + guess } else { below * ASPIRATION_GROWTH };
            } else if score >= beta && beta < MATE {
                above = if above > MATE / 4 { MATE + 1 - guess } else { above * ASPIRATION_GROWTH };
            } else {
                return score;
            }
        }
    }

    fn negamax(
        &mut self,
        position: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        null_allowed: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if royal_taken(position) {
            return -MATE + ply as i32;
        }
        let key = key(position);
        if self.positional && ply > 0 {
            if let Some(score) = self.drawn_by_rule(position, key, ply) {
                return score;
            }
        }
        if ply > 0 && self.before_roll(position) {
            return self.chance(position, depth, ply, alpha, beta);
        }
        let slot = table_key(position);
        let in_check = position.is_check();
        // A check is searched one ply deeper, so mates behind checks are seen.
        let depth = if in_check && ply < MAX_PLY / 2 { depth + 1 } else { depth };
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(position, ply, alpha, beta);
        }
        let stored = self.table.get(slot);
        let window = beta - alpha > 1;
        // Never on the principal line: an entry stored before the game stood
        // twice where this line leads would hide the draw by repetition a
        // move further on (so a level a tower up let a position stand a third
        // time), and a line that may become the game's is worth its search.
        // Off that line, a score the repetition would change costs little.
        if let Some(score) = stored.filter(|_| ply > 0 && !window).and_then(|e| e.settles(depth, ply, alpha, beta)) {
            return score;
        }
        // Without a table move the order is a guess: a ply less finds one cheaply.
        let depth = if self.positional && depth >= UNGUIDED_DEPTH && stored.and_then(|e| e.best).is_none() {
            depth - 1
        } else {
            depth
        };
        // The position's own score, which the pruning near the leaves weighs
        // against the window, and against the score two plies up: whether
        // the side to move's position is getting better.
        let static_eval = (self.positional && !in_check).then(|| self.remembered_evaluation(position));
        self.evals[ply] = static_eval;
        let improving = self.improving(ply);
        if let Some(eval) = static_eval.filter(|_| ply > 0 && !window && beta.abs() < MATE_BOUND) {
            // So far above beta that the opponent's next few moves will not
            // bring it back: a cut-off without a search.
            if let Some(margin) = reverse_futility_margin(depth, improving).filter(|margin| eval - margin >= beta) {
                return eval - margin;
            }
        }
        if null_allowed
            && !window
            && depth >= 3
            && static_eval.is_some_and(|eval| eval >= beta)
            && self.null_move_fits(position, beta)
        {
            // Passing is almost never best: if even a pass holds the score
            // above beta, a real move would too (not so in zugzwang, which
            // needs the side to have only pawns and royals: excluded). Tried
            // only where the position already stands at beta or above: below
            // it a pass rarely holds, and the search for it is spent.
            let reduction = null_move_reduction(depth, static_eval.unwrap_or(beta) - beta);
            let saved = position.make_null();
            self.line.push(key);
            self.played[ply] = None;
            let score = -self.negamax(position, depth - 1 - reduction, ply + 1, -beta, -beta + 1, false);
            self.line.pop();
            position.unmake_null(saved);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return score.min(MATE_BOUND);
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        position.generate_legal(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return if in_check { -MATE + ply as i32 } else { 0 };
        }
        self.key_moves(position, &moves, stored.and_then(|e| e.best), ply);
        let original_alpha = alpha;
        let mut best = (i32::MIN, None);
        // Near the leaves, a quiet move cannot lift a score this far below alpha.
        let futile = !window
            && alpha.abs() < MATE_BOUND
            && static_eval.is_some_and(|eval| futility_margin(depth).is_some_and(|margin| eval + margin <= alpha));
        self.line.push(key);
        let hinted = self.hinted(ply);
        for index in 0..moves.len() {
            // Written back in the order tried, for the history to read.
            let mv = self.pick(position, ply, index);
            moves[index] = mv;
            let quiet = is_quiet(position, mv);
            // Near the leaves, a quiet move this late in the order rarely
            // matters once the ordered ones before it did not, and a capture
            // that loses heavily in the exchange rarely matters at all.
            let skippable = index > 0
                && if quiet {
                    futile
                        || self.positional
                            && !window
                            && !in_check
                            && late_moves(depth, improving).is_some_and(|late| index >= late)
                } else {
                    self.positional && !window && !in_check && self.loses_too_much(position, mv, depth)
                };
            self.played[ply] = Some(mv);
            position.make(mv);
            if skippable && !position.is_check() {
                position.unmake();
                best.0 = best.0.max(alpha);
                continue;
            }
            let score = if index == 0 || !self.positional {
                -self.negamax(position, depth - 1, ply + 1, -beta, -alpha, true)
            } else {
                // Reduced less on the principal variation and for a killer or
                // countermove, more for a quiet move that has failed more than cut.
                let adjust = i32::from(window) + i32::from(hinted.contains(&Some(mv)))
                    - i32::from(quiet && self.history[self.history_slot(mv)] < 0)
                    - i32::from(!improving);
                self.later_move(position, depth, ply, alpha, beta, index, quiet && !in_check, adjust)
            };
            position.unmake();
            if ply == 0 && !self.aborted && score > best.0 {
                self.root_best = Some((mv, score));
            }
            if score > best.0 {
                best = (score, Some(mv));
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    self.remember_cutoff(mv, ply, depth);
                    self.punish_quiets(position, &moves[..index], depth);
                }
                break;
            }
        }
        self.line.pop();
        self.buffers[ply] = moves;
        if ply > 0 && best.0 < beta && !self.aborted {
            if let Some(value) = self.deployment(position, depth, ply, alpha, beta, best.0) {
                best = (value, None);
            }
        }
        if self.aborted {
            // Scores under an aborted search are not scores: store nothing.
            return 0;
        }
        let bound = if best.0 >= beta {
            Bound::Lower
        } else if best.0 > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // When no move raised alpha, the best of them says little: an older
        // table move for the position stays first in line.
        let best_move = match (bound, stored.and_then(|e| e.best)) {
            (Bound::Upper, Some(older)) => Some(older),
            _ => best.1,
        };
        let entry = Entry {
            generation: self.generation,
            depth: depth as u8,
            bound,
            score: to_table(best.0, ply),
            best: best_move,
        };
        // A deeper entry of this search for another position is worth more
        // than a shallow one: it saved more work.
        let generation = self.generation;
        self.table.put_unless(slot, entry, |stored_key, old| {
            stored_key != slot && old.generation == generation && old.depth > entry.depth
        });
        best.0
    }
}

/// Mate scores are stored relative to the position, not the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
