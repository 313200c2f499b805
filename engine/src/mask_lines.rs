//! Checks, pins and attacks read from the chains as masks, on boards whose
//! chains allow them ([`BitRays`]): only the enemy pieces standing where their
//! kind could attack the target are looked at, each with the cells between
//! as one mask, where the walkers of `movegen` and `position::attacks` look
//! along every chain cell after cell.

use crate::bitrays::BitRays;
use crate::color::Color;
use crate::geometry::Square;
use crate::movegen::KingLines;
use crate::position::Position;
use crate::squareset::SquareSet;

impl Position {
    /// Whether a piece of `by` attacks `target` with only the `occupied`
    /// cells filled (a piece left out neither attacks nor blocks).
    pub(crate) fn attacked_by_masks(&self, bits: &BitRays, target: Square, by: Color, occupied: u64) -> bool {
        let candidates = self.occupied(by).first_word() & occupied & bits.attackable(by, target);
        squares(candidates)
            .any(|from| bits.between(by, from, target) & occupied == 0 && self.attacks_along(bits, by, from, target))
    }

    /// [`Position::king_lines`] from the chains' masks: an enemy piece that
    /// would attack the king on an empty line checks it with nothing between,
    /// and pins the one own piece between.
    pub(crate) fn king_lines_by_masks(&self, bits: &BitRays, king: Square, us: Color) -> KingLines {
        let own = self.occupied(us).first_word();
        let enemy = self.occupied(!us).first_word();
        let mut pinned = Vec::new();
        let mut block: Option<u64> = None;
        for from in squares(enemy & bits.attackable(!us, king)) {
            let between = bits.between(!us, from, king);
            let pieces = between & (own | enemy);
            let alone = pieces & pieces.wrapping_sub(1) == 0;
            if !alone || pieces & enemy != 0 || !self.attacks_along(bits, !us, from, king) {
                continue;
            }
            let line = bits.line(!us, from, king);
            if pieces == 0 {
                // Every check must be stopped: only cells on all their lines do.
                block = Some(block.map_or(line, |block| block & line));
            } else {
                pinned.push((Square(pieces.trailing_zeros() as u16), SquareSet::from_first_word(line)));
            }
        }
        KingLines { pinned, block: block.map(SquareSet::from_first_word) }
    }

    /// Whether the piece of `by` on `from` attacks `target` along its chain,
    /// the cells between being empty (a frozen piece attacks nothing).
    #[inline]
    fn attacks_along(&self, bits: &BitRays, by: Color, from: Square, target: Square) -> bool {
        let kind = self.piece_at(from).expect("a piece on an occupied cell").kind;
        bits.attacks_from(by, kind.0 as usize, from, target)
            && !(self.rules().freezing.is_some() && self.is_frozen(from))
    }
}

/// The cells of a mask, lowest first.
pub(crate) fn squares(mut mask: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let square = Square(mask.trailing_zeros() as u16);
            mask &= mask - 1;
            square
        })
    })
}
