//! Verified chess puzzles generated per minute on one core: self-play, mate
//! search and uniqueness verification, as `rookery puzzles generate` runs
//! them. The target is at least 10 a minute.
//!
//! `cargo bench -p rookery-engine --bench puzzles [-- SECONDS]` (default 60).

use std::time::{Duration, Instant};

use rookery_engine::puzzle::Generator;
use rookery_engine::Variant;

fn main() {
    // `cargo bench` passes `--bench`; the first number is the duration.
    let seconds = std::env::args().skip(1).find_map(|a| a.parse::<u64>().ok()).unwrap_or(60);
    let budget = Duration::from_secs(seconds);
    let mut generator = Generator::new(Variant::Chess, 1).expect("chess is built in");
    let mut by_length = [0u32; 5];
    let started = Instant::now();
    while started.elapsed() < budget {
        let found = generator.next_puzzle(1_000).expect("self-play keeps finding puzzles");
        by_length[found.puzzle.mate_in as usize] += 1;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let stats = generator.stats();
    println!(
        "puzzles: {} verified chess puzzles in {elapsed:.1} s on one core = {:.1} per minute (target >= 10)",
        stats.puzzles,
        stats.puzzles as f64 * 60.0 / elapsed
    );
    println!(
        "  mate in 1/2/3/4: {}/{}/{}/{}; {} self-play games, {} positions searched, {} rejected as not unique",
        by_length[1], by_length[2], by_length[3], by_length[4], stats.games, stats.positions, stats.rejected
    );
}
