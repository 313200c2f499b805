//! Rookery's storage on sled: the current game of every channel, finished games,
//! dice ledgers and their roll logs, player ratings, guild settings and daily
//! puzzles (`puzzles`).
//!
//! Every key starts with the guild id (big-endian), so the data of a range of
//! guilds — a Discord shard's guilds — is one contiguous key range that can be
//! moved as a whole. Values are versioned JSON: readable in an export, and
//! upgradable when a record's shape changes. A record that fails to decode is
//! moved to a quarantine tree and reported; everything else keeps working.
//!
//! Writes that a player is told about are flushed to disk first, and updates of
//! one channel run as optimistic transactions, so two simultaneous clicks apply
//! once and the second sees the first's result.

mod export;
mod finished;
mod puzzles;
mod records;

use std::path::Path;

use serde::de::DeserializeOwned;
use serde::Serialize;
use sled::transaction::{ConflictableTransactionError, TransactionError, TransactionalTree};
use sled::Transactional;

pub use export::{export, import};
pub use puzzles::{
    DailyPuzzle, PuzzleSchedule, PuzzleSolve, PuzzleStreak, SolveRecorded, StoredPuzzle, PUZZLE_RECORD_VERSION,
};
pub use records::{ChannelGame, GameClock, Phase, Player, PlayerStats, RECORD_VERSION};

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("the database failed: {0}")]
    Database(#[from] sled::Error),
    #[error("a stored record could not be read ({0}); it has been set aside so the rest keeps working")]
    Quarantined(String),
    #[error("a stored record was written by a newer Rookery (record version {0})")]
    TooNew(u32),
    #[error("backup line {line}: {reason}")]
    Import { line: usize, reason: String },
    #[error(
        "another Rookery is already using the database in {0}; stop it first, or give this one its own folder \
         with --data-dir"
    )]
    InUse(String),
}

/// A guild and a channel: where one game lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChannelKey {
    pub guild: u64,
    pub channel: u64,
}

impl ChannelKey {
    fn bytes(self) -> [u8; 16] {
        let mut key = [0; 16];
        key[..8].copy_from_slice(&self.guild.to_be_bytes());
        key[8..].copy_from_slice(&self.channel.to_be_bytes());
        key
    }
}

/// The trees, by name; the export format uses these names too.
pub(crate) const TREES: [&str; 13] = [
    "games",
    "archive",
    "finished_ids",
    "finished_players",
    "ledgers",
    "rolls",
    "stats",
    "settings",
    "quarantine",
    "puzzles",
    "puzzle_days",
    "puzzle_solves",
    "puzzle_streaks",
];

#[derive(Clone)]
pub struct Storage {
    db: sled::Db,
    games: sled::Tree,
    archive: sled::Tree,
    finished_ids: sled::Tree,
    finished_players: sled::Tree,
    ledgers: sled::Tree,
    rolls: sled::Tree,
    stats: sled::Tree,
    settings: sled::Tree,
    quarantine: sled::Tree,
    puzzles: sled::Tree,
    puzzle_days: sled::Tree,
    puzzle_solves: sled::Tree,
    puzzle_streaks: sled::Tree,
}

/// Computes players' new ratings from their stored ones (`None`: unrated).
pub type RateFn = Box<dyn Fn(&[Option<PlayerStats>]) -> Vec<PlayerStats>>;

/// What a channel update decided.
pub enum Change<T> {
    /// Store this game as the channel's current game (and reply with `T`).
    Put(ChannelGame, T),
    /// The game is finished: archive it, free the channel, and store the
    /// ratings `rate` computes from the stored ratings of `rated` (read in the
    /// same transaction, so two games finishing at once cannot lose an update).
    Finish { game: ChannelGame, rated: Vec<u64>, rate: RateFn, reply: T },
    /// Remove the channel's game without archiving it (a withdrawn challenge).
    Clear(T),
    /// Nothing to store; just reply.
    Keep(T),
}

