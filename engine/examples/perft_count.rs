//! Chess perft of one position, for instruction counts that do not depend on
//! the machine's load:
//!
//! ```text
//! cargo build --release -p rookery-engine --example perft_count
//! valgrind --tool=callgrind target/release/examples/perft_count "<FEN>" 5
//! ```
//!
//! `cargo bench --bench perft` times the same count against shakmaty; this
//! runs one count alone, so a profiler sees nothing else.

use std::process::ExitCode;
use std::time::Instant;

use rookery_engine::{fen, perft::perft, Variant};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [text, depth] = args.as_slice() else {
        eprintln!("usage: perft_count \"<FEN>\" DEPTH");
        return ExitCode::FAILURE;
    };
    let Ok(depth) = depth.parse::<u32>() else {
        eprintln!("the depth is a whole number of plies, not {depth:?}");
        return ExitCode::FAILURE;
    };
    let rules = Variant::Chess.rules().expect("chess is built in");
    let mut position = match fen::chess::parse(&rules, text) {
        Ok(position) => position,
        Err(error) => {
            eprintln!("not a chess position: {error}");
            return ExitCode::FAILURE;
        }
    };
    let started = Instant::now();
    let nodes = perft(&mut position, depth);
    let seconds = started.elapsed().as_secs_f64();
    println!("{nodes} nodes in {seconds:.3} s, {:.1} M nodes/s", nodes as f64 / seconds / 1e6);
    ExitCode::SUCCESS
}
