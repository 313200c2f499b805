//! LD-FEN (§3): chess FEN's six fields, then the unmoved home-rank squares
//! (`abcdeghij/abcdeghij`), the Double Leap entrance flags (`Ee`) and the knights
//! that spent their later Double Leap (`d4h6`).
//!
//! Written canonically: castling letters in `KQkq` order, unmoved files and
//! spent knights in board order, and the en-passant square only when an
//! en-passant capture is legal (as chess FEN is written; it is also what
//! counts for repetition). Reading then writing a canonical text gives it back.

use std::fmt::Write;
use std::sync::Arc;

use crate::color::Color;
use crate::fen::{chess, parse_number, parse_placement, parse_turn, FenError};
use crate::position::{Marks, Position};
use crate::rules::Rules;
use crate::squareset::SquareSet;

use super::state::entrance;
use super::{home_rank, rank_of, square, HOME_RANK, KNIGHT, ROOK, WIDTH};

const LAYOUT: &str = "placement, side, castling, en passant, halfmove clock, fullmove number, \
                      unmoved squares, Double Leap entrances, spent Double Leaps";
const CASTLING: [char; 4] = ['K', 'Q', 'k', 'q'];
const FILES: &str = "abcdefghij";

pub(super) fn parse(rules: &Arc<Rules>, text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 9 {
        return Err(FenError::FieldCount { variant: "luckdragon", found: fields.len(), expected: 9, layout: LAYOUT });
    }
    let mut position = parse_placement(rules, fields[0])?;
    let turn = parse_turn(fields[1])?;
    let unmoved = parse_unmoved(&position, fields[6])?;
    let castling = parse_castling(rules, &position, &unmoved, fields[2])?;
    let en_passant = chess::parse_en_passant(rules, &position, turn, fields[3])?;
    let halfmove = parse_number("the halfmove clock", fields[4])?;
    let fullmove = parse_number("the fullmove number", fields[5])?.max(1);
    let flags = match fields[7] {
        "Ee" => entrance(Color::White) | entrance(Color::Black),
        "E" => entrance(Color::White),
        "e" => entrance(Color::Black),
        "-" => 0,
        other => {
            return Err(illegal(format!("the Double Leap entrance field must be `Ee`, `E`, `e` or `-`, not `{other}`")))
        }
    };
    let tagged = parse_spent(&position, fields[8])?;
    position.set_state(turn, castling, en_passant, halfmove, fullmove);
    position.set_marks(Marks { unmoved, tagged, flags });
    validate(&position)?;
    Ok(position)
}

fn illegal(reason: String) -> FenError {
    FenError::Illegal(reason)
}

/// `<White files>/<Black files>`: each file names a home-rank square whose
/// original piece still stands there.
fn parse_unmoved(position: &Position, text: &str) -> Result<SquareSet, FenError> {
    let bad = || illegal(format!("the unmoved field must look like `abcdeghij/abcdeghij` (or `-/-`), not `{text}`"));
    let (white, black) = text.split_once('/').ok_or_else(bad)?;
    let mut unmoved = SquareSet::EMPTY;
    for (color, files) in [(Color::White, white), (Color::Black, black)] {
        if files == "-" {
            continue;
        }
        for c in files.chars() {
            let file = FILES.find(c).ok_or_else(bad)?;
            let square = square(file, home_rank(color));
            let original =
                HOME_RANK[file].ok_or_else(|| illegal("the king's file is never listed as unmoved".into()))?;
            if unmoved.contains(square) {
                return Err(illegal(format!("unmoved file `{c}` is listed twice")));
            }
            let piece = position.piece_at(square);
            if piece.is_none_or(|p| p.color != color || p.kind != original) {
                let name = position.rules().geometry.name(square);
                return Err(illegal(format!("{name} is listed as unmoved but does not hold its original piece")));
            }
            unmoved.insert(square);
        }
    }
    Ok(unmoved)
}

