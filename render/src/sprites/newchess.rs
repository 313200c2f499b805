//! New chess pieces (its pawn is the chess pawn). Knighted pieces wear a gold
//! medal so the promotion is visible without reading a letter.

use super::chess::{horse_head, king, pawn, plinth, star};
use super::pen::Pen;
use super::{rgb, EMBLEMS};
use crate::Glyph;

pub(super) fn draw(glyph: Glyph, pen: &mut Pen) {
    match glyph {
        Glyph::EKing => brother_king(pen, Brother::E),
        Glyph::FKing => brother_king(pen, Brother::F),
        Glyph::GoldGeneral => gold_general(pen),
        Glyph::Tower => tower(pen),
        Glyph::Fool => fool(pen),
        Glyph::Horse => horse(pen),
        Glyph::Cannon => cannon(pen),
        Glyph::Sergeant => sergeant(pen),
        Glyph::KnightedFool => knighted(pen, fool),
        Glyph::KnightedSergeant => knighted(pen, sergeant),
        Glyph::KnightedPawn => knighted(pen, pawn),
        other => unreachable!("{other:?} is not drawn by the newchess module"),
    }
}

/// Which of New chess's two kings.
#[derive(Clone, Copy)]
enum Brother {
    E,
    F,
}

/// A chess king with a coloured letter badge: blue E, green F.
fn brother_king(pen: &mut Pen, brother: Brother) {
    king(pen);
    let white = rgb(EMBLEMS[3]);
    let (colour, letter) = match brother {
        Brother::E => (EMBLEMS[0], "M 82 60 L 72 60 L 72 80 L 82 80 M 72 70 L 80 70"),
        Brother::F => (EMBLEMS[1], "M 82 60 L 72 60 L 72 80 M 72 70 L 80 70"),
    };
    pen.paint("M 64 70 Q 64 56 77 56 Q 90 56 90 70 Q 90 84 77 84 Q 64 84 64 70 Z", rgb(colour));
    pen.ink(letter, white, 3.6);
}

/// A shogi-style pentagon tile bearing a general's star.
fn gold_general(pen: &mut Pen) {
    pen.body("M 50 8 L 76 20 L 82 86 L 18 86 L 24 20 Z");
    pen.solid(&star(50.0, 50.0, 20.0, 8.5, 5));
    pen.detail("M 30 74 L 70 74");
}

/// A round watchtower with a conical roof, unlike the crenellated rook.
fn tower(pen: &mut Pen) {
    pen.body("M 33 44 L 67 44 L 70 82 L 30 82 Z");
    pen.body("M 24 48 L 50 8 L 76 48 Z");
    pen.solid("M 45 74 L 45 62 Q 50 54 55 62 L 55 74 Z");
    pen.detail("M 33 56 L 67 56");
    plinth(pen, 26.0);
}

/// A jester: three-pointed cap with bells over a ruffed body.
fn fool(pen: &mut Pen) {
    pen.body("M 32 84 Q 35 66 41 58 L 59 58 Q 65 66 68 84 Z");
    pen.body("M 30 54 Q 22 34 10 30 Q 26 24 38 36 Q 40 20 50 8 Q 60 20 62 36 Q 74 24 90 30 Q 78 34 70 54 Z");
    for (x, y) in [(10.0, 30.0), (50.0, 8.0), (90.0, 30.0)] {
        pen.ball(x, y, 5.0);
    }
    pen.body("M 28 52 L 72 52 L 68 60 L 32 60 Z");
    pen.detail("M 42 66 L 50 74 L 58 66 M 40 78 L 50 70 L 60 78");
    plinth(pen, 25.0);
}

/// A bridled horse's head.
fn horse(pen: &mut Pen) {
    horse_head(pen);
    pen.detail("M 24 44 L 44 40 L 54 24 M 44 40 L 50 54");
    plinth(pen, 27.0);
}

/// A cannon on a wheeled carriage, barrel raised.
fn cannon(pen: &mut Pen) {
    pen.body("M 18 86 L 30 64 L 70 64 L 84 86 Z");
    pen.body("M 16 62 L 70 24 L 78 36 L 26 76 Z");
    pen.body("M 68 20 L 80 38 L 86 34 L 74 16 Z");
    pen.ball(46.0, 70.0, 15.0);
    pen.detail("M 46 57 L 46 83 M 33 70 L 59 70 M 37 61 L 55 79 M 55 61 L 37 79");
    pen.dot(46.0, 70.0, 3.5);
}

/// A soldier in a peaked cap with sergeant's chevrons.
fn sergeant(pen: &mut Pen) {
    pen.body("M 29 82 Q 31 62 40 53 L 60 53 Q 69 62 71 82 Z");
    pen.ball(50.0, 40.0, 12.0);
    pen.body("M 36 36 Q 37 20 50 20 Q 63 20 64 36 Z");
    pen.solid("M 34 34 L 66 34 L 70 39 L 34 39 Z");
    pen.detail("M 38 62 L 50 69 L 62 62 M 38 70 L 50 77 L 62 70");
    plinth(pen, 25.0);
}

/// `base` plus a gold medal with a star in the top-right corner.
fn knighted(pen: &mut Pen, base: fn(&mut Pen)) {
    base(pen);
    pen.paint("M 70 16 Q 70 4 82 4 Q 94 4 94 16 Q 94 28 82 28 Q 70 28 70 16 Z", rgb(EMBLEMS[2]));
    pen.solid(&star(82.0, 16.5, 8.5, 3.6, 5));
}
