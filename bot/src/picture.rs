//! Board pictures. The renderer rasterises every sprite when it is built (about
//! half a second), so one is built per process, on first use, and shared.

use std::sync::OnceLock;

use rookery_engine::game::Game;
use rookery_render::position::{view_of, Look};
use rookery_render::{RenderError, RenderOptions, Renderer, Theme};

pub fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(|| Renderer::new(RenderOptions::default()))
}

/// The game's current position as a PNG, the last move highlighted.
pub fn game_png(game: &Game, flipped: bool, theme: Theme) -> Result<Vec<u8>, RenderError> {
    let look = Look { last_move: game.last_move(), flipped, theme };
    renderer().render_png(&view_of(game.position(), look))
}
