//! Turns that are more than a move, as UCI words. UCI's `position … moves`
//! and `bestmove` carry one word per action, so a dice game's roll and a pass
//! are written as single words (docs/uci.md):
//! - `roll:3,5,8` the faces rolled (the kind told by the number of dice, or by
//!   the turn), `roll:lucky8:6` with the kind named;
//! - `0000` a pass (UCI's null move).
//!
//! The engine never rolls: when its turn is a roll it answers `bestmove
//! roll:<kind>` and waits for the interface to send the roll back.

use rookery_engine::game::{parse_action, Action, Game, GameError};
use rookery_engine::player::Decision;
use rookery_engine::{notation, Color};

/// Reads one token of `position … moves` as the action of the side to act in
/// `game`.
pub fn parse_token(game: &Game, token: &str) -> Result<Action, GameError> {
    let side = game.turn().map_or(game.position().turn(), |turn| turn.side);
    let side = side.fold("white", "black");
    let text = if token == "0000" {
        format!("pass {side}")
    } else if let Some(rest) = token.strip_prefix("roll:") {
        format!("roll {side} {}", rest.replace(':', " "))
    } else {
        token.to_owned()
    };
    parse_action(game.position(), &text)
}

/// `decision` as the word after `bestmove`, or `None` when UCI has no word
/// for it (a draw claim, a resignation: the interface judges those; a
/// price or a secret belong to New chess, which UCI does not offer).
pub fn decision_token(game: &Game, decision: &Decision) -> Option<String> {
    let position = game.position();
    match decision {
        Decision::Act(Action::Move(mv)) => Some(notation::coordinates(position, *mv)),
        Decision::Act(Action::Pass(_)) => Some("0000".to_owned()),
        Decision::Roll { kind } => {
            let word = position.rules().chance?.kinds.get(*kind)?.word;
            Some(format!("roll:{word}"))
        }
        Decision::Act(_) | Decision::Secret { .. } => None,
    }
}

/// What the interface must do for a roll of `kind`, for the engine log:
/// `roll 3d8 (Luck Dice) and send it as roll:a,b,c`.
pub fn roll_request(game: &Game, side: Color, kind: usize) -> Option<String> {
    let roll = game.position().rules().chance?.kinds.get(kind)?;
    let shape = roll.notation();
    let letters: Vec<String> = ('a'..='z').take(roll.dice.len()).map(String::from).collect();
    let named = if roll.label == shape { String::new() } else { format!(" ({})", roll.label) };
    Some(format!(
        "{} rolls {shape}{named}: send the faces as roll:{}:{}",
        side.fold("White", "Black"),
        roll.word,
        letters.join(",")
    ))
}
