//! `rookery bench`: the move command end to end through the command core
//! (parse, legality, apply, durable write), on a fresh database. Board images
//! are not rendered by the core yet, so they are not in these numbers.
//!
//! Only the `/move` request itself is timed: choosing the move (a replay and a
//! legal-move listing of the driver, not of the bot) happens before the clock starts.

use std::fmt;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use rookery_storage::Storage;

use crate::core::{system_clock, system_millis, Core, Place};
use crate::load::{prepare, send_move, Step};

/// Latency of single moves played one after another.
pub struct Latency {
    pub moves: usize,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
}

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

fn ms(d: Duration) -> f64 {
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
    let at = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    Ok(Latency { moves, p50: at(0.50), p99: at(0.99), max: at(1.0) })
}

/// Plays `moves` moves in total across `channels` channels on `threads`
/// threads, each thread owning its own channels (as Discord traffic would
/// spread over channels); the whole run is timed, preparation included.
pub fn throughput(core: &Core, moves: usize, channels: u64, threads: u64) -> Result<Throughput> {
    if threads == 0 || channels < threads {
        bail!("need at least one thread and at least one channel per thread");
    }
    let per_thread = moves.div_ceil(threads as usize);
    let start = Instant::now();
    let counts = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || -> Result<usize> {
                    let mine: Vec<Place> =
                        (t..channels).step_by(threads as usize).map(|c| Place { guild: 2, channel: c }).collect();
                    let mut done = 0;
                    for place in mine.iter().cycle() {
                        if done == per_thread {
                            break;
                        }
                        if let Step::Moved { .. } = crate::load::step(core, *place)? {
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

/// What `rookery bench` runs.
pub struct Plan {
    pub moves: usize,
    pub throughput_moves: usize,
    pub channels: u64,
    pub threads: u64,
    /// Games with clocks whose flags are timed, and live games beside them.
    pub clock_games: u64,
    pub idle_games: u64,
}

/// `rookery bench`: the three measurements on a fresh database at
/// `data_dir`, as a report with the targets (p99 <= 10 ms, >= 500 durable
/// moves/s, flags posted within 2 s).
pub fn run(data_dir: &Path, plan: &Plan) -> Result<String> {
    let core = open_fresh(data_dir)?;
    let latency = latency(&core, plan.moves)?;
    let run = throughput(&core, plan.throughput_moves, plan.channels, plan.threads)?;
    let flags = crate::flag_bench::flag_delays(&core, plan.clock_games, plan.idle_games, Duration::from_secs(1))?;
    let verdict = |ok: bool| if ok { "meets" } else { "MISSES" };
    Ok(format!(
        "{latency} ({} the 10 ms p99 target)\n{run} ({} the 500 moves/s target)\n\
         (each move: parse, legality, apply, board picture, durable write)\n{flags} ({} the 2 s target)\n",
        verdict(latency.p99 <= Duration::from_millis(10)),
        verdict(run.per_second() >= 500.0),
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
