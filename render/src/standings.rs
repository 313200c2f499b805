//! A tournament's standings as a table picture: a title line, then a row per
//! player with the rank, the name, the score, the tie-breaks and the record
//! of their games (each Swiss round's colour, or an Arena's sheet of points).
//!
//! The renderer knows nothing of tournaments: the caller fills [`Standings`]
//! with text it has already formatted. Like a board, the table is composed
//! from fonts and marks rasterised at start-up.

use crate::canvas::{Canvas, Rgb, Surface};
use crate::encode;
use crate::text::{Font, ELLIPSIS};
use crate::theme::Colours;
use crate::{RenderError, Renderer, Side, Theme};

/// A standings table to draw.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Standings {
    /// The event's name.
    pub title: String,
    /// Right of the title: "Round 3 of 7", "12 min left", "Final standings".
    pub status: String,
    /// Headings of the tie-break columns; each row has a value for each.
    pub tie_break_labels: Vec<String>,
    /// Best first. Only the first [`MAX_ROWS`] are drawn, then "and N more".
    pub rows: Vec<StandingRow>,
    /// Final standings: medals for the top three.
    pub podium: bool,
    pub theme: Theme,
}

/// One player's line.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StandingRow {
    /// Shown as given, so tied players may share a rank.
    pub rank: u32,
    pub name: String,
    /// The score as the event writes it ("3.5", "24").
    pub score: String,
    /// One value per [`Standings::tie_break_labels`], formatted.
    pub tie_breaks: Vec<String>,
    pub record: Record,
}

/// The games behind a player's score.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Record {
    #[default]
    None,
    /// Swiss: each round's colour ([`Side::First`] is White), `None` for a
    /// round without a game (a bye, a missed round).
    Colours(Vec<Option<Side>>),
    /// Arena: each game's points, oldest first, and whether the player is on
    /// fire now (their next game scores double).
    Sheet { games: Vec<SheetGame>, on_fire: bool },
}

/// One Arena game on a sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SheetGame {
    pub points: u8,
    /// Scored double: drawn in the flame's colour.
    pub doubled: bool,
    /// Marked with a bolt.
    pub berserked: bool,
}

/// Rows drawn at most; the rest are counted under the table.
pub const MAX_ROWS: usize = 50;
/// Discord shows an attachment up to about this wide without scaling it down.
const MAX_WIDTH: i32 = 1000;
const MIN_WIDTH: i32 = 480;
/// Names are given at most this much room, and at least this much when the
/// record needs the width.
const NAME_MAX: i32 = 320;
const NAME_MIN: i32 = 140;
const FIRE: Rgb = [0xe8, 0x62, 0x10];
/// Swiss colour squares, each with a mid-grey rim visible on both themes.
const WHITE_SQUARE: Rgb = [0xf6, 0xf6, 0xf2];
const BLACK_SQUARE: Rgb = [0x26, 0x26, 0x26];
const SQUARE_RIM: Rgb = [0x80, 0x80, 0x80];

/// Where each column goes, from the widths its contents need.
struct Columns {
    width: i32,
    pad: i32,
    /// Right edge of the rank.
    rank_right: i32,
    name_x: i32,
    name_room: i32,
    /// Right edges of the score and of each tie-break.
    score_right: i32,
    tie_break_right: Vec<i32>,
    record_x: i32,
    record_room: i32,
}

impl Renderer {
    /// `standings` as a PNG.
    pub fn render_standings(&self, standings: &Standings) -> Result<Vec<u8>, RenderError> {
        let canvas = self.draw_standings(standings);
        encode::truecolour_compact((canvas.width, canvas.height), &canvas.rgb)
    }

    fn row_height(&self) -> i32 {
        self.fonts.counts.cap_height() * 2 + 4
    }

