//! Where everything goes, derived from the view's geometry and the cell size.
//!
//! Boards are stacked top to bottom with a title above each named one, rank
//! labels on the left and file labels under the last board. Hands, captures
//! and dice get a panel on the right when the view has any. A game with dice
//! keeps the dice panel, at one width, in every picture, so that its
//! pictures never change size as dice come and go.

use std::ops::Range;

use crate::{BoardView, CellRef, Roll, Side};

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
    /// Top and height of the arrow key's row under everything else (height
    /// 0: no key).
    pub key: (i32, i32),
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
    /// The first of the view's rolls drawn: older ones are left out when a
    /// panel of fixed size could not hold them all.
    pub first_roll: usize,
}

impl Panel {
    /// Items per row for sprites of size `item`.
    pub fn per_row(&self, item: i32) -> usize {
        ((self.width - self.pad) / self.pitch(item)).max(1) as usize
    }

    /// Horizontal distance between items of size `item`, with room for a
    /// count (`×2`) on their right.
    pub fn pitch(&self, item: i32) -> i32 {
        item + item * 3 / 5 + self.pad / 2
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

    /// Dice a tray holds side by side in the panel; a roll of more (none of
    /// Rookery's games rolls that many at once) goes on in the tray's next line.
    pub fn dice_per_line(&self) -> usize {
        let room = self.width - 2 * self.pad - self.pad / 2;
        (room / (self.die + self.pad / 2)).max(1) as usize
    }

    /// Width and height of a roll's tray holding `dice` dice.
    pub fn tray(&self, dice: usize) -> (i32, i32) {
        let per_line = self.dice_per_line();
        let (across, lines) = (dice.clamp(1, per_line) as i32, dice.div_ceil(per_line).max(1) as i32);
        let gap = self.pad / 2;
        (across * self.die + (across - 1) * gap + self.pad, lines * self.die + (lines - 1) * gap + self.pad)
    }

    /// `rolls` in rows of trays, each row a range of roll indices: a roll
    /// goes to the next row when the row has no room for all of its dice.
    pub fn roll_rows(&self, rolls: &[Roll]) -> Vec<Range<usize>> {
        let room = self.width - 2 * self.pad;
        let mut rows: Vec<Range<usize>> = Vec::new();
        let mut used = 0;
        for (i, roll) in rolls.iter().enumerate() {
            let (width, _) = self.tray(roll.dice.len());
            match rows.last_mut() {
                Some(row) if used + self.pad + width <= room => {
                    row.end = i + 1;
                    used += self.pad + width;
                }
                _ => {
                    rows.push(i..i + 1);
                    used = width;
                }
            }
        }
        rows
    }

    /// Height of a row of trays: its tallest.
    pub fn row_height(&self, row: &[Roll]) -> i32 {
        row.iter().map(|roll| self.tray(roll.dice.len()).1).max().unwrap_or(0)
    }

    /// Height of the rows `rolls` take.
    pub fn rolls_height(&self, rolls: &[Roll]) -> i32 {
        let rows = self.roll_rows(rolls);
        let gaps = (rows.len() as i32 - 1).max(0) * (self.pad / 2);
        rows.into_iter().map(|row| self.row_height(&rolls[row])).sum::<i32>() + gaps
    }

    /// The width that shows a hand-only panel's stocks, up to four a row,
    /// between `least` (a strip for captures and side names) and `most`.
    fn fitting_width(&self, view: &BoardView, least: i32, most: i32) -> i32 {
        let hands = view.hands.first.len().max(view.hands.second.len()).min(4) as i32;
        (hands * self.pitch(self.hand) + self.pad).clamp(least, most)
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
    /// `label_lines`: how many lines the dice labels take, wrapped to
    /// [`Layout::dice_panel_width`].
    pub fn new(view: &BoardView, cell: u32, label_lines: usize) -> Layout {
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
        let board_area = boards_bottom - file_gutter - edge;
        let dice_panel = view.dice_room || !view.rolls.is_empty() || !view.dice_labels.is_empty();
        let has_panel =
            dice_panel || [&view.hands, &view.captured].iter().any(|b| !b.first.is_empty() || !b.second.is_empty());
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
                first_roll: 0,
            };
            p.width =
                if dice_panel { Layout::dice_panel_width(cell) } else { p.fitting_width(view, pct(150), pct(340)) };
            let fixed = p.zone_height(view, Side::First)
                + p.zone_height(view, Side::Second)
                + label_lines as i32 * p.caption
                + 4 * p.pad;
            // A panel of fixed size drops the oldest rolls it cannot hold
            // (only a long chain of rerolled doubles comes near that).
            while view.dice_room
                && p.first_roll + 1 < view.rolls.len()
                && fixed + p.rolls_height(&view.rolls[p.first_roll..]) > board_area
            {
                p.first_roll += 1;
            }
            let needed = fixed + p.rolls_height(&view.rolls[p.first_roll.min(view.rolls.len())..]);
            p.height = needed.max(board_area);
            p
        });
        let right = panel.map_or(boards_right, |p| p.x + p.width);
        let bottom = panel.map_or(boards_bottom, |p| boards_bottom.max(p.y + p.height));
        let key = if view.arrow_key && !view.arrows.is_empty() { pct(50) } else { 0 };
        Layout {
            cell: c,
            width: (right + edge) as usize,
            height: (bottom + key + edge) as usize,
            boards,
            rank_gutter,
            file_gutter,
            title,
            panel,
            key: (bottom, key),
            flipped: view.flipped,
        }
    }

    /// Width of a panel that shows dice: the same whatever it holds. Three
    /// d8s and a lone one, or two pairs of d4s, fit on a row.
    pub fn dice_panel_width(cell: u32) -> i32 {
        (cell as i32 * 400 + 50) / 100
    }

    /// The width dice labels wrap to: a dice panel's, less its padding.
    pub fn dice_label_room(cell: u32) -> i32 {
        Layout::dice_panel_width(cell) - 2 * ((cell as i32 * 12 + 50) / 100)
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
