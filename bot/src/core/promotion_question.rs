//! A move typed without saying whether it promotes, where promoting is a
//! choice (New chess §12.2: `Ff8` where the fool may be knighted): the bot
//! asks instead of guessing, privately, with one button per reading and the
//! words that play each. Nothing is played until the player answers.

use rookery_engine::game::Game;
use rookery_engine::{notation, Move};
use rookery_storage::ChannelGame;

use super::{Button, ButtonAction, ButtonStyle, Reply};

/// The question for `ways`: the move without promotion first, then each
/// promotion (as [`notation::open_promotion`] gives them).
pub(super) fn ask(record: &ChannelGame, game: &Game, ways: &[Move]) -> Reply {
    let position = game.position();
    let verb = position.rules().promotion_verb;
    let legal = position.legal_moves();
    let san = |mv: Move| notation::san_among(position, mv, &legal);
    let (plain, promoted) = ways.split_first().expect("an open promotion has two ways at least");
    let mut words = Vec::new();
    let mut buttons = Vec::new();
    for (i, mv) in promoted.iter().enumerate() {
        let written = notation::coordinates(position, *mv);
        words.push(format!("`{}` (or `{written}`) to {verb} it", san(*mv)));
        let label = if promoted.len() == 1 { capitalised(verb) } else { format!("{} {}", capitalised(verb), i + 1) };
        buttons.push(choice(record, &format!("{label}: {}", san(*mv)), &written, ButtonStyle::Primary));
    }
    let declined = notation::coordinates(position, *plain);
    words.push(format!("`{declined}` not to"));
    buttons.push(choice(record, &format!("Don't {verb}: {}", san(*plain)), &declined, ButtonStyle::Secondary));
    let mut reply = Reply::private(format!(
        "`{}` may {verb} the piece or not. Which one? Click, or type {}.",
        san(*plain),
        words.join(", or ")
    ));
    reply.buttons = buttons;
    reply
}

fn choice(record: &ChannelGame, label: &str, text: &str, style: ButtonStyle) -> Button {
    let mut button = Button::new(ButtonAction::ChosenMove, label, style);
    button.payload = Some(format!("{}:{text}", record.id));
    button
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect())
}
