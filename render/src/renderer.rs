//! `Renderer`: sprites prepared once, composed per request.

use std::sync::{Mutex, PoisonError};

use image::RgbaImage;

use crate::canvas::{Canvas, Indexed, Rgb, Surface};
use crate::compose::validate;
use crate::deflate::Coded;
use crate::encode::{self, Encoding, Quantiser};
use crate::layout::Layout;
use crate::recent::Recent;
use crate::sprites::{self, Sprite};
use crate::text::{Font, Mask};
use crate::theme::{self, Backdrop, ThemeSprites};
use crate::{ArrowKind, BoardView, CellRef, DieKind, Glyph, Piece, RenderError, Shade, Side, SideColours, Theme};

/// Bytes of last pictures kept for [`Renderer::render_png_after`]: an 8x8
/// picture takes about 260 KB, so some 250 busy chess games.
const RECENT_BYTES: usize = 64 << 20;

/// Start-up choices for a [`Renderer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RenderOptions {
    /// Edge of a board cell in pixels, clamped to 16..=160. Every other size
    /// (labels, hands, dice) follows from it.
    pub cell_px: u32,
    pub encoding: Encoding,
}

impl Default for RenderOptions {
    /// 56 px cells: an 8x8 board is about 500 px, the width Discord shows
    /// an attachment at, and the three Dragonchess boards stay legible on a
    /// phone.
    fn default() -> RenderOptions {
        RenderOptions { cell_px: 56, encoding: Encoding::default() }
    }
}

/// A composed image, ready to encode.
///
/// Splitting [`Renderer::render_png`] into [`Renderer::compose`] and
/// [`Renderer::encode`] lets a benchmark time the encoder alone.
#[derive(Debug, Clone)]
pub struct Frame {
    width: usize,
    height: usize,
    pixels: Pixels,
}

#[derive(Debug, Clone)]
enum Pixels {
    Rgb(Vec<u8>),
    /// Palette indices and the palette they index.
    Indexed(Vec<u8>, Vec<Rgb>),
}

impl Frame {
    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width as u32
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height as u32
    }

    /// The pixels as an opaque RGBA image.
    pub fn to_rgba(&self) -> RgbaImage {
        let rgba = match &self.pixels {
            Pixels::Rgb(rgb) => rgb.chunks_exact(3).flat_map(|c| [c[0], c[1], c[2], 255]).collect(),
            Pixels::Indexed(index, palette) => index
                .iter()
                .flat_map(|&i| {
                    let [r, g, b] = palette.get(usize::from(i)).copied().unwrap_or_default();
                    [r, g, b, 255]
                })
                .collect(),
        };
        RgbaImage::from_raw(self.width(), self.height(), rgba).expect("a frame holds width × height pixels")
    }
}

/// Artwork that looks the same on both themes.
pub(crate) struct Art {
    /// Full-cell pieces, in [`piece_index`] order.
    pub pieces: Vec<Sprite>,
    pub hand: Vec<Sprite>,
    pub captured: Vec<Sprite>,
    /// Faces of each die kind, in [`DieKind::ALL`] order then by face.
    pub dice: Vec<Sprite>,
    /// Each die kind with a blank face, for faces that carry a picture.
    pub blank_dice: Vec<Sprite>,
    /// Pieces in the dice's ink, to print on a blank face, in
    /// [`crate::Glyph::ALL`] order; and the "any piece" face.
    pub die_pieces: Vec<Sprite>,
    pub die_any: Sprite,
    /// The strike over each die of a failed roll.
    pub die_failed: Sprite,
    /// A short arrow of each kind, in [`ArrowKind::ALL`] order, for the
    /// key under a review's picture.
    pub arrow_keys: Vec<Mask>,
    pub frozen: Sprite,
    /// A gold ring round a piece that cannot be captured this turn.
    pub shielded: Sprite,
    /// Legal-move dot and capture ring.
    pub marks: [Sprite; 2],
    /// A standings table's marks: on fire, berserked, and the podium's medals.
    pub flame: Sprite,
    pub bolt: Sprite,
    pub medals: [Sprite; 3],
}

/// Board images for every Rookery game.
///
/// Building one rasterises every piece, die and glyph for both themes
/// (tens of milliseconds); build it once and share it. Rendering only copies
/// and blends those pixels, then encodes.
pub struct Renderer {
    cell: u32,
    encoding: Encoding,
    pub(crate) art: Art,
    pub(crate) themes: [ThemeSprites; 2],
    pub(crate) quantisers: [Quantiser; 2],
    pub(crate) fonts: Fonts,
    /// The last picture of each recent game, for [`Renderer::render_png_after`].
    recent: Mutex<Recent>,
}

