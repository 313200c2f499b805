//! `rookery bench`: the move command end to end through the command core
//! (parse, legality, apply, durable write, board picture), on a fresh
//! database, beside the disk's own rate of durable writes measured in the
//! same run.
//!
//! Only the `/move` request itself is timed: choosing the move (a replay and a
//! legal-move listing of the driver, not of the bot) happens before the clock starts.

use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};

use crate::core::{system_clock, system_millis, Core, Place};
use fixture::ms;
pub use fixture::{open_fresh, open_fresh_postgres};
use load::{prepare, send_move, step_scripted, Script};

mod fixture;
pub mod flags;
pub mod load;
pub mod ply;

/// Latency of single moves played one after another.
pub struct Latency {
    pub moves: usize,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
}

/// Moves scripted per channel beyond its share, for the turns that go to
/// starting new games instead.
const SCRIPT_MARGIN: usize = 32;

/// Durable moves per second with many channels and threads at once.
pub struct Throughput {
    pub moves: usize,
    pub channels: u64,
    pub threads: u64,
    pub elapsed: Duration,
}

impl Throughput {
    pub fn per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64()
    }
}

impl fmt::Display for Latency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "move latency over {} moves: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.moves,
            ms(self.p50),
            ms(self.p99),
            ms(self.max)
        )
    }
}

impl fmt::Display for Throughput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "throughput: {} durable moves in {:.2} s across {} channels on {} threads = {:.0} moves/s",
            self.moves,
            self.elapsed.as_secs_f64(),
            self.channels,
            self.threads,
            self.per_second()
        )
    }
}

/// Plays `moves` moves one at a time in one channel and times each.
pub fn latency(core: &Core, moves: usize) -> Result<Latency> {
    let place = Place { guild: 1, channel: 1 };
    let mut times = Vec::with_capacity(moves);
    while times.len() < moves {
        if let Ok(prepared) = prepare(core, place)? {
            let start = Instant::now();
            send_move(core, place, prepared)?;
            times.push(start.elapsed());
        }
    }
    times.sort();
    Ok(Latency { moves, p50: percentile(&times, 0.50), p99: percentile(&times, 0.99), max: percentile(&times, 1.0) })
}

/// The `q` quantile of sorted durations (zero for none).
fn percentile(sorted: &[Duration], q: f64) -> Duration {
    let index = ((sorted.len() as f64 * q) as usize).min(sorted.len().saturating_sub(1));
    sorted.get(index).copied().unwrap_or_default()
}

/// Plays `moves` moves in total across `channels` channels on `threads`
/// threads, each thread owning its own channels (as Discord traffic would
/// spread over channels); the whole run is timed, new games included. Each
/// thread keeps its own copy of its channels' games to choose moves from, as
/// players' clients would, so the time is the bot's and not the driver's.
pub fn throughput(core: &Core, moves: usize, channels: u64, threads: u64) -> Result<Throughput> {
    if threads == 0 || channels < threads {
        bail!("need at least one thread and at least one channel per thread");
    }
    let per_thread = moves.div_ceil(threads as usize);
    // Every channel's moves are chosen before the clock starts, as players
    // choose theirs on their own machines. A channel whose game ends gives
    // its turns to a new game's start, so scripts run a little long.
    let scripts = (0..threads)
        .map(|t| {
            let mine: Vec<u64> = (t..channels).step_by(threads as usize).collect();
            let each = per_thread.div_ceil(mine.len()) + SCRIPT_MARGIN;
            mine.into_iter()
                .map(|c| Ok((Place { guild: 2, channel: c }, Script::new(c, each)?)))
                .collect::<Result<Vec<_>>>()
        })
        .collect::<Result<Vec<_>>>()?;
    let start = Instant::now();
    let counts = std::thread::scope(|scope| {
        let workers: Vec<_> = scripts
            .into_iter()
            .map(|mut mine| {
                scope.spawn(move || -> Result<usize> {
                    let mut done = 0;
                    for turn in (0..mine.len()).cycle() {
                        if done == per_thread {
                            break;
                        }
                        let (place, script) = &mut mine[turn];
                        if step_scripted(core, *place, script)? {
                            done += 1;
                        }
                    }
                    Ok(done)
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().expect("a bench thread panicked")).collect::<Result<Vec<_>>>()
    })?;
    Ok(Throughput { moves: counts.iter().sum(), channels, threads, elapsed: start.elapsed() })
}

/// How many small writes a second this disk makes durable: 4 KiB written in
/// place in a file of the bench's directory, each followed by `fsync`
/// (`sync_all`) or `fdatasync` (`sync_data`), for `run` each.
pub struct DiskSyncs {
    pub fsync: f64,
    pub fdatasync: f64,
    /// How long one `fdatasync` took, median and 99th percentile: a move in a
    /// quiet channel waits for one (see docs/reliability.md), so its p99
    /// cannot beat the disk's.
    pub fdatasync_p50: Duration,
    pub fdatasync_p99: Duration,
}

impl fmt::Display for DiskSyncs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "disk: {:.0} fsyncs/s, {:.0} fdatasyncs/s (4 KiB writes in place); one fdatasync: p50 {:.2} ms, p99 {:.2} ms",
            self.fsync,
            self.fdatasync,
            ms(self.fdatasync_p50),
            ms(self.fdatasync_p99)
        )
    }
}

