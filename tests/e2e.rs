//! End to end: the real Discord adapter (serenity + poise, `rookery::discord`)
//! talking to a fake Discord on 127.0.0.1 over REST and the gateway.
//!
//! - `fake_discord`: the fake; records every REST call.
//! - `interactions`: INTERACTION_CREATE fixtures, checked against serenity.
//! - `chess_game`: a short game through commands and buttons (issue 5).
//! - `adapter`: what the adapter itself promises: the requests it builds,
//!   follow-ups, autocomplete, deferred answers, failures answered privately.
//! - `admins`: the restore notice for admins, the configured moderator role.
//! - `posts`: the bot's own channel posts (reminders, forfeits, expiries, puzzles).
//! - `puzzle_posts`: daily puzzles in a server's time zone, their discussion
//!   threads, and refused posts told to admins once.
//! - `turns_game`: a toy dice variant registered by the test: secret choices
//!   answered privately, automatic rolls, a forced pass, the Pass button.
//! - `seeded_dice`: seeds with `/play` and `/accept`, a button per roll kind.
//! - `opponent_game`: `/play chess @Rookery`, Rookery's move posted; game threads.
//! - `puzzle_hint`: the daily puzzle's Hint button, private, once.
//! - `strict`: the fake as strict as Discord (schema, limits, 429s), guild
//!   registration, autocomplete at Discord's limits.
//! - `shards`: two processes with a shard each; only shard 0's coordinates.
//! - `load`: `rookery serve` processes under many games at once, one killed
//!   and restarted; nothing acknowledged is lost or applied twice.
//! - `graceful`: a stop waits for the command in flight.
//! - `tournament_game`: a small Swiss created, joined, paired in threads and finished.
//! - `refusals`: threads refused, a server without a system channel,
//!   unknown routes.
//! - `every_command`: every registered command, subcommand, autocomplete
//!   and button driven once.
//! - `limits`: the longest messages, 25 suggestions, the 10 MiB file budget.

mod adapter;
mod admins;
mod chess_game;
mod dicelanding_game;
mod every_command;
mod fake_discord;
mod graceful;
mod guardener_game;
mod interactions;
mod limits;
mod load;
mod load_run;
mod newchess_game;
mod opponent_game;
mod posts;
mod puzzle_hint;
mod puzzle_posts;
mod refusals;
mod replay_game;
mod seeded_dice;
mod shards;
mod strict;
mod tournament_game;
mod turns_game;

use std::sync::Arc;

use anyhow::{Context as _, Result};
use axum::http::Method;
use rookery::core::Handler;
use rookery::discord::{serve, ServeOptions};
use tokio::task::JoinHandle;

use fake_discord::FakeDiscord;

/// The real command core on a fresh database, with the directory that holds it
/// (the database lives as long as the directory value does).
fn core() -> Result<(Arc<dyn Handler>, tempfile::TempDir)> {
    let dir = tempfile::tempdir()?;
    let storage = rookery_storage::Storage::open(dir.path())?;
    // Build the board renderer now, so the first board is not slowed by it.
    rookery::picture::renderer();
    Ok((Arc::new(rookery::core::Core::new(storage, rookery::core::system_clock())), dir))
}

const TOKEN: &str = "fake-token";

/// The adapter connected to a fresh fake, its commands registered. Dropping
/// it stops both.
struct Connected {
    fake: FakeDiscord,
    bot: JoinHandle<Result<(), rookery::discord::Error>>,
}

impl Drop for Connected {
    fn drop(&mut self) {
        self.bot.abort();
    }
}

async fn connect(handler: Arc<dyn Handler>) -> Result<Connected> {
    connect_with(handler, ServeOptions::default()).await
}

/// [`connect`] with other options; the URLs are always the fake's.
async fn connect_with(handler: Arc<dyn Handler>, options: ServeOptions) -> Result<Connected> {
    connect_to(FakeDiscord::start().await?, handler, options).await
}

/// [`connect_with`] to a fake the test has set up first (e.g. a server
/// without a system channel from the start).
async fn connect_to(fake: FakeDiscord, handler: Arc<dyn Handler>, options: ServeOptions) -> Result<Connected> {
    // `RUST_LOG=rookery=debug,serenity=debug` shows both sides when a test fails.
    let logs = tracing_subscriber::EnvFilter::from_default_env();
    let _already_set = tracing_subscriber::fmt().with_env_filter(logs).with_test_writer().try_init();

    let options = ServeOptions { rest_url: Some(fake.rest_url()), gateway_url: Some(fake.gateway_url()), ..options };
    let bot = tokio::spawn(async move { serve(handler, TOKEN, options).await });
    let mut connected = Connected { fake, bot };
    let registered = connected
        .fake
        .wait_for("command registration", |c| c.method == Method::PUT && c.path.ends_with("/commands"))
        .await;
    if registered.is_err() && connected.bot.is_finished() {
        (&mut connected.bot).await?.context("the bot stopped before registering its commands")?;
    }
    registered?;
    Ok(connected)
}
