//! The database at startup, and backups while Rookery runs.
//!
//! At startup the database is opened and read through. If it is damaged (sled
//! reports corruption or panics, or the write watermark shows acknowledged
//! writes missing), the damaged directory is moved aside, never deleted, the
//! newest backup that verifies is restored in its place, and the window of
//! changes lost is said loudly. `--no-restore` refuses to start instead. A
//! database that is merely held by another process is never treated as damaged.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context, Result};
use rookery_storage::{backups, is_damage, prune_backups, restore_backup, verify_backup, Backup, Storage};

use crate::config::BackupConfig;
use crate::core::calendar::utc_time;

/// A database opened at startup, and what was restored to get it.
pub struct Opened {
    pub storage: Storage,
    pub restored: Option<Restored>,
}

/// A restore that happened at startup.
#[derive(Clone, Debug)]
pub struct Restored {
    /// Why the database could not be used.
    pub damage: String,
    /// Where the damaged directory now is.
    pub moved_to: PathBuf,
    pub backup: Backup,
    /// When the damaged database was last written, as far as its files say.
    pub last_change: Option<i64>,
}

impl Restored {
    /// The notice for the log and for admins: what happened, what was lost.
    pub fn notice(&self) -> String {
        let window = match self.last_change {
            Some(last) if last > self.backup.taken => {
                format!("changes from {} to {} are lost", utc_time(self.backup.taken), utc_time(last))
            }
            _ => format!("changes made after {} are lost", utc_time(self.backup.taken)),
        };
        format!(
            "The database was damaged ({}). It was moved to {} and the backup {} ({} records) was restored: {window}.",
            self.damage,
            self.moved_to.display(),
            self.backup.path.display(),
            self.backup.records
        )
    }
}

