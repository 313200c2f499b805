//! FIDE pieces plus the two single extra pieces: Luck Dragon and Guardener.

use super::pen::Pen;
use crate::Glyph;

pub(super) fn draw(glyph: Glyph, pen: &mut Pen) {
    match glyph {
        Glyph::King => king(pen),
        Glyph::Queen => queen(pen),
        Glyph::Rook => rook(pen),
        Glyph::Bishop => bishop(pen),
        Glyph::Knight => knight(pen),
        Glyph::Pawn => pawn(pen),
        Glyph::LuckDragon => luck_dragon(pen),
        Glyph::Guardener => guardener(pen),
        other => unreachable!("{other:?} is not drawn by the chess module"),
    }
}

/// The rounded plinth most pieces stand on, `half` units either side of centre.
pub(super) fn plinth(pen: &mut Pen, half: f32) {
    let (l, r) = (50.0 - half, 50.0 + half);
    pen.body(&format!("M {l} 91 L {r} 91 L {r} 86 Q {r} 80 {} 80 L {} 80 Q {l} 80 {l} 86 Z", r - 6.0, l + 6.0));
}

/// A regular `points`-pointed star as a path string.
pub(super) fn star(cx: f32, cy: f32, outer: f32, inner: f32, points: u32) -> String {
    let mut d = String::new();
    for i in 0..points * 2 {
        let r = if i % 2 == 0 { outer } else { inner };
        let a = std::f32::consts::PI * (i as f32 / points as f32 - 0.5);
        let cmd = if i == 0 { 'M' } else { 'L' };
        d.push_str(&format!("{cmd} {} {} ", cx + r * a.cos(), cy + r * a.sin()));
    }
    d.push('Z');
    d
}

pub(super) fn king(pen: &mut Pen) {
    pen.body("M 46 6 L 54 6 L 54 12 L 60 12 L 60 19 L 54 19 L 54 30 L 46 30 L 46 19 L 40 19 L 40 12 L 46 12 Z");
    pen.body("M 35 52 Q 22 34 38 28 Q 48 26 50 34 Q 52 26 62 28 Q 78 34 65 52 Z");
    pen.body("M 27 82 Q 29 64 35 50 L 65 50 Q 71 64 73 82 Z");
    pen.detail("M 34 58 Q 50 53 66 58 M 31 70 Q 50 65 69 70");
    plinth(pen, 27.0);
}

fn queen(pen: &mut Pen) {
    pen.body("M 30 58 L 20 26 L 33 44 L 35 19 L 44 42 L 50 14 L 56 42 L 65 19 L 67 44 L 80 26 L 70 58 Z");
    for (x, y) in [(20.0, 25.0), (35.0, 18.0), (50.0, 13.0), (65.0, 18.0), (80.0, 25.0)] {
        pen.ball(x, y, 5.0);
    }
    pen.body("M 27 82 Q 29 68 33 56 L 67 56 Q 71 68 73 82 Z");
    pen.detail("M 32 64 Q 50 59 68 64 M 30 73 Q 50 68 70 73");
    plinth(pen, 27.0);
}

fn rook(pen: &mut Pen) {
    pen.body("M 35 42 L 65 42 L 67 76 L 33 76 Z");
    pen.body("M 29 34 L 71 34 L 66 43 L 34 43 Z");
    pen.body("M 26 14 L 36 14 L 36 22 L 45 22 L 45 14 L 55 14 L 55 22 L 64 22 L 64 14 L 74 14 L 74 34 L 26 34 Z");
    pen.body("M 29 74 L 71 74 L 71 81 L 29 81 Z");
    plinth(pen, 27.0);
}

fn bishop(pen: &mut Pen) {
    pen.ball(50.0, 12.0, 5.0);
    pen.body("M 50 16 C 33 28 29 46 37 57 L 63 57 C 71 46 67 28 50 16 Z");
    pen.detail("M 50 29 L 50 47 M 43 38 L 57 38");
    pen.body("M 37 63 L 63 63 Q 69 74 71 82 L 29 82 Q 31 74 37 63 Z");
    pen.body("M 34 56 L 66 56 L 63 64 L 37 64 Z");
    plinth(pen, 27.0);
}

/// A horse head facing left; shared by the knight, the horse and the unicorn.
pub(super) fn horse_head(pen: &mut Pen) {
    pen.body("M 72 84 L 28 84 Q 26 68 38 58 Q 47 51 48 44 Q 42 48 36 54 Q 30 59 23 57 Q 12 53 17 44 Q 23 37 29 31 Q 34 22 42 19 L 44 8 L 51 16 L 55 9 L 58 19 Q 74 24 79 43 Q 84 62 79 84 Z");
    pen.dot(40.0, 31.0, 3.4);
    pen.dot(21.0, 48.0, 2.2);
    pen.detail("M 60 23 Q 75 36 74 66");
}

fn knight(pen: &mut Pen) {
    horse_head(pen);
    plinth(pen, 27.0);
}

pub(super) fn pawn(pen: &mut Pen) {
    pen.body("M 31 82 Q 33 67 43 58 L 57 58 Q 67 67 69 82 Z");
    pen.body("M 37 60 Q 35 53 42 52 L 58 52 Q 65 53 63 60 Z");
    pen.ball(50.0, 39.0, 13.5);
    plinth(pen, 24.0);
}

/// A horned, spiny-backed dragon's head with whiskers, chasing the pearl of luck.
fn luck_dragon(pen: &mut Pen) {
    pen.body("M 74 84 L 34 84 Q 34 68 46 58 Q 38 58 28 61 L 13 57 L 25 50 L 12 44 Q 20 33 35 29 L 36 20 L 22 3 L 45 15 L 53 2 L 57 19 L 68 14 L 66 24 L 78 25 L 73 32 L 85 37 L 78 43 L 88 51 L 80 55 L 88 65 L 80 68 L 79 84 Z");
    pen.solid("M 13 57 L 25 50 L 12 44 L 20 50 Z");
    pen.dot(43.0, 32.0, 3.4);
    pen.detail("M 14 46 Q 6 36 12 26 M 18 57 Q 10 66 16 74");
    pen.ball(26.0, 73.0, 9.0);
    pen.spot(23.0, 70.0, 2.6);
    plinth(pen, 27.0);
}

/// A clipped topiary tree in a garden pot.
fn guardener(pen: &mut Pen) {
    pen.body("M 46 58 L 46 42 L 54 42 L 54 58 Z");
    pen.body("M 35 48 Q 18 46 23 31 Q 23 15 40 16 Q 47 5 60 11 Q 77 12 77 29 Q 83 45 65 48 Z");
    pen.detail("M 38 31 Q 44 26 50 31 M 55 37 Q 61 32 67 36 M 52 22 Q 56 19 61 22");
    pen.body("M 32 62 L 68 62 L 63 82 L 37 82 Z");
    pen.body("M 28 55 L 72 55 L 72 63 L 28 63 Z");
    plinth(pen, 24.0);
}
