//! The full loopback load test with its figures:
//!
//! ```text
//! cargo build --release -p rookery
//! cargo bench -p rookery-tests --bench load -- [GAMES] [PROCESSES] [KILL_AFTER_SECONDS] [graceful]
//! ```
//!
//! With `graceful` the process is stopped with SIGTERM instead of SIGKILL, and
//! the report says how long it took to exit.
//!
//! 1,000 games by default, one process on sled; with `DATABASE_URL` set, any
//! number of processes share that PostgreSQL database, in a schema
//! `rookery_load_bench` made empty for the run. docs/scaling.md gives the
//! figures measured.

// The fake and the fixtures serve the end-to-end suite too; the bench uses part of them.
#[allow(dead_code)]
mod fake_discord;
#[allow(dead_code, unused_imports)]
mod interactions;
mod load;

use std::time::Duration;

use anyhow::{Context as _, Result};

#[tokio::main]
async fn main() -> Result<()> {
    // `cargo bench` passes `--bench`; the numbers are ours.
    let numbers: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let dir = tempfile::tempdir()?;
    let plan = load::Plan {
        binary: load::rookery_binary()?,
        games: numbers.first().map_or(1000, |&n| n as usize),
        plies: 8,
        processes: numbers.get(1).map_or(1, |&n| n as u32),
        kill_after: numbers.get(2).map(|&s| Duration::from_secs(s)),
        stop: if std::env::args().any(|a| a == "graceful") { load::Stop::Terminate } else { load::Stop::Kill },
        database_url: match std::env::var("DATABASE_URL") {
            Ok(server) => Some(load::empty_schema(&server, "rookery_load_bench")?),
            Err(_) => None,
        },
        dir: dir.path().to_path_buf(),
    };
    println!(
        "{} games of {} moves and a roll each, {} process(es), {}",
        plan.games,
        plan.plies,
        plan.processes,
        if plan.database_url.is_some() { "PostgreSQL" } else { "sled" }
    );
    let report = load::run(&plan).await.context("the load run")?;
    println!("{report}");
    for problem in report.lost.iter().chain(&report.twice).take(20) {
        println!("  {problem}");
    }
    anyhow::ensure!(report.lost.is_empty() && report.twice.is_empty(), "acknowledged work was lost or applied twice");
    Ok(())
}
