//! Table dice through the command core, durable writes included: rolls per second
//! across 100 channels at once, and the cost of a roll early and late in a busy day
//! (it must not grow with the day's rolls).
//!
//! `cargo bench -p rookery --bench table_dice` (plain timing, no criterion: each
//! roll is a durable write, so a few thousand give stable figures).

use std::time::{Duration, Instant};

use rookery::core::{system_clock, Command, Core, Handler, Place, Request, User};
use rookery_storage::Storage;

const CHANNELS: u64 = 100;
const THREADS: u64 = 4;
const ROLLS_PER_CHANNEL: u64 = 20;
const BUSY_DAY: usize = 1_500;

fn roll(core: &Core, place: Place, expression: &str) {
    let user = User { id: 7, name: "bench".into(), can_manage_channel: false };
    let replies = core.handle(Request {
        place,
        user,
        command: Command::Roll { expression: expression.into(), sealed: false, entropy: None },
    });
    assert!(replies.len() == 1 && !replies[0].ephemeral, "{replies:?}");
}

fn main() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let core = Core::new(Storage::open(dir.path()).expect("a fresh database"), system_clock());

    let start = Instant::now();
    std::thread::scope(|scope| {
        for thread in 0..THREADS {
            let core = &core;
            scope.spawn(move || {
                for round in 0..ROLLS_PER_CHANNEL {
                    for channel in (thread..CHANNELS).step_by(THREADS as usize) {
                        let line = if round % 2 == 0 { "1d20+5" } else { "4d6kh3 # stat" };
                        roll(core, Place { guild: 1, channel: 1_000 + channel }, line);
                    }
                }
            });
        }
    });
    let elapsed = start.elapsed();
    let rolls = CHANNELS * ROLLS_PER_CHANNEL;
    println!(
        "table rolls across {CHANNELS} channels on {THREADS} threads: {rolls} durable rolls in {:.2} s = {:.0} rolls/s",
        elapsed.as_secs_f64(),
        rolls as f64 / elapsed.as_secs_f64()
    );

    let busy = Place { guild: 1, channel: 1 };
    let mut times: Vec<Duration> = Vec::with_capacity(BUSY_DAY);
    for _ in 0..BUSY_DAY {
        let start = Instant::now();
        roll(&core, busy, "1d20");
        times.push(start.elapsed());
    }
    let mean = |part: &[Duration]| part.iter().sum::<Duration>().as_secs_f64() * 1000.0 / part.len() as f64;
    println!(
        "one channel's day: rolls 1-100 take {:.2} ms each on average, rolls {}-{} {:.2} ms",
        mean(&times[..100]),
        BUSY_DAY - 99,
        BUSY_DAY,
        mean(&times[BUSY_DAY - 100..])
    );
}
