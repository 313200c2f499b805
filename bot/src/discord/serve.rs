//! Connecting to Discord: the REST client, the poise framework and the gateway.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use poise::FrameworkError;
use serenity::{ClientBuilder, GatewayIntents, HttpBuilder, ShardManager};

use super::retry::when_rate_limited;
use super::{buttons, commands, gateway_watch, notice, Data, Error, ShardBlock};
use crate::core::Handler;
use crate::telemetry::endpoint::Health;
use crate::telemetry::shutdown::{InFlight, Shutdown};

/// Where to reach Discord, and how patient to be. The defaults are the real
/// Discord; the end-to-end tests point both URLs at a fake on 127.0.0.1.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Base URL that replaces `https://discord.com` in every REST call, e.g. a
    /// rate-limiting proxy shared by several processes, or a fake Discord.
    /// serenity's own rate limiter ignores the proxy, so it is switched off
    /// whenever this is set: the proxy must do the rate limiting.
    pub rest_url: Option<String>,
    /// Gateway WebSocket URL to use instead of the one `GET /gateway` returns.
    pub gateway_url: Option<String>,
    /// How long the core may work before the answer is deferred. Discord
    /// wants an answer within 3 seconds of the click or command.
    pub defer_after: Duration,
    /// How often to ask the handler for due messages (fallen flags, move
    /// reminders, time forfeits) and post them.
    pub tick: Duration,
    /// Register the commands in this guild only (fast, for a test server)
    /// instead of globally.
    pub test_guild: Option<u64>,
    /// Per server (guild id), a role whose members may moderate games
    /// (`/admin`, `/puzzle schedule`) besides those with the permissions.
    pub moderator_roles: HashMap<u64, u64>,
    /// Said to admins once connected: e.g. that a damaged database was
    /// restored from a backup, and what was lost.
    pub admin_notice: Option<AdminNotice>,
    /// The gateway shards this process runs; the one holding shard 0 also
    /// registers the commands and runs the schedulers.
    pub shards: ShardBlock,
    /// Once requested, the bot stops gracefully: see [`serve`].
    pub shutdown: Shutdown,
    /// How long a graceful stop waits for the commands in flight.
    pub drain_limit: Duration,
    /// What `/readyz` reports; the gateway part is kept up to date here.
    pub health: Arc<Health>,
}

/// A message for the people running the servers Rookery is in.
#[derive(Clone, Debug)]
pub struct AdminNotice {
    pub text: String,
    /// Where to post it; without one, or when that fails, it goes to the
    /// system channel of every server Rookery is in.
    pub channel: Option<u64>,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            rest_url: None,
            gateway_url: None,
            defer_after: Duration::from_secs(2),
            tick: Duration::from_secs(1),
            test_guild: None,
            moderator_roles: HashMap::new(),
            admin_notice: None,
            shards: ShardBlock::ALL_OF_ONE,
            shutdown: Shutdown::default(),
            drain_limit: Duration::from_secs(20),
            health: Arc::default(),
        }
    }
}

/// Runs the bot until the connection fails for good or a stop is requested:
/// registers the slash commands globally once connected, then answers
/// commands, autocomplete and button clicks with `handler`.
///
/// A requested stop is graceful: the shards close, so no new command
/// arrives; the commands already received are answered (for at most
/// `drain_limit`), and so are the scheduled messages being posted; then it
/// returns. Every write was flushed before its answer went out, so what was
/// acknowledged is on disk.
///
/// The token goes only into the REST client's authorisation header and the
/// gateway's IDENTIFY; it is never logged.
pub async fn serve(handler: Arc<dyn Handler>, token: &str, options: ServeOptions) -> Result<(), Error> {
    let ServeOptions {
        rest_url,
        gateway_url,
        defer_after,
        tick,
        test_guild,
        moderator_roles,
        admin_notice,
        shards,
        shutdown,
        drain_limit,
        health,
    } = options;
    let in_flight = Arc::new(InFlight::default());
    let working = in_flight.clone();
    let mut http = HttpBuilder::new(token);
    if let Some(url) = rest_url {
        tracing::info!(%url, "sending REST calls through a proxy");
        http = http.proxy(url).ratelimiter_disabled(true);
    }

    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands::all(),
            event_handler: buttons::on_event,
            on_error: |error| Box::pin(on_error(error)),
            ..Default::default()
        })
        // Owners are for owner-only commands, which Rookery has none of; this
        // saves a request at start-up.
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, "connected to Discord; registering commands");
                // Rookery plays under its own account, known from here on
                // (before any command can arrive); games waiting for it go on.
                let me = crate::core::User {
                    id: ready.user.id.get(),
                    name: ready.user.name.clone(),
                    can_manage_channel: false,
                };
                let seated = handler.clone();
                if let Err(error) = tokio::task::spawn_blocking(move || seated.play_as(me)).await {
                    tracing::error!(%error, "Rookery could not take its seat in its games");
                }
                if shards.coordinates() {
                    register(ctx, &framework.options().commands, test_guild).await;
                } else {
                    tracing::info!(%shards, "the process holding shard 0 registers the commands and runs the schedulers");
                }
                let posting = DuePosts { http: ctx.http.clone(), handler: handler.clone(), in_flight: working.clone() };
                tokio::spawn(posting.run(tick, shards.coordinates()));
                if let Some(notice) = admin_notice {
                    let guilds = ready.guilds.iter().map(|g| g.id).collect();
                    tokio::spawn(notice::post(ctx.http.clone(), notice, guilds));
                }
                Ok(Data { handler, defer_after, moderator_roles, in_flight: working })
            })
        })
        .build();

    // Slash commands and clicks arrive without any privileged or guild intents.
    let mut client = ClientBuilder::new_with_http(http.build(), GatewayIntents::empty()).framework(framework).await?;
    if let Some(url) = gateway_url {
        tracing::info!(%url, "using a gateway override");
        *client.ws_url.lock().await = url;
    }
    let manager = client.shard_manager.clone();
    let watching = tokio::spawn(gateway_watch::watch(manager.clone(), shards.count(), health.clone()));
    tracing::info!(%shards, "connecting");
    let ended = tokio::select! {
        started = client.start_shard_range(shards.range(), shards.total()) => started,
        () = close_when_requested(&shutdown, &manager, &health) => Ok(()),
    };
    watching.abort();
    health.set_gateway_connected(false);
    ended?;
    if shutdown.is_requested() {
        drain(&in_flight, drain_limit).await;
    }
    Ok(())
}

