//! A fake Discord on 127.0.0.1: just enough REST and gateway for a real
//! serenity client to connect, register commands and answer interactions the
//! test injects. Every REST call is recorded for assertions.
//!
//! It answers as Discord does: every body is checked against Discord's
//! OpenAPI schema and documented limits (`checks`; a refused body fails the
//! test when the fake is dropped, unless the test took it with
//! [`FakeDiscord::take_invalid`]), every fourth POST or PATCH to a route is
//! answered 429 (`rate_limits`), unknown routes 404, guild command
//! registration served.
//!
//! What serenity 0.12.5 needs from it is listed in
//! `shared/notes/discord-offline-testing.md`; the points that bite are marked
//! below.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{anyhow, bail, Context as _, Result};
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::{header, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use tokio::sync::broadcast;
use tokio::task::JoinHandle;

pub mod checks;
mod gateway;
mod messages;
mod rate_limits;
mod threads;

pub use checks::Problem;

/// The application (and bot user) id the fake hands out in READY.
pub const APPLICATION_ID: u64 = 900_000_000_000_000_001;
/// The test guild's system channel, where notices for admins go by default.
pub const SYSTEM_CHANNEL: u64 = 800_000_000_000_000_099;
/// A channel the bot may not post in: the fake answers 403 Missing Access.
pub const FORBIDDEN_CHANNEL: u64 = 800_000_000_000_000_098;
/// A channel the bot sees but may not send messages in: 403 Missing Permissions.
pub const READ_ONLY_CHANNEL: u64 = 800_000_000_000_000_095;
/// A channel that was deleted: the fake answers 404 Unknown Channel.
pub const DELETED_CHANNEL: u64 = 800_000_000_000_000_094;
/// How long any single wait in a test may take before it fails.
pub const WAIT: Duration = Duration::from_secs(10);

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: Method,
    /// Path without the query, e.g. `/api/v10/interactions/1/tok/callback`.
    pub path: String,
    pub authorization: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub payload: Value,
    pub files: Vec<File>,
    /// What the fake answered; 404 means a route it does not know.
    pub status: StatusCode,
}

/// A file part of a multipart call.
#[derive(Clone, Debug)]
pub struct File {
    pub filename: String,
    pub content_type: Option<String>,
    pub size: usize,
    /// Whether the bytes start with the PNG signature.
    pub is_png: bool,
    /// Whether the bytes start with a GIF signature (an animated replay).
    pub is_gif: bool,
}

/// Whether `call` posts a new message to `channel`.
pub fn posted_to(channel: u64) -> impl Fn(&Call) -> bool {
    let path = format!("/api/v10/channels/{channel}/messages");
    move |call| call.method == Method::POST && call.path == path
}

/// The text `call` sends: an interaction answer's `data.content`, or a
/// channel message's `content`.
pub fn content(call: &Call) -> String {
    let message = if call.payload.get("data").is_some() { call.data() } else { &call.payload };
    message["content"].as_str().unwrap_or_default().to_string()
}

impl Call {
    /// The `data` object of an interaction callback: the message itself.
    pub fn data(&self) -> &Value {
        &self.payload["data"]
    }

    /// Whether the message's flags include EPHEMERAL (64).
    pub fn is_ephemeral(&self) -> bool {
        let message = if self.payload.get("data").is_some() { self.data() } else { &self.payload };
        message["flags"].as_u64().is_some_and(|f| f & 64 != 0)
    }

    /// Custom ids of all buttons in the message, row by row.
    pub fn button_ids(&self) -> Vec<String> {
        let message = if self.payload.get("data").is_some() { self.data() } else { &self.payload };
        let rows = message["components"].as_array().cloned().unwrap_or_default();
        rows.iter()
            .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|button| button["custom_id"].as_str().map(str::to_string))
            .collect()
    }
}

