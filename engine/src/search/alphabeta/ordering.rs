//! The order moves are tried in, and what a cut-off teaches it: good orders
//! are what make alpha-beta cut.

use super::Searcher;
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::search::order::victim_value;

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

    /// Keys `moves` for [`Searcher::pick`] at `ply`: the table move, then
    /// captures by the value taken (cheapest attacker first), then killer
    /// moves, the countermove, then the rest by their history of cut-offs;
    /// for a player, captures that lose material in the exchange come last.
    /// Whether a capture loses is left open until it is about to be picked.
    pub(super) fn key_moves(&mut self, position: &Position, moves: &[Move], table_move: Option<Move>, ply: usize) {
        let [first, second, counter] = self.hinted(ply);
        let mut keyed = std::mem::take(&mut self.keyed[ply]);
        keyed.clear();
        keyed.extend(moves.iter().enumerate().map(|(generated, &mv)| {
            let taken = victim_value(position, mv, &self.values);
            let (key, unsettled) = if Some(mv) == table_move {
                (i32::MIN, false)
            } else if taken > 0 || notation::is_capture(position, mv) {
                let attacker = position.piece_at(mv.from).map_or(0, |p| self.values[p.kind.0 as usize]);
                (-(1 << 20) - taken * 16 + attacker / 16, self.positional)
            } else if [first, second].contains(&Some(mv)) {
                (-(1 << 18), false)
            } else if counter == Some(mv) {
                (-(1 << 18) + 1, false)
            } else {
                (-self.history[self.history_slot(mv)], false)
            };
            Keyed { rank: i64::from(key) << 16 | generated as i64, mv, unsettled }
        }));
        self.keyed[ply] = keyed;
    }

    /// The move to try `index`th at `ply` (the moves before it are tried):
    /// the lowest key left, the first generated of equal ones, so the order
    /// is that of a stable sort by key. A capture whose turn comes is judged
    /// then, and goes to the end if it loses material: the exchanges of
    /// moves after a cut-off are never worked out.
    pub(super) fn pick(&mut self, position: &Position, ply: usize, index: usize) -> Move {
        loop {
            let left = &self.keyed[ply][index..];
            let (mut lowest, mut picked) = (0, left[0]);
            for (at, keyed) in left.iter().enumerate().skip(1) {
                if keyed.rank < picked.rank {
                    (lowest, picked) = (at, *keyed);
                }
            }
            if picked.unsettled {
                let losing = self.loses_material(position, picked.mv);
                let entry = &mut self.keyed[ply][index + lowest];
                entry.unsettled = false;
                if losing {
                    entry.rank += LOSING << 16;
                }
                continue;
            }
            self.keyed[ply].swap(index, index + lowest);
            return picked.mv;
        }
    }
}

/// What a capture's key gains once its exchange proves to lose material:
/// from before every quiet move to after them all.
const LOSING: i64 = 2 << 20;

/// A move and its place in a node's order ([`Searcher::key_moves`]).
#[derive(Clone, Copy)]
pub(super) struct Keyed {
    /// Lower goes first: the key, then the order the moves were generated
    /// in (the low 16 bits), so no two rank alike.
    rank: i64,
    mv: Move,
    /// A player's capture whose exchange is not yet worked out: its key
    /// takes it to win or hold.
    unsettled: bool,
}

#[cfg(test)]
mod tests {
    use super::{HISTORY_MAX, LOSING};
    use crate::fen;
    use crate::moves::Move;
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
        let moves = position.legal_moves();
        searcher.key_moves(&position, &moves, None, 3);
        assert_eq!(searcher.pick(&position, 3, 0), reply);
        // The plain searcher (puzzles, reviews) learns no countermoves.
        let (mut plain, _) = chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        plain.played[0] = Some(opening);
        plain.remember_cutoff(reply, 1, 4);
        assert_eq!(plain.hinted(1)[2], None);
    }

    #[test]
    fn moves_are_picked_as_a_stable_sort_orders_them_with_every_exchange_known() {
        let (searcher, mut position) = chess("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let mut searcher = searcher.positional();
        let mut random = crate::splitmix::SplitMix64::new(3);
        let mut settled_late = 0;
        for ply in 0..60 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let table_move = Some(moves[random.next_u64() as usize % moves.len()]).filter(|_| ply % 2 == 0);
            searcher.key_moves(&position, &moves, table_move, 5);
            // Every exchange worked out first, then a stable sort by key alone.
            let mut eager: Vec<(i64, Move)> = searcher.keyed[5]
                .iter()
                .map(|k| {
                    let losing = k.unsettled && searcher.loses_material(&position, k.mv);
                    settled_late += usize::from(losing);
                    ((k.rank >> 16) + if losing { LOSING } else { 0 }, k.mv)
                })
                .collect();
            eager.sort_by_key(|&(key, _)| key);
            let picked: Vec<Move> = (0..moves.len()).map(|index| searcher.pick(&position, 5, index)).collect();
            assert_eq!(picked, eager.iter().map(|&(_, mv)| mv).collect::<Vec<_>>(), "after {ply} plies");
            // Quiet moves' history differs from move to move, so their keys do too.
            searcher.remember_cutoff(moves[random.next_u64() as usize % moves.len()], 5, 3);
            position.make(moves[random.next_u64() as usize % moves.len()]);
        }
        assert!(settled_late > 10, "only {settled_late} losing captures met");
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
