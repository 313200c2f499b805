//! `rookery bench`: what a move costs early and late in a long game. One
//! Dragonchess game (three boards, many pieces: its games run long) is played
//! through the command core to ply 500 and beyond, and the moves around ply 10
//! and ply 500 are timed: with live games cached they should cost the same,
//! where a replay of the whole record made the late ones many times dearer.
//! The same late moves are then timed by a core that caches nothing, for the
//! comparison.

use std::fmt;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use rookery_engine::game::Game;
use rookery_engine::{notation, Color, Variant};

use super::fixture::ms;
use crate::bench::load::{black, send, start_game, white};
use crate::core::{Command, Core, Place};

const LONG_GAME_GUILD: u64 = 5;
/// The variant whose game is played long.
const VARIANT: Variant = Variant::Dragonchess;
/// Moves timed at each point.
const SAMPLES: usize = 21;

/// Median move latency at two points of one long game.
pub struct PlyLatency {
    pub variant: Variant,
    pub early_ply: usize,
    pub late_ply: usize,
    pub early: Duration,
    pub late: Duration,
    /// The late moves again, by a core that replays every record.
    pub late_uncached: Duration,
}

impl fmt::Display for PlyLatency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "long {} game: median move at ply {} {:.2} ms, at ply {} {:.2} ms ({:.2}x); \
             at ply {} without the live-game cache {:.2} ms",
            self.variant.name(),
            self.early_ply,
            ms(self.early),
            self.late_ply,
            ms(self.late),
            self.late.as_secs_f64() / self.early.as_secs_f64(),
            self.late_ply,
            ms(self.late_uncached),
        )
    }
}

/// A game the driver plays alongside the bot, move for move, so choosing a
/// move never replays the record (that would make the driver O(plies²)).
struct Driver {
    place: Place,
    game: Game,
}

impl Driver {
    fn start(core: &Core, place: Place) -> Result<Driver> {
        start_game(core, place, VARIANT.name())?;
        Ok(Driver { place, game: Game::new(VARIANT)? })
    }

    /// The next move: a fixed pseudo-random pick among the moves that do not
    /// end the game, one that resets the quiet-move count once it runs high
    /// (so the game is not drawn by it).
    fn next(&self) -> Result<String> {
        let position = self.game.position();
        let legal = position.legal_moves();
        let ply = self.game.moves_san().len();
        let quiet_too_long = position.halfmove_clock() >= 80;
        let mut fallback = None;
        for offset in 0..legal.len() {
            let mv = legal[(pick(ply) + offset) % legal.len()];
            let text = notation::san_among(position, mv, &legal);
            let mut after = self.game.clone();
            after.play_move(position.turn(), &text)?;
            if after.outcome().is_some() {
                continue;
            }
            if !quiet_too_long || after.position().halfmove_clock() == 0 {
                return Ok(text);
            }
            fallback.get_or_insert(text);
        }
        fallback.with_context(|| format!("the long game ended at ply {ply}: every move finishes it"))
    }

    /// Plays the next move through the core; returns how long the core took.
    fn step(&mut self, core: &Core) -> Result<Duration> {
        let text = self.next()?;
        let side = self.game.position().turn();
        let user = if side == Color::White { white() } else { black() };
        let start = Instant::now();
        send(core, self.place, user, Command::Move { text: text.clone() })?;
        let took = start.elapsed();
        self.game.play_move(side, &text)?;
        Ok(took)
    }

    fn ply(&self) -> usize {
        self.game.moves_san().len()
    }
}

fn pick(ply: usize) -> usize {
    let x = (ply as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    ((x ^ (x >> 29)) % 1_000_003) as usize
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Plays one long game on `core`, timing the moves from `early_ply` and from
/// `late_ply`, then goes on with `uncached`, a core over the same database
/// that keeps no live games, timing as many moves there.
pub fn ply_latency(core: &Core, uncached: &Core, early_ply: usize, late_ply: usize) -> Result<PlyLatency> {
    let mut driver = Driver::start(core, Place { guild: LONG_GAME_GUILD, channel: 1 })?;
    let mut early = Vec::new();
    let mut late = Vec::new();
    let mut late_uncached = Vec::new();
    while driver.ply() < late_ply + 2 * SAMPLES {
        let ply = driver.ply();
        if ply >= late_ply + SAMPLES {
            late_uncached.push(driver.step(uncached)?);
            continue;
        }
        let took = driver.step(core)?;
        if (early_ply..early_ply + SAMPLES).contains(&ply) {
            early.push(took);
        } else if ply >= late_ply {
            late.push(took);
        }
    }
    Ok(PlyLatency {
        variant: VARIANT,
        early_ply,
        late_ply,
        early: median(early),
        late: median(late),
        late_uncached: median(late_uncached),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Handler, Request};

    #[test]
    fn a_long_game_is_played_past_the_late_ply_and_timed_at_both_points() {
        let dir = tempfile::tempdir().unwrap();
        let core = crate::bench::fixture::open_fresh(&dir.path().join("db")).unwrap();
        let uncached = Core::new(core.storage().clone(), crate::core::system_clock()).with_live_games(0);
        let report = ply_latency(&core, &uncached, 2, 40).unwrap();
        assert!(report.early > Duration::ZERO && report.late > Duration::ZERO && report.late_uncached > Duration::ZERO);
        // The game is still in play, every move of it stored.
        let place = Place { guild: LONG_GAME_GUILD, channel: 1 };
        let board = core.handle(Request { place, user: white(), command: Command::Board });
        assert!(board[0].text.contains("to move"), "{}", board[0].text);
        assert!(report.to_string().contains("at ply 40"));
    }
}