    fn draw_standings(&self, standings: &Standings) -> Canvas {
        let colours = Colours::of(standings.theme);
        let (title_font, font) = (&self.fonts.title, &self.fonts.counts);
        let shown = &standings.rows[..standings.rows.len().min(MAX_ROWS)];
        let hidden = standings.rows.len() - shown.len();
        let columns = self.columns(standings, shown);
        let pad = columns.pad;
        let row_h = self.row_height();
        let title_h = title_font.cap_height() + 2 * pad;
        let footer_h = if hidden > 0 || shown.is_empty() { row_h } else { 0 };
        let height = title_h + row_h * (1 + shown.len() as i32) + footer_h + pad;
        let mut canvas = Canvas::new(columns.width as usize, height as usize, colours.page);

        let title_room = columns.width - 3 * pad - font.width(&standings.status);
        let title = fit_width(title_font, &standings.title, title_room.max(pad));
        canvas.text(title_font, pad, pad, &title, colours.title);
        let status_x = columns.width - pad - font.width(&standings.status);
        let status_y = pad + (title_font.cap_height() - font.cap_height());
        canvas.text(font, status_x, status_y, &standings.status, colours.text);

        let mut y = title_h;
        self.header(&mut canvas, standings, &columns, y, &colours);
        y += row_h;
        canvas.fill(pad / 2, y - 1, (columns.width - pad) as usize, 2, colours.tray);
        for (i, row) in shown.iter().enumerate() {
            if i % 2 == 1 {
                canvas.fill(pad / 2, y, (columns.width - pad) as usize, row_h as usize, colours.panel);
            }
            self.row(&mut canvas, standings.podium, row, &columns, y, &colours);
            y += row_h;
        }
        let footer = match (hidden, shown.is_empty()) {
            (_, true) => Some("No players yet".to_string()),
            (0, false) => None,
            (1, false) => Some("and 1 more player".to_string()),
            (n, false) => Some(format!("and {n} more players")),
        };
        if let Some(footer) = footer {
            canvas.text(font, columns.name_x, y + (row_h - font.cap_height()) / 2, &footer, colours.text);
        }
        canvas
    }

    fn columns(&self, standings: &Standings, rows: &[StandingRow]) -> Columns {
        let font = &self.fonts.counts;
        let pad = font.cap_height();
        let widest = |header: &str, values: &mut dyn Iterator<Item = &str>| {
            values.map(|v| font.width(v)).max().unwrap_or(0).max(font.width(header))
        };
        let rank_w =
            widest("#", &mut rows.iter().map(|r| r.rank.to_string()).collect::<Vec<_>>().iter().map(String::as_str))
                .max(self.art.medals[0].width as i32);
        let flame_room = self.art.flame.width as i32 + pad / 2;
        let name_natural = rows
            .iter()
            .map(|r| font.width(&r.name) + if on_fire(r) { flame_room } else { 0 })
            .max()
            .unwrap_or(0)
            .max(font.width("Player"))
            .min(NAME_MAX);
        let score_w = widest("Pts", &mut rows.iter().map(|r| r.score.as_str()));
        let tie_break_w: Vec<i32> = standings
            .tie_break_labels
            .iter()
            .enumerate()
            .map(|(i, label)| widest(label, &mut rows.iter().filter_map(|r| r.tie_breaks.get(i)).map(String::as_str)))
            .collect();
        let record_natural = rows.iter().map(|r| self.record_width(&r.record)).max().unwrap_or(0);
        let record_natural = record_natural.max(font.width(record_heading(rows)));
        let fixed = pad + rank_w + pad + pad + score_w + tie_break_w.iter().map(|w| w + pad).sum::<i32>() + pad + pad;
        let name_room = name_natural.min((MAX_WIDTH - fixed - record_natural).max(NAME_MIN));
        let record_room = record_natural.min(MAX_WIDTH - fixed - name_room).max(0);
        let width = (fixed + name_room + record_room).clamp(MIN_WIDTH, MAX_WIDTH);

        let rank_right = pad + rank_w;
        let name_x = rank_right + pad;
        let score_right = name_x + name_room + pad + score_w;
        let mut right = score_right;
        let tie_break_right = tie_break_w
            .iter()
            .map(|w| {
                right += pad + w;
                right
            })
            .collect();
        let record_x = right + pad;
        Columns {
            width,
            pad,
            rank_right,
            name_x,
            name_room,
            score_right,
            tie_break_right,
            record_x,
            record_room: width - pad - record_x,
        }
    }

