//! Backups as JSON lines: one `{"tree", "key", "value"}` object per record, keys
//! in hex, values as the JSON they are stored as. `import` writes them back.

use std::io::{BufRead, Write};

use crate::{Storage, StorageError, TREES};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if text.len() % 2 != 0 {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok()).collect()
}

/// Writes every record of every tree; returns how many.
pub fn export(storage: &Storage, out: &mut impl Write) -> Result<usize, StorageError> {
    let mut count = 0;
    for name in TREES {
        for entry in storage.tree(name).expect("known tree").iter() {
            let (key, value) = entry?;
            let value: serde_json::Value = serde_json::from_slice(&value)
                .unwrap_or_else(|_| serde_json::Value::String(String::from_utf8_lossy(&value).into_owned()));
            let line = serde_json::json!({ "tree": name, "key": hex(&key), "value": value });
            writeln!(out, "{line}").map_err(|e| StorageError::Import { line: count + 1, reason: e.to_string() })?;
            count += 1;
        }
    }
    Ok(count)
}

/// Reads a backup written by [`export`] and stores every record, then flushes.
/// A malformed line stops the import with its line number; lines before it are
/// kept, so fix the line and import again (records are simply overwritten).
pub fn import(storage: &Storage, input: impl BufRead) -> Result<usize, StorageError> {
    let mut count = 0;
    for (index, line) in input.lines().enumerate() {
        let fail = |reason: String| StorageError::Import { line: index + 1, reason };
        let line = line.map_err(|e| fail(e.to_string()))?;
        if line.trim().is_empty() {
            continue;
        }
        let entry: serde_json::Value = serde_json::from_str(&line).map_err(|e| fail(e.to_string()))?;
        let name = entry["tree"].as_str().ok_or_else(|| fail("no `tree`".into()))?;
        let tree = storage.tree(name).ok_or_else(|| fail(format!("unknown tree `{name}`")))?;
        let key = entry["key"].as_str().and_then(unhex).ok_or_else(|| fail("`key` must be hex".into()))?;
        let value = serde_json::to_vec(&entry["value"]).expect("json");
        tree.insert(key, value)?;
        count += 1;
    }
    storage.flush()?;
    Ok(count)
}
