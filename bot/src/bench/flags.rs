//! `rookery bench` part three: how late fallen flags are posted. Games with
//! three-second clocks are started a few milliseconds apart beside many live
//! games without clocks (every scheduler round reads every live game), and a
//! scheduler loop like the Discord adapter's asks the core for due messages
//! every `tick`. Each flag's delay is the time from the deadline stored in its
//! game to the moment the core handed out the result post.

use std::collections::HashMap;
use std::fmt;
use std::time::{Duration, Instant};

use anyhow::{bail, Result};
use rookery_storage::ChannelKey;

use crate::bench::load::{black, white};
use crate::core::{system_millis, Command, Core, Handler, Place, Request};

const CLOCKED_GUILD: u64 = 3;
const IDLE_GUILD: u64 = 4;

pub struct FlagDelays {
    pub flags: usize,
    pub idle_games: u64,
    pub tick: Duration,
    pub p50: Duration,
    pub max: Duration,
    /// The slowest scheduler round (one `due()` call).
    pub slowest_round: Duration,
}

impl fmt::Display for FlagDelays {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "flags: {} fallen flags beside {} live games, scheduler every {} ms: posted p50 {:.0} ms, max {:.0} ms \
             after the deadline; slowest scheduler round {:.1} ms",
            self.flags,
            self.idle_games,
            self.tick.as_millis(),
            self.p50.as_secs_f64() * 1000.0,
            self.max.as_secs_f64() * 1000.0,
            self.slowest_round.as_secs_f64() * 1000.0
        )
    }
}

fn start(core: &Core, place: Place, clock: Option<&str>) -> Result<()> {
    let play = Command::Play {
        variant: "chess".into(),
        opponent: Some(black()),
        move_days: None,
        options: None,
        clock: clock.map(str::to_string),
    };
    for (user, command) in [(white(), play), (black(), Command::Accept)] {
        let reply = core.handle(Request { place, user, command });
        if reply.first().is_none_or(|r| r.ephemeral) {
            bail!("could not start a bench game: {reply:?}");
        }
    }
    Ok(())
}

/// Starts `clocked` games with 3-second clocks, `idle` without, and runs the
/// scheduler until every flag has fallen (or 30 s have passed).
pub fn flag_delays(core: &Core, clocked: u64, idle: u64, tick: Duration) -> Result<FlagDelays> {
    for channel in 0..idle {
        start(core, Place { guild: IDLE_GUILD, channel }, None)?;
    }
    let mut deadlines = HashMap::new();
    for channel in 0..clocked {
        let place = Place { guild: CLOCKED_GUILD, channel };
        start(core, place, Some("0.05+0"))?;
        let key = ChannelKey { guild: place.guild, channel };
        let record = core.storage().channel_game(key)?.and_then(|r| r.clock);
        let Some(clock) = record else { bail!("a bench game has no clock") };
        deadlines.insert(place, clock.since_ms + clock.remaining_ms[clock.running]);
        // Spread the deadlines over the scheduler's rounds.
        std::thread::sleep(tick / clocked.max(1) as u32);
    }
    let now_ms = system_millis();
    let mut delays = Vec::new();
    let mut slowest_round = Duration::ZERO;
    let give_up = Instant::now() + Duration::from_secs(30);
    while delays.len() < deadlines.len() && Instant::now() < give_up {
        let round = Instant::now();
        for (place, reply) in core.due() {
            if let Some(deadline) = deadlines.get(&place).filter(|_| reply.text.contains("time forfeit")) {
                delays.push(Duration::from_millis((now_ms() - deadline).max(0) as u64));
            }
        }
        slowest_round = slowest_round.max(round.elapsed());
        std::thread::sleep(tick.saturating_sub(round.elapsed()));
    }
    if delays.len() < deadlines.len() {
        bail!("only {} of {} flags fell within 30 s", delays.len(), deadlines.len());
    }
    delays.sort();
    let p50 = delays[delays.len() / 2];
    let max = *delays.last().unwrap_or(&Duration::ZERO);
    Ok(FlagDelays { flags: delays.len(), idle_games: idle, tick, p50, max, slowest_round })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_run_flags_every_game_in_time() {
        let dir = tempfile::tempdir().unwrap();
        let core = crate::bench::fixture::open_fresh(&dir.path().join("db")).unwrap();
        let run = flag_delays(&core, 5, 20, Duration::from_millis(200)).unwrap();
        assert_eq!(run.flags, 5);
        assert!(run.p50 <= run.max);
    }
}
