//! A graceful stop, in process: a command the core is still working on when
//! the stop is requested is answered before `serve` returns, and the closed
//! gateway takes no new ones. (`load_run` stops a real `rookery serve` with
//! SIGTERM mid-run.)

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result};
use axum::http::Method;
use rookery::core::{Handler, Place, Reply, Request};
use rookery::discord::ServeOptions;
use rookery::telemetry::shutdown::Shutdown;

use crate::interactions::{slash, string, ALICE};
use crate::{connect_with, core};

/// The real core, slowed down: every command takes `delay` before it runs.
struct Slow {
    core: Arc<dyn Handler>,
    delay: Duration,
    started: AtomicBool,
}

impl Handler for Slow {
    fn handle(&self, request: Request) -> Vec<Reply> {
        self.started.store(true, Ordering::SeqCst);
        std::thread::sleep(self.delay);
        self.core.handle(request)
    }

    fn complete_move(&self, place: Place, user: u64, partial: &str) -> Vec<String> {
        self.core.complete_move(place, user, partial)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_in_flight_is_answered_before_the_stop_completes() -> Result<()> {
    let (core, _database) = core()?;
    let slow = Arc::new(Slow { core, delay: Duration::from_millis(1500), started: AtomicBool::new(false) });
    let shutdown = Shutdown::default();
    let options = ServeOptions { shutdown: shutdown.clone(), ..ServeOptions::default() };
    let mut connected = connect_with(slow.clone(), options).await?;

    connected.fake.dispatch(slash(7_001, ALICE, "roll", vec![string("expression", "1d6")]))?;
    while !slow.started.load(Ordering::SeqCst) {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    shutdown.request();
    let served = tokio::time::timeout(Duration::from_secs(15), &mut connected.bot)
        .await
        .context("serve did not return after the stop")?;
    served?.context("serve failed")?;

    // By the time serve returned, the roll was answered, publicly.
    let answer = connected
        .fake
        .calls()
        .into_iter()
        .find(|c| c.method == Method::POST && c.path.starts_with("/api/v10/interactions/7001/"))
        .context("the command in flight was not answered before serve returned")?;
    assert!(!answer.is_ephemeral(), "answered, not turned away: {:?}", answer.payload);
    // The gateway is closed: nothing more reaches this process.
    assert!(connected.fake.dispatch(slash(7_002, ALICE, "roll", vec![string("expression", "1d6")])).is_err());
    Ok(())
}
