//! Small runs of the loopback load test in the suite: `rookery serve` plays
//! 40 games at once on sled, is killed with SIGKILL in the middle and started
//! again, and nothing it acknowledged is lost or applied twice; stopped with
//! SIGTERM instead, it exits by itself and answers every move it applied. On
//! PostgreSQL (`ROOKERY_TEST_DATABASE_URL`, SKIPPED without it) two processes
//! with a shard each share the database, and one is killed mid-run.

use std::path::Path;
use std::time::Duration;

use anyhow::Result;
use rookery_storage::test_server;

use crate::load::{empty_schema, rookery_binary, run, Plan, Report, Stop};

/// A small run: 40 games of 6 moves over `processes` processes, the last one
/// stopped by `stop` as soon as a third of the moves are in (the rest still to
/// come, and some in flight, however fast this machine plays) and restarted.
/// Whatever the stop, nothing acknowledged may be lost or applied twice, and
/// moves must have been sent while the process was down.
async fn small_run(dir: &Path, processes: u32, stop: Stop, database_url: Option<String>) -> Result<Report> {
    let plan = Plan {
        binary: rookery_binary()?,
        games: 40,
        plies: 6,
        processes,
        kill_after: Some(Duration::ZERO),
        stop,
        database_url,
        dir: dir.to_path_buf(),
    };
    let report = run(&plan).await?;
    println!("{report}");
    assert!(report.lost.is_empty(), "acknowledged and lost: {:?}", report.lost);
    assert!(report.twice.is_empty(), "applied twice: {:?}", report.twice);
    assert!(report.unanswered > 0, "the stop came mid-run: moves were sent while the process was down: {report}");
    assert!(report.latencies.len() >= 40, "most moves were acknowledged: {report}");
    Ok(report)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_and_restarted_process_loses_nothing_it_acknowledged() -> Result<()> {
    let dir = tempfile::tempdir()?;
    small_run(dir.path(), 1, Stop::Kill, None).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_postgresql_and_a_killed_one_loses_nothing() -> Result<()> {
    let Some(server) = test_server::test_server("the load run of two processes on PostgreSQL") else {
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let database = empty_schema(&server, "load_run_two_processes")?;
    let report = small_run(dir.path(), 2, Stop::Kill, Some(database)).await?;
    assert!(report.moves_by_process.iter().all(|&moves| moves > 0), "both processes played: {report}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gracefully_stopped_process_answers_every_move_it_applied() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let report = small_run(dir.path(), 1, Stop::Terminate, None).await?;
    assert!(report.graceful_exit.is_some(), "the process was stopped with SIGTERM: {report}");
    // A kill may take one move's answer with it; a graceful stop answers it first.
    assert!(report.unanswered_but_stored.is_empty(), "applied but never answered: {:?}", report.unanswered_but_stored);
    let log = std::fs::read_to_string(dir.path().join("process-0.log"))?;
    assert!(!log.contains("still in flight"), "the stop waited for every command: {log}");
    Ok(())
}
