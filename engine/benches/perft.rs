//! `cargo bench -p rookery-engine --bench perft`: chess perft from the start
//! position to depth 6 with Rookery's generic engine and with shakmaty in the
//! same run, best of three each, with nodes per second and the ratio.
//!
//! A plain harness rather than criterion: one perft(6) takes seconds, and the
//! figure that matters is throughput against a reference on the same machine.

use std::time::{Duration, Instant};

use rookery_engine::{fen, perft, Variant};

const DEPTH: u32 = 6;
const RUNS: usize = 3;

fn best_of(mut run: impl FnMut() -> u64) -> (u64, Duration) {
    (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            let nodes = run();
            (nodes, started.elapsed())
        })
        .min_by_key(|(_, time)| *time)
        .expect("at least one run")
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing and
    // should not spend half a minute here.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let rules = Variant::Chess.rules().expect("chess");
    let mut ours = fen::chess::parse(&rules, rules.start).expect("start position");
    let (our_nodes, our_time) = best_of(|| perft::perft(&mut ours, DEPTH));

    let theirs = shakmaty::Chess::default();
    let (their_nodes, their_time) = best_of(|| shakmaty::perft(&theirs, DEPTH));
    assert_eq!(our_nodes, their_nodes, "both engines must count the same tree");

    let rate = |nodes: u64, time: Duration| nodes as f64 / time.as_secs_f64() / 1e6;
    let (ours_mnps, theirs_mnps) = (rate(our_nodes, our_time), rate(their_nodes, their_time));
    println!("chess perft({DEPTH}) from the start position: {our_nodes} nodes, best of {RUNS}");
    println!("rookery   {:>8.3} s  {ours_mnps:>7.1} M nodes/s", our_time.as_secs_f64());
    println!("shakmaty  {:>8.3} s  {theirs_mnps:>7.1} M nodes/s", their_time.as_secs_f64());
    println!("ratio     {:.2}x shakmaty's speed (target >= 0.30x)", ours_mnps / theirs_mnps);
}
