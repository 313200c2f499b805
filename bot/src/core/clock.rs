//! Real-time clocks: `/play chess @bob clock:5+3` gives each side five minutes
//! and adds three seconds after each of its moves (Fischer increment).
//!
//! The clock of the side to move runs from the moment the game starts (the
//! challenge is accepted) and from each move on. Nothing ticks in memory: the
//! record keeps each side's time and when the running clock started, so a
//! restart loses nothing. A flag falls when the scheduler notices (it looks
//! every second) or when a late move arrives, whichever is first; the engine
//! then applies FIDE 6.9 (no win on time against a side that cannot mate).
//! Posts show the running clock as a Discord countdown, `<t:UNIX:R>`.

use rookery_engine::game::{Action, Game};
use rookery_engine::Color;
use rookery_storage::{Change, ChannelGame, GameClock, Phase};

use super::{storage_failure, Core, Place, Refusal, Reply};

/// The longest time control accepted, in minutes (a day).
const MAX_MINUTES: f64 = 1440.0;
/// The largest increment accepted, in seconds.
const MAX_INCREMENT: u64 = 180;

/// Reads `5+3`, `5`, `0.5+0` or `90+30`: minutes (fractions allowed), then
/// the increment in seconds.
pub(super) fn parse_time_control(text: &str) -> Result<(u64, u64), Refusal> {
    let text = text.trim().trim_start_matches("clock:").trim_start_matches("clock=");
    let bad = || {
        Refusal(format!(
            "`{text}` is not a time control. Write minutes, then `+` and the seconds added per move: `5+3`, `10`, `0.5+1`."
        ))
    };
    let (minutes, increment) = text.split_once('+').unwrap_or((text, "0"));
    let minutes: f64 = minutes.trim().parse().map_err(|_| bad())?;
    let increment: u64 = increment.trim().parse().map_err(|_| bad())?;
    if !minutes.is_finite() || minutes <= 0.0 || minutes > MAX_MINUTES {
        return Err(Refusal::new("The time per player must be more than 0 and at most 1440 minutes."));
    }
    if increment > MAX_INCREMENT {
        return Err(Refusal(format!("The increment can be at most {MAX_INCREMENT} seconds per move.")));
    }
    let seconds = (minutes * 60.0).round() as u64;
    if seconds == 0 {
        return Err(bad());
    }
    Ok((seconds, increment))
}

/// `5+3` (or `0.5+1`): the time control as players write it.
pub(super) fn time_control_text(clock: &GameClock) -> String {
    let minutes = clock.initial as f64 / 60.0;
    format!("{minutes}+{}", clock.increment)
}

/// A fresh clock for a game that starts at `now_ms`, White's running.
pub(super) fn started(initial: u64, increment: u64, now_ms: i64) -> GameClock {
    GameClock {
        initial,
        increment,
        remaining_ms: [initial as i64 * 1000; 2],
        running: 0,
        since_ms: now_ms,
        berserked: [false; 2],
    }
}

/// When the running clock reaches zero (Unix milliseconds).
pub(super) fn deadline_ms(clock: &GameClock) -> i64 {
    clock.since_ms + clock.remaining_ms[clock.running]
}

/// The side whose flag has fallen at `now_ms`, if any, in a game in play.
pub(super) fn fallen(record: &ChannelGame, now_ms: i64) -> Option<Color> {
    let clock = record.clock.as_ref().filter(|_| record.phase == Phase::Playing)?;
    (now_ms >= deadline_ms(clock)).then(|| side(clock.running))
}

