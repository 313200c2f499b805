//! DL-FEN (§2): `<placement>[<reserves>] <stm> <unmoved> <ep> <halfmove>
//! <fullmove> <exempt>`. The reserves are always written (`[]` when both are
//! empty), White's first, each as `K Q R B N P`; `unmoved` lists squares in
//! the order e1 a1 h1 e8 a8 h8 (`e1h1e8`); the en-passant square follows every
//! double step, as §13 DL13 writes it; `exempt` is the square of the piece
//! deployed on the previous ply.

use std::fmt::Write;
use std::sync::Arc;

use crate::color::Color;
use crate::fen::{
    chess, parse_hands, parse_number, parse_placement, parse_turn, split_hands, write_placement, FenError,
};
use crate::geometry::Square;
use crate::position::{Marks, Position};
use crate::rules::Rules;
use crate::squareset::SquareSet;

use super::marks::{may_be_unmoved, rights};
use super::{king_square, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};

const LAYOUT: &str = "placement[reserves], side, unmoved squares, en passant, halfmove clock, fullmove number, \
                      exempt square";

/// The squares `unmoved` may name, in the order they are written.
const UNMOVED_ORDER: [Square; 6] = [Square(4), Square(0), Square(7), Square(60), Square(56), Square(63)];

pub(super) fn parse(rules: &Arc<Rules>, text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 7 {
        return Err(FenError::FieldCount { variant: "dicelanding", found: fields.len(), expected: 7, layout: LAYOUT });
    }
    let (board, reserves) = split_hands(fields[0])?;
    let reserves = reserves
        .ok_or_else(|| FenError::Placement("the reserves must follow the board in brackets, `[]` if empty".into()))?;
    let mut position = parse_placement(rules, board)?;
    parse_hands(&mut position, reserves)?;
    let turn = parse_turn(fields[1])?;
    let unmoved = parse_unmoved(&position, fields[2])?;
    let en_passant = chess::parse_en_passant(rules, &position, turn, fields[3])?;
    let halfmove = parse_number("the halfmove clock", fields[4])?;
    let fullmove = parse_number("the fullmove number", fields[5])?.max(1);
    position.set_state(turn, rights(&unmoved), en_passant, halfmove, fullmove);
    position.set_marks(Marks { unmoved, ..Marks::default() });
    let exempt = parse_exempt(&position, fields[6])?;
    position.set_immune(exempt);
    validate(&position)?;
    Ok(position)
}

fn illegal(reason: String) -> FenError {
    FenError::Illegal(reason)
}

fn parse_unmoved(position: &Position, text: &str) -> Result<SquareSet, FenError> {
    let mut unmoved = SquareSet::EMPTY;
    if text == "-" {
        return Ok(unmoved);
    }
    let g = &position.rules().geometry;
    let mut rest = text;
    while !rest.is_empty() {
        let (square, used) = g.parse_prefix(rest).ok_or_else(|| {
            illegal(format!("the unmoved field must list squares such as `e1h1e8` (or be `-`), not `{text}`"))
        })?;
        rest = &rest[used..];
        let name = g.name(square);
        if unmoved.contains(square) {
            return Err(illegal(format!("{name} is listed twice as unmoved")));
        }
        if !position.piece_at(square).is_some_and(|piece| may_be_unmoved(piece, square)) {
            return Err(illegal(format!(
                "{name} is listed as unmoved, but only a king on e1/e8 or a rook on a1/h1/a8/h8 can be"
            )));
        }
        unmoved.insert(square);
    }
    Ok(unmoved)
}

/// The exempt square holds a piece of the side that just moved.
fn parse_exempt(position: &Position, text: &str) -> Result<SquareSet, FenError> {
    let mut exempt = SquareSet::EMPTY;
    if text == "-" {
        return Ok(exempt);
    }
    let g = &position.rules().geometry;
    let square = g.parse_square(text).ok_or_else(|| FenError::Field {
        field: "the exempt field",
        expected: "a square or `-`",
        text: text.into(),
    })?;
    if position.piece_at(square).is_none_or(|p| p.color == position.turn()) {
        return Err(illegal(format!(
            "the exempt square {} must hold the piece the other side just deployed",
            g.name(square)
        )));
    }
    exempt.insert(square);
    Ok(exempt)
}

/// §3's checks of a custom lineup, which every DL-FEN must pass.
fn validate(position: &Position) -> Result<(), FenError> {
    let rules = position.rules();
    let g = &rules.geometry;
    for color in Color::ALL {
        let side = rules.side_name(color);
        let kings = position.royals(color).len() + usize::from(position.hand(color).count(KING));
        if kings != 1 {
            return Err(illegal(format!("{side} has {kings} kings, on the board and in reserve; each side needs one")));
        }
        if let Some((square, _)) =
            position.pieces(color).find(|(s, k)| rules.kind(*k).pawn && [0, 7].contains(&g.rank(*s)))
        {
            return Err(illegal(format!("a pawn on {}", g.name(square))));
        }
        let kept = king_square(color);
        if position.hand(color).count(KING) > 0 && position.piece_at(kept).is_some_and(|p| p.color == color) {
            return Err(illegal(format!("{side}'s king is in reserve, so {} must hold no {side} piece", g.name(kept))));
        }
    }
    if position.royal_attacked(!position.turn()) {
        return Err(illegal("the side not to move is in check".into()));
    }
    Ok(())
}

pub(super) fn write(position: &Position) -> String {
    let rules = position.rules();
    let g = &rules.geometry;
    let mut out = String::with_capacity(96);
    write_placement(position, &mut out);
    out.push('[');
    for color in Color::ALL {
        for kind in [KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN] {
            for _ in 0..position.hand(color).count(kind) {
                out.push(rules.piece_char(color, kind));
            }
        }
    }
    out.push(']');
    out.push_str(position.turn().fold(" w ", " b "));
    let unmoved = position.marks().unmoved;
    let listed: Vec<Square> = UNMOVED_ORDER.into_iter().filter(|s| unmoved.contains(*s)).collect();
    if listed.is_empty() {
        out.push('-');
    }
    for square in listed {
        let _ = write!(out, "{}", g.name(square));
    }
    match position.en_passant() {
        Some(ep) => {
            let _ = write!(out, " {}", g.name(ep.target));
        }
        None => out.push_str(" -"),
    }
    let _ = write!(out, " {} {} ", position.halfmove_clock(), position.fullmove_number());
    match position.immune().iter().next() {
        Some(square) => {
            let _ = write!(out, "{}", g.name(square));
        }
        None => out.push('-'),
    }
    out
}
