//! `rookery export`, `rookery import` and `rookery check`: backups of the
//! database as JSON lines (the format of [`rookery_storage::export`]), for
//! moving or restoring a bot, and what a database or backup holds.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use anyhow::{anyhow, bail, Context, Result};
use rookery_storage::{is_damage, restore_backup, Identity, Storage, StorageError};

/// The PostgreSQL URL a database argument holds, if it is one rather than a
/// data folder (`rookery export --data-dir postgres://...`, `rookery check postgres://...`).
pub fn postgres_url(database: &Path) -> Option<&str> {
    database.to_str().filter(|text| text.starts_with("postgres://") || text.starts_with("postgresql://"))
}

/// Opens the database the settings name: `database_url`, else the data folder.
pub fn open_configured(config: &crate::config::Config) -> Result<Storage> {
    match &config.database_url {
        Some(url) => Storage::connect(url).context("opening the PostgreSQL database of database_url"),
        None => open_existing(&config.data_dir),
    }
}

/// Opens an existing database: a data folder, or a PostgreSQL URL. sled
/// would silently create an empty one at a mistyped path, and an export of
/// that would look like a valid empty backup.
pub fn open_existing(data_dir: &Path) -> Result<Storage> {
    if let Some(url) = postgres_url(data_dir) {
        return Storage::connect(url).context("opening the PostgreSQL database");
    }
    if !data_dir.is_dir() {
        bail!("there is no Rookery database at {}", data_dir.display());
    }
    Storage::open(data_dir).map_err(|error| why_not_opened(data_dir, error))
}

/// Says what is true when a database does not open: a running bot holds it
/// (sled locks its folder), or its files are damaged, or something else.
fn why_not_opened(data_dir: &Path, error: StorageError) -> anyhow::Error {
    let dir = data_dir.display();
    if matches!(error, StorageError::InUse(_)) {
        anyhow!(
            "a running Rookery is using the database in {dir}; stop it first, or use `rookery backup`, which \
             works while it runs"
        )
    } else if is_damage(&error) {
        anyhow!(
            "the database in {dir} is damaged ({error}); `rookery check {dir}` shows what is readable, and \
             Rookery restores its newest good backup when it next starts"
        )
    } else {
        anyhow!("opening the database in {dir}: {error}")
    }
}

/// What `rookery check` found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Everything read and decoded.
    Sound,
    /// Something is damaged: lost writes, an unreadable file or record.
    Damaged,
    /// It could not be read at all, for a reason that is not damage.
    Unchecked,
}

/// `rookery check`: a database directory is opened (if it has lost writes,
/// leniently, to show what is left) and read through; one a running bot
/// holds is read through by that bot, over its control socket; a file is
/// verified as a backup. Returns the report and the verdict.
pub fn check(path: &Path) -> Result<(String, Verdict)> {
    if let Some(url) = postgres_url(path) {
        let storage = match Storage::connect(url) {
            Ok(storage) => storage,
            Err(error) => {
                return Ok((format!("the PostgreSQL database could not be opened: {error}\n"), Verdict::Unchecked))
            }
        };
        let report = storage.check().context("reading the PostgreSQL database through")?;
        let verdict = if report.unreadable.is_empty() { Verdict::Sound } else { Verdict::Damaged };
        return Ok((report.to_string(), verdict));
    }
    if path.is_file() {
        return Ok(match rookery_storage::verify_backup(path) {
            Ok(backup) => {
                let of =
                    backup.identity.map_or(String::new(), |identity| format!(" of database {}", identity.database));
                (format!("{}: a sound backup{of}, {} records\n", path.display(), backup.records), Verdict::Sound)
            }
            Err(error) => (format!("{error}\n"), Verdict::Damaged),
        });
    }
    if !path.is_dir() {
        bail!("there is no Rookery database or backup at {}", path.display());
    }
    let (storage, lost) = match Storage::open_lenient(path) {
        Ok(opened) => opened,
        Err(StorageError::InUse(_)) => return Ok(check_through_the_bot(path)),
        Err(error) if is_damage(&error) => {
            return Ok((format!("{}: damaged and unreadable: {error}\n", path.display()), Verdict::Damaged))
        }
        Err(error) => return Ok((format!("{}: could not be opened: {error}\n", path.display()), Verdict::Unchecked)),
    };
    let report = match storage.check() {
        Ok(report) => report,
        Err(error) => return Ok((format!("{}: damaged: {error}\n", path.display()), Verdict::Damaged)),
    };
    let mut text = String::new();
    if let Some(lost) = &lost {
        text.push_str(&format!("DAMAGED: {lost}\n"));
    }
    text.push_str(&report.to_string());
    let sound = lost.is_none() && report.unreadable.is_empty();
    Ok((text, if sound { Verdict::Sound } else { Verdict::Damaged }))
}

/// A folder a running bot holds: that bot reads it through and reports.
fn check_through_the_bot(path: &Path) -> (String, Verdict) {
    let held = format!("{}: in use by a running Rookery", path.display());
    match crate::control::request_check(path) {
        Ok(Some(remote)) => {
            let verdict = if remote.sound { Verdict::Sound } else { Verdict::Damaged };
            (format!("{held}, which read it through:\n{}", remote.report), verdict)
        }
        Ok(None) => (
            format!("{held} that does not answer on its control socket; stop it to check the files\n"),
            Verdict::Unchecked,
        ),
        Err(error) => (format!("{held}, which could not check it: {error:#}\n"), Verdict::Unchecked),
    }
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
    if postgres_url(data_dir).is_none() && !data_dir.is_dir() {
        bail!("there is no Rookery database at {}", data_dir.display());
    }
    let file = File::create(path).with_context(|| format!("creating {}", path.display()))?;
    export(data_dir, &mut BufWriter::new(file))
}

