//! Standings as rows (rank, name, score, tie-breaks, the record of games),
//! as text and as a picture. The tie-breaks' column names are the
//! tournament crate's ([`TieBreak::abbreviation`], FIDE's), in the text,
//! the picture and the crosstable file alike.

use rookery_render::{Record, SheetGame, Side, Standings, Theme};
use rookery_storage::{EventFormat, EventRecord, EventStatus};
use rookery_tournament::swiss::{standings, TieBreak};
use rookery_tournament::{arena, crosstable, Colour};

use super::state;
use crate::core::{Attachment, Refusal};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingRow {
    pub rank: usize,
    pub name: String,
    /// Points, as players count them (`4.5`; an Arena's points are whole).
    pub score: String,
    /// Swiss tie-breaks in [`TieBreak::DEFAULT_ORDER`]; an Arena has none.
    pub tie_breaks: Vec<String>,
    /// The games behind the score, for the picture: each Swiss round's
    /// colour, or the Arena's sheet.
    pub record: Record,
    /// The same as text: `WB-` (a dash for a round without a game), or the
    /// Arena's sheet (`2 4* 5*! 0=`).
    pub record_text: String,
}

/// The headings of the tie-break columns of `event`'s standings.
pub(super) fn labels(event: &EventRecord) -> Vec<String> {
    match event.format {
        EventFormat::Swiss { .. } => TieBreak::DEFAULT_ORDER.iter().map(|t| t.abbreviation().to_string()).collect(),
        EventFormat::Arena { .. } => Vec::new(),
    }
}

/// The event's standings.
pub(super) fn rows(event: &EventRecord) -> Result<Vec<StandingRow>, Refusal> {
    if let Some(swiss) = state::swiss(event)? {
        // The colours of the rounds the scores count: a round just paired is not in them yet.
        let complete = swiss.rounds().iter().take_while(|r| r.games.iter().all(|g| g.result.is_some())).count();
        return Ok(standings(&swiss, &TieBreak::DEFAULT_ORDER)
            .into_iter()
            .enumerate()
            .map(|(rank, line)| {
                let colours: Vec<Option<Side>> = (0..complete)
                    .map(|round| match swiss.game_of(line.entrant, round) {
                        Some((_, Colour::White, _)) => Some(Side::First),
                        Some((_, Colour::Black, _)) => Some(Side::Second),
                        None => None,
                    })
                    .collect();
                let record_text = colours
                    .iter()
                    .map(|side| match side {
                        Some(Side::First) => 'W',
                        Some(Side::Second) => 'B',
                        None => '-',
                    })
                    .collect();
                StandingRow {
                    rank: rank + 1,
                    name: swiss.entrants()[line.entrant].player.name.clone(),
                    score: line.score.to_string(),
                    tie_breaks: line.tie_breaks.iter().map(ToString::to_string).collect(),
                    record: Record::Colours(colours),
                    record_text,
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
            let games = player
                .sheet
                .iter()
                .map(|entry| SheetGame {
                    points: entry.points.min(u32::from(u8::MAX)) as u8,
                    doubled: entry.on_fire,
                    berserked: entry.berserk_bonus(),
                })
                .collect();
            StandingRow {
                rank: rank + 1,
                name: player.player.name.clone(),
                score: player.score.to_string(),
                tie_breaks: Vec::new(),
                record: Record::Sheet { games, on_fire: player.on_fire() },
                record_text: arena::sheet_line(&player.sheet),
            }
        })
        .collect())
}

/// Whether the standings say anything yet: some game has its result.
pub(super) fn exist(event: &EventRecord) -> bool {
    event.games.iter().any(|g| g.result.is_some())
}

/// The standings as a fixed-width table (for a code block), under a
/// heading naming its columns.
pub(super) fn text(labels: &[String], rows: &[StandingRow]) -> String {
    if rows.is_empty() {
        return "No players yet.\n".into();
    }
    let width = rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(4).clamp(4, 24);
    let columns: Vec<usize> = labels
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let values = rows.iter().filter_map(|r| r.tie_breaks.get(i)).map(|v| v.chars().count());
            values.chain([label.chars().count()]).max().unwrap_or(0)
        })
        .collect();
    let line = |rank: String, name: &str, score: &str, tie_breaks: &[String], record: &str| {
        let name: String = name.chars().take(width).collect();
        let mut out = format!("{rank:>4} {name:<width$} {score:>5}");
        for (value, column) in tie_breaks.iter().zip(&columns) {
            out.push_str(&format!(" {value:>column$}"));
        }
        if !record.is_empty() {
            out.push_str(&format!("  {record}"));
        }
        out.push('\n');
        out
    };
    let mut out = line("#".into(), "Name", "Pts", labels, "Record");
    for row in rows {
        out.push_str(&line(format!("{}.", row.rank), &row.name, &row.score, &row.tie_breaks, &row.record_text));
    }
    out
}

