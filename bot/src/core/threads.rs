//! Games in threads, and what spectators ask for.
//!
//! A channel's setting (`/settings threads:on`, Manage Channels) makes every
//! game accepted there open a thread of its own, named after the players and
//! the variant, so several games run side by side and the channel itself
//! stays free for the next challenge. The core only asks for the thread
//! ([`Reply::thread`]); the front end opens it and hands the game over with
//! [`Handler::move_to_thread`](super::Handler::move_to_thread), which moves
//! the record and everything stored beside it in one transaction. Without the
//! setting (the default) a game stays in the channel where it was accepted.

use rookery_engine::Variant;
use rookery_storage::Phase;
use serde::{Deserialize, Serialize};

use super::archive::pgn_file;
use super::message::{last_moves, player_name};
use super::{channel, info, storage_failure, Core, Outcome, Place, Refusal, Reply, ThreadStart, User};

/// Discord's longest thread name.
const THREAD_NAME_MAX: usize = 100;
/// How many plies `/moves` writes out in the message itself; the PGN has all.
const LISTED_PLIES: usize = 300;
/// Room left in a message for the rest of `/moves`'s text.
const LIST_CHARS: usize = 1800;

/// A channel's stored settings (the server's settings tree, per channel).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct ChannelSettings {
    /// Each new game opens its own thread.
    #[serde(default)]
    threads: bool,
}

fn settings_key(place: Place) -> String {
    format!("channel:{}", place.channel)
}

impl Core {
    fn channel_settings(&self, place: Place) -> Result<ChannelSettings, Refusal> {
        let stored = self.storage.setting(place.guild, &settings_key(place)).map_err(storage_failure)?;
        Ok(stored.unwrap_or_default())
    }

    /// `/settings [threads:on|off]`: shows the channel's settings, or
    /// changes them (Manage Channels).
    pub(super) fn settings(&self, place: Place, user: &User, threads: Option<bool>) -> Outcome {
        let mut settings = self.channel_settings(place)?;
        if let Some(threads) = threads {
            if place.guild == 0 {
                return Err(Refusal::new(
                    "Games get threads only in a server's channels; here every game is played in place.",
                ));
            }
            if !user.can_manage_channel {
                return Err(Refusal::new("Only members who can manage this channel can change its settings."));
            }
            settings.threads = threads;
            self.storage.set_setting(place.guild, &settings_key(place), &settings).map_err(storage_failure)?;
        }
        let state = if settings.threads {
            "on: each new game here opens its own thread, named after its players and variant, so several \
             games can run side by side (`/board` and `/moves` work in the thread)"
        } else {
            "off: one game at a time is played right in this channel"
        };
        let verb = if threads.is_some() { "are now" } else { "are" };
        Ok(vec![Reply::text(format!("Game threads in this channel {verb} {state}."))])
    }

    /// `replies` of a game just started here, its message asking for a
    /// thread when the channel wants one.
    pub(super) fn open_thread(&self, place: Place, mut replies: Vec<Reply>) -> Outcome {
        if place.guild == 0 || !self.channel_settings(place)?.threads {
            return Ok(replies);
        }
        let Some(record) = self.current(place)?.filter(|r| r.phase == Phase::Playing) else { return Ok(replies) };
        let Some(message) = replies.iter_mut().find(|r| !r.ephemeral) else { return Ok(replies) };
        let title = record.variant.parse::<Variant>().map_or_else(|_| record.variant.clone(), info::title);
        let name =
            format!("{} vs {} · {title}", player_name(record.white.as_ref()), player_name(record.black.as_ref()));
        message.thread = Some(ThreadStart { name: cut(&name, THREAD_NAME_MAX), game: record.id });
        Ok(replies)
    }

    /// Moves game `game` from `from` into its new thread; the note says
    /// where it went.
    pub(super) fn relocate(&self, from: Place, game: u64, thread: Place) -> Result<Reply, Refusal> {
        if thread.guild != from.guild || thread == from {
            return Err(Refusal::new("A game moves only into a thread of its own server."));
        }
        let moved = self.storage.move_game(channel(from), channel(thread), game).map_err(storage_failure)?;
        if !moved {
            return Err(Refusal(format!("Game #{game} is no longer this channel's game, so it stays where it is.")));
        }
        let record = self.current(thread)?.ok_or_else(|| Refusal::new("The moved game is missing."))?;
        Ok(Reply::text(format!(
            "**{}** vs **{}** · {} · game #{game} is played in its own thread: <#{}>. This channel is free for \
             the next challenge.",
            player_name(record.white.as_ref()),
            player_name(record.black.as_ref()),
            record.variant,
            thread.channel
        )))
    }

    /// `/moves`: every move of the channel's game so far, numbered, with the
    /// PGN attached; anyone may ask.
    pub(super) fn moves(&self, place: Place) -> Outcome {
        let record = self
            .current(place)?
            .filter(|r| r.phase == Phase::Playing)
            .ok_or_else(|| Refusal::new("There is no game being played here. `/games` lists finished ones."))?;
        let game = self.live_game(&record)?;
        let head = format!(
            "Game #{} · **{}** vs **{}** · {}",
            record.id,
            player_name(record.white.as_ref()),
            player_name(record.black.as_ref()),
            record.variant
        );
        let mut plies = LISTED_PLIES;
        let list = loop {
            match last_moves(&game, plies) {
                Some(list) if list.chars().count() > LIST_CHARS && plies > 2 => plies /= 2,
                Some(list) => break list,
                None => break "no moves yet.".to_string(),
            }
        };
        let mut reply = Reply::text(format!("{head}\n{list}"));
        reply.files.push(pgn_file(&record, &game));
        Ok(vec![reply])
    }
}

/// `text` cut to at most `max` characters.
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}
