//! The engine's thinking, on threads of its own: a queue of positions to
//! think about, workers that each keep their players (and the players' tables)
//! between thoughts, and the finished thoughts waiting to be applied.

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::SeedableRng;
use rookery_engine::game::Game;
use rookery_engine::Color;

use super::think::{Decision, Players};

use crate::core::Place;

/// What the engine is asked to think about.
pub(in crate::core) struct Job {
    pub place: Place,
    /// The record it thinks about: the game's id and its actions.
    pub game_id: u64,
    pub actions: Vec<String>,
    pub game: Game,
    pub side: Color,
    pub level: u8,
    /// Answer the other side's draw offer rather than play.
    pub answer_draw: bool,
}

impl Job {
    fn key(&self) -> (Place, u64, usize, bool) {
        (self.place, self.game_id, self.actions.len(), self.answer_draw)
    }
}

/// A finished thought: what the engine decided about a job's record.
pub(in crate::core) struct Thought {
    pub place: Place,
    pub game_id: u64,
    pub actions: Vec<String>,
    pub side: Color,
    pub decision: Decision,
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    /// Keys of the jobs queued or being thought about, so a job is not
    /// queued twice.
    pending: HashSet<(Place, u64, usize, bool)>,
    /// Jobs being thought about right now.
    thinking: usize,
    done: Vec<Thought>,
    workers: usize,
    /// The core is gone: workers stop.
    closed: bool,
}

struct Shared {
    queue: Mutex<Queue>,
    /// Signalled when a job is queued, a thought is done, or work runs out.
    changed: Condvar,
    /// Mixed into every thought's randomness; fixed in tests.
    seed: u64,
}

/// The engine's thinking threads, started on first use.
pub(in crate::core) struct Thinkers {
    shared: Arc<Shared>,
    /// How many threads think at once.
    threads: usize,
}

impl Thinkers {
    /// Thinkers whose randomness derives from `seed` (and each position), or
    /// from the operating system when there is none.
    pub fn new(seed: Option<u64>) -> Thinkers {
        let seed = seed.unwrap_or_else(|| {
            let mut bytes = [0u8; 8];
            // Without fresh randomness low levels still vary by position.
            getrandom::fill(&mut bytes).unwrap_or_else(|error| tracing::warn!(%error, "no randomness for the engine"));
            u64::from_le_bytes(bytes)
        });
        // One core stays free for the requests and the gateway.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let threads = cores.saturating_sub(1).clamp(1, 4);
        Thinkers { shared: Arc::new(Shared { queue: Mutex::default(), changed: Condvar::new(), seed }), threads }
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        // Every change to the queue is a single push or pop: a panic cannot
        // leave it half made.
        self.shared.queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Queues `job` unless the same one is queued or being thought about.
    pub fn think(&self, job: Job) {
        let mut queue = self.lock();
        if !queue.pending.insert(job.key()) {
            return;
        }
        queue.jobs.push_back(job);
        if queue.workers < self.threads {
            queue.workers += 1;
            let shared = self.shared.clone();
            let spawned = std::thread::Builder::new().name("rookery-engine".into()).spawn(move || work(&shared));
            if let Err(error) = spawned {
                queue.workers -= 1;
                tracing::error!(%error, "could not start an engine thread");
            }
        }
        self.shared.changed.notify_all();
    }

    /// The thoughts finished so far.
    pub fn take_done(&self) -> Vec<Thought> {
        std::mem::take(&mut self.lock().done)
    }

    /// Waits at most `timeout` for a finished thought.
    pub fn wait_done(&self, timeout: Duration) {
        let queue = self.lock();
        let waited = self.shared.changed.wait_timeout_while(queue, timeout, |q| q.done.is_empty());
        drop(waited.unwrap_or_else(|poisoned| poisoned.into_inner()));
    }

    /// Waits (at most `limit`) until nothing is queued or being thought about.
    pub fn wait_idle(&self, limit: Duration) {
        let deadline = Instant::now() + limit;
        let mut queue = self.lock();
        while !queue.jobs.is_empty() || queue.thinking > 0 {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                tracing::warn!("the engine is still thinking; not waiting any longer");
                return;
            }
            queue = self.shared.changed.wait_timeout(queue, left).unwrap_or_else(|p| p.into_inner()).0;
        }
    }
}

impl Drop for Thinkers {
    fn drop(&mut self) {
        self.lock().closed = true;
        self.shared.changed.notify_all();
    }
}

/// A worker: thinks about one job after another, until the core is dropped.
fn work(shared: &Shared) {
    let mut players = Players::default();
    loop {
        let job = {
            let mut queue = shared.queue.lock().unwrap_or_else(|p| p.into_inner());
            loop {
                if queue.closed {
                    return;
                }
                if let Some(job) = queue.jobs.pop_front() {
                    queue.thinking += 1;
                    break job;
                }
                queue = shared.changed.wait(queue).unwrap_or_else(|p| p.into_inner());
            }
        };
        let key = job.key();
        let mut rng = StdRng::seed_from_u64(shared.seed ^ job.game_id.rotate_left(17) ^ job.actions.len() as u64);
        let decision = if job.answer_draw {
            Decision::Act(players.answer_draw(&job.game, job.side, job.level))
        } else {
            players.decide(&job.game, job.side, job.level, &mut rng)
        };
        let mut queue = shared.queue.lock().unwrap_or_else(|p| p.into_inner());
        queue.thinking -= 1;
        queue.pending.remove(&key);
        let Job { place, game_id, actions, side, .. } = job;
        queue.done.push(Thought { place, game_id, actions, side, decision });
        shared.changed.notify_all();
    }
}
