//! Board pictures. The renderer rasterises every sprite when it is built (about
//! half a second), so one is built per process, on first use, and shared.

use std::sync::OnceLock;

use crate::core::{Attachment, PendingReplay, Picture, Reply};
use crate::replay::{self, megabytes, ATTACHMENT_MAX};

use rookery_engine::game::Game;
use rookery_engine::rules::FaceMeaning;
use rookery_render::position::{glyph_for, view_of, Look};
use rookery_render::{BoardView, Die, DieKind, DieSymbol, RenderError, RenderOptions, Renderer, Roll, Theme};

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
    view.rolls = turn_dice(game);
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
/// there is none: a failure. A GIF too large for Discord is drawn again with
/// only the game's last moves, and the text says so.
fn attach_replay(reply: &mut Reply, PendingReplay { name, record, flipped, result }: PendingReplay) {
    let others: usize = reply.image.iter().chain(&reply.files).map(|f| f.bytes.len()).sum();
    let room = ATTACHMENT_MAX.saturating_sub(others);
    let note = match rookery_engine::game::Game::replay(&record).map_err(replay::ReplayFailure::from) {
        Ok(game) => match draw_within(&game, flipped, result.as_deref(), room) {
            Ok(Fitted::Whole(bytes)) => {
                reply.files.push(Attachment { name, bytes });
                return;
            }
            Ok(Fitted::End { bytes, plies, whole }) => {
                reply.files.push(Attachment { name, bytes });
                format!(
                    "The whole replay would be about {}, more than Discord takes ({}), so the GIF shows the last \
                     {plies} moves; `/pgn` has the whole game.",
                    megabytes(whole),
                    megabytes(ATTACHMENT_MAX)
                )
            }
            Ok(Fitted::Nothing { whole }) => format!(
                "The replay GIF would be about {}, more than Discord takes ({}); `/pgn` has the whole game.",
                megabytes(whole),
                megabytes(ATTACHMENT_MAX)
            ),
            Err(error) => failed_replay(&name, &error),
        },
        Err(error) => failed_replay(&name, &error),
    };
    if !reply.text.is_empty() {
        reply.text.push('\n');
    }
    reply.text.push_str(&note);
}

fn failed_replay(name: &str, error: &replay::ReplayFailure) -> String {
    tracing::error!(%error, replay = %name, "replay GIF failed");
    "The replay GIF could not be drawn this time; `/pgn` has the whole game.".to_string()
}

/// A replay GIF as it fits in the room a message has left.
enum Fitted {
    Whole(Vec<u8>),
    /// Only the last `plies` moves; the whole GIF would be about `whole` bytes.
    End {
        bytes: Vec<u8>,
        plies: usize,
        whole: usize,
    },
    /// Not even a few moves fit.
    Nothing {
        whole: usize,
    },
}

/// Games longer than this are sized by a GIF of their end before the whole
/// is drawn, so a replay that cannot fit is never drawn whole.
const LONG_GAME_PLIES: usize = 500;
/// The moves of that end, and the fewest worth a replay of a game's end.
const END_PLIES: usize = 100;

/// The game's replay within `room` bytes: whole, or else its last moves, as
/// many as the bytes per move drawn so far say fit (with a tenth spare).
fn draw_within(game: &Game, flipped: bool, result: Option<&str>, room: usize) -> Result<Fitted, replay::ReplayFailure> {
    let plies = replay::frames(game, flipped, Theme::Light)?.len().saturating_sub(1).max(1);
    let draw_end = |plies| replay::game_end_gif(game, flipped, Theme::Light, result, plies);
    // Bytes per move and the whole GIF's size: estimated from the end for
    // a long game, measured once the whole is drawn.
    let (mut per_ply, mut whole) = (0, 0);
    if plies > LONG_GAME_PLIES {
        per_ply = draw_end(END_PLIES)?.len().div_ceil(END_PLIES);
        whole = per_ply.saturating_mul(plies);
    }
    if whole <= room {
        let bytes = replay::game_gif(game, flipped, Theme::Light, result)?;
        if bytes.len() <= room {
            return Ok(Fitted::Whole(bytes));
        }
        whole = bytes.len();
        per_ply = whole.div_ceil(plies);
    }
    let fitting = (room / 10 * 9 / per_ply.max(1)).min(plies - 1);
    if fitting >= END_PLIES {
        let bytes = draw_end(fitting)?;
        if bytes.len() <= room {
            return Ok(Fitted::End { bytes, plies: fitting, whole });
        }
    }
    Ok(Fitted::Nothing { whole })
}

