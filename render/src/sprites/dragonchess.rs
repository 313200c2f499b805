//! Dragonchess's pieces (its king is the chess king). Each has its own
//! silhouette, because on a phone an emblem smaller than the piece is lost.

use super::chess::{horse_head, plinth, star};
use super::pen::Pen;
use crate::Glyph;

pub(super) fn draw(glyph: Glyph, pen: &mut Pen) {
    match glyph {
        Glyph::Sylph => sylph(pen),
        Glyph::Griffin => griffin(pen),
        Glyph::Dragon => dragon(pen),
        Glyph::Oliphant => oliphant(pen),
        Glyph::Unicorn => unicorn(pen),
        Glyph::Hero => hero(pen),
        Glyph::Thief => thief(pen),
        Glyph::Cleric => cleric(pen),
        Glyph::Mage => mage(pen),
        Glyph::Paladin => paladin(pen),
        Glyph::Warrior => warrior(pen),
        Glyph::Basilisk => basilisk(pen),
        Glyph::Elemental => elemental(pen),
        Glyph::Dwarf => dwarf(pen),
        other => unreachable!("{other:?} is not drawn by the dragonchess module"),
    }
}

/// A small winged spirit with butterfly wings.
fn sylph(pen: &mut Pen) {
    pen.body("M 50 44 Q 32 8 14 20 Q 6 38 42 52 Z");
    pen.body("M 50 44 Q 68 8 86 20 Q 94 38 58 52 Z");
    pen.body("M 47 52 Q 20 54 22 70 Q 34 76 49 58 Z");
    pen.body("M 53 52 Q 80 54 78 70 Q 66 76 51 58 Z");
    pen.detail("M 44 46 Q 30 28 20 24 M 56 46 Q 70 28 80 24");
    pen.body("M 41 82 Q 43 60 50 46 Q 57 60 59 82 Z");
    pen.ball(50.0, 37.0, 8.5);
    plinth(pen, 21.0);
}

/// An eagle's head with a hooked beak and lion-like ear tufts.
fn griffin(pen: &mut Pen) {
    pen.body("M 56 24 L 68 6 L 66 28 Z");
    pen.body("M 72 84 L 32 84 Q 34 66 46 57 Q 36 55 29 50 Q 20 52 16 46 Q 14 37 25 33 Q 33 20 49 19 Q 70 18 77 38 Q 84 60 79 84 Z");
    pen.solid("M 25 33 Q 10 35 13 50 Q 17 42 28 42 Z");
    pen.dot(40.0, 31.0, 3.4);
    pen.detail("M 50 50 L 60 42 M 54 61 L 67 52 M 58 72 L 73 63");
    plinth(pen, 27.0);
}

/// A dragon facing the viewer, bat wings spread.
fn dragon(pen: &mut Pen) {
    pen.body("M 44 56 L 10 16 L 18 36 L 6 40 L 20 50 L 12 60 Q 32 56 44 66 Z");
    pen.body("M 56 56 L 90 16 L 82 36 L 94 40 L 80 50 L 88 60 Q 68 56 56 66 Z");
    pen.detail("M 40 56 L 18 36 M 40 60 L 20 50 M 60 56 L 82 36 M 60 60 L 80 50");
    pen.body("M 34 84 Q 38 60 50 46 Q 62 60 66 84 Z");
    pen.body("M 41 50 L 36 22 L 44 30 L 50 18 L 56 30 L 64 22 L 59 50 Q 50 56 41 50 Z");
    pen.spot(45.5, 36.0, 2.6);
    pen.spot(54.5, 36.0, 2.6);
    plinth(pen, 25.0);
}

/// An elephant's head: wide ears, tusks and a trunk.
fn oliphant(pen: &mut Pen) {
    pen.body("M 40 24 Q 12 14 12 40 Q 14 60 40 52 Z");
    pen.body("M 60 24 Q 88 14 88 40 Q 86 60 60 52 Z");
    pen.body("M 36 26 Q 50 10 64 26 Q 68 44 58 54 Q 55 68 60 78 L 50 80 Q 45 66 44 56 Q 32 44 36 26 Z");
    pen.body("M 42 52 Q 30 62 24 58 Q 32 58 38 48 Z");
    pen.body("M 58 52 Q 70 62 76 58 Q 68 58 62 48 Z");
    pen.dot(43.0, 34.0, 3.0);
    pen.dot(57.0, 34.0, 3.0);
    pen.detail("M 49 60 L 55 59 M 50 68 L 57 67");
    plinth(pen, 27.0);
}

/// A horse facing right with a long spiral horn.
fn unicorn(pen: &mut Pen) {
    pen.mirror();
    pen.body("M 33 26 L 6 6 L 40 20 Z");
    pen.detail("M 16 12 L 20 16 M 24 16 L 28 20");
    horse_head(pen);
    pen.mirror();
    plinth(pen, 27.0);
}

/// An upright sword on a pedestal.
fn hero(pen: &mut Pen) {
    pen.body("M 44 58 L 44 22 L 50 6 L 56 22 L 56 58 Z");
    pen.detail("M 50 20 L 50 54");
    pen.body("M 26 55 Q 50 62 74 55 L 74 63 Q 50 70 26 63 Z");
    pen.body("M 45 63 L 55 63 L 55 74 L 45 74 Z");
    pen.ball(50.0, 76.0, 5.5);
    plinth(pen, 22.0);
}

