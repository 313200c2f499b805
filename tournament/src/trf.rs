//! FIDE Tournament Report Files (TRF16), the text format pairing checkers
//! read: a 012 line for the name, XXR for the number of rounds, XXC for the
//! top seed's first colour, and one 001 line per player with their rounds.
//!
//! A 001 line, by column (1-based): 1-3 "001", 5-8 starting rank, 10 sex,
//! 11-13 title, 15-47 name, 49-52 rating, 54-56 federation, 58-68 FIDE id,
//! 70-79 birth date, 81-84 points, 86-89 place; then ten columns per round:
//! opponent's starting rank (0000 for none), colour (w, b or -), result
//! (1 = ½ 0 played; + - forfeits; U the pairing-allocated bye; H a half-point
//! bye; Z a round not played; blank for a game still going).

use thiserror::Error;

use crate::swiss::{standings, Entrant, Game, LateEntry, Round, SwissConfig, SwissEvent, TieBreak};
use crate::types::{Colour, GameResult, Outcome, Player};

/// Why a TRF file could not be read.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum TrfError {
    #[error("line {line} of the tournament file is not a valid player line")]
    BadPlayerLine { line: usize },
    #[error("line {line} of the tournament file has a round entry that cannot be read")]
    BadRound { line: usize },
    #[error("the tournament file's pairings do not agree between the two players of a game in round {round}")]
    Inconsistent { round: usize },
    #[error("the tournament file has no players")]
    NoPlayers,
}

/// Writes the event as a TRF16 file. Players are listed by pairing number,
/// which is their starting rank in the file.
pub fn export(event: &SwissEvent, name: &str) -> String {
    let numbers = event.pairing_numbers();
    let mut by_number: Vec<usize> = (0..numbers.len()).collect();
    by_number.sort_by_key(|&e| numbers[e]);
    let places = standings(event, &TieBreak::DEFAULT_ORDER);
    let mut place = vec![0; numbers.len()];
    for (i, s) in places.iter().enumerate() {
        place[s.entrant] = i + 1;
    }
    let mut out = String::new();
    out.push_str(&format!("012 {name}\n"));
    out.push_str(&format!("062 {}\n", numbers.len()));
    out.push_str("092 Individual: Swiss-System (FIDE Dutch)\n");
    out.push_str(&format!("XXR {}\n", event.config().rounds));
    let first = match event.config().first_colour {
        Colour::White => "white1",
        Colour::Black => "black1",
    };
    out.push_str(&format!("XXC {first}\n"));
    for &e in &by_number {
        let player = &event.entrants()[e].player;
        let name: String = player.name.chars().take(33).collect();
        out.push_str(&format!(
            "001 {:>4}      {:<33} {:>4} {:>3} {:>11} {:>10} {:>4} {:>4}",
            numbers[e] + 1,
            name,
            player.rating,
            "",
            "",
            "",
            event.score(e).to_string(),
            place[e]
        ));
        for round in 0..event.rounds().len() {
            out.push_str(&round_entry(event, &numbers, e, round));
        }
        out.push('\n');
    }
    out
}

fn round_entry(event: &SwissEvent, numbers: &[usize], entrant: usize, round: usize) -> String {
    if let Some((opponent, colour, result)) = event.game_of(entrant, round) {
        let c = if colour == Colour::White { 'w' } else { 'b' };
        let r = match result.map(|res| res.outcome_for(colour)) {
            None => ' ',
            Some(Outcome::Win) => '1',
            Some(Outcome::Draw) => '=',
            Some(Outcome::ForfeitWin) => '+',
            Some(_) if result.is_some_and(GameResult::was_played) => '0',
            Some(_) => '-',
        };
        return format!("  {:>4} {c} {r}", numbers[opponent] + 1);
    }
    let r = match event.outcome(entrant, round) {
        Some(Outcome::Bye) => 'U',
        Some(Outcome::HalfBye) => 'H',
        _ => 'Z',
    };
    format!("  0000 - {r}")
}

