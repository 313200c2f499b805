//! `Renderer`: sprites prepared once, composed per request.

use image::RgbaImage;

use crate::canvas::Canvas;
use crate::encode::{self, Encoding, Quantiser};
use crate::layout::{Layout, MAX_CELLS};
use crate::sprites::{self, Sprite};
use crate::text::Font;
use crate::theme::{self, piece_index, Backdrop, ThemeSprites};
use crate::{BoardView, CellRef, DieKind, Piece, RenderError, Shade, SideColours, Theme};

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
        RenderOptions {
            cell_px: 56,
            encoding: Encoding::default(),
        }
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
    pub frozen: Sprite,
    /// Legal-move dot and capture ring.
    pub marks: [Sprite; 2],
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
    themes: [ThemeSprites; 2],
    quantisers: [Quantiser; 2],
    coords: Font,
    title: Font,
    pub(crate) counts: Font,
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
        let themes = Theme::ALL.map(|t| ThemeSprites::new(t, cell, &pieces));
        let art = Art {
            hand: theme::piece_table(px(62)),
            captured: theme::piece_table(px(42)),
            pieces,
            dice,
            frozen: theme::frozen_overlay(cell),
            marks: theme::move_marks(cell),
        };
        let quantisers = [0, 1].map(|i| palette_for(&themes[i], &art));
        Renderer {
            cell,
            encoding: options.encoding,
            art,
            coords: Font::new(px(30) as f32),
            title: Font::new(px(36) as f32),
            counts: Font::new(px(28) as f32),
            themes,
            quantisers,
        }
    }

    /// Render `view` as a PNG file.
    pub fn render_png(&self, view: &BoardView) -> Result<Vec<u8>, RenderError> {
        let canvas = self.compose(view)?;
        self.encode(&canvas, view.theme)
    }

    /// Render `view` as pixels, for tests and callers that post-process.
    pub fn render_rgba(&self, view: &BoardView) -> Result<RgbaImage, RenderError> {
        let canvas = self.compose(view)?;
        let rgba = canvas
            .rgb
            .chunks_exact(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect();
        RgbaImage::from_raw(canvas.width as u32, canvas.height as u32, rgba)
            .ok_or(RenderError::TooLarge)
    }

    /// Encode an already composed image exactly as [`Renderer::render_png`]
    /// would: the encoder floor that benchmarks compare rendering against.
    pub fn encode_rgba(&self, image: &RgbaImage, theme: Theme) -> Result<Vec<u8>, RenderError> {
        let canvas = Canvas {
            width: image.width() as usize,
            height: image.height() as usize,
            rgb: image.pixels().flat_map(|p| [p[0], p[1], p[2]]).collect(),
        };
        self.encode(&canvas, theme)
    }

    /// Centre pixel of cell `at` in the image of `view`, or `None` if `at`
    /// is not a cell of the view. Lets callers map clicks or check pixels.
    pub fn cell_centre(&self, view: &BoardView, at: CellRef) -> Option<(u32, u32)> {
        view.cell(at)?;
        validate(view).ok()?;
        let layout = Layout::new(view, self.cell);
        let (x, y) = layout.cell_origin(view, at);
        let half = layout.cell / 2;
        Some(((x + half) as u32, (y + half) as u32))
    }

    /// Edge of a board cell in pixels, after clamping.
    pub fn cell_px(&self) -> u32 {
        self.cell
    }

    fn encode(&self, canvas: &Canvas, theme: Theme) -> Result<Vec<u8>, RenderError> {
        match self.encoding {
            Encoding::Truecolour => encode::truecolour(canvas),
            Encoding::Indexed => encode::indexed(canvas, &self.quantisers[theme.index()]),
        }
    }

    fn compose(&self, view: &BoardView) -> Result<Canvas, RenderError> {
        validate(view)?;
        let layout = Layout::new(view, self.cell);
        let sprites = &self.themes[view.theme.index()];
        let colours = &sprites.colours;
        let mut canvas = Canvas::new(layout.width, layout.height, colours.page);
        let c = layout.cell;
        let mut labelled = vec![false; view.regions.len()];
        for (li, layer) in view.layers.iter().enumerate() {
            let (bx, by) = layout.boards[li];
            if !layer.name.is_empty() {
                let y = by - layout.title / 2 - self.title.cap_height() / 2;
                canvas.text(&self.title, bx, y, &layer.name, colours.title);
            }
            for rank in 0..layer.ranks.len() {
                let (_, row) = layout.screen(view, li, 0, rank);
                let y = by + row * c + c / 2;
                canvas.text_centred(
                    &self.coords,
                    layout.rank_gutter / 2,
                    y,
                    &layer.ranks[rank],
                    colours.text,
                );
            }
            // Screen order, so a region's label goes by its top-left cell.
            for row in 0..layer.ranks.len() as i32 {
                for col in 0..layer.files.len() as i32 {
                    let Some((file, rank)) = layout.file_rank(view, li, col, row) else {
                        continue;
                    };
                    let Some(cell) = layer.cell(file, rank) else {
                        continue;
                    };
                    let (x, y) = (bx + col * c, by + row * c);
                    self.draw_cell(
                        &mut canvas,
                        sprites,
                        view,
                        CellRef::on(li, file, rank),
                        cell,
                        x,
                        y,
                    );
                    if let Some(region) = cell.region.filter(|&r| !labelled[r]) {
                        labelled[region] = true;
                        let label = &view.regions[region].label;
                        let hole =
                            [(-1, 0), (0, -1), (1, 0), (0, 1)]
                                .into_iter()
                                .find(|&(dx, dy)| {
                                    layout
                                        .file_rank(view, li, col + dx, row + dy)
                                        .is_some_and(|(f, r)| layer.cell(f, r).is_none())
                                });
                        // A label in a neighbouring hole never hides under a piece.
                        match hole {
                            Some((dx, dy)) => canvas.text_centred(
                                &self.title,
                                x + dx * c + c / 2,
                                y + dy * c + c / 2,
                                label,
                                colours.region_text,
                            ),
                            None => canvas.text(
                                &self.counts,
                                x + c / 16,
                                y + c / 16,
                                label,
                                colours.region_text,
                            ),
                        }
                    }
                }
            }
        }
        if let (Some(last), Some(&(bx, by))) = (view.layers.last(), layout.boards.last()) {
            let y = by + last.ranks.len() as i32 * c + layout.file_gutter / 2;
            for (file, label) in last.files.iter().enumerate() {
                let (col, _) = layout.screen(view, view.layers.len() - 1, file, 0);
                canvas.text_centred(&self.coords, bx + col * c + c / 2, y, label, colours.text);
            }
        }
        if let Some(panel) = layout.panel {
            self.draw_panel(&mut canvas, view, panel, colours);
        }
        Ok(canvas)
    }

    /// Draw one existing cell with everything on it.
    #[allow(clippy::too_many_arguments)]
    fn draw_cell(
        &self,
        canvas: &mut Canvas,
        sprites: &ThemeSprites,
        view: &BoardView,
        at: CellRef,
        cell: &crate::Cell,
        x: i32,
        y: i32,
    ) {
        let backdrop = if view.selection.as_ref().is_some_and(|s| s.from == at) {
            Backdrop::Selected
        } else if view
            .last_move
            .is_some_and(|m| m.to == at || m.from == Some(at))
        {
            Backdrop::LastMove
        } else if cell.region.is_some() {
            Backdrop::Region
        } else {
            Backdrop::Plain
        };
        let in_check = view.checks.contains(&at);
        match (cell.piece, backdrop, in_check) {
            (Some(piece), Backdrop::Plain, false) => {
                canvas.copy(x, y, sprites.on_plain(view.colours, piece, cell.shade));
            }
            (piece, _, _) => {
                let tile = if in_check {
                    sprites.check(cell.shade)
                } else {
                    sprites.square(backdrop, cell.shade)
                };
                canvas.copy(x, y, tile);
                if let Some(piece) = piece {
                    canvas.blend(x, y, self.piece(view.colours, piece));
                }
            }
        }
        if cell.frozen && cell.piece.is_some() {
            canvas.blend(x, y, &self.art.frozen);
        }
        if view
            .selection
            .as_ref()
            .is_some_and(|s| s.targets.contains(&at))
        {
            let mark = &self.art.marks[usize::from(cell.piece.is_some())];
            canvas.blend(x, y, mark);
        }
    }

    fn piece(&self, colours: SideColours, piece: Piece) -> &Sprite {
        &self.art.pieces[piece_index(colours, piece)]
    }

    /// The sprite of `kind` showing `face`, which [`validate`] has checked.
    pub(crate) fn die(&self, kind: DieKind, face: u8) -> &Sprite {
        let before: usize = DieKind::ALL
            .iter()
            .take_while(|&&k| k != kind)
            .map(|k| usize::from(k.sides()))
            .sum();
        &self.art.dice[before + usize::from(face) - 1]
    }
}