impl Storage {
    /// Opens (or creates) the database in `dir`.
    pub fn open(dir: &Path) -> Result<Storage, StorageError> {
        let db = sled::Config::new().path(dir).open().map_err(|error| match error {
            // sled locks its folder; a second process gets WouldBlock.
            sled::Error::Io(io) if io.kind() == std::io::ErrorKind::WouldBlock => {
                StorageError::InUse(dir.display().to_string())
            }
            other => StorageError::Database(other),
        })?;
        let storage = Storage {
            games: db.open_tree("games")?,
            archive: db.open_tree("archive")?,
            finished_ids: db.open_tree("finished_ids")?,
            finished_players: db.open_tree("finished_players")?,
            ledgers: db.open_tree("ledgers")?,
            rolls: db.open_tree("rolls")?,
            stats: db.open_tree("stats")?,
            settings: db.open_tree("settings")?,
            quarantine: db.open_tree("quarantine")?,
            puzzles: db.open_tree("puzzles")?,
            puzzle_days: db.open_tree("puzzle_days")?,
            puzzle_solves: db.open_tree("puzzle_solves")?,
            puzzle_streaks: db.open_tree("puzzle_streaks")?,
            db,
        };
        storage.index_archive_once()?;
        Ok(storage)
    }

    pub(crate) fn tree(&self, name: &str) -> Option<&sled::Tree> {
        Some(match name {
            "games" => &self.games,
            "archive" => &self.archive,
            "finished_ids" => &self.finished_ids,
            "finished_players" => &self.finished_players,
            "ledgers" => &self.ledgers,
            "rolls" => &self.rolls,
            "stats" => &self.stats,
            "settings" => &self.settings,
            "quarantine" => &self.quarantine,
            "puzzles" => &self.puzzles,
            "puzzle_days" => &self.puzzle_days,
            "puzzle_solves" => &self.puzzle_solves,
            "puzzle_streaks" => &self.puzzle_streaks,
            _ => return None,
        })
    }

    /// A fresh id, unique in this database (game ids, ledger ids).
    pub fn new_id(&self) -> Result<u64, StorageError> {
        Ok(self.db.generate_id()?)
    }

    /// Makes everything written so far durable.
    pub fn flush(&self) -> Result<(), StorageError> {
        self.db.flush()?;
        Ok(())
    }

    /// The channel's current game, if any. A record that cannot be decoded is
    /// quarantined and reported as [`StorageError::Quarantined`].
    pub fn channel_game(&self, channel: ChannelKey) -> Result<Option<ChannelGame>, StorageError> {
        let key = channel.bytes();
        match self.games.get(key)? {
            None => Ok(None),
            Some(bytes) => match records::decode_game(&bytes) {
                Ok(game) => Ok(Some(game)),
                Err(err) => Err(self.set_aside("games", &key, &bytes, err)?),
            },
        }
    }

    /// Moves an unreadable record out of the way and returns the error to report.
    fn set_aside(&self, tree: &str, key: &[u8], bytes: &[u8], err: StorageError) -> Result<StorageError, StorageError> {
        if let StorageError::Quarantined(reason) = &err {
            let mut qkey = tree.as_bytes().to_vec();
            qkey.push(0);
            qkey.extend_from_slice(key);
            let entry = serde_json::json!({ "reason": reason, "raw": String::from_utf8_lossy(bytes) });
            self.quarantine.insert(qkey, serde_json::to_vec(&entry).expect("json"))?;
            self.tree(tree).expect("known tree").remove(key)?;
            self.flush()?;
        }
        Ok(err)
    }

