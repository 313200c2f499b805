//! What a player's search leaves out or looks at less deeply: the margins
//! and counts of its pruning near the leaves, the reductions of late moves
//! and when a null move may stand in for a real one.

use super::{Searcher, MATE_BOUND};
use crate::moves::Move;
use crate::position::Position;
use crate::search::order::victim_value;
use crate::search::see;

/// Plies from the leaves within which a quiet position far above beta is
/// cut off unsearched (see [`reverse_futility_margin`]).
const REVERSE_FUTILITY_DEPTH: i32 = 6;
/// Plies from the leaves within which quiet moves that cannot bring the
/// score up to alpha are skipped (see [`futility_margin`]).
const FUTILITY_DEPTH: i32 = 4;
/// Plies from the leaves within which late quiet moves are skipped (see [`late_moves`]).
const LATE_MOVE_DEPTH: i32 = 5;
/// From this many plies from the leaves, a node without a table move is
/// searched a ply shallower.
pub(super) const UNGUIDED_DEPTH: i32 = 4;
/// Plies from the leaves within which a capture losing more than
/// [`BAD_CAPTURE_MARGIN`] per remaining ply in the exchange is skipped.
const BAD_CAPTURE_DEPTH: i32 = 4;
const BAD_CAPTURE_MARGIN: i32 = 100;

/// How far above beta a position's own score must stand, `depth` plies from
/// the leaves, for the opponent's next few moves not to bring it back (less
/// when the side to move is improving: its score is likelier to hold).
/// `None` where the search is too deep to guess.
pub(super) fn reverse_futility_margin(depth: i32, improving: bool) -> Option<i32> {
    (depth <= REVERSE_FUTILITY_DEPTH).then(|| 100 * depth - 50 * i32::from(improving))
}

/// How much a quiet move may gain, `depth` plies from the leaves, over the
/// position's own score; `None` where the search is too deep to guess.
pub(super) fn futility_margin(depth: i32) -> Option<i32> {
    (depth <= FUTILITY_DEPTH).then(|| 60 + 100 * depth)
}

/// How many moves are searched, `depth` plies from the leaves of a null
/// window, before quiet moves are skipped: more the deeper it is, and more
/// where the side to move is improving. `None`: none are skipped.
pub(super) fn late_moves(depth: i32, improving: bool) -> Option<usize> {
    let moves = 3 + depth * depth;
    (depth <= LATE_MOVE_DEPTH).then_some(if improving { moves } else { moves / 2 + 1 } as usize)
}

/// How many plies less than a real move's a null move is searched: more
/// the deeper the search and the further the position stands above beta.
pub(super) fn null_move_reduction(depth: i32, above_beta: i32) -> i32 {
    3 + depth / 3 + (above_beta / 200).min(3)
}

impl Searcher {
    /// Whether the side to move's static score at `ply` beats its score two
    /// plies up (or four, if it was in check then); also where it was in
    /// check both times, and never where it is in check now.
    pub(super) fn improving(&self, ply: usize) -> bool {
        let Some(now) = self.evals[ply] else { return false };
        match [2, 4].iter().find_map(|&back| ply.checked_sub(back).and_then(|before| self.evals[before])) {
            Some(before) => now > before,
            None => true,
        }
    }

    /// A move after the first, just made: first with a null window (it is
    /// expected to be worse), and a late quiet one a ply or two shallower
    /// (`adjust` plies less, or more when negative); searched again in full
    /// only if it proves better after all.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn later_move(
        &mut self,
        position: &mut Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        index: usize,
        reducible: bool,
        adjust: i32,
    ) -> i32 {
        let reduction = if reducible && depth >= 3 && index >= 3 && !position.is_check() {
            // The later the move and the deeper the search, the less it is likely to matter.
            let r = 0.75 + f64::from(depth).ln() * ((index + 1) as f64).ln() / 2.25;
            (r as i32 - adjust).clamp(1, depth - 2)
        } else {
            0
        };
        let mut score = -self.negamax(position, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha, true);
        if score > alpha && reduction > 0 {
            score = -self.negamax(position, depth - 1, ply + 1, -alpha - 1, -alpha, true);
        }
        if score > alpha && score < beta {
            score = -self.negamax(position, depth - 1, ply + 1, -beta, -alpha, true);
        }
        score
    }

    /// Whether a null move may be tried here: the side to move has a piece
    /// other than pawns and royals (else zugzwang is likely), no turn grant
    /// is pending, the variant keeps no marks a pass would leave stale, and
    /// beta is not a mate score.
    pub(super) fn null_move_fits(&self, position: &Position, beta: i32) -> bool {
        if !self.positional || beta.abs() >= MATE_BOUND || self.rules.update_marks.is_some() {
            return false;
        }
        if position.granted() != crate::grants::Grants::NONE {
            return false;
        }
        position.pieces(position.turn()).any(|(_, kind)| {
            let kind = &self.rules.kinds[kind.0 as usize];
            !kind.pawn && !kind.royal
        })
    }

    /// Whether the capture `mv`, `depth` plies from the leaves, gives up so
    /// much in the exchange on its square that the search need not look at
    /// it (the caller still keeps a capture that gives check).
    pub(super) fn loses_too_much(&self, position: &Position, mv: Move, depth: i32) -> bool {
        depth <= BAD_CAPTURE_DEPTH
            && self.exchange_that_may_lose(position, mv).is_some_and(|gain| gain < -BAD_CAPTURE_MARGIN * depth)
    }

    /// What the capture `mv` wins in the exchange on its square
    /// ([`see::exchange`]), worked out only where the capturing piece is royal
    /// or worth more than what it takes: only then can the exchange lose
    /// material. `None` where it cannot, or where the exchange is not modelled.
    pub(super) fn exchange_that_may_lose(&self, position: &Position, mv: Move) -> Option<i32> {
        let may_lose = position.piece_at(mv.from).is_none_or(|piece| {
            let kind = piece.kind.0 as usize;
            self.rules.kinds[kind].royal || self.values[kind] > victim_value(position, mv, &self.values)
        });
        may_lose.then(|| see::exchange(position, mv, &self.values)).flatten()
    }
}
