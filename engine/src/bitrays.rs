//! The rays of a board of at most 64 cells as bit masks, for counting moves
//! without listing them (perft's last ply, [`crate::position::Position::count_legal`]).
//!
//! A ray whose cells run in rising (or falling) box order ends at its lowest
//! (or highest) occupied cell, so what a slider reaches is a mask and one
//! bit scan rather than a walk; a ray of leaps reaches all its cells. Compiled
//! from the same rays the generator walks, so both see the same moves.

use crate::color::Color;
use crate::geometry::Square;
use crate::piece::PieceKind;
use crate::tables::{Tables, AFAR, CAPTURE, MOVE};

/// Boards up to this many cells are counted with masks.
pub const MAX_CELLS: usize = 64;

/// A ray whose cells are passed over in turn: the first occupied cell ends
/// it, so what the piece reaches is a mask and one bit scan.
#[derive(Clone, Copy, Debug)]
pub struct Slide {
    /// Every cell of the ray, those only passed over included.
    cells: u64,
    /// Cells where the piece may stop quietly.
    pub quiet: u64,
    /// Cells where the piece may capture.
    pub capture: u64,
}

impl Slide {
    /// The cells reached along a ray running in rising box order on a board
    /// whose occupied cells are `occupied`: up to and including the first
    /// occupied one. Without a branch: no blocker gives all ones.
    #[inline]
    pub fn reach_rising(&self, occupied: u64) -> u64 {
        let blockers = self.cells & occupied;
        self.cells & (blockers ^ blockers.wrapping_sub(1))
    }

    /// [`Slide::reach_rising`] for a ray in falling box order: the highest
    /// occupied cell blocks. The extra low bit never outranks a blocker and,
    /// without one, keeps every cell.
    #[inline]
    pub fn reach_falling(&self, occupied: u64) -> u64 {
        let blockers = self.cells & occupied | 1;
        self.cells & (u64::MAX << (63 - blockers.leading_zeros()))
    }
}

/// Everything a piece of one kind and side on one cell may reach: its leaps
/// as two masks (a leap is blocked only by what stands on its own cell), and
/// its slides split by the order their cells run in.
#[derive(Clone, Copy, Debug, Default)]
pub struct PieceRays {
    /// Cells a leap may stop on quietly / capture on.
    pub leap_quiet: u64,
    pub leap_capture: u64,
    /// Whether the kind is a pawn (promotes, takes en passant).
    pub pawn: bool,
    /// The slides in `BitRays::slides`: rising ones from `rising` to
    /// `falling`, falling ones from `falling` to `end`.
    rising: u32,
    falling: u32,
    end: u32,
}

/// The bit rays of every (side, kind, cell) of a variant, and the cells of
/// every attack chain.
#[derive(Clone, Debug)]
pub struct BitRays {
    kinds: usize,
    cells: usize,
    pieces: Vec<PieceRays>,
    slides: Vec<Slide>,
    /// Per (attacking side, target): the cells of each of its chains, in the
    /// order of [`Tables::chains`].
    chain_index: Vec<(u32, u32)>,
    chains: Vec<u64>,
    /// Per (attacking side, target): every cell of its chains.
    chain_union: Vec<u64>,
}

