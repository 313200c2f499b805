//! The fifteen Dragonchess pieces as move components (spec §5), plus the
//! direction-reversed Dwarf of the optional rule (§6).
//!
//! Layers are boards: layer 0 is board 1 (sky), layer 2 is board 3
//! (underworld), and `dl = +1` is one board down. A component whose target
//! falls off the three boards simply does not exist there, so "toward board 2"
//! needs no zone of its own.

use crate::piece::{diagonal, king_steps, orthogonal, Component, Mode, PieceKind, Shape, Vector, Zone};

/// Boards a component applies from, by their numbers 1-3.
fn on(boards: &[u8]) -> Zone {
    Zone { layers: boards.iter().fold(0, |bits, b| bits | 1 << (b - 1)), ranks: 0 }
}

/// `vectors` moved `dl` boards down.
fn layered(vectors: &[Vector], dl: i8) -> Vec<Vector> {
    vectors.iter().map(|v| Vector::with_layer(v.dx, v.dy, dl)).collect()
}

fn leaps(vectors: &[Vector], mode: Mode, zone: Zone) -> Vec<Component> {
    Component::leaps(vectors, mode).into_iter().map(|c| c.from_zone(zone)).collect()
}

fn slides(steps: &[Vector], mode: Mode, zone: Zone) -> Vec<Component> {
    Component::slides(steps, mode).into_iter().map(|c| c.from_zone(zone)).collect()
}

/// Up to two steps along each of `steps`, the first cell empty to reach the second.
fn short_slides(steps: &[Vector], mode: Mode, zone: Zone) -> Vec<Component> {
    steps
        .iter()
        .map(|s| Component::new(Shape::Slide { step: *s, max: 2, stops: u32::MAX }, mode).from_zone(zone))
        .collect()
}

fn kind(name: &'static str, letter: char, components: Vec<Vec<Component>>) -> PieceKind {
    PieceKind { name, letter, royal: false, pawn: false, components: components.concat() }
}

const UP: Vector = Vector::with_layer(0, 0, -1);
const DOWN: Vector = Vector::with_layer(0, 0, 1);
const ANYWHERE: Zone = Zone::ANYWHERE;

/// The six Sylph home cells' files (a, c, e, g, i, k) on board 1, rank 2 of the owner.
const SYLPH_HOME_FILES: [u8; 6] = [0, 2, 4, 6, 8, 10];

pub fn sylph() -> PieceKind {
    let home = SYLPH_HOME_FILES
        .iter()
        .map(|&file| Component::new(Shape::Fixed { layer: 0, file, rank: 1 }, Mode::Move).from_zone(on(&[2])))
        .collect();
    kind(
        "sylph",
        'S',
        vec![
            leaps(&[Vector::new(-1, 1), Vector::new(1, 1)], Mode::Move, on(&[1])),
            leaps(&[Vector::new(0, 1), DOWN], Mode::Capture, on(&[1])),
            leaps(&[UP], Mode::Move, on(&[2])),
            home,
        ],
    )
}

pub fn griffin() -> PieceKind {
    let long = Vector::new(3, 2).symmetric();
    kind(
        "griffin",
        'G',
        vec![
            leaps(&long, Mode::Both, on(&[1])),
            leaps(&layered(&diagonal(), 1), Mode::Both, on(&[1])),
            leaps(&diagonal(), Mode::Both, on(&[2])),
            leaps(&layered(&diagonal(), -1), Mode::Both, on(&[2])),
        ],
    )
}

/// The Dragon; `below_only` is the optional rule that limits its capture from
/// afar to the cell directly below.
pub fn dragon(below_only: bool) -> PieceKind {
    let mut afar = vec![DOWN];
    if !below_only {
        afar.extend(layered(&orthogonal(), 1));
    }
    kind(
        "dragon",
        'R',
        vec![
            slides(&diagonal(), Mode::Both, on(&[1])),
            leaps(&orthogonal(), Mode::Both, on(&[1])),
            leaps(&afar, Mode::CaptureFromAfar, on(&[1])),
        ],
    )
}

pub fn oliphant() -> PieceKind {
    kind("oliphant", 'O', vec![slides(&orthogonal(), Mode::Both, on(&[2]))])
}

pub fn unicorn() -> PieceKind {
    kind("unicorn", 'U', vec![leaps(&Vector::new(1, 2).symmetric(), Mode::Both, on(&[2]))])
}

pub fn thief() -> PieceKind {
    kind("thief", 'T', vec![slides(&diagonal(), Mode::Both, on(&[2]))])
}

pub fn hero() -> PieceKind {
    // The triagonal steps exist from boards 1 and 3 only toward board 2.
    kind(
        "hero",
        'H',
        vec![
            leaps(&diagonal(), Mode::Both, on(&[2])),
            leaps(&Vector::new(2, 2).symmetric(), Mode::Both, on(&[2])),
            leaps(&layered(&diagonal(), 1), Mode::Both, ANYWHERE),
            leaps(&layered(&diagonal(), -1), Mode::Both, ANYWHERE),
        ],
    )
}

