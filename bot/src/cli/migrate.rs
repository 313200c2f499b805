//! `rookery migrate --from sled:DIR --to postgres://...`: moves an
//! installation from one backend to the other, with a count of every kind of
//! record before and after, and the id counters and database id with them,
//! so the copy goes on as the same database.
//!
//! A sled folder is locked by the bot using it: stop the bot, migrate, then
//! start it with `database_url` set. The target must be empty unless
//! `--force` is given (then what it holds under the same keys is overwritten
//! and the rest stays, so the counts after may be higher).

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use anyhow::{bail, Context, Result};
use rookery_storage::Storage;

/// Where a database is: a sled data folder or a PostgreSQL database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    Sled(PathBuf),
    Postgres(String),
}

impl FromStr for Location {
    type Err = String;

    fn from_str(text: &str) -> Result<Location, String> {
        if let Some(dir) = text.strip_prefix("sled:").filter(|dir| !dir.is_empty()) {
            Ok(Location::Sled(dir.into()))
        } else if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Ok(Location::Postgres(text.to_string()))
        } else {
            Err("say `sled:FOLDER` for a data folder or `postgres://user:password@host/database`".into())
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Sled(dir) => write!(f, "the data folder {}", dir.display()),
            // Never the URL itself: it may hold a password.
            Location::Postgres(_) => f.write_str("the PostgreSQL database"),
        }
    }
}

impl Location {
    /// Opens the database; a source folder must exist, a target one may be new.
    fn open(&self, must_exist: bool) -> Result<Storage> {
        match self {
            Location::Sled(dir) if must_exist => super::admin::open_existing(dir),
            Location::Sled(dir) => Storage::open(dir).with_context(|| format!("opening {self}")),
            Location::Postgres(url) => Storage::connect(url).with_context(|| format!("opening {self}")),
        }
    }
}

/// Copies every record of `from` into `to`; the report of counts per kind.
pub fn migrate(from: &Location, to: &Location, force: bool) -> Result<String> {
    if from == to {
        bail!("--from and --to name the same database");
    }
    let source = from.open(true)?;
    let target = to.open(false)?;
    let before = source.counts()?;
    let held: usize = target.counts()?.iter().map(|(_, count)| count).sum();
    if held > 0 && !force {
        bail!(
            "{to} already holds {held} records; migrate only into an empty database, or add --force to copy over \
             them (records under the same keys are replaced)"
        );
    }
    let copied = source.copy_into(&target).with_context(|| format!("copying into {to}"))?;
    let after = target.counts()?;
    let mut report =
        format!("copied {copied} records from {from} to {to}\n{:<18} {:>9} {:>9}\n", "", "before", "after");
    let mut short = Vec::new();
    for ((tree, was), (_, is)) in before.iter().zip(&after) {
        report.push_str(&format!("{tree:<18} {was:>9} {is:>9}\n"));
        // With --force the target may hold more; it never holds fewer.
        if is < was || (!force && is != was) {
            short.push(*tree);
        }
    }
    if !short.is_empty() {
        bail!("{report}the counts differ for {}: the migration is incomplete", short.join(", "));
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rookery_storage::{Change, ChannelGame, ChannelKey, Phase};

    #[test]
    fn locations_are_read_from_their_prefix_and_never_show_a_password() {
        assert_eq!("sled:rookery-data".parse(), Ok(Location::Sled("rookery-data".into())));
        let url = "postgres://rookery:hunter2@db/rookery";
        let location: Location = url.parse().unwrap();
        assert_eq!(location, Location::Postgres(url.into()));
        assert!(!location.to_string().contains("hunter2"));
        assert!("rookery-data".parse::<Location>().is_err());
        assert!("sled:".parse::<Location>().is_err());
    }

    #[test]
    fn a_migration_counts_every_kind_and_refuses_a_used_target() {
        let dir = tempfile::tempdir().unwrap();
        let (from, to) = (Location::Sled(dir.path().join("a")), Location::Sled(dir.path().join("b")));
        {
            let source = Storage::open(&dir.path().join("a")).unwrap();
            let game = ChannelGame::new(source.new_id().unwrap(), "chess", Phase::Playing, 0);
            let channel = ChannelKey { guild: 1, channel: 2 };
            source.update_channel(channel, |_| Ok::<_, ()>(Change::Put(game.clone(), ()))).unwrap().unwrap();
            source.set_setting(1, "x", &1).unwrap();
        }
        let report = migrate(&from, &to, false).unwrap();
        assert!(report.contains("copied 2 records"), "{report}");
        assert!(report.lines().any(|line| line.split_whitespace().eq(["games", "1", "1"])), "{report}");
        let refused = migrate(&from, &to, false).unwrap_err().to_string();
        assert!(refused.contains("already holds 2 records"), "{refused}");
        assert!(migrate(&from, &to, true).is_ok());
        // The copy goes on as the same database, with ids above the source's.
        let copy = Storage::open(&dir.path().join("b")).unwrap();
        let source = Storage::open(&dir.path().join("a")).unwrap();
        assert_eq!(copy.identity().database, source.identity().database);
        assert!(copy.new_id().unwrap() > 1);
    }
}