    /// Applies `decide` to the channel's current game atomically and durably.
    ///
    /// `decide` may run more than once when another update of the same channel
    /// commits first (optimistic concurrency), so it must only compute.
    pub fn update_channel<T, E>(
        &self,
        channel: ChannelKey,
        decide: impl Fn(Option<ChannelGame>) -> Result<Change<T>, E>,
    ) -> Result<Result<T, E>, StorageError> {
        // Read (and quarantine) outside the transaction, so decoding errors surface.
        self.channel_game(channel)?;
        let key = channel.bytes();
        let trees = (&self.games, &self.archive, &self.stats, &self.finished_ids, &self.finished_players);
        let outcome = trees.transaction(|(games, archive, stats, finished_ids, finished_players)| {
            let current = match games.get(key)? {
                None => None,
                Some(bytes) => Some(records::decode_game(&bytes).map_err(ConflictableTransactionError::Abort)?),
            };
            let change = match decide(current) {
                Ok(change) => change,
                Err(e) => return Ok(Err(e)),
            };
            Ok(Ok(match change {
                Change::Put(game, reply) => {
                    games.insert(&key, records::encode_game(&game))?;
                    reply
                }
                Change::Finish { game, rated, rate, reply } => {
                    games.remove(&key)?;
                    archive.insert(&archive_key(channel, game.id), records::encode_game(&game))?;
                    finished::index_tx(finished_ids, finished_players, channel, &game)?;
                    let mut current = Vec::with_capacity(rated.len());
                    for user in &rated {
                        let stored = stats.get(stats_key(channel.guild, &game.variant, *user))?;
                        current.push(stored.and_then(|bytes| decode_json(&bytes).ok()));
                    }
                    for stat in rate(&current) {
                        put_json_tx(stats, &stats_key(channel.guild, &stat.variant, stat.user), &stat)?;
                    }
                    reply
                }
                Change::Clear(reply) => {
                    games.remove(&key)?;
                    reply
                }
                Change::Keep(reply) => reply,
            }))
        });
        let result = match outcome {
            Ok(result) => result,
            Err(TransactionError::Abort(err)) => return Err(err),
            Err(TransactionError::Storage(err)) => return Err(err.into()),
        };
        if result.is_ok() {
            self.flush()?;
        }
        Ok(result)
    }

    /// Sets a channel's current game aside (it decodes but no longer makes
    /// sense, for example after a rules change) so the channel is free again.
    pub fn quarantine_channel(&self, channel: ChannelKey, reason: &str) -> Result<(), StorageError> {
        let key = channel.bytes();
        if let Some(bytes) = self.games.get(key)? {
            self.set_aside("games", &key, &bytes, StorageError::Quarantined(reason.to_string()))?;
        }
        Ok(())
    }

    /// Every channel with a current game, for the scheduler. Unreadable
    /// records are skipped here; they are quarantined when their channel is used.
    pub fn all_channel_games(&self) -> Result<Vec<(ChannelKey, ChannelGame)>, StorageError> {
        let mut out = Vec::new();
        for entry in self.games.iter() {
            let (key, value) = entry?;
            let (Ok(guild), Ok(channel)) = (key[..8].try_into(), key[8..16].try_into()) else { continue };
            if let Ok(game) = records::decode_game(&value) {
                let channel = ChannelKey { guild: u64::from_be_bytes(guild), channel: u64::from_be_bytes(channel) };
                out.push((channel, game));
            }
        }
        Ok(out)
    }

    /// Every finished game of every channel, for puzzle generation.
    pub fn all_archived_games(&self) -> Result<Vec<ChannelGame>, StorageError> {
        self.archive.iter().values().map(|v| records::decode_game(&v?)).collect()
    }

    /// Finished games of a channel, oldest first.
    pub fn archived_games(&self, channel: ChannelKey) -> Result<Vec<ChannelGame>, StorageError> {
        self.archive.scan_prefix(channel.bytes()).values().map(|v| records::decode_game(&v?)).collect()
    }

    /// A player's rating record in a guild for a variant.
    pub fn player_stats(&self, guild: u64, variant: &str, user: u64) -> Result<Option<PlayerStats>, StorageError> {
        self.get_json(&self.stats, &stats_key(guild, variant, user))
    }

    /// Every rated player of a guild in a variant.
    pub fn variant_stats(&self, guild: u64, variant: &str) -> Result<Vec<PlayerStats>, StorageError> {
        let mut prefix = guild.to_be_bytes().to_vec();
        prefix.extend_from_slice(variant.as_bytes());
        prefix.push(0);
        self.stats.scan_prefix(prefix).values().map(|v| decode_json(&v?)).collect()
    }

