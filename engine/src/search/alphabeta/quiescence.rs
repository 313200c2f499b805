//! The quiescence search: captures (and promotions) only, until the
//! position is quiet, with the cut-offs that keep it small.

use super::{Searcher, MATE, MAX_PLY};
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::search::order::victim_value;
use crate::search::{royal_taken, table_key};

/// How far above beta the rest of the score must be for mobility to be left out.
const LAZY_MARGIN: i32 = 150;
/// How much a quiet position may gain beyond the piece it takes, for the
/// quiescence search to still try the capture.
const DELTA_MARGIN: i32 = 200;

impl Searcher {
    /// Captures only, until the position is quiet; the side to move may stand
    /// pat on its score. Mates are still scored, and so are stalemates
    /// wherever the moves are counted.
    pub(in crate::search) fn quiescence(&mut self, position: &mut Position, ply: usize, alpha: i32, beta: i32) -> i32 {
        if royal_taken(position) {
            return -MATE + ply as i32;
        }
        if ply > 0 && self.before_roll(position) {
            return self.chance_quiescence(position, ply, alpha, beta);
        }
        // Any search of the position settles its captures: a player takes the
        // table's word off the principal line, as the main search does.
        if self.positional && beta - alpha == 1 {
            if let Some(score) = self.table.get(table_key(position)).and_then(|e| e.settles(0, ply, alpha, beta)) {
                return score;
            }
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        // Out of check a player generates only the captures and promotions it
        // searches; in check (where every evasion is needed to tell a mate),
        // and for the plain searcher, whose lines must be exact, every move.
        let in_check = position.is_check();
        let noisy_only = self.positional && !in_check;
        let stand_pat = if noisy_only {
            let settled = self.remembered_evaluation(position) - self.royal_danger(position);
            // Far above beta, mobility would not change the cut-off, and far
            // below alpha it would not raise the score to it: spare its count.
            if settled >= beta + LAZY_MARGIN {
                self.buffers[ply] = moves;
                return settled;
            }
            if settled + LAZY_MARGIN <= alpha {
                settled
            } else {
                let ours = position.count_legal_with(&mut moves) as usize;
                if ours == 0 {
                    self.buffers[ply] = moves;
                    return 0;
                }
                settled + self.mobility(position, ours, ply)
            }
        } else {
            position.generate_legal(&mut moves);
            if moves.is_empty() {
                self.buffers[ply] = moves;
                return if in_check { -MATE + ply as i32 } else { 0 };
            }
            let settled = self.evaluate(position);
            if self.positional {
                settled - self.royal_danger(position)
            } else {
                settled
            }
        };
        if stand_pat >= beta || ply >= MAX_PLY {
            self.buffers[ply] = moves;
            return stand_pat;
        }
        if noisy_only {
            self.buffers[ply] = moves;
            return self.captures(position, ply, alpha, beta, stand_pat);
        }
        moves.retain(|mv| notation::is_capture(position, *mv));
        self.search_captures(position, ply, alpha.max(stand_pat), beta, stand_pat, moves)
    }

    /// The best of standing on `stand_pat` and the captures and promotions
    /// the side to move has, each searched to quiet.
    pub(super) fn captures(
        &mut self,
        position: &mut Position,
        ply: usize,
        alpha: i32,
        beta: i32,
        stand_pat: i32,
    ) -> i32 {
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        position.generate_noisy(&mut moves);
        self.search_captures(position, ply, alpha.max(stand_pat), beta, stand_pat, moves)
    }

    /// [`Searcher::captures`] among `moves`, whose buffer is handed back.
    fn search_captures(
        &mut self,
        position: &mut Position,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        stand_pat: i32,
        mut moves: Vec<Move>,
    ) -> i32 {
        // The most valuable victim first, taken by the cheapest attacker.
        moves.sort_by_key(|mv| {
            let attacker = position.piece_at(mv.from).map_or(0, |p| self.values[p.kind.0 as usize]);
            attacker / 16 - victim_value(position, *mv, &self.values) * 16
        });
        // A player judges each capture only when its turn comes: after a
        // cut-off the exchanges of the rest would be worked out for nothing.
        for &mv in moves.iter() {
            if self.positional && !self.capture_worth_trying(position, mv, stand_pat, alpha) {
                continue;
            }
            self.nodes += 1;
            position.make(mv);
            let score = -self.quiescence(position, ply + 1, -beta, -alpha);
            position.unmake();
            if score >= beta {
                alpha = score;
                break;
            }
            alpha = alpha.max(score);
        }
        self.buffers[ply] = moves;
        alpha
    }

    /// How exposed the side to move's royal pieces are against the
    /// opponent's (see [`Placement::royal_danger`]); nothing for a plain searcher.
    pub(in crate::search) fn royal_danger(&self, position: &Position) -> i32 {
        self.placement.as_ref().map_or(0, |placement| placement.royal_danger(position))
    }

    /// Whether a capture can matter to the quiescence search: not when even
    /// winning the piece leaves the score far below alpha, nor when a more
    /// valuable piece (or a royal one) takes a lesser one on a defended
    /// square (it is likely just lost). Promotions and captures of royal
    /// pieces always count.
    pub(super) fn capture_worth_trying(&self, position: &Position, mv: Move, stand_pat: i32, alpha: i32) -> bool {
        if mv.promotion().is_some() {
            return true;
        }
        let taken = victim_value(position, mv, &self.values);
        let victim_royal = position.piece_at(mv.to).is_some_and(|p| self.rules.kinds[p.kind.0 as usize].royal);
        if victim_royal {
            return true;
        }
        if stand_pat + taken + DELTA_MARGIN < alpha {
            return false;
        }
        !self.loses_material(position, mv)
    }

    /// Whether the capture `mv` likely loses material once the exchange on
    /// its square is played out (see [`Searcher::exchange_that_may_lose`]).
    pub(super) fn loses_material(&self, position: &Position, mv: Move) -> bool {
        self.exchange_that_may_lose(position, mv).is_some_and(|gain| gain < 0)
    }
}
