//! The pieces of §2 and §4 as move components.

use super::options::Cannon;
use crate::piece::{diagonal, king_steps, orthogonal, Component, Kind, Mode, PieceKind, Shape, Vector};

/// The E-king (`K`), which starts on the e-file.
pub const E_KING: Kind = Kind(0);
/// The F-king (`J`), which starts on the f-file.
pub const F_KING: Kind = Kind(1);
pub const GOLD: Kind = Kind(2);
pub const TOWER: Kind = Kind(3);
pub const FOOL: Kind = Kind(4);
pub const HORSE: Kind = Kind(5);
pub const CANNON: Kind = Kind(6);
pub const SERGEANT: Kind = Kind(7);
pub const PAWN: Kind = Kind(8);
/// A knighted fool (`+F`), moving as a queen.
pub const KNIGHTED_FOOL: Kind = Kind(9);
/// A knighted sergeant (`+S`), moving as a gold general.
pub const KNIGHTED_SERGEANT: Kind = Kind(10);
/// A knighted pawn (`+P`): forward, forward diagonals and straight back (D20).
pub const KNIGHTED_PAWN: Kind = Kind(11);
/// How many kinds New chess has.
pub const KINDS: usize = 12;

fn vectors(list: &[(i8, i8)]) -> Vec<Vector> {
    list.iter().map(|(dx, dy)| Vector::new(*dx, *dy)).collect()
}

fn stepper(name: &'static str, letter: char, steps: &[(i8, i8)]) -> PieceKind {
    PieceKind { name, letter, royal: false, pawn: false, components: Component::leaps(&vectors(steps), Mode::Both) }
}

fn slider(name: &'static str, letter: char, steps: Vec<Vector>) -> PieceKind {
    PieceKind { name, letter, royal: false, pawn: false, components: Component::slides(&steps, Mode::Both) }
}

const GOLD_STEPS: [(i8, i8); 6] = [(0, 1), (-1, 1), (1, 1), (-1, 0), (1, 0), (0, -1)];
const SERGEANT_STEPS: [(i8, i8); 3] = [(-1, 1), (0, 1), (1, 1)];
const SILVER_STEPS: [(i8, i8); 4] = [(-1, 1), (0, 1), (1, 1), (0, -1)];

fn king(name: &'static str, letter: char) -> PieceKind {
    PieceKind { name, letter, royal: true, pawn: false, components: Component::leaps(&king_steps(), Mode::Both) }
}

/// The cannon of the `cannon` option (§4, D15).
fn cannon(style: Cannon) -> PieceKind {
    let hops = |shape: fn(Vector) -> Shape, mode| orthogonal().into_iter().map(move |v| Component::new(shape(v), mode));
    let components = match style {
        Cannon::Hop => hops(|step| Shape::Hop { step }, Mode::Both).collect(),
        Cannon::Grasshopper => hops(|step| Shape::HopBehind { step }, Mode::Both).collect(),
        Cannon::Xiangqi => {
            let mut slides = Component::slides(&orthogonal(), Mode::Move);
            slides.extend(hops(|step| Shape::Hop { step }, Mode::Capture));
            slides
        }
    };
    PieceKind { name: "cannon", letter: 'C', royal: false, pawn: false, components }
}

/// Every kind, in the order of the constants above.
pub fn kinds(cannon_style: Cannon) -> Vec<PieceKind> {
    let mut queen = orthogonal();
    queen.extend(diagonal());
    let mut pawn = vec![Component::new(Shape::Leap(Vector::new(0, 1)), Mode::Move)];
    pawn.extend(Component::leaps(&vectors(&[(-1, 1), (1, 1)]), Mode::Capture));
    vec![
        king("E-king", 'K'),
        king("F-king", 'J'),
        stepper("gold general", 'G', &GOLD_STEPS),
        slider("tower", 'T', orthogonal()),
        slider("fool", 'F', diagonal()),
        PieceKind {
            name: "horse",
            letter: 'H',
            royal: false,
            pawn: false,
            components: Component::leaps(&Vector::new(1, 2).symmetric(), Mode::Both),
        },
        cannon(cannon_style),
        stepper("sergeant", 'S', &SERGEANT_STEPS),
        PieceKind { name: "pawn", letter: 'P', royal: false, pawn: true, components: pawn },
        slider("knighted fool", 'F', queen),
        stepper("knighted sergeant", 'S', &GOLD_STEPS),
        stepper("knighted pawn", 'P', &SILVER_STEPS),
    ]
}
