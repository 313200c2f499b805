//! Watches this process's gateway shards for the operations endpoint: each
//! shard's heartbeat latency, and whether all of them are connected.

use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ConnectionStage, ShardManager};

use crate::telemetry::endpoint::Health;
use crate::telemetry::GATEWAY_LATENCY_SECONDS;

/// How often the shards are looked at: about as often as they heartbeat.
const EVERY: Duration = Duration::from_secs(5);

/// Updates the gateway latency gauges and the gateway part of `health`
/// every few seconds, for as long as the bot runs. `shards` is how many
/// shards this process runs.
pub async fn watch(manager: Arc<ShardManager>, shards: usize, health: Arc<Health>) {
    let mut every = tokio::time::interval(EVERY);
    loop {
        every.tick().await;
        let runners = manager.runners.lock().await;
        let connected = runners.values().filter(|runner| runner.stage == ConnectionStage::Connected).count();
        for (id, runner) in runners.iter() {
            if let Some(latency) = runner.latency {
                metrics::gauge!(GATEWAY_LATENCY_SECONDS, "shard" => id.0.to_string()).set(latency.as_secs_f64());
            }
        }
        drop(runners);
        health.set_gateway_connected(connected == shards);
    }
}
