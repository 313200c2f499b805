//! Dice ledgers and their roll logs, with the shapes they are stored in.
//!
//! The `ledgers` tree holds three kinds of entry under (channel, storage id):
//! a channel's table ledger of one UTC day, a game's dice ledger, and one
//! sealing of a game's secret choices. The `rolls` tree logs each table
//! roll under (channel, ledger id, roll index). The shapes live here, beside
//! the game records, so that every reader, `rookery check` and the startup
//! check decode them as what they are: one that does not decode is set aside
//! like any other record, and the channel carries on without it.

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use crate::store::Iter;
use crate::{archive_key, ChannelKey, Storage, StorageError};

/// A channel's table ledger for one UTC day. The engine ledger itself is
/// never stored: it is rebuilt from these fields by replaying the roll log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableLedger {
    /// Storage id of the ledger and its roll log.
    pub id: u64,
    /// The engine ledger id, `table:<channel>:<date>`: part of every derivation.
    pub ledger: String,
    /// The UTC day (`YYYY-MM-DD`) the ledger serves.
    pub date: String,
    /// The server seed as hex; secret until `revealed`.
    pub seed: String,
    /// Player seeds in canonical order.
    pub player_seeds: Vec<String>,
    /// Who added a player seed, once per seed, in the order they were added,
    /// so that one person cannot take every slot.
    #[serde(default)]
    pub seed_owners: Vec<u64>,
    /// Index of the next roll: every index below it was shown to someone, so
    /// a shorter roll log means lost rolls, and the ledger refuses to reuse them.
    pub next_index: u64,
    /// Set when the day is over: the seed and transcript may now be published.
    pub revealed: bool,
}

/// A game's dice ledger: its rolls are the game's own roll actions, so the
/// game record holds every face and this holds what derives them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLedger {
    /// The game it rolls for.
    pub game: u64,
    /// The engine ledger id (`game:<game id>`): part of every derivation.
    pub ledger: String,
    /// The server seed as hex; secret until the game is over.
    pub seed: String,
    /// How many of the game's rolls came before this ledger's first: 0,
    /// unless it took over mid-game from a ledger that was lost.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub first_roll: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// One sealing of a secret choice of a game (one per entry, never rewritten,
/// so two players choosing at once cannot overwrite each other).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSecrets {
    pub game: u64,
    pub secrets: Vec<SealedSecret>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedSecret {
    /// `white` or `black`.
    pub side: String,
    pub option: String,
    pub nonce: String,
}

/// An entry of the `ledgers` tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LedgerRecord {
    Table(TableLedger),
    Game(GameLedger),
    Secrets(GameSecrets),
}

/// One table roll as logged: enough to replay it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedRoll {
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
    /// The roller's display name at the time, for `/dice history` (which
    /// must not mention, and so ping, everybody who rolled).
    #[serde(default)]
    pub name: String,
}

/// Which fields an entry has: the three kinds are told apart by them
/// (a game's entries have `game`, secrets also `secrets`).
#[derive(Deserialize)]
struct Kind {
    game: Option<IgnoredAny>,
    secrets: Option<IgnoredAny>,
}

fn corrupt(error: serde_json::Error) -> StorageError {
    StorageError::Quarantined(error.to_string())
}

pub(crate) fn decode_ledger(bytes: &[u8]) -> Result<LedgerRecord, StorageError> {
    let kind: Kind = serde_json::from_slice(bytes).map_err(corrupt)?;
    Ok(match (kind.game, kind.secrets) {
        (None, _) => LedgerRecord::Table(serde_json::from_slice(bytes).map_err(corrupt)?),
        (Some(_), None) => LedgerRecord::Game(serde_json::from_slice(bytes).map_err(corrupt)?),
        (Some(_), Some(_)) => LedgerRecord::Secrets(serde_json::from_slice(bytes).map_err(corrupt)?),
    })
}

pub(crate) fn decode_roll(bytes: &[u8]) -> Result<LoggedRoll, StorageError> {
    serde_json::from_slice(bytes).map_err(corrupt)
}

pub(crate) fn encode_game_ledger(ledger: &GameLedger) -> Vec<u8> {
    serde_json::to_vec(ledger).expect("a ledger serializes")
}

/// The key of roll `index` of ledger `ledger` in `channel`.
fn roll_key(channel: ChannelKey, ledger: u64, index: u64) -> Vec<u8> {
    let mut key = archive_key(channel, ledger).to_vec();
    key.extend_from_slice(&index.to_be_bytes());
    key
}

