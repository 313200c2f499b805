//! PGN export in the form lichess and python-chess import unchanged: the seven
//! tag roster, then lichess's `UTCDate`/`UTCTime`, `Variant`, `TimeControl` and
//! `Termination`, `SetUp`/`FEN` for a custom start, SAN movetext with move
//! numbers, lines of at most 80 characters, a closing comment saying how the
//! game ended, and the result. A variant's dice rolls are written as comments
//! before the move they preceded (a last turn that was only a roll also gets
//! the variant's word for it, see [`Game::roll_ending_text`]), and secret
//! choices, reveals and prices as New chess writes them (see
//! [`crate::pgn_notes`]); a variant whose sides are not called White and
//! Black names them in `WhiteSide`/`BlackSide` tags (`Gold`, `Scarlet`).

use crate::color::Color;
use crate::fen;
use crate::game::{Action, EndReason, Game};

/// The people, place and time of a game. Unknown values are written as PGN's `?`.
#[derive(Clone, Debug, Default)]
pub struct Tags {
    pub event: Option<String>,
    pub site: Option<String>,
    /// `YYYY.MM.DD`, the UTC date the game started; also written as `UTCDate`.
    pub date: Option<String>,
    /// `HH:MM:SS`, the UTC time the game started.
    pub time: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
    /// PGN's `TimeControl`: `300+3` for real-time clocks, `1/86400` for one
    /// day per move, `-` for none.
    pub time_control: Option<String>,
    /// The game was abandoned (aborted) rather than played to a result.
    pub abandoned: bool,
}

/// The game as PGN text, ending with a newline.
pub fn write(game: &Game, tags: &Tags) -> String {
    let result = game.outcome().map_or("*", |o| o.result());
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{escaped}\"]\n"));
    };
    let or_unknown = |v: &Option<String>| v.clone().unwrap_or_else(|| "?".into());
    tag("Event", &or_unknown(&tags.event));
    tag("Site", &or_unknown(&tags.site));
    let date = tags.date.clone().unwrap_or_else(|| "????.??.??".into());
    tag("Date", &date);
    tag("Round", "-");
    tag("White", &or_unknown(&tags.white));
    tag("Black", &or_unknown(&tags.black));
    tag("Result", result);
    if let Some(time) = &tags.time {
        tag("UTCDate", &date);
        tag("UTCTime", time);
    }
    let rules = game.position().rules();
    if rules.side_names != ["White", "Black"] {
        tag("WhiteSide", rules.side_name(Color::White));
        tag("BlackSide", rules.side_name(Color::Black));
    }
    tag("Variant", game.position().rules().pgn_variant);
    let options = game.options().write(rules.options);
    if !options.is_empty() {
        tag("VariantOptions", &options);
    }
    if let Some(control) = &tags.time_control {
        tag("TimeControl", control);
    }
    let outcome = game.outcome();
    let termination = match outcome.map(|o| o.reason) {
        _ if tags.abandoned => "Abandoned",
        None => "Unterminated",
        Some(EndReason::Timeout | EndReason::TimeoutVsBareKing | EndReason::TimeoutVsInsufficientMaterial) => {
            "Time forfeit"
        }
        Some(_) => "Normal",
    };
    tag("Termination", termination);
    let start = game.start_position();
    let start_fen = fen::write(start);
    if start_fen != start.rules().start {
        tag("SetUp", "1");
        tag("FEN", &start_fen);
    }
    // The text a secret's commitment is bound to (the game's public id), so
    // that the `{commit …}` comments can be checked and read back.
    if let Some(context) = game.actions().iter().find_map(|a| match a {
        Action::ChooseSecret { context, .. } => Some(context),
        _ => None,
    }) {
        tag("SecretContext", context);
    }
    out.push('\n');

    let mut tokens = Vec::new();
    let mut number = start.fullmove_number();
    let mut side = start.turn();
    let mut notes = crate::pgn_notes::action_notes(game).into_iter();
    for (i, san) in game.moves_san().iter().enumerate() {
        let before = notes.next().unwrap_or_default();
        let noted = !before.is_empty();
        tokens.extend(before);
        if side == Color::White {
            tokens.push(format!("{number}."));
        } else if i == 0 || noted {
            tokens.push(format!("{number}..."));
        }
        tokens.push(san.clone());
        if side == Color::Black {
            number += 1;
        }
        side = !side;
    }
    tokens.extend(notes.flatten());
    // A last turn that was only a roll still gets its number and word.
    if let Some(ending) = game.roll_ending_text() {
        tokens.push(if side == Color::White { format!("{number}.") } else { format!("{number}...") });
        tokens.push(ending);
    }
    if let Some(outcome) = outcome {
        let winner = outcome.winner.map_or("Draw".to_string(), |side| format!("{} wins", rules.side_name(side)));
        tokens.push(format!("{{{winner} by {}.}}", outcome.reason.describe(&rules.draws)));
    } else if tags.abandoned {
        tokens.push("{Aborted.}".to_string());
    }
    tokens.push(result.to_string());
    let mut line = String::new();
    for token in tokens {
        if !line.is_empty() && line.len() + 1 + token.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    out.push_str(&line);
    out.push('\n');
    out
}