struct Shared {
    address: SocketAddr,
    calls: Mutex<Vec<Call>>,
    /// Every message posted in a channel: (channel, message id).
    posted: Mutex<Vec<(u64, u64)>>,
    sequence: AtomicU64,
    dispatches: broadcast::Sender<Value>,
    /// The `[shard, total]` of every IDENTIFY so far, in order.
    identified: Mutex<Vec<[u64; 2]>>,
    /// Every call as it is recorded, for waiting on many at once (load tests).
    feed: broadcast::Sender<Call>,
    /// Calls whose body Discord would refuse, with what it would say.
    invalid: Mutex<Vec<(Call, Vec<Problem>)>>,
    /// Calls answered 429 instead of being carried out; not in `calls`.
    rate_limited: Mutex<Vec<Call>>,
    rate_limits: Mutex<rate_limits::RateLimits>,
    /// Whether thread creation is refused as in a channel where the bot
    /// lacks Create Public Threads.
    refuse_threads: AtomicBool,
    /// Whether the test guild has no system channel (`system_channel_id: null`).
    no_system_channel: AtomicBool,
    /// Messages a thread was started from: Discord allows one each.
    threaded_messages: Mutex<Vec<u64>>,
    /// Every INTERACTION_CREATE sent to the bot, in order.
    dispatched: Mutex<Vec<Value>>,
    messages: Mutex<messages::Messages>,
}

/// The running fake. Dropping it stops the server.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    server: JoinHandle<()>,
}

/// A test passes only if Discord would have taken every body the bot sent.
impl Drop for FakeDiscord {
    fn drop(&mut self) {
        self.server.abort();
        let invalid = self.shared.invalid.lock().unwrap();
        if !invalid.is_empty() && !std::thread::panicking() {
            let listed: Vec<String> = invalid.iter().map(|(call, problems)| refusal(call, problems)).collect();
            panic!("the bot sent bodies Discord refuses:\n{}", listed.join("\n"));
        }
    }
}

fn refusal(call: &Call, problems: &[Problem]) -> String {
    let problems: Vec<String> = problems.iter().map(Problem::to_string).collect();
    format!("{} {}: {}\n  body: {}", call.method, call.path, problems.join("; "), call.payload)
}

impl FakeDiscord {
    pub async fn start() -> Result<FakeDiscord> {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        let shared = Arc::new(Shared {
            address: listener.local_addr()?,
            calls: Mutex::new(Vec::new()),
            posted: Mutex::new(Vec::new()),
            sequence: AtomicU64::new(1),
            // Deep enough for a load test's burst of interactions.
            dispatches: broadcast::channel(1 << 14).0,
            identified: Mutex::new(Vec::new()),
            feed: broadcast::channel(1 << 16).0,
            invalid: Mutex::new(Vec::new()),
            rate_limited: Mutex::new(Vec::new()),
            rate_limits: Mutex::new(rate_limits::RateLimits::default()),
            refuse_threads: AtomicBool::new(false),
            no_system_channel: AtomicBool::new(false),
            threaded_messages: Mutex::new(Vec::new()),
            dispatched: Mutex::new(Vec::new()),
            messages: Mutex::default(),
        });
        // Bodies up to twice Discord's upload limit are read, so the checks
        // (not axum's 2 MB default) decide what is too large.
        let app = Router::new()
            .route("/gateway", get(gateway::upgrade))
            .fallback(rest)
            .layer(DefaultBodyLimit::max(2 * checks::UPLOAD_LIMIT))
            .with_state(shared.clone());
        let server = tokio::spawn(async move {
            if let Err(error) = axum::serve(listener, app).await {
                tracing::error!(%error, "fake Discord stopped");
            }
        });
        Ok(FakeDiscord { shared, server })
    }

    /// What replaces `https://discord.com` in the bot's REST calls.
    pub fn rest_url(&self) -> String {
        format!("http://{}", self.shared.address)
    }

    /// Plain `ws://` works: serenity needs no TLS for the gateway.
    pub fn gateway_url(&self) -> String {
        format!("ws://{}/gateway", self.shared.address)
    }

    pub fn calls(&self) -> Vec<Call> {
        self.shared.calls.lock().unwrap().clone()
    }

