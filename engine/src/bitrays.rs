//! The rays of a board of at most 64 cells as bit masks, for counting moves
//! without listing them (perft's last ply, [`crate::position::Position::count_legal`]).
//!
//! A ray whose cells run in rising (or falling) box order ends at its lowest
//! (or highest) occupied cell, so what a slider reaches is a mask and one
//! bit scan rather than a walk; a ray of leaps reaches all its cells. Compiled
//! from the same rays the generator walks, so both see the same moves.

use crate::color::Color;
use crate::geometry::Square;
use crate::tables::{Tables, AFAR, CAPTURE, MOVE};

/// Boards up to this many cells are counted with masks.
pub const MAX_CELLS: usize = 64;

/// How a ray's occupied cells block the rest of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Order {
    /// Separate leaps: an occupied cell blocks only itself.
    Leaps,
    /// The cells run in rising box order: the lowest occupied cell blocks.
    Rising,
    /// The cells run in falling box order: the highest occupied cell blocks.
    Falling,
}

/// One ray of one piece on one cell, as masks over the box's cells.
#[derive(Clone, Copy, Debug)]
pub struct BitRay {
    /// Every cell of the ray, those only passed over included.
    cells: u64,
    /// Cells where the piece may stop quietly.
    pub quiet: u64,
    /// Cells where the piece may capture.
    pub capture: u64,
    order: Order,
}

impl BitRay {
    /// The cells the piece reaches along this ray on a board whose occupied
    /// cells are `occupied`: up to and including the first occupied one.
    #[inline]
    pub fn reach(&self, occupied: u64) -> u64 {
        let blockers = self.cells & occupied;
        if blockers == 0 || self.order == Order::Leaps {
            return self.cells;
        }
        match self.order {
            Order::Rising => self.cells & (blockers ^ (blockers - 1)),
            _ => self.cells & !((1u64 << (63 - blockers.leading_zeros())) - 1),
        }
    }
}

/// The bit rays of every (side, kind, cell) of a variant, and the cells of
/// every attack chain.
#[derive(Clone, Debug)]
pub struct BitRays {
    kinds: usize,
    cells: usize,
    index: Vec<(u32, u32)>,
    rays: Vec<BitRay>,
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
    pub fn compile(tables: &Tables, kinds: usize, cells: usize) -> Option<BitRays> {
        if cells > MAX_CELLS || tables.any_hop() {
            return None;
        }
        let mut bits = BitRays {
            kinds,
            cells,
            index: Vec::with_capacity(2 * kinds * cells),
            rays: Vec::new(),
            chain_index: Vec::with_capacity(2 * cells),
            chains: Vec::new(),
            chain_union: Vec::with_capacity(2 * cells),
        };
        for color in Color::ALL {
            for kind in 0..kinds {
                for origin in 0..cells {
                    let start = bits.rays.len() as u32;
                    let mut covered = 0u64;
                    for ray in tables.rays(color, kind, Square(origin as u16)) {
                        let ray_cells = tables.ray_cells(ray);
                        let mut compiled = BitRay { cells: 0, quiet: 0, capture: 0, order: Order::Leaps };
                        for cell in ray_cells {
                            if cell.mode & AFAR != 0 {
                                return None;
                            }
                            let bit = 1u64 << cell.square.index();
                            compiled.cells |= bit;
                            compiled.quiet |= if cell.mode & MOVE != 0 { bit } else { 0 };
                            compiled.capture |= if cell.mode & CAPTURE != 0 { bit } else { 0 };
                        }
                        if !ray.leaps {
                            let rising = ray_cells.windows(2).all(|w| w[0].square.0 < w[1].square.0);
                            let falling = ray_cells.windows(2).all(|w| w[0].square.0 > w[1].square.0);
                            compiled.order = match (rising, falling) {
                                (true, _) => Order::Rising,
                                (_, true) => Order::Falling,
                                _ => return None,
                            };
                        } else if compiled.cells.count_ones() as usize != ray_cells.len() {
                            // Two leaps onto one cell are two moves there: not a mask.
                            return None;
                        }
                        let stops = compiled.quiet | compiled.capture;
                        if covered & stops != 0 {
                            return None;
                        }
                        covered |= stops;
                        bits.rays.push(compiled);
                    }
                    bits.index.push((start, bits.rays.len() as u32));
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

    /// The rays of a `kind` piece of `color` on `origin`.
    #[inline]
    pub fn rays(&self, color: Color, kind: usize, origin: Square) -> &[BitRay] {
        let (a, b) = self.index[(color.index() * self.kinds + kind) * self.cells + origin.index()];
        &self.rays[a as usize..b as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slider_reaches_up_to_its_first_blocker_either_way() {
        let line = 0b1111_0000u64;
        let rising = BitRay { cells: line, quiet: line, capture: line, order: Order::Rising };
        assert_eq!(rising.reach(0), line);
        assert_eq!(rising.reach(0b0010_0000 | 0b1000_0000 | 1), 0b0011_0000);
        let falling = BitRay { order: Order::Falling, ..rising };
        assert_eq!(falling.reach(0b0010_0000 | 1), 0b1110_0000);
        assert_eq!(falling.reach(0b1000_0000), 0b1000_0000);
        let leaps = BitRay { order: Order::Leaps, ..rising };
        assert_eq!(leaps.reach(line), line);
    }
}
