//! `cargo bench -p rookery-tournament --bench pairing`: the time to pair one
//! Swiss round of 200 players (the target is under 100 ms) at rounds 1, 4 and
//! 7 of a simulated event, every round of a 200-player event shaped like the
//! bot's simulation (`bot/tests/tournament_sim.rs`: equal ratings, 7 rounds,
//! a third of the games drawn), and one Arena pairing of 200 waiting players;
//! the best of several runs each (the minimum: the machine may be shared).
//!
//! A plain harness like the engine's benches: the figure is one number per
//! case, and each case needs a whole simulated event as its setup.

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_tournament::arena::Arena;
use rookery_tournament::swiss::{SwissConfig, SwissEvent};
use rookery_tournament::{GameResult, Player};

const PLAYERS: u32 = 200;
const RUNS: usize = 15;

fn best_of(runs: usize, mut run: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let started = Instant::now();
            run();
            started.elapsed()
        })
        .min()
        .expect("at least one run")
}

/// Plays the current round out, with the chances of a White win, a Black win
/// and a draw in the proportions `[white, black, draw]`.
fn play(event: &mut SwissEvent, rng: &mut StdRng, [white, black, draw]: [u32; 3]) {
    let round = event.rounds().len() - 1;
    for board in 0..event.rounds()[round].games.len() {
        let roll = rng.random_range(0..white + black + draw);
        let result = if roll < white {
            GameResult::WhiteWins
        } else if roll < white + black {
            GameResult::BlackWins
        } else {
            GameResult::Draw
        };
        event.record_result(round, board, result).expect("a paired game");
    }
}

/// The bot's simulated Swiss: 200 players who all have the default rating
/// (so they are numbered in the order they joined), 7 rounds, each game won
/// by White, won by Black or drawn with a third of the chances each. Its
/// middle rounds have many score groups and were the slowest to pair.
fn bot_like_swiss() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut event = SwissEvent::new(SwissConfig::new(7));
    for k in 0..PLAYERS {
        event.add_player(Player { id: u64::from(k), name: format!("P{k}"), rating: 1500 }).expect("distinct ids");
    }
    for round in 1..=7 {
        let time = best_of(5, || {
            event.clone().pair_next_round().expect("a pairing");
        });
        println!("swiss {PLAYERS} players like the bot's, round {round}: {:.1} ms", time.as_secs_f64() * 1e3);
        event.pair_next_round().expect("a pairing");
        play(&mut event, &mut rng, [1, 1, 1]);
    }
}

fn main() {
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let mut rng = StdRng::seed_from_u64(200);
    let mut event = SwissEvent::new(SwissConfig::new(9));
    for k in 0..PLAYERS {
        let player = Player { id: u64::from(k), name: format!("P{k}"), rating: rng.random_range(1000..2700) };
        event.add_player(player).expect("distinct ids");
    }
    for round in 1..=7 {
        if [1, 4, 7].contains(&round) {
            let time = best_of(RUNS, || {
                event.clone().pair_next_round().expect("a pairing");
            });
            println!("swiss {PLAYERS} players, round {round}: {:.1} ms", time.as_secs_f64() * 1e3);
        }
        event.pair_next_round().expect("a pairing");
        play(&mut event, &mut rng, [4, 3, 3]);
    }
    bot_like_swiss();
    let mut arena = Arena::new(0, 3_600_000, true);
    for k in 0..PLAYERS {
        arena.join(Player { id: u64::from(k), name: format!("A{k}"), rating: 1000 + k * 7 }, 0).expect("distinct ids");
    }
    let time = best_of(RUNS, || {
        arena.clone().pair_waiting(1).expect("running");
    });
    println!("arena {PLAYERS} waiting players: {:.1} ms", time.as_secs_f64() * 1e3);
}
