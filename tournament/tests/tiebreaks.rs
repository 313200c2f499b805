//! Tie-breaks on a five-player, three-round event worked by hand (the
//! arithmetic is written out in docs/tournaments.md, "Tie-breaks").

use rookery_tournament::swiss::tiebreak::Value;
use rookery_tournament::swiss::{standings, Entrant, Game, Round, SwissConfig, SwissEvent, TieBreak};
use rookery_tournament::{GameResult, Player};

fn game(white: usize, black: usize, result: GameResult) -> Game {
    Game { white: white - 1, black: black - 1, result: Some(result) }
}

fn worked_event() -> SwissEvent {
    let entrants = (1..=5)
        .map(|k| Entrant {
            player: Player { id: k, name: format!("P{k}"), rating: 2000 - k as u32 },
            joined_at: 0,
            withdrew_at: None,
        })
        .collect();
    let rounds = vec![
        Round { games: vec![game(1, 3, GameResult::WhiteWins), game(4, 2, GameResult::Draw)], bye: Some(4) },
        Round { games: vec![game(2, 1, GameResult::BlackWins), game(5, 3, GameResult::WhiteWins)], bye: Some(3) },
        Round { games: vec![game(1, 5, GameResult::Draw), game(3, 4, GameResult::WhiteWinsByForfeit)], bye: Some(1) },
    ];
    SwissEvent::from_parts(SwissConfig::new(3), entrants, rounds)
}

/// Quarter points from a decimal written in the table.
fn q(points: f64) -> Value {
    Value((points * 4.0) as u32)
}

#[test]
fn worked_example_values() {
    let order = [
        TieBreak::DirectEncounter,
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::Progressive,
    ];
    let table: Vec<(usize, String, Vec<Value>)> = standings(&worked_event(), &order)
        .into_iter()
        .map(|s| (s.entrant + 1, s.score.to_string(), s.tie_breaks))
        .collect();
    let expected = vec![
        (5, "2.5".to_string(), vec![q(0.5), q(3.5), q(4.0), q(2.75), q(5.5)]),
        (1, "2.5".to_string(), vec![q(0.5), q(3.0), q(3.5), q(2.5), q(5.5)]),
        (2, "1.5".to_string(), vec![q(0.5), q(4.0), q(4.5), q(1.25), q(2.5)]),
        (4, "1.5".to_string(), vec![q(0.5), q(3.5), q(4.5), q(1.5), q(3.5)]),
        (3, "1".to_string(), vec![q(0.0), q(4.5), q(4.5), q(0.0), q(1.0)]),
    ];
    assert_eq!(table, expected);
}

#[test]
fn direct_encounter_counts_only_games_among_the_tied() {
    // If 3 had beaten 5 in round 2, then 5, 2 and 4 share 1.5 points. 2 and 4
    // drew each other (½ each among the tied); 5 met neither (0). By Buchholz
    // alone 5 leads (5 against 4.5 and 4.5); with direct encounter first 5
    // falls behind both.
    let mut event = worked_event();
    event.record_result(1, 1, GameResult::BlackWins).unwrap();
    let order_of =
        |order: &[TieBreak]| -> Vec<usize> { standings(&event, order).into_iter().map(|s| s.entrant + 1).collect() };
    assert_eq!(order_of(&[TieBreak::Buchholz]), [1, 3, 5, 2, 4]);
    assert_eq!(order_of(&[TieBreak::DirectEncounter, TieBreak::Buchholz]), [1, 3, 2, 4, 5]);
}
