//! Castling rights that follow the `unmoved` field (§2, §9, D14): a king on
//! e1/e8 or a rook on a1/h1/a8/h8 that has not moved since it entered the
//! board, by starting there or by being deployed there. A right exists while
//! both its king and its rook are unmoved.

use crate::color::Color;
use crate::geometry::Square;
use crate::moves::{Move, Special};
use crate::piece::Piece;
use crate::position::Marks;
use crate::rules::Rules;
use crate::squareset::SquareSet;

use super::{king_square, KING, ROOK};

/// The rook squares of `color`: the short side's, then the long side's.
fn rook_squares(color: Color) -> [Square; 2] {
    color.fold([Square(7), Square(0)], [Square(63), Square(56)])
}

/// Whether a `piece` standing on `square` may be listed as unmoved there.
pub(super) fn may_be_unmoved(piece: Piece, square: Square) -> bool {
    match piece.kind {
        KING => square == king_square(piece.color),
        ROOK => rook_squares(piece.color).contains(&square),
        _ => false,
    }
}

/// The castling rights (chess's bits: White short, White long, Black short,
/// Black long) the unmoved squares give.
pub(super) fn rights(unmoved: &SquareSet) -> u8 {
    let mut rights = 0;
    for color in Color::ALL {
        if !unmoved.contains(king_square(color)) {
            continue;
        }
        for (side, rook) in rook_squares(color).into_iter().enumerate() {
            if unmoved.contains(rook) {
                rights |= 1 << (color.index() * 2 + side);
            }
        }
    }
    rights
}

/// [`crate::rules::UpdateMarks`]: a piece leaving or a piece captured on an
/// unmoved square clears it; a king or rook deployed on its square sets it.
pub(super) fn update_marks(
    rules: &Rules,
    mv: Move,
    moved: Piece,
    before: &Marks,
    marks: &mut Marks,
    castling: &mut u8,
) {
    let mut unmoved = before.unmoved;
    match mv.special {
        Special::Drop(_) => {
            if may_be_unmoved(moved, mv.to) {
                unmoved.insert(mv.to);
            }
        }
        Special::Castle(rule) => {
            let rule = &rules.castling[rule as usize];
            unmoved.remove(rule.king_from);
            unmoved.remove(rule.rook_from);
        }
        _ => {
            unmoved.remove(mv.from);
            unmoved.remove(mv.to);
        }
    }
    marks.unmoved = unmoved;
    *castling = rights(&unmoved);
}
