//! Per-square move tables, compiled once per variant from its piece kinds.
//!
//! Forward *rays* drive move generation: for every (side, kind, origin) a list of
//! cell sequences to walk, each cell saying whether the piece may stop there
//! quietly, capture there, or only pass over it. Leaps, slides, paths through
//! cells that must be empty and hops all become rays, so one walker serves them.
//!
//! Reverse *chains* answer "is this cell attacked?": for every (attacking side,
//! target) the sequences of cells leading away from the target, each cell carrying
//! the set of kinds that attack the target from there provided the cells before
//! it on the chain are empty. Chains of different pieces along the same line are
//! merged, so a chess square has one chain per direction plus its leap cells.

use crate::bitrays::BitRays;
use crate::color::Color;
use crate::geometry::{Geometry, Square};
use crate::piece::{Component, Mode, PieceKind, Shape, Tag, Vector};

/// The piece may stop on the cell if it is empty.
pub const MOVE: u8 = 1;
/// The piece may capture an enemy standing on the cell.
pub const CAPTURE: u8 = 2;
/// The piece captures on the cell without moving.
pub const AFAR: u8 = 4;
/// In a [`WalkCell`]: a quiet move here is a pawn's double step.
pub const DOUBLE_STEP: u8 = 8;
/// In a [`WalkCell`]: the first cell of a ray.
pub const RAY_START: u8 = 16;
/// In a [`WalkCell`]: the cell belongs to a hop ray (a cannon's).
pub const HOPS: u8 = 32;
/// In a [`WalkCell`]: the hop ray lands only right behind its screen.
pub const BEHIND: u8 = 64;

/// A cell of the flat walk of a piece's rays, one list per (side, kind,
/// origin): the generator walks it in one loop, and an occupied cell skips
/// the rest of its ray.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WalkCell {
    pub square: Square,
    /// `MOVE | CAPTURE | AFAR` and the walk bits above.
    pub mode: u8,
    /// Cells of the same ray after this one (0 for a leap: each leap stands alone).
    pub skip: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RayCell {
    pub square: Square,
    /// `MOVE | CAPTURE | AFAR` bits; `0` for a cell that must only be passed.
    pub mode: u8,
}

#[derive(Clone, Copy, Debug)]
pub struct Ray {
    start: u32,
    len: u16,
    /// Cells before the first occupied one are unreachable; the modes apply
    /// beyond it (a cannon's hop).
    pub hop: bool,
    /// A hop that lands only on the cell right behind its screen.
    pub behind: bool,
    /// The cells are separate leaps, one per component: an occupied cell
    /// blocks only itself. Consecutive leaps of a kind share one ray, so a
    /// king or knight is walked as one ray rather than eight.
    pub leaps: bool,
    pub tag: Tag,
}

#[derive(Clone, Copy, Debug)]
pub struct ChainCell {
    pub square: Square,
    /// Bit `k` set: a piece of kind `k` here attacks the chain's target.
    pub attackers: u32,
    /// Cells of the same chain after this one: a piece here blocks them.
    pub skip: u8,
}

#[derive(Clone, Copy, Debug)]
pub struct Chain {
    start: u32,
    len: u16,
    /// The attacker must stand behind exactly one occupied cell (a screen).
    pub hop: bool,
    /// The screen must be the chain's first cell (a grasshopper's attack).
    pub behind: bool,
}

/// All forward rays and reverse chains of one variant.
#[derive(Clone, Debug)]
pub struct Tables {
    kinds: usize,
    cells: usize,
    ray_index: Vec<(u32, u32)>,
    walk_index: Vec<(u32, u32)>,
    walk_cells: Vec<WalkCell>,
    rays: Vec<Ray>,
    ray_cells: Vec<RayCell>,
    chain_index: Vec<(u32, u32)>,
    chains: Vec<Chain>,
    chain_cells: Vec<ChainCell>,
    any_hop: bool,
    /// The rays as masks, for boards of at most 64 cells whose rays allow it.
    bits: Option<BitRays>,
}