/// The right-holding rook stands on its own square while that is unmoved,
/// else in the corner (§4.4); the king on its own square.
fn parse_castling(rules: &Rules, position: &Position, unmoved: &SquareSet, text: &str) -> Result<u8, FenError> {
    if text == "-" {
        return Ok(0);
    }
    let mut rights = 0u8;
    for c in text.chars() {
        let bit = CASTLING.iter().position(|l| *l == c).ok_or_else(|| FenError::Castling(text.to_string()))?;
        if rights >> bit & 1 != 0 {
            return Err(FenError::Castling(text.to_string()));
        }
        let rule = rules
            .castling
            .iter()
            .filter(|r| r.right as usize == bit)
            .find(|r| r.unmoved.is_some_and(|(home, on_home)| unmoved.contains(home) == on_home))
            .expect("every right has a rule for each rook square");
        let holds = |sq, kind| position.piece_at(sq).is_some_and(|p| p.color == rule.color && p.kind == kind);
        if !holds(rule.king_from, super::KING) || !holds(rule.rook_from, ROOK) {
            let g = &rules.geometry;
            return Err(FenError::CastlingMismatch {
                right: c,
                needs: format!("a king on {} and a rook on {}", g.name(rule.king_from), g.name(rule.rook_from)),
            });
        }
        rights |= 1 << bit;
    }
    Ok(rights)
}

/// Squares of knights, concatenated (`d4h6`), or `-`.
fn parse_spent(position: &Position, text: &str) -> Result<SquareSet, FenError> {
    let mut spent = SquareSet::EMPTY;
    if text == "-" {
        return Ok(spent);
    }
    let g = &position.rules().geometry;
    let mut rest = text;
    while !rest.is_empty() {
        let (square, used) = g.parse_prefix(rest).ok_or_else(|| {
            illegal(format!("the spent Double Leap field must list squares like `d4h6`, not `{text}`"))
        })?;
        if position.piece_at(square).is_none_or(|p| p.kind != KNIGHT) {
            return Err(illegal(format!("{} is listed as a spent Double Leap but holds no knight", g.name(square))));
        }
        spent.insert(square);
        rest = &rest[used..];
    }
    Ok(spent)
}

fn validate(position: &Position) -> Result<(), FenError> {
    let rules = position.rules();
    for color in Color::ALL {
        let kings = position.royals(color).len();
        if kings != 1 {
            let side = color.fold("White", "Black");
            return Err(illegal(format!("{side} has {kings} kings; Luck Dragon needs exactly one each")));
        }
        for (square, kind) in position.pieces(color) {
            if rules.kind(kind).pawn && (rank_of(square) == 0 || rank_of(square) == 7) {
                return Err(illegal(format!("a pawn on {}", rules.geometry.name(square))));
            }
        }
    }
    if position.royal_attacked(!position.turn()) {
        return Err(illegal("the side not to move is in check".into()));
    }
    Ok(())
}

pub(super) fn write(position: &Position) -> String {
    // The first six fields are chess FEN's, with the same castling letters.
    let mut out = chess::write(position);
    out.push(' ');
    let marks = position.marks();
    for color in Color::ALL {
        if color == Color::Black {
            out.push('/');
        }
        let files: String = (0..WIDTH)
            .filter(|f| marks.unmoved.contains(square(*f, home_rank(color))))
            .map(|f| FILES.as_bytes()[f] as char)
            .collect();
        out.push_str(if files.is_empty() { "-" } else { &files });
    }
    out.push(' ');
    for (color, letter) in [(Color::White, 'E'), (Color::Black, 'e')] {
        if marks.flags & entrance(color) != 0 {
            out.push(letter);
        }
    }
    if marks.flags == 0 {
        out.push('-');
    }
    out.push(' ');
    if marks.tagged.is_empty() {
        out.push('-');
    }
    for square in marks.tagged.iter() {
        let _ = write!(out, "{}", position.rules().geometry.name(square));
    }
    out
}