impl BitRays {
    /// The bit rays of `tables`, or `None` when some ray cannot be one: a
    /// board over 64 cells, a hop, a capture from afar, a ray whose cells do
    /// not run in box order, or two rays of a piece that may stop on the same
    /// cell (then a piece's moves are not the cells of one mask).
    pub fn compile(tables: &Tables, kinds: &[PieceKind], cells: usize) -> Option<BitRays> {
        if cells > MAX_CELLS || tables.any_hop() {
            return None;
        }
        let mut bits = BitRays {
            kinds: kinds.len(),
            cells,
            pieces: Vec::with_capacity(2 * kinds.len() * cells),
            slides: Vec::new(),
            chain_index: Vec::with_capacity(2 * cells),
            chains: Vec::new(),
            chain_union: Vec::with_capacity(2 * cells),
        };
        for color in Color::ALL {
            for (kind, properties) in kinds.iter().enumerate() {
                for origin in 0..cells {
                    let mut piece = PieceRays { pawn: properties.pawn, ..PieceRays::default() };
                    let (mut rising, mut falling) = (Vec::new(), Vec::new());
                    let mut covered = 0u64;
                    for ray in tables.rays(color, kind, Square(origin as u16)) {
                        let ray_cells = tables.ray_cells(ray);
                        let mut slide = Slide { cells: 0, quiet: 0, capture: 0 };
                        for cell in ray_cells {
                            if cell.mode & AFAR != 0 {
                                return None;
                            }
                            let bit = 1u64 << cell.square.index();
                            slide.cells |= bit;
                            slide.quiet |= if cell.mode & MOVE != 0 { bit } else { 0 };
                            slide.capture |= if cell.mode & CAPTURE != 0 { bit } else { 0 };
                        }
                        let stops = slide.quiet | slide.capture;
                        if covered & stops != 0 {
                            return None;
                        }
                        covered |= stops;
                        if ray.leaps {
                            // Two leaps onto one cell are two moves there: not a mask.
                            if slide.cells.count_ones() as usize != ray_cells.len() {
                                return None;
                            }
                            piece.leap_quiet |= slide.quiet;
                            piece.leap_capture |= slide.capture;
                        } else if ray_cells.windows(2).all(|w| w[0].square.0 < w[1].square.0) {
                            rising.push(slide);
                        } else if ray_cells.windows(2).all(|w| w[0].square.0 > w[1].square.0) {
                            falling.push(slide);
                        } else {
                            return None;
                        }
                    }
                    piece.rising = bits.slides.len() as u32;
                    bits.slides.extend(rising);
                    piece.falling = bits.slides.len() as u32;
                    bits.slides.extend(falling);
                    piece.end = bits.slides.len() as u32;
                    bits.pieces.push(piece);
                }
            }
            for target in 0..cells {
                let start = bits.chains.len() as u32;
                for chain in tables.chains(color, Square(target as u16)) {
                    bits.chains.push(tables.chain_cells(chain).iter().fold(0, |mask, c| mask | 1 << c.square.index()));
                }
                bits.chain_index.push((start, bits.chains.len() as u32));
                bits.chain_union.push(bits.chains[start as usize..].iter().fold(0, |all, chain| all | chain));
            }
        }
        Some(bits)
    }

    /// Every cell from which a piece of `attacker` could attack `target`
    /// (or block such an attack): with none of its pieces there, `target`
    /// is not attacked.
    #[inline]
    pub fn attack_cells(&self, attacker: Color, target: Square) -> u64 {
        self.chain_union[attacker.index() * self.cells + target.index()]
    }

    /// The cells of each chain along which `attacker` could attack `target`,
    /// in the order of [`Tables::chains`]: a chain with no piece of the
    /// attacker on it neither attacks nor pins.
    #[inline]
    pub fn chains(&self, attacker: Color, target: Square) -> &[u64] {
        let (a, b) = self.chain_index[attacker.index() * self.cells + target.index()];
        &self.chains[a as usize..b as usize]
    }

    /// The leaps and slides of a `kind` piece of `color` on `origin`.
    #[inline]
    pub fn piece(&self, color: Color, kind: usize, origin: Square) -> &PieceRays {
        &self.pieces[(color.index() * self.kinds + kind) * self.cells + origin.index()]
    }

    /// Every cell `piece` may stop on: `empty` ones it moves to quietly,
    /// `enemy` ones it captures on, its slides stopped by `occupied` ones.
    /// One mask, since no two rays of a piece stop on one cell.
    #[inline(always)]
    pub fn targets(&self, piece: &PieceRays, occupied: u64, empty: u64, enemy: u64) -> u64 {
        let stops = |quiet: u64, capture: u64| empty & quiet | enemy & capture;
        let mut targets = stops(piece.leap_quiet, piece.leap_capture);
        for slide in self.rising(piece) {
            targets |= slide.reach_rising(occupied) & stops(slide.quiet, slide.capture);
        }
        for slide in self.falling(piece) {
            targets |= slide.reach_falling(occupied) & stops(slide.quiet, slide.capture);
        }
        targets
    }

    /// The slides of `piece` whose cells run in rising box order.
    #[inline]
    pub fn rising(&self, piece: &PieceRays) -> &[Slide] {
        &self.slides[piece.rising as usize..piece.falling as usize]
    }

    /// The slides of `piece` whose cells run in falling box order.
    #[inline]
    pub fn falling(&self, piece: &PieceRays) -> &[Slide] {
        &self.slides[piece.falling as usize..piece.end as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slider_reaches_up_to_its_first_blocker_either_way() {
        let line = 0b1111_0000u64;
        let slide = Slide { cells: line, quiet: line, capture: line };
        assert_eq!(slide.reach_rising(0), line);
        assert_eq!(slide.reach_rising(0b0010_0000 | 0b1000_0000 | 1), 0b0011_0000);
        assert_eq!(slide.reach_falling(0), line);
        assert_eq!(slide.reach_falling(0b0010_0000 | 1), 0b1110_0000);
        assert_eq!(slide.reach_falling(0b1000_0000), 0b1000_0000);
        let corner = Slide { cells: 1 | 1 << 63, quiet: 0, capture: 0 };
        assert_eq!(corner.reach_falling(1), 1 | 1 << 63);
        assert_eq!(corner.reach_falling(1 << 63), 1 << 63);
        assert_eq!(corner.reach_rising(1), 1);
    }
}
