//! The mate solver: proves or refutes "the side to move mates within N of its
//! moves" by a full-width AND/OR search (alpha-beta on a null window of mate
//! scores), with a transposition table and check-first ordering. Every answer
//! is exact: no move is pruned, so "no mate within N" is a proof too.

use std::sync::Arc;

use super::order::{order_attacks, order_defences};
use super::table::Table;
use super::{eval, key, royal_taken};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;

/// Salts the key of positions in which the side to move defends, so they
/// never share an entry with the same position searched for the mover's mate.
const DEFENDING: u64 = 0x9d3f_5a1b_c4e2_7f68;

/// What is known about one question asked of a position.
#[derive(Clone, Copy, Default)]
struct Known {
    /// The answer is yes for this many moves and any more (`0`: unknown).
    yes_from: u8,
    /// The answer is no for this many moves and any fewer.
    no_up_to: u8,
    /// The attacker's mating move, or the defender's refutation.
    best: Option<Move>,
}

/// A mate solver with its own transposition table. Reuse one for many
/// questions: what it learnt answers the next question faster. The table is
/// emptied when a position of another variant comes along.
pub struct MateSolver {
    table: Table<Known>,
    table_bits: u32,
    /// One move list per ply, reused.
    buffers: Vec<Vec<Move>>,
    /// The last refutation found at each ply, tried first by its siblings.
    killers: Vec<Option<Move>>,
    values: Option<(Arc<Rules>, Vec<i32>)>,
    nodes: u64,
    /// The node count past which searching stops, if a budget is set.
    budget_end: Option<u64>,
}

impl Default for MateSolver {
    fn default() -> MateSolver {
        MateSolver::new()
    }
}

impl MateSolver {
    /// A solver with a table of a million entries (about 24 MB).
    pub fn new() -> MateSolver {
        MateSolver::with_table_bits(20)
    }

    /// A solver with a table of `2^bits` entries, for short-lived uses.
    pub fn with_table_bits(bits: u32) -> MateSolver {
        MateSolver {
            table: Table::with_bits(bits),
            table_bits: bits,
            buffers: Vec::new(),
            killers: Vec::new(),
            values: None,
            nodes: 0,
            budget_end: None,
        }
    }

    /// Allows the questions from now on `nodes` more positions in all
    /// (`None`: no limit). Past it every answer is "no" and nothing more is
    /// learnt, so a caller must ask [`MateSolver::out_of_budget`] before
    /// trusting a "no" (or a list of moves) as a proof.
    pub fn set_budget(&mut self, nodes: Option<u64>) {
        self.budget_end = nodes.map(|n| self.nodes.saturating_add(n));
    }

    /// Whether the budget ran out: answers since may be unproven "no"s.
    pub fn out_of_budget(&self) -> bool {
        self.budget_end.is_some_and(|end| self.nodes > end)
    }

    /// Positions visited so far, over every question.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move can force mate within `moves` of its own moves.
    /// `position` is left as it was.
    pub fn forces_mate(&mut self, position: &mut Position, moves: u32) -> bool {
        self.prepare(position);
        self.attack(position, moves.min(u8::MAX as u32) as u8, 0)
    }

    /// Whether the side to move is mated within `moves` moves of its opponent
    /// whatever it plays; with `0`, whether it is mated (or has lost) now.
    pub fn is_lost(&mut self, position: &mut Position, moves: u32) -> bool {
        self.prepare(position);
        self.defend(position, moves.min(u8::MAX as u32) as u8, 0)
    }

    /// The fewest moves in which the side to move forces mate, if it can within
    /// `max`. Deepens one move at a time, each step reusing the last one's table.
    pub fn shortest_mate(&mut self, position: &mut Position, max: u32) -> Option<u32> {
        (1..=max).find(|&n| self.forces_mate(position, n))
    }

