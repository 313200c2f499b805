//! Checks, pins and attacks read from the chains as masks, on boards whose
//! chains allow them ([`BitRays`]): only the enemy pieces standing where their
//! kind could attack the target are looked at, each with the cells between
//! as one mask, where the walkers of `movegen` and `position::attacks` look
//! along every chain cell after cell.

use crate::bitrays::{BitRays, Toward};
use crate::color::Color;
use crate::geometry::Square;
use crate::movegen::{KingLines, Pins};
use crate::moves::{Move, Special};
use crate::piece::Kind;
use crate::position::Position;
use crate::squareset::SquareSet;

impl Position {
    /// Whether a piece of `by` attacks `target` with only the `occupied`
    /// cells filled (a piece left out neither attacks nor blocks).
    pub(crate) fn attacked_by_masks(&self, bits: &BitRays, target: Square, by: Color, occupied: u64) -> bool {
        let toward = bits.toward(by, target);
        let candidates = self.occupied(by).first_word() & occupied & toward.attackable;
        squares(candidates).any(|from| toward.between(from) & occupied == 0 && self.attacks_along(toward, from))
    }

    /// The least valuable piece of `by` attacking `target` with only the
    /// `occupied` cells filled, by `worth`, with its cell: the static
    /// exchange's next capturer, from the few pieces standing where their kind
    /// could attack rather than from every cell of every chain.
    pub(crate) fn cheapest_attacker_by_masks(
        &self,
        bits: &BitRays,
        target: Square,
        by: Color,
        occupied: u64,
        worth: impl Fn(Kind) -> i32,
    ) -> Option<(Square, Kind)> {
        let toward = bits.toward(by, target);
        let candidates = self.occupied(by).first_word() & occupied & toward.attackable;
        squares(candidates)
            .filter(|&from| toward.between(from) & occupied == 0 && self.attacks_along(toward, from))
            .map(|from| (from, self.piece_at(from).expect("a piece on an occupied cell").kind))
            .min_by_key(|&(_, kind)| worth(kind))
    }

    /// [`Position::king_lines`] from the chains' masks: an enemy piece that
    /// would attack the king on an empty line checks it with nothing between,
    /// and pins the one own piece between.
    pub(crate) fn king_lines_by_masks(&self, bits: &BitRays, king: Square, us: Color) -> KingLines {
        let own = self.occupied(us).first_word();
        let enemy = self.occupied(!us).first_word();
        let toward = bits.toward(!us, king);
        let mut pinned = Pins::new();
        let mut block: Option<u64> = None;
        for from in squares(enemy & toward.attackable) {
            let between = toward.between(from);
            let pieces = between & (own | enemy);
            let alone = pieces & pieces.wrapping_sub(1) == 0;
            if !alone || pieces & enemy != 0 || !self.attacks_along(toward, from) {
                continue;
            }
            let line = between | 1 << from.index();
            if pieces == 0 {
                // Every check must be stopped: only cells on all their lines do.
                block = Some(block.map_or(line, |block| block & line));
            } else {
                pinned.push((Square(pieces.trailing_zeros() as u16), SquareSet::from_first_word(line)));
            }
        }
        KingLines { pinned, block: block.map(SquareSet::from_first_word) }
    }

    /// Whether en passant `mv` leaves the lone royal piece on `king` safe,
    /// read from the masks: the capture empties the pawn's cell and its
    /// victim's and fills the landing cell. `None` for any other move and
    /// where the masks cannot tell (no masks, freezers, a piece on two cells).
    pub(crate) fn en_passant_keeps_by_masks(&self, mv: Move, king: Square) -> Option<bool> {
        let bits = self.rules().tables.bits()?;
        let straddling = self.straddles.white.is_some() || self.straddles.black.is_some();
        if mv.special != Special::EnPassant || self.rules().freezing.is_some() || straddling {
            return None;
        }
        let victim = self.en_passant()?.victim;
        let king = if mv.from == king { mv.to } else { king };
        let emptied = 1 << mv.from.index() | 1 << victim.index();
        let occupied = self.all_occupied().first_word() & !emptied | 1 << mv.to.index();
        Some(!self.attacked_by_masks(bits, king, !self.turn(), occupied))
    }

    /// Whether the piece on `from` (of the side `toward` is for) attacks its
    /// target, the cells between being empty (a frozen piece attacks nothing).
    #[inline(always)]
    fn attacks_along(&self, toward: Toward, from: Square) -> bool {
        let kind = self.piece_at(from).expect("a piece on an occupied cell").kind;
        toward.attacks_from(kind.0 as usize, from) && !(self.rules().freezing.is_some() && self.is_frozen(from))
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