/// Fit a theme's palette: the flat colours of squares and artwork kept
/// exact, the rest learnt from what requests draw: pieces on every backdrop,
/// frozen pieces, dice and the check glow.
fn palette_for(sprites: &ThemeSprites, art: &Art) -> Quantiser {
    let c = &sprites.colours;
    let mut exact = vec![c.page, c.text, c.title, c.panel, c.region_text];
    for b in Backdrop::ALL {
        for s in Shade::ALL {
            exact.push(c.square(b, s));
        }
    }
    exact.extend(sprites::flat_colours());
    let mut sample = Vec::new();
    let mut add = |canvas: &Canvas| {
        sample.extend(
            canvas
                .rgb
                .chunks_exact(3)
                .flat_map(|p| [p[0], p[1], p[2], 255]),
        );
    };
    for (i, piece) in art.pieces.iter().enumerate() {
        let backdrop = Backdrop::ALL[i % Backdrop::ALL.len()];
        for shade in Shade::ALL {
            let mut tile = Canvas::flatten(piece, c.square(backdrop, shade));
            add(&tile);
            tile.blend(0, 0, &art.frozen);
            add(&tile);
        }
    }
    for die in &art.dice {
        add(&Canvas::flatten(die, c.panel));
    }
    for shade in Shade::ALL {
        add(sprites.check(shade));
    }
    Quantiser::new(&exact, &sample)
}

