//! The true `fsync` behind every acknowledged write.
//!
//! sled 0.34's flush writes its log with `sync_file_range`, which puts the
//! bytes on the device but neither flushes the device's volatile write cache
//! nor commits the file's size to the filesystem journal, and it writes
//! values too large for the log ("blobs", one file each under `blobs/`)
//! without any sync at all. So after sled's flush the group-commit leader
//! calls `fdatasync` on the log file itself, then on every blob file it has
//! not synced before (and `fsync`s the `blobs` folder when one appeared, so
//! its name survives too). Only then is anybody told their write is durable.
//!
//! `fdatasync` rather than `fsync`: it also writes the metadata needed to
//! read the data back (the file's length, which grows as sled appends), and
//! skips only times of access and modification, which sled never reads.

use std::collections::HashSet;
use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// sled's log file and blob folder inside a database directory (sled 0.34's
/// layout; `open` refuses to run without the log file, so a sled upgrade
/// that moves it cannot silently turn the sync off).
const LOG: &str = "db";
const BLOBS: &str = "blobs";

pub(crate) struct LogSync {
    log: File,
    blobs: PathBuf,
    /// Blob files already synced (sled never rewrites a blob in place: a new
    /// value is a new file named by its log position).
    synced_blobs: Mutex<HashSet<OsString>>,
}

impl LogSync {
    /// Opens the log of the sled database in `dir` (already opened by sled)
    /// and syncs the directory once, so the files sled created are named on disk.
    pub fn open(dir: &Path) -> io::Result<LogSync> {
        let log = File::open(dir.join(LOG))?;
        File::open(dir)?.sync_all()?;
        let sync = LogSync { log, blobs: dir.join(BLOBS), synced_blobs: Mutex::default() };
        sync.sync()?;
        Ok(sync)
    }

    /// Makes everything sled has written durable: call after sled's flush.
    pub fn sync(&self) -> io::Result<()> {
        self.log.sync_data()?;
        self.sync_new_blobs()
    }

    fn sync_new_blobs(&self) -> io::Result<()> {
        let entries = match std::fs::read_dir(&self.blobs) {
            Ok(entries) => entries,
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(()),
            Err(error) => return Err(error),
        };
        let mut synced = self.synced_blobs.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut present = HashSet::new();
        let mut appeared = false;
        for entry in entries {
            let name = entry?.file_name();
            if !synced.contains(&name) {
                match File::open(self.blobs.join(&name)) {
                    Ok(file) => file.sync_data()?,
                    // sled removed it (garbage collection) since the listing.
                    Err(error) if error.kind() == io::ErrorKind::NotFound => continue,
                    Err(error) => return Err(error),
                }
                appeared = true;
            }
            present.insert(name);
        }
        if appeared {
            File::open(&self.blobs)?.sync_all()?;
        }
        // Forget blobs sled has collected, so the set stays as small as the folder.
        *synced = present;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syncs_the_log_and_each_new_blob_once() {
        let dir = tempfile::tempdir().unwrap();
        let db = sled::Config::new().path(dir.path()).open().unwrap();
        let sync = LogSync::open(dir.path()).unwrap();
        // A value far above sled's blob threshold (a quarter of a 512 KiB segment).
        db.insert("big", vec![7u8; 400_000]).unwrap();
        db.flush().unwrap();
        sync.sync().unwrap();
        let blobs: Vec<_> =
            std::fs::read_dir(dir.path().join(BLOBS)).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(!blobs.is_empty(), "the big value was not written as a blob");
        let synced = sync.synced_blobs.lock().unwrap().clone();
        assert!(blobs.iter().all(|name| synced.contains(name)));
    }

    #[test]
    fn a_folder_without_a_sled_log_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        assert!(LogSync::open(dir.path()).is_err());
    }
}