/// What each roll in force this turn granted, for the picture:
/// `Luck Dice: 2-2-7, double: K moves as N`, `Lucky 8: 8, lucky`,
/// `deploy roll: 3, B, failed`.
pub fn dice_labels(game: &Game) -> Vec<String> {
    let rules = game.position().rules();
    let Some(chance) = rules.chance else { return Vec::new() };
    let rolls = game.turn_rolls();
    let failed = rules.roll_failed.is_some_and(|failed| failed(game.position()));
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
        let mut label = format!("{}: {faces}, {}", kind.label, verdict.join(": "));
        if failed && rolls.last().is_some_and(|latest| std::ptr::eq(latest, roll)) {
            label.push_str(", failed");
        }
        labels.push(label);
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

/// The dice in force this turn, one [`Roll`] per roll, in the order of the
/// variant's kinds: the latest roll of each kind a player asks for (a reroll
/// replaces the one before), and the whole chain of an automatic kind
/// (Guardener's rerolls on doubles add to each other). Faces that stand for
/// pieces show them, and the turn's last roll is marked if it failed.
pub fn turn_dice(game: &Game) -> Vec<Roll> {
    let rules = game.position().rules();
    let Some(chance) = rules.chance else { return Vec::new() };
    let rolls = game.turn_rolls();
    let failed = rules.roll_failed.is_some_and(|failed| failed(game.position()));
    let mut shown = Vec::new();
    for (index, kind) in chance.kinds.iter().enumerate() {
        let mut of_kind: Vec<&Vec<u32>> = rolls.iter().filter(|(k, _)| *k == index).map(|(_, f)| f).collect();
        if !kind.automatic {
            of_kind = of_kind.split_off(of_kind.len().saturating_sub(1));
        }
        for faces in of_kind {
            let dice = kind.dice.iter().zip(faces).filter_map(|(sides, face)| {
                let shape = DieKind::ALL.into_iter().find(|shape| u32::from(shape.sides()) == *sides)?;
                let meaning = rules.face_meaning.and_then(|meaning| meaning(game.options(), *face));
                Some(Die {
                    symbol: meaning.and_then(|m| die_symbol(game, m)),
                    ..Die::new(shape, u8::try_from(*face).ok()?)
                })
            });
            let last = rolls.last().is_some_and(|(_, latest)| std::ptr::eq(latest, faces));
            shown.push(Roll { dice: dice.collect(), failed: failed && last });
        }
    }
    shown
}

/// The picture of what a die face stands for: a kind's glyph, or any.
pub(crate) fn die_symbol(game: &Game, meaning: FaceMeaning) -> Option<DieSymbol> {
    match meaning {
        FaceMeaning::Kind(kind) => glyph_for(game.position().rules().kind(kind).name).map(DieSymbol::Piece),
        FaceMeaning::AnyKind => Some(DieSymbol::AnyPiece),
    }
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
    fn a_die_face_shows_the_piece_it_lands_and_a_failed_roll_is_marked() {
        // Dice Landing's DL3: a bishop cannot land (c1 is taken, f1 has the
        // wrong colour), a knight can (b1).
        let start = "4k3/2pppp2/8/8/8/8/2PPPP2/2N1KB2[QRRBNPPPPqrrbbnnpppp] w e1e8 - 0 1 -";
        let rolled = |number: u32| {
            let mut game = Game::create(Variant::DiceLanding, "", Some(start)).unwrap();
            game.apply(Action::Roll { side: Color::White, kind: 0, faces: vec![number] }).unwrap();
            (turn_dice(&game), dice_labels(&game))
        };
        let face = |number: u8, glyph| Die { symbol: Some(DieSymbol::Piece(glyph)), ..Die::new(DieKind::D6, number) };
        let (dice, labels) = rolled(3);
        assert_eq!(dice, [Roll { dice: vec![face(3, rookery_render::Glyph::Bishop)], failed: true }]);
        assert_eq!(labels, ["deploy roll: 3, B, failed"]);
        let (dice, labels) = rolled(2);
        assert_eq!(dice, [Roll::new(vec![face(2, rookery_render::Glyph::Knight)])]);
        assert_eq!(labels, ["deploy roll: 2, N"]);
        let (dice, _) = rolled(6);
        assert_eq!(dice[0].dice[0].symbol, Some(DieSymbol::AnyPiece));
    }

    #[test]
    fn a_replay_that_would_not_fit_is_left_out_with_a_note() {
        let mut game = Game::new(Variant::Chess).unwrap();
        game.play_move(Color::White, "e4").unwrap();
        let pending =
            PendingReplay { name: "rookery-1.gif".into(), record: game.record(), flipped: false, result: None };
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
        let pending = PendingReplay { name: "rookery-2.gif".into(), record: broken, flipped: false, result: None };
        let mut failed = Reply { replay: Some(pending), ..Reply::default() };
        draw_pending(std::slice::from_mut(&mut failed));
        assert!(failed.files.is_empty() && failed.text.contains("could not be drawn"), "{}", failed.text);
    }
}
