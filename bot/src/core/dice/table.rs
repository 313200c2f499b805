//! A channel's table ledgers as stored: one per UTC day, with a log of its rolls.
//!
//! The engine [`Ledger`] is never stored itself. What is stored is what it was
//! made from (id, server seed, player seeds) and, per roll, the line that was
//! rolled; the ledger is rebuilt by replaying those lines. Faces depend only on
//! the seed, the id, the player seeds and the roll's index, so the replay gives
//! back exactly the rolls that were shown, and a restart loses nothing.

use rookery_dice::{Ledger, LedgerError, LedgerId, ServerSeed};
use rookery_storage::{ChannelKey, LedgerRecord, LoggedRoll, Storage, TableLedger};

use super::super::calendar::utc_date;
use super::super::{storage_failure, Refusal};

/// The channel's table ledgers, oldest first. The ledgers and secrets of the
/// channel's games are stored alongside and left out; entries storage cannot
/// read are set aside there and left out too.
pub(super) fn table_states(storage: &Storage, channel: ChannelKey) -> Result<Vec<TableLedger>, Refusal> {
    let stored = storage.channel_ledgers(channel).map_err(storage_failure)?;
    Ok(stored
        .into_iter()
        .filter_map(|entry| match entry {
            LedgerRecord::Table(state) => Some(state),
            LedgerRecord::Game(_) | LedgerRecord::Secrets(_) => None,
        })
        .collect())
}

/// Today's open ledger of a channel, rebuilt and ready to roll.
pub(super) struct Day {
    pub state: TableLedger,
    pub ledger: Ledger,
    /// Earlier ledgers this call revealed because their day is over: each engine
    /// id in backticks, with its roll count and final chain.
    pub revealed_now: Vec<String>,
    /// Whether this call found today's ledger damaged and set it aside (kept
    /// for the operator): `ledger` is the new one opened in its place.
    pub replaced_damaged: bool,
}

impl Day {
    /// Today's ledger of `channel`, created if there is none yet (or if the
    /// one there is damaged: it is set aside, and a new one takes over).
    /// Ledgers of earlier days that are still open are revealed first
    /// (rotation happens on the first dice command of a new day, not on a timer).
    pub fn open(storage: &Storage, channel: ChannelKey, now: i64) -> Result<Day, Refusal> {
        let today = utc_date(now);
        let mut current = None;
        let mut revealed_now = Vec::new();
        for mut state in table_states(storage, channel)? {
            if state.revealed {
                continue;
            }
            // A ledger dated after today (the clock went back) stays the open one
            // rather than running two open ledgers side by side.
            if state.date >= today {
                current = Some(state);
            } else {
                state.revealed = true;
                storage.put_table_ledger(channel, &state).map_err(storage_failure)?;
                // The reveal post gives the chain's end, so a transcript cut or
                // edited later no longer matches what the channel saw.
                let chain = rebuild(storage, channel, &state)?.map(|ledger| ledger.chain().summary());
                revealed_now.push(match chain {
                    Some(chain) => format!("`{}` ({chain})", state.ledger),
                    None => format!("`{}`", state.ledger),
                });
            }
        }
        let mut replaced_damaged = false;
        if let Some(state) = current {
            match rebuild(storage, channel, &state)? {
                Some(ledger) => return Ok(Day { state, ledger, revealed_now, replaced_damaged }),
                None => replaced_damaged = true,
            }
        }
        let state = create(storage, channel, today)?;
        let ledger = rebuild(storage, channel, &state)?
            .ok_or_else(|| Refusal::new("Rookery could not open today's dice ledger just now. Please try again."))?;
        Ok(Day { state, ledger, revealed_now, replaced_damaged })
    }

    /// Stores a roll the ledger just made: the log entry first, so that a crash
    /// in between leaves a log one roll ahead of the state, which [`rebuild`]
    /// accepts.
    ///
    /// If another process logged a roll at this index first, this copy of the
    /// ledger is out of date: the roll is refused, and the copy no longer
    /// matches storage, so the next command rebuilds it.
    pub fn record(&mut self, storage: &Storage, channel: ChannelKey, roll: &LoggedRoll) -> Result<(), Refusal> {
        if !storage.log_roll(channel, self.state.id, roll).map_err(storage_failure)? {
            return Err(Refusal::new(
                "Another roll at this table was made at the same moment, so yours was not rolled. Please roll again.",
            ));
        }
        self.state.next_index = roll.index + 1;
        self.save(storage, channel)
    }