impl Tables {
    pub fn build(geometry: &Geometry, kinds: &[PieceKind]) -> Tables {
        assert!(kinds.len() <= 32, "attack masks hold at most 32 kinds");
        let cells = geometry.box_size();
        let mut tables = Tables {
            kinds: kinds.len(),
            cells,
            ray_index: Vec::with_capacity(2 * kinds.len() * cells),
            walk_index: Vec::with_capacity(2 * kinds.len() * cells),
            walk_cells: Vec::new(),
            rays: Vec::new(),
            ray_cells: Vec::new(),
            chain_index: Vec::with_capacity(2 * cells),
            chains: Vec::new(),
            chain_cells: Vec::new(),
            any_hop: false,
            bits: None,
        };
        // Reverse paths per (attacking side, target), merged as they come.
        let mut reverse: Vec<Vec<(Hopping, Vec<ChainCell>)>> = vec![Vec::new(); 2 * cells];
        for color in Color::ALL {
            for (k, kind) in kinds.iter().enumerate() {
                for index in 0..cells {
                    let origin = Square(index as u16);
                    let first = tables.rays.len() as u32;
                    if geometry.exists(origin) {
                        for component in &kind.components {
                            if let Some((cells_of_ray, hopping)) = compile(geometry, color, origin, component) {
                                let (hop, behind) = (hopping != Hopping::No, hopping == Hopping::Behind);
                                // Two components may reach the same cell the same way (a Sylph's
                                // step up onto one of its home cells): one move, not two.
                                let seen = &tables.rays[first as usize..];
                                if seen.iter().any(|r| {
                                    let same = tables.ray_cells(r);
                                    r.hop == hop
                                        && r.behind == behind
                                        && r.tag == component.tag
                                        && (same == cells_of_ray
                                            || (r.leaps && cells_of_ray.len() == 1 && same.contains(&cells_of_ray[0])))
                                }) {
                                    continue;
                                }
                                tables.any_hop |= hop;
                                record_reverse(
                                    &mut reverse[color.index() * cells..],
                                    origin,
                                    k,
                                    &cells_of_ray,
                                    hopping,
                                );
                                let leap = matches!(component.shape, Shape::Leap(_) | Shape::Fixed { .. });
                                let start = tables.ray_cells.len() as u32;
                                let len = cells_of_ray.len() as u16;
                                tables.ray_cells.extend(cells_of_ray);
                                // A leap following a leap of the same tag joins its ray, which
                                // ends the cell list: the order of moves stays that of the components.
                                match tables.rays[first as usize..].last_mut() {
                                    Some(last) if leap && last.leaps && last.tag == component.tag => last.len += len,
                                    _ => tables.rays.push(Ray {
                                        start,
                                        len,
                                        hop,
                                        behind,
                                        leaps: leap,
                                        tag: component.tag,
                                    }),
                                }
                            }
                        }
                    }
                    tables.ray_index.push((first, tables.rays.len() as u32));
                    let walk_start = tables.walk_cells.len() as u32;
                    for ray in first as usize..tables.rays.len() {
                        let ray = tables.rays[ray];
                        let cells = tables.ray_cells(&ray).to_vec();
                        let last = cells.len() - 1;
                        for (i, cell) in cells.into_iter().enumerate() {
                            let mut mode = cell.mode;
                            mode |= if ray.tag == Tag::DoubleStep { DOUBLE_STEP } else { 0 };
                            mode |= if i == 0 { RAY_START } else { 0 };
                            mode |= if ray.hop { HOPS } else { 0 };
                            mode |= if ray.behind { BEHIND } else { 0 };
                            let skip =
                                if ray.leaps { 0 } else { u8::try_from(last - i).expect("rays under 256 cells") };
                            tables.walk_cells.push(WalkCell { square: cell.square, mode, skip });
                        }
                    }
                    tables.walk_index.push((walk_start, tables.walk_cells.len() as u32));
                }
            }
        }
        for paths in reverse {
            let first = tables.chains.len() as u32;
            for (hopping, mut path) in paths {
                let start = tables.chain_cells.len() as u32;
                let last = path.len() - 1;
                for (i, cell) in path.iter_mut().enumerate() {
                    cell.skip = u8::try_from(last - i).expect("chains under 256 cells");
                }
                let (hop, behind) = (hopping != Hopping::No, hopping == Hopping::Behind);
                tables.chains.push(Chain { start, len: path.len() as u16, hop, behind });
                tables.chain_cells.extend(path);
            }
            tables.chain_index.push((first, tables.chains.len() as u32));
        }
        tables.bits = BitRays::compile(&tables, kinds, cells);
        tables
    }

    /// The rays of a `kind` piece of `color` standing on `origin`.
    #[inline]
    pub fn rays(&self, color: Color, kind: usize, origin: Square) -> &[Ray] {
        let (a, b) = self.ray_index[(color.index() * self.kinds + kind) * self.cells + origin.index()];
        &self.rays[a as usize..b as usize]
    }

    /// The rays of a `kind` piece of `color` on `origin` as one flat walk.
    #[inline]
    pub fn walk(&self, color: Color, kind: usize, origin: Square) -> &[WalkCell] {
        let (a, b) = self.walk_index[(color.index() * self.kinds + kind) * self.cells + origin.index()];
        &self.walk_cells[a as usize..b as usize]
    }

    #[inline]
    pub fn ray_cells(&self, ray: &Ray) -> &[RayCell] {
        &self.ray_cells[ray.start as usize..ray.start as usize + ray.len as usize]
    }

    /// The chains along which pieces of `attacker` could attack `target`.
    #[inline]
    pub fn chains(&self, attacker: Color, target: Square) -> &[Chain] {
        let (a, b) = self.chain_index[attacker.index() * self.cells + target.index()];
        &self.chains[a as usize..b as usize]
    }

    #[inline]
    pub fn chain_cells(&self, chain: &Chain) -> &[ChainCell] {
        &self.chain_cells[chain.start as usize..chain.start as usize + chain.len as usize]
    }

