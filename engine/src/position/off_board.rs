//! What a move changes off the board in a variant with hands: the hands,
//! promoted pieces and landing immunity, made and unmade beside the board.

use super::{OffBoardUndo, Position};
use crate::geometry::Square;
use crate::moves::{Move, Special};
use crate::piece::Piece;
use crate::squareset::SquareSet;

impl Position {
    /// The hand changes of a move in a variant with hands: a drop leaves the
    /// hand, a captured piece goes where the rules send it, a promotion drawn
    /// from the hand takes its piece; then promoted pieces and landing
    /// immunity follow. Runs after the board changed. Whether anything
    /// changed: most moves of a game with hands touch none of it.
    #[inline(never)]
    pub(super) fn make_off_board(&mut self, mv: Move, moved: Piece, captured: Option<(Square, Piece)>) -> bool {
        let untouched = mv.dropped().is_none()
            && captured.is_none()
            && mv.promotion().is_none()
            && self.immune.is_empty()
            && !self.promoted.contains(mv.from);
        if untouched {
            return false;
        }
        // What the rules say is read first, so that no reference into them
        // (nor a clone of their `Arc`, an atomic count per move) outlives it.
        let rules = &*self.rules;
        let drops = rules.drops.as_ref().expect("a variant with hands");
        let destination = captured
            .and_then(|(square, piece)| drops.destination(piece.color, piece.kind, self.promoted.contains(square)));
        let from_hand = rules.promotion.from_hand;
        let landing_immunity = drops.landing_immunity;
        self.off_board_undo.push(OffBoardUndo { immune: self.immune, promoted: self.promoted });
        let us = moved.color;
        if let Some(kind) = mv.dropped() {
            self.change_hand(us, kind, false);
        }
        if let Some((owner, kind)) = destination {
            self.change_hand(owner, kind, true);
        }
        if let Some((square, _)) = captured {
            self.promoted.remove(square);
        }
        if let Some(kind) = mv.promotion() {
            if from_hand {
                self.change_hand(us, kind, false);
            }
            self.promoted.insert(mv.to);
        } else if self.promoted.contains(mv.from) && mv.dropped().is_none() && mv.special != Special::FromAfar {
            self.promoted.remove(mv.from);
            self.promoted.insert(mv.to);
        }
        let mut immune = SquareSet::EMPTY;
        if landing_immunity && mv.dropped().is_some() {
            immune.insert(mv.to);
        }
        if !(immune.is_empty() && self.immune.is_empty()) {
            self.set_immune(immune);
        }
        true
    }

    #[inline(never)]
    pub(super) fn unmake_off_board(&mut self, mv: Move, moved: Piece, captured: Option<(Square, Piece)>) {
        let saved = self.off_board_undo.pop().expect("hands saved by make");
        if !(saved.immune.is_empty() && self.immune.is_empty()) {
            self.set_immune(saved.immune);
        }
        self.promoted = saved.promoted;
        let rules = &*self.rules;
        let drops = rules.drops.as_ref().expect("a variant with hands");
        let destination = captured
            .and_then(|(square, piece)| drops.destination(piece.color, piece.kind, self.promoted.contains(square)));
        let from_hand = rules.promotion.from_hand;
        if let Some(kind) = mv.dropped() {
            self.change_hand(moved.color, kind, true);
        }
        if let Some((owner, kind)) = destination {
            self.change_hand(owner, kind, false);
        }
        if let Some(kind) = mv.promotion().filter(|_| from_hand) {
            self.change_hand(moved.color, kind, true);
        }
    }
}