    /// Waits for the first recorded call that `matches`.
    pub async fn wait_for(&self, what: &str, matches: impl Fn(&Call) -> bool) -> Result<Call> {
        poll(what, || self.calls().into_iter().find(|c| matches(c))).await
    }

    /// The answer to interaction `id` (its callback).
    pub async fn callback(&self, id: u64) -> Result<Call> {
        let path = format!("/api/v10/interactions/{id}/");
        self.wait_for(&format!("the callback of interaction {id}"), |c| {
            c.method == Method::POST && c.path.starts_with(&path) && c.path.ends_with("/callback")
        })
        .await
    }

    /// The follow-ups sent so far on interaction `id`.
    pub fn followups(&self, id: u64) -> Vec<Call> {
        let path = webhook(id);
        self.calls().into_iter().filter(|c| c.method == Method::POST && c.path == path).collect()
    }

    /// The calls Discord would have refused so far, with why; taking them
    /// tells the fake the test expected them.
    pub fn take_invalid(&self) -> Vec<(Call, Vec<Problem>)> {
        std::mem::take(&mut *self.shared.invalid.lock().unwrap())
    }

    /// The calls answered 429 so far (each was not carried out).
    pub fn rate_limited(&self) -> Vec<Call> {
        self.shared.rate_limited.lock().unwrap().clone()
    }

    /// Answer every `every`th POST or PATCH to a route with 429 (`None`:
    /// never), counting interaction callbacks too when `callbacks`.
    pub fn rate_limit_every(&self, every: Option<u64>, callbacks: bool) {
        self.shared.rate_limits.lock().unwrap().set(every, callbacks);
    }

    /// Every call recorded from now on, as it is recorded.
    pub fn feed(&self) -> broadcast::Receiver<Call> {
        self.shared.feed.subscribe()
    }

    /// The `[shard, total]` of every gateway session identified so far.
    pub fn identified(&self) -> Vec<[u64; 2]> {
        self.shared.identified.lock().unwrap().clone()
    }

    /// Waits until `count` gateway sessions have identified.
    pub async fn wait_identified(&self, count: usize) -> Result<Vec<[u64; 2]>> {
        poll(&format!("{count} gateway sessions"), || {
            let identified = self.identified();
            (identified.len() >= count).then_some(identified)
        })
        .await
    }

    /// From now on, refuse to create threads as Discord does in a channel
    /// where the bot lacks Create Public Threads (403, code 50013).
    pub fn refuse_threads(&self) {
        self.shared.refuse_threads.store(true, Ordering::SeqCst);
    }

    /// From now on, the test guild has no system channel, as when its
    /// admins turned it off.
    pub fn remove_system_channel(&self) {
        self.shared.no_system_channel.store(true, Ordering::SeqCst);
    }

    /// Every interaction dispatched to the bot so far.
    pub fn dispatched(&self) -> Vec<Value> {
        self.shared.dispatched.lock().unwrap().clone()
    }

    /// Sends an INTERACTION_CREATE dispatch to the connected bot, on the
    /// shard that holds its server, as Discord does.
    pub fn dispatch(&self, interaction: Value) -> Result<()> {
        self.shared.dispatched.lock().unwrap().push(interaction.clone());
        self.shared.dispatches.send(interaction).map_err(|_| anyhow!("no gateway session to dispatch to"))?;
        Ok(())
    }
}

/// The path of interaction `id`'s webhook: follow-ups, and its original
/// answer below `/messages/@original`.
pub fn webhook(id: u64) -> String {
    format!("/api/v10/webhooks/{APPLICATION_ID}/{}", crate::interactions::token(id))
}