pub fn cleric() -> PieceKind {
    kind("cleric", 'C', vec![leaps(&king_steps(), Mode::Both, ANYWHERE), leaps(&[UP, DOWN], Mode::Both, ANYWHERE)])
}

pub fn mage() -> PieceKind {
    // Vertically one board, or two through an empty cell on board 2.
    kind(
        "mage",
        'M',
        vec![
            slides(&king_steps(), Mode::Both, on(&[2])),
            leaps(&orthogonal(), Mode::Both, on(&[1, 3])),
            short_slides(&[UP, DOWN], Mode::Both, ANYWHERE),
        ],
    )
}

pub fn king() -> PieceKind {
    let mut king =
        kind("king", 'K', vec![leaps(&king_steps(), Mode::Both, on(&[2])), leaps(&[UP, DOWN], Mode::Both, ANYWHERE)]);
    king.royal = true;
    king
}

pub fn paladin() -> PieceKind {
    let mut three_d = Vec::new();
    for dl in [-2i8, -1, 1, 2] {
        let reach = 3 - dl.abs();
        three_d
            .extend([(reach, 0), (-reach, 0), (0, reach), (0, -reach)].map(|(dx, dy)| Vector::with_layer(dx, dy, dl)));
    }
    kind(
        "paladin",
        'P',
        vec![
            leaps(&king_steps(), Mode::Both, ANYWHERE),
            leaps(&Vector::new(1, 2).symmetric(), Mode::Both, on(&[2])),
            leaps(&three_d, Mode::Both, ANYWHERE),
        ],
    )
}

pub fn warrior() -> PieceKind {
    let mut warrior = kind(
        "warrior",
        'W',
        vec![
            leaps(&[Vector::new(0, 1)], Mode::Move, on(&[2])),
            leaps(&[Vector::new(-1, 1), Vector::new(1, 1)], Mode::Capture, on(&[2])),
        ],
    );
    // Promotes, resets the quiet-move count.
    warrior.pawn = true;
    warrior
}

pub fn basilisk() -> PieceKind {
    kind(
        "basilisk",
        'B',
        vec![
            leaps(&[Vector::new(-1, 1), Vector::new(0, 1), Vector::new(1, 1)], Mode::Both, on(&[3])),
            leaps(&[Vector::new(0, -1)], Mode::Move, on(&[3])),
        ],
    )
}

pub fn elemental() -> PieceKind {
    let through = |via: Vector, to: Vector| Component::new(Shape::Path { via: vec![via], to }, Mode::Capture);
    // Up from board 3: capture only, through the empty neighbour on board 3.
    let up = orthogonal().into_iter().map(|v| through(v, Vector::with_layer(v.dx, v.dy, -1)).from_zone(on(&[3])));
    // Down from board 2: through the empty cell directly below.
    let down = orthogonal().into_iter().map(|v| {
        let mut c = through(DOWN, Vector::with_layer(v.dx, v.dy, 1)).from_zone(on(&[2]));
        c.mode = Mode::Both;
        c
    });
    kind(
        "elemental",
        'E',
        vec![
            short_slides(&orthogonal(), Mode::Both, on(&[3])),
            leaps(&diagonal(), Mode::Move, on(&[3])),
            up.collect(),
            down.collect(),
        ],
    )
}

/// A Dwarf heading `forward` (+1 toward the opponent, -1 once reversed).
fn dwarf_heading(name: &'static str, forward: i8) -> PieceKind {
    kind(
        name,
        'D',
        vec![
            leaps(&[Vector::new(0, forward), Vector::new(-1, 0), Vector::new(1, 0)], Mode::Move, on(&[2, 3])),
            leaps(&[Vector::new(-1, forward), Vector::new(1, forward)], Mode::Capture, on(&[2, 3])),
            leaps(&[UP], Mode::Capture, on(&[3])),
            leaps(&[DOWN], Mode::Move, on(&[2])),
        ],
    )
}

pub fn dwarf() -> PieceKind {
    dwarf_heading("dwarf", 1)
}

/// A Dwarf turned round by the optional Dwarf reversal rule.
pub fn reversed_dwarf() -> PieceKind {
    dwarf_heading("reversed dwarf", -1)
}

/// The boards (bit `l` = layer `l`) a piece of each kind can ever stand on, in
/// kind order; a position text placing a piece elsewhere is refused.
pub const BOARDS: [u8; 16] = [
    0b011, // sylph: 1, 2
    0b011, // griffin: 1, 2
    0b001, // dragon: 1
    0b010, // oliphant: 2
    0b010, // unicorn: 2
    0b111, // hero
    0b010, // thief: 2
    0b111, // cleric
    0b111, // mage
    0b111, // king
    0b111, // paladin
    0b010, // warrior: 2
    0b100, // basilisk: 3
    0b110, // elemental: 2, 3
    0b110, // dwarf: 2, 3
    0b110, // reversed dwarf: 2, 3
];
