//! §12 notation. Board moves are FIDE SAN; a deployment is written with the
//! face rolled, `[N]>Ng8`; a board move after a failed roll `[Q]<Nf3`. The
//! face comes from the turn's grants (see [`super::dice`]). Input accepts
//! SAN, coordinates, and after a roll `g8`, `Ng8`, `N@g8` or `>Ng8`, with or
//! without the face in brackets.

use crate::moves::{Move, Special};
use crate::notation::standard;
use crate::notation::{bounded, MoveError};
use crate::position::Position;

use super::dice::{rolled_face, DEPLOY};

/// SAN without the check mark.
pub(super) fn san(position: &Position, mv: Move, legal: &[Move]) -> String {
    let mut out = String::with_capacity(10);
    let rolled = rolled_face(position.granted());
    if let Some((face, _)) = rolled {
        out.push('[');
        out.push(face.symbol());
        out.push(']');
    }
    if let Special::Drop(kind) = mv.special {
        out.push('>');
        out.push(position.rules().kind(kind).letter);
        out.push_str(&position.rules().geometry.name(mv.to).to_string());
        return out;
    }
    if rolled.is_some() {
        out.push('<');
    }
    out.push_str(&standard::san(position, mv, legal));
    out
}

/// [`Rules::roll_ending_text`](crate::rules::Rules): the §12.1 record of a
/// roll that ended the game without a move, `[N]>×` when the face landed but
/// nothing could block the check (R5), `[Q]<` when it failed and no board
/// move was left.
pub(super) fn roll_ending(position: &Position) -> Option<String> {
    let (face, landed) = rolled_face(position.granted())?;
    Some(format!("[{}]{}", face.symbol(), if landed { ">×" } else { "<" }))
}

/// Reads a board move or, after a successful roll, a deployment.
pub(super) fn parse_move(position: &Position, text: &str) -> Result<Move, MoveError> {
    let trimmed = text.trim();
    let mut rest = trimmed;
    // The face written before a deployment or a move after a failed roll
    // must be the face rolled this turn.
    if let Some((face, after)) = rest.strip_prefix('[').and_then(|r| r.split_once(']')) {
        let rolled = rolled_face(position.granted()).map(|(f, _)| f.symbol().to_string());
        let written = if face == "☺" { "*".to_string() } else { face.to_ascii_uppercase() };
        match rolled {
            Some(rolled) if rolled == written => {}
            Some(rolled) => {
                let reason = format!("the die showed `{rolled}` this turn, not `{face}`");
                return Err(MoveError::Illegal { text: bounded(trimmed), reason });
            }
            None => {
                let reason = format!("`[{face}]` is a face of the die; `roll` first");
                return Err(MoveError::Illegal { text: bounded(trimmed), reason });
            }
        }
        rest = after;
    }
    rest = rest.trim_start_matches(['☺', 'J']).trim_start();
    let deploying = position.granted().intersects(DEPLOY.iter().fold(Default::default(), |set, g| set | *g));
    let marked = rest.strip_prefix('>');
    if let Some(after) = rest.strip_prefix('<') {
        rest = after;
    }
    let target = marked.unwrap_or(rest);
    let as_drop = deployment_text(target);
    match (deploying, marked.is_some() || target.contains('@')) {
        (true, _) => standard::parse_move(position, as_drop.as_deref().unwrap_or(target)),
        (false, true) => Err(MoveError::Illegal {
            text: bounded(trimmed),
            reason: "a deployment follows a successful `roll`; roll first, or make a board move".into(),
        }),
        (false, false) => standard::parse_move(position, rest),
    }
}

/// `g8` or `Ng8` as the drop `@g8` / `N@g8`; `None` if the text is not one.
fn deployment_text(text: &str) -> Option<String> {
    let text = text.trim_end_matches(['+', '#']);
    if text.contains('@') {
        return Some(text.to_string());
    }
    let (letter, square) = match text.chars().next()? {
        c if c.is_ascii_uppercase() => (c.to_string(), &text[1..]),
        _ => (String::new(), text),
    };
    let square_like =
        square.len() == 2 && square.as_bytes()[0].is_ascii_lowercase() && square.as_bytes()[1].is_ascii_digit();
    square_like.then(|| format!("{letter}@{square}"))
}
