//! Guardener's dice in players' words, for refused moves: which face a piece
//! waits for when this turn's dice do not let it move.

use crate::geometry::Square;
use crate::grants::Grant;
use crate::piece::Kind;
use crate::position::Position;

use super::dice::{ANY, FOUR, ONE, THREE, TWO};
use super::{BISHOP, GUARDENER, KING, KNIGHT, PAWN, QUEEN, ROOK};

/// [`Rules::why_refused`](crate::rules::Rules): the face the named piece
/// needs, when this turn's dice lack it.
pub(super) fn why_refused(position: &Position, kind: Option<Kind>, to: Option<Square>) -> Option<String> {
    let granted = position.granted();
    if granted.contains(ANY) {
        return None;
    }
    let lacks = |grant: Grant| !granted.contains(grant);
    let needs = |pieces: &str, face: u32| {
        format!(
            "{pieces} only when the dice show a {face} (or after a double on the turn's first roll), \
             and this turn's dice show no {face}"
        )
    };
    // A bare square names a pawn's move.
    let kind = kind.unwrap_or(PAWN);
    let enemy_there = to.and_then(|square| position.piece_at(square)).is_some_and(|p| p.color != position.turn());
    match kind {
        KNIGHT if lacks(TWO) => Some(needs("knights move", 2)),
        BISHOP if lacks(THREE) => Some(needs("bishops move", 3)),
        ROOK if lacks(FOUR) => Some(needs("rooks move", 4)),
        QUEEN => Some("the queen moves only after a double on the turn's first roll".into()),
        PAWN | KING | GUARDENER if enemy_there && lacks(ONE) => Some(needs("pawns, kings and Guardeners capture", 1)),
        PAWN if lacks(ONE) && to.is_some_and(|square| past_middle(position, square)) => {
            Some(needs("pawns move past the middle of the board", 1))
        }
        _ => None,
    }
}

/// Whether `square` lies in the half of the side not to move (ranks 5-8 for
/// White), where a pawn goes only with a 1.
fn past_middle(position: &Position, square: Square) -> bool {
    let rank = position.rules().geometry.rank(square);
    position.turn().fold(rank >= 5, rank <= 4)
}
