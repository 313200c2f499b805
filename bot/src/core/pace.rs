//! Correspondence pace: games with a time per move get a reminder when a
//! quarter of the time (at most a day) is left, and are forfeited when it runs out.

use rookery_engine::game::Action;
use rookery_storage::{Change, Phase};

use super::message::player_name;
use super::{storage_failure, Core, Place, Refusal, Reply};

impl Core {
    /// Reminders and forfeits due now, each with the channel to post it in.
    /// Safe to call as often as wanted: each reminder and forfeit happens once.
    pub fn tick(&self) -> Result<Vec<(Place, Reply)>, Refusal> {
        let now = self.now();
        let mut out = Vec::new();
        for (key, record) in self.storage.all_channel_games().map_err(storage_failure)? {
            let Some(allowed) = record.move_seconds.filter(|_| record.phase == Phase::Playing) else { continue };
            let deadline = record.last_activity + allowed as i64;
            let warn_at = deadline - (allowed as i64 / 4).min(86_400);
            if now < warn_at || (now < deadline && record.reminded) {
                continue;
            }
            let place = Place { guild: key.guild, channel: key.channel };
            let ledger = self.stored_ledger(key, &record);
            let replies = self.storage.update_channel(key, |current| {
                // Re-check inside the transaction: a move may have just come in.
                let Some(mut record) = current.filter(|r| r.phase == Phase::Playing) else {
                    return Ok(Change::Keep(vec![]));
                };
                let deadline = record.last_activity + allowed as i64;
                let mut game = self.live_game(&record)?;
                let side = game.position().turn();
                let name = player_name(side.fold(record.white.as_ref(), record.black.as_ref()));
                if now >= deadline {
                    game.apply(Action::Timeout(side)).map_err(|e| Refusal(e.to_string()))?;
                    return self.settle(record, game, now, ledger.as_ref());
                }
                if record.reminded || now < deadline - (allowed as i64 / 4).min(86_400) {
                    return Ok(Change::Keep(vec![]));
                }
                record.reminded = true;
                let hours = (deadline - now + 3599) / 3600;
                Ok(Change::Put(
                    record,
                    vec![Reply::text(format!("{name}, you have about {hours} h left to move here."))],
                ))
            });
            match replies.map_err(storage_failure)? {
                Ok(replies) => out.extend(replies.into_iter().map(|r| (place, r))),
                Err(refusal) => tracing::warn!(channel = key.channel, reason = %refusal.0, "pace check skipped"),
            }
        }
        Ok(out)
    }
}