    /// The rays as masks, if the board and the rays allow them (see [`BitRays`]).
    #[inline]
    pub fn bits(&self) -> Option<&BitRays> {
        self.bits.as_ref()
    }

    /// Whether any piece hops; hop attacks make pins irregular, so legality
    /// checking then tests every move.
    pub fn any_hop(&self) -> bool {
        self.any_hop
    }
}

fn mode_bits(mode: Mode) -> u8 {
    match mode {
        Mode::Move => MOVE,
        Mode::Capture => CAPTURE,
        Mode::Both => MOVE | CAPTURE,
        Mode::CaptureFromAfar => AFAR,
    }
}

/// Whether a ray hops over a screen, and where it may land beyond it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hopping {
    No,
    /// Anywhere beyond the screen, up to the next piece.
    Beyond,
    /// Only right behind the screen.
    Behind,
}

/// The cells a component walks from `origin`, or `None` if it does not apply
/// there (wrong zone, target off the board, a required cell missing).
fn compile(
    geometry: &Geometry,
    color: Color,
    origin: Square,
    component: &Component,
) -> Option<(Vec<RayCell>, Hopping)> {
    let (layer, file, rank) = (geometry.layer(origin), geometry.file(origin), geometry.rank(origin));
    let relative_rank = geometry.rank_seen_by(color, rank);
    if !component.zone.contains(layer, relative_rank) {
        return None;
    }
    let at = |v: Vector, times: i32| {
        geometry.square(
            layer as i32 + v.dl as i32 * times,
            file as i32 + v.dx as i32 * times,
            rank as i32 + v.dy as i32 * color.forward() * times,
        )
    };
    let mode = mode_bits(component.mode);
    let mut cells = Vec::new();
    let hopping = match &component.shape {
        Shape::Leap(v) => {
            cells.push(RayCell { square: at(*v, 1)?, mode });
            Hopping::No
        }
        Shape::Slide { step, max, stops } => {
            let mut d = 1;
            while let Some(square) = at(*step, d).filter(|_| d <= *max as i32) {
                let stops_here = *stops == u32::MAX || (d < 32 && stops >> d & 1 != 0);
                cells.push(RayCell { square, mode: if stops_here { mode } else { 0 } });
                d += 1;
            }
            while cells.last().is_some_and(|c| c.mode == 0) {
                cells.pop();
            }
            Hopping::No
        }
        Shape::Path { via, to } => {
            for v in via {
                cells.push(RayCell { square: at(*v, 1)?, mode: 0 });
            }
            cells.push(RayCell { square: at(*to, 1)?, mode });
            Hopping::No
        }
        Shape::Hop { step } | Shape::HopBehind { step } => {
            let mut d = 1;
            while let Some(square) = at(*step, d) {
                cells.push(RayCell { square, mode });
                d += 1;
            }
            match component.shape {
                Shape::HopBehind { .. } => Hopping::Behind,
                _ => Hopping::Beyond,
            }
        }
        Shape::Fixed { layer, file, rank } => {
            let rank = geometry.rank_seen_by(color, *rank as usize);
            let square = geometry.square(*layer as i32, *file as i32, rank as i32)?;
            // Staying put is not a move.
            if square == origin {
                return None;
            }
            cells.push(RayCell { square, mode });
            Hopping::No
        }
    };
    (!cells.is_empty()).then_some((cells, hopping))
}

/// Adds the reverse paths of one forward ray to the chains of each target it can
/// capture on. `reverse` is the attacking side's slice, indexed by target.
fn record_reverse(
    reverse: &mut [Vec<(Hopping, Vec<ChainCell>)>],
    origin: Square,
    kind: usize,
    ray: &[RayCell],
    hop: Hopping,
) {
    for (i, cell) in ray.iter().enumerate() {
        if cell.mode & (CAPTURE | AFAR) == 0 || (hop != Hopping::No && i == 0) {
            continue;
        }
        let path: Vec<Square> = ray[..i].iter().rev().map(|c| c.square).chain([origin]).collect();
        merge(&mut reverse[cell.square.index()], &path, kind, hop);
    }
}

fn merge(chains: &mut Vec<(Hopping, Vec<ChainCell>)>, path: &[Square], kind: usize, hop: Hopping) {
    let bit = 1u32 << kind;
    for (chain_hop, chain) in chains.iter_mut() {
        if *chain_hop != hop {
            continue;
        }
        let common = chain.iter().zip(path).take_while(|(c, s)| c.square == **s).count();
        if common == path.len() {
            chain[path.len() - 1].attackers |= bit;
            return;
        }
        if common == chain.len() {
            chain.extend(path[common..].iter().map(|s| ChainCell { square: *s, attackers: 0, skip: 0 }));
            chain[path.len() - 1].attackers |= bit;
            return;
        }
    }
    let mut chain: Vec<ChainCell> = path.iter().map(|s| ChainCell { square: *s, attackers: 0, skip: 0 }).collect();
    chain[path.len() - 1].attackers |= bit;
    chains.push((hop, chain));
}
