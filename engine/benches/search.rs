//! `cargo bench -p rookery-engine --bench search -- [DEPTH] [chess]`: the player's
//! searcher ([`Searcher::positional`]) to a fixed depth from a few chess
//! middlegames and each variant's start, fresh each time, printing nodes,
//! time and nodes per second. The same depth before and after a change to the
//! search shows what the change costs or saves (fewer nodes for the same
//! depth, or more nodes per second); the best moves show whether it changed
//! the choices. With `chess`, the chess positions only (for a run under
//! `valgrind --tool=callgrind`, whose instruction counts do not depend on the
//! machine's load).

use std::time::Instant;

use rookery_engine::search::Searcher;
use rookery_engine::{fen, notation, Variant};

/// Chess middlegames and endgames of several kinds (open, closed, tactical).
const CHESS: [&str; 6] = [
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r2q1rk1/pp2bppp/2n1bn2/3p4/3P4/2NBBN2/PP3PPP/R2Q1RK1 w - - 4 11",
    "2r3k1/pp3ppp/2n1b3/3p4/3P4/2PB1N2/P4PPP/4R1K1 b - - 0 24",
    "r1b2rk1/2q1bppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/R4RK1 b - - 2 13",
    "8/5pk1/6p1/p2P4/1p3P2/1P4P1/P5K1/8 w - - 0 40",
];

fn main() {
    // `cargo test --benches` passes no `--bench` and should not spend time here.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let depth: u32 = std::env::args().skip(1).find_map(|a| a.parse().ok()).unwrap_or(10);
    let mut total = (0u64, 0f64);
    let rules = Variant::Chess.rules().expect("chess");
    for text in CHESS {
        let position = fen::parse(&rules, text).expect("a chess position");
        let (nodes, seconds) = measure(&format!("chess {text}"), position, depth);
        total = (total.0 + nodes, total.1 + seconds);
    }
    println!("chess total: {} nodes in {:.2} s, {:.0} k nodes/s", total.0, total.1, total.0 as f64 / total.1 / 1e3);
    if std::env::args().any(|a| a == "chess") {
        return;
    }
    for variant in
        [Variant::LuckDragon, Variant::Dragonchess, Variant::Guardener, Variant::DiceLanding, Variant::NewChess]
    {
        let rules = variant.rules().expect("a built variant");
        let position = fen::parse(&rules, rules.start).expect("start position");
        // The larger boards get three plies less, to stay within seconds.
        measure(&format!("{variant:?} start"), position, depth.saturating_sub(3).max(1));
    }
}

/// Searches `position` to `depth` with a fresh player searcher and prints the result.
fn measure(label: &str, mut position: rookery_engine::Position, depth: u32) -> (u64, f64) {
    let mut searcher = Searcher::new(position.rules()).positional();
    let started = Instant::now();
    let result = searcher.search(&mut position, depth);
    let seconds = started.elapsed().as_secs_f64();
    let nodes = searcher.nodes();
    let best = result.best.map_or("-".to_string(), |mv| notation::san(&position, mv));
    println!(
        "{label}: depth {depth} best {best} score {} nodes {nodes} {seconds:.2} s {:.0} k nodes/s",
        result.score,
        nodes as f64 / seconds / 1e3
    );
    (nodes, seconds)
}
