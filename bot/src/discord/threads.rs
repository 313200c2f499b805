//! Opening the thread a starting game asks for ([`Reply::thread`]): the
//! thread is created in the channel, the core moves the game into it, the
//! game's message is posted there and the channel is told where the game went.
//! If any step before the move fails, the game simply stays in the channel.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{AutoArchiveDuration, ChannelId, ChannelType, CreateThread, Http};

use super::reply;
use super::retry::when_rate_limited;
use crate::core::{Handler, Place, Reply, ThreadStart};

/// `replies` with each game that asks for a thread moved into one: its
/// message goes to the thread and a note about it takes its place here.
pub async fn open_requested(http: &Http, handler: &Arc<dyn Handler>, place: Place, replies: Vec<Reply>) -> Vec<Reply> {
    let mut out = Vec::with_capacity(replies.len());
    for mut message in replies {
        let Some(start) = message.thread.take() else {
            out.push(message);
            continue;
        };
        match open(http, handler, place, &start).await {
            Ok((thread, note)) => {
                let post = reply::channel_message(message);
                if let Err(error) = when_rate_limited(|| thread.send_message(http, post.clone())).await {
                    tracing::warn!(%error, thread = thread.get(), "could not post the game in its thread");
                }
                out.push(note);
            }
            Err(reason) => {
                tracing::warn!(%reason, channel = place.channel, game = start.game, "the game stays in its channel");
                out.push(played_here(message));
            }
        }
    }
    out
}

/// A game whose thread could not be opened, with a word on why it is
/// played in the channel after all (the note goes first, so a long text
/// cut to Discord's limit keeps it).
fn played_here(mut message: Reply) -> Reply {
    message.text =
        if message.text.is_empty() { NO_THREAD.to_string() } else { format!("{NO_THREAD}\n{}", message.text) };
    message
}

/// What players read when their game's thread could not be opened.
const NO_THREAD: &str = "(This game could not get a thread of its own, so it is played right here. For the next \
     games, a moderator can give me Create Public Threads in this channel.)";

/// Opens the thread and moves the game into it; the note for the channel.
async fn open(
    http: &Http,
    handler: &Arc<dyn Handler>,
    place: Place,
    start: &ThreadStart,
) -> Result<(ChannelId, Reply), String> {
    let builder = CreateThread::new(start.name.clone())
        .kind(ChannelType::PublicThread)
        // A week of quiet before Discord hides it: correspondence games are slow.
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    let channel = ChannelId::new(place.channel);
    let thread = when_rate_limited(|| channel.create_thread(http, builder.clone())).await.map_err(|e| e.to_string())?;
    let to = Place { guild: place.guild, channel: thread.id.get() };
    let (handler, game) = (handler.clone(), start.game);
    let moved = tokio::task::spawn_blocking(move || handler.move_to_thread(place, game, to)).await;
    let note = moved.map_err(|e| e.to_string())??;
    Ok((thread.id, note))
}
