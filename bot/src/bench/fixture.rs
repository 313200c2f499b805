//! What every bench shares: a fresh database to play in, and milliseconds.

use std::path::Path;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use rookery_storage::Storage;

use crate::core::{system_clock, system_millis, Core};

pub(crate) fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Opens a fresh database: numbers from a database with unknown contents (or
/// the live bot's) would mean nothing, and a bench must never write into those.
pub fn open_fresh(data_dir: &Path) -> Result<Core> {
    if data_dir.exists() && data_dir.read_dir().map_or(true, |mut d| d.next().is_some()) {
        bail!("{} is not empty; the bench needs a fresh directory", data_dir.display());
    }
    let storage = Storage::open(data_dir).with_context(|| format!("opening {}", data_dir.display()))?;
    Ok(Core::new(storage, system_clock()).with_millis(system_millis()))
}

/// Opens an empty PostgreSQL database to bench on, refusing one with records.
pub fn open_fresh_postgres(url: &str) -> Result<Core> {
    let storage = Storage::connect(url).context("opening the PostgreSQL database to bench on")?;
    let held: usize = storage.counts()?.iter().map(|(_, count)| count).sum();
    if held > 0 {
        bail!("the PostgreSQL database holds {held} records; the bench needs an empty one");
    }
    Ok(Core::new(storage, system_clock()).with_millis(system_millis()))
}
