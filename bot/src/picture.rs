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

/// The dice in force this turn, in the order of the variant's kinds: the
/// latest roll of each kind a player asks for (a reroll replaces the one
/// before), and the whole chain of an automatic kind (Guardener's rerolls on
/// doubles add to each other).
pub fn turn_dice(game: &Game) -> Vec<Die> {
    let Some(chance) = game.position().rules().chance else { return Vec::new() };
    let rolls = game.turn_rolls();
    let mut dice = Vec::new();
    for (index, kind) in chance.kinds.iter().enumerate() {
        let mut shown: Vec<&Vec<u32>> = rolls.iter().filter(|(k, _)| *k == index).map(|(_, f)| f).collect();
        if !kind.automatic {
            shown = shown.split_off(shown.len().saturating_sub(1));
        }
        for (sides, face) in shown.into_iter().flat_map(|faces| kind.dice.iter().zip(faces)) {
            let shape = DieKind::ALL.into_iter().find(|shape| u32::from(shape.sides()) == *sides);
            if let (Some(kind), Ok(face)) = (shape, u8::try_from(*face)) {
                dice.push(Die { kind, face });
            }
        }
    }
    dice
}
