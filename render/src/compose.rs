//! Composing a view: boards, labels and decorations, onto either frame kind.

use crate::canvas::Surface;
use crate::layout::{Layout, MAX_CELLS};
use crate::sprites::Sprite;
use crate::theme::{piece_index, Backdrop, Colours, ThemeSprites};
use crate::{BoardView, Cell, CellRef, Piece, RenderError, Renderer, SideColours};

impl Renderer {
    /// Draw `view` onto a frame filled with the page colour; `lines` are the
    /// dice labels as [`Renderer::dice_label_lines`] wraps them.
    pub(crate) fn draw<S: Surface>(
        &self,
        canvas: &mut S,
        view: &BoardView,
        layout: &Layout,
        lines: &[String],
        sprites: &ThemeSprites,
    ) {
        let colours = &sprites.colours;
        let c = layout.cell;
        let mut labelled = vec![false; view.regions.len()];
        for (li, layer) in view.layers.iter().enumerate() {
            let (bx, by) = layout.boards[li];
            if !layer.name.is_empty() {
                let y = by - layout.title / 2 - self.fonts.title.cap_height() / 2;
                canvas.text(&self.fonts.title, bx, y, &layer.name, colours.title);
            }
            for rank in 0..layer.ranks.len() {
                let (_, row) = layout.screen(view, li, 0, rank);
                let y = by + row * c + c / 2;
                canvas.text_centred(&self.fonts.coords, layout.rank_gutter / 2, y, &layer.ranks[rank], colours.text);
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
                    self.draw_cell(canvas, sprites, view, CellRef::on(li, file, rank), cell, x, y);
                    if let Some(region) = cell.region.filter(|&r| !labelled[r]) {
                        labelled[region] = true;
                        let label = &view.regions[region].label;
                        let hole = [(-1, 0), (0, -1), (1, 0), (0, 1)].into_iter().find(|&(dx, dy)| {
                            layout
                                .file_rank(view, li, col + dx, row + dy)
                                .is_some_and(|(f, r)| layer.cell(f, r).is_none())
                        });
                        // A label in a neighbouring hole never hides under a piece.
                        match hole {
                            Some((dx, dy)) => canvas.text_centred(
                                &self.fonts.title,
                                x + dx * c + c / 2,
                                y + dy * c + c / 2,
                                label,
                                colours.region_text,
                            ),
                            None => canvas.text(&self.fonts.counts, x + c / 16, y + c / 16, label, colours.region_text),
                        }
                    }
                }
            }
        }
        if let (Some(last), Some(&(bx, by))) = (view.layers.last(), layout.boards.last()) {
            let y = by + last.ranks.len() as i32 * c + layout.file_gutter / 2;
            for (file, label) in last.files.iter().enumerate() {
                let (col, _) = layout.screen(view, view.layers.len() - 1, file, 0);
                canvas.text_centred(&self.fonts.coords, bx + col * c + c / 2, y, label, colours.text);
            }
        }
        crate::arrow::draw_arrows(canvas, view, layout);
        if let Some(panel) = layout.panel {
            self.draw_panel(canvas, view, panel, lines, colours);
        }
        if let (Some(caption), Some(&(_, by)), Some(last)) = (&view.caption, layout.boards.last(), view.layers.last()) {
            self.caption(canvas, caption, by + last.ranks.len() as i32 * c, layout, colours);
        }
        if layout.key.1 > 0 {
            let font = &self.fonts.counts;
            crate::arrow::draw_key(canvas, view, layout.key, &self.art.arrow_keys, font, colours.text, layout.width);
        }
    }

    /// `text` on a band across the whole picture over the file labels' row
    /// from `top`, shortened at a word (`...`) if the picture is too narrow.
    fn caption<S: Surface>(&self, canvas: &mut S, text: &str, top: i32, layout: &Layout, colours: &Colours) {
        let font = &self.fonts.coords;
        let room = layout.width as i32 - layout.rank_gutter;
        let mut shown = text.to_string();
        while font.width(&shown) > room {
            match shown.trim_end_matches("...").rsplit_once(' ') {
                Some((shorter, _)) => shown = format!("{shorter}..."),
                None => break,
            }
        }
        canvas.fill(0, top, layout.width, layout.file_gutter as usize, colours.title);
        let (cx, cy) = (layout.width as i32 / 2, top + layout.file_gutter / 2);
        canvas.text_centred(font, cx, cy, &shown, colours.page);
    }

    /// Draw one existing cell with everything on it.
    #[allow(clippy::too_many_arguments)]
    fn draw_cell<S: Surface>(
        &self,
        canvas: &mut S,
        sprites: &ThemeSprites,
        view: &BoardView,
        at: CellRef,
        cell: &Cell,
        x: i32,
        y: i32,
    ) {
        let backdrop = if view.selection.as_ref().is_some_and(|s| s.from == at) {
            Backdrop::Selected
        } else if view.last_move.is_some_and(|m| m.to == at || m.from == Some(at)) {
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
                let tile = if in_check { sprites.check(cell.shade) } else { sprites.square(backdrop, cell.shade) };
                canvas.copy(x, y, tile);
                if let Some(piece) = piece {
                    canvas.blend(x, y, self.piece(view.colours, piece));
                }
            }
        }
        if cell.frozen && cell.piece.is_some() {
            canvas.blend(x, y, &self.art.frozen);
        }
        if cell.shielded && cell.piece.is_some() {
            canvas.blend(x, y, &self.art.shielded);
        }
        if view.selection.as_ref().is_some_and(|s| s.targets.contains(&at)) {
            let mark = &self.art.marks[usize::from(cell.piece.is_some())];
            canvas.blend(x, y, mark);
        }
    }

    fn piece(&self, colours: SideColours, piece: Piece) -> &Sprite {
        &self.art.pieces[piece_index(colours, piece)]
    }
}

/// Reject views whose parts do not fit together.
pub(crate) fn validate(view: &BoardView) -> Result<(), RenderError> {
    if view.layers.is_empty() {
        return Err(RenderError::NoLayers);
    }
    for (layer, l) in view.layers.iter().enumerate() {
        let (files, ranks) = (l.files.len(), l.ranks.len());
        if files == 0 || ranks == 0 || files > MAX_CELLS || ranks > MAX_CELLS {
            return Err(RenderError::BoardSize { layer, files, ranks, max: MAX_CELLS });
        }
        if l.cells.len() != files * ranks {
            return Err(RenderError::CellCount { layer, expected: files * ranks, found: l.cells.len() });
        }
        for region in l.cells.iter().flatten().filter_map(|c| c.region) {
            if region >= view.regions.len() {
                return Err(RenderError::NoSuchRegion { layer, region, count: view.regions.len() });
            }
        }
    }
    let refs = view
        .last_move
        .iter()
        .flat_map(|m| m.from.into_iter().chain([m.to]))
        .chain(view.arrows.iter().flat_map(|a| [a.from, a.to]))
        .chain(view.checks.iter().copied())
        .chain(view.selection.iter().flat_map(|s| [s.from].into_iter().chain(s.targets.iter().copied())));
    for at in refs {
        if view.cell(at).is_none() {
            return Err(RenderError::NoSuchCell(at));
        }
    }
    for die in view.rolls.iter().flat_map(|roll| &roll.dice) {
        if die.face == 0 || die.face > die.kind.sides() {
            return Err(RenderError::DieFace { kind: die.kind, face: die.face });
        }
    }
    Ok(())
}
