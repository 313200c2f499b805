//! Tournament event posts kept current ([`Reply::event_post`]): the post is
//! edited in place; one deleted meanwhile (Discord: 404 Unknown Message) is
//! posted again. Whichever message shows the event, the core hears of it.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, Http, HttpError, MessageId};

use super::reply;
use super::retry::when_rate_limited;
use crate::core::{EventPostUpdate, Handler, Place, Reply};

/// Discord's JSON error code for a message that does not exist (any more).
const UNKNOWN_MESSAGE: isize = 10008;

/// Edits the event post `message` stands for, or posts it when it has none
/// yet or it was deleted.
pub async fn keep_current(http: &Http, handler: &Arc<dyn Handler>, place: Place, mut message: Reply) {
    let Some(update) = message.event_post.take() else { return };
    let channel = ChannelId::new(place.channel);
    if let Some(shown) = update.message {
        let edit = reply::message_edit(message.clone());
        match when_rate_limited(|| channel.edit_message(http, MessageId::new(shown), edit.clone())).await {
            Ok(_) => return,
            Err(error) if is_unknown_message(&error) => {
                tracing::info!(event = update.event, "the event post was deleted; posting it again");
            }
            Err(error) => {
                tracing::warn!(%error, event = update.event, "could not update the event post");
                return;
            }
        }
    }
    let post = reply::channel_message(message);
    match when_rate_limited(|| channel.send_message(http, post.clone())).await {
        Ok(posted) => note(handler, update, place.channel, posted.id.get()).await,
        Err(error) => tracing::warn!(%error, event = update.event, "could not post the event post"),
    }
}

/// After an interaction was answered with a new event post: that answer,
/// looked up, is the post from now on.
pub async fn note_answer(http: &Http, handler: &Arc<dyn Handler>, token: &str, update: EventPostUpdate) {
    match when_rate_limited(|| http.get_original_interaction_response(token)).await {
        Ok(answer) => note(handler, update, answer.channel_id.get(), answer.id.get()).await,
        Err(error) => tracing::warn!(%error, event = update.event, "could not find the new event post"),
    }
}

async fn note(handler: &Arc<dyn Handler>, update: EventPostUpdate, channel: u64, message: u64) {
    let noting = handler.clone();
    let noted =
        tokio::task::spawn_blocking(move || noting.event_post_posted(update.guild, update.event, channel, message));
    if let Err(error) = noted.await {
        tracing::error!(%error, event = update.event, "noting the event post panicked");
    }
}

fn is_unknown_message(error: &serenity::Error) -> bool {
    matches!(error, serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
        if response.error.code == UNKNOWN_MESSAGE)
}
