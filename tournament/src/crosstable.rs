//! A Swiss event's crosstable as text, FIDE style: the file attached when an
//! event ends (and on request while it runs). One line per player in
//! standings order: rank, name, rating, each round as the opponent's rank,
//! the colour and the result (`12w1`, `5b½`), the total and the tie-breaks.

use std::fmt::Write as _;

use crate::swiss::{standings, SwissEvent, TieBreak};
use crate::types::{Colour, Outcome};

/// Names longer than this are cut.
const NAME_WIDTH: usize = 24;

/// `name` cut to `width` characters, an ellipsis marking a cut.
pub(crate) fn fit(name: &str, width: usize) -> String {
    if name.chars().count() <= width {
        return name.to_string();
    }
    let mut cut: String = name.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// One round of a player's line: `4w1` (beat the player ranked 4th with
/// White), `3b½`, `2w0`; `+`/`-` for a game won or lost by forfeit; `*` for
/// a game still being played; `bye` for the pairing bye, `half` for a half
/// point given for a missed round, `-` for a round not played.
fn round_cell(event: &SwissEvent, rank_of: &[usize], entrant: usize, round: usize) -> String {
    let outcome = event.outcome(entrant, round);
    if let Some((opponent, colour, _)) = event.game_of(entrant, round) {
        let colour = match colour {
            Colour::White => 'w',
            Colour::Black => 'b',
        };
        let result = match outcome {
            Some(Outcome::Win) => "1",
            Some(Outcome::Draw) => "½",
            Some(Outcome::Loss) => "0",
            Some(Outcome::ForfeitWin) => "+",
            Some(Outcome::ForfeitLoss) => "-",
            _ => "*",
        };
        return format!("{}{colour}{result}", rank_of[opponent]);
    }
    match outcome {
        Some(Outcome::Bye) => "bye".into(),
        Some(Outcome::HalfBye) => "half".into(),
        _ => "-".into(),
    }
}

/// The crosstable of `event` under `tie_breaks`, headed by `event_name` and
/// how many rounds have been played, with a key to the cells.
pub fn swiss_crosstable(event: &SwissEvent, event_name: &str, tie_breaks: &[TieBreak]) -> String {
    let table = standings(event, tie_breaks);
    let mut rank_of = vec![0; event.entrants().len()];
    for (rank, line) in table.iter().enumerate() {
        rank_of[line.entrant] = rank + 1;
    }
    let rounds = event.rounds().len();
    let played = event.rounds().iter().take_while(|r| r.games.iter().all(|g| g.result.is_some())).count();
    let name_width =
        event.entrants().iter().map(|e| e.player.name.chars().count()).max().unwrap_or(0).clamp(4, NAME_WIDTH);
    let cells: Vec<Vec<String>> =
        table.iter().map(|line| (0..rounds).map(|r| round_cell(event, &rank_of, line.entrant, r)).collect()).collect();
    let cell_width = cells.iter().flatten().map(|c| c.chars().count()).max().unwrap_or(0).max(3);
    let tb_width = |i: usize, tb: &TieBreak| {
        let widest = table.iter().map(|l| l.tie_breaks[i].to_string().len()).max().unwrap_or(0);
        widest.max(tb.abbreviation().len())
    };
    let tb_widths: Vec<usize> = tie_breaks.iter().enumerate().map(|(i, tb)| tb_width(i, tb)).collect();

    let mut text = format!("{event_name}: {played} of {} rounds played\n\n", event.config().rounds);
    let mut header = format!("{:>4}  {:<name_width$}  {:>6}", "#", "Name", "Rating");
    for r in 1..=rounds {
        let _ = write!(header, "  {:<cell_width$}", format!("R{r}"));
    }
    let _ = write!(header, "  {:>5}", "Pts");
    for (tb, width) in tie_breaks.iter().zip(&tb_widths) {
        let _ = write!(header, "  {:>width$}", tb.abbreviation());
    }
    let _ = writeln!(text, "{}", header.trim_end());
    for ((rank, line), cells) in table.iter().enumerate().zip(&cells) {
        let player = &event.entrants()[line.entrant].player;
        let mut row = format!("{:>4}  {:<name_width$}  {:>6}", rank + 1, fit(&player.name, name_width), player.rating);
        for cell in cells {
            let _ = write!(row, "  {cell:<cell_width$}");
        }
        let _ = write!(row, "  {:>5}", line.score.to_string());
        for (value, width) in line.tie_breaks.iter().zip(&tb_widths) {
            let _ = write!(row, "  {:>width$}", value.to_string());
        }
        let _ = writeln!(text, "{}", row.trim_end());
    }
    text.push_str(
        "\nEach round: the opponent's rank, their colour (w/b) and the result (1, ½, 0; + and - by forfeit; \
         * still playing); bye: the pairing bye (1 point); half: half a point for a missed round; -: not played.\n",
    );
    let names: Vec<String> = tie_breaks.iter().map(|tb| format!("{} {}", tb.abbreviation(), describe(*tb))).collect();
    if !names.is_empty() {
        let _ = writeln!(text, "Tie-breaks, in order: {}.", names.join("; "));
    }
    text
}

fn describe(tie_break: TieBreak) -> &'static str {
    match tie_break {
        TieBreak::Buchholz => "Buchholz",
        TieBreak::BuchholzCut1 => "Buchholz without the lowest opponent",
        TieBreak::SonnebornBerger => "Sonneborn-Berger",
        TieBreak::Progressive => "progressive score",
        TieBreak::DirectEncounter => "direct encounter",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::{Entrant, Game, Round, SwissConfig};
    use crate::types::{GameResult, Player};

    fn entrant(name: &str, rating: u32) -> Entrant {
        Entrant { player: Player { id: u64::from(rating), name: name.into(), rating }, joined_at: 0, withdrew_at: None }
    }

    fn game(white: usize, black: usize, result: Option<GameResult>) -> Game {
        Game { white, black, result }
    }

    /// A (0), B (1), C (2), D (3). A 2½, D 1½, B 1½, C ½; B and D drew each
    /// other and tie on Buchholz, D is ahead on Sonneborn-Berger (2.25 to 1.25).
    fn four_players() -> SwissEvent {
        use GameResult::*;
        let rounds = vec![
            Round { games: vec![game(0, 2, Some(WhiteWins)), game(1, 3, Some(Draw))], bye: None },
            Round { games: vec![game(1, 0, Some(BlackWins)), game(2, 3, Some(Draw))], bye: None },
            Round { games: vec![game(3, 0, Some(Draw)), game(2, 1, Some(BlackWins))], bye: None },
        ];
        let entrants = vec![entrant("Alice", 2000), entrant("Bob", 1900), entrant("Carol", 1800), entrant("Dan", 1700)];
        SwissEvent::from_parts(SwissConfig::new(5), entrants, rounds)
    }

    fn rows(text: &str) -> Vec<Vec<String>> {
        text.lines()
            .skip(2)
            .take_while(|l| !l.is_empty())
            .map(|l| l.split_whitespace().map(String::from).collect())
            .collect()
    }

    #[test]
    fn a_hand_checked_crosstable() {
        let text =
            swiss_crosstable(&four_players(), "Club Swiss", &[TieBreak::DirectEncounter, TieBreak::SonnebornBerger]);
        assert!(text.starts_with("Club Swiss: 3 of 5 rounds played\n\n"), "{text}");
        let rows = rows(&text);
        assert_eq!(rows[0], ["#", "Name", "Rating", "R1", "R2", "R3", "Pts", "DE", "SB"]);
        assert_eq!(rows[1], ["1", "Alice", "2000", "4w1", "3b1", "2b½", "2.5", "0", "2.75"]);
        assert_eq!(rows[2], ["2", "Dan", "1700", "3b½", "4b½", "1w½", "1.5", "0.5", "2.25"]);
        assert_eq!(rows[3], ["3", "Bob", "1900", "2w½", "1w0", "4b1", "1.5", "0.5", "1.25"]);
        assert_eq!(rows[4], ["4", "Carol", "1800", "1b0", "2w½", "3w0", "0.5", "0", "0.75"]);
        assert!(text.contains("Tie-breaks, in order: DE direct encounter; SB Sonneborn-Berger."));
    }

    #[test]
    fn byes_forfeits_and_running_games_have_their_own_cells() {
        use GameResult::*;
        let rounds = vec![
            Round { games: vec![game(0, 1, Some(WhiteWinsByForfeit))], bye: Some(2) },
            Round { games: vec![game(2, 0, None)], bye: Some(1) },
        ];
        let entrants = vec![entrant("Ann", 1500), entrant("Ben", 1400), entrant("Cy", 1300)];
        let event = SwissEvent::from_parts(SwissConfig::new(3), entrants, rounds);
        let text = swiss_crosstable(&event, "Odd", &[]);
        assert!(text.starts_with("Odd: 1 of 3 rounds played"), "{text}");
        let rows = rows(&text);
        // After round 1 Ann and Cy have 1 point (Ann first by pairing number), Ben 0.
        assert_eq!(rows[1], ["1", "Ann", "1500", "3w+", "2b*", "1"]);
        assert_eq!(rows[2], ["2", "Cy", "1300", "bye", "1w*", "1"]);
        assert_eq!(rows[3], ["3", "Ben", "1400", "1b-", "bye", "0"]);
    }

    #[test]
    fn long_names_are_cut_with_an_ellipsis() {
        assert_eq!(fit("Short", 10), "Short");
        assert_eq!(fit("Abcdefghijkl", 6), "Abcde…");
        assert_eq!(fit("Ünïcödé", 7), "Ünïcödé");
    }
}
