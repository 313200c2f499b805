//! Backups as JSON lines: one `{"tree", "key", "value"}` object per record, keys
//! in hex, values as the JSON they are stored as, then one closing line
//! `{"end": {"records": N, "sha256": HEX, "identity": {...}}}` over the record
//! lines, so a cut or altered file is recognised. The identity says which
//! database the backup is of and how high its ids had gone (see `identity`);
//! files from before it have none. `import` writes the records back and
//! checks the closing line when there is one (files from before it still
//! import).

use std::io::{BufRead, Write};

use sha2::{Digest, Sha256};

use crate::{Backend, Identity, Storage, StorageError, TREES};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

/// Writes every record of every tree and the closing line; returns how many records.
pub fn export(storage: &Storage, out: &mut impl Write) -> Result<usize, StorageError> {
    let failed =
        |count: usize| move |e: std::io::Error| StorageError::Import { line: count + 1, reason: e.to_string() };
    let mut count = 0;
    let mut digest = Sha256::new();
    storage.each_record(&TREES, |name, key, value| {
        let value: serde_json::Value = serde_json::from_slice(value)
            .unwrap_or_else(|_| serde_json::Value::String(String::from_utf8_lossy(value).into_owned()));
        let line = format!("{}\n", serde_json::json!({ "tree": name, "key": hex(key), "value": value }));
        digest.update(line.as_bytes());
        out.write_all(line.as_bytes()).map_err(failed(count))?;
        count += 1;
        Ok(())
    })?;
    let end = serde_json::json!({ "end": {
        "records": count,
        "sha256": hex(&digest.finalize()),
        "identity": storage.identity(),
    } });
    writeln!(out, "{end}").map_err(failed(count))?;
    Ok(count)
}

/// One record of a backup file, decoded.
pub(crate) struct Entry {
    pub tree: &'static str,
    pub key: Vec<u8>,
    pub value: Vec<u8>,
}

/// What reading a backup through found.
pub(crate) struct Read {
    pub records: usize,
    /// Whether the file had its closing line (a file without one was cut short).
    pub closed: bool,
    /// The database it is a backup of, from the closing line.
    pub identity: Option<Identity>,
}

/// Reads a backup line by line, handing each record to `store`, and checks the
/// closing line (count and checksum).
pub(crate) fn read_backup(
    input: impl BufRead,
    mut store: impl FnMut(Entry) -> Result<(), StorageError>,
) -> Result<Read, StorageError> {
    let mut count = 0;
    let mut digest = Sha256::new();
    for (index, line) in input.lines().enumerate() {
        let fail = |reason: String| StorageError::Import { line: index + 1, reason };
        let line = line.map_err(|e| fail(e.to_string()))?;
        if line.trim().is_empty() {
            continue;
        }
        let mut entry: serde_json::Value = serde_json::from_str(&line).map_err(|e| fail(e.to_string()))?;
        if let Some(end) = entry.get("end") {
            if end["records"].as_u64() != Some(count as u64) {
                return Err(fail(format!("the backup ends after {count} records but says {}", end["records"])));
            }
            if end["sha256"].as_str() != Some(hex(&digest.finalize()).as_str()) {
                return Err(fail("the records do not match the backup's checksum".into()));
            }
            let identity = match end.get("identity") {
                None => None,
                Some(identity) => Some(
                    serde_json::from_value(identity.clone())
                        .map_err(|e| fail(format!("the backup's identity does not read: {e}")))?,
                ),
            };
            return Ok(Read { records: count, closed: true, identity });
        }
        digest.update(line.as_bytes());
        digest.update(b"\n");
        let name = entry["tree"].as_str().ok_or_else(|| fail("no `tree`".into()))?;
        let tree = TREES.into_iter().find(|t| *t == name).ok_or_else(|| fail(format!("unknown tree `{name}`")))?;
        let key = entry["key"].as_str().and_then(unhex).ok_or_else(|| fail("`key` must be hex".into()))?;
        // A record that was not JSON travels as a JSON string of its text;
        // either way it is undecodable where it is read, and set aside there.
        let value = serde_json::to_vec(&entry["value"].take()).expect("json");
        store(Entry { tree, key, value })?;
        count += 1;
    }
    Ok(Read { records: count, closed: false, identity: None })
}

