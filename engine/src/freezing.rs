//! Freezing: pieces that take the powers of enemy pieces near them (the
//! Dragonchess Basilisk freezes the piece directly above it). A frozen piece
//! neither moves nor attacks, so it gives no check and defends nothing, but it
//! still blocks lines and can be captured. Freezing is a property of the
//! position, so nothing is stored: it is read off the board when asked.

use crate::color::Color;
use crate::geometry::{Geometry, Square};
use crate::piece::{Kind, Vector};
use crate::position::Position;

/// Which kinds freeze, and which cells they freeze, compiled per cell.
#[derive(Clone, Debug)]
pub struct Freezing {
    /// Bit `k` set: pieces of kind `k` freeze.
    freezers: u32,
    cells: usize,
    /// By (freezer's colour, frozen cell): the cells a freezer would stand on.
    sources: Vec<Vec<Square>>,
    /// By (freezer's colour, freezer's cell): the cells it freezes.
    targets: Vec<Vec<Square>>,
}

impl Freezing {
    /// Pieces of the `freezers` kinds freeze the enemy pieces at each of `reach`
    /// from where they stand (`dy` toward the freezer's opponent, as for moves).
    pub fn new(geometry: &Geometry, freezers: &[Kind], reach: &[Vector]) -> Freezing {
        let cells = geometry.box_size();
        let mut sources = vec![Vec::new(); 2 * cells];
        let mut targets = vec![Vec::new(); 2 * cells];
        for color in Color::ALL {
            for origin in geometry.squares() {
                let (layer, file, rank) = (geometry.layer(origin), geometry.file(origin), geometry.rank(origin));
                for v in reach {
                    let target = geometry.square(
                        layer as i32 + v.dl as i32,
                        file as i32 + v.dx as i32,
                        rank as i32 + v.dy as i32 * color.forward(),
                    );
                    if let Some(target) = target {
                        sources[color.index() * cells + target.index()].push(origin);
                        targets[color.index() * cells + origin.index()].push(target);
                    }
                }
            }
        }
        Freezing { freezers: freezers.iter().fold(0, |bits, k| bits | 1 << k.0), cells, sources, targets }
    }

    /// Whether pieces of `kind` freeze.
    #[inline]
    pub fn is_freezer(&self, kind: Kind) -> bool {
        self.freezers >> kind.0 & 1 != 0
    }

    /// Where a freezer of `color` would stand to freeze a piece on `square`.
    #[inline]
    fn sources(&self, color: Color, square: Square) -> &[Square] {
        &self.sources[color.index() * self.cells + square.index()]
    }
}

impl Position {
    /// Whether the piece on `square` is frozen (an empty cell is not).
    #[inline]
    pub fn is_frozen(&self, square: Square) -> bool {
        let Some(freezing) = &self.rules().freezing else { return false };
        let Some(piece) = self.piece_at(square) else { return false };
        freezing
            .sources(!piece.color, square)
            .iter()
            .any(|source| self.piece_at(*source).is_some_and(|p| p.color != piece.color && freezing.is_freezer(p.kind)))
    }

    /// Whether the piece on `square` freezes some enemy piece now, so that
    /// moving it away would set that piece free.
    pub fn freezes_something(&self, square: Square) -> bool {
        let Some(freezing) = &self.rules().freezing else { return false };
        let Some(piece) = self.piece_at(square).filter(|p| freezing.is_freezer(p.kind)) else { return false };
        freezing.targets[piece.color.index() * freezing.cells + square.index()]
            .iter()
            .any(|target| self.piece_at(*target).is_some_and(|p| p.color != piece.color))
    }
}
