//! Rookery's storage: the current game of every channel, finished games,
//! dice ledgers and their roll logs, player ratings, guild settings, daily
//! puzzles (`puzzles`) and tournaments (`events`). The records live in sled
//! (embedded, one process: the default) or in PostgreSQL (shared by several
//! processes); see `store` and docs/storage.md.
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

mod backup;
mod check;
mod events;
mod export;
mod finished;
mod group_commit;
mod identity;
mod ledgers;
mod log_sync;
mod opening;
mod puzzle_ratings;
mod puzzles;
mod quarantine;
mod records;
mod relocate;
mod store;
mod streaks;
pub mod test_server;
mod watermark;

use std::sync::{Arc, RwLock, RwLockReadGuard};

use serde::de::DeserializeOwned;
use serde::Serialize;

use quarantine::{quarantine_entry, quarantine_key};
use store::{Pg, Tree, TxError, TxResult, TxTree};

pub use backup::{backup_database, backups, beside, prune_backups, restore_backup, staging_dir, verify_backup, Backup};
pub use check::{is_damage, CheckReport, Unreadable};
pub use events::{
    ArenaStep, EventFormat, EventGame, EventPost, EventRecord, EventStatus, ManualResult, SwissBoard, SwissEntrant,
    SwissRound, EVENT_RECORD_VERSION,
};
pub use export::{export, import};
pub use identity::Identity;
pub use ledgers::{GameLedger, GameSecrets, LedgerRecord, LoggedRoll, SealedSecret, TableLedger};
pub use puzzle_ratings::{
    FirstAttempt, Glicko, HintTaken, PracticeAnswered, PracticePuzzle, PuzzleRating, PuzzleTry, Rated, RatingRules,
    SolverRating,
};
pub use puzzles::{
    DailyPuzzle, PuzzleSchedule, PuzzleSolve, PuzzleStreak, SolveRecorded, StoredPuzzle, PUZZLE_RECORD_VERSION,
};
pub use records::{ChannelGame, GameClock, Phase, Player, PlayerStats, Seats, RECORD_VERSION};
pub use streaks::live_streak;

