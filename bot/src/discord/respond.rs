//! Runs the core and sends what it says. Shared by slash commands and button
//! clicks, which both answer through the interaction's id and token.

use poise::serenity_prelude as serenity;
use serenity::{Builder, CreateInteractionResponse, CreateInteractionResponseMessage, Http, InteractionId};

use super::retry::when_rate_limited;
use super::threads::open_requested;
use super::{reply, Data, Error};
use crate::core::{EventPostUpdate, Reply, Request};
use crate::telemetry::{self, ErrorKind};

/// What the user sees when the core panicked.
const CORE_FAILED: &str = "Something went wrong on Rookery's side. Please try again.";
/// What the user sees when the command arrived as Rookery was stopping.
const STOPPING: &str = "Rookery is restarting; nothing was done. Please send that again in a minute.";

/// Runs `request` through the core and sends its replies: the first answers
/// the interaction, the rest are follow-ups. Every interaction is answered,
/// even when the core fails (privately, and the failure is returned for
/// logging); an error from Discord itself leaves nothing to retry.
///
/// The core does blocking storage I/O and renders pictures, so it runs on the
/// blocking pool, never on the threads that keep the gateway alive. Discord
/// drops an interaction not answered within 3 seconds, so when the core takes
/// longer than `data.defer_after` the answer is deferred ("Rookery is
/// thinking…") and the replies come once it is done.
///
/// The work counts as in flight until the answer is sent, so a graceful stop
/// waits for it; once the stop has begun, a late command is turned away.
pub async fn answer(http: &Http, id: InteractionId, token: &str, data: &Data, request: Request) -> Result<(), Error> {
    let Some(_working) = data.in_flight.start() else {
        tracing::info!("a command arrived while stopping; turned away");
        return private_error(http, id, token, STOPPING).await;
    };
    let answered = run_and_send(http, id, token, data, request).await;
    if let Err(error) = &answered {
        telemetry::error(match error {
            Error::Discord(_) => ErrorKind::Discord,
            Error::Core(_) => ErrorKind::CorePanic,
        });
    }
    answered
}

async fn run_and_send(http: &Http, id: InteractionId, token: &str, data: &Data, request: Request) -> Result<(), Error> {
    let handler = data.handler.clone();
    let place = request.place;
    let mut core = tokio::task::spawn_blocking(move || handler.handle(request));
    if let Ok(done) = tokio::time::timeout(data.defer_after, &mut core).await {
        return match done {
            Ok(replies) => {
                let replies = open_requested(http, &data.handler, place, replies).await;
                let new_post = new_event_post(&replies);
                send(http, id, token, replies).await?;
                note_event_post(http, data, token, new_post).await;
                Ok(())
            }
            Err(failed) => {
                private_error(http, id, token, CORE_FAILED).await?;
                Err(failed.into())
            }
        };
    }
    tracing::debug!(after = ?data.defer_after, "the core is slow; deferring the answer");
    let defer = CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new());
    when_rate_limited(|| defer.clone().execute(http, (id, token))).await?;
    match core.await {
        Ok(replies) => {
            let replies = open_requested(http, &data.handler, place, replies).await;
            let new_post = new_event_post(&replies);
            send_deferred(http, token, replies).await?;
            note_event_post(http, data, token, new_post).await;
            Ok(())
        }
        Err(failed) => {
            send_deferred(http, token, vec![Reply::private(CORE_FAILED)]).await?;
            Err(failed.into())
        }
    }
}

async fn send(http: &Http, id: InteractionId, token: &str, replies: Vec<Reply>) -> Result<(), Error> {
    let (first, rest) = first_and_rest(replies);
    let answer = CreateInteractionResponse::Message(reply::response(first));
    when_rate_limited(|| answer.clone().execute(http, (id, token))).await?;
    followups(http, token, rest).await
}

/// The deferred answer is public, so a private first reply takes its place as
/// a private follow-up instead of being shown to everyone.
async fn send_deferred(http: &Http, token: &str, replies: Vec<Reply>) -> Result<(), Error> {
    let (first, rest) = first_and_rest(replies);
    if first.ephemeral {
        when_rate_limited(|| http.delete_original_interaction_response(token)).await?;
        let followup = reply::followup(first);
        when_rate_limited(|| followup.clone().execute(http, (None, token))).await?;
    } else {
        let edit = reply::edit(first);
        when_rate_limited(|| edit.clone().execute(http, token)).await?;
    }
    followups(http, token, rest).await
}

async fn followups(http: &Http, token: &str, replies: impl Iterator<Item = Reply>) -> Result<(), Error> {
    for next in replies {
        let followup = reply::followup(next);
        when_rate_limited(|| followup.clone().execute(http, (None, token))).await?;
    }
    Ok(())
}

/// The new tournament event post the answer is, if it is one (a public
/// first reply marked as an event post not shown yet).
fn new_event_post(replies: &[Reply]) -> Option<EventPostUpdate> {
    let first = replies.first().filter(|r| !r.ephemeral)?;
    first.event_post.filter(|update| update.message.is_none())
}

async fn note_event_post(http: &Http, data: &Data, token: &str, new_post: Option<EventPostUpdate>) {
    if let Some(update) = new_post {
        super::event_posts::note_answer(http, &data.handler, token, update).await;
    }
}

/// Discord shows "interaction failed" unless something answers, so a core
/// that says nothing still gets an answer.
fn first_and_rest(replies: Vec<Reply>) -> (Reply, impl Iterator<Item = Reply>) {
    let mut replies = replies.into_iter();
    let first = replies.next().unwrap_or_else(|| {
        tracing::warn!("the core returned no reply");
        Reply::private("Done.")
    });
    (first, replies)
}

/// Answers the interaction with a private message, for failures the core
/// never saw (an unknown button, the core itself failing).
pub async fn private_error(http: &Http, id: InteractionId, token: &str, text: &str) -> Result<(), Error> {
    let answer = CreateInteractionResponse::Message(reply::private_error(text));
    when_rate_limited(|| answer.clone().execute(http, (id, token))).await?;
    Ok(())
}
