//! Runs the core and sends what it says. Shared by slash commands and button
//! clicks, which both answer through the interaction's id and token.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{Builder, CreateInteractionResponse, Http, InteractionId};

use super::{reply, Error};
use crate::core::{Handler, Reply, Request};

/// What the user sees when the core panicked or a reply could not be sent.
pub const CORE_FAILED: &str = "Something went wrong on Rookery's side. Please try again.";

/// Runs `request` through the core and sends its replies: the first answers
/// the interaction, the rest are follow-ups.
///
/// The core does blocking storage I/O and renders pictures, so it runs on the
/// blocking pool, never on the threads that keep the gateway alive.
pub async fn answer(
    http: &Http,
    id: InteractionId,
    token: &str,
    handler: Arc<dyn Handler>,
    request: Request,
) -> Result<(), Error> {
    let replies = tokio::task::spawn_blocking(move || handler.handle(request)).await?;
    tracing::debug!(replies = replies.len(), "core answered");
    send(http, id, token, replies).await
}

async fn send(http: &Http, id: InteractionId, token: &str, replies: Vec<Reply>) -> Result<(), Error> {
    let mut replies = replies.into_iter();
    // Discord shows "interaction failed" unless something answers, so a core
    // that says nothing still gets an answer.
    let first = replies.next().unwrap_or_else(|| {
        tracing::warn!("the core returned no reply");
        Reply::private("Done.")
    });
    CreateInteractionResponse::Message(reply::response(first)).execute(http, (id, token)).await?;
    for next in replies {
        reply::followup(next).execute(http, (None, token)).await?;
    }
    Ok(())
}

/// Answers the interaction with a private message, for failures the core
/// never saw (an unknown button, the core itself failing).
pub async fn private_error(http: &Http, id: InteractionId, token: &str, text: &str) -> Result<(), Error> {
    CreateInteractionResponse::Message(reply::private_error(text)).execute(http, (id, token)).await?;
    Ok(())
}
