//! The database at startup, and backups while Rookery runs.
//!
//! At startup the database is opened and read through. If it is damaged (sled
//! reports corruption or panics, or the write watermark shows acknowledged
//! writes missing), the damaged directory is moved aside, never deleted, the
//! newest backup of the same database that verifies is restored in its place,
//! and the window of changes lost is said loudly. `--no-restore` refuses to
//! start instead. A database that is merely held by another process is never
//! treated as damaged.
//!
//! A restore is a journal and three steps: the journal beside the data folder
//! (`<name>.restore-journal`) says what is being restored from what; the
//! damaged folder is renamed aside; the backup is loaded into a staging folder
//! and renamed into place (see [`restore_backup`]). A start that finds the
//! journal finishes the restore it describes and says so, so a restore cut
//! short (a kill, a power cut) never leaves a half-filled or empty database
//! in use while the intact one sits unmentioned aside.

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context, Result};
use rookery_storage::{
    backup_database, backups, beside, is_damage, prune_backups, restore_backup, verify_backup, Backup, Identity,
    Storage,
};
use serde::{Deserialize, Serialize};

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
    /// Whether this start finished a restore an earlier one began.
    pub resumed: bool,
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
        let resumed = if self.resumed { "A restore that was cut short has been finished. " } else { "" };
        format!(
            "{resumed}The database was damaged ({}). It was moved to {} and the backup {} ({} records) was \
             restored: {window}.",
            self.damage,
            self.moved_to.display(),
            self.backup.path.display(),
            self.backup.records
        )
    }
}

/// What a restore in progress is doing, written before it changes anything.
#[derive(Debug, Serialize, Deserialize)]
struct Journal {
    damage: String,
    moved_to: PathBuf,
    backup: PathBuf,
    last_change: Option<i64>,
    /// The damaged database's identity: the restored one keeps its id and
    /// hands out no id it ever handed out.
    identity: Identity,
}

impl Journal {
    fn path(data_dir: &Path) -> PathBuf {
        beside(data_dir, ".restore-journal")
    }

    fn read(data_dir: &Path) -> Result<Option<Journal>> {
        let path = Journal::path(data_dir);
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes)
                .map(Some)
                .with_context(|| format!("{} does not read; restore a backup by hand", path.display())),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(error).with_context(|| format!("reading {}", path.display())),
        }
    }

    /// Writes the journal durably: written aside, synced, renamed, and the
    /// folder synced, so it is there whole or not at all.
    fn write(&self, data_dir: &Path) -> Result<()> {
        let path = Journal::path(data_dir);
        let aside = path.with_extension("new");
        std::fs::write(&aside, serde_json::to_vec_pretty(self)?)
            .with_context(|| format!("writing {}", aside.display()))?;
        std::fs::File::open(&aside)?.sync_all()?;
        std::fs::rename(&aside, &path)?;
        sync_parent(data_dir)
    }

    fn remove(data_dir: &Path) -> Result<()> {
        let path = Journal::path(data_dir);
        std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
        sync_parent(data_dir)
    }
}

/// Makes renames and removals in `path`'s folder durable.
fn sync_parent(path: &Path) -> Result<()> {
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::File::open(parent)
        .and_then(|folder| folder.sync_all())
        .with_context(|| format!("syncing {}", parent.display()))
}

