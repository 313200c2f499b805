//! What the engine decides on its turn: `rookery_engine::player` at the
//! game's level. A worker keeps one player per variant and level between
//! thoughts, for their search tables.

use std::collections::hash_map::{Entry, HashMap};

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
    /// What `side` does now in `game` at `level`. A game the player cannot
    /// act in (its variant unknown, or nothing left to decide) gets a
    /// resignation, which the core refuses harmlessly if the game has moved on.
    pub fn decide(&mut self, game: &Game, side: Color, level: u8, rng: &mut StdRng) -> Decision {
        let Some(player) = self.player(game.variant(), level) else { return Decision::Act(Action::Resign(side)) };
        player.decide(game, side, rng).unwrap_or_else(|error| {
            tracing::warn!(%error, "the engine player could not decide");
            Decision::Act(Action::Resign(side))
        })
    }

    /// `side`'s answer to the other side's draw offer in `game` at `level`
    /// (declined when no player can judge it).
    pub fn answer_draw(&mut self, game: &Game, side: Color, level: u8) -> Action {
        match self.player(game.variant(), level) {
            Some(player) => player.answer_draw(game, side),
            None => Action::DeclineDraw(side),
        }
    }

    /// The player for `variant` at `level` (1 to 8; out of range is clamped),
    /// made on first use.
    fn player(&mut self, variant: Variant, level: u8) -> Option<&mut Player> {
        let level = Level::new(level.clamp(1, 8)).ok()?;
        match self.players.entry((variant, level.get())) {
            Entry::Occupied(entry) => Some(entry.into_mut()),
            Entry::Vacant(entry) => match Player::new(variant, level) {
                Ok(player) => Some(entry.insert(player)),
                Err(error) => {
                    tracing::warn!(%error, "no engine player for this game");
                    None
                }
            },
        }
    }
}
