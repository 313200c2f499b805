//! What the engine decides on its turn: `rookery_engine::player` at the
//! game's level. A worker keeps one player per variant and level between
//! thoughts, for their search tables.

use std::collections::HashMap;

use rand::rngs::StdRng;
use rookery_engine::game::{Action, Game};
use rookery_engine::player::{Level, Player};
use rookery_engine::{Color, Variant};

pub(in crate::core) use rookery_engine::player::Decision;

/// A worker's players, by variant and level.
#[derive(Default)]
pub(in crate::core) struct Players {
    players: HashMap<(Variant, u8), Player>,
}

impl Players {
    /// What `side` does now in `game` at `level` (1 to 8; out of range is
    /// clamped). A game the player cannot act in (its variant unknown, or
    /// nothing left to decide) gets a resignation, which the core refuses
    /// harmlessly if the game has moved on.
    pub fn decide(&mut self, game: &Game, side: Color, level: u8, rng: &mut StdRng) -> Decision {
        let Ok(level) = Level::new(level.clamp(1, 8)) else { return Decision::Act(Action::Resign(side)) };
        let key = (game.variant(), level.get());
        let player = match self.players.entry(key) {
            std::collections::hash_map::Entry::Occupied(entry) => entry.into_mut(),
            std::collections::hash_map::Entry::Vacant(entry) => match Player::new(game.variant(), level) {
                Ok(player) => entry.insert(player),
                Err(error) => {
                    tracing::warn!(%error, "no engine player for this game");
                    return Decision::Act(Action::Resign(side));
                }
            },
        };
        player.decide(game, side, rng).unwrap_or_else(|error| {
            tracing::warn!(%error, "the engine player could not decide");
            Decision::Act(Action::Resign(side))
        })
    }
}
