//! The comments PGN movetext carries besides the moves: each roll, and the
//! turn actions of secret choices and forfeited royals, in the forms New
//! chess's §12.1 gives them:
//!
//! - `{commit W: <hex>}` for a secret choice (only its commitment);
//! - `{reveal W: E-king nonce=<hex>}` when it is revealed;
//! - `{brother}` after a move that mated a royal piece which was then
//!   forfeited, `{true king}` after one that mated the decisive one;
//! - `{price: P g3 h3 i3 j3 → Black hand}` (or `→ out of the game`);
//!
//! and the draw offers, refusals and claims where they were made
//! (`{Black offers a draw}`, `{White declines the draw}`, `{White claims a
//! draw}`), so that the PGN says who offered and who claimed. An accepted
//! offer needs no note: the closing comment says `Draw by agreement`.
//!
//! [`crate::pgn_read`] reads every one of them back.

use crate::color::Color;
use crate::game::{Action, EndReason, Game};
use crate::position::Position;
use crate::rules::Rules;

/// The comments before each move (index `i`: before the `i`-th move or
/// pass), and last, those after the last move. Built by replaying the game,
/// since a price names the pieces as they stood when it was paid.
pub(crate) fn action_notes(game: &Game) -> Vec<Vec<String>> {
    let mut notes = vec![Vec::new()];
    let record = game.record();
    let Ok(mut shadow) = Game::create(record.variant, &record.options, record.start.as_deref()) else {
        return notes;
    };
    for action in game.actions() {
        let before = notes.last_mut().expect("one list at least");
        match action {
            Action::Roll { kind, faces, .. } => before.extend(game.roll_text(&(*kind, faces.clone()))),
            Action::ChooseSecret { side, commitment, .. } => {
                before.push(format!("{{commit {}: {commitment}}}", letter(*side)))
            }
            Action::PayPrice { side, squares } => before.push(price_note(shadow.position(), *side, squares)),
            Action::OfferDraw(side) | Action::DeclineDraw(side) | Action::ClaimDraw(side) => {
                let name = shadow.position().rules().side_name(*side);
                before.extend(
                    DRAW_NOTES
                        .iter()
                        .find(|(_, of)| of(*side) == *action)
                        .map(|(verb, _)| format!("{{{name} {verb}}}")),
                )
            }
            _ => {}
        }
        let (forfeits, was_over) = (shadow.forfeits().len(), shadow.outcome().is_some());
        if shadow.apply(action.clone()).is_err() {
            break;
        }
        if matches!(action, Action::Move(_) | Action::Pass(_)) {
            notes.push(Vec::new());
        }
        let after = notes.last_mut().expect("one list at least");
        // The royal a move mated: a brother once forfeited, or (the game
        // ending in mate where a secret tells royals apart) the true one.
        let secret = shadow.position().rules().turns.secret;
        if shadow.forfeits().len() > forfeits {
            after.push("{brother}".to_string());
        } else if let Some(secret) = secret.filter(|_| !was_over) {
            if shadow.outcome().is_some_and(|o| o.reason == EndReason::Checkmate) {
                after.push(format!("{{{}}}", secret.label));
            }
        }
        if let Action::Reveal { side, option, nonce } = action {
            let name = option_name(shadow.position(), option);
            after.push(format!("{{reveal {}: {name} nonce={nonce}}}", letter(*side)));
        }
    }
    notes
}

/// A draw action of a side.
type DrawAction = fn(Color) -> Action;

/// The draw notes' words after the side's name, and the action each stands for.
const DRAW_NOTES: [(&str, DrawAction); 3] = [
    ("offers a draw", Action::OfferDraw),
    ("declines the draw", Action::DeclineDraw),
    ("claims a draw", Action::ClaimDraw),
];

/// The action a draw note (`Black offers a draw`, without its braces) stands for.
pub(crate) fn read_draw_note(rules: &Rules, comment: &str) -> Option<Action> {
    Color::ALL.into_iter().find_map(|side| {
        let verb = comment.strip_prefix(rules.side_name(side))?.strip_prefix(' ')?;
        DRAW_NOTES.iter().find(|(words, _)| *words == verb).map(|(_, of)| of(side))
    })
}

/// `W` or `B`, as the comments name a side.
pub(crate) fn letter(side: Color) -> char {
    side.fold('W', 'B')
}

/// A secret option with the noun its label ends in: `E` of the "true king"
/// is the `E-king`.
pub(crate) fn option_name(position: &Position, option: &str) -> String {
    match position.rules().turns.secret.and_then(|s| s.label.rsplit(' ').next()) {
        Some(noun) => format!("{option}-{noun}"),
        None => option.to_string(),
    }
}

/// `{price: P g3 h3 i3 j3 → Black hand}`: the pieces as the hand holds them.
fn price_note(position: &Position, side: Color, squares: &[crate::geometry::Square]) -> String {
    let rules = position.rules();
    let g = &rules.geometry;
    let mut letters: Vec<char> = squares
        .iter()
        .filter_map(|s| position.piece_at(*s))
        .map(|piece| {
            let kind = rules.drops.as_ref().map_or(piece.kind, |d| d.in_hand_as[piece.kind.0 as usize]);
            rules.kind(kind).letter
        })
        .collect();
    letters.dedup();
    let names: Vec<String> = squares.iter().map(|s| g.name(*s).to_string()).collect();
    let letters: String = letters.iter().collect();
    let whither = match rules.turns.forfeit {
        Some(f) if f.paid_to_opponent => format!("{} hand", rules.side_name(!side)),
        _ => "out of the game".to_string(),
    };
    format!("{{price: {letters} {} → {whither}}}", names.join(" "))
}