fn side(index: usize) -> Color {
    if index == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// Brings the clock up to date after an action at `now_ms`: when the turn
/// passed to the other side, the mover is charged its time and gets the
/// increment (unless it berserked); when the game ended, the running clock stops. A roll within a
/// turn changes nothing.
pub(super) fn advance(clock: &mut GameClock, game: &Game, now_ms: i64) {
    let running = side(clock.running);
    let elapsed = (now_ms - clock.since_ms).max(0);
    if game.outcome().is_some() {
        clock.remaining_ms[clock.running] -= elapsed;
        clock.since_ms = now_ms;
    } else if game.position().turn() != running {
        let increment = if clock.berserked[clock.running] { 0 } else { clock.increment as i64 * 1000 };
        clock.remaining_ms[clock.running] += increment - elapsed;
        clock.running = (!running).index();
        clock.since_ms = now_ms;
    }
}

/// `4:05`, `1:02:03`: a time left in milliseconds, shown in whole seconds
/// (rounded down, as chess clocks show them), never below zero.
pub(super) fn hms(millis: i64) -> String {
    let s = millis.max(0) / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// The clock line of a post: the waiting side's time, and the running side's
/// as a live countdown. `names` are White's and Black's players.
pub(super) fn clock_line(clock: &GameClock, names: [&str; 2], over: bool) -> String {
    let shown = |i: usize| format!("{} {}", names[i], hms(clock.remaining_ms[i]));
    if over {
        return format!("Clocks ({}): {} · {}", time_control_text(clock), shown(0), shown(1));
    }
    let waiting = 1 - clock.running;
    format!(
        "Clocks ({}): {} · {} {} and running (time runs out <t:{}:R>)",
        time_control_text(clock),
        shown(waiting),
        names[clock.running],
        hms(clock.remaining_ms[clock.running]),
        // Discord counts down to a whole second; round up so it never shows
        // the flag before it falls.
        (deadline_ms(clock) + 999).div_euclid(1000)
    )
}

impl Core {
    /// Flags that have fallen, each posted once as the game's result.
    pub(super) fn flag_falls(&self) -> Result<Vec<(Place, Reply)>, Refusal> {
        let now = self.now();
        let now_ms = self.now_ms();
        let mut out = Vec::new();
        let games = self.storage.all_channel_games().map_err(storage_failure)?;
        // Every game is read here each tick anyway, so the count is free.
        metrics::gauge!(crate::telemetry::ACTIVE_GAMES).set(games.len() as f64);
        for (key, record) in games {
            if fallen(&record, now_ms).is_none() {
                continue;
            }
            let place = Place { guild: key.guild, channel: key.channel };
            let ledger = self.stored_ledger(key, &record);
            let replies = self.storage.update_channel(key, |current| {
                // Re-check inside the transaction: a move may have just come in.
                let Some(record) = current else { return Ok(Change::Keep(vec![])) };
                let Some(flagged) = fallen(&record, now_ms) else { return Ok(Change::Keep(vec![])) };
                let mut game = self.live_game(&record)?;
                game.apply(Action::Timeout(flagged)).map_err(|e| Refusal(e.to_string()))?;
                self.settle(record, game, now, ledger.as_ref())
            });
            match replies.map_err(storage_failure)? {
                Ok(replies) => out.extend(replies.into_iter().map(|r| (place, r))),
                Err(refusal) => tracing::warn!(channel = key.channel, reason = %refusal.0, "flag check skipped"),
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_are_read_as_players_write_them() {
        assert_eq!(parse_time_control("5+3"), Ok((300, 3)));
        assert_eq!(parse_time_control("clock:10"), Ok((600, 0)));
        assert_eq!(parse_time_control(" 0.5 + 1 "), Ok((30, 1)));
        assert_eq!(parse_time_control("90+30"), Ok((5400, 30)));
        for bad in ["", "five", "5+", "0+3", "-1+0", "5+200", "2000", "nan", "inf"] {
            assert!(parse_time_control(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn times_read_as_clocks() {
        assert_eq!(hms(0), "0:00");
        assert_eq!(hms(-4000), "0:00");
        assert_eq!(hms(65_999), "1:05");
        assert_eq!(hms(3_723_000), "1:02:03");
        let clock = started(300, 3, 1_000_500);
        assert_eq!(time_control_text(&clock), "5+3");
        assert_eq!(time_control_text(&started(30, 1, 0)), "0.5+1");
        let line = clock_line(&clock, ["alice", "bob"], false);
        assert_eq!(line, "Clocks (5+3): bob 5:00 · alice 5:00 and running (time runs out <t:1301:R>)", "rounded up");
    }
}
