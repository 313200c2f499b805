//! Scheduled daily puzzle posts ([`Reply::scheduled`]): a discussion thread
//! opened from each post, so spoilers stay out of the channel, and a post
//! that fails told to the server's admins.
//!
//! Admins are told in the server's system channel (where Discord itself
//! announces new members, and which admins choose), or, if the server has
//! none or the bot may not post there, in a direct message to the server's
//! owner. A bot may message any member of a server it shares, unless the
//! member has closed their direct messages; then only the log says it.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{AutoArchiveDuration, ChannelId, CreateThread, GuildId, Http, HttpError, MessageId};

use super::reply;
use super::retry::when_rate_limited;
use crate::core::{Handler, Place, PostFailure, Reply};

/// Posts `message` in its channel; a scheduled puzzle post also gets its
/// thread, and the core hears whether it arrived.
pub async fn post(http: &Http, handler: &Arc<dyn Handler>, place: Place, mut message: Reply) {
    let scheduled = message.scheduled.take();
    let channel = ChannelId::new(place.channel);
    let message = reply::channel_message(message);
    let sent = when_rate_limited(|| channel.send_message(http, message.clone())).await;
    let Some(post) = scheduled else {
        if let Err(error) = sent {
            tracing::warn!(%error, channel = place.channel, "could not post a due message");
        }
        return;
    };
    let guild = post.guild;
    match sent {
        Ok(posted) => {
            metrics::counter!(crate::telemetry::PUZZLE_POSTS).increment(1);
            open_discussion(http, channel, posted.id, post.thread_name).await;
            let arrived = handler.clone();
            if let Err(error) = tokio::task::spawn_blocking(move || arrived.scheduled_post_arrived(guild)).await {
                tracing::error!(%error, guild, "noting the daily puzzle's arrival panicked");
            }
        }
        Err(error) => {
            crate::telemetry::error(crate::telemetry::ErrorKind::Discord);
            let failure = failure_of(&error);
            tracing::warn!(%error, channel = place.channel, guild, "could not post the daily puzzle");
            let failed = handler.clone();
            let notice =
                tokio::task::spawn_blocking(move || failed.scheduled_post_failed(guild, place.channel, failure)).await;
            match notice {
                Ok(Some(notice)) => tell_admins(http, GuildId::new(guild), notice).await,
                Ok(None) => {}
                Err(error) => tracing::error!(%error, guild, "noting a failed daily puzzle panicked"),
            }
        }
    }
}

/// Starts the discussion thread from the posted puzzle. Without it the
/// puzzle still stands, so a failure is only logged.
async fn open_discussion(http: &Http, channel: ChannelId, message: MessageId, name: String) {
    // A day of quiet before Discord hides it: tomorrow brings a new puzzle.
    let builder = CreateThread::new(name).auto_archive_duration(AutoArchiveDuration::OneDay);
    let opened = when_rate_limited(|| channel.create_thread_from_message(http, message, builder.clone())).await;
    if let Err(error) = opened {
        tracing::warn!(%error, channel = channel.get(), "could not open the daily puzzle's thread");
    }
}

/// What a refused post means for the admins.
fn failure_of(error: &serenity::Error) -> PostFailure {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            failure_for(response.status_code.as_u16(), response.error.code, &response.error.message)
        }
        other => PostFailure::Other(other.to_string()),
    }
}

/// A refusal by its HTTP status and Discord's JSON error code
/// (https://discord.com/developers/docs/topics/opcodes-and-status-codes#json).
fn failure_for(status: u16, code: isize, message: &str) -> PostFailure {
    match (status, code) {
        (_, 10003) | (404, _) => PostFailure::ChannelGone,
        (_, 50001) => PostFailure::NoAccess,
        (_, 50013) | (403, _) => PostFailure::MissingPermission,
        (status, _) => PostFailure::Other(format!("{status}: {message}")),
    }
}

/// Posts `notice` in the guild's system channel, else sends it to the owner.
async fn tell_admins(http: &Http, guild: GuildId, notice: Reply) {
    let found = match http.get_guild(guild).await {
        Ok(found) => found,
        Err(error) => {
            tracing::error!(%error, guild = guild.get(), "could not look up the server to report a failed puzzle post");
            return;
        }
    };
    let notice = reply::channel_message(notice);
    if let Some(system) = found.system_channel_id {
        match when_rate_limited(|| system.send_message(http, notice.clone())).await {
            Ok(_) => return,
            Err(error) => tracing::warn!(%error, guild = guild.get(), "could not report in the system channel"),
        }
    }
    let direct = match when_rate_limited(|| found.owner_id.create_dm_channel(http)).await {
        Ok(direct) => direct,
        Err(error) => {
            tracing::error!(%error, guild = guild.get(), "no way to tell the admins that the puzzle post failed");
            return;
        }
    };
    if let Err(error) = when_rate_limited(|| direct.id.send_message(http, notice.clone())).await {
        tracing::error!(%error, guild = guild.get(), "could not tell the owner that the puzzle post failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_refusals_become_what_admins_can_fix() {
        assert_eq!(failure_for(404, 10003, "Unknown Channel"), PostFailure::ChannelGone);
        assert_eq!(failure_for(403, 50001, "Missing Access"), PostFailure::NoAccess);
        assert_eq!(failure_for(403, 50013, "Missing Permissions"), PostFailure::MissingPermission);
        assert_eq!(failure_for(500, 0, "oops"), PostFailure::Other("500: oops".into()));
    }
}
