//! `rookery export` and `rookery import`: backups of the database as JSON lines
//! (the format of [`rookery_storage::export`]), for moving or restoring a bot.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::Path;

use anyhow::{bail, Context, Result};
use rookery_storage::Storage;

/// Opens an existing database. sled would silently create an empty one at a
/// mistyped path, and an export of that would look like a valid empty backup.
pub fn open_existing(data_dir: &Path) -> Result<Storage> {
    if !data_dir.is_dir() {
        bail!("there is no Rookery database at {}", data_dir.display());
    }
    open(data_dir)
}

/// Opens (or creates) a database, explaining the usual failure: sled holds an
/// exclusive lock, so a running bot keeps its directory from being opened.
fn open(data_dir: &Path) -> Result<Storage> {
    Storage::open(data_dir)
        .with_context(|| format!("opening the database at {} (is the bot still running with it?)", data_dir.display()))
}

/// `rookery check`: a database directory is opened (if it has lost writes,
/// leniently, to show what is left) and read through; a file is verified as a
/// backup. Returns the report and whether everything was sound.
pub fn check(path: &Path) -> Result<(String, bool)> {
    if path.is_file() {
        return Ok(match rookery_storage::verify_backup(path) {
            Ok(backup) => (format!("{}: a sound backup of {} records\n", path.display(), backup.records), true),
            Err(error) => (format!("{error}\n"), false),
        });
    }
    if !path.is_dir() {
        bail!("there is no Rookery database or backup at {}", path.display());
    }
    let (storage, lost) = match Storage::open_lenient(path) {
        Ok(opened) => opened,
        Err(error) => {
            let damaged = rookery_storage::is_damage(&error);
            let verdict = if damaged { "damaged and unreadable" } else { "could not be opened" };
            let hint = if damaged { "" } else { " (is the bot still running with it?)" };
            return Ok((format!("{}: {verdict}: {error}{hint}\n", path.display()), false));
        }
    };
    let report = match storage.check() {
        Ok(report) => report,
        Err(error) => return Ok((format!("{}: damaged: {error}\n", path.display()), false)),
    };
    let mut text = String::new();
    if let Some(lost) = &lost {
        text.push_str(&format!("DAMAGED: {lost}\n"));
    }
    text.push_str(&report.to_string());
    Ok((text, lost.is_none() && report.unreadable.is_empty()))
}

/// Writes every record to `out`; returns how many.
pub fn export(data_dir: &Path, out: &mut impl Write) -> Result<usize> {
    let storage = open_existing(data_dir)?;
    let count = rookery_storage::export(&storage, out).context("writing the backup")?;
    out.flush().context("writing the backup")?;
    Ok(count)
}

/// Writes every record to a new file at `path`; returns how many.
pub fn export_to_file(data_dir: &Path, path: &Path) -> Result<usize> {
    // Check the database first so a failed export leaves no empty file behind.
    if !data_dir.is_dir() {
        bail!("there is no Rookery database at {}", data_dir.display());
    }
    let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
    export(data_dir, &mut BufWriter::new(file))
}

/// Stores every record of the backup at `path` into the database at `data_dir`
/// (created if missing; records already there with the same key are replaced).
pub fn import(data_dir: &Path, path: &Path) -> Result<usize> {
    let file = File::open(path).with_context(|| format!("reading {}", path.display()))?;
    let storage = open(data_dir)?;
    rookery_storage::import(&storage, BufReader::new(file)).with_context(|| format!("importing {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{system_clock, Core, Place};
    use crate::load::{step, Step};
    use rookery_storage::ChannelKey;

    #[test]
    fn export_then_import_round_trips_a_game() {
        let source = tempfile::tempdir().unwrap();
        let place = Place { guild: 3, channel: 30 };
        let key = ChannelKey { guild: 3, channel: 30 };
        let original = {
            let core = Core::new(Storage::open(source.path()).unwrap(), system_clock());
            for _ in 0..7 {
                assert!(matches!(step(&core, place).unwrap(), Step::Started { .. } | Step::Moved { .. }));
            }
            core.storage().channel_game(key).unwrap().unwrap()
        };
        assert_eq!(original.actions.len(), 6);

        let backup = source.path().with_extension("jsonl");
        let exported = export_to_file(source.path(), &backup).unwrap();
        assert!(exported >= 1);
        let target = tempfile::tempdir().unwrap();
        assert_eq!(import(target.path(), &backup).unwrap(), exported);
        let restored = Storage::open(target.path()).unwrap().channel_game(key).unwrap();
        assert_eq!(restored, Some(original));
        std::fs::remove_file(backup).unwrap();
    }

    #[test]
    fn errors_name_the_problem() {
        let missing = Path::new("/nonexistent/rookery-data");
        let err = export(missing, &mut Vec::new()).unwrap_err();
        assert!(format!("{err:#}").contains("no Rookery database at /nonexistent"), "{err:#}");

        let dir = tempfile::tempdir().unwrap();
        let err = import(dir.path(), Path::new("/nonexistent/backup.jsonl")).unwrap_err();
        assert!(format!("{err:#}").starts_with("reading /nonexistent/backup.jsonl"), "{err:#}");

        let bad = dir.path().join("bad.jsonl");
        std::fs::write(&bad, "{\"tree\": \"games\", \"key\": \"zz\", \"value\": 1}\n").unwrap();
        let err = import(&dir.path().join("db"), &bad).unwrap_err();
        assert!(format!("{err:#}").contains("backup line 1: `key` must be hex"), "{err:#}");

        let held = Storage::open(&dir.path().join("db")).unwrap();
        let err = export(&dir.path().join("db"), &mut Vec::new()).unwrap_err();
        assert!(format!("{err:#}").contains("is the bot still running"), "{err:#}");
        drop(held);
    }
}
