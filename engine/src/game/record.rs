//! A game as a record of text actions, and rebuilding one from it.

use super::{parse_action, Action, Game, GameError};
use crate::echo::echo;
use crate::fen::{self, FenError};
use crate::options::OptionsError;
use crate::variant::{Variant, VariantError};

/// Everything needed to rebuild a game: the variant, its options, a custom
/// start position if any, and the actions in order, each as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub variant: Variant,
    /// The game options that differ from the variant's defaults (`lucky8=off`).
    pub options: String,
    pub start: Option<String>,
    pub actions: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Variant(#[from] VariantError),
    #[error(transparent)]
    Options(#[from] OptionsError),
    #[error("start position: {0}")]
    Start(#[from] FenError),
    #[error("action {index} (`{}`): {error}", echo(.text))]
    Action { index: usize, text: String, error: GameError },
}

impl Game {
    /// The record's text of every action so far (what [`Game::record`] lists),
    /// without copying them.
    pub fn action_texts(&self) -> &[String] {
        &self.texts
    }

    /// The game as a record of text actions.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            variant: self.variant,
            options: self.options.write(self.position.rules().options),
            start: self.custom_start.then(|| fen::write(&self.start)),
            actions: self.texts.clone(),
        }
    }

    /// Rebuilds a game by replaying a record.
    pub fn replay(record: &GameRecord) -> Result<Game, ReplayError> {
        let mut game = Game::create(record.variant, &record.options, record.start.as_deref())?;
        for (index, text) in record.actions.iter().enumerate() {
            let fail = |error| ReplayError::Action { index, text: text.clone(), error };
            let action = parse_action(&game.position, text).map_err(fail)?;
            game.apply(action).map_err(fail)?;
        }
        Ok(game)
    }

    /// The game without its last `plies` turns (moves and passes) and whatever
    /// came after them: a takeback. The rolls made before the first turn taken
    /// back stay, so a takeback never rerolls. Fails if there are fewer turns.
    pub fn without_last_moves(&self, plies: usize) -> Option<Game> {
        let turn_indices: Vec<usize> = self
            .actions
            .iter()
            .enumerate()
            .filter(|(_, a)| matches!(a, Action::Move(_) | Action::Pass(_)))
            .map(|(i, _)| i)
            .collect();
        let keep = *turn_indices.get(turn_indices.len().checked_sub(plies)?)?;
        let mut game = Game::from_position(self.variant, self.options.clone(), self.start.scratch(), self.custom_start);
        for action in &self.actions[..keep] {
            game.apply(action.clone()).ok()?;
        }
        Some(game)
    }
}
