//! Small runs of the loopback load test in the suite: `rookery serve` plays
//! 40 games at once on sled, is killed with SIGKILL in the middle and started
//! again, and nothing it acknowledged is lost or applied twice; stopped with
//! SIGTERM instead, it exits by itself and answers every move it applied. On
//! PostgreSQL (`ROOKERY_TEST_DATABASE_URL`, SKIPPED without it) two processes
//! with a shard each share the database, and one is killed mid-run.

use std::time::Duration;

use anyhow::Result;

use crate::load::{empty_schema, rookery_binary, run, Plan, Report, Stop};

/// What every run must show: nothing acknowledged lost, nothing twice, and
/// the stop came while moves were still being sent.
fn assert_nothing_lost(report: &Report) {
    assert!(report.lost.is_empty(), "acknowledged and lost: {:?}", report.lost);
    assert!(report.twice.is_empty(), "applied twice: {:?}", report.twice);
    assert!(report.unanswered > 0, "the stop came mid-run: moves were sent while the process was down: {report}");
    assert!(report.latencies.len() >= 40, "most moves were acknowledged: {report}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_and_restarted_process_loses_nothing_it_acknowledged() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let plan = Plan {
        binary: rookery_binary()?,
        games: 40,
        plies: 6,
        processes: 1,
        // As soon as a third of the moves are in (see below).
        kill_after: Some(Duration::ZERO),
        stop: Stop::Kill,
        database_url: None,
        dir: dir.path().to_path_buf(),
    };
    let report = run(&plan).await?;
    println!("{report}");
    assert_nothing_lost(&report);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_postgresql_and_a_killed_one_loses_nothing() -> Result<()> {
    let Ok(server) = std::env::var("ROOKERY_TEST_DATABASE_URL") else {
        eprintln!("SKIPPED: the load run of two processes on PostgreSQL (set ROOKERY_TEST_DATABASE_URL to run it)");
        return Ok(());
    };
    let dir = tempfile::tempdir()?;
    let plan = Plan {
        binary: rookery_binary()?,
        games: 40,
        plies: 6,
        processes: 2,
        kill_after: Some(Duration::ZERO),
        stop: Stop::Kill,
        database_url: Some(empty_schema(&server, "load_run_two_processes")?),
        dir: dir.path().to_path_buf(),
    };
    let report = run(&plan).await?;
    println!("{report}");
    assert_nothing_lost(&report);
    assert!(report.moves_by_process.iter().all(|&moves| moves > 0), "both processes played: {report}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gracefully_stopped_process_answers_every_move_it_applied() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let plan = Plan {
        binary: rookery_binary()?,
        games: 40,
        plies: 6,
        processes: 1,
        // As soon as a third of the moves are in: the rest are still to come
        // (and some in flight), however fast this machine plays.
        kill_after: Some(Duration::ZERO),
        stop: Stop::Terminate,
        database_url: None,
        dir: dir.path().to_path_buf(),
    };
    let report = run(&plan).await?;
    println!("{report}");
    assert!(report.graceful_exit.is_some(), "the process was stopped with SIGTERM: {report}");
    assert_nothing_lost(&report);
    // A kill may take one move's answer with it; a graceful stop answers it first.
    assert!(report.unanswered_but_stored.is_empty(), "applied but never answered: {:?}", report.unanswered_but_stored);
    let log = std::fs::read_to_string(dir.path().join("process-0.log"))?;
    assert!(!log.contains("still in flight"), "the stop waited for every command: {log}");
    Ok(())
}
