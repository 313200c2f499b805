//! Shards across processes: two `serve` runs (standing for two processes) hold
//! one shard each of two; the fake Discord routes each server's interactions
//! to the shard Discord would, so each is answered once, by the process holding
//! it. Only the process holding shard 0 registers the commands and runs the
//! schedulers; the other posts only what its own commands left due. A process
//! starts exactly the shards of its block.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Result;
use axum::http::Method;
use rookery::core::{Handler, Place, Reply, Request};
use rookery::discord::{serve, ServeOptions, ShardBlock};
use serde_json::json;

use crate::fake_discord::FakeDiscord;
use crate::interactions::{slash, string, ALICE, GUILD};

/// A server on shard 0 of 2 (`GUILD` is on shard 1).
const GUILD_ON_SHARD_0: u64 = GUILD + (1 << 22);

/// The real core, counting how often the adapter asks it for due messages.
struct Counting {
    core: Arc<dyn Handler>,
    scheduled: AtomicUsize,
    own: AtomicUsize,
}

impl Handler for Counting {
    fn handle(&self, request: Request) -> Vec<Reply> {
        self.core.handle(request)
    }

    fn complete_move(&self, place: Place, user: u64, partial: &str) -> Vec<String> {
        self.core.complete_move(place, user, partial)
    }

    fn due(&self) -> Vec<(Place, Reply)> {
        self.scheduled.fetch_add(1, Ordering::SeqCst);
        self.core.due()
    }

    fn own_due(&self) -> Vec<(Place, Reply)> {
        self.own.fetch_add(1, Ordering::SeqCst);
        self.core.own_due()
    }
}

fn process(
    fake: &FakeDiscord,
    shards: ShardBlock,
) -> Result<(Arc<Counting>, tokio::task::JoinHandle<()>, tempfile::TempDir)> {
    let (core, dir) = crate::core()?;
    let counting = Arc::new(Counting { core, scheduled: AtomicUsize::new(0), own: AtomicUsize::new(0) });
    let options = ServeOptions {
        rest_url: Some(fake.rest_url()),
        gateway_url: Some(fake.gateway_url()),
        tick: Duration::from_millis(20),
        shards,
        ..ServeOptions::default()
    };
    let handler: Arc<dyn Handler> = counting.clone();
    let bot = tokio::spawn(async move {
        if let Err(error) = serve(handler, crate::TOKEN, options).await {
            panic!("a shard process stopped: {error}");
        }
    });
    Ok((counting, bot, dir))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_split_the_servers_and_only_shard_0_coordinates() -> Result<()> {
    let fake = FakeDiscord::start().await?;
    let (first, first_bot, _first_dir) = process(&fake, ShardBlock::new(0..=0, 2)?)?;
    let (second, second_bot, _second_dir) = process(&fake, ShardBlock::new(1..=1, 2)?)?;
    let mut identified = fake.wait_identified(2).await?;
    identified.sort_unstable();
    assert_eq!(identified, [[0, 2], [1, 2]], "each process identifies as its own shard");

    // One roll in a server of each shard: each is answered exactly once.
    for (id, guild) in [(4_001, GUILD_ON_SHARD_0), (4_002, GUILD)] {
        let mut roll = slash(id, ALICE, "roll", vec![string("expression", "1d6")]);
        roll["guild_id"] = json!(guild.to_string());
        fake.dispatch(roll)?;
        fake.callback(id).await?;
    }
    // Long enough for a wrongly routed copy to be answered too.
    tokio::time::sleep(Duration::from_millis(300)).await;
    for id in [4_001, 4_002] {
        let path = format!("/api/v10/interactions/{id}/");
        let answers = fake.calls().iter().filter(|c| c.method == Method::POST && c.path.starts_with(&path)).count();
        assert_eq!(answers, 1, "interaction {id} answered once");
    }

    let registrations =
        fake.calls().iter().filter(|c| c.method == Method::PUT && c.path.ends_with("/commands")).count();
    assert_eq!(registrations, 1, "only the process holding shard 0 registers the commands");
    assert!(first.scheduled.load(Ordering::SeqCst) > 0, "shard 0's process runs the schedulers");
    assert_eq!(second.scheduled.load(Ordering::SeqCst), 0, "the other never runs them");
    assert!(second.own.load(Ordering::SeqCst) > 0, "but posts what its own commands left due");
    first_bot.abort();
    second_bot.abort();
    Ok(())
}

/// serenity's shard queuer starts one shard every 5 seconds; a range one too
/// long would bring the next process's shard (or one beyond the total, which
/// Discord refuses) after that.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_runs_exactly_its_own_shards() -> Result<()> {
    let fake = FakeDiscord::start().await?;
    let (_counting, bot, _dir) = process(&fake, ShardBlock::new(0..=0, 2)?)?;
    fake.wait_identified(1).await?;
    tokio::time::sleep(Duration::from_millis(6_500)).await;
    assert_eq!(fake.identified(), [[0, 2]], "shard 0 of 2, and not shard 1 too");
    bot.abort();
    Ok(())
}
