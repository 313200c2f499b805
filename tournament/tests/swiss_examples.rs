//! Small Swiss rounds worked by hand with the Dutch rules (each expected
//! pairing is explained in docs/tournaments.md, "Worked examples").

use rookery_tournament::swiss::{SwissConfig, SwissError, SwissEvent};
use rookery_tournament::{GameResult, Player, Score};

/// An event whose players are numbered 1..=n by rating (1 the highest); the
/// entrant index of player k is k-1.
fn event(players: u32, rounds: u32) -> SwissEvent {
    let mut event = SwissEvent::new(SwissConfig::new(rounds));
    for k in 1..=players {
        event.add_player(Player { id: u64::from(k), name: format!("P{k}"), rating: 2000 - k * 10 }).unwrap();
    }
    event
}

/// The last round as (white, black) in player numbers, board order, and the bye.
fn boards(event: &SwissEvent) -> (Vec<(usize, usize)>, Option<usize>) {
    let round = event.rounds().last().unwrap();
    (round.games.iter().map(|g| (g.white + 1, g.black + 1)).collect(), round.bye.map(|b| b + 1))
}

fn higher_rated_wins(event: &mut SwissEvent) {
    let round = event.rounds().len() - 1;
    let games = event.rounds()[round].games.clone();
    for (board, game) in games.iter().enumerate() {
        let result = if game.white < game.black { GameResult::WhiteWins } else { GameResult::BlackWins };
        event.record_result(round, board, result).unwrap();
    }
}

#[test]
fn round_one_pairs_top_half_against_bottom_half_alternating_colours() {
    let mut e = event(8, 5);
    e.pair_next_round().unwrap();
    assert_eq!(boards(&e), (vec![(1, 5), (6, 2), (3, 7), (8, 4)], None));
}

#[test]
fn round_one_with_an_odd_field_gives_the_bye_to_the_lowest() {
    let mut e = event(5, 3);
    e.pair_next_round().unwrap();
    assert_eq!(boards(&e), (vec![(1, 3), (4, 2)], Some(5)));
}

#[test]
fn round_two_transposes_to_grant_colour_preferences() {
    let mut e = event(8, 5);
    e.pair_next_round().unwrap();
    higher_rated_wins(&mut e);
    e.pair_next_round().unwrap();
    // 1 and 3 had White, 2 and 4 Black: 1-3 and 2-4 would deny four players
    // their colour, so S2 is transposed to 4,3. Likewise below.
    assert_eq!(boards(&e), (vec![(4, 1), (2, 3), (5, 8), (7, 6)], None));
}

#[test]
fn the_bye_is_not_given_twice_and_counts_one_point() {
    let mut e = event(5, 3);
    e.pair_next_round().unwrap();
    higher_rated_wins(&mut e);
    assert_eq!(e.score(4), Score::ONE);
    e.pair_next_round().unwrap();
    let (_, bye) = boards(&e);
    assert_ne!(bye, Some(5));
}

#[test]
fn four_players_three_rounds_is_a_round_robin() {
    let mut e = event(4, 3);
    for _ in 0..3 {
        e.pair_next_round().unwrap();
        higher_rated_wins(&mut e);
    }
    let mut met = std::collections::HashSet::new();
    for round in e.rounds() {
        for g in &round.games {
            assert!(met.insert((g.white.min(g.black), g.white.max(g.black))), "rematch in {:?}", e.rounds());
        }
    }
    assert_eq!(met.len(), 6);
    assert_eq!(e.pair_next_round().unwrap_err(), SwissError::Finished);
}

#[test]
fn a_round_waits_for_its_results() {
    let mut e = event(4, 3);
    e.pair_next_round().unwrap();
    assert_eq!(e.pair_next_round().unwrap_err(), SwissError::RoundInProgress);
}

#[test]
fn late_entries_and_withdrawals_take_effect_from_the_next_round() {
    let mut e = event(6, 4);
    e.pair_next_round().unwrap();
    higher_rated_wins(&mut e);
    e.withdraw(0).unwrap();
    assert_eq!(e.withdraw(0).unwrap_err(), SwissError::AlreadyWithdrawn);
    let late = e.add_player(Player { id: 99, name: "Late".into(), rating: 2500 }).unwrap();
    e.pair_next_round().unwrap();
    let round = e.rounds().last().unwrap();
    let seated: Vec<usize> = round.games.iter().flat_map(|g| [g.white, g.black]).chain(round.bye).collect();
    assert!(!seated.contains(&0), "the withdrawn player is not paired");
    assert!(seated.contains(&late), "the late entrant is paired");
    assert_eq!(e.score(late), Score::ZERO);
    assert_eq!(round.bye, None, "six players again: no bye");
}

#[test]
fn same_state_same_pairings() {
    let mut a = event(11, 4);
    let mut b = event(11, 4);
    for _ in 0..4 {
        a.pair_next_round().unwrap();
        b.pair_next_round().unwrap();
        assert_eq!(a.rounds(), b.rounds());
        higher_rated_wins(&mut a);
        higher_rated_wins(&mut b);
    }
}
