//! What a game looks like in the channel: who plays, whose turn, the last move,
//! the result, and the buttons that apply right now.

use rookery_engine::game::{Choice, Game, Turn};
use rookery_engine::rules::RollKind;
use rookery_engine::Color;
use rookery_storage::{ChannelGame, Phase, Player};

use rookery_render::Theme;

use super::{Attachment, Button, ButtonAction, ButtonStyle, Reply};
use crate::picture;

pub(super) fn player_name(player: Option<&Player>) -> String {
    player.map_or_else(|| "?".to_string(), |p| p.name.clone())
}

/// The variant's name with its optional rules, if any: `dragonchess (dwarf_reversal)`.
fn variant_with_options(record: &ChannelGame) -> String {
    if record.options.is_empty() {
        record.variant.clone()
    } else {
        format!("{} ({})", record.variant, record.options)
    }
}

pub(super) fn challenge_message(record: &ChannelGame, challenger: &Player, opponent: Option<&Player>) -> Reply {
    let pace = record.move_seconds.map_or(String::new(), |s| format!(" with {} days per move", s / 86_400));
    let variant = variant_with_options(record);
    let text = match opponent {
        Some(o) => format!("**{}** challenges **{}** to {variant}{pace}.", challenger.name, o.name),
        None => format!("**{}** opens a game of {variant}{pace}: anyone may accept.", challenger.name),
    };
    let mut reply = Reply::text(text);
    reply.buttons = vec![
        Button::new(ButtonAction::Accept, "Accept", ButtonStyle::Success),
        Button::new(ButtonAction::Decline, "Decline", ButtonStyle::Secondary),
    ];
    for_game(&mut reply, record.id);
    reply
}

/// Names the game in every button of `reply`, so a stale click is refused.
fn for_game(reply: &mut Reply, game: u64) {
    for button in &mut reply.buttons {
        button.game = Some(game);
    }
}

/// The rolls `turn` lets a player ask for, with their index among the
/// variant's roll kinds; automatic rolls are the bot's, never offered.
pub(super) fn offered_rolls(game: &Game, turn: &Turn) -> Vec<(usize, &'static RollKind)> {
    let Some(chance) = game.position().rules().chance else { return Vec::new() };
    chance
        .kinds
        .iter()
        .enumerate()
        .filter(|(index, kind)| {
            !kind.automatic && turn.choices.iter().any(|c| matches!(c, Choice::Roll { kind, .. } if kind == index))
        })
        .collect()
}

/// `3d8`, `d8`: how a roll of these dice is written.
fn dice_shape(dice: &[u32]) -> String {
    let count = if dice.len() == 1 { String::new() } else { dice.len().to_string() };
    format!("{count}d{}", dice.first().copied().unwrap_or(0))
}

pub(super) fn game_message(record: &ChannelGame, game: &Game) -> Reply {
    let white = player_name(record.white.as_ref());
    let black = player_name(record.black.as_ref());
    let rules = game.position().rules();
    let sides = [rules.side_name(Color::White), rules.side_name(Color::Black)];
    let mut lines =
        vec![format!("**{white}** ({}) vs **{black}** ({}) · {}", sides[0], sides[1], variant_with_options(record))];
    if let Some(last) = game.moves_san().last() {
        let ply = game.moves_san().len() - 1;
        let start = game.start_position();
        let number = start.fullmove_number() as usize + (ply + usize::from(start.turn() == Color::Black)) / 2;
        let dots = if (ply + usize::from(start.turn() == Color::Black)) % 2 == 0 { "." } else { "..." };
        lines.push(format!("Last move: {number}{dots} {last}"));
    }
    let mut reply = Reply::default();
    match (&record.phase, game.turn()) {
        (Phase::Finished { result, reason }, _) => {
            let winner = match result.as_str() {
                "1-0" => format!("{white} wins"),
                "0-1" => format!("{black} wins"),
                _ => "Draw".to_string(),
            };
            lines.push(format!("**{result}** · {winner} by {reason}."));
        }
        (_, Some(turn)) => {
            let to_move = turn.side.fold(&white, &black);
            lines.push(format!("{to_move} to move ({}).", rules.side_name(turn.side)));
            reply.buttons.push(Button::new(ButtonAction::Resign, "Resign", ButtonStyle::Danger));
            match game.draw_offer() {
                Some(by) => {
                    lines.push(format!("{} offers a draw.", by.fold(&white, &black)));
                    reply.buttons.push(Button::new(ButtonAction::AcceptDraw, "Accept draw", ButtonStyle::Success));
                    reply.buttons.push(Button::new(ButtonAction::DeclineDraw, "Decline draw", ButtonStyle::Secondary));
                }
                None => reply.buttons.push(Button::new(ButtonAction::OfferDraw, "Offer draw", ButtonStyle::Secondary)),
            }
            for choice in &turn.choices {
                if let Choice::ClaimDraw(reason) = choice {
                    lines.push(format!("A draw may be claimed ({reason}): `/draw claim`."));
                }
            }
            let rolled: Vec<String> = game.turn_rolls().iter().filter_map(|roll| game.roll_text(roll)).collect();
            if !rolled.is_empty() {
                lines.push(format!("Dice this turn: {}", rolled.join(" ")));
            }
            let offered = offered_rolls(game, &turn);
            if !offered.is_empty() {
                let words: Vec<String> = offered.iter().map(|(_, k)| format!("{} (`{}`)", k.label, k.word)).collect();
                let must = turn.choices.iter().any(|c| matches!(c, Choice::Roll { required: true, .. }));
                let verb = if must { "must roll" } else { "may roll first" };
                lines.push(format!("{to_move} {verb}: {}.", words.join(" or ")));
            }
            for choice in &turn.choices {
                match choice {
                    Choice::Pass { .. } => {
                        lines.push(format!("{to_move} may pass (`pass`)."));
                        reply.buttons.push(Button::new(ButtonAction::Pass, "Pass", ButtonStyle::Secondary));
                    }
                    Choice::ChooseSecret { options } => lines.push(format!(
                        "{to_move} makes a secret choice first, privately: `/choose {}`.",
                        options.join("|")
                    )),
                    _ => {}
                }
            }
            for (index, kind) in offered {
                // A button rolls one kind, so a stale one cannot roll another;
                // further kinds are rolled by typing their word.
                let action = match index {
                    0 => ButtonAction::Roll,
                    1 => ButtonAction::RollSecond,
                    _ => continue,
                };
                let label = format!("{} ({})", kind.label, dice_shape(kind.dice));
                reply.buttons.push(Button::new(action, &label, ButtonStyle::Primary));
            }
        }
        (_, None) => {}
    }
    for_game(&mut reply, record.id);
    // The player to move sees their own side at the bottom.
    let flipped = game.outcome().is_none() && game.position().turn() == Color::Black;
    match picture::game_png(game, flipped, Theme::Light) {
        Ok(bytes) => reply.image = Some(Attachment { name: format!("board-{}.png", record.id), bytes }),
        // A missing picture must not cost the player their move.
        Err(error) => tracing::error!(%error, game = record.id, "board picture failed"),
    }
    if let Some(asker) = &record.takeback_request {
        lines.push(format!("{asker} asks for a takeback."));
    }
    reply.text = lines.join("\n");
    reply
}
