//! The crash test's worker: plays chess through the real command core in a few
//! channels of the database at `DIR`, forever, and prints one line per step
//! only after the core has acknowledged it (the core replies after the storage
//! flush). The crash test kills it with SIGKILL at random points and checks
//! that every acknowledged step survived.
//!
//! Lines: `start CHANNEL GAME` when a new game was accepted, and
//! `ack CHANNEL GAME INDEX ACTION` when a move was played.
//!
//! Usage: `crash-worker DIR CHANNELS`.
//!
//! With `--start DIR BACKUPS` it instead opens the database as the bot does
//! at startup (restoring it from a backup if it is damaged, finishing a
//! restore cut short), prints `opened` or the restore's notice, and exits:
//! the crash test kills it in the middle of a restore.

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use rookery::bench::load::{step, Step};
use rookery::core::{system_clock, Core, Place};
use rookery_storage::Storage;

/// The guild every crash-test channel lives in.
const GUILD: u64 = 9;

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let first = args.next().context("usage: crash-worker DIR CHANNELS | crash-worker --start DIR BACKUPS")?;
    if first == "--start" {
        let dir = PathBuf::from(args.next().context("--start needs DIR")?);
        let backups = PathBuf::from(args.next().context("--start needs BACKUPS")?);
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH)?.as_secs() as i64;
        let opened = rookery::restore::open_database(&dir, &backups, true, now)?;
        println!("{}", opened.restored.map_or("opened".to_string(), |restored| restored.notice()));
        return Ok(());
    }
    let dir = PathBuf::from(first);
    let channels: u64 = args.next().context("usage: crash-worker DIR CHANNELS")?.parse()?;
    let mut out = std::io::stdout().lock();
    // Every move draws a board; the renderer's one-off set-up (about half a
    // second) is announced so the parent times its kills from here, across
    // opening and recovering the database and playing.
    rookery::picture::renderer();
    out.write_all(b"ready\n")?;
    out.flush()?;
    let core = Core::new(Storage::open(&dir)?, system_clock());
    for channel in (1..=channels).cycle() {
        let line = match step(&core, Place { guild: GUILD, channel })? {
            Step::Started { game } => format!("start {channel} {game}\n"),
            Step::Moved { game, index, action } => format!("ack {channel} {game} {index} {action}\n"),
        };
        // One write per line, flushed at once: the parent must see every
        // acknowledgement that happened before the kill.
        out.write_all(line.as_bytes())?;
        out.flush()?;
    }
    Ok(())
}
