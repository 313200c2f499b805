//! Actions as a game record writes them, one line each, and the reader that
//! turns a line (stored, or typed by a user) back into an [`Action`].
//!
//! Moves are coordinates; everything else is `<verb> <white|black> [args]`:
//! `price white g3,h3,i3,j3`, `roll white 3,5` (the kind told by its number of dice, or named when kinds
//! share it: `roll white lucky8 8`), `pass black`, `choose white <game id>
//! <commitment>`, `reveal white <option> <nonce>`, `resign white`, ...

use crate::color::Color;
use crate::game::{Action, GameError};
use crate::notation;
use crate::position::Position;

fn side_word(color: Color) -> &'static str {
    color.fold("white", "black")
}

/// The record's line for `action`, played in `position`.
pub(crate) fn write(position: &Position, action: &Action) -> String {
    match action {
        Action::Move(mv) => notation::coordinates(position, *mv),
        Action::Roll { side, kind, faces } => {
            let shown: Vec<String> = faces.iter().map(u32::to_string).collect();
            let chance = position.rules().chance;
            match chance.map(|c| (c.kind_of(faces), c.kinds.get(*kind))) {
                Some((Some(by_count), _)) if by_count == *kind => {
                    format!("roll {} {}", side_word(*side), shown.join(","))
                }
                Some((_, Some(named))) => format!("roll {} {} {}", side_word(*side), named.word, shown.join(",")),
                _ => format!("roll {} {}", side_word(*side), shown.join(",")),
            }
        }
        Action::Pass(c) => format!("pass {}", side_word(*c)),
        Action::ChooseSecret { side, context, commitment } => {
            format!("choose {} {context} {commitment}", side_word(*side))
        }
        Action::Reveal { side, option, nonce } => format!("reveal {} {option} {nonce}", side_word(*side)),
        Action::PayPrice { side, squares } => {
            let g = &position.rules().geometry;
            let names: Vec<String> = squares.iter().map(|s| g.name(*s).to_string()).collect();
            format!("price {} {}", side_word(*side), names.join(","))
        }
        Action::Resign(c) => format!("resign {}", side_word(*c)),
        Action::Timeout(c) => format!("timeout {}", side_word(*c)),
        Action::OfferDraw(c) => format!("offer-draw {}", side_word(*c)),
        Action::AcceptDraw(c) => format!("accept-draw {}", side_word(*c)),
        Action::DeclineDraw(c) => format!("decline-draw {}", side_word(*c)),
        Action::ClaimDraw(c) => format!("claim-draw {}", side_word(*c)),
    }
}

/// Reads one action of a record (or typed by a user): a move in any notation
/// the variant accepts, or `<verb> <white|black> [args]`.
pub fn parse_action(position: &Position, text: &str) -> Result<Action, GameError> {
    let unknown = || GameError::UnknownAction(text.to_string());
    let words: Vec<&str> = text.split_whitespace().collect();
    let (verb, color, args) = match words.as_slice() {
        [mv] => return Ok(Action::Move(notation::parse_move(position, mv)?)),
        [verb, color, args @ ..] if args.len() <= 2 => (*verb, *color, args),
        _ => return Err(unknown()),
    };
    let color = match color {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return Err(unknown()),
    };
    let faces_of = |faces: &str| -> Result<Vec<u32>, GameError> {
        faces.split(',').map(|f| f.parse().map_err(|_| unknown())).collect()
    };
    let chance = position.rules().chance;
    Ok(match (verb, args) {
        ("roll", [faces]) => {
            let faces = faces_of(faces)?;
            // A variant without dice still reads the line; applying it refuses.
            let kind = chance.map_or(Some(0), |c| c.kind_of(&faces)).ok_or_else(unknown)?;
            Action::Roll { side: color, kind, faces }
        }
        ("roll", [word, faces]) => {
            let kind = chance.and_then(|c| c.kind_named(word)).ok_or_else(unknown)?;
            Action::Roll { side: color, kind, faces: faces_of(faces)? }
        }
        ("choose", [context, commitment]) => {
            Action::ChooseSecret { side: color, context: context.to_string(), commitment: commitment.to_string() }
        }
        ("reveal", [option, nonce]) => {
            Action::Reveal { side: color, option: option.to_string(), nonce: nonce.to_string() }
        }
        ("price", [squares]) => {
            let g = &position.rules().geometry;
            let squares =
                squares.split(',').map(|s| g.parse_square(s).ok_or_else(unknown)).collect::<Result<_, _>>()?;
            Action::PayPrice { side: color, squares }
        }
        ("pass", []) => Action::Pass(color),
        ("resign", []) => Action::Resign(color),
        ("timeout", []) => Action::Timeout(color),
        ("offer-draw", []) => Action::OfferDraw(color),
        ("accept-draw", []) => Action::AcceptDraw(color),
        ("decline-draw", []) => Action::DeclineDraw(color),
        ("claim-draw", []) => Action::ClaimDraw(color),
        _ => return Err(unknown()),
    })
}
