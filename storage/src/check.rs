//! `rookery check` and the startup check: open a database, read every record
//! of every tree and decode it as the shape it is stored in, and say what
//! could be read. sled may panic rather than fail on some damage, so opening
//! and reading run behind `catch_unwind`: a damaged database is reported, not
//! a crash.

use std::fmt;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use crate::{events, ledgers, puzzles, records, Storage, StorageError, TREES};

/// A record that is stored but cannot be decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub tree: &'static str,
    /// The key, in hex.
    pub key: String,
    pub reason: String,
    /// The record version, when the record says a newer Rookery wrote it:
    /// not set aside when read, since that Rookery can still read it.
    pub newer: Option<u32>,
}

/// What a check read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Records per tree, in the order of the export format.
    pub trees: Vec<(&'static str, usize)>,
    /// Records that are there but cannot be decoded (set aside when next read).
    pub unreadable: Vec<Unreadable>,
}

impl CheckReport {
    pub fn records(&self) -> usize {
        self.trees.iter().map(|(_, n)| n).sum()
    }

    /// Records already set aside earlier, waiting for an operator.
    pub fn quarantined(&self) -> usize {
        self.trees.iter().find(|(t, _)| *t == "quarantine").map_or(0, |(_, n)| *n)
    }

    /// Says in the log, once at startup, what the check found unreadable:
    /// each damaged record, and in one line the records a newer Rookery
    /// wrote (it used this database, or they are damaged; they are left as
    /// they are, and a moderator can free a channel one holds with `/admin end`).
    pub fn log_unreadable(&self) {
        let (newer, damaged): (Vec<&Unreadable>, Vec<&Unreadable>) =
            self.unreadable.iter().partition(|bad| bad.newer.is_some());
        for bad in damaged {
            tracing::warn!(tree = bad.tree, key = %bad.key, reason = %bad.reason, "an unreadable record will be set aside when read");
        }
        if let Some(version) = newer.iter().filter_map(|bad| bad.newer).max() {
            let trees: std::collections::BTreeSet<&str> = newer.iter().map(|bad| bad.tree).collect();
            tracing::error!(
                records = newer.len(),
                version,
                trees = ?trees,
                "records were written by a newer Rookery (record versions up to {version}): a newer Rookery has \
                 used this database, or these records are damaged. They are left as they are; channels they hold \
                 say so, and a moderator can free one with /admin end. `rookery check` lists them"
            );
        }
    }
}

impl fmt::Display for CheckReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} records readable:", self.records())?;
        for (tree, count) in &self.trees {
            writeln!(f, "  {tree}: {count}")?;
        }
        if self.unreadable.is_empty() {
            writeln!(f, "every record decodes")?;
        }
        for bad in &self.unreadable {
            let what = if bad.newer.is_some() { "written by a newer Rookery" } else { "unreadable" };
            writeln!(f, "{what}: {} {}: {}", bad.tree, bad.key, bad.reason)?;
        }
        if self.quarantined() > 0 {
            writeln!(f, "{} records are in quarantine from earlier reads", self.quarantined())?;
        }
        Ok(())
    }
}

/// Whether an error opening or reading a database means its files are damaged
/// (as opposed to, say, being held by a running bot or a missing permission).
pub fn is_damage(error: &StorageError) -> bool {
    match error {
        StorageError::Damaged(_) => true,
        // A PostgreSQL server keeps its own files whole; its errors are
        // about reaching it or about a statement, never a damaged database.
        StorageError::Postgres(_) | StorageError::Unreachable(_) | StorageError::SchemaTooNew(_) => false,
        StorageError::Database(error) | StorageError::NotDurable(error) => match error {
            sled::Error::Corruption { .. } | sled::Error::ReportableBug(_) | sled::Error::Unsupported(_) => true,
            sled::Error::Io(io) => {
                matches!(io.kind(), std::io::ErrorKind::InvalidData | std::io::ErrorKind::UnexpectedEof)
            }
            _ => false,
        },
        _ => false,
    }
}

/// Decodes a record of `tree` as what that tree stores.
fn decodes(tree: &str, bytes: &[u8]) -> Result<(), StorageError> {
    let json = |e: serde_json::Error| StorageError::Quarantined(e.to_string());
    match tree {
        "games" | "archive" => records::decode_game(bytes).map(drop),
        "finished_ids" | "finished_players" => serde_json::from_slice::<[u64; 2]>(bytes).map(drop).map_err(json),
        "ledgers" => ledgers::decode_ledger(bytes).map(drop),
        "rolls" => ledgers::decode_roll(bytes).map(drop),
        "stats" => serde_json::from_slice::<crate::PlayerStats>(bytes).map(drop).map_err(json),
        "puzzles" => puzzles::decode::<crate::StoredPuzzle>(bytes).map(drop),
        "puzzle_days" => puzzles::decode::<crate::DailyPuzzle>(bytes).map(drop),
        "puzzle_solves" => puzzles::decode::<crate::PuzzleSolve>(bytes).map(drop),
        "puzzle_streaks" => puzzles::decode::<crate::PuzzleStreak>(bytes).map(drop),
        "puzzle_ratings" => puzzles::decode::<crate::PuzzleRating>(bytes).map(drop),
        "solver_ratings" => puzzles::decode::<crate::SolverRating>(bytes).map(drop),
        "puzzle_tries" => puzzles::decode::<crate::PuzzleTry>(bytes).map(drop),
        "puzzle_practice" => puzzles::decode::<crate::PracticePuzzle>(bytes).map(drop),
        "events" => events::decode(bytes).map(drop),
        // Counters, and the database id (see `identity`).
        "meta" if bytes.len() == 8 || crate::identity::is_database_id(bytes) => Ok(()),
        "meta" => Err(StorageError::Quarantined("not a counter or a database id".into())),
        // Settings are named values whose shapes their users know, and the
        // quarantine keeps whatever it was given: JSON is all they share.
        _ => serde_json::from_slice::<serde_json::Value>(bytes).map(drop).map_err(json),
    }
}

fn panic_text(panic: Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "the database library panicked".into())
}

impl Storage {
    /// Reads every record of every tree.
    pub fn check(&self) -> Result<CheckReport, StorageError> {
        let mut report = CheckReport::default();
        for name in TREES.into_iter().chain(["meta"]) {
            let mut count = 0;
            for entry in self.tree(name).iter() {
                let (key, value) = entry?;
                count += 1;
                if let Err(error) = decodes(name, &value) {
                    let key = key.iter().map(|b| format!("{b:02x}")).collect();
                    let newer = match error {
                        StorageError::TooNew(version) => Some(version),
                        _ => None,
                    };
                    report.unreadable.push(Unreadable { tree: name, key, reason: error.to_string(), newer });
                }
            }
            report.trees.push((name, count));
        }
        Ok(report)
    }

    /// Opens the database in `dir` and reads all of it; a panic of the
    /// database library counts as damage ([`StorageError::Damaged`]).
    pub fn open_checked(dir: &Path) -> Result<(Storage, CheckReport), StorageError> {
        let opened = catch_unwind(AssertUnwindSafe(|| {
            let storage = Storage::open(dir)?;
            let report = storage.check()?;
            Ok((storage, report))
        }));
        opened.unwrap_or_else(|panic| Err(StorageError::Damaged(panic_text(panic))))
    }
}
