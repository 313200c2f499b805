//! Every round of many generated Swiss events, paired and compared with the
//! pairings stored in `tests/data/pairings.txt`. The file was written by the
//! pairing as it stood before the matching was made faster (warm-started
//! matchings instead of one from scratch for every trial pair), so a change
//! meant to be only faster must leave every line of it as it is.
//!
//! Only a deliberate change of the pairing rules may write the file again:
//! `ROOKERY_WRITE_PAIRINGS=1 cargo test -p rookery-tournament --release --test
//! stored_pairings`, and the diff then shows every round that changed.

mod common;

use std::fmt::Write;

use common::{play_last_round, player};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_tournament::swiss::{SwissConfig, SwissEvent};
use rookery_tournament::{Colour, GameResult};

const STORED: &str = "tests/data/pairings.txt";

/// How an event's games end.
#[derive(Clone, Copy)]
enum Results {
    /// By rating, with draws and forfeits (`common::play_last_round`).
    ByRating,
    /// A White win, a Black win or a draw, a third of the chances each, as in
    /// the bot's simulated events.
    Thirds,
}

struct Shape {
    players: u32,
    rounds: u32,
    equal_ratings: bool,
    results: Results,
    /// Late entries and withdrawals between rounds.
    comings_and_goings: bool,
}

fn shapes() -> Vec<Shape> {
    let mut rng = StdRng::seed_from_u64(32);
    let mut shapes: Vec<Shape> = (0..100)
        .map(|k| Shape {
            players: rng.random_range(5..=60),
            rounds: rng.random_range(4..=9),
            equal_ratings: k % 3 == 0,
            results: if k % 2 == 0 { Results::Thirds } else { Results::ByRating },
            comings_and_goings: k % 4 == 1,
        })
        .collect();
    // The sizes the speed target is about: a field as large as the bot's
    // 200-player simulation, odd and even.
    for (players, equal_ratings, results, comings_and_goings) in [
        (200, true, Results::Thirds, false),
        (200, false, Results::ByRating, false),
        (151, true, Results::Thirds, true),
        (120, false, Results::Thirds, false),
    ] {
        shapes.push(Shape { players, rounds: 7, equal_ratings, results, comings_and_goings });
    }
    shapes
}

fn play_thirds(event: &mut SwissEvent, rng: &mut StdRng) {
    let round = event.rounds().len() - 1;
    for board in 0..event.rounds()[round].games.len() {
        let result = [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw][rng.random_range(0..3)];
        event.record_result(round, board, result).expect("a paired game");
    }
}

/// Plays the event through and writes each round's pairing, one line each:
/// the games as white–black entrant numbers, board 1 first, then the bye.
fn pairings_of(number: usize, shape: &Shape) -> String {
    let mut rng = StdRng::seed_from_u64(number as u64);
    let mut config = SwissConfig::new(shape.rounds);
    if number % 5 == 4 {
        config.first_colour = Colour::Black;
    }
    let mut event = SwissEvent::new(config);
    let rating = |rng: &mut StdRng| if shape.equal_ratings { 1500 } else { rng.random_range(1000..2700) };
    for k in 0..shape.players {
        let r = rating(&mut rng);
        event.add_player(player(k, r)).expect("distinct ids");
    }
    let mut text = format!("event {number}: {} players, {} rounds\n", shape.players, shape.rounds);
    for round in 1..=shape.rounds {
        if shape.comings_and_goings && round > 1 {
            let late = shape.players + round;
            let r = rating(&mut rng);
            event.add_player(player(late, r)).expect("a new id");
            let leaving = rng.random_range(0..event.entrants().len());
            // Withdrawing twice is refused; the event goes on either way.
            let _ = event.withdraw(leaving);
        }
        let paired = match event.pair_next_round() {
            Ok(paired) => paired,
            Err(error) => {
                writeln!(text, "round {round}: {error}").expect("a string");
                break;
            }
        };
        write!(text, "round {round}:").expect("a string");
        for game in &paired.games {
            write!(text, " {}-{}", game.white, game.black).expect("a string");
        }
        if let Some(bye) = paired.bye {
            write!(text, " bye {bye}").expect("a string");
        }
        text.push('\n');
        match shape.results {
            Results::ByRating => play_last_round(&mut event, &mut rng),
            Results::Thirds => play_thirds(&mut event, &mut rng),
        }
    }
    text
}

#[test]
fn every_generated_round_is_paired_as_stored() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(STORED);
    let now: String = shapes().iter().enumerate().map(|(k, shape)| pairings_of(k, shape)).collect();
    if std::env::var_os("ROOKERY_WRITE_PAIRINGS").is_some() {
        std::fs::write(&path, &now).expect("write the stored pairings");
        return;
    }
    let stored = std::fs::read_to_string(&path).expect("the stored pairings");
    let mut rounds = 0;
    for (line, (stored, now)) in stored.lines().zip(now.lines()).enumerate() {
        assert_eq!(now, stored, "line {} of {STORED} differs", line + 1);
        rounds += usize::from(now.starts_with("round"));
    }
    assert_eq!(now.lines().count(), stored.lines().count(), "as many rounds as stored");
    assert!(rounds > 500, "the events pair {rounds} rounds");
}