/// Restores the backup at `path` as a new database at `data_dir` (which must
/// not hold anything yet), all at once: see [`restore_backup`]. `replaces`
/// names the database it stands in for, whose identity must match the
/// backup's; its ids are then never handed out again.
pub fn import(data_dir: &Path, path: &Path, replaces: Option<&Path>) -> Result<usize> {
    if !path.is_file() {
        bail!("there is no backup file at {}", path.display());
    }
    let empty = |dir: &Path| std::fs::read_dir(dir).map(|mut entries| entries.next().is_none()).unwrap_or(false);
    if data_dir.exists() {
        if !empty(data_dir) {
            bail!(
                "{} is not empty; a backup is imported only into a new folder, so nothing is mixed: choose a new \
                 --data-dir, or move that one aside first",
                data_dir.display()
            );
        }
        std::fs::remove_dir(data_dir).with_context(|| format!("preparing {}", data_dir.display()))?;
    }
    let above = match replaces {
        None => None,
        Some(old) => {
            let identity = Identity::read(old)
                .ok()
                .flatten()
                .with_context(|| format!("{} does not say which database it is", old.display()))?;
            let backup = rookery_storage::verify_backup(path)?;
            if !backup.is_of(&identity.database) {
                bail!("{} is not a backup of the database in {}", path.display(), old.display());
            }
            Some(identity)
        }
    };
    let (_, backup) = restore_backup(path, data_dir, above.as_ref())
        .with_context(|| format!("importing {} into {}", path.display(), data_dir.display()))?;
    Ok(backup.records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::load::{step, Step};
    use crate::core::{system_clock, Core, Place};
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
        assert_eq!(import(target.path(), &backup, None).unwrap(), exported);
        let restored = Storage::open(target.path()).unwrap();
        assert_eq!(restored.channel_game(key).unwrap(), Some(original));
        let source_identity = Identity::read(source.path()).unwrap().unwrap();
        assert_eq!(restored.identity().database, source_identity.database, "the same database, restored");
        drop(restored);

        // Never into a folder that holds something: nothing is mixed.
        let err = import(target.path(), &backup, None).unwrap_err();
        assert!(format!("{err:#}").contains("is not empty"), "{err:#}");
        // Standing in for the source, whose ids are never handed out again.
        let replacement = target.path().with_extension("replacement");
        assert_eq!(import(&replacement, &backup, Some(source.path())).unwrap(), exported);
        let fresh = tempfile::tempdir().unwrap();
        let other = Storage::open(fresh.path()).unwrap();
        drop(other);
        let err = import(&target.path().with_extension("wrong"), &backup, Some(fresh.path())).unwrap_err();
        assert!(format!("{err:#}").contains("is not a backup of the database"), "{err:#}");
        std::fs::remove_dir_all(replacement).unwrap();
        std::fs::remove_file(backup).unwrap();
    }

    #[test]
    fn errors_name_the_problem() {
        let missing = Path::new("/nonexistent/rookery-data");
        let err = export(missing, &mut Vec::new()).unwrap_err();
        assert!(format!("{err:#}").contains("no Rookery database at /nonexistent"), "{err:#}");

        let dir = tempfile::tempdir().unwrap();
        let err = import(dir.path(), Path::new("/nonexistent/backup.jsonl"), None).unwrap_err();
        assert!(format!("{err:#}").contains("no backup file at /nonexistent/backup.jsonl"), "{err:#}");

        let bad = dir.path().join("bad.jsonl");
        std::fs::write(&bad, "{\"tree\": \"games\", \"key\": \"zz\", \"value\": 1}\n").unwrap();
        let err = import(&dir.path().join("db"), &bad, None).unwrap_err();
        assert!(format!("{err:#}").contains("backup line 1: `key` must be hex"), "{err:#}");
        assert!(!dir.path().join("db").exists(), "a failed import leaves no database behind");

        let held = Storage::open(&dir.path().join("db")).unwrap();
        let err = export(&dir.path().join("db"), &mut Vec::new()).unwrap_err();
        assert!(format!("{err:#}").contains("a running Rookery is using the database"), "{err:#}");
        drop(held);
    }

    #[test]
    fn a_damaged_database_is_called_damaged_and_a_held_one_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("db");
        {
            let storage = Storage::open(&data).unwrap();
            for n in 0..50u64 {
                storage.set_setting(1, &format!("setting{n}"), &"x".repeat(200)).unwrap();
            }
        }
        // The watermark says more writes were acknowledged than the log holds.
        let mark = u64::MAX / 2;
        let mut bytes = mark.to_be_bytes().to_vec();
        bytes.extend_from_slice(&(!mark).to_be_bytes());
        std::fs::write(data.join("rookery-watermark"), bytes).unwrap();
        let err = export(&data, &mut Vec::new()).unwrap_err();
        let text = format!("{err:#}");
        assert!(text.contains("is damaged") && !text.contains("running"), "{text}");
        let (report, verdict) = check(&data).unwrap();
        assert_eq!(verdict, Verdict::Damaged, "{report}");

        let sound = dir.path().join("sound");
        let held = Storage::open(&sound).unwrap();
        let (report, verdict) = check(&sound).unwrap();
        assert_eq!(verdict, Verdict::Unchecked, "{report}");
        assert!(report.contains("in use by a running Rookery") && !report.contains("damaged"), "{report}");
        let config = crate::config::BackupConfig { dir: dir.path().join("backups"), interval_minutes: 0, keep: 2 };
        crate::control::serve(held.clone(), config, &sound).unwrap();
        let (report, verdict) = check(&sound).unwrap();
        assert_eq!(verdict, Verdict::Sound, "{report}");
        assert!(report.contains("which read it through") && report.contains("every record decodes"), "{report}");
    }
}
