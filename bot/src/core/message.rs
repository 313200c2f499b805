//! What a game looks like in the channel: who plays, whose turn, the last few
//! moves, the clocks, the result, and the buttons that apply right now.

use rookery_engine::game::{Choice, Game, Turn};
use rookery_engine::rules::RollKind;
use rookery_engine::Color;
use rookery_storage::{ChannelGame, Phase, Player};

use rookery_render::Theme;

use super::archive::{is_aborted, pgn_file};
use super::clock::{clock_line, time_control_text};
use super::{Button, ButtonAction, ButtonStyle, PendingReplay, Picture, Reply};
use crate::picture;

pub(super) fn player_name(player: Option<&Player>) -> String {
    player.map_or_else(|| "?".to_string(), |p| p.name.clone())
}

/// The game's name as players know it with its optional rules, if any:
/// `Dragonchess (dwarf_reversal)`.
fn variant_with_options(record: &ChannelGame) -> String {
    let title = record.variant.parse().map_or_else(|_| record.variant.clone(), super::info::title);
    if record.options.is_empty() {
        title
    } else {
        format!("{title} ({})", record.options)
    }
}

/// How many plies a game post lists.
const SHOWN_PLIES: usize = 8;

pub(super) fn challenge_message(record: &ChannelGame, challenger: &Player, opponent: Option<&Player>) -> Reply {
    let mut pace = Vec::new();
    if let Some(clock) = &record.clock {
        pace.push(format!("{} clocks", time_control_text(clock)));
    }
    if let Some(seconds) = record.move_seconds {
        let days = seconds / 86_400;
        pace.push(format!("{days} {} per move", if days == 1 { "day" } else { "days" }));
    }
    let pace = if pace.is_empty() { String::new() } else { format!(" with {}", pace.join(" and ")) };
    let variant = variant_with_options(record);
    let mut text = match opponent {
        Some(o) => format!("**{}** challenges **{}** to {variant}{pace}.", challenger.name, o.name),
        None => format!("**{}** opens a game of {variant}{pace}: anyone may accept.", challenger.name),
    };
    if let (Some(white), Some(_)) = (&record.white, &record.black) {
        text.push_str(&format!(" {} plays {}.", white.name, side_word(record, Color::White)));
    }
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

/// `White`, or the variant's own name for the side (`Gold`).
fn side_word(record: &ChannelGame, side: Color) -> String {
    record
        .variant
        .parse::<rookery_engine::Variant>()
        .ok()
        .and_then(|v| v.rules().ok())
        .map_or_else(|| side.fold("White", "Black").to_string(), |rules| rules.side_name(side).to_string())
}

/// The last few moves, numbered: `… 11. Bb5 a6 12. Ba4 Nf6`.
fn recent_moves(game: &Game) -> Option<String> {
    last_moves(game, SHOWN_PLIES)
}

/// The last `plies` moves, numbered, with `…` when earlier ones are left out.
pub(super) fn last_moves(game: &Game, plies: usize) -> Option<String> {
    let sans = game.moves_san();
    let ending = game.roll_ending_text();
    if sans.is_empty() && ending.is_none() {
        return None;
    }
    let start = game.start_position();
    // Plies counted from White's move of the start position's move number.
    let offset = usize::from(start.turn() == Color::Black);
    let first = sans.len().saturating_sub(plies);
    let mut words = Vec::new();
    if first > 0 {
        words.push("…".to_string());
    }
    for (ply, san) in sans.iter().enumerate().skip(first) {
        let number = start.fullmove_number() as usize + (ply + offset) / 2;
        if (ply + offset) % 2 == 0 {
            words.push(format!("{number}."));
        } else if ply == first {
            words.push(format!("{number}..."));
        }
        words.push(san.clone());
    }
    if let Some(ending) = ending {
        let ply = sans.len() + offset;
        let number = start.fullmove_number() as usize + ply / 2;
        words.push(if ply % 2 == 0 { format!("{number}.") } else { format!("{number}...") });
        words.push(ending);
    }
    Some(words.join(" "))
}

/// The animated replay of `game`, `bottom`'s side at the bottom.
pub(super) fn replay_of(record: &ChannelGame, game: &Game, bottom: Color) -> PendingReplay {
    // The stored result, not the engine's: a moderator's end is one too.
    let result = match &record.phase {
        Phase::Finished { result, reason } if !is_aborted(record) => {
            Some(crate::replay::result_caption(game.position().rules(), result, reason))
        }
        _ => None,
    };
    PendingReplay {
        name: format!("rookery-{}.gif", record.id),
        record: game.record(),
        flipped: bottom == Color::Black,
        result,
    }
}

/// The channel's post of the game, seen from the side chosen at the start.
pub(super) fn game_message(record: &ChannelGame, game: &Game) -> Reply {
    let bottom = if record.black_at_bottom { Color::Black } else { Color::White };
    game_message_from(record, game, bottom)
}

/// The game's post with `bottom`'s side at the bottom of the picture.
pub(super) fn game_message_from(record: &ChannelGame, game: &Game, bottom: Color) -> Reply {
    let white = player_name(record.white.as_ref());
    let black = player_name(record.black.as_ref());
    let rules = game.position().rules();
    let sides = [rules.side_name(Color::White), rules.side_name(Color::Black)];
    let mut lines = vec![format!(
        "**{white}** ({}) vs **{black}** ({}) · {} · game #{}",
        sides[0],
        sides[1],
        variant_with_options(record),
        record.id
    )];
    if let Some(moves) = recent_moves(game) {
        lines.push(format!("Moves: {moves}"));
    }
    let over = matches!(record.phase, Phase::Finished { .. });
    if let Some(clock) = &record.clock {
        lines.push(clock_line(clock, [&white, &black], over));
    }
    let mut reply = Reply::default();
    match (&record.phase, game.turn()) {
        (Phase::Finished { .. }, _) if is_aborted(record) => {
            lines.push("Aborted: no result, not rated.".to_string());
            reply.files.push(pgn_file(record, game));
        }
        (Phase::Finished { result, reason }, _) => {
            let winner = match result.as_str() {
                "1-0" => format!("{white} wins"),
                "0-1" => format!("{black} wins"),
                _ => "Draw".to_string(),
            };
            lines.push(format!("**{result}** · {winner} by {reason}."));
            lines.push(format!(
                "The PGN and a replay are attached; `/pgn {0}` and `/replay {0}` find them again, `/review {0}` \
                 marks the mistakes, and `/games` lists this channel's games.",
                record.id
            ));
            reply.files.push(pgn_file(record, game));
            // Drawn after the commit, like the board (`picture::draw_pending`).
            reply.replay = Some(replay_of(record, game, bottom));
            reply.buttons.push(Button::new(ButtonAction::Rematch, "Rematch", ButtonStyle::Primary));
        }
        (_, Some(turn)) => {
            let to_move = turn.side.fold(&white, &black);
            lines.push(format!("{to_move} to move ({}).", rules.side_name(turn.side)));
            if let Some(seconds) = record.move_seconds {
                lines.push(format!("Move due <t:{}:R>.", record.last_activity + seconds as i64));
            }
            if game.moves_san().len() < 2 {
                reply.buttons.push(Button::new(ButtonAction::Abort, "Abort", ButtonStyle::Secondary));
            }
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
            if let Some(note) = rules.turn_note.and_then(|note| note(game.position())) {
                lines.push(note);
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
                    Choice::ChooseSecret { options } => {
                        lines.push(format!(
                            "{to_move} makes a secret choice first, privately: `/choose {}`.",
                            options.join("|")
                        ));
                        reply.buttons.push(Button::new(ButtonAction::Secret, "Choose secretly", ButtonStyle::Primary));
                    }
                    Choice::PayPrice => {
                        let (line, buttons) = super::price::price_offer(record, game, turn.side, to_move);
                        lines.push(line);
                        reply.buttons.extend(buttons);
                    }
                    _ => {}
                }
            }
            for (index, kind) in offered {
                // A button rolls one kind, so a stale one cannot roll another.
                let Some(action) = ButtonAction::roll(index) else { continue };
                let label = format!("{} ({})", kind.label, dice_shape(kind.dice));
                reply.buttons.push(Button::new(action, &label, ButtonStyle::Primary));
            }
        }
        (_, None) => {}
    }
    for_game(&mut reply, record.id);
    // The orientation stays put: a board that flips after every move is
    // hard to follow for everyone watching.
    let flipped = bottom == Color::Black;
    // Only what to draw: the pixels come after the commit (`picture::draw_pending`).
    let view = picture::game_view(game, flipped, Theme::Light);
    reply.picture = Some(Picture { name: format!("board-{}.png", record.id), view, game: Some(record.id) });
    if let Some(asker) = &record.takeback_request {
        lines.push(format!("{asker} asks for a takeback."));
    }
    reply.text = lines.join("\n");
    reply
}

#[cfg(test)]
mod tests {
    use rookery_engine::game::Action;
    use rookery_engine::{Color, Variant};

    use super::*;

    #[test]
    fn a_last_turn_that_was_only_a_roll_is_listed_with_its_word() {
        let start = "k7/8/3r4/8/8/8/3P1P2/4K3[QRBNP] b e1 - 0 1 -";
        let mut game = Game::create(Variant::DiceLanding, "", Some(start)).unwrap();
        game.play_move(Color::Black, "Re6+").unwrap();
        let mut resigned = game.clone();
        resigned.apply(Action::Resign(Color::White)).unwrap();
        assert_eq!(last_moves(&resigned, 8).as_deref(), Some("1... Re6+"), "a resignation adds no word");
        // In check, White rolls `N` (2): a knight cannot block the rook, so White loses by R5.
        game.apply(Action::Roll { side: Color::White, kind: 0, faces: vec![2] }).unwrap();
        assert_eq!(last_moves(&game, 8).as_deref(), Some("1... Re6+ 2. [N]>×"));
    }
}
