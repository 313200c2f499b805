//! Ways out that do not depend on the players: open challenges expire, and a
//! moderator can end a channel's game or clear its challenge (recorded with
//! who did it), so a game with no pace never holds a channel for ever.

use rookery_storage::{Change, ChannelGame, GameLedger, Phase, RateFn, StorageError};

use super::archive::pgn_file;
use super::game_dice::ledger_revealed;
use super::message::player_name;
use super::{channel, channel_failure, storage_failure, Core, Outcome, Place, Refusal, Reply, User};

/// How long a challenge stays open by default.
pub const DEFAULT_CHALLENGE_SECONDS: i64 = 24 * 3_600;

impl Core {
    /// Whether an open challenge made at `created` has expired at `now`: from
    /// its deadline on it can no longer be accepted, whether or not the
    /// scheduler has announced the expiry yet.
    pub(super) fn challenge_expired(&self, created: i64, now: i64) -> bool {
        now.saturating_sub(created) >= self.challenge_seconds
    }

    /// Withdraws every open challenge older than the expiry, each once, with
    /// a message for its channel.
    pub(super) fn expire_challenges(&self) -> Result<Vec<(Place, Reply)>, Refusal> {
        let now = self.now();
        let expiry = self.challenge_seconds;
        let expired = |created: i64| self.challenge_expired(created, now);
        let mut out = Vec::new();
        for (key, record) in self.storage.all_channel_games().map_err(storage_failure)? {
            if !matches!(record.phase, Phase::Challenge { .. }) || !expired(record.created) {
                continue;
            }
            let cleared = self.storage.update_channel(key, |current| {
                // Re-checked inside the transaction: it may have been accepted just now.
                let Some(current) = current.filter(|r| r.id == record.id && expired(r.created)) else {
                    return Ok::<_, Refusal>(Change::Keep(Vec::new()));
                };
                let Phase::Challenge { challenger, .. } = &current.phase else { return Ok(Change::Keep(Vec::new())) };
                let hours = expiry / 3_600;
                let text = format!(
                    "{}'s challenge to {} expired after {hours} h without an answer.",
                    challenger.name, current.variant
                );
                Ok(Change::Clear(vec![Reply::text(text)]))
            });
            match cleared.map_err(storage_failure)? {
                Ok(replies) => {
                    let place = Place { guild: key.guild, channel: key.channel };
                    out.extend(replies.into_iter().map(|reply| (place, reply)));
                }
                Err(Refusal(reason)) => tracing::warn!(channel = key.channel, %reason, "challenge expiry skipped"),
            }
        }
        Ok(out)
    }

    /// `/admin backup`: a moderator has a verified backup taken now (the
    /// same as a scheduled one, old ones pruned as configured). It names the
    /// file only, not the operator's folders.
    pub(super) fn admin_backup(&self, user: &User) -> Outcome {
        if !user.can_manage_channel {
            return Err(Refusal::new(
                "Only moderators (Manage Messages, Manage Channels or the server's moderator role) can take a backup.",
            ));
        }
        let Some(config) = &self.backups else {
            return Err(Refusal::new("Backups are not set up for this Rookery; ask its operator."));
        };
        match crate::restore::backup_now(&self.storage, config) {
            Ok(backup) => {
                let name = backup.path.file_name().map_or(String::new(), |n| n.to_string_lossy().into_owned());
                tracing::info!(moderator = %user.name, user = user.id, path = %backup.path.display(), "backup taken by a moderator");
                Ok(vec![Reply::private(format!(
                    "Backup taken and verified by reading it back: {} records in {name}. (Asked by {}.)",
                    backup.records, user.name
                ))])
            }
            Err(error) => {
                tracing::error!(moderator = %user.name, "a moderator's backup failed: {error:#}");
                Err(Refusal::new("The backup failed; the operator's log says why. Nothing was changed."))
            }
        }
    }

