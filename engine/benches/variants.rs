//! `cargo bench -p rookery-engine --bench variants`: legal perft from the start
//! position of each fairy variant, best of three, in nodes per second.
//!
//! Targets on the project's 2-core machine (issue 12): Luck Dragon (ordinary
//! moves only, the spec's set M) at least 23 M nodes/s and Dragonchess at least
//! 30 M nodes/s, with every variant mechanism of the engine core in place;
//! New chess (issue 17) at least 15 M nodes/s.
//!
//! Dice Landing (board moves only) must reach 0.9x the chess rate in the same
//! run, from the same position: the chess start as DL-FEN with empty reserves,
//! so that only the variant's mechanisms differ. Its own lineup is shown too.
//!
//! A plain harness, like the chess perft bench: one run takes seconds and the
//! figure that matters is throughput.

use std::time::{Duration, Instant};

use rookery_engine::variants::guardener::chain_grants;
use rookery_engine::{fen, perft, Variant};

const RUNS: usize = 3;

/// Each variant with the depth to count and its target in M nodes/s.
const CASES: [(Variant, u32, f64); 3] =
    [(Variant::LuckDragon, 5, 23.0), (Variant::Dragonchess, 4, 30.0), (Variant::NewChess, 4, 15.0)];

fn main() {
    // `cargo test --benches` passes no `--bench` and should not spend time here.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    for (variant, depth, target) in CASES {
        let start = variant.rules().expect("a built variant").start;
        measure(variant, start, depth);
        println!("rookery   target >= {target} M nodes/s");
    }
    let chess = measure(Variant::Chess, rookery_engine::variants::chess::START, 5);
    let same = measure(Variant::DiceLanding, CHESS_AS_DICE_LANDING, 5);
    println!("dicelanding / chess from the chess start: {:.2}x (target >= 0.9x)", same / chess);
    measure(Variant::DiceLanding, rookery_engine::variants::dicelanding::START, 7);
    guardener();
}

/// Guardener Chess (issue 15) with a fixed roll chain at every ply: at least
/// 20 M nodes/s.
fn guardener() {
    let rules = Variant::Guardener.rules().expect("a built variant");
    let chains: [(&str, &[[u32; 2]], u32); 2] =
        [("[1,2]", &[[1, 2]], 5), ("[1,1][3,3][2,4]", &[[1, 1], [3, 3], [2, 4]], 4)];
    for (name, chain, depth) in chains {
        let granted = chain_grants(chain.iter().map(|r| r.as_slice()));
        let mut position = fen::parse(&rules, rules.start).expect("start position");
        let label = format!("guardener perft({depth}) with chain {name} at every ply");
        best_of_runs(&label, || perft::perft_granted(&mut position, depth, granted));
        println!("rookery   target >= 20 M nodes/s");
    }
}

/// The chess start position in DL-FEN, both reserves empty.
const CHESS_AS_DICE_LANDING: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w e1a1h1e8a8h8 - 0 1 -";

/// Best of [`RUNS`] perfts of `variant` from `start`, printed; M nodes/s.
fn measure(variant: Variant, start: &str, depth: u32) -> f64 {
    let rules = variant.rules().expect("a built variant");
    let mut position = fen::parse(&rules, start).expect("start position");
    best_of_runs(&format!("{variant} perft({depth}) from {start}"), || perft::perft(&mut position, depth))
}

/// The best of [`RUNS`] runs of `count` (a perft), printed; M nodes/s.
fn best_of_runs(label: &str, mut count: impl FnMut() -> u64) -> f64 {
    let (nodes, time) = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            let nodes = count();
            (nodes, started.elapsed())
        })
        .min_by_key(|(_, time): &(u64, Duration)| *time)
        .expect("at least one run");
    let rate = nodes as f64 / time.as_secs_f64() / 1e6;
    println!("{label}: {nodes} nodes, best of {RUNS}");
    println!("rookery   {:>8.3} s  {rate:>7.1} M nodes/s", time.as_secs_f64());
    rate
}