#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("the database failed: {0}")]
    Database(#[from] sled::Error),
    #[error("the database server failed: {}", store::postgres::describe(.0))]
    Postgres(#[from] postgres::Error),
    #[error("cannot reach the database server: {0}")]
    Unreachable(String),
    #[error("the database's schema is at version {0}, newer than this Rookery knows: run a newer Rookery")]
    SchemaTooNew(i32),
    #[error("a stored record could not be read ({0}); it has been set aside so the rest keeps working")]
    Quarantined(String),
    #[error("a stored record was written by a newer Rookery (record version {0})")]
    TooNew(u32),
    #[error("backup line {line}: {reason}")]
    Import { line: usize, reason: String },
    /// The change was committed but the flush that makes it durable failed:
    /// it is in effect now and may or may not survive a crash.
    #[error("a change was made but could not be confirmed on disk ({0})")]
    NotDurable(sled::Error),
    /// The database files are damaged beyond what sled reports as an error.
    #[error("the database is damaged: {0}")]
    Damaged(String),
    #[error("backup {path}: {reason}")]
    Backup { path: String, reason: String },
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

/// The trees of records, by name; the export format uses these names too.
/// The `meta` tree (counters) is not among them: it is rebuilt from these.
pub(crate) const TREES: [&str; 18] = [
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
    "puzzle_ratings",
    "solver_ratings",
    "puzzle_tries",
    "puzzle_practice",
    "events",
];

/// The key in `meta` of the last id handed out by [`Storage::new_id`].
const LAST_ID: &[u8] = b"last_id";
/// The key in `meta` of the last puzzle id, counted apart so that the shipped
/// puzzles do not push a new server's first game to #41.
const LAST_PUZZLE_ID: &[u8] = b"last_puzzle_id";
/// The key in `meta` of the count of flushed writes (see `watermark`).
const WRITES: &[u8] = b"writes";
/// The key in `meta` of the database id, kept beside the identity file (see
/// `identity`) so that either can rebuild the other.
const DATABASE_ID: &[u8] = b"database_id";

#[derive(Clone)]
pub struct Storage {
    games: Tree,
    archive: Tree,
    finished_ids: Tree,
    finished_players: Tree,
    ledgers: Tree,
    rolls: Tree,
    stats: Tree,
    settings: Tree,
    quarantine: Tree,
    puzzles: Tree,
    puzzle_days: Tree,
    puzzle_solves: Tree,
    puzzle_streaks: Tree,
    puzzle_ratings: Tree,
    solver_ratings: Tree,
    puzzle_tries: Tree,
    puzzle_practice: Tree,
    events: Tree,
    meta: Tree,
    /// Held shared by every write and exclusively by a backup, so a backup is
    /// one consistent moment of the whole database (of this process's
    /// writes; PostgreSQL backups read one snapshot besides).
    gate: Arc<RwLock<()>>,
    backend: Backend,
    /// Which database this is, and the id ceilings (see `identity`).
    identity: Arc<identity::Held>,
}

/// What is behind the trees.
#[derive(Clone)]
enum Backend {
    Sled(Arc<SledFiles>),
    Postgres(Arc<Pg>),
}

/// What makes a sled write durable (a PostgreSQL write is durable once committed).
struct SledFiles {
    db: sled::Db,
    /// The `meta` tree, whose write counter every flush bumps (see `watermark`).
    meta: sled::Tree,
    watermark: watermark::Watermark,
    /// Writers waiting for durability at once share one flush.
    commits: group_commit::GroupCommit,
    /// The `fdatasync` of sled's files that ends every flush.
    log_sync: log_sync::LogSync,
}

/// Computes players' new ratings from their stored ones (`None`: unrated).
pub type RateFn = Box<dyn Fn(&[Option<PlayerStats>]) -> Vec<PlayerStats>>;

/// What a channel update decided.
pub enum Change<T> {
    /// Store this game as the channel's current game (and reply with `T`).
    Put(ChannelGame, T),
    /// Store this game and, in the same transaction, its dice ledger under
    /// storage id `id`: a game and its ledger are written together or not at all.
    PutWithLedger { game: ChannelGame, ledger: (u64, GameLedger), reply: T },
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
    /// A shared hold on the write gate, for the duration of one write.
    pub(crate) fn writing(&self) -> RwLockReadGuard<'_, ()> {
        // The gate guards no data, so a panic elsewhere cannot leave it inconsistent.
        self.gate.read().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A tree by one of the names in [`TREES`].
    pub(crate) fn tree(&self, name: &str) -> &Tree {
        self.named_tree(name).expect("a name from TREES")
    }

    fn named_tree(&self, name: &str) -> Option<&Tree> {
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
            "puzzle_ratings" => &self.puzzle_ratings,
            "solver_ratings" => &self.solver_ratings,
            "puzzle_tries" => &self.puzzle_tries,
            "puzzle_practice" => &self.puzzle_practice,
            "events" => &self.events,
            "meta" => &self.meta,
            _ => return None,
        })
    }

    /// A fresh id, unique in this database (game ids, ledger ids): one more
    /// than the last, so ids stay small and readable across restarts. It is
    /// made durable with the write that uses it (sled keeps writes in order).
    ///
    /// Ids never repeat, not even across a restore: see `identity`.
    pub fn new_id(&self) -> Result<u64, StorageError> {
        self.next_id(identity::Counter::Ids, || self.highest_id_in_use())
    }

    /// A fresh puzzle id, from its own counter.
    pub(crate) fn new_puzzle_id(&self) -> Result<u64, StorageError> {
        self.next_id(identity::Counter::Puzzles, || self.highest_puzzle_id())
    }

    fn next_id(
        &self,
        which: identity::Counter,
        highest: impl FnOnce() -> Result<u64, StorageError>,
    ) -> Result<u64, StorageError> {
        let counter = match which {
            identity::Counter::Ids => LAST_ID,
            identity::Counter::Puzzles => LAST_PUZZLE_ID,
        };
        let _writing = self.writing();
        if self.meta.get(counter)?.is_none() {
            // A database from before the counter, or a restored backup (whose
            // counters are not exported): start above every id in use, and
            // above every id the database it replaces ever handed out.
            let start = highest()?.max(self.identity.floor(which).saturating_sub(1));
            let _ = self.meta.compare_and_swap(counter, None, Some(&start.to_be_bytes()))?;
        }
        let id = watermark::counter(self.meta.update_and_fetch(counter, watermark::increment)?);
        self.identity.reserve(which, id).map_err(|e| StorageError::Database(e.into()))?;
        Ok(id)
    }

    /// Which database this is, and how high its ids have gone.
    pub fn identity(&self) -> Identity {
        self.identity.get()
    }

    /// The highest game or ledger id stored (ids end the keys of the archive
    /// and ledgers; current games carry theirs in their values).
    fn highest_id_in_use(&self) -> Result<u64, StorageError> {
        let mut highest = 0;
        for tree in [&self.archive, &self.ledgers] {
            for entry in tree.iter() {
                let (key, _) = entry?;
                if let Some(id) = key.get(16..24).and_then(|b| b.try_into().ok()) {
                    highest = highest.max(u64::from_be_bytes(id));
                }
            }
        }
        for entry in self.games.iter() {
            let value: serde_json::Value = serde_json::from_slice(&entry?.1).unwrap_or_default();
            highest = highest.max(value["game"]["id"].as_u64().unwrap_or(0));
        }
        Ok(highest)
    }

    /// The highest puzzle id in the pool.
    fn highest_puzzle_id(&self) -> Result<u64, StorageError> {
        let mut highest = 0;
        for entry in self.puzzles.iter() {
            let value: serde_json::Value = serde_json::from_slice(&entry?.1).unwrap_or_default();
            highest = highest.max(value["record"]["id"].as_u64().unwrap_or(0));
        }
        Ok(highest)
    }

    /// Makes everything written so far durable. A failure here means writes
    /// already in effect may not survive a crash: [`StorageError::NotDurable`].
    ///
    /// Callers flushing at the same moment share one flush (group commit):
    /// each returns only once a flush that began after its write has ended.
    ///
    /// On PostgreSQL every write is durable once its statement or transaction
    /// has committed, before it returns, so there is nothing left to do.
    pub fn flush(&self) -> Result<(), StorageError> {
        let Backend::Sled(files) = &self.backend else { return Ok(()) };
        files
            .commits
            .durable(|| {
                let mark = files.meta.update_and_fetch(WRITES, watermark::increment)?;
                files.db.flush()?;
                files.log_sync.sync()?;
                files.watermark.advance(watermark::counter(mark));
                Ok(())
            })
            .map_err(StorageError::NotDurable)
    }

    /// The channel's current game, if any. A record that cannot be decoded is
    /// quarantined and reported as [`StorageError::Quarantined`].
    pub fn channel_game(&self, channel: ChannelKey) -> Result<Option<ChannelGame>, StorageError> {
        let key = channel.bytes();
        match self.games.get(key)? {
            None => Ok(None),
            Some(bytes) => match records::decode_game(&bytes) {
                Ok(game) => Ok(Some(game)),
                Err(err) => Err(self.report_unreadable("games", &key, &bytes, err)?),
            },
        }
    }

    /// Who sits at the channel's current game, read without its moves. A
    /// record this cannot read is read in full, which reports (and
    /// quarantines) what is wrong with it as [`Storage::channel_game`] does.
    pub fn channel_seats(&self, channel: ChannelKey) -> Result<Option<Seats>, StorageError> {
        match self.games.get(channel.bytes())? {
            None => Ok(None),
            Some(bytes) => match records::decode_seats(&bytes) {
                Some(seats) => Ok(Some(seats)),
                None => Ok(self.channel_game(channel)?.as_ref().map(Seats::of)),
            },
        }
    }

    /// Applies `decide` to the channel's current game atomically and durably.
    ///
    /// `decide` may run more than once when another update of the same channel
    /// commits first (optimistic concurrency), so it must only compute.
    ///
    /// Most changes (a move, a draw offer) write only the channel's own record.
    /// Those commit with a compare-and-swap of that one key: sled runs every
    /// transaction under one process-wide lock that every read and write of
    /// every channel waits behind, so a move in one channel would queue
    /// behind the decision of a move in another. A change that writes more (a
    /// ledger, a finished game with its archive and ratings) is decided again
    /// inside a transaction, which reads the record afresh.
    pub fn update_channel<T, E>(
        &self,
        channel: ChannelKey,
        decide: impl Fn(Option<ChannelGame>) -> Result<Change<T>, E>,
    ) -> Result<Result<T, E>, StorageError> {
        let key = channel.bytes();
        let writing = self.writing();
        loop {
            let stored = self.games.get(key)?;
            let current = match stored.as_deref().map(records::decode_game) {
                None => None,
                Some(Ok(game)) => Some(game),
                Some(Err(err)) => {
                    drop(writing);
                    return Err(self.report_unreadable("games", &key, stored.as_deref().unwrap_or_default(), err)?);
                }
            };
            let (new, reply) = match decide(current) {
                Err(refused) => return Ok(Err(refused)),
                Ok(Change::Put(game, reply)) => (Some(records::encode_game(&game)), reply),
                Ok(Change::Clear(reply)) => (None, reply),
                // Nothing written, but the reply may rest on a write of another
                // request that is not durable yet.
                Ok(Change::Keep(reply)) => {
                    self.flush()?;
                    return Ok(Ok(reply));
                }
                Ok(Change::PutWithLedger { .. } | Change::Finish { .. }) => {
                    return self.update_in_transaction(channel, writing, decide);
                }
            };
            // Another update of this channel committed since the read: decide again.
            if self.games.compare_and_swap(key, stored.as_deref(), new.as_deref())? {
                self.flush()?;
                return Ok(Ok(reply));
            }
        }
    }

    /// [`Storage::update_channel`] for changes that write more than the
    /// channel's record, all in one transaction.
    fn update_in_transaction<T, E>(
        &self,
        channel: ChannelKey,
        writing: RwLockReadGuard<'_, ()>,
        decide: impl Fn(Option<ChannelGame>) -> Result<Change<T>, E>,
    ) -> Result<Result<T, E>, StorageError> {
        let key = channel.bytes();
        let trees = ["games", "archive", "stats", "quarantine", "ledgers", "finished_ids", "finished_players"];
        let outcome = self.transaction(&trees, |tx| {
            let [games, archive, stats, quarantine, ledgers, finished_ids, finished_players] =
                trees.map(|name| tx.tree(name));
            let current = match games.get(key)? {
                None => None,
                Some(bytes) => Some(records::decode_game(&bytes).map_err(TxError::Abort)?),
            };
            let change = match decide(current) {
                Ok(change) => change,
                Err(e) => return Ok(Err(e)),
            };
            Ok(Ok(match change {
                Change::Put(game, reply) => {
                    games.insert(key, records::encode_game(&game))?;
                    reply
                }
                Change::Finish { game, rated, rate, reply } => {
                    games.remove(key)?;
                    archive.insert(archive_key(channel, game.id), records::encode_game(&game))?;
                    finished::index_tx(&finished_ids, &finished_players, channel, &game)?;
                    let mut current = Vec::with_capacity(rated.len());
                    for user in &rated {
                        let key = stats_key(channel.guild, &game.variant, *user);
                        let stored = match stats.get(&key)? {
                            None => None,
                            Some(bytes) => match decode_json(&bytes) {
                                Ok(stats) => Some(stats),
                                Err(err) => {
                                    // Kept in quarantine, not overwritten unseen:
                                    // the player starts afresh and the operator can
                                    // recover the old record from there.
                                    tracing::warn!(user, %err, "an unreadable rating was quarantined");
                                    let reason = err.to_string();
                                    let qkey =
                                        quarantine_key("stats", &key, |k| quarantine.get(k).map(|v| v.is_some()))?;
                                    quarantine.insert(qkey, quarantine_entry(&reason, &bytes))?;
                                    None
                                }
                            },
                        };
                        current.push(stored);
                    }
                    for stat in rate(&current) {
                        put_json_tx(&stats, &stats_key(channel.guild, &stat.variant, stat.user), &stat)?;
                    }
                    reply
                }
                Change::Clear(reply) => {
                    games.remove(key)?;
                    reply
                }
                Change::PutWithLedger { game, ledger: (id, ledger), reply } => {
                    games.insert(key, records::encode_game(&game))?;
                    ledgers.insert(archive_key(channel, id), ledgers::encode_game_ledger(&ledger))?;
                    reply
                }
                Change::Keep(reply) => reply,
            }))
        });
        let result = match outcome {
            Ok(result) => result,
            // An unreadable record is set aside once the transaction is over
            // (it cannot write to the quarantine and abort at once).
            Err(err @ StorageError::Quarantined(_)) => {
                drop(writing);
                return Err(match self.games.get(key)? {
                    Some(bytes) => self.report_unreadable("games", &key, &bytes, err)?,
                    None => err,
                });
            }
            Err(err) => return Err(err),
        };
        if result.is_ok() {
            self.flush()?;
        }
        Ok(result)
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
        self.decode_scan("archive", self.archive.iter(), records::decode_game)
    }

    /// Finished games of a channel, oldest first.
    pub fn archived_games(&self, channel: ChannelKey) -> Result<Vec<ChannelGame>, StorageError> {
        self.decode_scan("archive", self.archive.scan_prefix(channel.bytes()), records::decode_game)
    }

    /// A player's rating record in a guild for a variant.
    pub fn player_stats(&self, guild: u64, variant: &str, user: u64) -> Result<Option<PlayerStats>, StorageError> {
        self.get_json("stats", &stats_key(guild, variant, user))
    }

    /// Every rated player of a guild in a variant.
    pub fn variant_stats(&self, guild: u64, variant: &str) -> Result<Vec<PlayerStats>, StorageError> {
        let mut prefix = guild.to_be_bytes().to_vec();
        prefix.extend_from_slice(variant.as_bytes());
        prefix.push(0);
        self.decode_scan("stats", self.stats.scan_prefix(prefix), decode_json)
    }

    /// A guild setting (for example a channel's puzzle schedule), as JSON.
    pub fn setting<T: DeserializeOwned>(&self, guild: u64, name: &str) -> Result<Option<T>, StorageError> {
        self.get_json("settings", &named_key(guild, name))
    }

    pub fn set_setting<T: Serialize>(&self, guild: u64, name: &str, value: &T) -> Result<(), StorageError> {
        let _writing = self.writing();
        self.settings.insert(named_key(guild, name), serde_json::to_vec(value).expect("json"))?;
        self.flush()
    }

    /// One JSON record; an unreadable one is set aside and reported.
    fn get_json<T: DeserializeOwned>(&self, tree: &str, key: &[u8]) -> Result<Option<T>, StorageError> {
        self.get_record(tree, key, decode_json)
    }
}

fn decode_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, StorageError> {
    serde_json::from_slice(bytes).map_err(|e| StorageError::Quarantined(e.to_string()))
}

fn put_json_tx<T: Serialize>(tree: &TxTree<'_, '_>, key: &[u8], value: &T) -> TxResult<()> {
    tree.insert(key, serde_json::to_vec(value).expect("json"))
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