/// The label fonts, each rasterised at its own size.
pub(crate) struct Fonts {
    /// File and rank labels.
    pub coords: Font,
    /// Board names and region labels in holes.
    pub title: Font,
    /// Counts in hands and region labels inside cells.
    pub counts: Font,
}

impl Renderer {
    /// Rasterise everything at `options.cell_px`.
    pub fn new(options: RenderOptions) -> Renderer {
        let cell = options.cell_px.clamp(16, 160);
        let px = |p: u32| (cell * p).div_ceil(100);
        let pieces = theme::piece_table(cell);
        let die_font = Font::new(px(80) as f32 * 0.5);
        let dice: Vec<Sprite> = DieKind::ALL
            .iter()
            .flat_map(|&k| (1..=k.sides()).map(move |f| (k, f)))
            .map(|(k, f)| sprites::die(k, f, px(80), &die_font))
            .collect();
        let mut themes = Theme::ALL.map(|t| ThemeSprites::new(t, cell, &pieces));
        // The face of a d6 inside its rounded outline.
        let face = px(80) * 4 / 5;
        let ink = Piece { glyph: Glyph::King, side: Side::Second };
        let art = Art {
            hand: theme::piece_table(px(62)),
            captured: theme::piece_table(px(42)),
            pieces,
            dice,
            blank_dice: DieKind::ALL.iter().map(|&k| sprites::blank_die(k, px(80))).collect(),
            die_pieces: Glyph::ALL
                .iter()
                .map(|&glyph| sprites::piece(Piece { glyph, ..ink }, SideColours::WhiteBlack, face))
                .collect(),
            die_any: sprites::any_piece(face),
            die_failed: sprites::struck(px(80)),
            arrow_keys: ArrowKind::ALL.iter().map(|&k| crate::arrow::key_mask(k, cell)).collect(),
            frozen: theme::frozen_overlay(cell),
            shielded: theme::shield_overlay(cell),
            marks: theme::move_marks(cell),
            flame: sprites::flame(px(30)),
            bolt: sprites::bolt(px(24)),
            medals: sprites::medals(px(42)),
        };
        let quantisers = [0, 1].map(|i| palette_for(&themes[i], &art));
        for (sprites, quantiser) in themes.iter_mut().zip(&quantisers) {
            sprites.quantise(quantiser);
        }
        Renderer {
            cell,
            encoding: options.encoding,
            art,
            fonts: Fonts {
                coords: Font::new(px(30) as f32),
                title: Font::new(px(36) as f32),
                counts: Font::new(px(28) as f32),
            },
            themes,
            quantisers,
            recent: Mutex::new(Recent::new(RECENT_BYTES)),
        }
    }

    /// Render `view` as a PNG file.
    pub fn render_png(&self, view: &BoardView) -> Result<Vec<u8>, RenderError> {
        self.encode(&self.compose(view)?)
    }

    /// Render `view` as pixels, for tests and callers that post-process.
    pub fn render_rgba(&self, view: &BoardView) -> Result<RgbaImage, RenderError> {
        Ok(self.compose(view)?.to_rgba())
    }

    /// Compose `view` without encoding it: the first half of
    /// [`Renderer::render_png`].
    pub fn compose(&self, view: &BoardView) -> Result<Frame, RenderError> {
        validate(view)?;
        let lines = self.dice_label_lines(view);
        let layout = Layout::new(view, self.cell, lines.len());
        let sprites = &self.themes[view.theme.index()];
        let page = sprites.colours.page;
        let (width, height) = (layout.width, layout.height);
        let pixels = match self.encoding {
            Encoding::Truecolour => {
                let mut frame = Canvas::new(width, height, page);
                self.draw(&mut frame, view, &layout, &lines, sprites);
                Pixels::Rgb(frame.rgb)
            }
            Encoding::Indexed => {
                let quantiser = &self.quantisers[view.theme.index()];
                let mut frame = Indexed::new(width, height, page, quantiser);
                self.draw(&mut frame, view, &layout, &lines, sprites);
                Pixels::Indexed(frame.index, quantiser.palette().to_vec())
            }
        };
        Ok(Frame { width, height, pixels })
    }

    /// Render `view` as a PNG file, as the picture that follows the last
    /// one drawn for `game`: the same file [`Renderer::render_png`] makes,
    /// but the rows the two pictures share (every rank a move left alone)
    /// are not compressed again.
    pub fn render_png_after(&self, game: u64, view: &BoardView) -> Result<Vec<u8>, RenderError> {
        let Frame { width, height, pixels } = self.compose(view)?;
        let Pixels::Indexed(index, palette) = pixels else {
            return self.encode(&Frame { width, height, pixels });
        };
        let recent = || self.recent.lock().unwrap_or_else(PoisonError::into_inner);
        let previous = recent().take(game);
        let (png, stream) = encode::indexed((width, height), &index, &palette, previous.as_ref())?;
        recent().keep(game, Coded { width, index, stream });
        Ok(png)
    }