    fn header(&self, canvas: &mut Canvas, standings: &Standings, columns: &Columns, y: i32, colours: &Colours) {
        let font = &self.fonts.counts;
        let y = y + (self.row_height() - font.cap_height()) / 2;
        let right =
            |canvas: &mut Canvas, right: i32, s: &str| canvas.text(font, right - font.width(s), y, s, colours.text);
        right(canvas, columns.rank_right, "#");
        canvas.text(font, columns.name_x, y, "Player", colours.text);
        right(canvas, columns.score_right, "Pts");
        for (label, &x) in standings.tie_break_labels.iter().zip(&columns.tie_break_right) {
            right(canvas, x, label);
        }
        let heading = record_heading(&standings.rows);
        canvas.text(font, columns.record_x, y, &fit_width(font, heading, columns.record_room), colours.text);
    }

    fn row(&self, canvas: &mut Canvas, podium: bool, row: &StandingRow, columns: &Columns, y: i32, colours: &Colours) {
        let font = &self.fonts.counts;
        let row_h = self.row_height();
        let text_y = y + (row_h - font.cap_height()) / 2;
        let rank = row.rank.to_string();
        let medal = usize::try_from(row.rank).ok().filter(|r| podium && (1..=3).contains(r));
        match medal {
            Some(place) => {
                let medal = &self.art.medals[place - 1];
                let (w, h) = (medal.width as i32, medal.height as i32);
                let x = columns.rank_right - w;
                canvas.blend(x, y + (row_h - h) / 2, medal);
                canvas.text_centred(font, x + w / 2, y + row_h / 2, &rank, [0x1c, 0x1c, 0x1c]);
            }
            None => canvas.text(font, columns.rank_right - font.width(&rank), text_y, &rank, colours.text),
        }
        let flame = &self.art.flame;
        let flame_room = if on_fire(row) { flame.width as i32 + columns.pad / 2 } else { 0 };
        let name = fit_width(font, &row.name, columns.name_room - flame_room);
        canvas.text(font, columns.name_x, text_y, &name, colours.title);
        if flame_room > 0 {
            let x = columns.name_x + font.width(&name) + columns.pad / 3;
            canvas.blend(x, y + (row_h - flame.height as i32) / 2, flame);
        }
        canvas.text(font, columns.score_right - font.width(&row.score), text_y, &row.score, colours.title);
        for (value, &x) in row.tie_breaks.iter().zip(&columns.tie_break_right) {
            canvas.text(font, x - font.width(value), text_y, value, colours.text);
        }
        match &row.record {
            Record::None => {}
            Record::Colours(colours_played) => self.colour_squares(canvas, colours_played, columns, y, colours),
            Record::Sheet { games, .. } => self.sheet(canvas, games, columns, y, colours),
        }
    }

    /// Edge of a Swiss colour square and the gap after it.
    fn square(&self) -> (i32, i32) {
        let edge = self.fonts.counts.cap_height();
        (edge, (edge / 4).max(2))
    }

    fn record_width(&self, record: &Record) -> i32 {
        match record {
            Record::None => 0,
            Record::Colours(rounds) => {
                let (edge, gap) = self.square();
                rounds.len() as i32 * (edge + gap)
            }
            Record::Sheet { games, .. } => games.iter().map(|g| self.sheet_game_width(g)).sum(),
        }
    }

