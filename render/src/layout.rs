//! Where everything goes, derived from the view's geometry and the cell size.
//!
//! Boards are stacked top to bottom with a title above each named one, rank
//! labels on the left and file labels under the last board. Hands, captures
//! and dice get a panel on the right when the view has any.

use crate::{BoardView, CellRef, Side};

/// Pixel geometry of one rendered view.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub cell: i32,
    pub width: usize,
    pub height: usize,
    /// Top-left pixel of each board.
    pub boards: Vec<(i32, i32)>,
    /// Width of the rank label column, left of the boards.
    pub rank_gutter: i32,
    /// Height of the file label row under the last board.
    pub file_gutter: i32,
    /// Height of a board title row.
    pub title: i32,
    pub panel: Option<Panel>,
    flipped: bool,
}

/// The side panel's rectangle and the sizes of what it holds.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Panel {
    pub x: i32,
    pub y: i32,
    pub width: i32,
    pub height: i32,
    /// Hand sprites.
    pub hand: i32,
    /// Captured-piece sprites.
    pub captured: i32,
    pub die: i32,
    pub pad: i32,
    /// Height of the side-name caption over a side's pieces.
    pub caption: i32,
}

impl Panel {
    /// Items per row for sprites of size `item`.
    pub fn per_row(&self, item: i32) -> usize {
        ((self.width - self.pad) / self.pitch(item)).max(1) as usize
    }

    /// Horizontal distance between items of size `item`, with room for a count.
    pub fn pitch(&self, item: i32) -> i32 {
        item + item / 4 + self.pad / 2
    }

    /// Height of `n` items of size `item` laid out in rows.
    pub fn rows_height(&self, n: usize, item: i32) -> i32 {
        n.div_ceil(self.per_row(item)) as i32 * (item + self.pad / 2)
    }

    /// Height of `side`'s part: a caption and its hand and captures, or
    /// nothing when it has neither.
    pub fn zone_height(&self, view: &BoardView, side: Side) -> i32 {
        let (hand, captured) = (view.hands.get(side).len(), view.captured.get(side).len());
        if hand + captured == 0 {
            return 0;
        }
        self.caption + self.rows_height(hand, self.hand) + self.rows_height(captured, self.captured)
    }

    /// The width that shows what the panel holds: up to three dice and four
    /// hand stocks a row, and each dice label on one line, between `least`
    /// (a strip for captures and side names) and `most` (past which rows
    /// and labels wrap).
    fn fitting_width(&self, view: &BoardView, label_width: i32, least: i32, most: i32) -> i32 {
        let row = |n: usize, item: i32| n as i32 * self.pitch(item) + self.pad;
        let hands = view.hands.first.len().max(view.hands.second.len()).min(4);
        let needed = [row(view.dice.len().min(3), self.die), row(hands, self.hand), label_width + 2 * self.pad];
        needed.into_iter().fold(least, i32::max).min(most)
    }

    /// Which side's pieces are drawn at the top of the panel: the player
    /// at the top of the board.
    pub fn top_side(flipped: bool) -> Side {
        if flipped {
            Side::First
        } else {
            Side::Second
        }
    }
}

/// Largest board edge drawn, in cells: twice Rookery's largest game.
pub(crate) const MAX_CELLS: usize = 24;

impl Layout {
    /// `label_width`: the widest dice label on one line, in pixels.
    pub fn new(view: &BoardView, cell: u32, label_width: i32) -> Layout {
        let c = cell as i32;
        let pct = |p: i32| (c * p + 50) / 100;
        let rank_gutter = pct(42);
        let file_gutter = pct(42);
        let title = pct(56);
        let edge = pct(12);
        let files = view.layers.iter().map(|l| l.files.len()).max().unwrap_or(0) as i32;
        let mut boards = Vec::with_capacity(view.layers.len());
        let mut y = edge;
        for layer in &view.layers {
            if !layer.name.is_empty() {
                y += title - edge;
            }
            boards.push((rank_gutter, y));
            y += layer.ranks.len() as i32 * c + edge;
        }
        let boards_bottom = y - edge + file_gutter;
        let boards_right = rank_gutter + files * c;
        let has_panel = !view.dice.is_empty()
            || [&view.hands, &view.captured].iter().any(|b| !b.first.is_empty() || !b.second.is_empty());
        let panel = has_panel.then(|| {
            let mut p = Panel {
                x: boards_right + pct(30),
                y: edge,
                width: 0,
                height: 0,
                hand: pct(62),
                captured: pct(42),
                die: pct(80),
                pad: pct(12),
                caption: pct(40),
            };
            p.width = p.fitting_width(view, label_width, pct(150), pct(340));
            // Room for each dice label on up to three lines.
            let dice = p.rows_height(view.dice.len(), p.die) + view.dice_labels.len() as i32 * 3 * p.caption;
            let needed = p.zone_height(view, Side::First) + p.zone_height(view, Side::Second) + dice + 4 * p.pad;
            p.height = needed.max(boards_bottom - file_gutter - edge);
            p
        });
        let right = panel.map_or(boards_right, |p| p.x + p.width);
        let bottom = panel.map_or(boards_bottom, |p| boards_bottom.max(p.y + p.height));
        Layout {
            cell: c,
            width: (right + edge) as usize,
            height: (bottom + edge) as usize,
            boards,
            rank_gutter,
            file_gutter,
            title,
            panel,
            flipped: view.flipped,
        }
    }

    /// Top-left pixel of the cell `at`, honouring the flip.
    pub fn cell_origin(&self, view: &BoardView, at: CellRef) -> (i32, i32) {
        let (bx, by) = self.boards[at.layer];
        let (col, row) = self.screen(view, at.layer, at.file, at.rank);
        (bx + col * self.cell, by + row * self.cell)
    }

    /// File and rank shown at screen column `col` and row `row` of board
    /// `layer`, or `None` outside the board's box.
    pub fn file_rank(&self, view: &BoardView, layer: usize, col: i32, row: i32) -> Option<(usize, usize)> {
        let l = &view.layers[layer];
        let (files, ranks) = (l.files.len() as i32, l.ranks.len() as i32);
        if !(0..files).contains(&col) || !(0..ranks).contains(&row) {
            return None;
        }
        let (file, rank) = if self.flipped { (files - 1 - col, row) } else { (col, ranks - 1 - row) };
        Some((file as usize, rank as usize))
    }

    /// Screen column and row (from the top) of a file and rank.
    pub fn screen(&self, view: &BoardView, layer: usize, file: usize, rank: usize) -> (i32, i32) {
        let l = &view.layers[layer];
        let (files, ranks) = (l.files.len(), l.ranks.len());
        let (col, row) = if self.flipped { (files - 1 - file, rank) } else { (file, ranks - 1 - rank) };
        (col as i32, row as i32)
    }
}