/// A hooded figure whose face is in shadow.
fn thief(pen: &mut Pen) {
    pen.body("M 50 10 Q 76 16 74 48 L 70 82 L 30 82 L 26 48 Q 24 16 50 10 Z");
    pen.solid("M 38 40 Q 50 24 62 40 Q 62 56 50 60 Q 38 56 38 40 Z");
    pen.spot(44.5, 43.0, 2.8);
    pen.spot(55.5, 43.0, 2.8);
    pen.detail("M 50 62 L 50 80 M 36 66 Q 40 74 38 80");
    plinth(pen, 25.0);
}

/// A robed priest with a halo and a cross on the chest.
fn cleric(pen: &mut Pen) {
    pen.detail("M 34 26 Q 50 12 66 26");
    pen.body("M 28 84 Q 32 56 43 46 L 57 46 Q 68 56 72 84 Z");
    pen.ball(50.0, 35.0, 11.0);
    pen.solid("M 46 53 L 54 53 L 54 59 L 61 59 L 61 66 L 54 66 L 54 78 L 46 78 L 46 66 L 39 66 L 39 59 L 46 59 Z");
    plinth(pen, 25.0);
}

/// A wizard: pointed starry hat, beard and robe.
fn mage(pen: &mut Pen) {
    pen.body("M 30 84 Q 34 64 39 54 L 61 54 Q 66 64 70 84 Z");
    pen.body("M 39 54 L 61 54 Q 60 70 50 76 Q 40 70 39 54 Z");
    pen.body("M 31 50 Q 47 38 58 6 Q 59 30 71 50 Z");
    pen.body("M 20 53 Q 50 40 80 53 Q 50 62 20 53 Z");
    pen.solid(&star(52.0, 34.0, 7.0, 3.0, 5));
    pen.detail("M 44 62 Q 50 66 56 62");
    plinth(pen, 25.0);
}

/// A knight's kite shield bearing a cross.
fn paladin(pen: &mut Pen) {
    pen.body("M 40 14 Q 50 6 60 14 L 60 20 L 40 20 Z");
    pen.body("M 24 20 L 76 20 L 76 44 Q 74 68 50 82 Q 26 68 24 44 Z");
    pen.detail("M 50 26 L 50 72 M 32 40 L 68 40");
    pen.detail("M 30 26 L 70 26");
    plinth(pen, 20.0);
}

/// A helmeted foot soldier with a spear.
fn warrior(pen: &mut Pen) {
    pen.body("M 69 20 L 74 20 L 74 84 L 69 84 Z");
    pen.body("M 65 22 L 71.5 6 L 78 22 Z");
    pen.body("M 30 82 Q 32 67 42 58 L 58 58 Q 68 67 70 82 Z");
    pen.body("M 36 60 Q 34 53 42 52 L 58 52 Q 66 53 64 60 Z");
    pen.body("M 36 46 Q 34 24 50 22 Q 66 24 64 46 Z");
    pen.detail("M 50 24 L 50 46 M 37 40 L 63 40");
    plinth(pen, 24.0);
}

/// A crowned serpent rising in coils.
fn basilisk(pen: &mut Pen) {
    pen.tube("M 26 80 Q 72 86 72 70 Q 72 58 50 60 Q 28 62 30 48 Q 32 36 50 36 Q 62 36 60 28", 11.0);
    pen.body("M 50 28 Q 50 14 63 14 Q 77 16 73 27 Q 67 34 50 28 Z");
    pen.solid("M 55 16 L 56 5 L 61 12 L 65 4 L 68 12 L 73 6 L 71 18 Z");
    pen.spot(64.0, 22.0, 2.4);
    pen.detail("M 36 58 L 40 64 M 58 64 L 62 58 M 38 44 L 42 48");
    plinth(pen, 26.0);
}

/// A living flame.
fn elemental(pen: &mut Pen) {
    pen.body(
        "M 50 82 Q 24 80 26 56 Q 28 38 42 28 Q 40 42 48 46 Q 42 26 57 8 Q 58 30 69 40 Q 79 54 74 66 Q 70 82 50 82 Z",
    );
    pen.detail("M 50 76 Q 37 72 41 60 Q 45 52 50 47 Q 52 58 58 62 Q 63 72 50 76 Z");
    plinth(pen, 25.0);
}

/// A dwarf's face: horned helmet, big nose and a long beard.
fn dwarf(pen: &mut Pen) {
    pen.body("M 31 32 Q 16 28 16 10 Q 24 22 35 24 Z");
    pen.body("M 69 32 Q 84 28 84 10 Q 76 22 65 24 Z");
    pen.body("M 30 42 Q 30 16 50 16 Q 70 16 70 42 Z");
    pen.detail("M 30 36 L 70 36");
    pen.body("M 30 44 L 70 44 Q 72 68 50 82 Q 28 68 30 44 Z");
    pen.dot(42.0, 49.0, 2.8);
    pen.dot(58.0, 49.0, 2.8);
    pen.ball(50.0, 55.0, 5.0);
    pen.detail("M 40 64 Q 45 70 50 66 Q 55 70 60 64 M 44 74 Q 50 78 56 74");
    plinth(pen, 22.0);
}
