//! The order moves are tried in, and what a cut-off teaches it: good orders
//! are what make alpha-beta cut.

use super::Searcher;
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::search::order::{bring_to_front, victim_value};

/// History scores stay below killers' and captures' in the move order (and
/// above losing captures).
const HISTORY_MAX: i32 = 1 << 17;

/// Whether `mv` neither captures nor promotes: the moves killers, history
/// and countermoves order, and late-move pruning skips.
pub(super) fn is_quiet(position: &Position, mv: Move) -> bool {
    !notation::is_capture(position, mv) && mv.promotion().is_none()
}

impl Searcher {
    /// A quiet move refuted the line: try it early among its siblings and
    /// wherever it stands again, and (for a player) after the move before it
    /// wherever that is played again: its countermove.
    pub(super) fn remember_cutoff(&mut self, mv: Move, ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        if self.positional {
            self.adjust_history(mv, depth * depth);
            if let Some(previous) = ply.checked_sub(1).and_then(|before| self.played[before]) {
                let slot = self.history_slot(previous);
                self.countermoves[slot] = Some(mv);
            }
        }
    }

    /// A player's quiet moves searched before the one that cut did not cut:
    /// they go later next time.
    pub(super) fn punish_quiets(&mut self, position: &Position, tried: &[Move], depth: i32) {
        if !self.positional {
            return;
        }
        for &mv in tried {
            if is_quiet(position, mv) {
                self.adjust_history(mv, -depth * depth);
            }
        }
    }

    /// Moves a history score by `bonus`, less the further it already stands
    /// that way, so scores stay within `±HISTORY_MAX` and recent cut-offs
    /// still count against old ones.
    fn adjust_history(&mut self, mv: Move, bonus: i32) {
        let slot = self.history_slot(mv);
        let score = self.history[slot];
        self.history[slot] = score + bonus - score * bonus.abs() / HISTORY_MAX;
    }

    /// The killers at `ply` and the countermove to the move before it.
    pub(super) fn hinted(&self, ply: usize) -> [Option<Move>; 3] {
        let counter = ply
            .checked_sub(1)
            .and_then(|before| self.played[before])
            .and_then(|previous| self.countermoves[self.history_slot(previous)]);
        let [first, second] = self.killers[ply];
        [first, second, counter]
    }

    pub(super) fn history_slot(&self, mv: Move) -> usize {
        mv.from.index() * self.rules.geometry.box_size() + mv.to.index()
    }

    /// Table move, then captures by the value taken (cheapest attacker first),
    /// then killer moves, the countermove, then the rest by their history of cut-offs; for a
    /// player, captures that lose material in the exchange come last.
    pub(super) fn order(&mut self, position: &Position, moves: &mut [Move], table_move: Option<Move>, ply: usize) {
        let [first, second, counter] = self.hinted(ply);
        // Keyed in a buffer kept between nodes (a cached-key sort would
        // allocate one at every node), sorted stably: equal keys keep the
        // generator's order.
        let mut keyed = std::mem::take(&mut self.order_keys);
        keyed.clear();
        keyed.extend(moves.iter().map(|&mv| {
            let taken = victim_value(position, mv, &self.values);
            let key = if taken > 0 || notation::is_capture(position, mv) {
                let attacker = position.piece_at(mv.from).map_or(0, |p| self.values[p.kind.0 as usize]);
                let losing = self.positional && self.loses_material(position, mv);
                let class = if losing { 1 << 20 } else { -(1 << 20) };
                class - taken * 16 + attacker / 16
            } else if [first, second].contains(&Some(mv)) {
                -(1 << 18)
            } else if counter == Some(mv) {
                -(1 << 18) + 1
            } else {
                -self.history[self.history_slot(mv)]
            };
            (key, mv)
        }));
        keyed.sort_by_key(|&(key, _)| key);
        for (slot, &(_, mv)) in moves.iter_mut().zip(&keyed) {
            *slot = mv;
        }
        self.order_keys = keyed;
        bring_to_front(moves, table_move);
    }
}

#[cfg(test)]
mod tests {
    use super::HISTORY_MAX;
    use crate::fen;
    use crate::notation::parse_move;
    use crate::search::Searcher;
    use crate::variant::Variant;

    fn chess(fen_text: &str) -> (Searcher, crate::position::Position) {
        let rules = Variant::Chess.rules().unwrap();
        let position = fen::parse(&rules, fen_text).unwrap();
        (Searcher::new(&rules), position)
    }

    #[test]
    fn history_stays_bounded_and_recent_failures_outweigh_old_cutoffs() {
        let (searcher, position) = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let mut searcher = searcher.positional();
        let knight = parse_move(&position, "Nf3").unwrap();
        for _ in 0..10_000 {
            searcher.remember_cutoff(knight, 2, 12);
        }
        let slot = searcher.history_slot(knight);
        assert!((HISTORY_MAX * 9 / 10..=HISTORY_MAX).contains(&searcher.history[slot]));
        // A tenth as many failures as cut-offs, at the same depth, bring a
        // saturated score below zero: the further it stands, the faster it falls.
        for _ in 0..1_000 {
            searcher.punish_quiets(&position, &[knight], 12);
        }
        assert!(searcher.history[slot] < 0, "{}", searcher.history[slot]);
        for _ in 0..10_000 {
            searcher.punish_quiets(&position, &[knight], 12);
        }
        assert!(searcher.history[slot] >= -HISTORY_MAX);
    }

    #[test]
    fn a_quiet_refutation_becomes_the_countermove_and_is_tried_after_the_captures() {
        let (searcher, mut position) = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let mut searcher = searcher.positional();
        let opening = parse_move(&position, "e4").unwrap();
        searcher.played[0] = Some(opening);
        position.make(opening);
        let reply = parse_move(&position, "c5").unwrap();
        searcher.remember_cutoff(reply, 1, 4);
        assert_eq!(searcher.hinted(1)[2], Some(reply));
        // A later line reaches e4 elsewhere, with other killers at its ply.
        searcher.killers[3] = [None; 2];
        searcher.played[2] = Some(opening);
        let mut moves = position.legal_moves();
        searcher.order(&position, &mut moves, None, 3);
        assert_eq!(moves[0], reply);
        // The plain searcher (puzzles, reviews) learns no countermoves.
        let (mut plain, _) = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        plain.played[0] = Some(opening);
        plain.remember_cutoff(reply, 1, 4);
        assert_eq!(plain.hinted(1)[2], None);
    }

    #[test]
    fn captures_that_lose_heavily_near_the_leaves_are_left_out() {
        // The queen takes a pawn a pawn defends; the knight takes an undefended rook.
        let (searcher, position) = chess("4k3/8/2p5/3p4/8/8/3Q4/4K1N1 w - - 0 1");
        let losing = parse_move(&position, "Qxd5").unwrap();
        assert!(searcher.loses_too_much(&position, losing, 1));
        assert!(searcher.loses_too_much(&position, losing, 4));
        assert!(!searcher.loses_too_much(&position, losing, 5), "deep enough to search everything");
        let (searcher, position) = chess("4k3/8/8/8/8/5r2/8/4K1N1 w - - 0 1");
        assert!(!searcher.loses_too_much(&position, parse_move(&position, "Nxf3").unwrap(), 1));
    }
}
