//! The side panel: each side's hand and captures, and the turn's rolls,
//! each on a tray of its own.
//!
//! The player at the top of the board has their pieces at the top of the
//! panel, so a glance right from either camp finds its own hand.

use crate::canvas::Surface;
use crate::layout::{Layout, Panel};
use crate::sprites::{die_index, Sprite};
use crate::theme::{piece_index, Colours};
use crate::{BoardView, DieSymbol, Renderer, Roll, Side, Stock};

impl Renderer {
    /// `lines`: the dice labels as [`Renderer::dice_label_lines`] wraps them.
    pub(crate) fn draw_panel<S: Surface>(
        &self,
        canvas: &mut S,
        view: &BoardView,
        panel: Panel,
        lines: &[String],
        colours: &Colours,
    ) {
        canvas.fill(panel.x, panel.y, panel.width as usize, panel.height as usize, colours.panel);
        let top = Panel::top_side(view.flipped);
        let bottom = match top {
            Side::First => Side::Second,
            Side::Second => Side::First,
        };
        self.zone(canvas, view, panel, top, panel.y + panel.pad, colours);
        let y = panel.y + panel.height - panel.pad - panel.zone_height(view, bottom);
        self.zone(canvas, view, panel, bottom, y, colours);

        let rolls = &view.rolls[panel.first_roll.min(view.rolls.len())..];
        let dice_h = panel.rolls_height(rolls);
        let y0 = panel.y + (panel.height - dice_h - lines.len() as i32 * panel.caption) / 2;
        let mut y = y0;
        for range in panel.roll_rows(rolls) {
            let row = &rolls[range];
            let trays: Vec<(i32, i32)> = row.iter().map(|r| panel.tray(r.dice.len())).collect();
            let row_width = trays.iter().map(|t| t.0).sum::<i32>() + (trays.len() as i32 - 1) * panel.pad;
            let mut x = panel.x + (panel.width - row_width) / 2;
            for (roll, size) in row.iter().zip(trays) {
                self.tray(canvas, roll, panel, (x, y), size, colours);
                x += size.0 + panel.pad;
            }
            y += panel.row_height(row) + panel.pad / 2;
        }
        let font = &self.fonts.counts;
        for (i, line) in lines.iter().enumerate() {
            let x = panel.x + (panel.width - font.width(line)) / 2;
            let y = y0 + dice_h + panel.pad / 2 + i as i32 * panel.caption;
            canvas.text(font, x, y, line, colours.text);
        }
    }

    /// One roll's dice on a tray of `size` at `at`; a failed roll's dice
    /// struck through.
    fn tray<S: Surface>(
        &self,
        canvas: &mut S,
        roll: &Roll,
        panel: Panel,
        (x, y): (i32, i32),
        (width, height): (i32, i32),
        colours: &Colours,
    ) {
        canvas.fill(x, y, width as usize, height as usize, colours.tray);
        let per_line = panel.dice_per_line();
        let pitch = panel.die + panel.pad / 2;
        for (i, die) in roll.dice.iter().enumerate() {
            let dx = x + panel.pad / 2 + (i % per_line) as i32 * pitch;
            let dy = y + panel.pad / 2 + (i / per_line) as i32 * pitch;
            match die.symbol {
                None => canvas.blend(dx, dy, self.die(die.kind, die.face)),
                Some(symbol) => {
                    canvas.blend(dx, dy, &self.art.blank_dice[die_index(die.kind)]);
                    let art = match symbol {
                        DieSymbol::Piece(glyph) => &self.art.die_pieces[glyph.index()],
                        DieSymbol::AnyPiece => &self.art.die_any,
                    };
                    let inset = (panel.die - art.width as i32) / 2;
                    canvas.blend(dx + inset, dy + inset, art);
                }
            }
            if roll.failed {
                canvas.blend(dx, dy, &self.art.die_failed);
            }
        }
    }

    /// The dice labels wrapped at words to the inner width of a dice panel.
    pub(crate) fn dice_label_lines(&self, view: &BoardView) -> Vec<String> {
        let font = &self.fonts.counts;
        let room = Layout::dice_label_room(self.cell_px());
        let mut lines = Vec::new();
        for label in &view.dice_labels {
            let mut line = String::new();
            for word in label.split_whitespace() {
                let longer = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
                if font.width(&longer) > room && !line.is_empty() {
                    lines.push(std::mem::replace(&mut line, word.to_string()));
                } else {
                    line = longer;
                }
            }
            lines.push(line);
        }
        lines
    }

    /// Draw `side`'s name, hand and captures from `y` down.
    fn zone<S: Surface>(&self, canvas: &mut S, view: &BoardView, panel: Panel, side: Side, y: i32, colours: &Colours) {
        if panel.zone_height(view, side) == 0 {
            return;
        }
        let name = view.colours.name(side);
        // Say what the pieces are ("White's reserve"), not only whose.
        let caption = match view.hand_name.as_str() {
            hand if !hand.is_empty() && !view.hands.get(side).is_empty() => format!("{name}'s {hand}"),
            _ => name.to_string(),
        };
        let font = &self.fonts.counts;
        canvas.text(font, panel.x + panel.pad, y + (panel.caption - font.cap_height()) / 2, &caption, colours.text);
        let y = y + panel.caption;
        let y = self.stocks(canvas, view, panel, y, view.hands.get(side), Kind::Hand, colours);
        self.stocks(canvas, view, panel, y, view.captured.get(side), Kind::Captured, colours);
    }

    /// Draw `stocks` in rows from `y`; returns the y below them.
    #[allow(clippy::too_many_arguments)]
    fn stocks<S: Surface>(
        &self,
        canvas: &mut S,
        view: &BoardView,
        panel: Panel,
        y: i32,
        stocks: &[Stock],
        kind: Kind,
        colours: &Colours,
    ) -> i32 {
        let (size, table): (i32, &[Sprite]) = match kind {
            Kind::Hand => (panel.hand, &self.art.hand),
            Kind::Captured => (panel.captured, &self.art.captured),
        };
        let per_row = panel.per_row(size);
        let pitch = panel.pitch(size);
        for (i, stock) in stocks.iter().enumerate() {
            let x = panel.x + panel.pad + (i % per_row) as i32 * pitch;
            let y = y + (i / per_row) as i32 * (size + panel.pad / 2);
            canvas.blend(x, y, &table[piece_index(view.colours, stock.piece)]);
            // A hand shows every count, so an empty slot never looks like one
            // piece; captures only count when there are several.
            if kind == Kind::Hand || stock.count > 1 {
                let label = format!("×{}", stock.count);
                let ty = y + (size - self.fonts.counts.cap_height()) / 2;
                canvas.text(&self.fonts.counts, x + size, ty, &label, colours.text);
            }
        }
        y + panel.rows_height(stocks.len(), size)
    }
}

/// The two rows of pieces off the board.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Hand,
    Captured,
}