/// The final standings file: a Swiss's crosstable, an Arena's sheets.
pub(super) fn crosstable_file(event: &EventRecord) -> Result<String, Refusal> {
    if let Some(swiss) = state::swiss(event)? {
        return Ok(crosstable::swiss_crosstable(&swiss, &event.name, &TieBreak::DEFAULT_ORDER));
    }
    Ok(state::arena(event)?.map(|a| arena::sheet_text(&a, &event.name)).unwrap_or_default())
}

/// The standings as a PNG, titled with the event and where it stands at
/// `now`; medals once it is over. A picture that fails is logged and left
/// out: the text has the same standings.
pub(super) fn picture(event: &EventRecord, rows: &[StandingRow], now: i64) -> Option<Attachment> {
    let standings = Standings {
        title: event.name.clone(),
        status: status(event, now),
        tie_break_labels: labels(event),
        rows: rows
            .iter()
            .map(|row| rookery_render::StandingRow {
                rank: row.rank as u32,
                name: row.name.clone(),
                score: row.score.clone(),
                tie_breaks: row.tie_breaks.clone(),
                record: row.record.clone(),
            })
            .collect(),
        podium: event.status == EventStatus::Finished,
        theme: Theme::Light,
    };
    match crate::picture::renderer().render_standings(&standings) {
        Ok(bytes) => Some(Attachment { name: format!("tournament-{}-standings.png", event.id), bytes }),
        Err(error) => {
            tracing::error!(%error, event = event.id, "standings picture failed");
            None
        }
    }
}

/// Right of the picture's title: the round, the time left, or the end.
fn status(event: &EventRecord, now: i64) -> String {
    if event.status == EventStatus::Finished {
        return "Final standings".into();
    }
    match &event.format {
        EventFormat::Swiss { rounds, played, .. } => {
            match played.iter().take_while(|r| r.boards.iter().all(|b| b.result.is_some())).count() {
                0 => format!("Round 1 of {rounds}"),
                complete => format!("After round {complete} of {rounds}"),
            }
        }
        EventFormat::Arena { minutes, .. } => {
            let ends = event.started.unwrap_or(now) + i64::from(*minutes) * 60;
            match (ends - now).max(0) / 60 {
                0 => "Last games".into(),
                left => format!("{left} min left"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(rank: usize, name: &str, score: &str, tie_breaks: &[&str]) -> StandingRow {
        StandingRow {
            rank,
            name: name.into(),
            score: score.into(),
            tie_breaks: tie_breaks.iter().map(|t| t.to_string()).collect(),
            record: Record::Colours(vec![Some(Side::First), None]),
            record_text: "W-".into(),
        }
    }

    #[test]
    fn the_table_names_its_columns_lines_up_and_cuts_long_names() {
        let labels = vec!["DE".to_string(), "BH-C1".to_string()];
        let table = text(&labels, &[row(1, "alice", "2", &["0", "3"]), row(2, &"b".repeat(40), "1.5", &["0", "12.5"])]);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines[0], "   # Name                       Pts DE BH-C1  Record");
        assert_eq!(lines[1], "  1. alice                        2  0     3  W-");
        assert_eq!(lines[2].chars().count(), lines[1].chars().count());
        assert!(lines[2].contains(&"b".repeat(24)) && !lines[2].contains(&"b".repeat(25)));
        assert_eq!(text(&labels, &[]), "No players yet.\n");
    }

    fn round(result: Option<&str>) -> rookery_storage::SwissRound {
        let board = rookery_storage::SwissBoard { white: 0, black: 1, result: result.map(String::from) };
        rookery_storage::SwissRound { boards: vec![board], bye: None }
    }

    #[test]
    fn a_swiss_is_headed_with_the_crates_fide_abbreviations() {
        let event = super::super::test_event(EventFormat::Swiss {
            rounds: 7,
            entrants: Vec::new(),
            played: vec![round(Some("1-0")), round(None)],
            late_half_point: false,
        });
        assert_eq!(labels(&event), ["DE", "BH-C1", "BH", "SB", "PS"]);
        assert_eq!(status(&event, 0), "After round 1 of 7", "round 2 is being played");
        let arena = EventRecord {
            format: EventFormat::Arena { minutes: 60, steps: Vec::new(), berserk: true, paced: true },
            ..event.clone()
        };
        assert!(labels(&arena).is_empty());
        assert_eq!(status(&arena, 15 * 60 + 30), "44 min left");
        assert_eq!(status(&arena, 60 * 60), "Last games");
        let over = EventRecord { status: EventStatus::Finished, ..arena };
        assert_eq!(status(&over, 0), "Final standings");
    }
}
