//! Replays: a game as an animated GIF, one frame per position. The frames
//! are the board pictures players saw during the game: the last move marked
//! (tint and arrow), and in a dice game the dice rolled for that move beside
//! the board, with what they granted.

use rookery_engine::game::{Action, Game, ReplayError};
use rookery_render::position::{view_of, Look};
use rookery_render::{BoardView, GifTiming, Theme};

use crate::picture::{dice_labels, renderer, turn_dice};

/// Discord refuses uploads over its limit (10 MiB without boosts today, and
/// 8 MiB before 2024); a message's files together stay under the smaller.
pub const ATTACHMENT_MAX: usize = 8 * 1024 * 1024;

/// How long each frame stays up: long enough to read the dice labels.
const TIMING: GifTiming = GifTiming { frame_ms: 1000, last_frame_ms: 4000 };

/// One view per position of `game`: the start, then one after each move or
/// pass (so `plies + 1` frames). Rolls, reveals and the like make no frame
/// of their own: the next move's frame shows what they did.
pub fn frames(game: &Game, flipped: bool, theme: Theme) -> Result<Vec<BoardView>, ReplayError> {
    let record = game.record();
    let mut replay = Game::create(record.variant, &record.options, record.start.as_deref())?;
    let look = Look { last_move: None, flipped, theme };
    let mut frames = vec![view_of(replay.position(), look)];
    for (index, action) in game.actions().iter().enumerate() {
        let ply = matches!(action, Action::Move(_) | Action::Pass(_));
        // The dice in force for this move, read before the move clears them.
        let (dice, labels) = if ply { (turn_dice(&replay), dice_labels(&replay)) } else { Default::default() };
        replay.apply(action.clone()).map_err(|error| ReplayError::Action {
            index,
            text: format!("{action:?}"),
            error,
        })?;
        if ply {
            let last_move = match action {
                Action::Move(mv) => Some(*mv),
                _ => None,
            };
            let mut view = view_of(replay.position(), Look { last_move, ..look });
            view.arrow_last_move();
            view.dice = dice;
            view.dice_labels = labels;
            frames.push(view);
        }
    }
    Ok(frames)
}

/// Why a replay could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReplayFailure {
    #[error("the game does not replay: {0}")]
    Replay(#[from] ReplayError),
    #[error("the picture failed: {0}")]
    Render(#[from] rookery_render::RenderError),
}

/// The whole game as a looping animated GIF.
pub fn game_gif(game: &Game, flipped: bool, theme: Theme) -> Result<Vec<u8>, ReplayFailure> {
    Ok(renderer().render_gif(&frames(game, flipped, theme)?, TIMING)?)
}

/// `1.4 MB`: a size for people.
pub fn megabytes(bytes: usize) -> String {
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rookery_engine::game::Choice;
    use rookery_engine::{turns, Color, Variant};

    /// Up to `plies` turns of `variant` by a fixed pseudo-random player that
    /// makes the rolls, secret choices and reveals the rules ask for.
    fn random_game(variant: Variant, plies: usize) -> Game {
        let mut game = Game::new(variant).unwrap();
        let mut state: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: usize| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (state >> 33) as usize % n.max(1)
        };
        let mut played = 0;
        let mut chosen: [Option<String>; 2] = [None, None];
        while played < plies {
            let Some(turn) = game.turn() else { break };
            let side = turn.side;
            let action = match &turn.choices[..] {
                [Choice::ChooseSecret { options }, ..] => {
                    let option = &options[0];
                    chosen[side.index()] = Some(option.clone());
                    let commitment = turns::commitment("test", side, option, "nonce");
                    Action::ChooseSecret { side, context: "test".into(), commitment }
                }
                [Choice::Reveal, ..] => {
                    let option = chosen[side.index()].clone().unwrap_or_default();
                    Action::Reveal { side, option, nonce: "nonce".into() }
                }
                choices => match choices.iter().find(|c| matches!(c, Choice::Roll { required: true, .. })) {
                    Some(Choice::Roll { kind, dice, .. }) => {
                        let faces = dice.iter().map(|&sides| 1 + next(sides as usize) as u32).collect();
                        Action::Roll { side, kind: *kind, faces }
                    }
                    _ => {
                        let moves = game.position().legal_moves();
                        played += 1;
                        if moves.is_empty() {
                            Action::Pass(side)
                        } else {
                            Action::Move(moves[next(moves.len())])
                        }
                    }
                },
            };
            if game.apply(action).is_err() {
                // A price to pay, say: this player stops there.
                break;
            }
        }
        game
    }

    #[test]
    fn every_variant_replays_with_a_frame_per_ply() {
        for variant in Variant::ALL {
            let game = random_game(variant, 12);
            let plies = game.actions().iter().filter(|a| matches!(a, Action::Move(_) | Action::Pass(_))).count();
            assert!(plies >= 6, "{variant}: only {plies} plies");
            let frames = frames(&game, false, Theme::Light).unwrap();
            assert_eq!(frames.len(), plies + 1, "{variant}");
            let gif = renderer().render_gif(&frames, TIMING).unwrap();
            let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif)).unwrap();
            let decoded = image::AnimationDecoder::into_frames(decoder).collect_frames().unwrap();
            assert_eq!(decoded.len(), plies + 1, "{variant}");
            let dice_frames = frames.iter().filter(|f| !f.dice.is_empty()).count();
            let rolls = game.actions().iter().filter(|a| matches!(a, Action::Roll { .. })).count();
            assert_eq!(dice_frames > 0, rolls > 0, "{variant}: dice shown where rolled");
            if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
                std::fs::write(std::path::Path::new(&dir).join(format!("replay-{variant}.gif")), &gif).unwrap();
                let png = renderer().render_png(frames.last().unwrap()).unwrap();
                std::fs::write(std::path::Path::new(&dir).join(format!("replay-{variant}-last.png")), png).unwrap();
            }
        }
    }

    #[test]
    fn a_frame_per_ply_with_the_rolled_dice_on_the_move_they_were_rolled_for() {
        let mut game = Game::new(Variant::LuckDragon).unwrap();
        let lucky8 = game.position().rules().chance.unwrap().kinds.iter().position(|k| k.dice.len() == 1).unwrap();
        game.apply(Action::Roll { side: Color::White, kind: lucky8, faces: vec![3] }).unwrap();
        game.play_move(Color::White, "e4").unwrap();
        game.play_move(Color::Black, "e5").unwrap();
        let frames = frames(&game, false, Theme::Light).unwrap();
        assert_eq!(frames.len(), 3);
        assert!(frames[0].dice.is_empty() && frames[0].last_move.is_none());
        assert_eq!(frames[1].dice.len(), 1, "White's Lucky 8 is shown with White's move");
        assert_eq!(frames[1].dice_labels.len(), 1);
        assert!(frames[2].dice.is_empty(), "Black rolled nothing");
        assert_eq!(frames[2].arrows.len(), 1, "the last move has its arrow");
        let gif = game_gif(&game, false, Theme::Light).unwrap();
        assert_eq!(&gif[..6], b"GIF89a");
        if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
            std::fs::write(std::path::Path::new(&dir).join("replay-luckdragon.gif"), &gif).unwrap();
            let png = renderer().render_png(&frames[1]).unwrap();
            std::fs::write(std::path::Path::new(&dir).join("replay-luckdragon-frame1.png"), png).unwrap();
        }
    }
}
