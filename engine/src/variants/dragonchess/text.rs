//! The position string of spec §3.2:
//! `<board1>|<board2>|<board3> <side> <reversed-dwarves> <halfmove> <fullmove>`,
//! side `g` (Gold) or `s` (Scarlet), reversed Dwarves as a comma-separated list
//! of cells or `-`. The clocks may be left out (0 and 1).

use std::fmt::Write;
use std::sync::Arc;

use super::{pieces, DWARF, KING, REVERSED_DWARF, WARRIOR};
use crate::color::Color;
use crate::fen::{parse_number, parse_placement, write_placement, FenError};
use crate::piece::Piece;
use crate::position::Position;
use crate::rules::Rules;

const LAYOUT: &str = "boards 1|2|3, side (g or s), reversed Dwarves (- or cells), halfmove clock, fullmove number";

pub fn parse(rules: &Arc<Rules>, text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if !(3..=5).contains(&fields.len()) {
        return Err(FenError::FieldCount { variant: "dragonchess", found: fields.len(), expected: 5, layout: LAYOUT });
    }
    let mut position = parse_placement(rules, fields[0])?;
    let turn = match fields[1] {
        "g" => Color::White,
        "s" => Color::Black,
        other => return Err(FenError::Field { field: "the side to move", expected: "`g` or `s`", text: other.into() }),
    };
    if fields[2] != "-" {
        if rules.transformations.is_empty() {
            return Err(FenError::Illegal("reversed Dwarves need the dwarf_reversal option".into()));
        }
        for name in fields[2].split(',') {
            let bad =
                || FenError::Field { field: "each reversed Dwarf", expected: "a cell such as 3d8", text: name.into() };
            let square = rules.geometry.parse_square(name).ok_or_else(bad)?;
            match position.piece_at(square) {
                Some(piece) if piece.kind == DWARF => {
                    position.remove(square);
                    position.put(square, Piece { color: piece.color, kind: REVERSED_DWARF });
                }
                Some(piece) if piece.kind == REVERSED_DWARF => {
                    return Err(FenError::Illegal(format!("{name} is listed twice as a reversed Dwarf")))
                }
                _ => return Err(FenError::Illegal(format!("{name} is listed as a reversed Dwarf but holds none"))),
            }
        }
    }
    let halfmove = fields.get(3).map_or(Ok(0), |t| parse_number("the halfmove clock", t))?;
    let fullmove = fields.get(4).map_or(Ok(1), |t| parse_number("the fullmove number", t))?.max(1);
    position.set_state(turn, 0, None, halfmove, fullmove);
    validate(&position)?;
    Ok(position)
}

fn validate(position: &Position) -> Result<(), FenError> {
    let rules = position.rules();
    let g = &rules.geometry;
    for color in Color::ALL {
        let side = rules.side_name(color);
        let kings = position.pieces(color).filter(|(_, kind)| *kind == KING).count();
        if kings != 1 {
            return Err(FenError::Illegal(format!("{side} has {kings} Kings; Dragonchess needs exactly one each")));
        }
        for (square, kind) in position.pieces(color) {
            let piece = rules.kind(kind).name;
            if pieces::BOARDS[kind.0 as usize] >> g.layer(square) & 1 == 0 {
                return Err(FenError::Illegal(format!("a {piece} can never stand on {}", g.name(square))));
            }
            if kind == WARRIOR && rules.promotion.zone[color].contains(square) {
                return Err(FenError::Illegal(format!("a {side} Warrior on {} would have promoted", g.name(square))));
            }
        }
    }
    if position.royal_attacked(!position.turn()) {
        return Err(FenError::Illegal("the side not to move is in check".into()));
    }
    Ok(())
}

pub fn write(position: &Position) -> String {
    let mut out = String::with_capacity(200);
    write_placement(position, &mut out);
    out.push_str(position.turn().fold(" g ", " s "));
    let g = &position.rules().geometry;
    let mut reversed: Vec<_> = Color::ALL
        .iter()
        .flat_map(|c| position.pieces(*c))
        .filter(|(_, kind)| *kind == REVERSED_DWARF)
        .map(|(square, _)| square)
        .collect();
    reversed.sort();
    if reversed.is_empty() {
        out.push('-');
    }
    let names: Vec<String> = reversed.iter().map(|s| g.name(*s).to_string()).collect();
    out.push_str(&names.join(","));
    let _ = write!(out, " {} {}", position.halfmove_clock(), position.fullmove_number());
    out
}
