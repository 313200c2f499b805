//! Rookery as an opponent: `/play VARIANT @Rookery [level]` starts a game
//! against the engine, with no acceptance needed.
//!
//! The engine plays under Rookery's own account (the bot user on Discord,
//! `rookery` in the console), so its games are stored, rated (one rating per
//! variant, like anyone's) and shown like everybody's; its level is part of
//! its name in the game (`Rookery (level 4)`), so the record alone says how
//! strongly it plays and a restart loses nothing.
//!
//! Thinking never happens on a request's thread, nor inside a storage
//! transaction: after every request the core looks at the channel's game and,
//! when the engine is to act, hands a copy of the game to a worker thread
//! (`worker`). A finished thought is applied through the same path as a
//! person's action (`act`), inside a transaction that first checks the
//! stored record is still the one the engine thought about: after a
//! resignation, takeback or moderator's end in the meantime, the stale
//! thought is dropped. Its messages are posted like the scheduler's
//! ([`Handler::due`](super::Handler::due)). Rolls come from the game's fair
//! ledger exactly as a person's do, and a secret choice is sealed like
//! `/choose`, so the engine never sees a roll before it is made nor the
//! other side's secret.

mod act;
mod levels;
mod think;
mod worker;

use std::sync::RwLock;

use rookery_engine::Color;
use rookery_storage::{ChannelGame, Phase, Player};

use super::games::side_of;
use super::{Core, Place, Refusal, Reply, User};

pub use levels::level_choices;
pub(super) use worker::Thinkers;

/// The level a game against Rookery gets when the challenge names none.
pub const DEFAULT_LEVEL: u8 = 4;
/// The strongest level.
pub const TOP_LEVEL: u8 = 8;

/// Rookery's account, once the front end knows it.
#[derive(Default)]
pub(super) struct Account {
    user: RwLock<Option<User>>,
}

impl Account {
    pub fn set(&self, user: User) {
        *self.user.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(user);
    }

    pub fn get(&self) -> Option<User> {
        self.user.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// Whether `id` is Rookery's own account.
    pub fn is(&self, id: u64) -> bool {
        self.get().is_some_and(|user| user.id == id)
    }
}

/// The engine's name in a game at `level`: `Rookery (level 4)`.
fn seat_name(account: &str, level: u8) -> String {
    format!("{account} (level {level})")
}

/// The level in a seat's name; the default for a name without one.
pub(super) fn level_of(name: &str) -> u8 {
    let level = name.rsplit_once("(level ").and_then(|(_, rest)| rest.strip_suffix(')'));
    level.and_then(|n| n.parse().ok()).filter(|n| (1..=TOP_LEVEL).contains(n)).unwrap_or(DEFAULT_LEVEL)
}

/// The engine's seat in `record`: its side and level, if it plays there.
pub(super) fn engine_seat(record: &ChannelGame, account: &Account) -> Option<(Color, u8, Player)> {
    let user = account.get()?;
    let side = side_of(record, user.id)?;
    let player = side.fold(record.white.as_ref(), record.black.as_ref())?.clone();
    Some((side, level_of(&player.name), player))
}

impl Core {
    /// The opponent a challenge names: Rookery's account becomes its seat at
    /// `level`; a level for anyone else is refused.
    pub(super) fn opponent_seat(&self, opponent: Option<&User>, level: Option<u8>) -> Result<Option<User>, Refusal> {
        let engine = self.account.get().filter(|me| opponent.is_some_and(|o| o.id == me.id));
        match (engine, level) {
            (Some(me), level) => {
                let level = level.unwrap_or(DEFAULT_LEVEL);
                if !(1..=TOP_LEVEL).contains(&level) {
                    return Err(Refusal(format!("Rookery plays at levels 1 to {TOP_LEVEL}.")));
                }
                Ok(Some(User { id: me.id, name: seat_name(&me.name, level), can_manage_channel: false }))
            }
            (None, Some(_)) => Err(Refusal::new(
                "A level is for games against Rookery itself: name Rookery as the opponent (`/play chess @Rookery level:3`).",
            )),
            (None, None) => Ok(opponent.cloned()),
        }
    }

    /// After a challenge: a challenge to Rookery is accepted at once, and its
    /// game's first message replaces the challenge's.
    pub(super) fn engine_accepts(&self, place: Place, replies: Vec<Reply>) -> Result<Vec<Reply>, Refusal> {
        let Some(record) = self.current(place)? else { return Ok(replies) };
        let Phase::Challenge { opponent: Some(seat), .. } = &record.phase else { return Ok(replies) };
        if !self.account.is(seat.id) {
            return Ok(replies);
        }
        let me = User { id: seat.id, name: seat.name.clone(), can_manage_channel: false };
        let started = self.accept(place, &me, None)?;
        self.open_thread(place, started)
    }

    /// Whether `record` is a challenge addressed to Rookery.
    pub(super) fn challenges_rookery(&self, record: &ChannelGame) -> bool {
        matches!(&record.phase, Phase::Challenge { opponent: Some(o), .. } if self.account.is(o.id))
    }

    /// Rookery's account is `user` from now on: challenges waiting for it are
    /// accepted and games where it is to act are picked up (after a restart).
    /// Returns the messages this produced, each with its channel.
    pub(super) fn take_seat(&self, user: User) -> Vec<(Place, Reply)> {
        self.account.set(user);
        let games = match self.storage.all_channel_games() {
            Ok(games) => games,
            Err(error) => {
                tracing::error!(%error, "could not look for Rookery's games");
                return Vec::new();
            }
        };
        let places = games.into_iter().map(|(key, _)| Place { guild: key.guild, channel: key.channel });
        places.flat_map(|place| self.engine_turn(place).into_iter().map(move |reply| (place, reply))).collect()
    }
}