/// Reject views whose parts do not fit together.
fn validate(view: &BoardView) -> Result<(), RenderError> {
    if view.layers.is_empty() {
        return Err(RenderError::NoLayers);
    }
    for (layer, l) in view.layers.iter().enumerate() {
        let (files, ranks) = (l.files.len(), l.ranks.len());
        if files == 0 || ranks == 0 || files > MAX_CELLS || ranks > MAX_CELLS {
            return Err(RenderError::BoardSize {
                layer,
                files,
                ranks,
                max: MAX_CELLS,
            });
        }
        if l.cells.len() != files * ranks {
            return Err(RenderError::CellCount {
                layer,
                expected: files * ranks,
                found: l.cells.len(),
            });
        }
        for region in l.cells.iter().flatten().filter_map(|c| c.region) {
            if region >= view.regions.len() {
                return Err(RenderError::NoSuchRegion {
                    layer,
                    region,
                    count: view.regions.len(),
                });
            }
        }
    }
    let refs = view
        .last_move
        .iter()
        .flat_map(|m| m.from.into_iter().chain([m.to]))
        .chain(view.checks.iter().copied())
        .chain(
            view.selection
                .iter()
                .flat_map(|s| [s.from].into_iter().chain(s.targets.iter().copied())),
        );
    for at in refs {
        if view.cell(at).is_none() {
            return Err(RenderError::NoSuchCell(at));
        }
    }
    for die in &view.dice {
        if die.face == 0 || die.face > die.kind.sides() {
            return Err(RenderError::DieFace {
                kind: die.kind,
                face: die.face,
            });
        }
    }
    Ok(())
}
