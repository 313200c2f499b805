//! `cargo bench -p rookery-tournament --bench pairing`: the time to pair one
//! Swiss round of 200 players (the target is under 100 ms) at rounds 1, 4 and
//! 7 of a simulated event, and one Arena pairing of 200 waiting players; best
//! of fifteen each (the minimum: the machine may be shared).
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

fn best_of(mut run: impl FnMut()) -> Duration {
    (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            run();
            started.elapsed()
        })
        .min()
        .expect("at least one run")
}

fn play(event: &mut SwissEvent, rng: &mut StdRng) {
    let round = event.rounds().len() - 1;
    for board in 0..event.rounds()[round].games.len() {
        let result = match rng.random_range(0..10) {
            0..=3 => GameResult::WhiteWins,
            4..=6 => GameResult::BlackWins,
            _ => GameResult::Draw,
        };
        event.record_result(round, board, result).expect("a paired game");
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
            let time = best_of(|| {
                event.clone().pair_next_round().expect("a pairing");
            });
            println!("swiss {PLAYERS} players, round {round}: {:.1} ms", time.as_secs_f64() * 1e3);
        }
        event.pair_next_round().expect("a pairing");
        play(&mut event, &mut rng);
    }
    let mut arena = Arena::new(0, 3_600_000, true);
    for k in 0..PLAYERS {
        arena.join(Player { id: u64::from(k), name: format!("A{k}"), rating: 1000 + k * 7 }, 0).expect("distinct ids");
    }
    let time = best_of(|| {
        arena.clone().pair_waiting(1).expect("running");
    });
    println!("arena {PLAYERS} waiting players: {:.1} ms", time.as_secs_f64() * 1e3);
}
