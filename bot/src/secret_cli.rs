//! `rookery verify game.pgn`: checks the secret choices a PGN records (New
//! chess's true kings) against their commitments. The PGN's `{commit …}`
//! and `{reveal …}` comments are read back into the game, whose every reveal
//! the engine checks (SHA-256 of `context|colour|option|nonce`, see
//! docs/rules/secret-choices.md); the report says, per side, what was
//! committed and whether its reveal matches.

use rookery_engine::game::{Action, Game};
use rookery_engine::pgn_read;
use rookery_engine::turns::commitment;

/// Whether `text` is a PGN rather than a dice transcript.
pub fn is_pgn(text: &str) -> bool {
    text.trim_start().starts_with('[')
}

/// The report on the secret choices of the PGN `text`, and whether every
/// commitment was revealed and matches.
pub fn verify(text: &str) -> (String, bool) {
    let record = match pgn_read::read(text) {
        Ok(record) => record,
        // A reveal that does not match its commitment is refused while the
        // game is read back, so it ends up here with its reason.
        Err(error) => return (format!("The PGN does not verify: {error}."), false),
    };
    let game = match Game::replay(&record) {
        Ok(game) => game,
        Err(error) => return (format!("The PGN does not verify: {error}."), false),
    };
    let mut lines = Vec::new();
    let mut ok = true;
    for action in game.actions() {
        let Action::ChooseSecret { side, context, commitment: committed } = action else { continue };
        let name = game.position().rules().side_name(*side);
        let revealed = game.actions().iter().find_map(|a| match a {
            Action::Reveal { side: s, option, nonce } if s == side => Some((option, nonce)),
            _ => None,
        });
        match revealed {
            Some((option, nonce)) if commitment(context, *side, option, nonce) == *committed => lines.push(format!(
                "{name}: chose {option}; SHA-256 of `{context}|…|{option}|{nonce}` is the commitment {committed}: OK"
            )),
            Some((option, _)) => {
                ok = false;
                lines.push(format!("{name}: the reveal {option} does not match the commitment {committed}"));
            }
            None => {
                ok = false;
                lines.push(format!("{name}: committed {committed}, not revealed yet"));
            }
        }
    }
    if lines.is_empty() {
        return ("The PGN records no secret choice.".to_string(), false);
    }
    (lines.join("\n"), ok)
}
