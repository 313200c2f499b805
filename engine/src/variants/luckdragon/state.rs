//! What the board does not show, kept in the position's [`Marks`]:
//!
//! * `unmoved`: home-rank squares whose original piece has never moved, been
//!   relocated or been captured (LD-FEN field 7);
//! * `tagged`: knights that spent their later Double Leap (field 9), a mark
//!   that travels with the knight and vanishes when it is captured;
//! * `flags`: each side's unused Double Leap entrance (field 8).
//!
//! It also keeps the castling rights of rooks, which depend on relocation.

use crate::color::Color;
use crate::moves::{Move, Special};
use crate::piece::Piece;
use crate::position::Marks;
use crate::rules::Rules;

/// The flag bit of `color`'s Double Leap entrance.
pub(super) fn entrance(color: Color) -> u8 {
    1 << color.index()
}

/// The squares a move vacates, occupies or relocates from: whatever stood there
/// originally is no longer unmoved.
fn touches(mv: Move, square: crate::geometry::Square) -> bool {
    mv.from == square || mv.to == square || mv.relocated_from() == Some(square)
}

/// [`Rules::update_marks`] for Luck Dragon.
pub(super) fn update_marks(
    rules: &Rules,
    mv: Move,
    moved: Piece,
    before: &Marks,
    marks: &mut Marks,
    castling: &mut u8,
) {
    if *castling != 0 {
        keep_rook_rights(rules, mv, before, castling);
    }
    marks.unmoved.remove(mv.from);
    marks.unmoved.remove(mv.to);
    if let Some(neighbour) = mv.relocated_from() {
        marks.unmoved.remove(neighbour);
    }
    if let Special::Castle(rule) = mv.special {
        marks.unmoved.remove(rules.castling[rule as usize].rook_from);
    }
    // A spent knight that is captured takes its mark along; one that moves carries it.
    marks.tagged.remove(mv.to);
    if before.tagged.contains(mv.from) {
        marks.tagged.remove(mv.from);
        marks.tagged.insert(mv.to);
    }
    if let Special::DoubleLeap(_) = mv.special {
        if before.unmoved.contains(mv.from) {
            marks.flags &= !entrance(moved.color);
        } else {
            marks.tagged.insert(mv.to);
        }
    }
}

/// §4.4: a right is lost when its rook moves or is captured, or relocates
/// inward; it is kept when the rook relocates into the corner. The rook holding
/// a right stands on its own square while that square is unmoved, else in the
/// corner (the castling rules say which by their `unmoved` condition).
fn keep_rook_rights(rules: &Rules, mv: Move, before: &Marks, castling: &mut u8) {
    for rule in &rules.castling {
        let Some((home, on_home)) = rule.unmoved else { continue };
        let bit = 1 << rule.right;
        if *castling & bit == 0 || before.unmoved.contains(home) != on_home {
            continue;
        }
        let lost = if on_home {
            let into_corner = mv.relocated_from() == Some(home) && is_corner(mv.from);
            touches(mv, home) && !into_corner
        } else {
            touches(mv, rule.rook_from)
        };
        if lost {
            *castling &= !bit;
        }
    }
}

fn is_corner(square: crate::geometry::Square) -> bool {
    matches!(super::file_of(square), 0 | 9)
}
