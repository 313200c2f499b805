//! Move ordering: the moves most likely to decide a search go first. For the
//! side trying to mate that is checks, then captures of valuable pieces; for
//! the side defending it is the move that refuted a sibling, then captures and
//! royal moves, which most often break a mating net.

use crate::moves::{Move, Special};
use crate::notation;
use crate::position::Position;

/// Moves `preferred` (if present) to the front of `moves`, keeping the order
/// of the rest.
#[inline]
pub(super) fn bring_to_front(moves: &mut [Move], preferred: Option<Move>) {
    if let Some(index) = preferred.and_then(|p| moves.iter().position(|m| *m == p)) {
        moves[..=index].rotate_right(1);
    }
}

/// What the piece on `mv.to` (or the en-passant victim) is worth, `0` if none.
#[inline]
pub(super) fn victim_value(position: &Position, mv: Move, values: &[i32]) -> i32 {
    match mv.special {
        Special::EnPassant => {
            position.en_passant().and_then(|ep| position.piece_at(ep.victim)).map_or(0, |p| values[p.kind.0 as usize])
        }
        Special::Castle(_) => 0,
        _ => position.piece_at(mv.to).map_or(0, |p| values[p.kind.0 as usize]),
    }
}

/// Whether `mv` checks the opponent.
#[inline]
pub(super) fn gives_check(position: &mut Position, mv: Move) -> bool {
    position.make(mv);
    let check = position.is_check();
    position.unmake();
    check
}

/// Orders the attacker's moves: `preferred` first, then checks, then captures
/// by the value taken, then promotions, then the rest.
pub(super) fn order_attacks(position: &mut Position, moves: &mut [Move], values: &[i32], preferred: Option<Move>) {
    let mut scored: Vec<(i32, Move)> = moves
        .iter()
        .map(|&mv| {
            let mut score = 0;
            if Some(mv) == preferred {
                score += 1 << 24;
            }
            if gives_check(position, mv) {
                score += 1 << 20;
            }
            if notation::is_capture(position, mv) {
                score += (1 << 16) + victim_value(position, mv, values);
            }
            if mv.promotion().is_some() {
                score += 1 << 12;
            }
            (score, mv)
        })
        .collect();
    scored.sort_by_key(|(score, _)| -score);
    for (slot, (_, mv)) in moves.iter_mut().zip(scored) {
        *slot = mv;
    }
}

/// Orders the defender's replies: `refutations` first (the table's move, then
/// the last move that refuted a sibling), then captures by the value taken,
/// then moves of a royal piece, then the rest.
pub(super) fn order_defences(position: &Position, moves: &mut [Move], values: &[i32], refutations: [Option<Move>; 2]) {
    let royal_from = |mv: &Move| position.piece_at(mv.from).is_some_and(|p| position.rules().kind(p.kind).royal);
    moves.sort_by_key(|mv| {
        let capture =
            if notation::is_capture(position, *mv) { (1 << 16) + victim_value(position, *mv, values) } else { 0 };
        let royal = if royal_from(mv) { 1 << 12 } else { 0 };
        -(capture + royal)
    });
    for refutation in refutations.into_iter().rev() {
        bring_to_front(moves, refutation);
    }
}
