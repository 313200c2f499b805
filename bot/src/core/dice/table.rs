//! A channel's table ledgers as stored: one per UTC day, with a log of its rolls.
//!
//! The engine [`Ledger`] is never stored itself. What is stored is what it was
//! made from (id, server seed, player seeds) and, per roll, the line that was
//! rolled; the ledger is rebuilt by replaying those lines. Faces depend only on
//! the seed, the id, the player seeds and the roll's index, so the replay gives
//! back exactly the rolls that were shown, and a restart loses nothing.

use rookery_dice::{Ledger, LedgerError, LedgerId, ServerSeed};
use rookery_storage::{ChannelKey, Storage};
use serde::{Deserialize, Serialize};

use super::super::calendar::utc_date;
use super::super::{storage_failure, Refusal};

/// A table ledger's state, stored with `Storage::put_ledger` under its storage id.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct TableState {
    /// Storage key of the ledger and its roll log.
    pub id: u64,
    /// The engine ledger id, `table:<channel>:<date>`: part of every derivation.
    pub ledger: String,
    /// The UTC day (`YYYY-MM-DD`) the ledger serves.
    pub date: String,
    /// The server seed as hex; secret until `revealed`.
    pub seed: String,
    /// Player seeds in canonical order.
    pub player_seeds: Vec<String>,
    /// Who added a player seed, once per seed, in the order they were added, so that
    /// one person cannot take every slot (see `MAX_SEEDS_PER_USER`).
    #[serde(default)]
    pub seed_owners: Vec<u64>,
    /// Index of the next roll: every index below it was shown to someone, so a
    /// shorter roll log means lost rolls, and the ledger refuses to reuse them.
    pub next_index: u64,
    /// Set when the day is over: the seed and transcript may now be published.
    pub revealed: bool,
}

/// One roll as logged with `Storage::log_roll`: enough to replay it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct LoggedRoll {
    pub index: u64,
    /// The notation exactly as rolled.
    pub expression: String,
    pub sealed: bool,
    /// Who rolled, and when (Unix seconds), for moderators reading an export.
    pub user: u64,
    pub at: i64,
    /// The roll's public entropy (the Discord interaction id), part of its derivation.
    #[serde(default)]
    pub entropy: Option<String>,
    /// The roller's display name at the time, for `/dice history` (which must not
    /// mention, and so ping, everybody who rolled).
    #[serde(default)]
    pub name: String,
}

/// The channel's table ledgers, oldest first. The ledgers of the channel's
/// games are stored alongside; they have a `game` field and are left alone.
pub(super) fn table_states(storage: &Storage, channel: ChannelKey) -> Result<Vec<TableState>, Refusal> {
    let stored = storage.channel_ledgers::<serde_json::Value>(channel).map_err(storage_failure)?;
    stored
        .into_iter()
        .filter(|value| value.get("game").is_none())
        .map(|value| {
            serde_json::from_value(value).map_err(|error| {
                tracing::error!(%error, "a table ledger does not read");
                Refusal::new("A dice ledger of this channel is damaged. Please tell the bot's operator.")
            })
        })
        .collect()
}

/// Today's open ledger of a channel, rebuilt and ready to roll.
pub(super) struct Day {
    pub state: TableState,
    pub ledger: Ledger,
    /// Engine ids of earlier ledgers this call revealed because their day is over.
    pub revealed_now: Vec<String>,
}

