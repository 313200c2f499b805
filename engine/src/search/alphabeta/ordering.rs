//! The order moves are tried in, and what a cut-off teaches it: good orders
//! are what make alpha-beta cut.

use super::Searcher;
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::search::order::{bring_to_front, victim_value};

/// History scores stay below killers' and captures' in the move order.
const HISTORY_MAX: i32 = 1 << 17;

impl Searcher {
    /// A quiet move refuted the line: try it early among its siblings and
    /// wherever it stands again.
    pub(super) fn remember_cutoff(&mut self, mv: Move, ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if self.positional {
            let slot = self.history_slot(mv);
            self.history[slot] = (self.history[slot] + depth * depth).min(HISTORY_MAX);
        }
    }

    pub(super) fn history_slot(&self, mv: Move) -> usize {
        mv.from.index() * self.rules.geometry.box_size() + mv.to.index()
    }

    /// Table move, then captures by the value taken (cheapest attacker first),
    /// then killer moves, then the rest by their history of cut-offs; for a
    /// player, captures that lose material in the exchange come last.
    pub(super) fn order(&self, position: &Position, moves: &mut [Move], table_move: Option<Move>, ply: usize) {
        let killers = self.killers[ply];
        moves.sort_by_cached_key(|mv| {
            let taken = victim_value(position, *mv, &self.values);
            if taken > 0 || notation::is_capture(position, *mv) {
                let attacker = position.piece_at(mv.from).map_or(0, |p| self.values[p.kind.0 as usize]);
                let losing = self.positional && attacker > taken && self.loses_material(position, *mv);
                let class = if losing { 1 << 20 } else { -(1 << 20) };
                class - taken * 16 + attacker / 16
            } else if killers.contains(&Some(*mv)) {
                -(1 << 18)
            } else {
                -self.history[self.history_slot(*mv)]
            }
        });
        bring_to_front(moves, table_move);
    }
}
