//! PGN export in the form lichess and python-chess import unchanged: the seven
//! tag roster, `SetUp`/`FEN` for a custom start, SAN movetext with move numbers,
//! lines of at most 80 characters, and the result. A variant's dice rolls are
//! written as comments before the move they preceded.

use crate::color::Color;
use crate::fen;
use crate::game::{Action, Game};

/// The people and place of a game, for the tag roster. Unknown values are
/// written as PGN's `?`.
#[derive(Clone, Debug, Default)]
pub struct Tags {
    pub event: Option<String>,
    pub site: Option<String>,
    /// `YYYY.MM.DD`.
    pub date: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
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
    tag("Date", &tags.date.clone().unwrap_or_else(|| "????.??.??".into()));
    tag("Round", "-");
    tag("White", &or_unknown(&tags.white));
    tag("Black", &or_unknown(&tags.black));
    tag("Result", result);
    let start = game.start_position();
    let start_fen = fen::write(start);
    if start_fen != start.rules().start {
        tag("SetUp", "1");
        tag("FEN", &start_fen);
    }
    out.push('\n');

    let mut tokens = Vec::new();
    let mut number = start.fullmove_number();
    let mut side = start.turn();
    let mut notes = roll_notes(game).into_iter();
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

/// The roll records made before each move (and, last, since the last move),
/// each already a PGN comment: `{3d8 2-2-7: double → K(N)}`.
fn roll_notes(game: &Game) -> Vec<Vec<String>> {
    let mut notes = vec![Vec::new()];
    for action in game.actions() {
        match action {
            Action::Move(_) | Action::Pass(_) => notes.push(Vec::new()),
            Action::Roll { kind, faces, .. } => {
                if let (Some(chance), Some(last)) = (game.position().rules().chance, notes.last_mut()) {
                    last.push((chance.describe)(&(*kind, faces.clone())));
                }
            }
            _ => {}
        }
    }
    notes
}
