//! The Discord adapter: serenity + poise on one side, the command core's plain
//! [`Request`](crate::core::Request) and [`Reply`](crate::core::Reply) on the
//! other. It holds no game logic, so everything it does is either a pure
//! conversion (`convert`, `reply`, unit-tested) or plumbing proven end to end
//! against a fake Discord (the `rookery-tests` crate).
//!
//! - `commands`: one poise function per slash command, typed arguments.
//! - `choices`: the fixed choice lists (variants, draw and takeback actions).
//! - `puzzle`: `/puzzle` and its subcommands.
//! - `puzzle_posts`: scheduled puzzle posts, their discussion threads and
//!   failures told to admins.
//! - `dice`: `/dice` and its subcommands.
//! - `buttons`: component clicks, which poise does not dispatch.
//! - `respond`: runs the core off the async threads and sends its replies.
//! - `retry`: sends again what Discord refused with 429 Too Many Requests.
//! - `threads`: opens the thread a starting game asks for and moves it there.
//! - `notice`: notices for admins (a restored database) once connected.
//! - `serve`: the client and framework set-up.
//! - `shards`: which gateway shards this process runs.
//! - `gateway_watch`: the shards' latency and connection, for the metrics.

mod buttons;
mod choices;
mod commands;
mod convert;
mod dice;
mod event_posts;
mod gateway_watch;
mod notice;
mod puzzle;
mod puzzle_posts;
mod reply;
mod respond;
mod retry;
mod serve;
mod shards;
mod threads;
mod tournament;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use crate::core::Handler;
use crate::telemetry::shutdown::InFlight;

pub use serve::{serve, AdminNotice, ServeOptions};
pub use shards::{ShardBlock, ShardBlockError, ShardRange};

/// What every poise callback can reach: the command core and how long it
/// may think before the answer is deferred.
struct Data {
    handler: Arc<dyn Handler>,
    defer_after: Duration,
    /// Per guild id, the configured moderator role.
    moderator_roles: HashMap<u64, u64>,
    /// The commands being answered, which a graceful stop waits for.
    in_flight: Arc<InFlight>,
}

/// Why a command or click failed, for the log: the user has been answered
/// privately already if the core failed, and user mistakes never get here
/// (the core answers those with replies). The cause is the error's source,
/// not part of its message, so log the whole chain.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("Discord request failed")]
    Discord(#[from] poise::serenity_prelude::Error),
    /// The command core panicked or was cancelled.
    #[error("command core failed")]
    Core(#[from] tokio::task::JoinError),
}

type Context<'a> = poise::ApplicationContext<'a, Data, Error>;