/// Reads a backup written by [`export`] and stores every record, then flushes.
/// A malformed line stops the import with its line number; lines before it are
/// kept, so fix the line and import again (records are simply overwritten).
pub fn import(storage: &Storage, input: impl BufRead) -> Result<usize, StorageError> {
    let _writing = storage.writing();
    let mut batch = Vec::with_capacity(BATCH);
    let read = read_backup(input, |entry| {
        batch.push((entry.tree, entry.key, entry.value));
        if batch.len() == BATCH {
            storage.insert_all(&std::mem::take(&mut batch))?;
        }
        Ok(())
    })?;
    storage.insert_all(&batch)?;
    storage.flush()?;
    Ok(read.records)
}

/// Records an import writes at once (one transaction on PostgreSQL).
const BATCH: usize = 1000;

impl Storage {
    /// Hands every record of `trees` to `each`, tree by tree in key order, as
    /// of one moment: on sled the caller holds the write gate when it needs
    /// one (a backup does), on PostgreSQL the records come from one snapshot.
    pub(crate) fn each_record(
        &self,
        trees: &[&'static str],
        mut each: impl FnMut(&'static str, &[u8], &[u8]) -> Result<(), StorageError>,
    ) -> Result<(), StorageError> {
        match &self.backend {
            Backend::Postgres(pg) => {
                pg.snapshot(trees, |name, records| records.iter().try_for_each(|(key, value)| each(name, key, value)))
            }
            Backend::Sled(_) => {
                for name in trees {
                    for entry in self.tree(name).iter() {
                        let (key, value) = entry?;
                        each(name, &key, &value)?;
                    }
                }
                Ok(())
            }
        }
    }

    /// Stores many records (tree, key, value) at once: in one transaction on
    /// PostgreSQL, one by one on sled (durable with the next flush either way).
    pub(crate) fn insert_all(&self, records: &[(&'static str, Vec<u8>, Vec<u8>)]) -> Result<(), StorageError> {
        match &self.backend {
            Backend::Postgres(pg) if !records.is_empty() => pg.insert_all(records),
            Backend::Postgres(_) => Ok(()),
            Backend::Sled(_) => records.iter().try_for_each(|(tree, key, value)| self.tree(tree).insert(key, value)),
        }
    }
}

impl Storage {
    /// How many records each tree holds, in the order of the export format.
    pub fn counts(&self) -> Result<Vec<(&'static str, usize)>, StorageError> {
        TREES.into_iter().map(|name| Ok((name, self.tree(name).len()?))).collect()
    }

    /// Copies every record into `target`, with the id counters and the
    /// database id, so the copy goes on as the same database: a migration
    /// from one backend to the other. Returns how many records were copied
    /// (besides the counters). What `target` held under the same keys is
    /// overwritten; the rest of it is left.
    pub fn copy_into(&self, target: &Storage) -> Result<usize, StorageError> {
        let _writing = target.writing();
        let mut batch = Vec::with_capacity(BATCH);
        let mut copied = 0;
        let mut trees = TREES.to_vec();
        trees.push("meta");
        self.each_record(&trees, |tree, key, value| {
            // The count of flushes belongs to a sled folder's own watermark.
            if tree == "meta" && key == crate::WRITES {
                return Ok(());
            }
            copied += usize::from(tree != "meta");
            batch.push((tree, key.to_vec(), value.to_vec()));
            if batch.len() == BATCH {
                target.insert_all(&std::mem::take(&mut batch))?;
            }
            Ok(())
        })?;
        target.insert_all(&batch)?;
        target.flush()?;
        Ok(copied)
    }
}
