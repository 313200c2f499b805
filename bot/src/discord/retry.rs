//! Sending again when Discord answers 429 Too Many Requests.
//!
//! serenity waits out a 429 itself only inside its own rate limiter, which
//! is switched off when REST calls go through a proxy (it would send them
//! around the proxy). Then a 429 comes back as an error and the message
//! would be lost. A 429 means Discord did nothing with the call, so sending
//! it again can never post twice.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::HttpError;

/// The pauses before each new attempt. serenity drops the 429's
/// `retry_after` from the error, so the pauses double from a short start;
/// a limit still in force after the last one is reported as the failure.
const PAUSES: [Duration; 6] = [
    Duration::from_millis(100),
    Duration::from_millis(200),
    Duration::from_millis(400),
    Duration::from_millis(800),
    Duration::from_millis(1_600),
    Duration::from_millis(3_200),
];

/// Runs `send` until Discord stops answering 429 (at most `PAUSES.len()`
/// times more), and returns its last result.
pub async fn when_rate_limited<T, Sent>(mut send: impl FnMut() -> Sent) -> serenity::Result<T>
where
    Sent: Future<Output = serenity::Result<T>>,
{
    for pause in PAUSES {
        match send().await {
            Err(error) if is_rate_limited(&error) => {
                tracing::debug!(?pause, "Discord is rate limiting this route; sending again after a pause");
                tokio::time::sleep(pause).await;
            }
            done => return done,
        }
    }
    send().await
}

fn is_rate_limited(error: &serenity::Error) -> bool {
    matches!(error, serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) if response.status_code.as_u16() == 429)
}
