//! Finished games stay reachable: every game's PGN, `/games` (this channel's
//! or a player's recent finished games) and `/pgn ID`.

use rookery_engine::game::Game;
use rookery_engine::pgn;
use rookery_storage::{ChannelGame, Phase};

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
pub(super) fn listed(record: &ChannelGame, place: Option<u64>) -> String {
    let result = match &record.phase {
        Phase::Finished { reason, .. } if reason == ABORTED => "aborted".to_string(),
        Phase::Finished { result, reason } => format!("{result} ({reason})"),
        _ => "*".to_string(),
    };
    let pace = record.clock.as_ref().map_or(String::new(), |c| format!(" {}", time_control_text(c)));
    let plies = replay(record).map_or(0, |game| game.moves_san().len());
    let where_ = place.map_or(String::new(), |channel| format!(" · in <#{channel}>"));
    format!(
        "`#{}` · {} · {} vs {} · {}{pace} · {result} · {} moves{where_}",
        record.id,
        utc_date(record.created),
        player_name(record.white.as_ref()),
        player_name(record.black.as_ref()),
        record.variant,
        plies.div_ceil(2),
    )
}

impl Core {
    /// Game `id` (`12` or `#12`): a finished game of this server, or the
    /// channel's live game.
    pub(super) fn stored_game(&self, place: Place, id: &str) -> Result<ChannelGame, Refusal> {
        let wanted = id.trim().trim_start_matches('#');
        let id: u64 = wanted
            .parse()
            .map_err(|_| Refusal(format!("`{wanted}` is not a game id. `/games` lists the ids, like `#12`.")))?;
        match self.storage.finished_game(id).map_err(storage_failure)? {
            Some((key, record)) if key.guild == place.guild => Ok(record),
            _ => match self.current(place)? {
                Some(record) if record.id == id && record.phase == Phase::Playing => Ok(record),
                _ => Err(Refusal(format!("There is no game #{id} here. `/games` lists this channel's games."))),
            },
        }
    }

    /// `/games [user]`: the newest finished games of this channel, or of a
    /// player anywhere in this server.
    pub(super) fn games(&self, place: Place, user: Option<&User>) -> Outcome {
        let (title, lines) = match user {
            None => {
                let games = self.storage.recent_channel_games(channel(place), LISTED).map_err(storage_failure)?;
                ("Finished games in this channel".to_string(), games.iter().map(|g| listed(g, None)).collect())
            }
            Some(user) => {
                let games = self.storage.recent_player_games(place.guild, user.id, LISTED).map_err(storage_failure)?;
                let lines: Vec<String> = games.iter().map(|(key, g)| listed(g, Some(key.channel))).collect();
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
        let record = self.stored_game(place, id)?;
        let id = record.id;
        let game = replay(&record)?;
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
