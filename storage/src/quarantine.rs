//! Records that cannot be used are set aside, never deleted.
//!
//! A record that does not decode, or that decodes but makes no sense to the
//! bot (a game the engine no longer replays, a ledger whose rolls do not
//! match), is moved to the `quarantine` tree with the reason, its text and
//! its raw bytes in hex, under `tree/key` (`tree/key/2`, `/3`... for later
//! records of the same key, so none is ever overwritten). Whoever read it is
//! told once; every later read finds it gone, so a channel or a list carries
//! on with what is left. A record written by a newer Rookery is not damage
//! and is left where it is: single reads report it, lists pass over it.

use crate::store::Iter;
use crate::{archive_key, ChannelKey, Storage, StorageError};

impl Storage {
    /// Moves `bytes`, read under `key` of `tree`, into quarantine with
    /// `reason`, in one transaction and only if they are still what is
    /// stored there: a record written since the read is left alone.
    pub(crate) fn set_aside(&self, tree: &str, key: &[u8], bytes: &[u8], reason: &str) -> Result<(), StorageError> {
        tracing::warn!(tree, key = %hex(key), reason, "a stored record was set aside in quarantine");
        let entry = quarantine_entry(reason, bytes);
        let _writing = self.writing();
        let Some(tree) = crate::TREES.into_iter().find(|name| *name == tree) else {
            return Err(StorageError::Damaged(format!("no tree named {tree}")));
        };
        self.transaction(&[tree, "quarantine"], |tx| {
            let (records, quarantine) = (tx.tree(tree), tx.tree("quarantine"));
            if records.get(key)?.as_deref() != Some(bytes) {
                return Ok(());
            }
            let qkey = quarantine_key(tree, key, |k| quarantine.get(k).map(|v| v.is_some()))?;
            quarantine.insert(qkey, entry.as_slice())?;
            records.remove(key)?;
            Ok(())
        })?;
        self.flush()
    }

    /// After a read of `key` failed with `err`: a record that cannot be
    /// decoded is set aside, and `err` is what to report either way.
    pub(crate) fn report_unreadable(
        &self,
        tree: &str,
        key: &[u8],
        bytes: &[u8],
        err: StorageError,
    ) -> Result<StorageError, StorageError> {
        if let StorageError::Quarantined(reason) = &err {
            self.set_aside(tree, key, bytes, reason)?;
        }
        Ok(err)
    }

    /// One record read with `decode`; an unreadable one is set aside and reported.
    pub(crate) fn get_record<T>(
        &self,
        tree: &str,
        key: &[u8],
        decode: impl Fn(&[u8]) -> Result<T, StorageError>,
    ) -> Result<Option<T>, StorageError> {
        match self.tree(tree).get(key)? {
            None => Ok(None),
            Some(bytes) => match decode(&bytes) {
                Ok(value) => Ok(Some(value)),
                Err(err) => Err(self.report_unreadable(tree, key, &bytes, err)?),
            },
        }
    }

    /// One record of a list, or `None` for one the list passes over: an
    /// unreadable record (set aside) or one a newer Rookery wrote (kept for
    /// it), so that one such record never hides the rest.
    pub(crate) fn listable<T>(
        &self,
        tree: &str,
        key: &[u8],
        bytes: &[u8],
        decode: impl Fn(&[u8]) -> Result<T, StorageError>,
    ) -> Result<Option<T>, StorageError> {
        match decode(bytes) {
            Ok(value) => Ok(Some(value)),
            Err(StorageError::Quarantined(reason)) => {
                self.set_aside(tree, key, bytes, &reason)?;
                Ok(None)
            }
            Err(StorageError::TooNew(_)) => Ok(None),
            Err(other) => Err(other),
        }
    }

    /// Decodes every value of a scan, passing over (see [`Storage::listable`])
    /// the ones that cannot be read.
    pub(crate) fn decode_scan<T>(
        &self,
        tree: &str,
        scan: Iter,
        decode: impl Fn(&[u8]) -> Result<T, StorageError>,
    ) -> Result<Vec<T>, StorageError> {
        let mut out = Vec::new();
        for entry in scan {
            let (key, bytes) = entry?;
            out.extend(self.listable(tree, &key, &bytes, &decode)?);
        }
        Ok(out)
    }

    /// Sets a channel's current game aside so the channel is free again: one
    /// that decodes but no longer makes sense, or one written by a newer
    /// Rookery that a moderator ends. Its bytes are kept in quarantine.
    pub fn quarantine_channel(&self, channel: ChannelKey, reason: &str) -> Result<(), StorageError> {
        let key = channel.bytes();
        match self.games.get(key)? {
            Some(bytes) => self.set_aside("games", &key, &bytes, reason),
            None => Ok(()),
        }
    }

    /// Sets a finished game aside when it reads but cannot be used (the
    /// engine no longer replays it): lists and `/pgn` pass over it from now on.
    pub fn quarantine_archived(&self, channel: ChannelKey, id: u64, reason: &str) -> Result<(), StorageError> {
        let key = archive_key(channel, id);
        match self.archive.get(key)? {
            Some(bytes) => self.set_aside("archive", &key, &bytes, reason),
            None => Ok(()),
        }
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
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Where a record of `tree` under `key` is kept in quarantine: `tree/key`,
/// or `tree/key/2`, `/3`... when an earlier record of the same key is kept
/// there already (`taken`), so a second bad record never erases the first.
pub(crate) fn quarantine_key<E>(
    tree: &str,
    key: &[u8],
    taken: impl Fn(&[u8]) -> Result<bool, E>,
) -> Result<Vec<u8>, E> {
    let mut qkey = tree.as_bytes().to_vec();
    qkey.push(0);
    qkey.extend_from_slice(key);
    let mut candidate = qkey.clone();
    let mut copy = 1u32;
    while taken(&candidate)? {
        copy += 1;
        candidate = qkey.clone();
        candidate.push(0);
        candidate.extend_from_slice(copy.to_string().as_bytes());
    }
    Ok(candidate)
}

/// The quarantine record: why, and the raw bytes (as hex, so nothing is lost).
pub(crate) fn quarantine_entry(reason: &str, bytes: &[u8]) -> Vec<u8> {
    let entry = serde_json::json!({ "reason": reason, "text": String::from_utf8_lossy(bytes), "raw_hex": hex(bytes) });
    serde_json::to_vec(&entry).expect("json")
}
