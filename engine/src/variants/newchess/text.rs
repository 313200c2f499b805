//! NC-FEN (§3): `placement[hands] side castling halfmove fullmove`, with
//! Shredder-style castling letters (`AJaj`: the files of the towers that may
//! still castle) and no en-passant field. The true-king choices are secret and
//! never part of it. The clocks may be left out (0 and 1); a missing hand
//! field means empty hands.

use std::fmt::Write;
use std::sync::Arc;

use super::{E_KING, F_KING, KNIGHTED_FOOL, PAWN, SERGEANT, SIZE, TOWER};
use crate::color::Color;
use crate::fen::{
    parse_hands, parse_number, parse_placement, parse_turn, split_hands, write_hands, write_placement, FenError,
};
use crate::position::Position;
use crate::rules::Rules;

const LAYOUT: &str = "placement[hands], side, castling, halfmove clock, fullmove number";

/// Castling letters by right bit: White's a- and j-towers, then Black's.
const LETTERS: [char; 4] = ['A', 'J', 'a', 'j'];

pub fn parse(rules: &Arc<Rules>, text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(3..=5).contains(&fields.len()) {
        return Err(FenError::FieldCount { variant: "newchess", found: fields.len(), expected: 5, layout: LAYOUT });
    }
    let (board, hands) = split_hands(fields[0])?;
    let mut position = parse_placement(rules, board)?;
    if let Some(hands) = hands {
        parse_hands(&mut position, hands)?;
    }
    let turn = parse_turn(fields[1])?;
    let castling = parse_castling(rules, &position, fields[2])?;
    let halfmove = fields.get(3).map_or(Ok(0), |t| parse_number("the halfmove clock", t))?;
    let fullmove = fields.get(4).map_or(Ok(1), |t| parse_number("the fullmove number", t))?.max(1);
    position.set_state(turn, castling, None, halfmove, fullmove);
    validate(&position)?;
    Ok(position)
}

fn parse_castling(rules: &Rules, position: &Position, text: &str) -> Result<u8, FenError> {
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for c in text.chars() {
        let bit = LETTERS.iter().position(|l| *l == c).ok_or_else(|| FenError::Castling(text.to_string()))?;
        if rights >> bit & 1 != 0 {
            return Err(FenError::Castling(text.to_string()));
        }
        let rule = rules.castling.iter().find(|r| r.right as usize == bit).expect("four castling rules");
        let king = if rule.long { E_KING } else { F_KING };
        let holds = |square, kind| position.piece_at(square).is_some_and(|p| p.color == rule.color && p.kind == kind);
        if !holds(rule.king_from, king) || !holds(rule.rook_from, TOWER) {
            let g = &rules.geometry;
            let name = if rule.long { "E-king" } else { "F-king" };
            return Err(FenError::CastlingMismatch {
                right: c,
                needs: format!("the {name} on {} and a tower on {}", g.name(rule.king_from), g.name(rule.rook_from)),
            });
        }
        rights |= 1 << bit;
    }
    Ok(rights)
}

fn validate(position: &Position) -> Result<(), FenError> {
    let rules = position.rules();
    let illegal = |text: String| Err(FenError::Illegal(text));
    for color in Color::ALL {
        let side = rules.side_name(color);
        for king in [E_KING, F_KING] {
            let on_board = position.pieces(color).filter(|(_, k)| *k == king).count();
            let total = on_board + usize::from(position.hand(color).count(king));
            if total > 1 {
                return illegal(format!("{side} has more than one {}", rules.kind(king).name));
            }
        }
        if position.royals(color).is_empty() {
            return illegal(format!("{side} has no king on the board"));
        }
        for (kind, _) in position.hand(color).kinds() {
            if kind.0 >= KNIGHTED_FOOL.0 {
                return illegal(format!("{side} holds a knighted piece in hand; hands hold pieces unknighted"));
            }
        }
        let last = color.fold(SIZE - 1, 0);
        for (square, kind) in position.pieces(color) {
            if (kind == PAWN || kind == SERGEANT) && rules.geometry.rank(square) == last {
                return illegal(format!("an unknighted {} on {}", rules.kind(kind).name, rules.geometry.name(square)));
            }
        }
    }
    // L2 lets a side leave one of two kings in check, never both.
    if position.attacked_royals(!position.turn()).len() >= 2 {
        return illegal("both kings of the side not to move are in check".into());
    }
    Ok(())
}

pub fn write(position: &Position) -> String {
    let mut out = String::with_capacity(100);
    write_placement(position, &mut out);
    write_hands(position, &mut out);
    out.push_str(position.turn().fold(" w ", " b "));
    let rights = position.castling_rights();
    if rights == 0 {
        out.push('-');
    }
    out.extend(LETTERS.iter().enumerate().filter(|(bit, _)| rights >> bit & 1 != 0).map(|(_, c)| *c));
    let _ = write!(out, " {} {}", position.halfmove_clock(), position.fullmove_number());
    out
}