    fn sheet_game_width(&self, game: &SheetGame) -> i32 {
        let font = &self.fonts.counts;
        let bolt = if game.berserked { self.art.bolt.width as i32 } else { 0 };
        font.width(&game.points.to_string()) + bolt + font.cap_height() / 2
    }

    fn colour_squares(
        &self,
        canvas: &mut Canvas,
        rounds: &[Option<Side>],
        columns: &Columns,
        y: i32,
        colours: &Colours,
    ) {
        let (edge, gap) = self.square();
        let fits = (columns.record_room / (edge + gap)).max(0) as usize;
        // Too many rounds for the room: the latest ones.
        let shown = &rounds[rounds.len().saturating_sub(fits)..];
        let top = y + (self.row_height() - edge) / 2;
        for (i, colour) in shown.iter().enumerate() {
            let x = columns.record_x + i as i32 * (edge + gap);
            match colour {
                Some(side) => {
                    let fill = if *side == Side::First { WHITE_SQUARE } else { BLACK_SQUARE };
                    canvas.fill(x, top, edge as usize, edge as usize, SQUARE_RIM);
                    canvas.fill(x + 1, top + 1, (edge - 2) as usize, (edge - 2) as usize, fill);
                }
                None => canvas.fill(x + edge / 4, top + edge / 2 - 1, (edge / 2) as usize, 2, colours.text),
            }
        }
    }

    fn sheet(&self, canvas: &mut Canvas, games: &[SheetGame], columns: &Columns, y: i32, colours: &Colours) {
        let font = &self.fonts.counts;
        let text_y = y + (self.row_height() - font.cap_height()) / 2;
        // Too many games for the room: the latest ones, after an ellipsis.
        let mut first = 0;
        let total: i32 = games.iter().map(|g| self.sheet_game_width(g)).sum();
        if total > columns.record_room {
            let mut room = columns.record_room - font.width(&ELLIPSIS.to_string()) - font.cap_height() / 2;
            first = games.len();
            while first > 0 && self.sheet_game_width(&games[first - 1]) <= room {
                room -= self.sheet_game_width(&games[first - 1]);
                first -= 1;
            }
        }
        let mut x = columns.record_x;
        if first > 0 {
            let ellipsis = ELLIPSIS.to_string();
            canvas.text(font, x, text_y, &ellipsis, colours.text);
            x += font.width(&ellipsis) + font.cap_height() / 2;
        }
        let bolt = &self.art.bolt;
        for game in &games[first..] {
            let points = game.points.to_string();
            let ink = if game.doubled { FIRE } else { colours.title };
            canvas.text(font, x, text_y, &points, ink);
            let mut after = x + font.width(&points);
            if game.berserked {
                canvas.blend(after, y + (self.row_height() - bolt.height as i32) / 2, bolt);
                after += bolt.width as i32;
            }
            x = after + font.cap_height() / 2;
        }
    }
}

fn on_fire(row: &StandingRow) -> bool {
    matches!(row.record, Record::Sheet { on_fire: true, .. })
}

/// What the record column is headed, from the first row that has one.
fn record_heading(rows: &[StandingRow]) -> &'static str {
    match rows.iter().map(|r| &r.record).find(|r| !matches!(r, Record::None)) {
        Some(Record::Colours(_)) => "Colours",
        Some(Record::Sheet { .. }) => "Games",
        _ => "",
    }
}

/// `s` cut to `room` pixels, an ellipsis marking a cut.
fn fit_width(font: &Font, s: &str, room: i32) -> String {
    if font.width(s) <= room {
        return s.to_string();
    }
    let mut cut = String::new();
    for c in s.chars() {
        let longer = format!("{cut}{c}{ELLIPSIS}");
        if font.width(&longer) > room {
            break;
        }
        cut.push(c);
    }
    cut.push(ELLIPSIS);
    cut
}

#[cfg(test)]
#[path = "standings_tests.rs"]
mod tests;
