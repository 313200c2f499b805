//! Telling admins on Discord what they must know, once connected: after an
//! automatic restore at startup, which backup was used and what window of
//! changes was lost. The log says it too, but nobody may read the log.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, CreateMessage, GuildId, Http};

use super::retry::when_rate_limited;
use super::serve::AdminNotice;

/// Discord's limit on a message's content.
const MAX_CONTENT: usize = 2_000;

/// Posts `notice` to its admin channel; without one, or if that post fails
/// (a deleted channel, a missing permission), to the system channel of each
/// guild in `guilds`. Every failure is logged; none stops the bot.
pub async fn post(http: Arc<Http>, notice: AdminNotice, guilds: Vec<GuildId>) {
    let text = content(&notice.text);
    if let Some(channel) = notice.channel.filter(|&c| c != 0) {
        let channel_id = ChannelId::new(channel);
        match when_rate_limited(|| channel_id.send_message(&http, CreateMessage::new().content(&text))).await {
            Ok(_) => {
                tracing::info!(channel, "the admin notice was posted in the admin channel");
                return;
            }
            Err(error) => {
                tracing::error!(%error, channel, "could not post the admin notice in the admin channel; trying each server's system channel");
            }
        }
    }
    let mut posted = 0;
    for guild in guilds {
        let system_channel = match http.get_guild(guild).await {
            Ok(found) => found.system_channel_id,
            Err(error) => {
                tracing::warn!(%error, guild = guild.get(), "could not look up a server's system channel");
                continue;
            }
        };
        let Some(channel) = system_channel else {
            tracing::warn!(guild = guild.get(), "a server has no system channel for the admin notice");
            continue;
        };
        match when_rate_limited(|| channel.send_message(&http, CreateMessage::new().content(&text))).await {
            Ok(_) => posted += 1,
            Err(error) => tracing::warn!(%error, guild = guild.get(), "could not post the admin notice"),
        }
    }
    if posted == 0 {
        tracing::error!("the admin notice reached no channel on Discord; it is only in this log");
    }
}

/// The notice as message content: marked for admins, and within Discord's limit.
fn content(text: &str) -> String {
    let full = format!("**Rookery admin notice:** {text}");
    if full.chars().count() <= MAX_CONTENT {
        return full;
    }
    let mut cut: String = full.chars().take(MAX_CONTENT - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_content_is_marked_and_fits_discord() {
        assert_eq!(content("backup restored"), "**Rookery admin notice:** backup restored");
        let long = content(&"x".repeat(5_000));
        assert_eq!(long.chars().count(), MAX_CONTENT);
        assert!(long.ends_with('…'));
    }
}
