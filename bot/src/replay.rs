//! Replays: a game as an animated GIF, one frame per position. The frames
//! are the board pictures players saw during the game: the last move marked
//! (tint and arrow), and in a dice game the dice rolled for that move beside
//! the board, with what they granted.

use rookery_engine::game::{Action, Game, ReplayError};
use rookery_engine::rules::Rules;
use rookery_engine::Color;
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
            view.rolls = dice;
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

/// The whole game as a looping animated GIF, the last frame captioned with
/// `result` (see [`result_caption`]) when the game is over.
pub fn game_gif(game: &Game, flipped: bool, theme: Theme, result: Option<&str>) -> Result<Vec<u8>, ReplayFailure> {
    game_end_gif(game, flipped, theme, result, usize::MAX)
}

/// [`game_gif`] of the game's last `plies` moves only (from the position
/// before the first of them): a replay that fits where the whole one would not.
pub fn game_end_gif(
    game: &Game,
    flipped: bool,
    theme: Theme,
    result: Option<&str>,
    plies: usize,
) -> Result<Vec<u8>, ReplayFailure> {
    let mut frames = frames(game, flipped, theme)?;
    frames.drain(..frames.len().saturating_sub(plies.saturating_add(1)));
    if let Some(last) = frames.last_mut() {
        last.caption = result.map(str::to_string);
    }
    Ok(renderer().render_gif(&frames, TIMING)?)
}

/// How a result reads under a replay: `1-0 · White wins by checkmate`,
/// `1/2-1/2 · Draw by agreement`, from the result token and the reason.
pub fn result_caption(rules: &Rules, result: &str, reason: &str) -> String {
    let verdict = match result {
        "1-0" => format!("{} wins by {reason}", rules.side_name(Color::White)),
        "0-1" => format!("{} wins by {reason}", rules.side_name(Color::Black)),
        "1/2-1/2" => format!("Draw by {reason}"),
        _ => reason.to_string(),
    };
    format!("{result} · {verdict}")
}

/// [`result_caption`] of the engine's own outcome, if the game has one.
pub fn outcome_caption(game: &Game) -> Option<String> {
    let outcome = game.outcome()?;
    let rules = game.position().rules();
    Some(result_caption(rules, outcome.result(), &outcome.reason.describe(&rules.draws)))
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
    /// makes the rolls, secret choices and reveals the rules ask for, and
    /// half the rolls they offer.
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
                choices => match choices.iter().find(|c| match c {
                    Choice::Roll { required: true, .. } => true,
                    // Half the turns that may roll do, once a kind.
                    Choice::Roll { kind, .. } => {
                        game.turn_rolls().iter().all(|(rolled, _)| rolled != kind) && next(2) == 0
                    }
                    _ => false,
                }) {
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
            let dice_frames = frames.iter().filter(|f| !f.rolls.is_empty()).count();
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
    fn every_picture_of_a_dice_game_has_one_size() {
        let size = |view: &BoardView| {
            let frame = renderer().compose(view).unwrap();
            (frame.width(), frame.height())
        };
        for variant in Variant::ALL.into_iter().filter(|v| Game::new(*v).unwrap().position().rules().chance.is_some()) {
            let game = random_game(variant, 40);
            // The board posted after every action (a roll too), both ways up,
            // and every frame of the replay, the result on the last.
            let mut replay = Game::create(game.variant(), "", None).unwrap();
            let mut views = vec![crate::picture::game_view(&replay, false, Theme::Light)];
            for action in game.actions() {
                replay.apply(action.clone()).unwrap();
                views.extend([true, false].map(|flipped| crate::picture::game_view(&replay, flipped, Theme::Light)));
            }
            let mut frames = frames(&game, false, Theme::Light).unwrap();
            frames.last_mut().unwrap().caption = Some("1-0 · White wins by checkmate".into());
            views.extend(frames);
            let shown = |rolls: usize| views.iter().filter(|v| v.rolls.len() == rolls).count();
            assert!(shown(0) > 0 && views.len() > shown(0), "{variant}: pictures with dice and without");
            let first = size(&views[0]);
            for (i, view) in views.iter().enumerate() {
                assert_eq!(size(view), first, "{variant}: picture {i} of {}", views.len());
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
        assert!(frames[0].rolls.is_empty() && frames[0].last_move.is_none());
        assert_eq!(frames[1].rolls.len(), 1, "White's Lucky 8 is shown with White's move");
        assert_eq!(frames[1].dice_labels.len(), 1);
        assert!(frames[2].rolls.is_empty(), "Black rolled nothing");
        assert_eq!(frames[2].arrows.len(), 1, "the last move has its arrow");
        let gif = game_gif(&game, false, Theme::Light, None).unwrap();
        assert_eq!(&gif[..6], b"GIF89a");
        if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
            std::fs::write(std::path::Path::new(&dir).join("replay-luckdragon.gif"), &gif).unwrap();
            let png = renderer().render_png(&frames[1]).unwrap();
            std::fs::write(std::path::Path::new(&dir).join("replay-luckdragon-frame1.png"), png).unwrap();
        }
    }
}
