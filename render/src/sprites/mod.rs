//! Piece and dice artwork, rasterised once when a [`crate::Renderer`] is built.

mod chess;
mod dice;
mod dragonchess;
mod marks;
mod newchess;
mod pen;

pub(crate) use dice::{any_piece, blank_die, die, die_index, struck};
pub(crate) use marks::{bolt, flame, medals};
use pen::{Inks, Pen};
use tiny_skia::{Color, Pixmap};

use crate::{Glyph, Piece, Side, SideColours};

/// A premultiplied RGBA image, ready to be blended onto an opaque canvas.
#[derive(Debug, Clone)]
pub(crate) struct Sprite {
    pub width: usize,
    pub height: usize,
    /// Row-major premultiplied RGBA.
    pub rgba: Vec<u8>,
}

impl Sprite {
    /// Take the pixels of a tiny-skia pixmap, which is premultiplied already.
    pub fn from_pixmap(pixmap: Pixmap) -> Sprite {
        Sprite { width: pixmap.width() as usize, height: pixmap.height() as usize, rgba: pixmap.take() }
    }
}

/// Rasterise `piece` on a transparent `size`×`size` square.
pub(crate) fn piece(piece: Piece, colours: SideColours, size: u32) -> Sprite {
    let mut pixmap = blank(size);
    let mut pen = Pen::new(&mut pixmap, 0.0, 0.0, size as f32, inks(colours, piece.side));
    draw(piece.glyph, &mut pen);
    Sprite::from_pixmap(pixmap)
}

/// A transparent square pixmap; sizes come from validated options, never 0.
pub(crate) fn blank(size: u32) -> Pixmap {
    Pixmap::new(size.max(1), size.max(1)).expect("sprite size is positive")
}

fn draw(glyph: Glyph, pen: &mut Pen) {
    use Glyph::*;
    match glyph {
        King | Queen | Rook | Bishop | Knight | Pawn | LuckDragon | Guardener => chess::draw(glyph, pen),
        Sylph | Griffin | Dragon | Oliphant | Unicorn | Hero | Thief | Cleric | Mage | Paladin | Warrior | Basilisk
        | Elemental | Dwarf => dragonchess::draw(glyph, pen),
        EKing | FKing | GoldGeneral | Tower | Fool | Horse | Cannon | Sergeant | KnightedFool | KnightedSergeant
        | KnightedPawn => newchess::draw(glyph, pen),
    }
}

/// Body, outline and detail ink of each scheme's sides, in
/// [`SideColours::ALL`] then [`Side::ALL`] order. Dark bodies get light detail
/// lines so folds stay visible.
const INKS: [[u32; 3]; 4] = [
    [0xf8f6ef, 0x1c1c1c, 0x1c1c1c],
    [0x2e2c2b, 0x0b0b0b, 0xe9e4da],
    [0xe6a817, 0x2e1a00, 0x4a2f00],
    [0xc4232d, 0x2e0406, 0xffd8c8],
];

/// Emblem colours that do not depend on the side: king badges, the knighted
/// medal, dice, the frozen snowflake, the strike over a failed roll.
const EMBLEMS: [u32; 8] = [0x1f5fbf, 0x1e8a4a, 0xf2b705, 0xffffff, 0xfbf6e6, 0x1d1d1f, 0x1f6fb8, 0xd11f2a];

/// Every flat colour in the artwork, for palettes that must keep them exact.
pub(crate) fn flat_colours() -> impl Iterator<Item = [u8; 3]> {
    INKS.iter().flatten().chain(EMBLEMS.iter()).map(|&hex| {
        let [_, r, g, b] = hex.to_be_bytes();
        [r, g, b]
    })
}

fn inks(colours: SideColours, side: Side) -> Inks {
    let [body, outline, detail] = INKS[colours.index() * 2 + side.index()];
    Inks { body: rgb(body), outline: rgb(outline), detail: rgb(detail) }
}

/// An opaque colour from `0xRRGGBB`.
pub(crate) fn rgb(hex: u32) -> Color {
    let [_, r, g, b] = hex.to_be_bytes();
    Color::from_rgba8(r, g, b, 255)
}

/// A six-armed snowflake, white with a blue rim, in a `size` square at (`x`, `y`).
pub(crate) fn snowflake(pixmap: &mut Pixmap, x: f32, y: f32, size: f32) {
    let inks = Inks { body: rgb(EMBLEMS[3]), outline: rgb(EMBLEMS[6]), detail: rgb(EMBLEMS[6]) };
    let mut pen = Pen::new(pixmap, x, y, size, inks);
    let mut d = String::new();
    for k in 0..6 {
        let a = std::f32::consts::PI / 3.0 * k as f32;
        let at = |r: f32, da: f32| (50.0 + r * (a + da).cos(), 50.0 + r * (a + da).sin());
        let (ex, ey) = at(42.0, 0.0);
        let (mx, my) = at(26.0, 0.0);
        let (lx, ly) = at(36.0, 0.35);
        let (rx, ry) = at(36.0, -0.35);
        d.push_str(&format!("M 50 50 L {ex} {ey} M {lx} {ly} L {mx} {my} L {rx} {ry} "));
    }
    pen.tube(&d, 7.0);
}
