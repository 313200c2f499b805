//! `cargo bench -p rookery-engine --bench perft`: chess perft from the start
//! position to depth 6 with Rookery's generic engine and with shakmaty in the
//! same run, best of five each (taken in turns), with nodes per second and
//! the ratio.
//!
//! `-- all` adds the other positions of the chessprogramming wiki's "Perft
//! Results" page (`-- kiwipete position4` picks some), so a gain is not
//! the start position's alone.
//!
//! A plain harness rather than criterion: one perft(6) takes seconds, and the
//! figure that matters is throughput against a reference on the same machine.

use std::time::{Duration, Instant};

use rookery_engine::{fen, perft, Variant};
use shakmaty::fen::Fen;
use shakmaty::CastlingMode;

const RUNS: usize = 5;

/// Name, FEN and a depth of a few seconds' work.
const POSITIONS: [(&str, &str, u32); 6] = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6),
    ("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5),
    ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4),
    ("position6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4),
];

/// The best time of each engine over `RUNS` runs taken in turns, so that
/// both meet the same load on a shared machine.
fn best_of_each(mut ours: impl FnMut() -> u64, mut theirs: impl FnMut() -> u64) -> [(u64, Duration); 2] {
    let mut best = [(0, Duration::MAX); 2];
    for _ in 0..RUNS {
        for (slot, run) in [&mut ours as &mut dyn FnMut() -> u64, &mut theirs].into_iter().enumerate() {
            let started = Instant::now();
            let nodes = run();
            let time = started.elapsed();
            if time < best[slot].1 {
                best[slot] = (nodes, time);
            }
        }
    }
    best
}

fn compare(name: &str, text: &str, depth: u32) {
    let rules = Variant::Chess.rules().expect("chess");
    let mut ours = fen::chess::parse(&rules, text).expect("a valid position");
    let theirs: shakmaty::Chess = Fen::from_ascii(text.as_bytes())
        .expect("a valid FEN")
        .into_position(CastlingMode::Standard)
        .expect("a legal position");
    let [(our_nodes, our_time), (their_nodes, their_time)] =
        best_of_each(|| perft::perft(&mut ours, depth), || shakmaty::perft(&theirs, depth));
    assert_eq!(our_nodes, their_nodes, "both engines must count the same tree");

    let rate = |nodes: u64, time: Duration| nodes as f64 / time.as_secs_f64() / 1e6;
    let (ours_mnps, theirs_mnps) = (rate(our_nodes, our_time), rate(their_nodes, their_time));
    println!("chess perft({depth}) from the {name} position: {our_nodes} nodes, best of {RUNS}");
    println!("rookery   {:>8.3} s  {ours_mnps:>7.1} M nodes/s", our_time.as_secs_f64());
    println!("shakmaty  {:>8.3} s  {theirs_mnps:>7.1} M nodes/s", their_time.as_secs_f64());
    println!("ratio     {:.2}x shakmaty's speed (target >= 0.50x)", ours_mnps / theirs_mnps);
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` passes nothing and
    // should not spend half a minute here.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.iter().any(|a| a == "--bench") {
        return;
    }
    let names: Vec<&str> = args.iter().map(String::as_str).filter(|a| !a.starts_with("--")).collect();
    let all = names.contains(&"all");
    let chosen: Vec<_> = POSITIONS
        .iter()
        .filter(|(name, _, _)| if names.is_empty() { *name == "start" } else { all || names.contains(name) })
        .collect();
    if chosen.is_empty() {
        let known: Vec<&str> = POSITIONS.iter().map(|(name, _, _)| *name).collect();
        eprintln!("no such position; choose from: all {}", known.join(" "));
        std::process::exit(2);
    }
    for (name, text, depth) in chosen {
        compare(name, text, *depth);
    }
}
