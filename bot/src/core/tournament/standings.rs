//! Standings as rows (rank, name, score, tie-breaks, colour history), and
//! as text.
//!
//! [`rows`] is the hook for other renderings: a standings picture (render/)
//! or a crosstable from the tournament crate take the same rows; until
//! they exist the text table is what players get, in the message and, at
//! the end, in the crosstable file.

use rookery_storage::EventRecord;
use rookery_tournament::swiss::{standings, TieBreak};
use rookery_tournament::Colour;

use super::state;
use crate::core::Refusal;

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    pub rank: usize,
    pub name: String,
    /// Points, as players count them (`4.5`; an Arena's points are whole).
    pub score: String,
    /// Swiss tie-breaks in [`TIE_BREAKS`] order; an Arena's game points, newest last.
    pub tie_breaks: Vec<String>,
    /// One letter a round: `W`, `B`, `-` for a bye or a round not played.
    pub colours: String,
}

/// The tie-breaks shown, in order, with their short names.
const TIE_BREAKS: [(TieBreak, &str); 5] = [
    (TieBreak::DirectEncounter, "DE"),
    (TieBreak::BuchholzCut1, "BuC1"),
    (TieBreak::Buchholz, "Buch"),
    (TieBreak::SonnebornBerger, "SB"),
    (TieBreak::Progressive, "Prog"),
];

/// The event's standings.
pub(super) fn rows(event: &EventRecord) -> Result<Vec<StandingRow>, Refusal> {
    if let Some(swiss) = state::swiss(event)? {
        let order: Vec<TieBreak> = TIE_BREAKS.iter().map(|(t, _)| *t).collect();
        return Ok(standings(&swiss, &order)
            .into_iter()
            .enumerate()
            .map(|(rank, line)| {
                let colours = (0..swiss.rounds().len())
                    .map(|round| match swiss.game_of(line.entrant, round) {
                        Some((_, Colour::White, _)) => 'W',
                        Some((_, Colour::Black, _)) => 'B',
                        None => '-',
                    })
                    .collect();
                StandingRow {
                    rank: rank + 1,
                    name: swiss.entrants()[line.entrant].player.name.clone(),
                    score: line.score.to_string(),
                    tie_breaks: line.tie_breaks.iter().map(ToString::to_string).collect(),
                    colours,
                }
            })
            .collect());
    }
    let Some(arena) = state::arena(event)? else { return Ok(Vec::new()) };
    Ok(arena
        .standings()
        .into_iter()
        .enumerate()
        .map(|(rank, index)| {
            let player = &arena.players()[index];
            let colours = arena
                .games()
                .iter()
                .filter_map(|g| match (g.white == index, g.black == index) {
                    (true, _) => Some('W'),
                    (_, true) => Some('B'),
                    _ => None,
                })
                .collect();
            StandingRow {
                rank: rank + 1,
                name: player.player.name.clone(),
                score: player.score.to_string(),
                tie_breaks: player.sheet.iter().map(|entry| entry.points.to_string()).collect(),
                colours,
            }
        })
        .collect())
}

/// The standings as a fixed-width table (for a code block).
pub(super) fn text(rows: &[StandingRow]) -> String {
    if rows.is_empty() {
        return "No players yet.\n".into();
    }
    let width = rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(4).clamp(4, 24);
    let mut out = String::new();
    for row in rows {
        let name: String = row.name.chars().take(width).collect();
        out.push_str(&format!("{:>3}. {name:<width$} {:>5}", row.rank, row.score));
        if !row.tie_breaks.is_empty() {
            out.push_str(&format!("  {}", row.tie_breaks.join(" ")));
        }
        if !row.colours.is_empty() {
            out.push_str(&format!("  {}", row.colours));
        }
        out.push('\n');
    }
    out
}

/// The final standings file: the table with a heading naming its columns.
/// The tournament crate's crosstable takes these rows' place when it exists.
pub(super) fn crosstable_file(event: &EventRecord, rows: &[StandingRow]) -> String {
    let columns = match event.format {
        rookery_storage::EventFormat::Swiss { .. } => {
            let names: Vec<&str> = TIE_BREAKS.iter().map(|(_, n)| *n).collect();
            format!("rank, name, points, tie-breaks ({}), colours by round", names.join(", "))
        }
        rookery_storage::EventFormat::Arena { .. } => "rank, name, points, points of each game, colours".into(),
    };
    format!("{} (tournament #{}) · {}\n{columns}\n\n{}", event.name, event.id, event.variant, text(rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lines_up_and_cuts_long_names() {
        let row = |rank, name: &str, score: &str| StandingRow {
            rank,
            name: name.into(),
            score: score.into(),
            tie_breaks: vec!["3".into(), "2.5".into()],
            colours: "WB".into(),
        };
        let table = text(&[row(1, "alice", "2"), row(2, &"b".repeat(40), "1.5")]);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines[0], "  1. alice                        2  3 2.5  WB");
        assert_eq!(lines[1].chars().count(), lines[0].chars().count());
        assert_eq!(text(&[]), "No players yet.\n");
    }
}
