//! The write watermark. sled recovers a log with a damaged entry by cutting
//! the log there, so a flipped byte can silently drop every later write and
//! the database still opens. Rookery therefore counts its durable writes in
//! the database (`meta/writes`, bumped by every flush) and, after each flush
//! succeeds, records that count in a small file beside it. On opening, a
//! database whose count is below the file's has lost acknowledged writes, and
//! is treated as damaged.
//!
//! The file is written after the flush, so it can only lag the database (a
//! crash between the two), never lead it. It holds the count and its bitwise
//! complement, so a damaged file is recognised and ignored rather than
//! condemning a sound database.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// The file's name inside the database directory.
pub(crate) const FILE: &str = "rookery-watermark";

pub(crate) struct Watermark {
    file: Mutex<File>,
    written: AtomicU64,
}

impl Watermark {
    /// Opens (or creates) the file in `dir`, returning it and the count it
    /// holds (`None` for a new or unreadable file).
    pub fn open(dir: &Path) -> std::io::Result<(Watermark, Option<u64>)> {
        let mut file = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(dir.join(FILE))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)?;
        let recorded = decode(&bytes);
        if recorded.is_none() && !bytes.is_empty() {
            tracing::warn!("the write watermark file is unreadable; it is rewritten with the next write");
        }
        let written = AtomicU64::new(recorded.unwrap_or(0));
        Ok((Watermark { file: Mutex::new(file), written }, recorded))
    }

    /// Records that `mark` writes are durable (never moving backwards).
    pub fn advance(&self, mark: u64) {
        if self.written.fetch_max(mark, Ordering::SeqCst) >= mark {
            return;
        }
        let mut file = self.file.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // Another thread may have written a higher mark meanwhile.
        let mark = self.written.load(Ordering::SeqCst).max(mark);
        let mut bytes = [0; 16];
        bytes[..8].copy_from_slice(&mark.to_be_bytes());
        bytes[8..].copy_from_slice(&(!mark).to_be_bytes());
        if let Err(error) = file.seek(SeekFrom::Start(0)).and_then(|_| file.write_all(&bytes)) {
            // Only the detection of a later silent loss is weakened.
            tracing::warn!(%error, "could not update the write watermark");
        }
    }
}

fn decode(bytes: &[u8]) -> Option<u64> {
    let mark = u64::from_be_bytes(bytes.get(..8)?.try_into().ok()?);
    let check = u64::from_be_bytes(bytes.get(8..16)?.try_into().ok()?);
    (check == !mark).then_some(mark)
}

/// Adds one to a big-endian counter (a missing or malformed one counts as 0).
pub(crate) fn increment(old: Option<&[u8]>) -> Option<Vec<u8>> {
    let old = old.and_then(|b| b.try_into().ok()).map_or(0, u64::from_be_bytes);
    Some(old.saturating_add(1).to_be_bytes().to_vec())
}

/// A big-endian counter's value.
pub(crate) fn counter(bytes: Option<impl AsRef<[u8]>>) -> u64 {
    bytes.and_then(|b| b.as_ref().try_into().ok()).map_or(0, u64::from_be_bytes)
}