/// Once a stop is requested: not ready any more, and the shards closed.
/// Returns when they are; a shard still waiting to connect is not closed
/// but dropped with the client.
async fn close_when_requested(shutdown: &Shutdown, manager: &ShardManager, health: &Health) {
    shutdown.requested().await;
    health.set_stopping();
    tracing::info!("stopping: closing the gateway, then finishing the commands in flight");
    manager.shutdown_all().await;
}

/// How long events the gateway delivered just before it closed get to reach
/// the core, where they count as in flight.
const HANDOVER: Duration = Duration::from_millis(250);

/// Waits for the commands in flight to be answered, for at most `limit`.
async fn drain(in_flight: &InFlight, limit: Duration) {
    tokio::time::sleep(HANDOVER).await;
    let waiting = in_flight.count();
    let left = in_flight.close_and_wait(limit).await;
    if left == 0 {
        tracing::info!(answered = waiting, "stopped gracefully; every command in flight was answered");
    } else {
        tracing::warn!(left, ?limit, "stopped with commands still in flight; their users get no answer");
    }
}

/// Registers the slash commands, globally or in the test server. A failed
/// registration must not stop the bot: without user data poise would hold
/// every event forever, and Discord keeps the commands from the last
/// successful registration.
async fn register(ctx: &serenity::Context, commands: &[poise::Command<Data, Error>], test_guild: Option<u64>) {
    let registered = match test_guild {
        Some(guild) => {
            tracing::info!(guild, "registering the commands in the test server only");
            let guild = serenity::GuildId::new(guild);
            when_rate_limited(|| poise::builtins::register_in_guild(ctx, commands, guild)).await
        }
        None => when_rate_limited(|| poise::builtins::register_globally(ctx, commands)).await,
    };
    if let Err(error) = registered {
        tracing::error!(%error, "could not register slash commands; serving the registered ones");
    }
}

/// Logs every failure. Users have been answered already: by the adapter when
/// the core failed, by poise's defaults for everything before a command runs.
async fn on_error(error: FrameworkError<'_, Data, Error>) {
    match error {
        FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().name, error = %chain(&error), "command failed");
        }
        other => {
            if let Err(error) = poise::builtins::on_error(other).await {
                tracing::error!(error = %chain(&error), "could not handle a framework error");
            }
        }
    }
}

/// `error: cause: its cause`, on one line.
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text = format!("{text}: {cause}");
        source = cause.source();
    }
    text
}

/// Posts what the handler says is due, every `tick` (sooner for the
/// engine's moves), for as long as the bot runs: this process's own replies,
/// and, in the process that runs them (`schedules`), the schedulers' posts.
struct DuePosts {
    http: Arc<serenity::Http>,
    handler: Arc<dyn Handler>,
    /// A round (finding what is due, which writes, then posting it) counts
    /// as in flight, so a graceful stop does not cut it in half.
    in_flight: Arc<InFlight>,
}

impl DuePosts {
    async fn run(self, tick: Duration, schedules: bool) {
        loop {
            // A tick, or less when the engine has a move to post: players see
            // Rookery's answer as soon as it is made.
            let waiting = self.handler.clone();
            if let Err(error) = tokio::task::spawn_blocking(move || waiting.wait_due(tick)).await {
                tracing::error!(%error, "waiting for due messages failed");
                tokio::time::sleep(tick).await;
            }
            let Some(_working) = self.in_flight.start() else { return };
            let ask = self.handler.clone();
            let due = match tokio::task::spawn_blocking(move || if schedules { ask.due() } else { ask.own_due() }).await
            {
                Ok(due) => due,
                Err(error) => {
                    tracing::error!(%error, "the deadline check panicked");
                    continue;
                }
            };
            for (place, reply) in due {
                // A tournament's game asks for its thread like a game started by a command.
                for reply in super::threads::open_requested(&self.http, &self.handler, place, vec![reply]).await {
                    if reply.event_post.is_some() {
                        super::event_posts::keep_current(&self.http, &self.handler, place, reply).await;
                    } else {
                        super::puzzle_posts::post(&self.http, &self.handler, place, reply).await;
                    }
                }
            }
        }
    }
}