fn unix(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// The newest modification time of any file in `dir`.
fn last_change(dir: &Path) -> Option<i64> {
    let entries = std::fs::read_dir(dir).ok()?;
    entries.filter_map(|e| e.ok()?.metadata().ok()?.modified().ok()).map(unix).max()
}

/// Opens the database in `data_dir`, restoring the newest good backup from
/// `backup_dir` if it is damaged and `restore` allows it.
pub fn open_database(data_dir: &Path, backup_dir: &Path, restore: bool, now: i64) -> Result<Opened> {
    let damage = match Storage::open_checked(data_dir) {
        Ok((storage, report)) => {
            report.log_unreadable();
            return Ok(Opened { storage, restored: None });
        }
        Err(error) if !is_damage(&error) => {
            return Err(error).with_context(|| {
                format!("opening the database in {} (is another Rookery running on it?)", data_dir.display())
            })
        }
        Err(error) => error.to_string(),
    };
    tracing::error!(dir = %data_dir.display(), %damage, "the database is damaged");
    if !restore {
        bail!(
            "the database in {} is damaged ({damage}); not starting, as --no-restore was given. \
             `rookery check` shows what is readable; backups are in {}",
            data_dir.display(),
            backup_dir.display()
        );
    }
    let Some(backup) = newest_good_backup(backup_dir)? else {
        bail!(
            "the database in {} is damaged ({damage}) and there is no good backup in {}; not starting. \
             The damaged database was left as it is",
            data_dir.display(),
            backup_dir.display()
        );
    };
    let last_change = last_change(data_dir);
    let name = data_dir.file_name().map_or("rookery-data".into(), |n| n.to_string_lossy().into_owned());
    let moved_to = data_dir.with_file_name(format!("{name}.damaged-{now}"));
    std::fs::rename(data_dir, &moved_to)
        .with_context(|| format!("moving the damaged database aside to {}", moved_to.display()))?;
    let (storage, backup) = restore_backup(&backup.path, data_dir)
        .with_context(|| format!("restoring {} into {}", backup.path.display(), data_dir.display()))?;
    let restored = Restored { damage, moved_to, backup, last_change };
    tracing::error!("{}", restored.notice());
    Ok(Opened { storage, restored: Some(restored) })
}

/// The newest backup in `dir` that reads back whole.
fn newest_good_backup(dir: &Path) -> Result<Option<Backup>> {
    for (_, path) in backups(dir)? {
        match verify_backup(&path) {
            Ok(backup) => return Ok(Some(backup)),
            Err(error) => tracing::error!(%error, "a backup does not verify; trying an older one"),
        }
    }
    Ok(None)
}

/// Takes one verified backup now and prunes old ones.
pub fn backup_now(storage: &Storage, config: &BackupConfig) -> Result<Backup> {
    let backup = storage.backup(&config.dir, unix(SystemTime::now())).context("taking a backup")?;
    for removed in prune_backups(&config.dir, config.keep)? {
        tracing::info!(path = %removed.display(), "removed an old backup");
    }
    Ok(backup)
}

/// Takes a backup every `interval_minutes` on a background thread, for as
/// long as the process runs (scheduled backups off when the interval is 0).
pub fn schedule_backups(storage: Storage, config: BackupConfig) {
    if config.interval_minutes == 0 {
        return;
    }
    let every = Duration::from_secs(config.interval_minutes.saturating_mul(60));
    let spawned = std::thread::Builder::new().name("backups".into()).spawn(move || loop {
        std::thread::sleep(every);
        match backup_now(&storage, &config) {
            Ok(backup) => tracing::info!(path = %backup.path.display(), records = backup.records, "backup taken"),
            Err(error) => tracing::error!("scheduled backup failed: {error:#}"),
        }
    });
    if let Err(error) = spawned {
        tracing::error!(%error, "could not start the backup thread; no scheduled backups");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{system_clock, Core, Place};
    use crate::load::{step, Step};
    use rookery_storage::ChannelKey;

    /// Flips bytes in the middle of the database's log file.
    fn damage(data_dir: &Path) {
        let file = data_dir.join("db");
        let mut bytes = std::fs::read(&file).unwrap();
        let middle = bytes.len() / 2;
        for byte in &mut bytes[middle..middle + 16] {
            *byte ^= 0xa5;
        }
        std::fs::write(&file, bytes).unwrap();
    }

    #[test]
    fn a_damaged_database_comes_back_from_its_newest_backup() {
        let root = tempfile::tempdir().unwrap();
        let (data, backups_dir) = (root.path().join("data"), root.path().join("backups"));
        let config = BackupConfig { dir: backups_dir.clone(), interval_minutes: 0, keep: 3 };
        let place = Place { guild: 5, channel: 50 };
        let key = ChannelKey { guild: 5, channel: 50 };
        let at_backup = {
            let core = Core::new(Storage::open(&data).unwrap(), system_clock());
            for _ in 0..21 {
                assert!(matches!(step(&core, place).unwrap(), Step::Started { .. } | Step::Moved { .. }));
            }
            let at_backup = core.storage().channel_game(key).unwrap().unwrap();
            backup_now(core.storage(), &config).unwrap();
            // More moves after the backup: these are the window that is lost.
            for _ in 0..40 {
                step(&core, Place { guild: 5, channel: 51 }).unwrap();
                step(&core, place).unwrap();
            }
            at_backup
        };
        assert_eq!(at_backup.actions.len(), 20);
        damage(&data);

        let Err(refused) = open_database(&data, &backups_dir, false, 1_000) else {
            panic!("opened a damaged database")
        };
        assert!(format!("{refused:#}").contains("--no-restore"), "{refused:#}");
        assert!(data.join("db").exists(), "--no-restore leaves the database where it is");

        let opened = open_database(&data, &backups_dir, true, 1_000).unwrap();
        let restored = opened.restored.expect("a restore");
        assert_eq!(restored.moved_to, root.path().join("data.damaged-1000"));
        assert!(restored.moved_to.join("db").exists(), "the damaged database is kept");
        assert!(restored.notice().contains("are lost"), "{}", restored.notice());
        // Everything up to the backup is there, and the bot plays on.
        assert_eq!(opened.storage.channel_game(key).unwrap(), Some(at_backup.clone()));
        let core = Core::new(opened.storage, system_clock());
        match step(&core, place).unwrap() {
            Step::Moved { index, .. } => assert_eq!(index, at_backup.actions.len()),
            other => panic!("the restored game did not continue: {other:?}"),
        }
    }

    #[test]
    fn without_a_good_backup_nothing_is_moved() {
        let root = tempfile::tempdir().unwrap();
        let data = root.path().join("data");
        {
            let core = Core::new(Storage::open(&data).unwrap(), system_clock());
            for _ in 0..30 {
                step(&core, Place { guild: 1, channel: 1 }).unwrap();
            }
        }
        damage(&data);
        std::fs::create_dir_all(root.path().join("backups")).unwrap();
        std::fs::write(root.path().join("backups/rookery-5.jsonl"), "{\"tree\":\"games\"}\n").unwrap();
        let Err(error) = open_database(&data, &root.path().join("backups"), true, 9) else { panic!("started") };
        assert!(format!("{error:#}").contains("no good backup"), "{error:#}");
        assert!(data.join("db").exists());
    }

    #[test]
    fn a_held_database_is_not_damage() {
        let root = tempfile::tempdir().unwrap();
        let data = root.path().join("data");
        let _held = Storage::open(&data).unwrap();
        let Err(error) = open_database(&data, &root.path().join("b"), true, 9) else { panic!("opened twice") };
        assert!(format!("{error:#}").contains("another Rookery"), "{error:#}");
        assert!(data.join("db").exists());
    }
}
