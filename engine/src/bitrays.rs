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

/// The cells reached along a ray whose cells (`cells`, passed over in
/// turn) run in rising box order, on a board whose occupied cells are
/// `occupied`: up to and including the first occupied one. Without a branch:
/// no blocker gives all ones.
#[inline]
fn reach_rising(cells: u64, occupied: u64) -> u64 {
    let blockers = cells & occupied;
    cells & (blockers ^ blockers.wrapping_sub(1))
}

/// [`reach_rising`] for a ray in falling box order: the highest occupied
/// cell blocks. The extra low bit never outranks a blocker and, without one,
/// keeps every cell.
#[inline]
fn reach_falling(cells: u64, occupied: u64) -> u64 {
    let blockers = cells & occupied | 1;
    cells & (u64::MAX << (63 - blockers.leading_zeros()))
}

/// Everything a piece of one kind and side on one cell may reach: its leaps
/// as one mask (a leap is blocked only by what stands on its own cell), its
/// slides split by the order their cells run in, and where any of them may
/// stop. No ray passes over a cell another slide stops on, so what the rays
/// reach together, cut to the stops, is what the piece may move to.
#[derive(Clone, Copy, Debug, Default)]
pub struct PieceRays {
    /// Every cell a leap lands on.
    leaps: u64,
    /// Cells any ray may stop on quietly / capture on.
    pub quiet: u64,
    pub capture: u64,
    /// Whether the kind is a pawn (promotes, takes en passant).
    pub pawn: bool,
    /// Its slides' cells in `BitRays::slides`: those in rising box order
    /// from `slides` to `falling`, those in falling order from there to
    /// `end` (grouped, so reaching them takes no branch per slide).
    slides: u32,
    falling: u32,
    end: u32,
}

/// The chains along which one side could attack one target, as masks.
#[derive(Clone, Copy, Debug)]
pub struct Toward<'a> {
    bits: &'a BitRays,
    /// Where the target's rows start in `BitRays::between` and `attack_from`.
    between: usize,
    attack_from: usize,
    /// The cells from which some kind might attack the target: a piece
    /// elsewhere never does.
    pub attackable: u64,
}

impl Toward<'_> {
    /// The cells of the chain from the target to `from` (an
    /// [`Toward::attackable`] cell), neither end included: with them empty,
    /// a piece on `from` that [`Toward::attacks_from`] there attacks.
    #[inline]
    pub fn between(&self, from: Square) -> u64 {
        self.bits.between[self.between + from.index()]
    }

    /// Whether a piece of `kind` on `from` attacks the target once the
    /// cells between are empty.
    #[inline]
    pub fn attacks_from(&self, kind: usize, from: Square) -> bool {
        self.bits.attack_from[self.attack_from + kind] >> from.index() & 1 != 0
    }
}

/// The bit rays of every (side, kind, cell) of a variant, and the cells of
/// every attack chain.
#[derive(Clone, Debug)]
pub struct BitRays {
    kinds: usize,
    cells: usize,
    pieces: Vec<PieceRays>,
    /// The cells each slide passes over, grouped by piece ([`PieceRays`]).
    slides: Vec<u64>,
    /// Per (attacking side, target, cell on a chain toward the target): the
    /// cells of the chain between them (no two chains toward a target share
    /// a cell, so each cell has one).
    between: Vec<u64>,
    /// Per (attacking side, target, kind): the cells a piece of that kind
    /// attacks the target from when the chain between is empty.
    attack_from: Vec<u64>,
    /// Per (attacking side, target): the cells some kind attacks it from.
    attackable: Vec<u64>,
}

impl BitRays {
    /// The bit rays of `tables`, or `None` when some ray or chain cannot be
    /// one: a board over 64 cells, a hop, a capture from afar, a ray whose
    /// cells do not run in box order, two rays of a piece that may stop
    /// on the same cell or a ray passing over a cell another slide of the
    /// piece stops on (then a piece's moves are not the cells of one mask),
    /// or two chains toward one target sharing a cell.
    pub fn compile(tables: &Tables, kinds: &[PieceKind], cells: usize) -> Option<BitRays> {
        if cells > MAX_CELLS || tables.any_hop() {
            return None;
        }
        let mut bits = BitRays {
            kinds: kinds.len(),
            cells,
            pieces: Vec::with_capacity(2 * kinds.len() * cells),
            slides: Vec::new(),
            between: vec![0; 2 * cells * cells],
            attack_from: vec![0; 2 * cells * kinds.len()],
            attackable: vec![0; 2 * cells],
        };
        for color in Color::ALL {
            for (kind, properties) in kinds.iter().enumerate() {
                for origin in 0..cells {
                    let piece = bits.compile_piece(tables, color, kind, Square(origin as u16), properties.pawn)?;
                    bits.pieces.push(piece);
                }
            }
            for target in 0..cells {
                bits.compile_chains(tables, color, Square(target as u16))?;
            }
        }
        Some(bits)
    }

