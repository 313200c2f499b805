//! §3.3's position text: `<placement> <side> <castling> <ep> <passes-used>
//! <promotion-reserve> <halfmove> <fullmove>`. Ranks list only their existing
//! squares (4 on ranks 0 and 9, 8 on ranks 1, 2, 7, 8, 10 on ranks 3-6); a
//! straddling Guardener is `[G]` / `[g]` over d and e of its back terrace.
//! A captured Guardener is not written: a side without one on the board
//! holds it in its pool, ready to be resurrected.

use std::fmt::Write;
use std::sync::Arc;

use crate::color::Color;
use crate::fen::{chess, parse_number, parse_placement, parse_turn, write_placement, FenError};
use crate::piece::Kind;
use crate::position::{Marks, Position};
use crate::rules::Rules;

use super::{square, BISHOP, GUARDENER, KNIGHT, PAWN, QUEEN, ROOK};

const LAYOUT: &str = "placement, side, castling, en passant, passes used, promotion reserve, halfmove clock, \
                      fullmove number";
const CASTLING: [char; 4] = ['K', 'Q', 'k', 'q'];
/// What a promotion reserve may hold, in the order it is written.
const RESERVE: [Kind; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

fn illegal(reason: String) -> FenError {
    FenError::Illegal(reason)
}

/// The bit of the position's mark flags that says `side` has passed.
fn pass_flag(side: Color) -> u8 {
    1 << side.index()
}

/// Passes `side` has made, as the position records them.
pub(super) fn passed(position: &Position, side: Color) -> u32 {
    u32::from(position.marks().flags & pass_flag(side) != 0)
}

/// Records a pass by `side`.
pub(super) fn note_pass(position: &mut Position, side: Color) {
    let marks = Marks { flags: position.marks().flags | pass_flag(side), ..*position.marks() };
    position.set_marks(marks);
}

/// The squares a side's straddling Guardener stands on: d and e of its back terrace.
fn straddle_squares(color: Color) -> (crate::geometry::Square, crate::geometry::Square) {
    let rank = color.fold(0, 9);
    (square(4, rank), square(5, rank))
}

pub(super) fn parse(rules: &Arc<Rules>, text: &str) -> Result<Position, FenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 8 {
        return Err(FenError::FieldCount { variant: "guardener", found: fields.len(), expected: 8, layout: LAYOUT });
    }
    let placement = fields[0];
    let mut straddling = Vec::new();
    for (token, color) in [("[G]", Color::White), ("[g]", Color::Black)] {
        match placement.matches(token).count() {
            0 => {}
            1 => straddling.push(color),
            _ => return Err(FenError::Placement(format!("`{token}` appears twice"))),
        }
    }
    let letters = placement.replace("[G]", "GG").replace("[g]", "gg");
    if letters.contains(['[', ']']) {
        return Err(FenError::Placement("a straddling Guardener is written `[G]` or `[g]`".into()));
    }
    let mut position = parse_placement(rules, &letters)?;
    for color in straddling {
        let (d, e) = straddle_squares(color);
        let guardener = |sq| position.piece_at(sq).is_some_and(|p| p.color == color && p.kind == GUARDENER);
        if !guardener(d) || !guardener(e) {
            let (token, rank) = color.fold(("[G]", 0), ("[g]", 9));
            return Err(FenError::Placement(format!("`{token}` must stand on d{rank} and e{rank}")));
        }
        position.set_straddle(color, Some((d, e)));
    }
    let turn = parse_turn(fields[1])?;
    let castling = if fields[2] == "-" { 0 } else { chess::parse_castling(rules, &position, fields[2])? };
    let en_passant = chess::parse_en_passant(rules, &position, turn, fields[3])?;
    let flags = match fields[4] {
        "-" => 0,
        "W" => pass_flag(Color::White),
        "B" => pass_flag(Color::Black),
        "WB" => pass_flag(Color::White) | pass_flag(Color::Black),
        other => {
            return Err(FenError::Field {
                field: "the passes-used field",
                expected: "`-`, `W`, `B` or `WB`",
                text: other.into(),
            })
        }
    };
    if fields[5] != "-" {
        for c in fields[5].chars() {
            let kind = rules.kind_by_letter(c).filter(|k| RESERVE.contains(k)).ok_or_else(|| FenError::Field {
                field: "the promotion reserve",
                expected: "`-` or letters from `QRBNqrbn`",
                text: fields[5].into(),
            })?;
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            let count = position.hand(color).count(kind);
            position.set_hand_count(color, kind, count.saturating_add(1));
        }
    }
    let halfmove = parse_number("the halfmove clock", fields[6])?;
    let fullmove = parse_number("the fullmove number", fields[7])?.max(1);
    position.set_state(turn, castling, en_passant, halfmove, fullmove);
    position.set_marks(Marks { flags, ..Marks::default() });
    validate(&mut position)?;
    Ok(position)
}

