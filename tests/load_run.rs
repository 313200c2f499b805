//! A small run of the loopback load test in the suite: `rookery serve` plays
//! 40 games at once on sled, is killed with SIGKILL in the middle and started
//! again, and nothing it acknowledged is lost or applied twice.

use std::time::Duration;

use anyhow::Result;

use crate::load::{rookery_binary, run, Plan};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_and_restarted_process_loses_nothing_it_acknowledged() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let plan = Plan {
        binary: rookery_binary()?,
        games: 40,
        plies: 6,
        processes: 1,
        kill_after: Some(Duration::from_millis(1500)),
        database_url: None,
        dir: dir.path().to_path_buf(),
    };
    let report = run(&plan).await?;
    println!("{report}");
    assert!(report.lost.is_empty(), "acknowledged and lost: {:?}", report.lost);
    assert!(report.twice.is_empty(), "applied twice: {:?}", report.twice);
    assert!(report.latencies.len() >= 40, "most moves were acknowledged: {report}");
    Ok(())
}
