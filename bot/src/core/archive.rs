//! Finished games stay reachable: every game's PGN, `/games` (this channel's
//! or a player's recent finished games) and `/pgn ID`.

use crate::words::counted;
use std::collections::HashSet;

use rookery_engine::echo::echo;
use rookery_engine::game::Game;
use rookery_engine::pgn;
use rookery_storage::{ChannelGame, ChannelKey, Phase, StorageError};

use super::calendar::utc_date;
use super::clock::time_control_text;
use super::games::replay;
use super::message::player_name;
use super::{channel, storage_failure, Attachment, Core, Outcome, Place, Refusal, Reply, User};

/// How many games `/games` lists.
const LISTED: usize = 10;
/// A PGN this short is also shown in the message, not only attached.
const SHOWN_PGN_CHARS: usize = 1500;

/// The `reason` of a game that was aborted rather than played out.
pub(super) const ABORTED: &str = "aborted";

/// The game as PGN, with its players, start time, time control and how it ended.
pub(super) fn pgn_text(record: &ChannelGame, game: &Game) -> String {
    let seconds_of_day = record.created.rem_euclid(86_400);
    let time_control = match (&record.clock, record.move_seconds) {
        (Some(clock), _) => format!("{}+{}", clock.initial, clock.increment),
        (None, Some(seconds)) => format!("1/{seconds}"),
        (None, None) => "-".to_string(),
    };
    let tags = pgn::Tags {
        event: Some(format!("Rookery {} game", record.variant)),
        site: Some("Rookery on Discord".into()),
        date: Some(utc_date(record.created).replace('-', ".")),
        time: Some(format!("{:02}:{:02}:{:02}", seconds_of_day / 3600, seconds_of_day / 60 % 60, seconds_of_day % 60)),
        white: record.white.as_ref().map(|p| p.name.clone()),
        black: record.black.as_ref().map(|p| p.name.clone()),
        time_control: Some(time_control),
        abandoned: is_aborted(record),
    };
    pgn::write(game, &tags)
}

pub(super) fn is_aborted(record: &ChannelGame) -> bool {
    matches!(&record.phase, Phase::Finished { reason, .. } if reason == ABORTED)
}

/// The PGN as an attachment named after the game.
pub(super) fn pgn_file(record: &ChannelGame, game: &Game) -> Attachment {
    Attachment { name: format!("rookery-{}.pgn", record.id), bytes: pgn_text(record, game).into_bytes() }
}

/// One line of a game list: `#12 · 2026-11-23 · alice vs bob · chess 5+3 · 1-0 (checkmate) · 34 moves`.
pub(super) fn listed(record: &ChannelGame, game: &Game, place: Option<u64>) -> String {
    let result = match &record.phase {
        Phase::Finished { reason, .. } if reason == ABORTED => "aborted".to_string(),
        Phase::Finished { result, reason } => format!("{result} ({reason})"),
        _ => "*".to_string(),
    };
    let pace = record.clock.as_ref().map_or(String::new(), |c| format!(" {}", time_control_text(c)));
    let plies = game.moves_san().len();
    let where_ = place.map_or(String::new(), |channel| format!(" · in <#{channel}>"));
    format!(
        "`#{}` · {} · {} vs {} · {}{pace} · {result} · {}{where_}",
        record.id,
        utc_date(record.created),
        player_name(record.white.as_ref()),
        player_name(record.black.as_ref()),
        record.variant,
        counted(plies.div_ceil(2) as u64, "move", "moves"),
    )
}

impl Core {
    /// The engine game of `record`, a finished game of `channel`; `None` when
    /// it no longer replays. Such a record is damage: it is set aside (kept
    /// for the operator), so that lists and `/pgn` pass over it from then on.
    pub(super) fn archived_replay(&self, channel: ChannelKey, record: &ChannelGame) -> Result<Option<Game>, Refusal> {
        match replay(record) {
            Ok(game) => Ok(Some(game)),
            Err(Refusal(reason)) => {
                tracing::error!(game = record.id, %reason, "a finished game no longer replays; set aside");
                self.storage.quarantine_archived(channel, record.id, &reason).map_err(storage_failure)?;
                Ok(None)
            }
        }
    }

