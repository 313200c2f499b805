//! Verified backups: a consistent snapshot of every tree in the export format
//! (JSON lines with a closing checksum line), written beside the others in a
//! backup directory, read back in full before it counts, and restorable into a
//! fresh database directory.
//!
//! A backup is named `rookery-<unix seconds>.jsonl`, so the newest sorts last
//! and its name says when it was taken; a file being written is `.partial`
//! until it has been read back, so a crash mid-backup never leaves a file that
//! looks finished.

use std::fs::{self, File};
use std::io::{BufReader, BufWriter};
use std::path::{Path, PathBuf};

use crate::export::{export, read_backup};
use crate::{Storage, StorageError};

const PREFIX: &str = "rookery-";
const SUFFIX: &str = ".jsonl";

/// A finished, verified backup file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backup {
    pub path: PathBuf,
    /// Unix seconds when it was taken.
    pub taken: i64,
    /// Records it holds.
    pub records: usize,
}

fn failure(path: &Path, reason: impl ToString) -> StorageError {
    StorageError::Backup { path: path.display().to_string(), reason: reason.to_string() }
}

/// When the backup at `path` was taken, from its name.
fn taken_from_name(path: &Path) -> Option<i64> {
    let name = path.file_name()?.to_str()?;
    name.strip_prefix(PREFIX)?.strip_suffix(SUFFIX)?.parse().ok()
}

impl Storage {
    /// Writes a backup of the whole database into `dir` (created if needed)
    /// as of `now` (unix seconds), then reads it back and checks every line
    /// and the checksum before giving it its final name. Writes wait while the
    /// snapshot is taken, so it is one consistent moment.
    pub fn backup(&self, dir: &Path, now: i64) -> Result<Backup, StorageError> {
        fs::create_dir_all(dir).map_err(|e| failure(dir, e))?;
        // Two backups in one second: the later one waits for the next free name.
        let mut taken = now;
        while dir.join(format!("{PREFIX}{taken}{SUFFIX}")).exists() {
            taken += 1;
        }
        let path = dir.join(format!("{PREFIX}{taken}{SUFFIX}"));
        let partial = path.with_extension("partial");
        let written = (|| {
            let file = File::create(&partial).map_err(|e| failure(&partial, e))?;
            let mut out = BufWriter::new(file);
            let records = {
                let _frozen = self.gate.write().unwrap_or_else(|poisoned| poisoned.into_inner());
                export(self, &mut out)?
            };
            let file = out.into_inner().map_err(|e| failure(&partial, e.error()))?;
            file.sync_all().map_err(|e| failure(&partial, e))?;
            let (read, _) = read_file(&partial)?;
            if read != records {
                return Err(failure(&partial, format!("wrote {records} records but read back {read}")));
            }
            fs::rename(&partial, &path).map_err(|e| failure(&path, e))?;
            // The rename itself must survive a crash too.
            File::open(dir).and_then(|d| d.sync_all()).map_err(|e| failure(dir, e))?;
            Ok(records)
        })();
        match written {
            Ok(records) => Ok(Backup { path, taken, records }),
            Err(err) => {
                // Best effort: a leftover partial file is ignored by everything else.
                let _ = fs::remove_file(&partial);
                Err(err)
            }
        }
    }
}

/// Reads every line of a backup file; a backup without its closing line is
/// refused (it was cut short).
fn read_file(path: &Path) -> Result<(usize, bool), StorageError> {
    let file = File::open(path).map_err(|e| failure(path, e))?;
    let (records, closed) = read_backup(BufReader::new(file), |_| Ok(())).map_err(|e| failure(path, e))?;
    if !closed {
        return Err(failure(path, "it has no closing checksum line: it was cut short"));
    }
    Ok((records, closed))
}

/// Reads a backup through and checks it: every line, the record count and
/// the checksum.
pub fn verify_backup(path: &Path) -> Result<Backup, StorageError> {
    let (records, _) = read_file(path)?;
    let taken = taken_from_name(path).unwrap_or(0);
    Ok(Backup { path: path.to_path_buf(), taken, records })
}

/// The finished backups in `dir` (by name), newest first. Not verified here.
pub fn backups(dir: &Path) -> Result<Vec<(i64, PathBuf)>, StorageError> {
    let entries = match fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(failure(dir, e)),
    };
    let mut found: Vec<(i64, PathBuf)> = entries
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter_map(|path| taken_from_name(&path).map(|taken| (taken, path)))
        .collect();
    found.sort_by(|a, b| b.cmp(a));
    Ok(found)
}

/// Deletes all but the newest `keep` backups in `dir`; returns the deleted paths.
pub fn prune_backups(dir: &Path, keep: usize) -> Result<Vec<PathBuf>, StorageError> {
    let mut removed = Vec::new();
    for (_, path) in backups(dir)?.into_iter().skip(keep.max(1)) {
        fs::remove_file(&path).map_err(|e| failure(&path, e))?;
        removed.push(path);
    }
    Ok(removed)
}

/// Verifies the backup at `path` and loads it into a new database at
/// `data_dir`, which must not exist yet (a restore never mixes with old data).
pub fn restore_backup(path: &Path, data_dir: &Path) -> Result<(Storage, Backup), StorageError> {
    let backup = verify_backup(path)?;
    if data_dir.exists() {
        return Err(failure(
            path,
            format!("{} exists; a backup is restored only into a new directory", data_dir.display()),
        ));
    }
    let storage = Storage::open(data_dir)?;
    let file = File::open(path).map_err(|e| failure(path, e))?;
    let loaded = crate::import(&storage, BufReader::new(file)).map_err(|e| failure(path, e))?;
    if loaded != backup.records {
        return Err(failure(path, format!("restored {loaded} of its {} records", backup.records)));
    }
    Ok((storage, backup))
}
