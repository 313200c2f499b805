//! Checks, pins and attacks read from the chains as masks, on boards whose
//! chains allow them ([`BitRays`]): along each chain the piece nearest the
//! target is one bit scan away, where the walkers of `movegen` and
//! `position::attacks` look at cell after cell.

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
        let attackers = self.occupied(by).first_word() & occupied;
        if bits.attack_cells(by, target) & attackers == 0 {
            return false;
        }
        bits.chains(by, target).iter().any(|chain| {
            let pieces = chain.cells & occupied;
            pieces & attackers != 0 && {
                let nearest = chain.nearest(pieces);
                attackers >> nearest.index() & 1 != 0 && self.attacks_along(bits, by, nearest, target)
            }
        })
    }

    /// [`Position::king_lines`] from the chains' masks.
    pub(crate) fn king_lines_by_masks(&self, bits: &BitRays, king: Square, us: Color) -> KingLines {
        let enemy = self.occupied(!us).first_word();
        let occupied = enemy | self.occupied(us).first_word();
        let mut pinned = Vec::new();
        let mut block: Option<u64> = None;
        for chain in bits.chains(!us, king).iter().filter(|chain| chain.cells & enemy != 0) {
            let pieces = chain.cells & occupied;
            let first = chain.nearest(pieces);
            if enemy >> first.index() & 1 != 0 {
                if self.attacks_along(bits, !us, first, king) {
                    // Every check must be stopped: only cells on all their lines do.
                    let checked = chain.up_to(first);
                    block = Some(block.map_or(checked, |block| block & checked));
                }
                continue;
            }
            let behind = pieces & !(1 << first.index());
            if behind & enemy == 0 {
                continue;
            }
            let second = chain.nearest(behind);
            if enemy >> second.index() & 1 != 0 && self.attacks_along(bits, !us, second, king) {
                pinned.push((first, SquareSet::from_first_word(chain.up_to(second))));
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