/// At most one king and one Guardener a side (a missing Guardener is in its
/// pool); no pawn on or beyond its promotion rank.
fn validate(position: &mut Position) -> Result<(), FenError> {
    let rules = Arc::clone(position.rules());
    for color in Color::ALL {
        let side = rules.side_name(color);
        let kings = position.royals(color).len();
        if kings > 1 {
            return Err(illegal(format!("{side} has {kings} kings")));
        }
        let mut guardeners = 0;
        for (sq, kind) in position.pieces(color) {
            let rank = rules.geometry.rank(sq);
            if kind == PAWN && color.fold(rank >= 8, rank <= 1) {
                return Err(illegal(format!("a pawn on {}", rules.geometry.name(sq))));
            }
            guardeners += usize::from(kind == GUARDENER);
        }
        let straddling = usize::from(position.straddle(color).is_some());
        if guardeners - straddling > 1 {
            return Err(illegal(format!("{side} has more than one Guardener")));
        }
        if guardeners == 0 {
            position.set_hand_count(color, GUARDENER, 1);
        }
    }
    Ok(())
}

pub(super) fn write(position: &Position) -> String {
    let mut placement = String::with_capacity(64);
    write_placement(position, &mut placement);
    // Only a straddling Guardener puts two of one side's `G` side by side on
    // a back terrace, so the first and last ranks are rewritten safely.
    let mut ranks: Vec<String> = placement.split('/').map(str::to_string).collect();
    let last = ranks.len() - 1;
    for (color, index, pair, token) in [(Color::White, last, "GG", "[G]"), (Color::Black, 0, "gg", "[g]")] {
        if position.straddle(color).is_some() {
            ranks[index] = ranks[index].replacen(pair, token, 1);
        }
    }
    let mut out = ranks.join("/");
    out.push_str(position.turn().fold(" w ", " b "));
    let rights = position.castling_rights();
    if rights == 0 {
        out.push('-');
    }
    out.extend(CASTLING.iter().enumerate().filter(|(bit, _)| rights >> bit & 1 != 0).map(|(_, c)| *c));
    out.push(' ');
    match position.en_passant() {
        Some(ep) => {
            let _ = write!(out, "{}", position.rules().geometry.name(ep.target));
        }
        None => out.push('-'),
    }
    let passes: String = [(Color::White, 'W'), (Color::Black, 'B')]
        .into_iter()
        .filter(|(side, _)| passed(position, *side) > 0)
        .map(|(_, c)| c)
        .collect();
    let _ = write!(out, " {} ", if passes.is_empty() { "-" } else { &passes });
    let reserve_start = out.len();
    for color in Color::ALL {
        for kind in RESERVE {
            for _ in 0..position.hand(color).count(kind) {
                out.push(position.rules().piece_char(color, kind));
            }
        }
    }
    if out.len() == reserve_start {
        out.push('-');
    }
    let _ = write!(out, " {} {}", position.halfmove_clock(), position.fullmove_number());
    out
}
