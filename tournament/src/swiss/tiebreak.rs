//! Standings with tie-breaks. Every rule, and how unplayed games count, is
//! described in docs/tournaments.md ("Tie-breaks").

use std::fmt;

use super::SwissEvent;
use crate::types::Score;

/// A tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TieBreak {
    /// Sum of the opponents' scores.
    Buchholz,
    /// Buchholz without the lowest opponent's score.
    BuchholzCut1,
    /// Sum of the scores of the opponents beaten, plus half of those drawn.
    SonnebornBerger,
    /// Sum of the player's running score after each round.
    Progressive,
    /// Points scored against the other players still tied at this point.
    DirectEncounter,
}

impl TieBreak {
    /// The order used unless an event chooses another.
    pub const DEFAULT_ORDER: [TieBreak; 5] = [
        TieBreak::DirectEncounter,
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::Progressive,
    ];

    /// The short column heading crosstables use.
    pub fn abbreviation(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::Progressive => "PS",
            TieBreak::DirectEncounter => "DE",
        }
    }
}

/// A tie-break value in quarter points (Sonneborn-Berger halves half points).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Value(pub u32);

impl fmt::Display for Value {
    /// "12", "12.5", "12.25", "12.75".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 % 4 {
            0 => write!(f, "{}", self.0 / 4),
            2 => write!(f, "{}.5", self.0 / 4),
            q => write!(f, "{}.{}", self.0 / 4, q * 25),
        }
    }
}

fn quarters(score: Score) -> u32 {
    score.half_points() * 2
}

/// One line of the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    pub entrant: usize,
    pub score: Score,
    /// The values of the event's tie-breaks, in the order asked for.
    pub tie_breaks: Vec<Value>,
}

/// The standings after the rounds with results, best first. Players still level
/// after every tie-break stay in pairing-number order.
pub fn standings(event: &SwissEvent, order: &[TieBreak]) -> Vec<Standing> {
    let rounds = completed_rounds(event);
    let entrants = event.entrants().len();
    let mut lines: Vec<Standing> = (0..entrants)
        .map(|e| Standing {
            entrant: e,
            score: event.score_after(e, rounds),
            tie_breaks: order
                .iter()
                .map(|tb| match tb {
                    TieBreak::DirectEncounter => Value(0),
                    other => value(event, rounds, e, *other),
                })
                .collect(),
        })
        .collect();
    // Direct encounter depends on who is still tied: fill it in, one tie-break
    // position at a time, among players equal on everything before it.
    for (position, tb) in order.iter().enumerate() {
        if *tb != TieBreak::DirectEncounter {
            continue;
        }
        let key = |s: &Standing| (s.score, s.tie_breaks[..position].to_vec());
        for e in 0..entrants {
            let group: Vec<usize> = (0..entrants).filter(|&o| o != e && key(&lines[o]) == key(&lines[e])).collect();
            lines[e].tie_breaks[position] = Value(direct_points(event, rounds, e, &group));
        }
    }
    let numbers = event.pairing_numbers();
    lines.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then_with(|| b.tie_breaks.cmp(&a.tie_breaks))
            .then_with(|| numbers[a.entrant].cmp(&numbers[b.entrant]))
    });
    lines
}

/// Rounds whose every game has a result.
fn completed_rounds(event: &SwissEvent) -> usize {
    event.rounds().iter().take_while(|r| r.games.iter().all(|g| g.result.is_some())).count()
}

/// What each round is worth for the player's tie-breaks: the opponent's
/// value (their adjusted score, or a virtual opponent's) and the player's points.
fn opponent_values(event: &SwissEvent, rounds: usize, entrant: usize) -> Vec<(u32, Score)> {
    (0..rounds)
        .filter_map(|r| {
            let outcome = event.outcome(entrant, r)?;
            let opponent_value = match event.game_of(entrant, r) {
                Some((opponent, _, _)) if outcome.was_played() => quarters(adjusted_score(event, rounds, opponent)),
                _ => virtual_opponent(event, rounds, entrant, r),
            };
            Some((opponent_value, outcome.points()))
        })
        .collect()
}

/// An opponent's score for others' tie-breaks: their unplayed rounds count as
/// draws, whatever they scored in them.
fn adjusted_score(event: &SwissEvent, rounds: usize, entrant: usize) -> Score {
    (0..rounds)
        .filter_map(|r| event.outcome(entrant, r))
        .map(|o| if o.was_played() { o.points() } else { Score::HALF })
        .sum()
}

/// FIDE's virtual opponent for an unplayed round R of n: the player's score
/// before R, plus the opposite of what they scored in R, plus a draw for each
/// round after R. In quarter points.
fn virtual_opponent(event: &SwissEvent, rounds: usize, entrant: usize, round: usize) -> u32 {
    let before = event.score_after(entrant, round).half_points();
    let got = event.outcome(entrant, round).map_or(0, |o| o.points().half_points());
    let later_rounds = (rounds - round - 1) as u32;
    (before + (2 - got) + later_rounds) * 2
}

fn value(event: &SwissEvent, rounds: usize, entrant: usize, tie_break: TieBreak) -> Value {
    let values = opponent_values(event, rounds, entrant);
    Value(match tie_break {
        TieBreak::Buchholz => values.iter().map(|v| v.0).sum(),
        TieBreak::BuchholzCut1 => {
            let total: u32 = values.iter().map(|v| v.0).sum();
            total - values.iter().map(|v| v.0).min().unwrap_or(0)
        }
        TieBreak::SonnebornBerger => values.iter().map(|&(opp, points)| opp * points.half_points() / 2).sum(),
        TieBreak::Progressive => (1..=rounds).map(|r| quarters(event.score_after(entrant, r))).sum(),
        TieBreak::DirectEncounter => 0,
    })
}

/// Points scored in played games against the players of `group`, in quarters.
fn direct_points(event: &SwissEvent, rounds: usize, entrant: usize, group: &[usize]) -> u32 {
    (0..rounds)
        .filter_map(|r| {
            let (opponent, _, _) = event.game_of(entrant, r)?;
            let outcome = event.outcome(entrant, r)?;
            (group.contains(&opponent) && outcome.was_played()).then(|| quarters(outcome.points()))
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_print_in_quarters() {
        assert_eq!(Value(49).to_string(), "12.25");
        assert_eq!(Value(50).to_string(), "12.5");
        assert_eq!(Value(51).to_string(), "12.75");
        assert_eq!(Value(48).to_string(), "12");
    }
}
