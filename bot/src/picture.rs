//! Board pictures. The renderer rasterises every sprite when it is built (about
//! half a second), so one is built per process, on first use, and shared.

use std::sync::OnceLock;

use rookery_engine::game::Game;
use rookery_render::position::{view_of, Look};
use rookery_render::{Die, DieKind, RenderError, RenderOptions, Renderer, Theme};

pub fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(|| Renderer::new(RenderOptions::default()))
}

/// The game's current position as a PNG, the last move highlighted and the
/// dice rolled this turn beside the board.
pub fn game_png(game: &Game, flipped: bool, theme: Theme) -> Result<Vec<u8>, RenderError> {
    let look = Look { last_move: game.last_move(), flipped, theme };
    let mut view = view_of(game.position(), look);
    view.dice = turn_dice(game);
    renderer().render_png(&view)
}

/// The dice in force this turn: the latest roll of each kind (a reroll
/// replaces the one before), in the order of the variant's kinds.
pub fn turn_dice(game: &Game) -> Vec<Die> {
    let Some(chance) = game.position().rules().chance else { return Vec::new() };
    let rolls = game.turn_rolls();
    let mut dice = Vec::new();
    for (index, kind) in chance.kinds.iter().enumerate() {
        let Some((_, faces)) = rolls.iter().rev().find(|(k, _)| *k == index) else { continue };
        for (sides, face) in kind.dice.iter().zip(faces) {
            let shape = DieKind::ALL.into_iter().find(|shape| u32::from(shape.sides()) == *sides);
            if let (Some(kind), Ok(face)) = (shape, u8::try_from(*face)) {
                dice.push(Die { kind, face });
            }
        }
    }
    dice
}
