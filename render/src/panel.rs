//! The side panel: each side's hand and captures, and the turn's dice.
//!
//! The player at the top of the board has their pieces at the top of the
//! panel, so a glance right from either camp finds its own hand.

use crate::canvas::Surface;
use crate::layout::Panel;
use crate::sprites::Sprite;
use crate::theme::{piece_index, Colours};
use crate::{BoardView, Renderer, Side, Stock};

impl Renderer {
    pub(crate) fn draw_panel<S: Surface>(&self, canvas: &mut S, view: &BoardView, panel: Panel, colours: &Colours) {
        canvas.fill(panel.x, panel.y, panel.width as usize, panel.height as usize, colours.panel);
        let top = Panel::top_side(view.flipped);
        let bottom = match top {
            Side::First => Side::Second,
            Side::Second => Side::First,
        };
        self.zone(canvas, view, panel, top, panel.y + panel.pad, colours);
        let y = panel.y + panel.height - panel.pad - panel.zone_height(view, bottom);
        self.zone(canvas, view, panel, bottom, y, colours);

        let dice_h = panel.rows_height(view.dice.len(), panel.die);
        let lines = self.dice_label_lines(view, panel);
        let y0 = panel.y + (panel.height - dice_h - lines.len() as i32 * panel.caption) / 2;
        let per_row = panel.per_row(panel.die);
        for (i, die) in view.dice.iter().enumerate() {
            let in_row = per_row.min(view.dice.len() - i / per_row * per_row) as i32;
            let pitch = panel.die + panel.pad;
            let row_x = panel.x + (panel.width - in_row * pitch + panel.pad) / 2;
            let x = row_x + (i % per_row) as i32 * pitch;
            let y = y0 + (i / per_row) as i32 * (panel.die + panel.pad / 2);
            canvas.blend(x, y, self.die(die.kind, die.face));
        }
        let font = &self.fonts.counts;
        for (i, line) in lines.iter().enumerate() {
            let x = panel.x + (panel.width - font.width(line)) / 2;
            let y = y0 + dice_h + panel.pad / 2 + i as i32 * panel.caption;
            canvas.text(font, x, y, line, colours.text);
        }
    }

    /// The dice labels wrapped at words to the panel's width.
    fn dice_label_lines(&self, view: &BoardView, panel: Panel) -> Vec<String> {
        let font = &self.fonts.counts;
        let room = panel.width - 2 * panel.pad;
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
        let font = &self.fonts.counts;
        canvas.text(font, panel.x + panel.pad, y + (panel.caption - font.cap_height()) / 2, name, colours.text);
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
                let label = stock.count.to_string();
                let tx = x + size - self.fonts.counts.width(&label) / 3;
                let ty = y + size - self.fonts.counts.cap_height();
                canvas.text(&self.fonts.counts, tx, ty, &label, colours.text);
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