    /// The rays of one piece as masks, its slides appended to `self.slides`.
    fn compile_piece(
        &mut self,
        tables: &Tables,
        color: Color,
        kind: usize,
        origin: Square,
        pawn: bool,
    ) -> Option<PieceRays> {
        let mut piece = PieceRays { pawn, ..PieceRays::default() };
        let (mut rising, mut falling) = (Vec::new(), Vec::new());
        // Each slide's cells with the stops of the piece's other slides.
        let mut slide_stops = Vec::new();
        for ray in tables.rays(color, kind, origin) {
            let ray_cells = tables.ray_cells(ray);
            let (mut all, mut quiet, mut capture) = (0u64, 0u64, 0u64);
            for cell in ray_cells {
                if cell.mode & AFAR != 0 {
                    return None;
                }
                let bit = 1u64 << cell.square.index();
                all |= bit;
                quiet |= if cell.mode & MOVE != 0 { bit } else { 0 };
                capture |= if cell.mode & CAPTURE != 0 { bit } else { 0 };
            }
            if (piece.quiet | piece.capture) & (quiet | capture) != 0 {
                return None;
            }
            piece.quiet |= quiet;
            piece.capture |= capture;
            if ray.leaps {
                // Two leaps onto one cell are two moves there: not a mask.
                if all.count_ones() as usize != ray_cells.len() {
                    return None;
                }
                piece.leaps |= all;
                continue;
            }
            slide_stops.push((all, quiet | capture));
            if ray_cells.windows(2).all(|w| w[0].square.0 < w[1].square.0) {
                rising.push(all);
            } else if ray_cells.windows(2).all(|w| w[0].square.0 > w[1].square.0) {
                falling.push(all);
            } else {
                return None;
            }
        }
        // A leap reaches its cell whatever a slide passes over, but a slide
        // reaching over another slide's stop would add a cell that slide may
        // not reach.
        let every_stop = slide_stops.iter().fold(0, |all, (_, stops)| all | stops);
        if slide_stops.iter().any(|(cells, stops)| cells & (every_stop & !stops) != 0) {
            return None;
        }
        piece.slides = self.slides.len() as u32;
        self.slides.extend(rising);
        piece.falling = self.slides.len() as u32;
        self.slides.extend(falling);
        piece.end = self.slides.len() as u32;
        Some(piece)
    }

    /// What the chains along which `color` attacks `target` pass and attack
    /// from, as masks.
    fn compile_chains(&mut self, tables: &Tables, color: Color, target: Square) -> Option<()> {
        let at = color.index() * self.cells + target.index();
        let mut seen = 0u64;
        for chain in tables.chains(color, target) {
            let mut passed = 0u64;
            for cell in tables.chain_cells(chain) {
                let bit = 1u64 << cell.square.index();
                if seen & bit != 0 {
                    return None;
                }
                seen |= bit;
                self.between[at * self.cells + cell.square.index()] = passed;
                passed |= bit;
                for kind in (0..self.kinds).filter(|kind| cell.attackers >> kind & 1 != 0) {
                    self.attack_from[at * self.kinds + kind] |= bit;
                    self.attackable[at] |= bit;
                }
            }
        }
        Some(())
    }

    /// The chains along which `attacker` could attack `target`, as masks.
    #[inline]
    pub fn toward(&self, attacker: Color, target: Square) -> Toward<'_> {
        let at = attacker.index() * self.cells + target.index();
        Toward { bits: self, between: at * self.cells, attack_from: at * self.kinds, attackable: self.attackable[at] }
    }

    /// The leaps and slides of a `kind` piece of `color` on `origin`.
    #[inline]
    pub fn piece(&self, color: Color, kind: usize, origin: Square) -> &PieceRays {
        &self.pieces[(color.index() * self.kinds + kind) * self.cells + origin.index()]
    }

    /// Every cell `piece` reaches with `occupied` ones blocking its slides,
    /// whether it may stop there or not.
    #[inline(always)]
    pub fn reach(&self, piece: &PieceRays, occupied: u64) -> u64 {
        let rising = &self.slides[piece.slides as usize..piece.falling as usize];
        let falling = &self.slides[piece.falling as usize..piece.end as usize];
        let reach = rising.iter().fold(piece.leaps, |reach, &cells| reach | reach_rising(cells, occupied));
        falling.iter().fold(reach, |reach, &cells| reach | reach_falling(cells, occupied))
    }

    /// Every cell `piece` may stop on: `empty` ones it moves to quietly,
    /// `enemy` ones it captures on, its slides stopped by `occupied` ones.
    /// One mask, since no two rays of a piece stop on one cell.
    #[inline(always)]
    pub fn targets(&self, piece: &PieceRays, occupied: u64, empty: u64, enemy: u64) -> u64 {
        self.reach(piece, occupied) & (empty & piece.quiet | enemy & piece.capture)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slider_reaches_up_to_its_first_blocker_either_way() {
        let line = 0b1111_0000u64;
        assert_eq!(reach_rising(line, 0), line);
        assert_eq!(reach_rising(line, 0b0010_0000 | 0b1000_0000 | 1), 0b0011_0000);
        assert_eq!(reach_falling(line, 0), line);
        assert_eq!(reach_falling(line, 0b0010_0000 | 1), 0b1110_0000);
        assert_eq!(reach_falling(line, 0b1000_0000), 0b1000_0000);
        let corner = 1 | 1 << 63;
        assert_eq!(reach_falling(corner, 1), 1 | 1 << 63);
        assert_eq!(reach_falling(corner, 1 << 63), 1 << 63);
        assert_eq!(reach_rising(corner, 1), 1);
    }
}