pub fn disk_syncs(dir: &Path, run: Duration) -> Result<DiskSyncs> {
    use std::io::{Seek, SeekFrom, Write};
    const BLOCK: usize = 4096;
    const BLOCKS: u64 = 256;
    let path = dir.join("bench-sync-probe");
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(true)
        .read(true)
        .write(true)
        .open(&path)
        .with_context(|| format!("creating {}", path.display()))?;
    file.write_all(&vec![0; BLOCK * BLOCKS as usize])?;
    file.sync_all()?;
    // The rate, and each sync's duration sorted.
    let mut measure = |sync: fn(&std::fs::File) -> std::io::Result<()>| -> Result<(f64, Vec<Duration>)> {
        let start = Instant::now();
        let mut times = Vec::new();
        while start.elapsed() < run {
            file.seek(SeekFrom::Start((times.len() as u64 % BLOCKS) * BLOCK as u64))?;
            file.write_all(&[times.len() as u8; BLOCK])?;
            let synced = Instant::now();
            sync(&file)?;
            times.push(synced.elapsed());
        }
        times.sort();
        Ok((times.len() as f64 / start.elapsed().as_secs_f64(), times))
    };
    let (fsync, _) = measure(std::fs::File::sync_all)?;
    let (fdatasync, times) = measure(std::fs::File::sync_data)?;
    drop(file);
    std::fs::remove_file(&path)?;
    Ok(DiskSyncs { fsync, fdatasync, fdatasync_p50: percentile(&times, 0.50), fdatasync_p99: percentile(&times, 0.99) })
}

/// What `rookery bench` runs.
pub struct Plan {
    pub moves: usize,
    pub throughput_moves: usize,
    pub channels: u64,
    pub threads: u64,
    /// Games with clocks whose flags are timed, and live games beside them.
    pub clock_games: u64,
    pub idle_games: u64,
    /// The late ply of the long game whose moves are timed (and ply 10).
    pub long_game_ply: usize,
    /// An empty PostgreSQL database to play in instead of a fresh data folder.
    pub database_url: Option<String>,
}

/// `rookery bench`: the measurements on a fresh database at `data_dir`, as a
/// report with the targets: a move's p99 under 5 ms, durable moves per
/// second at least 0.8x the disk's sync rate measured in the same run, a move
/// late in a long game as cheap as an early one, flags posted within 2 s.
pub fn run(data_dir: &Path, plan: &Plan) -> Result<String> {
    let core = match &plan.database_url {
        Some(url) => {
            // The folder then only holds the disk probe.
            std::fs::create_dir_all(data_dir)?;
            open_fresh_postgres(url)?
        }
        None => open_fresh(data_dir)?,
    };
    let disk = disk_syncs(data_dir, Duration::from_secs(1))?;
    let latency = latency(&core, plan.moves)?;
    let run = throughput(&core, plan.throughput_moves, plan.channels, plan.threads)?;
    let uncached = Core::new(core.storage().clone(), system_clock()).with_millis(system_millis()).with_live_games(0);
    let long = ply::ply_latency(&core, &uncached, 10, plan.long_game_ply)?;
    let flags = flags::flag_delays(&core, plan.clock_games, plan.idle_games, Duration::from_secs(1))?;
    let verdict = |ok: bool| if ok { "meets" } else { "MISSES" };
    // The target is the issue's: moves per second against the disk's fsync
    // rate. The fdatasync rate (what a commit calls) is shown beside it.
    let ratio = run.per_second() / disk.fsync;
    let data_ratio = run.per_second() / disk.fdatasync;
    let growth = long.late.as_secs_f64() / long.early.as_secs_f64();
    Ok(format!(
        "{disk}\n{latency} ({} the 5 ms p99 target)\n{run}: {ratio:.2}x the disk's fsync rate ({} the 0.8x target), {data_ratio:.2}x its fdatasync rate\n\
         (each move: parse, legality, apply, durable write, then its board picture)\n\
         {long} ({} the target: late moves cost at most 1.5x early ones)\n{flags} ({} the 2 s target)\n",
        verdict(latency.p99 < Duration::from_millis(5)),
        verdict(ratio >= 0.8),
        verdict(growth <= 1.5),
        verdict(flags.max <= Duration::from_secs(2)),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_runs_report_sane_numbers() {
        let dir = tempfile::tempdir().unwrap();
        let core = open_fresh(&dir.path().join("db")).unwrap();
        let latency = latency(&core, 20).unwrap();
        assert!(latency.p50 <= latency.p99 && latency.p99 <= latency.max);
        let run = throughput(&core, 40, 8, 2).unwrap();
        assert_eq!(run.moves, 40);
        assert!(run.per_second() > 0.0);
        let Err(error) = open_fresh(dir.path()) else { panic!("a used directory was accepted") };
        assert!(error.to_string().contains("not empty"));
    }
}
