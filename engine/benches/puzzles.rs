//! Verified puzzles generated per minute on one core, for every game:
//! self-play, the win search and uniqueness verification, as `rookery
//! puzzles generate` runs them, and the share of candidates with a forced
//! win rejected as not unique. The target is at least 10 a minute per game.
//!
//! `cargo bench -p rookery-engine --bench puzzles [-- SECONDS [VARIANT]]`:
//! SECONDS (default 60) for each game, or for VARIANT alone.

use std::time::{Duration, Instant};

use rookery_engine::puzzle::Generator;
use rookery_engine::Variant;

fn main() {
    // `cargo bench` passes `--bench`; the first number is the duration.
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seconds = args.iter().find_map(|a| a.parse::<u64>().ok()).unwrap_or(60);
    let only: Option<Variant> = args.iter().find_map(|a| a.parse().ok());
    let budget = Duration::from_secs(seconds);
    for variant in Variant::ALL.into_iter().filter(|v| only.is_none_or(|only| only == *v)) {
        bench(variant, budget);
    }
}

fn bench(variant: Variant, budget: Duration) {
    let mut generator = Generator::new(variant, 1).expect("the variant is built in");
    let mut by_length = [0u32; 5];
    let started = Instant::now();
    while started.elapsed() < budget {
        match generator.next_puzzle(1_000) {
            Some(found) => by_length[found.puzzle.mate_in as usize] += 1,
            None => break,
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    let stats = generator.stats();
    let with_win = stats.puzzles + stats.rejected;
    let rejected = if with_win == 0 { 0.0 } else { 100.0 * stats.rejected as f64 / with_win as f64 };
    println!(
        "{variant}: {} verified puzzles in {elapsed:.1} s on one core = {:.1} per minute (target >= 10)",
        stats.puzzles,
        stats.puzzles as f64 * 60.0 / elapsed
    );
    println!(
        "  win in 1/2/3/4: {}/{}/{}/{}; {} self-play games, {} positions searched, {} rejected as not unique \
         ({rejected:.0}% of candidates with a forced win), {} skipped as too costly to prove",
        by_length[1],
        by_length[2],
        by_length[3],
        by_length[4],
        stats.games,
        stats.positions,
        stats.rejected,
        stats.too_hard
    );
}
