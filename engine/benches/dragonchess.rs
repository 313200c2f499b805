//! `cargo bench -p rookery-engine --bench dragonchess`: legal perft from the
//! Dragonchess start position, best of three, in nodes per second (target:
//! at least 5 M nodes/s; a public pseudo-legal generator without check
//! detection reaches about 10 M on the same machine class).
//!
//! A plain harness, like the chess perft bench: one run takes seconds and the
//! figure that matters is throughput.

use std::time::{Duration, Instant};

use rookery_engine::{fen, perft, Variant};

const DEPTH: u32 = 4;
const RUNS: usize = 3;

fn main() {
    // `cargo test --benches` passes no `--bench` and should not spend time here.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let rules = Variant::Dragonchess.rules().expect("dragonchess");
    let mut position = fen::parse(&rules, rules.start).expect("start position");
    let (nodes, time) = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            let nodes = perft::perft(&mut position, DEPTH);
            (nodes, started.elapsed())
        })
        .min_by_key(|(_, time): &(u64, Duration)| *time)
        .expect("at least one run");
    let rate = nodes as f64 / time.as_secs_f64() / 1e6;
    println!("dragonchess perft({DEPTH}) from the start position: {nodes} nodes, best of {RUNS}");
    println!("rookery   {:>8.3} s  {rate:>7.1} M nodes/s (target >= 5)", time.as_secs_f64());
}