    /// The moves after which the opponent is mated within `moves - 1` further
    /// moves whatever it does: the moves that keep a mate within `moves`.
    pub fn keeping_moves(&mut self, position: &mut Position, moves: u32) -> Vec<Move> {
        if moves == 0 {
            return Vec::new();
        }
        position
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                position.make(mv);
                let keeps = self.is_lost(position, moves - 1);
                position.unmake();
                keeps
            })
            .collect()
    }

    fn prepare(&mut self, position: &Position) {
        let same = self.values.as_ref().is_some_and(|(rules, _)| Arc::ptr_eq(rules, position.rules()));
        if !same {
            if self.values.is_some() {
                self.table = Table::with_bits(self.table_bits);
            }
            self.values = Some((position.rules().clone(), eval::piece_values(position.rules())));
        }
    }

    fn values(&self) -> &[i32] {
        &self.values.as_ref().expect("prepared").1
    }

    fn buffer(&mut self, ply: usize) -> Vec<Move> {
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, || Vec::with_capacity(64));
            self.killers.resize(ply + 1, None);
        }
        std::mem::take(&mut self.buffers[ply])
    }

    /// Can the side to move mate within `n` moves?
    fn attack(&mut self, position: &mut Position, n: u8, ply: usize) -> bool {
        if n == 0 || royal_taken(position) {
            return false;
        }
        self.nodes += 1;
        if self.out_of_budget() {
            return false;
        }
        let key = key(position);
        let known = self.table.get(key).unwrap_or_default();
        if known.yes_from != 0 && known.yes_from <= n {
            return true;
        }
        if known.no_up_to >= n {
            return false;
        }
        let mut moves = self.buffer(ply);
        position.generate_legal(&mut moves);
        if n > 1 {
            order_attacks(position, &mut moves, self.values(), known.best);
        }
        let mut mating = None;
        for &mv in moves.iter() {
            position.make(mv);
            let lost = self.defend(position, n - 1, ply + 1);
            position.unmake();
            if lost {
                mating = Some(mv);
                break;
            }
        }
        self.buffers[ply] = moves;
        let mut known = known;
        match mating {
            Some(mv) => {
                known.yes_from = n;
                known.best = Some(mv);
            }
            None => known.no_up_to = n,
        }
        // What was found after the budget ran out may rest on unproven answers.
        if !self.out_of_budget() {
            self.table.put(key, known);
        }
        mating.is_some()
    }

    /// Is the side to move mated within `n` of its opponent's moves, whatever
    /// it plays? With `n = 0`: is it mated now?
    fn defend(&mut self, position: &mut Position, n: u8, ply: usize) -> bool {
        if royal_taken(position) {
            return true;
        }
        self.nodes += 1;
        // Only a side in check can be mated now; this test saves a move
        // generation at most of the search's leaves.
        if n == 0 && !position.is_check() {
            return false;
        }
        let mut moves = self.buffer(ply);
        position.generate_legal(&mut moves);
        if moves.is_empty() || n == 0 {
            let mated = moves.is_empty() && position.is_check();
            self.buffers[ply] = moves;
            return mated;
        }
        let key = key(position) ^ DEFENDING;
        let known = self.table.get(key).unwrap_or_default();
        if known.yes_from != 0 && known.yes_from <= n {
            self.buffers[ply] = moves;
            return true;
        }
        if known.no_up_to >= n {
            self.buffers[ply] = moves;
            return false;
        }
        order_defences(position, &mut moves, self.values(), [known.best, self.killers[ply]]);
        let mut refutation = None;
        for &reply in moves.iter() {
            position.make(reply);
            let mated = self.attack(position, n, ply + 1);
            position.unmake();
            if !mated {
                refutation = Some(reply);
                break;
            }
        }
        self.buffers[ply] = moves;
        let mut known = known;
        match refutation {
            Some(reply) => {
                known.no_up_to = n;
                known.best = Some(reply);
                self.killers[ply] = Some(reply);
            }
            None => known.yes_from = n,
        }
        if !self.out_of_budget() {
            self.table.put(key, known);
        }
        refutation.is_none()
    }
}
