//! Colours of each theme and the cell tiles pre-rendered from them.

use tiny_skia::{Color, GradientStop, Paint, Point, RadialGradient, Rect, Transform};

use crate::canvas::{Canvas, Rgb};
use crate::encode::Quantiser;
use crate::sprites::{self, Sprite};
use crate::{Glyph, Piece, Shade, Side, SideColours, Theme};

/// Every colour a theme uses outside piece artwork.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Colours {
    /// Page behind the boards, also the colour of holes in a board.
    pub page: Rgb,
    /// Coordinates and counts.
    pub text: Rgb,
    /// Layer names.
    pub title: Rgb,
    /// Behind hands, captures and dice.
    pub panel: Rgb,
    /// Behind the dice of one roll, on the panel.
    pub tray: Rgb,
    /// Region labels.
    pub region_text: Rgb,
    /// Per [`Backdrop`], the light and dark square colour.
    squares: [[Rgb; 2]; Backdrop::COUNT],
    /// Red of the check glow at its centre.
    pub check: Rgb,
}

impl Colours {
    pub fn of(theme: Theme) -> Colours {
        match theme {
            Theme::Light => Colours {
                page: [0xf4, 0xef, 0xe6],
                text: [0x5b, 0x4a, 0x36],
                title: [0x3a, 0x2e, 0x22],
                panel: [0xe8, 0xe0, 0xd2],
                tray: [0xd6, 0xca, 0xb4],
                region_text: [0x24, 0x4d, 0x14],
                squares: [
                    [[0xee, 0xd8, 0xb2], [0xb5, 0x87, 0x5f]],
                    [[0xc9, 0xe2, 0xa0], [0x8c, 0xb0, 0x5e]],
                    // The last move in blue: yellow hid Gold pieces.
                    [[0xb4, 0xd0, 0xe8], [0x7f, 0xa6, 0xc8]],
                    [[0xa8, 0xd8, 0xc8], [0x6f, 0xae, 0x98]],
                ],
                check: [0xff, 0x1e, 0x1e],
            },
            Theme::Dark => Colours {
                page: [0x1b, 0x1e, 0x23],
                text: [0xb4, 0xbc, 0xc8],
                title: [0xe2, 0xe6, 0xec],
                panel: [0x26, 0x2a, 0x31],
                tray: [0x3a, 0x41, 0x4c],
                region_text: [0xd8, 0xf5, 0xc0],
                // Lighter than a dark page, so that black pieces stand out.
                squares: [
                    [[0xa4, 0xae, 0xbc], [0x74, 0x80, 0x90]],
                    [[0x86, 0xa8, 0x76], [0x56, 0x7a, 0x4c]],
                    [[0x7f, 0xa4, 0xc8], [0x5a, 0x7f, 0xa6]],
                    [[0x74, 0xa8, 0xa6], [0x4a, 0x7c, 0x7a]],
                ],
                check: [0xff, 0x2b, 0x2b],
            },
        }
    }

    /// The flat colour of a square with `backdrop` and `shade`.
    pub fn square(&self, backdrop: Backdrop, shade: Shade) -> Rgb {
        self.squares[backdrop as usize][shade.index()]
    }
}

/// What lies under a piece, strongest last: a cell shows the strongest that applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Backdrop {
    Plain,
    Region,
    LastMove,
    Selected,
}

impl Backdrop {
    const COUNT: usize = 4;
    pub const ALL: [Backdrop; Backdrop::COUNT] =
        [Backdrop::Plain, Backdrop::Region, Backdrop::LastMove, Backdrop::Selected];
}

/// Everything one theme draws, rasterised at one cell size.
pub(crate) struct ThemeSprites {
    pub colours: Colours,
    /// Empty cell tiles by backdrop and shade.
    squares: Vec<Canvas>,
    /// The check glow over each shade.
    check: [Canvas; 2],
    /// Pieces pre-blended on plain squares: the common case is a copy.
    on_plain: Vec<Canvas>,
}

impl ThemeSprites {
    pub fn new(theme: Theme, cell: u32, pieces: &[Sprite]) -> ThemeSprites {
        let colours = Colours::of(theme);
        let size = cell as usize;
        let squares = Backdrop::ALL
            .iter()
            .flat_map(|&b| Shade::ALL.map(|s| (b, s)))
            .map(|(b, s)| Canvas::new(size, size, colours.square(b, s)))
            .collect();
        let check = Shade::ALL.map(|s| check_tile(cell, colours.square(Backdrop::Plain, s), colours.check));
        let on_plain = pieces
            .iter()
            .flat_map(|p| Shade::ALL.map(|s| Canvas::flatten(p, colours.square(Backdrop::Plain, s))))
            .collect();
        ThemeSprites { colours, squares, check, on_plain }
    }

    /// Give every tile its palette indices for the indexed encoding.
    pub fn quantise(&mut self, quantiser: &Quantiser) {
        let tiles = self.squares.iter_mut().chain(&mut self.check).chain(&mut self.on_plain);
        for tile in tiles {
            tile.quantise(quantiser);
        }
    }

