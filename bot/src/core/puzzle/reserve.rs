//! The puzzle reserve: a background generator that keeps, for every game,
//! at least [`RESERVE_TARGET`] puzzles each scheduled server has not had, so
//! a daily post never runs out and never repeats.
//!
//! The pool is shared; what differs per server is which puzzles it has had
//! (its daily records). The reserve of a game is therefore the fewest unused
//! puzzles among the scheduled servers (the whole pool for a server that has
//! had none). The generator runs on its own OS thread at the lowest priority
//! and takes no lock a move needs: it searches on its own data and only
//! touches storage briefly to read the counts and add what it found.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rookery_engine::puzzle::Generator;
use rookery_engine::Variant;
use rookery_storage::{Storage, StorageError};

use super::stored;

/// Unused puzzles each game keeps for every scheduled server.
pub const RESERVE_TARGET: usize = 60;
/// Self-play games one attempt may play before the game counts as barren.
const GAMES_PER_ATTEMPT: u64 = 200;
/// How long a game whose generator found nothing is left alone.
const BARREN_PAUSE: Duration = Duration::from_secs(3_600);
/// How long the thread sleeps when every reserve is full.
const IDLE: Duration = Duration::from_secs(60);

/// Keeps the reserve; one step at a time, so it can be tested without a thread.
pub struct Reserve {
    storage: Storage,
    target: usize,
    /// The games kept in reserve: every game unless narrowed.
    games: Vec<Variant>,
    seed: u64,
    generators: HashMap<Variant, Generator>,
    /// Games whose last attempt found nothing, and when.
    barren: HashMap<Variant, Instant>,
}

impl Reserve {
    /// A reserve of `target` unused puzzles per game and scheduled server;
    /// `seed` drives the self-play (one seed per game is derived from it).
    pub fn new(storage: Storage, target: usize, seed: u64) -> Reserve {
        let games = Variant::ALL.to_vec();
        Reserve { storage, target, games, seed, generators: HashMap::new(), barren: HashMap::new() }
    }

    /// Keeps a reserve of `games` only.
    pub fn for_games(mut self, games: &[Variant]) -> Reserve {
        self.games = games.to_vec();
        self
    }

    /// How many puzzles of `variant` the server with the fewest unused ones
    /// has not had yet (the whole pool when no server has a schedule).
    pub fn unused(&self, variant: Variant) -> Result<usize, StorageError> {
        let pool = self.storage.puzzle_pool(variant.name())?;
        let mut fewest = pool.len();
        for (guild, _) in self.storage.puzzle_schedules()? {
            let had: HashSet<u64> = self.storage.daily_puzzles(guild)?.iter().map(|d| d.puzzle.id).collect();
            fewest = fewest.min(pool.iter().filter(|p| !had.contains(&p.id)).count());
        }
        Ok(fewest)
    }

    /// Adds one generated puzzle to the game furthest below the target.
    /// `Some(game)` if it added one; `None` when every reserve is full or
    /// the games below it yield nothing for now.
    pub fn refill_step(&mut self) -> Result<Option<Variant>, StorageError> {
        let mut short = Vec::new();
        for &variant in &self.games {
            let resting = self.barren.get(&variant).is_some_and(|since| since.elapsed() < BARREN_PAUSE);
            let unused = self.unused(variant)?;
            if !resting && unused < self.target {
                short.push((unused, variant));
            }
        }
        short.sort_by_key(|&(unused, _)| unused);
        for (_, variant) in short {
            if self.add_one(variant)? {
                return Ok(Some(variant));
            }
        }
        Ok(None)
    }

    /// Generates and adds one new puzzle of `variant`; `false` if the
    /// generator found none (the game rests a while) or cannot be built.
    fn add_one(&mut self, variant: Variant) -> Result<bool, StorageError> {
        let seed = self.seed ^ (variant.name().bytes().fold(0u64, |h, b| h.rotate_left(7) ^ u64::from(b)));
        let generator = match self.generators.entry(variant) {
            std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::hash_map::Entry::Vacant(entry) => match Generator::new(variant, seed) {
                Ok(generator) => entry.insert(generator),
                Err(error) => {
                    tracing::debug!(%error, %variant, "no puzzle generator for this game");
                    self.barren.insert(variant, Instant::now());
                    return Ok(false);
                }
            },
        };
        // A puzzle already in the pool (the shipped ones) is skipped by the
        // pool; the generator itself never returns one twice.
        loop {
            let Some(found) = generator.next_puzzle(GAMES_PER_ATTEMPT) else {
                tracing::info!(%variant, games = GAMES_PER_ATTEMPT, "the puzzle reserve found none; resting");
                self.barren.insert(variant, Instant::now());
                return Ok(false);
            };
            if !self.storage.add_puzzles(&[stored(&found)])?.is_empty() {
                self.barren.remove(&variant);
                return Ok(true);
            }
        }
    }
}

/// The reserve's thread; dropping this asks it to stop after its current step.
pub struct ReserveKeeper {
    stop: Arc<AtomicBool>,
}

impl ReserveKeeper {
    /// Starts the reserve on a thread of its own, at the lowest priority.
    pub fn spawn(mut reserve: Reserve) -> std::io::Result<ReserveKeeper> {
        let stop = Arc::new(AtomicBool::new(false));
        let stopping = stop.clone();
        std::thread::Builder::new().name("puzzle-reserve".into()).spawn(move || {
            lower_priority();
            while !stopping.load(Ordering::Relaxed) {
                match reserve.refill_step() {
                    Ok(Some(variant)) => tracing::debug!(%variant, "a puzzle joined the reserve"),
                    Ok(None) => sleep_unless_stopped(&stopping, IDLE),
                    Err(error) => {
                        tracing::error!(%error, "the puzzle reserve could not reach storage");
                        sleep_unless_stopped(&stopping, IDLE);
                    }
                }
            }
        })?;
        Ok(ReserveKeeper { stop })
    }
}

impl Drop for ReserveKeeper {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn sleep_unless_stopped(stop: &AtomicBool, total: Duration) {
    let step = Duration::from_millis(500);
    let started = Instant::now();
    while started.elapsed() < total && !stop.load(Ordering::Relaxed) {
        std::thread::sleep(step);
    }
}

/// Nice 19 for this thread alone (on Linux a nice value belongs to a
/// thread), so moves and commands always come first.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    if let Err(error) = rustix::process::setpriority_process(Some(rustix::thread::gettid()), 19) {
        tracing::warn!(%error, "the puzzle reserve runs at normal priority");
    }
}
