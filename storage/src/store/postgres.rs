//! The PostgreSQL backend: every tree in one table, `records (tree, key,
//! value)`, through a pool of blocking connections (the core is synchronous
//! and runs on blocking threads).
//!
//! - A single-record write is one statement, committed (and, with the
//!   server's default `synchronous_commit`, on disk) before it returns.
//! - A compare-and-swap is one `UPDATE ... WHERE value = old` (or an
//!   `INSERT ... ON CONFLICT DO NOTHING`, or a `DELETE ... WHERE value =
//!   old`): the row lock the statement takes makes two processes' swaps of
//!   the same record apply one after the other, and the second finds the
//!   value changed and reports that it did not swap.
//! - A read-modify-write of one record (`update_and_fetch`: the id counters)
//!   locks its row (`SELECT ... FOR UPDATE` at READ COMMITTED): writers queue
//!   instead of failing to serialize.
//! - A transaction over several trees runs at `SERIALIZABLE` isolation and is
//!   run again on a serialization failure or a deadlock, as sled reruns an
//!   optimistic transaction on a conflict.
//! - Migrations (`storage/migrations/*.sql`) run at start-up, in order, each
//!   once, recorded in `rookery_migrations`, under an advisory lock so two
//!   processes starting together do not both run them.

use std::time::Duration;

use postgres::error::SqlState;
use postgres::{GenericClient, IsolationLevel, NoTls, Transaction};
use r2d2_postgres::r2d2::{Pool, PooledConnection};
use r2d2_postgres::PostgresConnectionManager;

use super::{Entry, TxError, TxResult};
use crate::StorageError;

/// The schema migrations, in order: (version, name, SQL).
const MIGRATIONS: &[(i32, &str, &str)] = &[(1, "records", include_str!("../../migrations/0001_records.sql"))];

/// The advisory lock held while migrating (any fixed number; "rookery" in ASCII).
const MIGRATION_LOCK: i64 = 0x0072_6f6f_6b65_7279;

/// Connections a process keeps open at most: one per blocking thread at work.
const POOL_SIZE: u32 = 16;

type Manager = PostgresConnectionManager<NoTls>;

pub(crate) struct Pg {
    pool: Pool<Manager>,
}

fn unreachable_server(error: impl std::error::Error) -> StorageError {
    StorageError::Unreachable(describe(&error))
}

/// An error with its sources: the client's errors say what failed only in
/// them ("db error: ERROR: relation ... does not exist", "error connecting to
/// server: Connection refused").
pub(crate) fn describe(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    text
}

/// Whether running the transaction again may succeed.
fn retryable(error: &postgres::Error) -> bool {
    matches!(error.code(), Some(code) if *code == SqlState::T_R_SERIALIZATION_FAILURE || *code == SqlState::T_R_DEADLOCK_DETECTED)
}

