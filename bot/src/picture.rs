//! Board pictures. The renderer rasterises every sprite when it is built (about
//! half a second), so one is built per process, on first use, and shared.

use std::sync::OnceLock;

use crate::core::{Attachment, PendingReplay, Picture, Reply};
use crate::replay::{self, megabytes, ATTACHMENT_MAX};

use rookery_engine::game::Game;
use rookery_engine::{Color, Kind};
use rookery_render::position::{glyph_for, view_of, Look};
use rookery_render::{
    BoardView, Cell, Die, DieKind, Glyph, Layer, Piece, RenderError, RenderOptions, Renderer, Shade, Side, Theme,
};

pub fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(|| Renderer::new(RenderOptions::default()))
}

/// The game's current position as a PNG, the last move highlighted (tint
/// and arrow) and the dice rolled this turn beside the board.
pub fn game_png(game: &Game, flipped: bool, theme: Theme) -> Result<Vec<u8>, RenderError> {
    renderer().render_png(&game_view(game, flipped, theme))
}

/// What [`game_png`] draws, without drawing it (cheap: no pixels).
pub fn game_view(game: &Game, flipped: bool, theme: Theme) -> BoardView {
    let look = Look { last_move: game.last_move(), flipped, theme };
    let mut view = view_of(game.position(), look);
    // The tint says which squares; the arrow says which way, at a glance.
    view.arrow_last_move();
    view.dice = turn_dice(game);
    view.dice_labels = dice_labels(game);
    view
}

/// Draws the pictures the replies still owe. The command core calls this on
/// its way out, after the storage commit, so a picture never holds up the
/// transactions of other channels. A picture that fails is logged and left
/// out: it must not cost the player their move.
pub fn draw_pending(replies: &mut [Reply]) {
    for reply in replies {
        if let Some(Picture { name, view, game }) = reply.picture.take() {
            let png = match game {
                Some(game) => renderer().render_png_after(game, &view),
                None => renderer().render_png(&view),
            };
            match png {
                Ok(bytes) => reply.image = Some(Attachment { name, bytes }),
                Err(error) => tracing::error!(%error, picture = %name, "board picture failed"),
            }
        }
        if let Some(pending) = reply.replay.take() {
            attach_replay(reply, pending);
        }
    }
}

/// Draws a pending replay into `reply`'s files, or says in its text why
/// there is none: a failure, or a GIF too large for Discord.
fn attach_replay(reply: &mut Reply, PendingReplay { name, record, flipped }: PendingReplay) {
    let gif = rookery_engine::game::Game::replay(&record)
        .map_err(replay::ReplayFailure::from)
        .and_then(|game| replay::game_gif(&game, flipped, Theme::Light));
    let note = match gif {
        Ok(bytes) => {
            let others: usize = reply.image.iter().chain(&reply.files).map(|f| f.bytes.len()).sum();
            if others + bytes.len() <= ATTACHMENT_MAX {
                reply.files.push(Attachment { name, bytes });
                return;
            }
            format!(
                "The replay GIF came out at {}, more than Discord takes ({}); `/pgn` has the whole game.",
                megabytes(bytes.len()),
                megabytes(ATTACHMENT_MAX)
            )
        }
        Err(error) => {
            tracing::error!(%error, replay = %name, "replay GIF failed");
            "The replay GIF could not be drawn this time; `/pgn` has the whole game.".to_string()
        }
    };
    if !reply.text.is_empty() {
        reply.text.push('\n');
    }
    reply.text.push_str(&note);
}

/// The pieces of a variant whose pictures are not the chess set's: each
/// picture over its letter, in the first side's colours, and the letters in
/// words (`K King · S Sylph · ...`). `None` for a chess-set variant.
pub fn legend(game: &Game) -> Option<(Vec<u8>, String)> {
    const CHESS_SET: [&str; 6] = ["king", "queen", "rook", "bishop", "knight", "pawn"];
    let rules = game.position().rules();
    if rules.kinds.iter().all(|kind| CHESS_SET.contains(&kind.name)) {
        return None;
    }
    // Each kind as position text writes it: a knighted fool is `+F`.
    let mut shown: Vec<(Glyph, String, &str)> = Vec::new();
    for (index, kind) in rules.kinds.iter().enumerate() {
        let Some(glyph) = glyph_for(kind.name) else { continue };
        if !shown.iter().any(|(g, _, _)| *g == glyph) {
            let mut token = String::new();
            rules.push_token(&mut token, Color::White, Kind(index as u8));
            shown.push((glyph, token, kind.name));
        }
    }
    let shade = |i: usize| if i % 2 == 0 { Shade::Light } else { Shade::Dark };
    let cells = shown
        .iter()
        .enumerate()
        .map(|(i, (glyph, _, _))| {
            Some(Cell { piece: Some(Piece { glyph: *glyph, side: Side::First }), ..Cell::empty(shade(i)) })
        })
        .collect();
    let layer = Layer {
        name: "Pieces and their letters".into(),
        files: shown.iter().map(|(_, token, _)| token.clone()).collect(),
        ranks: vec![String::new()],
        cells,
    };
    let colours = view_of(game.position(), Look { last_move: None, flipped: false, theme: Theme::Light }).colours;
    let view = BoardView { colours, ..BoardView::new(vec![layer]) };
    let capital =
        |name: &str| name.chars().take(1).flat_map(char::to_uppercase).chain(name.chars().skip(1)).collect::<String>();
    let words: Vec<String> = shown.iter().map(|(_, letter, name)| format!("{letter} {}", capital(name))).collect();
    match renderer().render_png(&view) {
        Ok(png) => Some((png, words.join(" · "))),
        Err(error) => {
            tracing::error!(%error, "legend picture failed");
            None
        }
    }
}