    /// A guild setting (for example a channel's puzzle schedule), as JSON.
    pub fn setting<T: DeserializeOwned>(&self, guild: u64, name: &str) -> Result<Option<T>, StorageError> {
        self.get_json(&self.settings, &named_key(guild, name))
    }

    pub fn set_setting<T: Serialize>(&self, guild: u64, name: &str, value: &T) -> Result<(), StorageError> {
        self.settings.insert(named_key(guild, name), serde_json::to_vec(value).expect("json"))?;
        self.flush()
    }

    /// A dice ledger's stored state, keyed by the channel it serves and its id.
    pub fn ledger<T: DeserializeOwned>(&self, channel: ChannelKey, id: u64) -> Result<Option<T>, StorageError> {
        self.get_json(&self.ledgers, &archive_key(channel, id))
    }

    pub fn put_ledger<T: Serialize>(&self, channel: ChannelKey, id: u64, value: &T) -> Result<(), StorageError> {
        self.ledgers.insert(archive_key(channel, id), serde_json::to_vec(value).expect("json"))?;
        self.flush()
    }

    /// Every ledger of a channel, oldest first.
    pub fn channel_ledgers<T: DeserializeOwned>(&self, channel: ChannelKey) -> Result<Vec<T>, StorageError> {
        self.ledgers.scan_prefix(channel.bytes()).values().map(|v| decode_json(&v?)).collect()
    }

    /// Appends a roll to a ledger's log (durably: a roll is public once told).
    pub fn log_roll<T: Serialize>(
        &self,
        channel: ChannelKey,
        ledger: u64,
        index: u64,
        roll: &T,
    ) -> Result<(), StorageError> {
        let mut key = archive_key(channel, ledger).to_vec();
        key.extend_from_slice(&index.to_be_bytes());
        self.rolls.insert(key, serde_json::to_vec(roll).expect("json"))?;
        self.flush()
    }

    /// A ledger's rolls, in order.
    pub fn rolls<T: DeserializeOwned>(&self, channel: ChannelKey, ledger: u64) -> Result<Vec<T>, StorageError> {
        self.rolls.scan_prefix(archive_key(channel, ledger)).values().map(|v| decode_json(&v?)).collect()
    }

    /// Records set aside because they could not be read: (tree and key, reason).
    pub fn quarantined(&self) -> Result<Vec<(String, String)>, StorageError> {
        self.quarantine
            .iter()
            .map(|entry| {
                let (key, value) = entry?;
                let value: serde_json::Value = serde_json::from_slice(&value).unwrap_or_default();
                let reason = value["reason"].as_str().unwrap_or("unknown").to_string();
                Ok((String::from_utf8_lossy(&key).replace('\0', "/"), reason))
            })
            .collect()
    }

    fn get_json<T: DeserializeOwned>(&self, tree: &sled::Tree, key: &[u8]) -> Result<Option<T>, StorageError> {
        tree.get(key)?.map(|v| decode_json(&v)).transpose()
    }
}

fn decode_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, StorageError> {
    serde_json::from_slice(bytes).map_err(|e| StorageError::Quarantined(e.to_string()))
}

fn put_json_tx<T: Serialize>(
    tree: &TransactionalTree,
    key: &[u8],
    value: &T,
) -> Result<(), ConflictableTransactionError<StorageError>> {
    tree.insert(key, serde_json::to_vec(value).expect("json"))?;
    Ok(())
}

fn archive_key(channel: ChannelKey, id: u64) -> [u8; 24] {
    let mut key = [0; 24];
    key[..16].copy_from_slice(&channel.bytes());
    key[16..].copy_from_slice(&id.to_be_bytes());
    key
}

fn named_key(guild: u64, name: &str) -> Vec<u8> {
    let mut key = guild.to_be_bytes().to_vec();
    key.extend_from_slice(name.as_bytes());
    key
}

fn stats_key(guild: u64, variant: &str, user: u64) -> Vec<u8> {
    let mut key = named_key(guild, variant);
    key.push(0);
    key.extend_from_slice(&user.to_be_bytes());
    key
}
