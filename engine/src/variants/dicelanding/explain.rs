//! Dice Landing's rules in players' words where a bare refusal or roll
//! would leave a player guessing: the landing exemption and failed rolls.

use crate::geometry::Square;
use crate::piece::Kind;
use crate::position::Position;

use super::dice::{rolled_face, Face};

/// [`Rules::why_refused`](crate::rules::Rules): a capture of the piece that
/// has just landed, which the landing exemption forbids.
pub(super) fn why_refused(position: &Position, _kind: Option<Kind>, to: Option<Square>) -> Option<String> {
    let square = to.filter(|square| position.immune().contains(*square))?;
    let piece = position.piece_at(square).filter(|piece| piece.color != position.turn())?;
    let rules = position.rules();
    Some(format!(
        "the {} on {} has just landed, and a piece that has just landed cannot be captured on the turn after \
         it lands, not even by the king or to get out of check",
        rules.kind(piece.kind).name,
        rules.geometry.name(square)
    ))
}

/// [`Rules::turn_note`](crate::rules::Rules): after a failed roll, why it
/// failed and that a board move is due.
pub(super) fn turn_note(position: &Position) -> Option<String> {
    let (face, landed) = rolled_face(position.granted())?;
    if landed {
        return None;
    }
    let rules = position.rules();
    let hand = position.hand(position.turn());
    let why = if face == Face::ANY {
        "no piece in the reserve has a free landing square".to_string()
    } else {
        let kind = Kind(face.index() as u8);
        let name = rules.kind(kind).name;
        if hand.count(kind) == 0 {
            format!("no {name} is in the reserve")
        } else {
            format!("no landing square for a {name} is free")
        }
    };
    Some(format!("The roll failed ({why}): a move on the board is due instead."))
}
