//! Dice faces: a d4 is a triangle, a d6 a square with pips, a d8 a diamond,
//! so the die kind reads from its outline before the number does.

use tiny_skia::Pixmap;

use super::pen::{Inks, Pen};
use super::{blank, rgb, Sprite, EMBLEMS};
use crate::text::Font;
use crate::DieKind;

/// Ivory dice with near-black ink, the same on both themes.
const IVORY: u32 = EMBLEMS[4];
const INK: u32 = EMBLEMS[5];
/// The strike over a failed roll's dice, with an ivory rim so that it reads
/// on the die and off it.
const FAILED: u32 = EMBLEMS[7];

/// Position of `kind` in [`DieKind::ALL`], for tables of die sprites.
pub(crate) fn die_index(kind: DieKind) -> usize {
    DieKind::ALL.iter().position(|&k| k == kind).expect("every kind is in ALL")
}

fn ink() -> Inks {
    Inks { body: rgb(IVORY), outline: rgb(INK), detail: rgb(INK) }
}

/// Rasterise `kind` showing `face` (1-based) on a `size`×`size` square;
/// `font` prints the number of a d4 or d8.
pub(crate) fn die(kind: DieKind, face: u8, size: u32, font: &Font) -> Sprite {
    let mut pixmap = blank(size);
    let mut pen = body(&mut pixmap, kind, size);
    if kind == DieKind::D6 {
        for &(x, y) in pips(face) {
            pen.dot(x, y, 8.5);
        }
    }
    let mut sprite = Sprite::from_pixmap(pixmap);
    if kind != DieKind::D6 {
        // The d4's number sits low, where the triangle is wide; the d8's sits
        // in the upper half, above the equator.
        let centre_y = match kind {
            DieKind::D4 => 0.62,
            _ => 0.40,
        };
        stamp(&mut sprite, font, &face.to_string(), centre_y);
    }
    sprite
}

/// The die's outline with nothing on its face; the pen that drew it.
fn body<'a>(pixmap: &'a mut Pixmap, kind: DieKind, size: u32) -> Pen<'a> {
    let mut pen = Pen::new(pixmap, 0.0, 0.0, size as f32, ink());
    match kind {
        DieKind::D4 => pen.body("M 50 6 L 95 88 L 5 88 Z"),
        DieKind::D6 => {
            pen.body("M 18 8 L 82 8 Q 92 8 92 18 L 92 82 Q 92 92 82 92 L 18 92 Q 8 92 8 82 L 8 18 Q 8 8 18 8 Z")
        }
        DieKind::D8 => {
            pen.body("M 50 3 L 95 50 L 50 97 L 5 50 Z");
            pen.detail("M 5 50 L 95 50");
        }
    }
    pen
}

/// `kind` with a blank face, for faces that carry a picture instead of a
/// number (a piece, drawn over it per request).
pub(crate) fn blank_die(kind: DieKind, size: u32) -> Sprite {
    let mut pixmap = blank(size);
    body(&mut pixmap, kind, size);
    Sprite::from_pixmap(pixmap)
}

/// The "any piece" face: the smiley (☺) the rules print on it, in the
/// dice's ink, on a transparent `size` square.
pub(crate) fn any_piece(size: u32) -> Sprite {
    let mut pixmap = blank(size);
    let mut pen = Pen::new(&mut pixmap, 0.0, 0.0, size as f32, Inks { body: rgb(IVORY), ..ink() });
    pen.ball(50.0, 50.0, 40.0);
    pen.dot(36.0, 40.0, 7.0);
    pen.dot(64.0, 40.0, 7.0);
    pen.ink("M 30 60 Q 50 80 70 60", rgb(INK), 7.0);
    Sprite::from_pixmap(pixmap)
}

/// Two strokes crossing a die of `size`: its roll failed.
pub(crate) fn struck(size: u32) -> Sprite {
    let mut pixmap = blank(size);
    let inks = Inks { body: rgb(FAILED), outline: rgb(IVORY), detail: rgb(FAILED) };
    let mut pen = Pen::new(&mut pixmap, 0.0, 0.0, size as f32, inks);
    pen.tube("M 14 14 L 86 86 M 86 14 L 14 86", 8.0);
    Sprite::from_pixmap(pixmap)
}

/// Pip centres of a d6 face, in design units.
fn pips(face: u8) -> &'static [(f32, f32)] {
    const L: f32 = 29.0;
    const M: f32 = 50.0;
    const H: f32 = 71.0;
    match face {
        1 => &[(M, M)],
        2 => &[(L, L), (H, H)],
        3 => &[(L, L), (M, M), (H, H)],
        4 => &[(L, L), (H, L), (L, H), (H, H)],
        5 => &[(L, L), (H, L), (M, M), (L, H), (H, H)],
        _ => &[(L, L), (H, L), (L, M), (H, M), (L, H), (H, H)],
    }
}

/// Print `text` centred horizontally at height `centre_y` (fraction of the
/// sprite) onto the opaque die body.
fn stamp(sprite: &mut Sprite, font: &Font, text: &str, centre_y: f32) {
    let [_, r, g, b] = INK.to_be_bytes();
    let x0 = sprite.width as i32 / 2 - font.width(text) / 2;
    let y0 = (sprite.height as f32 * centre_y) as i32 - font.cap_height() / 2;
    for p in font.layout(text) {
        for my in 0..p.mask.height {
            for mx in 0..p.mask.width {
                let (x, y) = (x0 + p.x + mx as i32, y0 + p.y + my as i32);
                if x < 0 || y < 0 || x as usize >= sprite.width || y as usize >= sprite.height {
                    continue;
                }
                let a = u32::from(p.mask.alpha[my * p.mask.width + mx]);
                let i = (y as usize * sprite.width + x as usize) * 4;
                for (c, ink) in [r, g, b].into_iter().enumerate() {
                    let old = u32::from(sprite.rgba[i + c]);
                    sprite.rgba[i + c] = ((u32::from(ink) * a + old * (255 - a)) / 255) as u8;
                }
            }
        }
    }
}