    /// Stores the state after a player seed was added. The state in memory changes
    /// only once the write succeeded, so it always says what storage holds.
    pub fn save(&mut self, storage: &Storage, channel: ChannelKey) -> Result<(), Refusal> {
        let mut state = self.state.clone();
        state.player_seeds = self.ledger.player_seeds().to_vec();
        storage.put_table_ledger(channel, &state).map_err(storage_failure)?;
        self.state = state;
        Ok(())
    }

    /// What players are told when this call found today's ledger damaged
    /// and replaced it.
    pub fn replacement_notice(&self) -> Option<String> {
        self.replaced_damaged.then(|| {
            format!(
                "Today's table ledger was damaged, so Rookery set it aside for the bot's operator (its rolls so far \
                 cannot be checked with `/verify`) and opened a new one with commitment `{}`: rolls go on there",
                self.ledger.commitment()
            )
        })
    }

    /// Whether the ledger in memory is exactly what storage would rebuild.
    pub fn matches_storage(&self) -> bool {
        self.ledger.records().len() as u64 == self.state.next_index
            && self.ledger.player_seeds() == self.state.player_seeds.as_slice()
    }
}

/// The channel's revealed ledgers, oldest first.
pub(super) fn revealed(storage: &Storage, channel: ChannelKey) -> Result<Vec<TableLedger>, Refusal> {
    Ok(table_states(storage, channel)?.into_iter().filter(|state| state.revealed).collect())
}

fn create(storage: &Storage, channel: ChannelKey, date: String) -> Result<TableLedger, Refusal> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|error| {
        tracing::error!(%error, "no randomness from the operating system");
        Refusal::new("Rookery could not get fresh randomness for today's dice just now. Please try again.")
    })?;
    let state = TableLedger {
        id: storage.new_id().map_err(storage_failure)?,
        ledger: format!("table:{}:{date}", channel.channel),
        date,
        seed: ServerSeed::from_bytes(bytes).to_hex(),
        player_seeds: Vec::new(),
        seed_owners: Vec::new(),
        next_index: 0,
        revealed: false,
    };
    storage.put_table_ledger(channel, &state).map_err(storage_failure)?;
    Ok(state)
}

/// The engine ledger of `state`, with every logged roll replayed in order;
/// `None` when it does not rebuild: then it is damaged, and it is set aside
/// with its rolls (kept in quarantine for the operator), never rolled on
/// again, since an index could repeat.
pub(super) fn rebuild(storage: &Storage, channel: ChannelKey, state: &TableLedger) -> Result<Option<Ledger>, Refusal> {
    let rolls = storage.rolls(channel, state.id).map_err(storage_failure)?;
    match replay(state, &rolls) {
        Ok(ledger) => Ok(Some(ledger)),
        Err(reason) => {
            tracing::error!(ledger = %state.ledger, id = state.id, %reason, "a table ledger does not rebuild; set aside");
            storage.quarantine_ledger(channel, state.id, &reason).map_err(storage_failure)?;
            Ok(None)
        }
    }
}

/// The engine ledger of `state` with `rolls` replayed, or why it cannot be.
fn replay(state: &TableLedger, rolls: &[LoggedRoll]) -> Result<Ledger, String> {
    let id = LedgerId::new(&state.ledger).map_err(|e| e.to_string())?;
    let seed = ServerSeed::from_hex(&state.seed).map_err(|e| e.to_string())?;
    let mut ledger = Ledger::new(id, seed);
    for player_seed in &state.player_seeds {
        ledger.add_player_seed(player_seed).map_err(|e| e.to_string())?;
    }
    for roll in rolls {
        let replayed = match (&roll.entropy, roll.sealed) {
            (Some(entropy), sealed) => ledger.roll_notation_with_entropy(&roll.expression, sealed, entropy),
            (None, true) => ledger.roll_sealed(&roll.expression),
            (None, false) => ledger.roll_notation(&roll.expression),
        };
        let index = match replayed {
            Ok(done) => done.record.index,
            Err(LedgerError::RollFailed { index, .. }) => index,
            Err(error) => return Err(error.to_string()),
        };
        if index != roll.index {
            return Err(format!("logged roll {} replayed as {index}", roll.index));
        }
    }
    if (ledger.records().len() as u64) < state.next_index {
        return Err("rolls are missing from the log".into());
    }
    Ok(ledger)
}
