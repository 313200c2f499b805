//! `cargo bench -p rookery-engine --bench luckdragon`: Luck Dragon perft from
//! the start position (ordinary moves only, the spec's set M), best of three,
//! in nodes per second. The target is 10 M nodes/s on the project's 2-core
//! machine, about what Fairy-Stockfish does for its 10x8 Capablanca perft there.

use std::time::{Duration, Instant};

use rookery_engine::{fen, perft, Variant};

const DEPTH: u32 = 5;
const RUNS: usize = 3;

fn main() {
    // `cargo test --benches` passes no `--bench` and should not spend time here.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let rules = Variant::LuckDragon.rules().expect("luck dragon");
    let mut position = fen::parse(&rules, rules.start).expect("start position");
    let (nodes, time) = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            let nodes = perft::perft(&mut position, DEPTH);
            (nodes, started.elapsed())
        })
        .min_by_key(|(_, time): &(u64, Duration)| *time)
        .expect("at least one run");
    let mnps = nodes as f64 / time.as_secs_f64() / 1e6;
    println!("luckdragon perft({DEPTH}) from the start position: {nodes} nodes, best of {RUNS}");
    println!("rookery   {:>8.3} s  {mnps:>7.1} M nodes/s (target >= 10)", time.as_secs_f64());
}