impl Storage {
    /// A ledger entry, keyed by the channel it serves and its storage id. One
    /// that cannot be read is set aside and reported.
    pub fn ledger(&self, channel: ChannelKey, id: u64) -> Result<Option<LedgerRecord>, StorageError> {
        match self.ledgers.get(archive_key(channel, id))? {
            None => Ok(None),
            Some(bytes) => match decode_ledger(&bytes) {
                Ok(record) => Ok(Some(record)),
                Err(StorageError::Quarantined(reason)) => {
                    self.quarantine_ledger(channel, id, &reason)?;
                    Err(StorageError::Quarantined(reason))
                }
                Err(other) => Err(other),
            },
        }
    }

    /// Stores a table ledger under its storage id (durably: a commitment is
    /// public once told).
    pub fn put_table_ledger(&self, channel: ChannelKey, state: &TableLedger) -> Result<(), StorageError> {
        self.put_ledger_bytes(channel, state.id, serde_json::to_vec(state).expect("a ledger serializes"))
    }

    /// Stores one sealing of a game's secret choices under storage id `id`.
    pub fn put_game_secrets(&self, channel: ChannelKey, id: u64, secrets: &GameSecrets) -> Result<(), StorageError> {
        self.put_ledger_bytes(channel, id, serde_json::to_vec(secrets).expect("secrets serialize"))
    }

    fn put_ledger_bytes(&self, channel: ChannelKey, id: u64, bytes: Vec<u8>) -> Result<(), StorageError> {
        let _writing = self.writing();
        self.ledgers.insert(archive_key(channel, id), bytes)?;
        self.flush()
    }

    /// Every ledger entry of a channel, oldest first; those that cannot be
    /// read are set aside (with their rolls) and left out.
    pub fn channel_ledgers(&self, channel: ChannelKey) -> Result<Vec<LedgerRecord>, StorageError> {
        self.readable_ledgers(channel, self.ledgers.scan_prefix(channel.bytes()))
    }

    /// The channel's ledger entries with ids from `first` on, oldest first:
    /// those made since the game with id `first` began (ids only grow), read
    /// without going through the channel's older games.
    pub fn channel_ledgers_since(&self, channel: ChannelKey, first: u64) -> Result<Vec<LedgerRecord>, StorageError> {
        let range = self.ledgers.range(archive_key(channel, first), archive_key(channel, u64::MAX));
        self.readable_ledgers(channel, range)
    }

    /// The entries of a scan of `channel`'s ledgers that can be read; the
    /// others are set aside with their rolls.
    fn readable_ledgers(&self, channel: ChannelKey, scan: Iter) -> Result<Vec<LedgerRecord>, StorageError> {
        let mut out = Vec::new();
        for entry in scan {
            let (key, bytes) = entry?;
            match decode_ledger(&bytes) {
                Ok(record) => out.push(record),
                Err(StorageError::Quarantined(reason)) => {
                    let id = key.get(16..24).and_then(|id| id.try_into().ok()).map_or(0, u64::from_be_bytes);
                    self.quarantine_ledger(channel, id, &reason)?;
                }
                Err(other) => return Err(other),
            }
        }
        Ok(out)
    }

    /// Appends a roll to a table ledger's log (durably: a roll is public once
    /// told), only if its index is still free: a process rolling from an older
    /// copy of the ledger (another process rolled on it meanwhile) must not
    /// overwrite a roll already told. Whether it was logged.
    pub fn log_roll(&self, channel: ChannelKey, ledger: u64, roll: &LoggedRoll) -> Result<bool, StorageError> {
        let _writing = self.writing();
        let bytes = serde_json::to_vec(roll).expect("a roll serializes");
        let logged = self.rolls.compare_and_swap(roll_key(channel, ledger, roll.index), None, Some(&bytes))?;
        if logged {
            self.flush()?;
        }
        Ok(logged)
    }

    /// A ledger's logged rolls, in order; those that cannot be read are set
    /// aside and left out (the ledger then misses them when it is rebuilt).
    pub fn rolls(&self, channel: ChannelKey, ledger: u64) -> Result<Vec<LoggedRoll>, StorageError> {
        self.decode_scan("rolls", self.rolls.scan_prefix(archive_key(channel, ledger)), decode_roll)
    }

    /// Sets a ledger aside, with its roll log, when it reads but cannot be
    /// used (it does not rebuild, or its rolls do not match their game): kept
    /// in quarantine for the operator, never deleted, and out of the
    /// channel's way so that it can carry on with a new ledger.
    pub fn quarantine_ledger(&self, channel: ChannelKey, id: u64, reason: &str) -> Result<(), StorageError> {
        let key = archive_key(channel, id);
        if let Some(bytes) = self.ledgers.get(key)? {
            self.set_aside("ledgers", &key, &bytes, reason)?;
        }
        let with_ledger = format!("its ledger was set aside: {reason}");
        for entry in self.rolls.scan_prefix(key) {
            let (roll, bytes) = entry?;
            self.set_aside("rolls", &roll, &bytes, &with_ledger)?;
        }
        Ok(())
    }
}
