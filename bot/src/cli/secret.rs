//! `rookery verify game.pgn`: reads a game's PGN back as the engine reads
//! every PGN (every turn must be legal), checks its `Result` tag against the
//! ending the turns give, and checks the secret choices it records (New
//! chess's true kings) against their commitments. The PGN's `{commit …}` and
//! `{reveal …}` comments are read back into the game, whose every reveal the
//! engine checks (SHA-256 of `context|colour|option|nonce`, see
//! docs/turns.md); the report says, per side, what was committed and whether
//! its reveal matches.

use rookery_engine::game::{Action, Game};
use rookery_engine::pgn_read;
use rookery_engine::turns::{commitment, preimage};

use crate::words::counted;

/// Whether `text` is a PGN rather than a dice transcript.
pub fn is_pgn(text: &str) -> bool {
    text.trim_start().starts_with('[')
}

/// The report on the PGN `text`, and whether it reads back with the result
/// it states and every commitment was revealed and matches.
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
    let result = game.outcome().map_or("*", |o| o.result());
    let turns = game.moves_san().len();
    let mut lines = vec![format!("The PGN reads back: {}, result {result}.", counted(turns as u64, "move", "moves"))];
    let mut ok = true;
    if let Some(stated) = pgn_read::tag(text, "Result").filter(|stated| stated != result) {
        ok = false;
        lines.push(format!("Its Result tag says {stated}, but its moves end in {result}."));
    }
    for action in game.actions() {
        let Action::ChooseSecret { side, context, commitment: committed } = action else { continue };
        let name = game.position().rules().side_name(*side);
        let revealed = game.actions().iter().find_map(|a| match a {
            Action::Reveal { side: s, option, nonce } if s == side => Some((option, nonce)),
            _ => None,
        });
        match revealed {
            Some((option, nonce)) if commitment(context, *side, option, nonce) == *committed => lines.push(format!(
                "{name}: chose {option}: OK. The commitment {committed} is the SHA-256 of `{}` \
                 (check: `echo -n '{0}' | sha256sum`)",
                preimage(context, *side, option, nonce)
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
    if !game.actions().iter().any(|action| matches!(action, Action::ChooseSecret { .. })) {
        lines.push("It records no secret choice.".to_string());
    }
    (lines.join("\n"), ok)
}
