//! Pieces as data. A piece kind is a list of move components (leaps, slides,
//! hops, paths through cells that must be empty), each with a mode (move, capture
//! or both) and a zone it applies from. `tables` compiles them once per variant
//! into per-square move tables that one generator walks for every game.

use crate::color::Color;

/// Index of a piece kind within its variant's kind list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(pub u8);

/// A piece on the board: its kind and its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub kind: Kind,
}

/// A displacement: files right, ranks toward the opponent, layers down.
///
/// `dy` is relative to the mover, so one description serves both sides; the
/// geometry mirrors it for Black (mirrored, not rotated: `dx` keeps its sign).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vector {
    pub dx: i8,
    pub dy: i8,
    pub dl: i8,
}

impl Vector {
    pub const fn new(dx: i8, dy: i8) -> Vector {
        Vector { dx, dy, dl: 0 }
    }

    pub const fn with_layer(dx: i8, dy: i8, dl: i8) -> Vector {
        Vector { dx, dy, dl }
    }

    /// The vector and its images under every combination of sign flips and the
    /// swap of `dx`/`dy`, without duplicates: `(1,2)` gives the 8 knight leaps.
    pub fn symmetric(self) -> Vec<Vector> {
        let mut out: Vec<Vector> = Vec::with_capacity(8);
        for (a, b) in [(self.dx, self.dy), (self.dy, self.dx)] {
            for (sa, sb) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let v = Vector { dx: a * sa, dy: b * sb, dl: self.dl };
                if !out.contains(&v) {
                    out.push(v);
                }
            }
        }
        out
    }
}

/// What a component may do on a target cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Only onto an empty cell.
    Move,
    /// Only onto an enemy piece.
    Capture,
    /// Onto an empty cell or an enemy piece.
    Both,
    /// Captures the enemy on the target while the piece stays where it is
    /// (Dragonchess's Dragon capturing from afar).
    CaptureFromAfar,
}

/// The geometric shape of a component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Straight to the target; nothing in between matters.
    Leap(Vector),
    /// Repeats `step` over empty cells; may stop at a distance `d` in `1..=max`
    /// where bit `d` of `stops` is set (`u32::MAX`: every distance). Cells passed
    /// must be empty, including distances it may not stop at.
    Slide { step: Vector, max: u8, stops: u32 },
    /// To `to`, provided every cell of `via` (relative to the origin) is empty.
    Path { via: Vec<Vector>, to: Vector },
    /// Along `step`, over exactly one occupied cell (the screen), landing on any
    /// cell beyond it up to and including the next occupied one.
    Hop { step: Vector },
    /// As [`Shape::Hop`], but landing (or capturing) only on the cell right
    /// behind the screen: a grasshopper.
    HopBehind { step: Vector },
    /// To one cell of the board wherever the piece stands (a Dragonchess Sylph
    /// going home); `rank` counts from the mover's own back rank.
    Fixed { layer: u8, file: u8, rank: u8 },
}

/// Where a component may be used from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Zone {
    /// Bit `l` set: usable from layer `l`. `0`: every layer.
    pub layers: u8,
    /// Bit `r` set: usable from the mover's relative rank `r` (0 = own back rank).
    /// `0`: every rank.
    pub ranks: u32,
}

impl Zone {
    pub const ANYWHERE: Zone = Zone { layers: 0, ranks: 0 };

    pub const fn layer(l: u8) -> Zone {
        Zone { layers: 1 << l, ranks: 0 }
    }

    pub const fn relative_rank(r: u8) -> Zone {
        Zone { layers: 0, ranks: 1 << r }
    }

    pub fn contains(&self, layer: usize, relative_rank: usize) -> bool {
        (self.layers == 0 || self.layers >> layer & 1 != 0) && (self.ranks == 0 || self.ranks >> relative_rank & 1 != 0)
    }
}

/// Why a component exists beyond moving the piece; the generator turns tagged
/// moves into the matching special move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tag {
    #[default]
    Plain,
    /// A pawn's double step: it leaves an en-passant target behind it.
    DoubleStep,
}

/// One way a piece moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    pub shape: Shape,
    pub mode: Mode,
    pub zone: Zone,
    pub tag: Tag,
}

impl Component {
    pub fn new(shape: Shape, mode: Mode) -> Component {
        Component { shape, mode, zone: Zone::ANYWHERE, tag: Tag::Plain }
    }

    /// Leaps to each of `vectors`.
    pub fn leaps(vectors: &[Vector], mode: Mode) -> Vec<Component> {
        vectors.iter().map(|v| Component::new(Shape::Leap(*v), mode)).collect()
    }

    /// Unlimited slides along each of `steps`.
    pub fn slides(steps: &[Vector], mode: Mode) -> Vec<Component> {
        steps.iter().map(|v| Component::new(Shape::Slide { step: *v, max: u8::MAX, stops: u32::MAX }, mode)).collect()
    }

    pub fn from_zone(mut self, zone: Zone) -> Component {
        self.zone = zone;
        self
    }

    pub fn tagged(mut self, tag: Tag) -> Component {
        self.tag = tag;
        self
    }
}

/// Everything a variant says about one kind of piece.
#[derive(Clone, Debug)]
pub struct PieceKind {
    /// English name, for help text and pictures ("knight").
    pub name: &'static str,
    /// Upper-case letter used in position strings and notation.
    pub letter: char,
    /// Whether the side loses when this piece is checkmated (or captured).
    pub royal: bool,
    /// A pawn-like piece: promotes, may capture en passant, resets the
    /// fifty-move count, and is written without a letter in SAN.
    pub pawn: bool,
    pub components: Vec<Component>,
}

/// The eight unit steps of a king.
pub fn king_steps() -> Vec<Vector> {
    let mut v = Vector::new(1, 0).symmetric();
    v.extend(Vector::new(1, 1).symmetric());
    v
}

/// Rook directions.
pub fn orthogonal() -> Vec<Vector> {
    Vector::new(1, 0).symmetric()
}

/// Bishop directions.
pub fn diagonal() -> Vec<Vector> {
    Vector::new(1, 1).symmetric()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetric_images() {
        assert_eq!(Vector::new(1, 2).symmetric().len(), 8);
        assert_eq!(Vector::new(1, 0).symmetric().len(), 4);
        assert_eq!(Vector::new(1, 1).symmetric().len(), 4);
        assert_eq!(king_steps().len(), 8);
    }

    #[test]
    fn zones() {
        assert!(Zone::ANYWHERE.contains(2, 7));
        assert!(Zone::relative_rank(1).contains(0, 1));
        assert!(!Zone::relative_rank(1).contains(0, 2));
        assert!(!Zone::layer(1).contains(0, 0));
    }
}
