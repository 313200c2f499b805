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

    pub fn promotion(&self) -> Option<Kind> {
        match self.special {
            Special::Promotion(kind) => Some(kind),
            _ => None,
        }
    }
}