    /// `/admin end`: a moderator ends the channel's game (archived unrated,
    /// with who ended it and why) or clears its open challenge. A game this
    /// Rookery cannot read (saved by a newer one) is set aside as it is,
    /// kept for the operator, so a moderator can always free the channel.
    pub(super) fn admin_end(&self, place: Place, user: &User, reason: Option<&str>) -> Outcome {
        if !user.can_manage_channel {
            return Err(Refusal::new("Only moderators (Manage Messages, Manage Channels or the server's moderator role) can end a game here."));
        }
        let reason = reason.map(str::trim).filter(|r| !r.is_empty());
        let why = reason.map_or(String::new(), |r| format!(": {}", r.chars().take(200).collect::<String>()));
        let now = self.now();
        // Read before the transaction, which cannot: the chain in the post.
        let ledger = self.current(place).ok().flatten().and_then(|record| self.stored_ledger(channel(place), &record));
        let ended = self.storage.update_channel(channel(place), |current| {
            let Some(record) = current else {
                return Err(Refusal::new("There is no game or challenge in this channel."));
            };
            match &record.phase {
                Phase::Challenge { challenger, .. } => {
                    let text = format!("{} (moderator) cleared {}'s challenge{why}.", user.name, challenger.name);
                    Ok(Change::Clear(vec![Reply::text(text)]))
                }
                Phase::Playing => {
                    let (white, black) = (player_name(record.white.as_ref()), player_name(record.black.as_ref()));
                    let text = format!(
                        "{} (moderator) ended game #{} ({white} vs {black}){why}. It is archived unrated.",
                        user.name, record.id
                    );
                    let phase = Phase::Finished {
                        result: "*".into(),
                        reason: format!("ended by moderator {}{why}", user.name),
                    };
                    Ok(self.finish_unrated(record, phase, now, text, ledger.as_ref()))
                }
                Phase::Finished { .. } => Err(Refusal::new("The game here is already over.")),
            }
        });
        let unreadable = match ended {
            Err(StorageError::TooNew(version)) => {
                let reason = format!(
                    "set aside by moderator {} ({}) with /admin end: written by a newer Rookery (record version \
                     {version})",
                    user.name, user.id
                );
                self.storage.quarantine_channel(channel(place), &reason).map_err(storage_failure)?;
                "It was saved by a newer version of Rookery, which this one cannot read, so it was set aside \
                 unchanged for the bot's operator."
            }
            // Set aside by the read itself.
            Err(StorageError::Quarantined(_)) => "It was damaged, so it was set aside for the bot's operator.",
            other => return other.map_err(channel_failure)?,
        };
        tracing::warn!(moderator = %user.name, user = user.id, channel = place.channel, unreadable, "a moderator freed a channel");
        Ok(vec![Reply::text(format!(
            "{} (moderator) ended this channel's game{why}. {unreadable} The channel is free.",
            user.name
        ))])
    }
}

impl Core {
    /// A playing game ended by hand (a moderator, an organiser): finished with
    /// `phase`, unrated, announced by `text` with its PGN attached and its
    /// dice opened to check, like any finished game.
    pub(super) fn finish_unrated(
        &self,
        mut record: ChannelGame,
        phase: Phase,
        now: i64,
        text: String,
        ledger: Option<&GameLedger>,
    ) -> Change<Vec<Reply>> {
        record.phase = phase;
        record.last_activity = now;
        let mut reply = Reply::text(text);
        let game = self.live_game(&record);
        if let Some(line) = ledger_revealed(&record, game.as_ref().ok(), ledger) {
            reply.text.push_str(&format!("\n{line}"));
        }
        if let Ok(game) = game {
            reply.files.push(pgn_file(&record, &game));
        }
        let rate: RateFn = Box::new(|_| Vec::new());
        Change::Finish { game: record, rated: Vec::new(), rate, reply: vec![reply] }
    }
}