    /// An empty cell.
    pub fn square(&self, backdrop: Backdrop, shade: Shade) -> &Canvas {
        &self.squares[backdrop as usize * 2 + shade.index()]
    }

    /// A cell glowing red under a king in check.
    pub fn check(&self, shade: Shade) -> &Canvas {
        &self.check[shade.index()]
    }

    /// `piece` already standing on a plain `shade` square.
    pub fn on_plain(&self, colours: SideColours, piece: Piece, shade: Shade) -> &Canvas {
        &self.on_plain[piece_index(colours, piece) * 2 + shade.index()]
    }
}

/// Index of a piece sprite in tables ordered by colours, side, glyph.
pub(crate) fn piece_index(colours: SideColours, piece: Piece) -> usize {
    (colours.index() * Side::ALL.len() + piece.side.index()) * Glyph::ALL.len() + piece.glyph.index()
}

/// Every piece sprite at `size`, in [`piece_index`] order.
pub(crate) fn piece_table(size: u32) -> Vec<Sprite> {
    SideColours::ALL
        .iter()
        .flat_map(|&c| Side::ALL.iter().map(move |&s| (c, s)))
        .flat_map(|(c, side)| Glyph::ALL.iter().map(move |&glyph| sprites::piece(Piece { glyph, side }, c, size)))
        .collect()
}

/// A square with a red radial glow around a pale centre: the glow frames the
/// king without swallowing one that is red itself (Scarlet).
fn check_tile(cell: u32, square: Rgb, red: Rgb) -> Canvas {
    let mut pixmap = sprites::blank(cell);
    pixmap.fill(Color::from_rgba8(square[0], square[1], square[2], 255));
    let c = cell as f32 / 2.0;
    let pale = red.map(|v| ((u16::from(v) + 2 * 255) / 3) as u8);
    let glow = |a: f32| Color::from_rgba8(red[0], red[1], red[2], (a * 255.0) as u8);
    let core = Color::from_rgba8(pale[0], pale[1], pale[2], 255);
    let gradient = RadialGradient::new(
        Point::from_xy(c, c),
        0.0,
        Point::from_xy(c, c),
        c * 1.05,
        vec![
            GradientStop::new(0.0, core),
            GradientStop::new(0.45, core),
            GradientStop::new(0.75, glow(0.95)),
            GradientStop::new(1.0, glow(0.0)),
        ],
        tiny_skia::SpreadMode::Pad,
        Transform::identity(),
    )
    .expect("a glow with distinct stops is a valid gradient");
    let paint = Paint { shader: gradient, ..Paint::default() };
    let rect = Rect::from_xywh(0.0, 0.0, cell as f32, cell as f32).expect("cell size is positive");
    pixmap.fill_rect(rect, &paint, Transform::identity(), None);
    let sprite = Sprite::from_pixmap(pixmap);
    Canvas::flatten(&sprite, square)
}

/// Ice-blue wash with a snowflake in the corner, over a frozen piece.
pub(crate) fn frozen_overlay(cell: u32) -> Sprite {
    let mut pixmap = sprites::blank(cell);
    let s = cell as f32;
    let mut paint = Paint::default();
    paint.set_color(Color::from_rgba8(120, 200, 255, 80));
    if let Some(rect) = Rect::from_xywh(0.0, 0.0, s, s) {
        pixmap.fill_rect(rect, &paint, Transform::identity(), None);
    }
    sprites::snowflake(&mut pixmap, s * 0.04, s * 0.04, s * 0.36);
    Sprite::from_pixmap(pixmap)
}

/// A gold ring inside the cell's edge, over a piece that cannot be captured
/// this turn (a piece just deployed).
pub(crate) fn shield_overlay(cell: u32) -> Sprite {
    let s = cell as f32;
    let mut pixmap = sprites::blank(cell);
    let mut paint = Paint::default();
    paint.set_color(Color::from_rgba8(230, 170, 20, 230));
    paint.anti_alias = true;
    if let Some(path) = tiny_skia::PathBuilder::from_circle(s / 2.0, s / 2.0, s * 0.45) {
        let stroke = tiny_skia::Stroke { width: s * 0.07, ..tiny_skia::Stroke::default() };
        pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
    }
    Sprite::from_pixmap(pixmap)
}

/// Legal-move markers: a dot on an empty target, a ring on a capture.
pub(crate) fn move_marks(cell: u32) -> [Sprite; 2] {
    let s = cell as f32;
    let mut dot = sprites::blank(cell);
    let mut ring = sprites::blank(cell);
    let mut paint = Paint::default();
    paint.set_color(Color::from_rgba8(20, 85, 30, 120));
    paint.anti_alias = true;
    if let Some(path) = tiny_skia::PathBuilder::from_circle(s / 2.0, s / 2.0, s * 0.16) {
        dot.fill_path(&path, &paint, tiny_skia::FillRule::Winding, Transform::identity(), None);
    }
    if let Some(path) = tiny_skia::PathBuilder::from_circle(s / 2.0, s / 2.0, s * 0.44) {
        let stroke = tiny_skia::Stroke { width: s * 0.08, ..tiny_skia::Stroke::default() };
        ring.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
    }
    [Sprite::from_pixmap(dot), Sprite::from_pixmap(ring)]
}