impl Day {
    /// Today's ledger of `channel`, created if there is none yet. Ledgers of
    /// earlier days that are still open are revealed first (rotation happens on
    /// the first dice command of a new day, not on a timer).
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
                storage.put_ledger(channel, state.id, &state).map_err(storage_failure)?;
                revealed_now.push(state.ledger);
            }
        }
        let state = match current {
            Some(state) => state,
            None => create(storage, channel, today)?,
        };
        let ledger = rebuild(storage, channel, &state)?;
        Ok(Day { state, ledger, revealed_now })
    }

    /// Stores a roll the ledger just made: the log entry first, so that a crash
    /// in between leaves a log one roll ahead of the state, which [`rebuild`]
    /// accepts.
    pub fn record(&mut self, storage: &Storage, channel: ChannelKey, roll: &LoggedRoll) -> Result<(), Refusal> {
        storage.log_roll(channel, self.state.id, roll.index, roll).map_err(storage_failure)?;
        self.state.next_index = roll.index + 1;
        self.save(storage, channel)
    }

    /// Stores the state after a player seed was added. The state in memory changes
    /// only once the write succeeded, so it always says what storage holds.
    pub fn save(&mut self, storage: &Storage, channel: ChannelKey) -> Result<(), Refusal> {
        let mut state = self.state.clone();
        state.player_seeds = self.ledger.player_seeds().to_vec();
        storage.put_ledger(channel, state.id, &state).map_err(storage_failure)?;
        self.state = state;
        Ok(())
    }

    /// Whether the ledger in memory is exactly what storage would rebuild.
    pub fn matches_storage(&self) -> bool {
        self.ledger.records().len() as u64 == self.state.next_index
            && self.ledger.player_seeds() == self.state.player_seeds.as_slice()
    }
}

/// The channel's revealed ledgers, oldest first.
pub(super) fn revealed(storage: &Storage, channel: ChannelKey) -> Result<Vec<TableState>, Refusal> {
    Ok(table_states(storage, channel)?.into_iter().filter(|state| state.revealed).collect())
}

fn create(storage: &Storage, channel: ChannelKey, date: String) -> Result<TableState, Refusal> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|error| {
        tracing::error!(%error, "no randomness from the operating system");
        Refusal::new("Rookery could not get fresh randomness for today's dice just now. Please try again.")
    })?;
    let state = TableState {
        id: storage.new_id().map_err(storage_failure)?,
        ledger: format!("table:{}:{date}", channel.channel),
        date,
        seed: ServerSeed::from_bytes(bytes).to_hex(),
        player_seeds: Vec::new(),
        seed_owners: Vec::new(),
        next_index: 0,
        revealed: false,
    };
    storage.put_ledger(channel, state.id, &state).map_err(storage_failure)?;
    Ok(state)
}

/// The engine ledger of `state`, with every logged roll replayed in order.
pub(super) fn rebuild(storage: &Storage, channel: ChannelKey, state: &TableState) -> Result<Ledger, Refusal> {
    let id = LedgerId::new(&state.ledger).map_err(|e| damaged(state, &e.to_string()))?;
    let seed = ServerSeed::from_hex(&state.seed).map_err(|e| damaged(state, &e.to_string()))?;
    let mut ledger = Ledger::new(id, seed);
    for player_seed in &state.player_seeds {
        ledger.add_player_seed(player_seed).map_err(|e| damaged(state, &e.to_string()))?;
    }
    for roll in storage.rolls::<LoggedRoll>(channel, state.id).map_err(storage_failure)? {
        let replayed = match (&roll.entropy, roll.sealed) {
            (Some(entropy), sealed) => ledger.roll_notation_with_entropy(&roll.expression, sealed, entropy),
            (None, true) => ledger.roll_sealed(&roll.expression),
            (None, false) => ledger.roll_notation(&roll.expression),
        };
        let index = match replayed {
            Ok(done) => done.record.index,
            Err(LedgerError::RollFailed { index, .. }) => index,
            Err(error) => return Err(damaged(state, &error.to_string())),
        };
        if index != roll.index {
            return Err(damaged(state, &format!("logged roll {} replayed as {index}", roll.index)));
        }
    }
    if (ledger.records().len() as u64) < state.next_index {
        return Err(damaged(state, "rolls are missing from the log"));
    }
    Ok(ledger)
}

/// A stored ledger that does not rebuild: never roll on it (indexes could repeat).
fn damaged(state: &TableState, reason: &str) -> Refusal {
    tracing::error!(ledger = %state.ledger, id = state.id, reason, "table ledger does not rebuild");
    Refusal::new(format!(
        "The dice ledger `{}` of this channel is damaged, so Rookery will not roll on it. \
         Please tell the bot's operator.",
        state.ledger
    ))
}
