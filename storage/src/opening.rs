//! Opening a database: a sled folder (with its durability files and
//! identity) or a PostgreSQL database (with its migrations), and the
//! `Storage` both give.

use std::path::Path;
use std::sync::Arc;

use crate::store::{self, Pg, Tree, TxResult};
use crate::{identity, log_sync, watermark, Backend, SledFiles, Storage, StorageError};
use crate::{DATABASE_ID, LAST_ID, LAST_PUZZLE_ID, WRITES};

impl Storage {
    /// Opens (or creates) the database in `dir`, refusing one that has lost
    /// writes it acknowledged ([`StorageError::Damaged`]; see `watermark`).
    pub fn open(dir: &Path) -> Result<Storage, StorageError> {
        let (storage, lost) = Storage::open_lenient(dir)?;
        match lost {
            Some(reason) => Err(StorageError::Damaged(reason)),
            None => {
                storage.index_archive_once()?;
                Ok(storage)
            }
        }
    }

    /// Opens the database even when it has lost acknowledged writes, saying
    /// so: for `rookery check`, which reports what is left.
    pub fn open_lenient(dir: &Path) -> Result<(Storage, Option<String>), StorageError> {
        let db = sled::Config::new().path(dir).open().map_err(|error| match error {
            // sled locks its folder; a second opener gets WouldBlock, which
            // sled 0.34 wraps in an error of kind Other, saying so in words.
            sled::Error::Io(io)
                if io.kind() == std::io::ErrorKind::WouldBlock
                    || io.to_string().starts_with("could not acquire lock") =>
            {
                StorageError::InUse(dir.display().to_string())
            }
            other => StorageError::Database(other),
        })?;
        let (watermark, recorded) = watermark::Watermark::open(dir).map_err(|e| StorageError::Database(e.into()))?;
        let sled_meta = db.open_tree("meta")?;
        let meta = Tree::sled("meta", sled_meta.clone());
        let log_sync = log_sync::LogSync::open(dir).map_err(|e| StorageError::Database(e.into()))?;
        let stored = watermark::counter(meta.get(WRITES)?);
        let lost = recorded.filter(|&recorded| recorded > stored).map(|recorded| {
            format!("it holds {stored} of the {recorded} writes it acknowledged: a damaged part of its log was cut off")
        });
        let kept_id = meta.get(DATABASE_ID)?.map(|id| String::from_utf8_lossy(&id).into_owned());
        let counters = [watermark::counter(meta.get(LAST_ID)?), watermark::counter(meta.get(LAST_PUZZLE_ID)?)];
        let identity =
            identity::Held::open(dir, kept_id.clone(), counters).map_err(|e| StorageError::Database(e.into()))?;
        let database = identity.get().database;
        if kept_id.as_deref() != Some(database.as_str()) {
            // Durable with the next flush, like any write.
            meta.insert(DATABASE_ID, database.as_bytes())?;
        }
        let files = SledFiles { db: db.clone(), meta: sled_meta, watermark, commits: Default::default(), log_sync };
        let storage = Storage::assemble(
            |name| Ok(Tree::sled(name, db.open_tree(name)?)),
            Backend::Sled(Arc::new(files)),
            identity,
        )?;
        Ok((storage, lost))
    }

    /// Connects to the PostgreSQL database at `url` (running its schema
    /// migrations first). Several processes may use one database at once.
    pub fn connect(url: &str) -> Result<Storage, StorageError> {
        let pg = Arc::new(Pg::connect(url)?);
        let meta = Tree::postgres("meta", pg.clone());
        // The first process to connect names the database; any other racing
        // it reads the name it chose.
        let _ = meta.compare_and_swap(
            DATABASE_ID,
            None,
            Some(identity::random_id().map_err(|e| StorageError::Database(e.into()))?.as_bytes()),
        )?;
        let database = meta.get(DATABASE_ID)?.map(|id| String::from_utf8_lossy(&id).into_owned()).unwrap_or_default();
        let counters = [watermark::counter(meta.get(LAST_ID)?), watermark::counter(meta.get(LAST_PUZZLE_ID)?)];
        let identity = identity::Held::in_memory(database, counters);
        let storage =
            Storage::assemble(|name| Ok(Tree::postgres(name, pg.clone())), Backend::Postgres(pg.clone()), identity)?;
        storage.index_archive_once()?;
        Ok(storage)
    }

    fn assemble(
        tree: impl Fn(&'static str) -> Result<Tree, StorageError>,
        backend: Backend,
        identity: identity::Held,
    ) -> Result<Storage, StorageError> {
        Ok(Storage {
            games: tree("games")?,
            archive: tree("archive")?,
            finished_ids: tree("finished_ids")?,
            finished_players: tree("finished_players")?,
            ledgers: tree("ledgers")?,
            rolls: tree("rolls")?,
            stats: tree("stats")?,
            settings: tree("settings")?,
            quarantine: tree("quarantine")?,
            puzzles: tree("puzzles")?,
            puzzle_days: tree("puzzle_days")?,
            puzzle_solves: tree("puzzle_solves")?,
            puzzle_streaks: tree("puzzle_streaks")?,
            puzzle_ratings: tree("puzzle_ratings")?,
            solver_ratings: tree("solver_ratings")?,
            puzzle_tries: tree("puzzle_tries")?,
            puzzle_practice: tree("puzzle_practice")?,
            events: tree("events")?,
            meta: tree("meta")?,
            gate: Arc::default(),
            backend,
            identity: Arc::new(identity),
        })
    }

    /// Whether the records live in PostgreSQL (else in sled).
    pub fn is_shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// Runs `body` in one transaction over the trees named (see [`store::transaction`]).
    pub(crate) fn transaction<R>(
        &self,
        trees: &[&'static str],
        body: impl Fn(&store::Tx<'_>) -> TxResult<R>,
    ) -> Result<R, StorageError> {
        let trees: Vec<&Tree> = trees.iter().map(|name| self.tree(name)).collect();
        store::transaction(&trees, body)
    }
}
