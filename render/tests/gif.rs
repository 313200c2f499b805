//! Animated replays: the GIF decodes, has one frame per position, ends on the
//! final position exactly as a still picture draws it, and stays small.

use std::sync::LazyLock;

use image::codecs::gif::GifDecoder;
use image::AnimationDecoder;
use rookery_engine::game::Game;
use rookery_engine::Variant;
use rookery_render::position::{view_of, Look};
use rookery_render::{Arrow, ArrowKind, BoardView, CellRef, GifTiming, RenderError, RenderOptions, Renderer, Theme};

static RENDERER: LazyLock<Renderer> = LazyLock::new(|| Renderer::new(RenderOptions::default()));

/// A game of `plies` legal moves picked by a fixed pseudo-random sequence
/// (captures preferred, so the board thins out as real games do).
fn game(variant: Variant, plies: usize) -> Game {
    let mut game = Game::new(variant).unwrap();
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        assert!(!moves.is_empty() && game.outcome().is_none(), "the test game ended early");
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let pick = (state >> 33) as usize % moves.len();
        game.apply(rookery_engine::game::Action::Move(moves[pick])).unwrap();
    }
    game
}

/// One view per position of `game`, the last move marked with an arrow.
fn views(game: &Game) -> Vec<BoardView> {
    let mut replay = Game::new(game.variant()).unwrap();
    let mut views = vec![view_of(replay.position(), Look::default())];
    for action in game.actions() {
        replay.apply(action.clone()).unwrap();
        let mut view = view_of(replay.position(), Look { last_move: replay.last_move(), ..Look::default() });
        view.arrow_last_move();
        views.push(view);
    }
    views
}

fn decode(gif: &[u8]) -> Vec<image::RgbaImage> {
    let decoder = GifDecoder::new(std::io::Cursor::new(gif)).expect("a GIF");
    decoder.into_frames().collect_frames().expect("frames decode").into_iter().map(|f| f.into_buffer()).collect()
}

#[test]
fn a_sixty_move_game_has_a_frame_per_position_and_stays_under_a_megabyte() {
    let game = game(Variant::Chess, 120);
    let views = views(&game);
    let gif = RENDERER.render_gif(&views, GifTiming::default()).unwrap();
    assert!(gif.len() < 1_000_000, "{} bytes", gif.len());
    let frames = decode(&gif);
    assert_eq!(frames.len(), 121, "plies + 1");
    // Delta frames composited by a decoder give exactly the still pictures.
    for i in [0, 1, 2, 60, 120] {
        assert_eq!(frames[i], RENDERER.render_rgba(&views[i]).unwrap(), "frame {i}");
    }
    if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
        std::fs::write(std::path::Path::new(&dir).join("replay-chess.gif"), &gif).unwrap();
        let middle = RENDERER.render_png(&views[41]).unwrap();
        std::fs::write(std::path::Path::new(&dir).join("replay-chess-frame41.png"), middle).unwrap();
    }
}

#[test]
fn dragonchess_frames_show_all_three_boards() {
    let game = game(Variant::Dragonchess, 12);
    let views = views(&game);
    let gif = RENDERER.render_gif(&views, GifTiming { frame_ms: 500, last_frame_ms: 2000 }).unwrap();
    let frames = decode(&gif);
    assert_eq!(frames.len(), 13);
    let last = RENDERER.render_rgba(&views[12]).unwrap();
    assert_eq!(frames[12], last);
    assert!(last.height() > 3 * 8 * RENDERER.cell_px(), "three boards stacked");
    if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
        std::fs::write(std::path::Path::new(&dir).join("replay-dragonchess.gif"), &gif).unwrap();
        let png = RENDERER.render_png(&views[12]).unwrap();
        std::fs::write(std::path::Path::new(&dir).join("replay-dragonchess-last.png"), png).unwrap();
    }
}

#[test]
fn the_last_frame_stays_longer_and_the_gif_loops() {
    let views = views(&game(Variant::Chess, 2));
    let gif = RENDERER.render_gif(&views, GifTiming { frame_ms: 700, last_frame_ms: 3000 }).unwrap();
    let decoder = GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
    let delays: Vec<u32> = decoder
        .into_frames()
        .map(|f| {
            let (num, den) = f.unwrap().delay().numer_denom_ms();
            num / den
        })
        .collect();
    assert_eq!(delays, [700, 700, 3000]);
    // NETSCAPE2.0 application extension: loop forever.
    assert!(gif.windows(11).any(|w| w == b"NETSCAPE2.0"));
}

#[test]
fn frames_that_change_nothing_still_count_and_bad_input_is_refused() {
    let still = views(&game(Variant::Chess, 0)).remove(0);
    let gif = RENDERER.render_gif(&[still.clone(), still.clone(), still.clone()], GifTiming::default()).unwrap();
    assert_eq!(decode(&gif).len(), 3);
    assert!(matches!(RENDERER.render_gif(&[], GifTiming::default()), Err(RenderError::NoFrames)));
    let mut bad = still;
    bad.arrows.push(Arrow { from: CellRef::new(0, 0), to: CellRef::new(9, 9), kind: ArrowKind::Better });
    assert!(matches!(RENDERER.render_gif(&[bad], GifTiming::default()), Err(RenderError::NoSuchCell(_))));
}

#[test]
fn an_arrow_is_drawn_between_the_squares_and_nowhere_else() {
    let mut view = views(&game(Variant::Chess, 0)).remove(0);
    view.theme = Theme::Light;
    let plain = RENDERER.render_rgba(&view).unwrap();
    // e2-e4 in green: the shaft crosses e3, the head reaches e4; d3 is untouched.
    view.arrows.push(Arrow { from: CellRef::new(4, 1), to: CellRef::new(4, 3), kind: ArrowKind::Better });
    let arrowed = RENDERER.render_rgba(&view).unwrap();
    let at = |image: &image::RgbaImage, cell: CellRef| {
        let (x, y) = RENDERER.cell_centre(&view, cell).unwrap();
        *image.get_pixel(x, y)
    };
    let e3 = at(&arrowed, CellRef::new(4, 2));
    assert_ne!(e3, at(&plain, CellRef::new(4, 2)));
    assert!(e3[1] > e3[0] && e3[1] > e3[2], "green over e3: {e3:?}");
    assert_eq!(at(&arrowed, CellRef::new(3, 2)), at(&plain, CellRef::new(3, 2)));
    assert_eq!(at(&arrowed, CellRef::new(4, 5)), at(&plain, CellRef::new(4, 5)));
    if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
        let png = RENDERER.render_png(&view).unwrap();
        std::fs::write(std::path::Path::new(&dir).join("arrow-e2e4.png"), png).unwrap();
    }
}
