//! Pieces standing on two squares: Guardener's Guardener straddles d0 and e0
//! until its first move. Both cells hold the piece, so it blocks, moves and
//! attacks from either; moving either half, or capturing either, takes the
//! other half off the board too. A side has at most one straddling piece.

use crate::color::{ByColor, Color};
use crate::geometry::Square;
use crate::moves::{Move, Special};
use crate::piece::Piece;
use crate::position::Position;

/// What `unmake` needs to put a straddling piece back together.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TwinUndo {
    straddles: ByColor<Option<(Square, Square)>>,
    removed: [Option<(Square, Piece)>; 2],
}

impl Position {
    /// The two squares of `color`'s straddling piece, if it has one.
    pub fn straddle(&self, color: Color) -> Option<(Square, Square)> {
        self.straddles[color]
    }

    /// Makes the piece of `color` standing on both `a` and `b` one straddling
    /// piece (setting up a position; both cells must hold it).
    pub fn set_straddle(&mut self, color: Color, squares: Option<(Square, Square)>) {
        self.straddles[color] = squares;
    }

    /// After `mv` by `mover`: a straddling half that moved away or was captured
    /// takes its twin off the board. Returns whether anything changed (and was
    /// saved for [`Position::relink_twins`]).
    #[inline(never)]
    pub(crate) fn unlink_twins(&mut self, mv: Move, mover: Color, captured: Option<(Square, Piece)>) -> bool {
        let before = self.straddles;
        let mut removed = [None, None];
        for color in Color::ALL {
            let Some((a, b)) = self.straddles[color] else { continue };
            let moved_away = !matches!(mv.special, Special::Drop(_) | Special::Castle(_) | Special::FromAfar);
            let half = if color == mover && moved_away && (mv.from == a || mv.from == b) {
                Some(mv.from)
            } else {
                captured.filter(|(sq, p)| p.color == color && (*sq == a || *sq == b)).map(|(sq, _)| sq)
            };
            if let Some(half) = half {
                let twin = if half == a { b } else { a };
                removed[color.index()] = self.remove(twin).map(|piece| (twin, piece));
                self.straddles[color] = None;
            }
        }
        if self.straddles == before {
            return false;
        }
        self.twin_undo.push(TwinUndo { straddles: before, removed });
        true
    }

    /// Undoes [`Position::unlink_twins`], before the move itself is unmade.
    #[inline(never)]
    pub(crate) fn relink_twins(&mut self) {
        let undo = self.twin_undo.pop().expect("twins saved by make");
        for (square, piece) in undo.removed.into_iter().flatten() {
            self.put(square, piece);
        }
        self.straddles = undo.straddles;
    }
}