/// What each roll in force this turn granted, for the picture:
/// `Luck Dice: 2-2-7, double: K moves as N`, `Lucky 8: 8, lucky`.
pub fn dice_labels(game: &Game) -> Vec<String> {
    let Some(chance) = game.position().rules().chance else { return Vec::new() };
    let rolls = game.turn_rolls();
    let mut labels = Vec::new();
    for (index, kind) in chance.kinds.iter().enumerate() {
        let Some(roll) = rolls.iter().rev().find(|(k, _)| *k == index) else { continue };
        // The roll record reads `{3d8 2-2-7: double → K(N)}`; the picture's
        // font is ASCII, so the arrow and the notation become words.
        let record = game.roll_text(roll).unwrap_or_default();
        if !record.starts_with('{') {
            // A plain record (`[2,2]`): the kind's whole chain, as rolled.
            let chain: Vec<String> = rolls
                .iter()
                .filter(|(k, _)| *k == index)
                .map(|roll| game.roll_text(roll).unwrap_or_default())
                .collect();
            labels.push(format!("{}: {}", kind.label, chain.join(" ")));
            continue;
        }
        let inner = record.trim_matches(['{', '}']);
        let (faces, verdict) =
            inner.split_once(' ').map_or(("", inner), |(_, rest)| rest.split_once(": ").unwrap_or((rest, "")));
        let verdict: Vec<String> = verdict.split(" → ").map(moves_as).collect();
        labels.push(format!("{}: {faces}, {}", kind.label, verdict.join(": ")));
    }
    labels
}

/// `K(N)` as `K moves as N`; anything else unchanged.
fn moves_as(text: &str) -> String {
    match text.strip_suffix(')').and_then(|t| t.split_once('(')) {
        Some((piece, like)) if !piece.is_empty() && !like.is_empty() => format!("{piece} moves as {like}"),
        _ => text.to_string(),
    }
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

#[cfg(test)]
mod tests {
    use rookery_engine::game::{Action, Game};
    use rookery_engine::{Color, Variant};

    use super::*;

    #[test]
    fn dice_are_labelled_with_what_they_granted() {
        let mut game = Game::new(Variant::LuckDragon).unwrap();
        let lucky8 = game.position().rules().chance.unwrap().kinds.iter().position(|k| k.dice.len() == 1).unwrap();
        let faces = vec![8];
        game.apply(Action::Roll { side: Color::White, kind: lucky8, faces: faces.clone() }).unwrap();
        assert_eq!(dice_labels(&game), ["Lucky 8: 8, lucky"]);
        assert_eq!(game.turn_rolls(), [(lucky8, faces)]);
        assert_eq!(moves_as("K(N)"), "K moves as N");
        assert_eq!(moves_as("reroll"), "reroll");
        let png = game_png(&game, false, Theme::Light).unwrap();
        if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
            std::fs::write(std::path::Path::new(&dir).join("lucky8-label.png"), png).unwrap();
        }
    }

    #[test]
    fn a_replay_that_would_not_fit_is_left_out_with_a_note() {
        let mut game = Game::new(Variant::Chess).unwrap();
        game.play_move(Color::White, "e4").unwrap();
        let pending = PendingReplay { name: "rookery-1.gif".into(), record: game.record(), flipped: false };
        let mut fits = Reply { replay: Some(pending.clone()), ..Reply::text("Game over.") };
        draw_pending(std::slice::from_mut(&mut fits));
        assert_eq!(fits.files.len(), 1);
        assert_eq!(fits.text, "Game over.");

        // Files already near Discord's limit: the GIF stays out, the message says why.
        let big = Attachment { name: "big.txt".into(), bytes: vec![0; ATTACHMENT_MAX - 100] };
        let mut full = Reply { replay: Some(pending), files: vec![big], ..Reply::text("Game over.") };
        draw_pending(std::slice::from_mut(&mut full));
        assert_eq!(full.files.len(), 1, "only the file that was there");
        assert!(full.text.contains("more than Discord takes"), "{}", full.text);
        assert!(full.replay.is_none());

        let broken = rookery_engine::game::GameRecord { actions: vec!["nonsense".into()], ..game.record() };
        let pending = PendingReplay { name: "rookery-2.gif".into(), record: broken, flipped: false };
        let mut failed = Reply { replay: Some(pending), ..Reply::default() };
        draw_pending(std::slice::from_mut(&mut failed));
        assert!(failed.files.is_empty() && failed.text.contains("could not be drawn"), "{}", failed.text);
    }

    #[test]
    fn variants_with_their_own_pieces_get_a_legend() {
        assert!(legend(&Game::new(Variant::Chess).unwrap()).is_none());
        let (png, letters) = legend(&Game::new(Variant::Dragonchess).unwrap()).unwrap();
        assert!(letters.starts_with("S Sylph · G Griffin · R Dragon"), "{letters}");
        assert!(letters.contains("D Dwarf") && !letters.contains("reversed"), "{letters}");
        if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
            std::fs::write(std::path::Path::new(&dir).join("dragonchess-legend.png"), png).unwrap();
        }
    }

    #[test]
    fn the_legend_writes_knighted_pieces_with_their_plus() {
        let (png, letters) = legend(&Game::new(Variant::NewChess).unwrap()).unwrap();
        assert!(letters.starts_with("K E-king · J F-king · G Gold general · T Tower · F Fool"), "{letters}");
        assert!(letters.ends_with("+F Knighted fool · +S Knighted sergeant · +P Knighted pawn"), "{letters}");
        if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
            std::fs::write(std::path::Path::new(&dir).join("newchess-legend.png"), png).unwrap();
        }
    }
}
