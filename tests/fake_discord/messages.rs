//! The bot's own messages after they are sent: an interaction's original
//! answer looked up, a message edited, and messages a test deletes (later
//! edits of those are answered 404 Unknown Message, as Discord does).

use std::sync::atomic::Ordering;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use super::{message, Call, FakeDiscord, Shared};

/// What the fake knows of messages beyond their posting.
#[derive(Default)]
pub struct Messages {
    /// The original answer of each interaction looked up: token and message id.
    originals: Vec<(String, u64)>,
    deleted: Vec<(u64, u64)>,
}

impl FakeDiscord {
    /// The message that answered interaction `id`, once the bot looked it up.
    pub fn original_message(&self, id: u64) -> Option<u64> {
        let token = crate::interactions::token(id);
        let messages = self.shared.messages.lock().unwrap();
        messages.originals.iter().find(|(t, _)| *t == token).map(|&(_, message)| message)
    }

    /// Deletes message `id` of `channel`, as a moderator would.
    pub fn delete_message(&self, channel: u64, id: u64) {
        self.shared.messages.lock().unwrap().deleted.push((channel, id));
    }
}

/// The answer to a call on these routes (below `/api/v10`), if it is one.
pub fn answer(shared: &Shared, call: &Call, segments: &[&str]) -> Option<Response> {
    match (call.method.as_str(), segments) {
        ("GET", ["webhooks", _, token, "messages", "@original"]) => Some(original(shared, token)),
        ("PATCH", ["channels", channel, "messages", id]) => Some(edit(shared, channel, id)),
        _ => None,
    }
}

/// "Get Original Interaction Response": the message that answered the
/// interaction with this token, in the channel it was used in.
fn original(shared: &Shared, token: &str) -> Response {
    let dispatched = shared.dispatched.lock().unwrap();
    let used = dispatched.iter().find(|i| i["token"] == token);
    let Some(channel) = used.and_then(|i| i["channel_id"].as_str()?.parse::<u64>().ok()) else {
        return unknown(10015, "Unknown Webhook");
    };
    let mut messages = shared.messages.lock().unwrap();
    let id = match messages.originals.iter().find(|(t, _)| t == token) {
        Some(&(_, id)) => id,
        None => {
            let id = shared.sequence.fetch_add(1, Ordering::SeqCst);
            messages.originals.push((token.to_string(), id));
            shared.posted.lock().unwrap().push((channel, id));
            id
        }
    };
    Json(message(id, channel)).into_response()
}

/// "Edit Message": only a message posted in that channel and not deleted.
fn edit(shared: &Shared, channel: &str, id: &str) -> Response {
    let (Ok(channel), Ok(id)) = (channel.parse::<u64>(), id.parse::<u64>()) else {
        return unknown(10008, "Unknown Message");
    };
    let posted = shared.posted.lock().unwrap().contains(&(channel, id));
    if !posted || shared.messages.lock().unwrap().deleted.contains(&(channel, id)) {
        return unknown(10008, "Unknown Message");
    }
    Json(message(id, channel)).into_response()
}

fn unknown(code: u32, what: &str) -> Response {
    (StatusCode::NOT_FOUND, Json(json!({"message": what, "code": code}))).into_response()
}
