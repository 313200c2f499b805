//! Discord's per-route rate limits, made reproducible: every Nth POST or
//! PATCH to a route (by Discord's template, so all channels' posts count
//! together) is answered 429 instead of being carried out.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::http::{HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// How long the fake asks the bot to wait, in seconds.
pub const RETRY_AFTER: f64 = 0.05;
/// On by default: the fourth, eighth, … call to each route is refused.
pub const DEFAULT_EVERY: u64 = 4;
const CALLBACK: &str = "/interactions/{interaction_id}/{interaction_token}/callback";

#[derive(Debug)]
pub struct RateLimits {
    /// Refuse every `every`th call to a route; `None` never refuses.
    every: Option<u64>,
    /// Whether interaction callbacks count too. Off by default: poise answers
    /// autocomplete itself and drops an answer Discord refuses.
    callbacks: bool,
    calls: HashMap<(Method, String), u64>,
}

impl Default for RateLimits {
    fn default() -> RateLimits {
        RateLimits { every: Some(DEFAULT_EVERY), callbacks: false, calls: HashMap::new() }
    }
}

impl RateLimits {
    pub fn set(&mut self, every: Option<u64>, callbacks: bool) {
        *self = RateLimits { every: every.filter(|n| *n > 0), callbacks, calls: HashMap::new() };
    }

    /// Whether this call to `template` uses up its route's limit.
    pub fn refuses(&mut self, method: &Method, template: &str) -> bool {
        let counted = *method == Method::POST || *method == Method::PATCH;
        let Some(every) = self.every.filter(|_| counted && (self.callbacks || template != CALLBACK)) else {
            return false;
        };
        let calls = self.calls.entry((method.clone(), template.to_string())).or_default();
        *calls += 1;
        *calls % every == 0
    }
}

/// Discord's 429: its body and the headers serenity reads.
pub fn too_many_requests(template: &str) -> Response {
    let body = json!({"message": "You are being rate limited.", "retry_after": RETRY_AFTER, "global": false});
    let mut response = (StatusCode::TOO_MANY_REQUESTS, Json(body)).into_response();
    let headers = response.headers_mut();
    let seconds = HeaderValue::from_str(&RETRY_AFTER.to_string()).expect("a number");
    headers.insert("retry-after", seconds.clone());
    headers.insert("x-ratelimit-reset-after", seconds);
    headers.insert("x-ratelimit-limit", HeaderValue::from(DEFAULT_EVERY));
    headers.insert("x-ratelimit-remaining", HeaderValue::from(0));
    headers.insert("x-ratelimit-scope", HeaderValue::from_static("user"));
    let reset = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default().as_secs_f64() + RETRY_AFTER;
    headers.insert("x-ratelimit-reset", HeaderValue::from_str(&format!("{reset:.3}")).expect("a number"));
    let mut bucket = DefaultHasher::new();
    template.hash(&mut bucket);
    headers.insert("x-ratelimit-bucket", HeaderValue::from_str(&format!("{:016x}", bucket.finish())).expect("hex"));
    response
}