/// Reads a TRF16 file into an event: entrants in starting-rank order, rounds
/// rebuilt from the players' round entries. Ratings should follow the starting
/// ranks, as the event orders players by rating. Leading rounds marked H or Z
/// make a late entry, trailing rounds marked Z a withdrawal; lines other than 001, XXR and XXC are ignored.
pub fn import(text: &str) -> Result<SwissEvent, TrfError> {
    let mut rounds_declared = None;
    let mut first_colour = Colour::White;
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        if let Some(rest) = line.strip_prefix("XXR ") {
            rounds_declared = rest.trim().parse::<u32>().ok();
        } else if let Some(rest) = line.strip_prefix("XXC ") {
            if rest.trim().starts_with("black") {
                first_colour = Colour::Black;
            }
        } else if line.starts_with("001") {
            lines.push((line_number, parse_player_line(line, line_number)?));
        }
    }
    if lines.is_empty() {
        return Err(TrfError::NoPlayers);
    }
    lines.sort_by_key(|(_, p)| p.rank);
    let index_of = |rank: usize| lines.iter().position(|(_, p)| p.rank == rank);
    let round_count = lines.iter().map(|(_, p)| p.rounds.len()).max().unwrap_or(0);
    let mut rounds = vec![Round::default(); round_count];
    let mut late_half_points = false;
    let mut entrants = Vec::new();
    for (me, (line, p)) in lines.iter().enumerate() {
        let joined = p.rounds.iter().take_while(|r| r.opponent == 0 && matches!(r.result, 'H' | 'Z')).count();
        late_half_points |= p.rounds[..joined].iter().any(|r| r.result == 'H');
        let absent_at_end = p.rounds[joined..].iter().rev().take_while(|r| r.opponent == 0 && r.result == 'Z').count();
        let withdrew_at = (absent_at_end > 0).then(|| (p.rounds.len() - absent_at_end) as u32);
        entrants.push(Entrant {
            player: Player { id: p.rank as u64, name: p.name.clone(), rating: p.rating },
            joined_at: joined as u32,
            withdrew_at,
        });
        for (round, entry) in p.rounds.iter().enumerate() {
            if entry.opponent == 0 {
                if matches!(entry.result, 'U' | 'F') {
                    rounds[round].bye = Some(me);
                }
                continue;
            }
            let other = index_of(entry.opponent).ok_or(TrfError::BadRound { line: *line })?;
            let back = lines[other].1.rounds.get(round);
            let expected_colour = if entry.colour == 'w' { 'b' } else { 'w' };
            if back.is_none_or(|b| b.opponent != p.rank || b.colour != expected_colour) {
                return Err(TrfError::Inconsistent { round: round + 1 });
            }
            if entry.colour != 'w' {
                continue;
            }
            let result = match entry.result {
                '1' | 'W' => Some(GameResult::WhiteWins),
                '=' | 'D' => Some(GameResult::Draw),
                '0' | 'L' => Some(GameResult::BlackWins),
                '+' => Some(GameResult::WhiteWinsByForfeit),
                '-' => {
                    let theirs = lines[other].1.rounds.get(round).map(|r| r.result);
                    Some(if theirs == Some('+') { GameResult::BlackWinsByForfeit } else { GameResult::DoubleForfeit })
                }
                _ => None,
            };
            rounds[round].games.push(Game { white: me, black: other, result });
        }
    }
    let mut config = SwissConfig::new(rounds_declared.unwrap_or(round_count as u32).max(round_count as u32));
    config.first_colour = first_colour;
    if late_half_points {
        config.late_entry = LateEntry::HalfPoint;
    }
    Ok(SwissEvent::from_parts(config, entrants, rounds))
}

struct PlayerLine {
    rank: usize,
    name: String,
    rating: u32,
    rounds: Vec<RoundEntry>,
}

struct RoundEntry {
    opponent: usize,
    colour: char,
    result: char,
}

/// The characters of columns `from..=to` (1-based), trimmed.
fn columns(line: &str, from: usize, to: usize) -> String {
    line.chars().skip(from - 1).take(to + 1 - from).collect::<String>().trim().to_string()
}

fn parse_player_line(line: &str, line_number: usize) -> Result<PlayerLine, TrfError> {
    let bad = TrfError::BadPlayerLine { line: line_number };
    let rank = columns(line, 5, 8).parse().map_err(|_| bad)?;
    let name = columns(line, 15, 47);
    let rating = columns(line, 49, 52).parse().unwrap_or(0);
    let chars: Vec<char> = line.chars().collect();
    let mut rounds = Vec::new();
    let mut start = 91;
    while start + 4 <= chars.len() {
        let field = |at: usize| chars.get(at).copied().unwrap_or(' ');
        let opponent_text: String = chars[start..start + 4].iter().collect();
        let opponent_text = opponent_text.trim();
        if opponent_text.is_empty() {
            break;
        }
        let opponent = opponent_text.parse().map_err(|_| TrfError::BadRound { line: line_number })?;
        rounds.push(RoundEntry { opponent, colour: field(start + 5), result: field(start + 7) });
        start += 10;
    }
    Ok(PlayerLine { rank, name, rating, rounds })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_one_based_and_inclusive() {
        assert_eq!(columns("001    7", 5, 8), "7");
        assert_eq!(columns("abc", 2, 9), "bc");
    }

    #[test]
    fn a_short_line_is_refused_in_plain_words() {
        let err = import("001 xx\n").unwrap_err();
        assert_eq!(err.to_string(), "line 1 of the tournament file is not a valid player line");
        assert_eq!(import("012 Empty\n").unwrap_err(), TrfError::NoPlayers);
    }
}
