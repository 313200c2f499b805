//! Moves: plain data, meaningful together with the position they were made in.

use crate::geometry::Square;
use crate::piece::Kind;

/// What makes a move more than "the piece on `from` goes to `to`".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    None,
    /// A pawn's double step, which leaves an en-passant target.
    DoubleStep,
    /// A pawn captures the pawn that just double-stepped past `to`.
    EnPassant,
    /// Castling by the variant's castling rule with this index; `from`/`to` are
    /// the king's squares.
    Castle(u8),
    /// The pawn becomes this kind on arrival.
    Promotion(Kind),
    /// The enemy on `to` is captured and the mover stays on `from`.
    FromAfar,
    /// A piece's first move, moving or capturing like [`Special::None`], with a
    /// neighbour relocating into `from` (Luck Dragon).
    Relocate(Relocation),
    /// A knight's two successive leaps in one turn (Luck Dragon's Double Leap);
    /// `to` is where the second leap lands.
    DoubleLeap(Relocation),
    /// A Luck Dragon's move across the side edge of the board, granted by Lucky 8.
    Wrap(Relocation),
    /// A king's move granted by the Luck Dice (a knight or Luck Dragon move).
    DiceKing,
    /// A piece of this kind comes from the mover's hand onto the empty `to`
    /// (`from == to`): a drop, or a deployment from a reserve.
    Drop(Kind),
    /// The piece on `from` is lifted onto the empty `to`, whatever its pattern,
    /// by a grant (Guardener's teleport to a terrace). It never captures.
    Teleport,
}

/// Which neighbour on the mover's rank slides into the square the mover left,
/// in the same turn: Luck Dragon's piece relocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relocation {
    None,
    /// The piece on the next file toward `a`.
    Left,
    /// The piece on the next file away from `a`.
    Right,
}

/// A move of the position it was generated in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub from: Square,
    pub to: Square,
    pub special: Special,
}

impl Move {
    pub const fn new(from: Square, to: Square, special: Special) -> Move {
        Move { from, to, special }
    }

    /// A drop of a `kind` piece from the mover's hand onto `to`.
    pub const fn drop(kind: Kind, to: Square) -> Move {
        Move { from: to, to, special: Special::Drop(kind) }
    }

    /// The kind dropped, if this is a drop.
    pub fn dropped(&self) -> Option<Kind> {
        match self.special {
            Special::Drop(kind) => Some(kind),
            _ => None,
        }
    }

    pub fn promotion(&self) -> Option<Kind> {
        match self.special {
            Special::Promotion(kind) => Some(kind),
            _ => None,
        }
    }

    pub fn relocation(&self) -> Relocation {
        match self.special {
            Special::Relocate(r) | Special::DoubleLeap(r) | Special::Wrap(r) => r,
            _ => Relocation::None,
        }
    }

    /// The square of the neighbour that relocates into `from`, if any. Cells of a
    /// rank are numbered consecutively, so the neighbour is one index away.
    #[inline]
    pub fn relocated_from(&self) -> Option<Square> {
        match self.relocation() {
            Relocation::None => None,
            Relocation::Left => Some(Square(self.from.0 - 1)),
            Relocation::Right => Some(Square(self.from.0 + 1)),
        }
    }
}
