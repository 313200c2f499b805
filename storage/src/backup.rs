//! Verified backups: a consistent snapshot of every tree in the export format
//! (JSON lines with a closing checksum line that also names the database),
//! written beside the others in a backup directory, read back in full before
//! it counts, and restorable into a fresh database directory.
//!
//! A restore never leaves a half-filled database where one is expected: it
//! loads the backup into a staging folder beside the target
//! (`<name>.restoring`), reads it back, and only then renames it into place.
//! A restore cut short leaves only the staging folder, which the next restore
//! starts afresh.
//!
//! A backup is named `rookery-<unix seconds>.jsonl`, so the newest sorts last
//! and its name says when it was taken; a file being written is `.partial`
//! until it has been read back, so a crash mid-backup never leaves a file that
//! looks finished.

use std::fs::{self, File};
use std::io::{BufReader, BufWriter};
use std::path::{Path, PathBuf};

use crate::export::{export, read_backup};
use crate::{Identity, Storage, StorageError, TREES};

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
    /// The database it is a backup of (`None`: a backup from before
    /// databases had ids).
    pub identity: Option<Identity>,
}

impl Backup {
    /// Whether this is a backup of the database with id `database`.
    pub fn is_of(&self, database: &str) -> bool {
        self.identity.as_ref().is_some_and(|identity| identity.database == database)
    }
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
            let read = read_file(&partial)?;
            if read.records != records {
                return Err(failure(&partial, format!("wrote {records} records but read back {}", read.records)));
            }
            fs::rename(&partial, &path).map_err(|e| failure(&path, e))?;
            // The rename itself must survive a crash too.
            File::open(dir).and_then(|d| d.sync_all()).map_err(|e| failure(dir, e))?;
            Ok(records)
        })();
        match written {
            Ok(records) => Ok(Backup { path, taken, records, identity: Some(self.identity()) }),
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
fn read_file(path: &Path) -> Result<crate::export::Read, StorageError> {
    let file = File::open(path).map_err(|e| failure(path, e))?;
    let read = read_backup(BufReader::new(file), |_| Ok(())).map_err(|e| failure(path, e))?;
    if !read.closed {
        return Err(failure(path, "it has no closing checksum line: it was cut short"));
    }
    Ok(read)
}

/// Reads a backup through and checks it: every line, the record count and
/// the checksum.
pub fn verify_backup(path: &Path) -> Result<Backup, StorageError> {
    let read = read_file(path)?;
    let taken = taken_from_name(path).unwrap_or(0);
    Ok(Backup { path: path.to_path_buf(), taken, records: read.records, identity: read.identity })
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

/// The database a backup names in its closing line, read from the file's
/// end without reading it through (not verified: for sorting backups by
/// database, not for trusting one).
pub fn backup_database(path: &Path) -> Option<String> {
    use std::io::{Read, Seek, SeekFrom};
    let mut file = File::open(path).ok()?;
    let length = file.metadata().ok()?.len();
    // The closing line is short; 4 KiB reaches back past it.
    file.seek(SeekFrom::Start(length.saturating_sub(4096))).ok()?;
    let mut tail = Vec::new();
    file.read_to_end(&mut tail).ok()?;
    let tail = String::from_utf8_lossy(&tail);
    let last = tail.trim_end().rsplit('\n').next()?;
    let end: serde_json::Value = serde_json::from_str(last).ok()?;
    end["end"]["identity"]["database"].as_str().map(str::to_string)
}

/// Deletes all but the newest `keep` backups of database `database` in `dir`
/// (other databases' backups in the same folder are not touched); returns
/// the deleted paths.
pub fn prune_backups(dir: &Path, database: &str, keep: usize) -> Result<Vec<PathBuf>, StorageError> {
    let mut removed = Vec::new();
    let own = backups(dir)?.into_iter().filter(|(_, path)| backup_database(path).as_deref() == Some(database));
    for (_, path) in own.skip(keep.max(1)) {
        fs::remove_file(&path).map_err(|e| failure(&path, e))?;
        removed.push(path);
    }
    Ok(removed)
}

/// A path beside the data folder, named after it: `rookery-data` and
/// `.restoring` give `rookery-data.restoring`. Everything Rookery keeps about
/// a database outside it (staging, journal, damaged copy, backups) is named so.
pub fn beside(data_dir: &Path, suffix: &str) -> PathBuf {
    let name = data_dir.file_name().map_or("rookery-data".into(), |n| n.to_string_lossy().into_owned());
    data_dir.with_file_name(format!("{name}{suffix}"))
}

/// The folder a restore into `data_dir` is staged in, beside it.
pub fn staging_dir(data_dir: &Path) -> PathBuf {
    beside(data_dir, ".restoring")
}

/// Verifies the backup at `path` and makes it the database at `data_dir`,
/// which must not exist yet (a restore never mixes with old data). It is
/// loaded into [`staging_dir`] and read back there, then renamed into place
/// in one step: at any moment `data_dir` is either absent or whole.
///
/// The restored database keeps the backup's identity, with its id ceilings
/// raised to `ids_above` (the identity of the database it replaces, when that
/// could be read), so no id handed out before is handed out again.
pub fn restore_backup(
    path: &Path,
    data_dir: &Path,
    ids_above: Option<&Identity>,
) -> Result<(Storage, Backup), StorageError> {
    let backup = verify_backup(path)?;
    if data_dir.exists() {
        return Err(failure(
            path,
            format!("{} exists; a backup is restored only into a new directory", data_dir.display()),
        ));
    }
    let staging = staging_dir(data_dir);
    let staged = |e: std::io::Error| failure(&staging, e);
    // What a restore cut short left here was never used: start again.
    if staging.exists() {
        fs::remove_dir_all(&staging).map_err(staged)?;
    }
    fs::create_dir_all(&staging).map_err(staged)?;
    let identity = match (&backup.identity, ids_above) {
        (Some(own), Some(above)) => {
            let mut identity = own.clone();
            identity.raise_to(above);
            Some(identity)
        }
        (own, above) => own.clone().or_else(|| above.cloned()),
    };
    if let Some(identity) = &identity {
        identity.write(&staging).map_err(staged)?;
    }
    {
        let storage = Storage::open(&staging)?;
        let file = File::open(path).map_err(|e| failure(path, e))?;
        crate::import(&storage, BufReader::new(file)).map_err(|e| failure(path, e))?;
        let held = TREES.iter().map(|name| storage.tree(name).len()).sum::<Result<usize, _>>()?;
        if held != backup.records {
            return Err(failure(path, format!("restored {held} of its {} records", backup.records)));
        }
    }
    fs::rename(&staging, data_dir).map_err(|e| failure(data_dir, e))?;
    if let Some(parent) = data_dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        File::open(parent).and_then(|d| d.sync_all()).map_err(|e| failure(parent, e))?;
    }
    Ok((Storage::open(data_dir)?, backup))
}