/// Polls `check` every 10 ms until it yields, failing after [`WAIT`].
async fn poll<T>(what: &str, mut check: impl FnMut() -> Option<T>) -> Result<T> {
    let waiting = async {
        loop {
            if let Some(found) = check() {
                return found;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    };
    tokio::time::timeout(WAIT, waiting).await.with_context(|| format!("timed out waiting for {what}"))
}

/// Every REST route: answer as Discord would, and record the call.
async fn rest(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let mut call = match record(request).await {
        Ok(call) => call,
        Err(error) => return (StatusCode::BAD_REQUEST, error.to_string()).into_response(),
    };
    let path = call.path.trim_start_matches("/api/v10").to_string();
    let template = checks::route_template(&path).unwrap_or_default();
    if shared.rate_limits.lock().unwrap().refuses(&call.method, &template) {
        call.status = StatusCode::TOO_MANY_REQUESTS;
        shared.rate_limited.lock().unwrap().push(call);
        return rate_limits::too_many_requests(&template);
    }
    let problems = checks::check(&call.method, &path, &call.payload, &call.files, checks::UPLOAD_LIMIT);
    let response = if problems.is_empty() {
        answer(&shared, &call, &path)
    } else {
        shared.invalid.lock().unwrap().push((call.clone(), problems.clone()));
        (StatusCode::BAD_REQUEST, Json(checks::invalid_form_body(&problems))).into_response()
    };
    call.status = response.status();
    // Nobody listening is the usual case.
    let _ = shared.feed.send(call.clone());
    shared.calls.lock().unwrap().push(call);
    response
}

/// What Discord answers a valid call to `path` (below `/api/v10`).
fn answer(shared: &Shared, call: &Call, path: &str) -> Response {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    if let Some(response) = messages::answer(shared, call, &segments) {
        return response;
    }
    match (call.method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => Json(json!({"url": format!("ws://{}/gateway", shared.address)})).into_response(),
        // serenity parses the answer as the registered commands; none is fine.
        ("PUT", ["applications", _, "commands"]) => Json(json!([])).into_response(),
        ("PUT", ["applications", _, "guilds", guild, "commands"])
            if *guild == crate::interactions::GUILD.to_string() =>
        {
            Json(json!([])).into_response()
        }
        // Discord answers callbacks with 204 and no body.
        ("POST", ["interactions", _, _, "callback"]) => StatusCode::NO_CONTENT.into_response(),
        // Follow-ups and edits must come back as a Message serenity can parse.
        ("POST", ["webhooks", _, _]) | ("PATCH", ["webhooks", _, _, "messages", _]) => {
            let id = shared.sequence.fetch_add(1, Ordering::SeqCst);
            Json(message(id, crate::interactions::CHANNEL)).into_response()
        }
        ("DELETE", ["webhooks", _, _, "messages", _]) => StatusCode::NO_CONTENT.into_response(),
        ("POST", ["channels", channel, "threads"]) => threads::start_thread(shared, channel, &call.payload),
        ("POST", ["channels", channel, "messages", message, "threads"]) => {
            threads::thread_from_message(shared, channel, message, &call.payload)
        }
        // The bot's own posts (reminders, forfeits, daily puzzles), checked as
        // Discord checks them: a real channel id and something to show.
        ("GET", ["guilds", guild]) if *guild == crate::interactions::GUILD.to_string() => {
            let mut guild = guild_json(crate::interactions::GUILD);
            if shared.no_system_channel.load(Ordering::SeqCst) {
                guild["system_channel_id"] = Value::Null;
            }
            Json(guild).into_response()
        }
        ("POST", ["users", "@me", "channels"]) => match call.payload["recipient_id"].as_str() {
            Some(recipient) => {
                let id = shared.sequence.fetch_add(1, Ordering::SeqCst) + DIRECT_CHANNELS;
                Json(direct_channel(id, recipient)).into_response()
            }
            None => (StatusCode::BAD_REQUEST, Json(json!({"message": "Invalid Recipient(s)", "code": 50033})))
                .into_response(),
        },
        ("POST", ["channels", channel, "messages"]) => match channel.parse::<u64>() {
            Ok(FORBIDDEN_CHANNEL) => {
                (StatusCode::FORBIDDEN, Json(json!({"message": "Missing Access", "code": 50001}))).into_response()
            }
            Ok(READ_ONLY_CHANNEL) => {
                (StatusCode::FORBIDDEN, Json(json!({"message": "Missing Permissions", "code": 50013}))).into_response()
            }
            Ok(DELETED_CHANNEL) => {
                (StatusCode::NOT_FOUND, Json(json!({"message": "Unknown Channel", "code": 10003}))).into_response()
            }
            Ok(channel) if has_something_to_show(call) => {
                let id = shared.sequence.fetch_add(1, Ordering::SeqCst);
                shared.posted.lock().unwrap().push((channel, id));
                Json(message(id, channel)).into_response()
            }
            Ok(_) => (StatusCode::BAD_REQUEST, Json(json!({"message": "Cannot send an empty message", "code": 50006})))
                .into_response(),
            Err(_) => {
                (StatusCode::NOT_FOUND, Json(json!({"message": "Unknown Channel", "code": 10003}))).into_response()
            }
        },
        _ => (StatusCode::NOT_FOUND, Json(json!({"message": "404: Not Found", "code": 0}))).into_response(),
    }
}

/// Whether a message has content, an embed or a file: Discord refuses one
/// with none (its limits are checked with the schema, in `checks`).
fn has_something_to_show(call: &Call) -> bool {
    let content = call.payload["content"].as_str().unwrap_or_default();
    let embeds = call.payload["embeds"].as_array().map_or(0, Vec::len);
    !content.is_empty() || embeds > 0 || !call.files.is_empty()
}

async fn record(request: Request) -> Result<Call> {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let authorization = header(&request, header::AUTHORIZATION);
    let content_type = header(&request, header::CONTENT_TYPE).unwrap_or_default();

    let mut payload = Value::Null;
    let mut files = Vec::new();
    if content_type.starts_with("multipart/form-data") {
        let mut multipart = Multipart::from_request(request, &()).await?;
        while let Some(field) = multipart.next_field().await? {
            let name = field.name().unwrap_or_default().to_string();
            let filename = field.file_name().map(str::to_string);
            let content_type = field.content_type().map(str::to_string);
            let bytes = field.bytes().await?;
            match filename {
                _ if name == "payload_json" => payload = serde_json::from_slice(&bytes)?,
                Some(filename) => files.push(File {
                    filename,
                    content_type,
                    size: bytes.len(),
                    is_png: bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
                    is_gif: bytes.starts_with(b"GIF89a"),
                }),
                None => bail!("multipart field {name} is neither payload_json nor a file"),
            }
        }
    } else {
        let bytes = axum::body::to_bytes(request.into_body(), 16 << 20).await?;
        if !bytes.is_empty() {
            payload = serde_json::from_slice(&bytes)?;
        }
    }
    Ok(Call { method, path, authorization, payload, files, status: StatusCode::OK })
}

/// A plain function, not a closure: the body is not Sync, so no borrow of the
/// request may live across an await.
fn header(request: &Request, name: header::HeaderName) -> Option<String> {
    request.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_string)
}

/// A guild as `GET /guilds/{id}` returns it, with every field serenity
/// 0.12.5's `PartialGuild` requires.
pub fn guild_json(id: u64) -> Value {
    json!({
        "id": id.to_string(),
        "name": "Test server",
        "icon": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": crate::interactions::ALICE.id.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": SYSTEM_CHANNEL.to_string(),
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
    })
}

/// Direct-message channel ids are counted from here.
pub const DIRECT_CHANNELS: u64 = 600_000_000_000_000_000;

/// The direct-message channel `POST /users/@me/channels` answers with.
fn direct_channel(id: u64, recipient: &str) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "flags": 0,
        "recipients": [{"id": recipient, "username": "owner", "discriminator": "0", "global_name": null}],
    })
}

/// A message as Discord returns it, with every field serenity 0.12.5 requires.
pub fn message(id: u64, channel: u64) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": {"id": APPLICATION_ID.to_string(), "username": "Rookery", "discriminator": "0", "bot": true},
        "content": "",
        "timestamp": "2025-01-01T00:00:00.000000+00:00",
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "flags": 0,
    })
}