    /// The finished games `read` lists, each with its channel and its engine
    /// game. One that no longer replays is set aside and the list read
    /// again, so that the next game takes its place.
    pub(super) fn replayable(
        &self,
        read: impl Fn() -> Result<Vec<(ChannelKey, ChannelGame)>, StorageError>,
    ) -> Result<Vec<(ChannelKey, ChannelGame, Game)>, Refusal> {
        let mut set_aside = HashSet::new();
        loop {
            let mut games = Vec::new();
            let mut complete = true;
            for (key, record) in read().map_err(storage_failure)? {
                if set_aside.contains(&record.id) {
                    continue;
                }
                match self.archived_replay(key, &record)? {
                    Some(game) => games.push((key, record, game)),
                    None => {
                        set_aside.insert(record.id);
                        complete = false;
                    }
                }
            }
            if complete {
                return Ok(games);
            }
        }
    }

    /// Game `id` (`12` or `#12`) with its engine game: a finished game of
    /// this server, or the channel's live game.
    pub(super) fn stored_game(&self, place: Place, id: &str) -> Result<(ChannelGame, Game), Refusal> {
        let wanted = id.trim().trim_start_matches('#');
        let id: u64 = wanted.parse().map_err(|_| {
            Refusal(format!("`{}` is not a game id. `/games` lists the ids, like `#12`.", echo(wanted)))
        })?;
        let damaged = || Refusal(format!("Game #{id} was damaged, so Rookery set it aside for the bot's operator."));
        let finished = match self.storage.finished_game(id) {
            Ok(finished) => finished,
            Err(StorageError::Quarantined(_)) => return Err(damaged()),
            Err(StorageError::TooNew(_)) => {
                return Err(Refusal(format!(
                    "Game #{id} was saved by a newer version of Rookery, which this one cannot read."
                )))
            }
            Err(other) => return Err(storage_failure(other)),
        };
        match finished {
            Some((key, record)) if key.guild == place.guild => {
                let game = self.archived_replay(key, &record)?.ok_or_else(damaged)?;
                Ok((record, game))
            }
            _ => match self.current(place)? {
                Some(record) if record.id == id && record.phase == Phase::Playing => {
                    let game = replay(&record)?;
                    Ok((record, game))
                }
                _ => Err(Refusal(format!("There is no game #{id} here. `/games` lists this channel's games."))),
            },
        }
    }

    /// `/games [user]`: the newest finished games of this channel, or of a
    /// player anywhere in this server.
    pub(super) fn games(&self, place: Place, user: Option<&User>) -> Outcome {
        let (title, lines) = match user {
            None => {
                let here = channel(place);
                let games = self.replayable(|| {
                    let games = self.storage.recent_channel_games(here, LISTED)?;
                    Ok(games.into_iter().map(|record| (here, record)).collect())
                })?;
                let lines = games.iter().map(|(_, record, game)| listed(record, game, None)).collect();
                ("Finished games in this channel".to_string(), lines)
            }
            Some(user) => {
                let games = self.replayable(|| self.storage.recent_player_games(place.guild, user.id, LISTED))?;
                let lines: Vec<String> =
                    games.iter().map(|(key, record, game)| listed(record, game, Some(key.channel))).collect();
                (format!("{}'s finished games", user.name), lines)
            }
        };
        if lines.is_empty() {
            let whose = user.map_or("this channel".to_string(), |u| u.name.clone());
            return Ok(vec![Reply::text(format!("No finished games for {whose} yet."))]);
        }
        Ok(vec![Reply::text(format!("**{title}** (newest first; `/pgn ID` for a game's PGN):\n{}", lines.join("\n")))])
    }

    /// `/pgn ID`: a finished game of this server, or the channel's live game, as PGN.
    pub(super) fn pgn(&self, place: Place, id: &str) -> Outcome {
        let (record, game) = self.stored_game(place, id)?;
        let id = record.id;
        let file = pgn_file(&record, &game);
        let text = String::from_utf8_lossy(&file.bytes).into_owned();
        let mut reply = if text.len() <= SHOWN_PGN_CHARS {
            Reply::text(format!("Game #{id}:\n```\n{}```", text))
        } else {
            Reply::text(format!("Game #{id}: the PGN is attached."))
        };
        reply.files.push(file);
        Ok(vec![reply])
    }
}