fn unix(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// The newest modification time of any file in `dir`.
fn last_change(dir: &Path) -> Option<i64> {
    let entries = std::fs::read_dir(dir).ok()?;
    entries.filter_map(|e| e.ok()?.metadata().ok()?.modified().ok()).map(unix).max()
}

/// Opens the configured database: the PostgreSQL database of
/// `database_url` when there is one (read through at startup like a data
/// folder; the server keeps its own files whole, so there is nothing to
/// restore automatically), else the data folder, as [`open_database`].
pub fn open_configured(config: &crate::config::Config, now: i64) -> Result<Opened> {
    let Some(url) = &config.database_url else {
        return open_database(&config.data_dir, &config.backup.dir, config.restore, now);
    };
    let storage = Storage::connect(url).context("opening the PostgreSQL database of database_url")?;
    storage.check().context("reading the PostgreSQL database through")?.log_unreadable();
    Ok(Opened { storage, restored: None })
}

/// Opens the database in `data_dir`, restoring the newest good backup of it
/// from `backup_dir` if it is damaged and `restore` allows it, and finishing
/// any restore an earlier start began.
pub fn open_database(data_dir: &Path, backup_dir: &Path, restore: bool, now: i64) -> Result<Opened> {
    if let Some(journal) = Journal::read(data_dir)? {
        if journal.moved_to.exists() {
            tracing::warn!(journal = %Journal::path(data_dir).display(), "finishing a restore that was cut short");
            return complete(data_dir, journal, true);
        }
        if !data_dir.exists() {
            bail!(
                "a restore of {} was begun, but neither it nor the damaged copy it was moving to {} is there; \
                 restore a backup by hand with `rookery import`",
                data_dir.display(),
                journal.moved_to.display()
            );
        }
        // Cut short before the damaged database was moved: nothing changed yet.
        Journal::remove(data_dir)?;
    }
    let damage = match Storage::open_checked(data_dir) {
        Ok((storage, report)) => {
            report.log_unreadable();
            return Ok(Opened { storage, restored: None });
        }
        Err(error) if !is_damage(&error) => {
            return Err(error).with_context(|| format!("opening the database in {}", data_dir.display()))
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
    let identity = match Identity::read(data_dir) {
        Ok(Some(identity)) => identity,
        Ok(None) | Err(_) => bail!(
            "the database in {} is damaged ({damage}) and does not say which database it is, so Rookery cannot \
             tell which backups are its own; not starting. The damaged database was left as it is; restore the \
             right backup by hand with `rookery import`",
            data_dir.display()
        ),
    };
    let Some(backup) = newest_good_backup(backup_dir, &identity.database)? else {
        bail!(
            "the database in {} is damaged ({damage}) and there is no good backup of it in {}; not starting. \
             The damaged database was left as it is",
            data_dir.display(),
            backup_dir.display()
        );
    };
    let journal = Journal {
        damage,
        moved_to: beside(data_dir, &format!(".damaged-{now}")),
        backup: backup.path,
        last_change: last_change(data_dir),
        identity,
    };
    journal.write(data_dir)?;
    std::fs::rename(data_dir, &journal.moved_to)
        .with_context(|| format!("moving the damaged database aside to {}", journal.moved_to.display()))?;
    sync_parent(data_dir)?;
    complete(data_dir, journal, false)
}

/// The restore a journal describes, from wherever it stopped: the damaged
/// database is aside; the backup is restored unless its copy is in place.
fn complete(data_dir: &Path, journal: Journal, resumed: bool) -> Result<Opened> {
    let (storage, backup) = if data_dir.exists() {
        // The restored copy was renamed into place just before the stop.
        let backup = verify_backup(&journal.backup)?;
        let (storage, _) = Storage::open_checked(data_dir)
            .with_context(|| format!("opening the restored database in {}", data_dir.display()))?;
        // Anything else there (an empty database some other command made in
        // the moment the folder was missing) is not taken for the restore.
        if storage.identity().database != journal.identity.database {
            bail!(
                "a restore of {} was cut short, and what is there now is not the restored copy of {}; move it \
                 aside and start again to finish the restore",
                data_dir.display(),
                journal.backup.display()
            );
        }
        (storage, backup)
    } else {
        restore_backup(&journal.backup, data_dir, Some(&journal.identity))
            .with_context(|| format!("restoring {} into {}", journal.backup.display(), data_dir.display()))?
    };
    Journal::remove(data_dir)?;
    let restored = Restored {
        damage: journal.damage,
        moved_to: journal.moved_to,
        backup,
        last_change: journal.last_change,
        resumed,
    };
    tracing::error!("{}", restored.notice());
    Ok(Opened { storage, restored: Some(restored) })
}

/// The newest backup of database `database` in `dir` that reads back whole.
/// Backups of other databases sharing the folder are never considered.
fn newest_good_backup(dir: &Path, database: &str) -> Result<Option<Backup>> {
    let mut others = 0;
    for (_, path) in backups(dir)? {
        if backup_database(&path).as_deref() != Some(database) {
            others += 1;
            continue;
        }
        match verify_backup(&path) {
            Ok(backup) if backup.is_of(database) => return Ok(Some(backup)),
            Ok(_) => others += 1,
            Err(error) => tracing::error!(%error, "a backup does not verify; trying an older one"),
        }
    }
    if others > 0 {
        tracing::warn!(others, dir = %dir.display(), "backups of other databases in the folder were left alone");
    }
    Ok(None)
}

/// Takes one verified backup now and prunes this database's old ones.
pub fn backup_now(storage: &Storage, config: &BackupConfig) -> Result<Backup> {
    let backup = storage.backup(&config.dir, unix(SystemTime::now())).context("taking a backup")?;
    for removed in prune_backups(&config.dir, &storage.identity().database, config.keep)? {
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
    use crate::bench::load::{step, Step};
    use crate::core::{system_clock, Core, Place};
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
        assert!(!restored.resumed);
        assert!(!Journal::path(&data).exists(), "the journal goes once the restore is done");
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

    /// A database in `data` with games in two channels, a backup of it in
    /// `backups`, then more games after the backup (the window a restore
    /// loses), then damage. Returns the game ids given before and after the backup.
    fn damaged_after_a_backup(data: &Path, backups: &Path) -> (Vec<u64>, Vec<u64>) {
        let core = Core::new(Storage::open(data).unwrap(), system_clock());
        let started = |channel: u64| match step(&core, Place { guild: 5, channel }).unwrap() {
            Step::Started { game } => game,
            other => panic!("expected a new game, got {other:?}"),
        };
        let before = vec![started(1), started(2)];
        let config = BackupConfig { dir: backups.to_path_buf(), interval_minutes: 0, keep: 3 };
        backup_now(core.storage(), &config).unwrap();
        let after = vec![started(3), started(4)];
        // Enough writes after the backup that the damage lands in live records.
        for _ in 0..30 {
            for channel in 1..=4 {
                step(&core, Place { guild: 5, channel }).unwrap();
            }
        }
        drop(core);
        damage(data);
        (before, after)
    }

    fn game_in(storage: &Storage, channel: u64) -> Option<u64> {
        storage.channel_game(ChannelKey { guild: 5, channel }).unwrap().map(|game| game.id)
    }

    #[test]
    fn only_a_database_s_own_backups_restore_it_and_its_ids_never_come_back() {
        let root = tempfile::tempdir().unwrap();
        let shared = root.path().join("backups");
        // A second database, backed up into the same folder after the first.
        let other = root.path().join("other");
        {
            let core = Core::new(Storage::open(&other).unwrap(), system_clock());
            for channel in 7..9 {
                step(&core, Place { guild: 5, channel }).unwrap();
            }
            let config = BackupConfig { dir: shared.clone(), interval_minutes: 0, keep: 3 };
            std::thread::sleep(Duration::from_millis(1100));
            backup_now(core.storage(), &config).unwrap();
        }
        let data = root.path().join("data");
        let (before, lost) = damaged_after_a_backup(&data, &shared);
        assert_eq!(backups(&shared).unwrap().len(), 2);

        let opened = open_database(&data, &shared, true, 2_000).unwrap();
        assert!(opened.restored.is_some());
        assert_eq!(game_in(&opened.storage, 1), Some(before[0]));
        assert_eq!(game_in(&opened.storage, 2), Some(before[1]));
        assert_eq!(game_in(&opened.storage, 7), None, "nothing of the other database");
        assert_eq!(game_in(&opened.storage, 3), None, "lost in the window after the backup");
        // The next game must not take a lost game's id: an old message's
        // button (`resign:ID`) would act on it.
        let core = Core::new(opened.storage, system_clock());
        let Step::Started { game } = step(&core, Place { guild: 5, channel: 3 }).unwrap() else { panic!() };
        assert!(lost.iter().chain(&before).all(|&old| game > old), "game {game} reuses an id of {lost:?}");
    }

    #[test]
    fn a_restore_cut_short_at_any_step_is_finished_at_the_next_start() {
        for stage in ["journal written", "moved aside", "half loaded", "swapped in"] {
            let root = tempfile::tempdir().unwrap();
            let (data, backups_dir) = (root.path().join("data"), root.path().join("backups"));
            let (before, _) = damaged_after_a_backup(&data, &backups_dir);
            let identity = Identity::read(&data).unwrap().unwrap();
            let (_, backup) = backups(&backups_dir).unwrap().remove(0);
            let journal = Journal {
                damage: "flipped bytes".into(),
                moved_to: root.path().join("data.damaged-5"),
                backup: backup.clone(),
                last_change: None,
                identity: identity.clone(),
            };
            journal.write(&data).unwrap();
            if stage != "journal written" {
                std::fs::rename(&data, &journal.moved_to).unwrap();
            }
            if stage == "half loaded" {
                let partial = Storage::open(&rookery_storage::staging_dir(&data)).unwrap();
                partial.set_setting(5, "half", &true).unwrap();
            }
            if stage == "swapped in" {
                drop(restore_backup(&backup, &data, Some(&identity)).unwrap());
            }

            let opened = open_database(&data, &backups_dir, true, 9).unwrap();
            let restored = opened.restored.unwrap_or_else(|| panic!("{stage}: no restore reported"));
            assert_eq!(restored.resumed, stage != "journal written", "{stage}");
            assert!(restored.notice().contains("are lost"), "{stage}: {}", restored.notice());
            assert_eq!(game_in(&opened.storage, 1), Some(before[0]), "{stage}");
            assert_eq!(opened.storage.setting::<bool>(5, "half").unwrap(), None, "{stage}");
            assert!(!Journal::path(&data).exists(), "{stage}");
            assert!(restored.moved_to.join("db").exists(), "{stage}: the damaged copy is kept");
        }
    }

    #[test]
    fn an_empty_database_made_while_a_restore_was_cut_short_is_not_taken_for_it() {
        let root = tempfile::tempdir().unwrap();
        let (data, backups_dir) = (root.path().join("data"), root.path().join("backups"));
        damaged_after_a_backup(&data, &backups_dir);
        let journal = Journal {
            damage: "flipped bytes".into(),
            moved_to: root.path().join("data.damaged-5"),
            backup: backups(&backups_dir).unwrap().remove(0).1,
            last_change: None,
            identity: Identity::read(&data).unwrap().unwrap(),
        };
        journal.write(&data).unwrap();
        std::fs::rename(&data, &journal.moved_to).unwrap();
        drop(Storage::open(&data).unwrap());
        let Err(error) = open_database(&data, &backups_dir, true, 9) else { panic!("started on an empty database") };
        assert!(format!("{error:#}").contains("not the restored copy"), "{error:#}");
        assert!(Journal::path(&data).exists(), "the journal stays until the restore is done");
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
