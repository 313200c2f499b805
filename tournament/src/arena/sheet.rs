//! An Arena's sheets as text: the file attached when an event ends, one line
//! per player with the points of each game in the order played.

use std::fmt::Write as _;

use super::{Arena, SheetEntry};
use crate::crosstable::fit;
use crate::types::Outcome;

/// Names longer than this are cut in the tables.
const NAME_WIDTH: usize = 24;

/// One player's games as lichess shows a sheet, oldest first: each game's
/// points, `*` after a game scored double (on fire), `!` after a berserk
/// point, `=` after a draw that scored nothing.
pub fn sheet_line(sheet: &[SheetEntry]) -> String {
    let tokens: Vec<String> = sheet
        .iter()
        .map(|e| {
            let mut token = e.points.to_string();
            if e.on_fire {
                token.push('*');
            }
            if e.berserk_bonus() {
                token.push('!');
            }
            if e.voided_draw() {
                token.push('=');
            }
            token
        })
        .collect();
    tokens.join(" ")
}

/// The whole event: rank, name, rating, score, games, wins, berserks and the
/// sheet of every player in standings order, with a key to the marks.
pub fn sheet_text(arena: &Arena, event_name: &str) -> String {
    let order = arena.standings();
    let width = order.iter().map(|&p| arena.players[p].player.name.chars().count()).max().unwrap_or(0);
    let width = width.clamp(4, NAME_WIDTH);
    let mut text = format!("{event_name}\n\n");
    let _ = writeln!(
        text,
        "{:>4}  {:<width$}  {:>6}  {:>5}  {:>5}  {:>4}  {:>4}  Sheet",
        "#", "Name", "Rating", "Score", "Games", "Wins", "Bers"
    );
    for (rank, &p) in order.iter().enumerate() {
        let player = &arena.players[p];
        let wins = player.sheet.iter().filter(|e| matches!(e.outcome, Outcome::Win | Outcome::ForfeitWin)).count();
        let berserks = player.sheet.iter().filter(|e| e.berserked).count();
        let line = format!(
            "{:>4}  {:<width$}  {:>6}  {:>5}  {:>5}  {:>4}  {:>4}  {}",
            rank + 1,
            fit(&player.player.name, width),
            player.player.rating,
            player.score,
            player.sheet.len(),
            wins,
            berserks,
            sheet_line(&player.sheet),
        );
        let _ = writeln!(text, "{}", line.trim_end());
    }
    text.push_str(
        "\nSheets list each game's points, oldest first. * on fire (two wins in a row before it: double points); \
         ! the berserk point; = a draw that scored nothing (under 10 moves, or a second draw in a row).\n",
    );
    text
}