    /// Encode a composed frame: the second half of [`Renderer::render_png`].
    pub fn encode(&self, frame: &Frame) -> Result<Vec<u8>, RenderError> {
        let size = (frame.width, frame.height);
        match &frame.pixels {
            Pixels::Rgb(rgb) => encode::truecolour(size, rgb),
            Pixels::Indexed(index, palette) => Ok(encode::indexed(size, index, palette, None)?.0),
        }
    }

    /// Encode any image as [`Renderer::render_png`] would, with the palette
    /// of `theme`: for pictures stitched from renders, like a contact sheet.
    pub fn encode_rgba(&self, image: &RgbaImage, theme: Theme) -> Result<Vec<u8>, RenderError> {
        let rgb = image.pixels().flat_map(|p| [p[0], p[1], p[2]]);
        let pixels = match self.encoding {
            Encoding::Truecolour => Pixels::Rgb(rgb.collect()),
            Encoding::Indexed => {
                let quantiser = &self.quantisers[theme.index()];
                let index = image.pixels().map(|p| quantiser.index(&p.0)).collect();
                Pixels::Indexed(index, quantiser.palette().to_vec())
            }
        };
        self.encode(&Frame { width: image.width() as usize, height: image.height() as usize, pixels })
    }

    /// Centre pixel of cell `at` in the image of `view`, or `None` if `at`
    /// is not a cell of the view. Lets callers map clicks or check pixels.
    pub fn cell_centre(&self, view: &BoardView, at: CellRef) -> Option<(u32, u32)> {
        view.cell(at)?;
        validate(view).ok()?;
        let layout = Layout::new(view, self.cell, self.dice_label_lines(view).len());
        let (x, y) = layout.cell_origin(view, at);
        let half = layout.cell / 2;
        Some(((x + half) as u32, (y + half) as u32))
    }

    /// Edge of a board cell in pixels, after clamping.
    pub fn cell_px(&self) -> u32 {
        self.cell
    }

    /// The sprite of `kind` showing `face`, which [`validate`] has checked.
    pub(crate) fn die(&self, kind: DieKind, face: u8) -> &Sprite {
        let before: usize = DieKind::ALL.iter().take_while(|&&k| k != kind).map(|k| usize::from(k.sides())).sum();
        &self.art.dice[before + usize::from(face) - 1]
    }
}

/// Fit a theme's palette: the flat colours of squares and artwork kept
/// exact, the rest learnt from what requests draw: pieces on every backdrop,
/// frozen pieces, dice and the check glow.
fn palette_for(sprites: &ThemeSprites, art: &Art) -> Quantiser {
    let c = &sprites.colours;
    let mut exact = vec![c.page, c.text, c.title, c.panel, c.tray, c.region_text];
    for b in Backdrop::ALL {
        for s in Shade::ALL {
            exact.push(c.square(b, s));
        }
    }
    exact.extend(sprites::flat_colours());
    let mut sample = Vec::new();
    let mut add = |canvas: &Canvas| {
        sample.extend(canvas.rgb.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]));
    };
    for (i, piece) in art.pieces.iter().enumerate() {
        let backdrop = Backdrop::ALL[i % Backdrop::ALL.len()];
        for shade in Shade::ALL {
            let mut tile = Canvas::flatten(piece, c.square(backdrop, shade));
            add(&tile);
            tile.blend(0, 0, &art.frozen);
            add(&tile);
            let mut tile = Canvas::flatten(piece, c.square(backdrop, shade));
            tile.blend(0, 0, &art.shielded);
            add(&tile);
        }
    }
    for die in art.dice.iter().chain(&art.blank_dice) {
        let mut tile = Canvas::flatten(die, c.tray);
        add(&tile);
        tile.blend(0, 0, &art.die_failed);
        add(&tile);
    }
    let blank_d6 = &art.blank_dice[sprites::die_index(DieKind::D6)];
    for symbol in art.die_pieces.iter().chain([&art.die_any]) {
        let mut tile = Canvas::flatten(blank_d6, c.tray);
        let inset = (blank_d6.width - symbol.width) as i32 / 2;
        tile.blend(inset, inset, symbol);
        add(&tile);
    }
    for shade in Shade::ALL {
        add(sprites.check(shade));
    }
    let mut quantiser = Quantiser::new(&exact, &sample);
    for colour in [c.text, c.title, c.region_text] {
        for background in [c.page, c.panel] {
            quantiser.add_text_table(colour, background);
        }
    }
    // A caption's band.
    quantiser.add_text_table(c.page, c.title);
    quantiser
}
