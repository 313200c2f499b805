//! Today's table ledgers, kept in memory between dice commands, one lock per channel.
//!
//! Rebuilding a ledger replays every roll of its day, so a roll late in a busy day
//! would cost far more than the first. Each channel's open ledger is therefore
//! rebuilt once (after a restart, or when its day begins) and then kept here; a roll
//! costs the same at any point of the day. Channels have their own locks, so a busy
//! table never waits for another. Within a channel the lock is still needed: two
//! rolls at once must not take the same index.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use rookery_storage::{ChannelKey, Storage};

use super::super::calendar::utc_date;
use super::super::Refusal;
use super::table::Day;

/// One slot per channel that has used dice since the bot started.
#[derive(Default)]
pub(crate) struct Tables {
    channels: Mutex<HashMap<ChannelKey, Arc<Mutex<Option<Day>>>>>,
}

impl Tables {
    /// Runs `act` on today's open ledger of `channel`, holding that channel's lock.
    ///
    /// The ledger stays cached afterwards only if it still matches what is stored
    /// (every roll it made was logged); otherwise the next command rebuilds it from
    /// storage, which is the authority.
    pub(super) fn with_day<T>(
        &self,
        storage: &Storage,
        channel: ChannelKey,
        now: i64,
        act: impl FnOnce(&mut Day) -> Result<T, Refusal>,
    ) -> Result<T, Refusal> {
        let slot = {
            let mut channels = self.channels.lock().unwrap_or_else(PoisonError::into_inner);
            Arc::clone(channels.entry(channel).or_default())
        };
        let mut cached = slot.lock().unwrap_or_else(PoisonError::into_inner);
        let mut day = match cached.take() {
            // A ledger dated after today (the clock went back) stays the open one, as in `Day::open`.
            Some(mut day) if day.state.date >= utc_date(now) => {
                day.revealed_now.clear();
                day.replaced_damaged = false;
                day
            }
            _ => Day::open(storage, channel, now)?,
        };
        let result = act(&mut day);
        if day.matches_storage() {
            *cached = Some(day);
        }
        result
    }
}
