//! Discord's thread routes, checked as Discord checks them, and refused
//! outright when a test says the bot may not create threads.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use std::sync::atomic::Ordering;

use super::{Shared, APPLICATION_ID};

/// "Start Thread without Message", checked as Discord checks it: a name of
/// 1 to 100 characters, a thread type (Rookery asks for a public one: 11),
/// and an archive time Discord offers. Answers with the new thread channel.
pub fn start_thread(shared: &Shared, parent: &str, payload: &Value) -> Response {
    if shared.refuse_threads.load(Ordering::SeqCst) {
        return missing_permissions();
    }
    let invalid =
        |message: &str| (StatusCode::BAD_REQUEST, Json(json!({"message": message, "code": 50035}))).into_response();
    let Ok(parent) = parent.parse::<u64>() else {
        return (StatusCode::NOT_FOUND, Json(json!({"message": "Unknown Channel", "code": 10003}))).into_response();
    };
    let name = payload["name"].as_str().unwrap_or_default();
    if name.is_empty() || name.chars().count() > 100 {
        return invalid("name: must be between 1 and 100 in length");
    }
    if payload["type"] != 11 {
        return invalid("type: a game's thread must be public (11)");
    }
    let archive = &payload["auto_archive_duration"];
    if !archive.is_null() && ![60, 1440, 4320, 10080].iter().any(|minutes| archive == minutes) {
        return invalid("auto_archive_duration: not one of 60, 1440, 4320, 10080");
    }
    let id = shared.sequence.fetch_add(1, Ordering::SeqCst) + THREAD_IDS;
    let thread = thread_channel(id, parent, name, archive);
    (StatusCode::CREATED, Json(thread)).into_response()
}

/// "Start Thread from Message", checked as Discord checks it: a message
/// posted in that channel, a name of 1 to 100 characters, and an archive time
/// Discord offers. The thread gets the message's id, as on Discord.
pub fn thread_from_message(shared: &Shared, parent: &str, message: &str, payload: &Value) -> Response {
    if shared.refuse_threads.load(Ordering::SeqCst) {
        return missing_permissions();
    }
    let invalid =
        |message: &str| (StatusCode::BAD_REQUEST, Json(json!({"message": message, "code": 50035}))).into_response();
    let (Ok(parent), Ok(message)) = (parent.parse::<u64>(), message.parse::<u64>()) else {
        return (StatusCode::NOT_FOUND, Json(json!({"message": "404: Not Found", "code": 0}))).into_response();
    };
    if !shared.posted.lock().unwrap().contains(&(parent, message)) {
        return (StatusCode::NOT_FOUND, Json(json!({"message": "Unknown Message", "code": 10008}))).into_response();
    }
    let name = payload["name"].as_str().unwrap_or_default();
    if name.is_empty() || name.chars().count() > 100 {
        return invalid("name: must be between 1 and 100 in length");
    }
    let archive = &payload["auto_archive_duration"];
    if !archive.is_null() && ![60, 1440, 4320, 10080].iter().any(|minutes| archive == minutes) {
        return invalid("auto_archive_duration: not one of 60, 1440, 4320, 10080");
    }
    let mut threaded = shared.threaded_messages.lock().unwrap();
    if threaded.contains(&message) {
        let body = json!({"message": "A thread has already been created for this message", "code": 160004});
        return (StatusCode::BAD_REQUEST, Json(body)).into_response();
    }
    threaded.push(message);
    let thread = thread_channel(message, parent, name, archive);
    (StatusCode::CREATED, Json(thread)).into_response()
}

/// Discord's answer where the bot lacks Create Public Threads (or Send
/// Messages in Threads) in the channel.
fn missing_permissions() -> Response {
    (StatusCode::FORBIDDEN, Json(json!({"message": "Missing Permissions", "code": 50013}))).into_response()
}

/// A public thread channel `id` under `parent`, as Discord answers a thread's
/// start.
fn thread_channel(id: u64, parent: u64, name: &str, archive: &Value) -> Value {
    json!({
        "id": id.to_string(),
        "type": 11,
        "guild_id": crate::interactions::GUILD.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": APPLICATION_ID.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": archive.as_u64().unwrap_or(4320),
            "archive_timestamp": "2025-01-01T00:00:00.000000+00:00",
            "locked": false,
        },
        "total_message_sent": 0,
        "flags": 0,
    })
}

/// Thread ids are counted from here, so they never look like a message id.
pub const THREAD_IDS: u64 = 500_000_000_000_000_000;