impl Pg {
    /// Connects to the database at `url` (`postgres://user:password@host/db`
    /// or `postgresql:///db?host=/socket/dir`) and brings its schema up to date.
    pub fn connect(url: &str) -> Result<Pg, StorageError> {
        let config: postgres::Config = url.parse().map_err(unreachable_server)?;
        // One direct connection first, for the migrations and for a clear
        // error (a pool would only say that it timed out).
        let mut first = config.connect(NoTls).map_err(unreachable_server)?;
        migrate(&mut first)?;
        drop(first);
        let pool = Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(1))
            .connection_timeout(Duration::from_secs(10))
            .build(PostgresConnectionManager::new(config, NoTls))
            .map_err(unreachable_server)?;
        Ok(Pg { pool })
    }

    fn client(&self) -> Result<PooledConnection<Manager>, StorageError> {
        self.pool.get().map_err(unreachable_server)
    }

    /// Runs one statement (or a few that need no isolation) on a pooled
    /// connection, again after a serialization failure.
    fn run<T>(&self, op: impl Fn(&mut postgres::Client) -> Result<T, postgres::Error>) -> Result<T, StorageError> {
        let mut client = self.client()?;
        loop {
            match op(&mut client) {
                Err(error) if retryable(&error) => continue,
                result => return result.map_err(Into::into),
            }
        }
    }

    pub fn get(&self, tree: &str, key: &[u8]) -> Result<Option<Vec<u8>>, StorageError> {
        self.run(|client| select(client, tree, key, false))
    }

    pub fn insert(&self, tree: &str, key: &[u8], value: &[u8]) -> Result<(), StorageError> {
        self.run(|client| upsert(client, tree, key, value))
    }

    pub fn remove(&self, tree: &str, key: &[u8]) -> Result<(), StorageError> {
        self.run(|client| delete(client, tree, key).map(drop))
    }

    pub fn compare_and_swap(
        &self,
        tree: &str,
        key: &[u8],
        old: Option<&[u8]>,
        new: Option<&[u8]>,
    ) -> Result<bool, StorageError> {
        self.run(|client| {
            let changed = match (old, new) {
                (None, Some(new)) => client.execute(INSERT_NEW, &[&tree, &key, &new])?,
                (Some(old), Some(new)) => client.execute(
                    "UPDATE records SET value = $4 WHERE tree = $1 AND key = $2 AND value = $3",
                    &[&tree, &key, &old, &new],
                )?,
                (Some(old), None) => client
                    .execute("DELETE FROM records WHERE tree = $1 AND key = $2 AND value = $3", &[&tree, &key, &old])?,
                (None, None) => return Ok(select(client, tree, key, false)?.is_none()),
            };
            Ok(changed == 1)
        })
    }

    /// A read-modify-write of one record under its row lock, at READ
    /// COMMITTED: a second writer waits for the lock and then reads the value
    /// the first committed, so a hot record (the id counters) is updated one
    /// writer after another instead of failing to serialize and retrying. An
    /// absent record is created with `ON CONFLICT DO NOTHING`; a writer that
    /// loses that race reads again.
    pub fn update_and_fetch(
        &self,
        tree: &str,
        key: &[u8],
        update: impl Fn(Option<&[u8]>) -> Option<Vec<u8>>,
    ) -> Result<Option<Vec<u8>>, StorageError> {
        let mut client = self.client()?;
        loop {
            let mut tx = client.build_transaction().isolation_level(IsolationLevel::ReadCommitted).start()?;
            let old = select(&mut tx, tree, key, true)?;
            let new = update(old.as_deref());
            let applied = match (&old, &new) {
                (Some(_), Some(value)) => upsert(&mut tx, tree, key, value).map(|()| true)?,
                (Some(_), None) => delete(&mut tx, tree, key).map(|_| true)?,
                (None, Some(value)) => tx.execute(INSERT_NEW, &[&tree, &key, value])? == 1,
                (None, None) => true,
            };
            if applied {
                tx.commit()?;
                return Ok(new);
            }
        }
    }

    /// The records of `tree` with keys from `first` on, below `end` if given.
    pub fn scan(&self, tree: &str, first: &[u8], end: Option<&[u8]>) -> Result<Vec<Entry>, StorageError> {
        self.run(|client| scan(client, tree, first, end))
    }

    pub fn len(&self, tree: &str) -> Result<usize, StorageError> {
        self.run(|client| {
            let count: i64 = client.query_one("SELECT count(*) FROM records WHERE tree = $1", &[&tree])?.get(0);
            Ok(count as usize)
        })
    }

    #[cfg(test)]
    pub fn clear(&self, tree: &str) -> Result<(), StorageError> {
        self.run(|client| client.execute("DELETE FROM records WHERE tree = $1", &[&tree]).map(drop))
    }

    /// Runs `body` in a serializable transaction, again while it fails to
    /// serialize. `body` hands the transaction back with its result, to be
    /// committed (or rolled back, for an error).
    pub fn transaction<R>(
        &self,
        body: impl for<'c> Fn(Transaction<'c>) -> (Transaction<'c>, TxResult<R>),
    ) -> Result<R, StorageError> {
        let mut client = self.client()?;
        loop {
            let tx = client.build_transaction().isolation_level(IsolationLevel::Serializable).start()?;
            let (tx, result) = body(tx);
            let failed = match result {
                Ok(value) => match tx.commit() {
                    Ok(()) => return Ok(value),
                    Err(error) => error,
                },
                Err(TxError::Abort(error)) => {
                    tx.rollback()?;
                    return Err(error);
                }
                // Dropping the transaction rolls it back.
                Err(TxError::Postgres(error)) => error,
                Err(TxError::Sled(_)) => unreachable!("a PostgreSQL transaction has no sled trees"),
            };
            if !retryable(&failed) {
                return Err(failed.into());
            }
        }
    }

    /// Reads `trees` one after the other in one snapshot (a repeatable-read,
    /// read-only transaction), handing each tree's records to `each`: a
    /// consistent moment across every process writing meanwhile.
    pub fn snapshot(
        &self,
        trees: &[&'static str],
        mut each: impl FnMut(&'static str, Vec<Entry>) -> Result<(), StorageError>,
    ) -> Result<(), StorageError> {
        let mut client = self.client()?;
        let mut tx =
            client.build_transaction().isolation_level(IsolationLevel::RepeatableRead).read_only(true).start()?;
        for tree in trees {
            each(tree, scan(&mut tx, tree, &[], None)?)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Stores many records in one transaction (an import, a migration).
    pub fn insert_all(&self, records: &[(&'static str, Vec<u8>, Vec<u8>)]) -> Result<(), StorageError> {
        self.transaction(|mut tx| {
            let result = (|| {
                let statement = tx.prepare(UPSERT)?;
                for (tree, key, value) in records {
                    tx.execute(&statement, &[tree, key, value])?;
                }
                Ok(())
            })();
            (tx, result.map_err(TxError::Postgres))
        })
    }
}

const INSERT_NEW: &str =
    "INSERT INTO records (tree, key, value) VALUES ($1, $2, $3) ON CONFLICT (tree, key) DO NOTHING";
const UPSERT: &str =
    "INSERT INTO records (tree, key, value) VALUES ($1, $2, $3) ON CONFLICT (tree, key) DO UPDATE SET value = EXCLUDED.value";

fn select(
    client: &mut impl GenericClient,
    tree: &str,
    key: &[u8],
    for_update: bool,
) -> Result<Option<Vec<u8>>, postgres::Error> {
    let sql = if for_update {
        "SELECT value FROM records WHERE tree = $1 AND key = $2 FOR UPDATE"
    } else {
        "SELECT value FROM records WHERE tree = $1 AND key = $2"
    };
    Ok(client.query_opt(sql, &[&tree, &key])?.map(|row| row.get(0)))
}

fn upsert(client: &mut impl GenericClient, tree: &str, key: &[u8], value: &[u8]) -> Result<(), postgres::Error> {
    client.execute(UPSERT, &[&tree, &key, &value]).map(drop)
}

fn delete(client: &mut impl GenericClient, tree: &str, key: &[u8]) -> Result<Option<Vec<u8>>, postgres::Error> {
    let row = client.query_opt("DELETE FROM records WHERE tree = $1 AND key = $2 RETURNING value", &[&tree, &key])?;
    Ok(row.map(|row| row.get(0)))
}

fn scan(
    client: &mut impl GenericClient,
    tree: &str,
    first: &[u8],
    end: Option<&[u8]>,
) -> Result<Vec<Entry>, postgres::Error> {
    let rows = match end {
        Some(end) => client.query(
            "SELECT key, value FROM records WHERE tree = $1 AND key >= $2 AND key < $3 ORDER BY key",
            &[&tree, &first, &end],
        )?,
        None => client
            .query("SELECT key, value FROM records WHERE tree = $1 AND key >= $2 ORDER BY key", &[&tree, &first])?,
    };
    Ok(rows.into_iter().map(|row| (row.get(0), row.get(1))).collect())
}

pub(super) fn tx_get(tx: &mut Transaction<'_>, tree: &str, key: &[u8]) -> Result<Option<Vec<u8>>, postgres::Error> {
    select(tx, tree, key, false)
}

pub(super) fn tx_insert(tx: &mut Transaction<'_>, tree: &str, key: &[u8], value: &[u8]) -> Result<(), postgres::Error> {
    upsert(tx, tree, key, value)
}

pub(super) fn tx_remove(tx: &mut Transaction<'_>, tree: &str, key: &[u8]) -> Result<Option<Vec<u8>>, postgres::Error> {
    delete(tx, tree, key)
}

/// Applies the migrations the database has not had yet, in order.
fn migrate(client: &mut postgres::Client) -> Result<(), StorageError> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS rookery_migrations (
            version integer PRIMARY KEY,
            name text NOT NULL,
            applied_at timestamptz NOT NULL DEFAULT now()
        )",
    )?;
    let applied: Vec<i32> =
        tx.query("SELECT version FROM rookery_migrations", &[])?.into_iter().map(|row| row.get(0)).collect();
    let known = MIGRATIONS.last().map_or(0, |(version, ..)| *version);
    if let Some(&newest) = applied.iter().max().filter(|&&newest| newest > known) {
        return Err(StorageError::SchemaTooNew(newest));
    }
    for (version, name, sql) in MIGRATIONS {
        if !applied.contains(version) {
            tracing::info!(version, name, "applying a database migration");
            tx.batch_execute(sql)?;
            tx.execute("INSERT INTO rookery_migrations (version, name) VALUES ($1, $2)", &[version, name])?;
        }
    }
    tx.commit()?;
    Ok(())
}
