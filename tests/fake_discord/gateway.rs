//! The fake gateway: HELLO, IDENTIFY and READY, heartbeats, and the
//! interactions a test injects, routed to shards as Discord routes them.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use anyhow::{bail, Result};
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use serde_json::{json, Value};

use super::{Shared, APPLICATION_ID};

/// The heartbeat interval HELLO asks for (Discord's usual figure).
const HEARTBEAT_MS: u64 = 41_250;

pub(super) async fn upgrade(ws: WebSocketUpgrade, State(shared): State<Arc<Shared>>) -> Response {
    ws.on_upgrade(move |socket| async move {
        if let Err(error) = session(socket, shared).await {
            tracing::warn!(%error, "fake gateway session ended");
        }
    })
}

/// HELLO, then IDENTIFY → READY, heartbeat ACKs, and the injected dispatches
/// of the servers on the shard the session identified as.
async fn session(mut socket: WebSocket, shared: Arc<Shared>) -> Result<()> {
    let mut dispatches = shared.dispatches.subscribe();
    let mut shard = [0, 1];
    send(&mut socket, json!({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}})).await?;
    loop {
        tokio::select! {
            frame = socket.recv() => {
                let text = match frame {
                    Some(Ok(WsMessage::Text(text))) => text,
                    Some(Ok(WsMessage::Close(_))) | None => return Ok(()),
                    Some(Ok(_)) => continue,
                    Some(Err(error)) => return Err(error.into()),
                };
                let frame: Value = serde_json::from_str(&text)?;
                match frame["op"].as_u64() {
                    Some(2) => {
                        shard = identified_shard(&frame)?;
                        shared.identified.lock().unwrap().push(shard);
                        send(&mut socket, ready(&shared, shard)).await?;
                    }
                    // Without ACKs serenity reconnects and RESUMEs.
                    Some(1) => send(&mut socket, json!({"op": 11})).await?,
                    other => bail!("unexpected gateway op {other:?}: {frame}"),
                }
            }
            interaction = dispatches.recv() => {
                let interaction = interaction?;
                if shard_of(&interaction, shard[1]) != shard[0] {
                    continue;
                }
                let s = shared.sequence.fetch_add(1, Ordering::SeqCst);
                send(&mut socket, json!({"op": 0, "s": s, "t": "INTERACTION_CREATE", "d": interaction})).await?;
            }
        }
    }
}

/// The `[shard, total]` an IDENTIFY asks for: `[0, 1]` when it names none.
fn identified_shard(identify: &Value) -> Result<[u64; 2]> {
    let Some(shard) = identify["d"].get("shard") else { return Ok([0, 1]) };
    match (shard[0].as_u64(), shard[1].as_u64()) {
        (Some(id), Some(total)) if id < total => Ok([id, total]),
        _ => bail!("IDENTIFY with an impossible shard: {shard}"),
    }
}

/// Discord's routing: a server's events go to shard `(guild_id >> 22) % total`,
/// direct messages to shard 0.
fn shard_of(interaction: &Value, total: u64) -> u64 {
    let guild = interaction["guild_id"].as_str().and_then(|id| id.parse::<u64>().ok());
    guild.map_or(0, |guild| (guild >> 22) % total)
}

/// READY's `application.id` is what gives serenity's Http the application id
/// that follow-ups need.
fn ready(shared: &Shared, shard: [u64; 2]) -> Value {
    let s = shared.sequence.fetch_add(1, Ordering::SeqCst);
    json!({"op": 0, "s": s, "t": "READY", "d": {
        "v": 10,
        "user": {"id": APPLICATION_ID.to_string(), "username": "Rookery", "discriminator": "0", "bot": true},
        "guilds": [{"id": crate::interactions::GUILD.to_string(), "unavailable": true}],
        "session_id": "fake-session",
        "resume_gateway_url": format!("ws://{}/gateway", shared.address),
        "shard": shard,
        "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
    }})
}

async fn send(socket: &mut WebSocket, frame: Value) -> Result<()> {
    socket.send(WsMessage::Text(frame.to_string().into())).await?;
    Ok(())
}
