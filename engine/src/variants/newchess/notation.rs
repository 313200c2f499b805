//! SAN-NC (§12): SAN in which both kings are written `K` (so `Kee2`/`Kfe2`
//! tell them apart by origin), a knighted piece as `+F`, knighting as a
//! trailing `^` and a drop as `T*c2`. Input also takes coordinates (`e3e4`,
//! `c5f8^`, `c5f8=` to decline knighting, `e1b1` for castling), drops with
//! `@`, and `J` for the F-king; records store coordinates.

use std::fmt::Write;

use super::{E_KING, F_KING, PAWN};
use crate::color::Color;
use crate::moves::{Move, Special};
use crate::notation::standard::{castle_side, read_squares, Pattern};
use crate::notation::{is_capture, resolve, san_among, MoveError};
use crate::piece::Kind;
use crate::position::Position;

/// The letter SAN-NC writes for a kind: `K` for either king.
fn san_kind(kind: Kind) -> Kind {
    if kind == F_KING {
        E_KING
    } else {
        kind
    }
}

/// SAN-NC without the check mark.
pub fn san(position: &Position, mv: Move, legal: &[Move]) -> String {
    let rules = position.rules();
    let g = &rules.geometry;
    let mut out = String::with_capacity(8);
    match mv.special {
        Special::Castle(rule) => return if rules.castling[rule as usize].long { "O-O-O" } else { "O-O" }.into(),
        Special::Drop(kind) => {
            rules.push_token(&mut out, Color::White, san_kind(kind));
            let _ = write!(out, "*{}", g.name(mv.to));
            return out;
        }
        _ => {}
    }
    let kind = position.piece_at(mv.from).expect("a move starts on a piece").kind;
    let capture = is_capture(position, mv);
    if kind == PAWN {
        if capture {
            let _ = write!(out, "{}x", g.file_label(g.file(mv.from)));
        }
    } else {
        rules.push_token(&mut out, Color::White, san_kind(kind));
        let rivals: Vec<_> = legal
            .iter()
            .filter(|m| m.to == mv.to && m.from != mv.from && m.dropped().is_none())
            .filter(|m| !matches!(m.special, Special::Castle(_)))
            .filter(|m| position.piece_at(m.from).is_some_and(|p| san_kind(p.kind) == san_kind(kind)))
            .map(|m| m.from)
            .collect();
        crate::notation::standard::disambiguate(g, mv.from, &rivals, &mut out);
        if capture {
            out.push('x');
        }
    }
    let _ = write!(out, "{}", g.name(mv.to));
    if mv.promotion().is_some() {
        out.push('^');
    }
    out
}

/// Coordinates as records store them: `e3e4`, `c5f8^` (knighting), `c5f8=`
/// (knighting declined), `e1b1` (castling as the king's move), `T@c2`, `J@e1`.
pub fn coordinates(position: &Position, mv: Move) -> String {
    let rules = position.rules();
    let g = &rules.geometry;
    if let Special::Drop(kind) = mv.special {
        return format!("{}@{}", rules.kind(kind).letter, g.name(mv.to));
    }
    let mut out = format!("{}{}", g.name(mv.from), g.name(mv.to));
    if mv.promotion().is_some() {
        out.push('^');
    } else if could_knight(position, mv) {
        // Declined knighting is written, so the record reads back as one move.
        out.push('=');
    }
    out
}

/// Whether `mv`, a move without knighting, could have knighted its piece.
fn could_knight(position: &Position, mv: Move) -> bool {
    let Some(piece) = position.piece_at(mv.from) else { return false };
    position.rules().promotions.iter().any(|rule| rule.kind == piece.kind && rule.zone[piece.color].contains(mv.to))
}

/// What the text says: the standard pattern, the kinds its letter may mean
/// (a bit per kind; `K` is either king) and whether it knights.
struct NcPattern {
    base: Pattern,
    kinds: Option<u32>,
    knights: Option<bool>,
}

pub fn parse_move(position: &Position, text: &str) -> Result<Move, MoveError> {
    resolve(position, text, read, matches, why_illegal)
}

fn read(position: &Position, text: &str) -> Result<NcPattern, String> {
    let rules = position.rules();
    let g = &rules.geometry;
    let mut pattern = NcPattern {
        base: Pattern { castle_long: castle_side(text), ..Pattern::default() },
        kinds: None,
        knights: None,
    };
    if pattern.base.castle_long.is_some() {
        return Ok(pattern);
    }
    if let Some((letter, square)) = text.split_once(['*', '@']) {
        let mask = letters(position, letter)?;
        let to = g.parse_square(square).ok_or_else(|| format!("`{square}` is not a square to drop on"))?;
        pattern.kinds = (!letter.is_empty()).then_some(mask);
        (pattern.base.to, pattern.base.drop) = (Some(to), true);
        return Ok(pattern);
    }
    let mut rest = text;
    if let Some(stripped) = rest.strip_suffix('^') {
        (rest, pattern.knights) = (stripped, Some(true));
    } else if let Some(stripped) = rest.strip_suffix('=') {
        (rest, pattern.knights) = (stripped, Some(false));
    }
    let token_len = match rest.as_bytes() {
        [b'+', c, ..] if c.is_ascii_uppercase() => 2,
        [c, ..] if c.is_ascii_uppercase() => 1,
        _ => 0,
    };
    if token_len > 0 {
        pattern.kinds = Some(letters(position, &rest[..token_len])?);
        rest = &rest[token_len..];
    }
    read_squares(g, rest, &mut pattern.base)?;
    Ok(pattern)
}

/// The kinds a piece token names: `K` either king, `J` the F-king, `+F` ...
fn letters(position: &Position, token: &str) -> Result<u32, String> {
    let rules = position.rules();
    let mut chars = token.chars();
    let (prefix, letter) = match (chars.next(), chars.next(), chars.next()) {
        (None, ..) => return Ok(u32::MAX),
        (Some(c), None, _) => (None, c),
        (Some('+'), Some(c), None) => (Some('+'), c),
        _ => return Err(format!("`{token}` is not a piece of New chess")),
    };
    if prefix.is_none() && letter.eq_ignore_ascii_case(&'K') {
        return Ok(1 << E_KING.0 | 1 << F_KING.0);
    }
    let kind = rules.kind_by_token(prefix, letter).ok_or_else(|| format!("`{token}` is not a piece of New chess"))?;
    Ok(1 << kind.0)
}

fn matches(position: &Position, p: &NcPattern, mv: Move) -> bool {
    if p.base.castle_long.is_some() || matches!(mv.special, Special::Castle(_)) {
        return crate::notation::standard::matches(position, &p.base, mv);
    }
    let kind_ok = |kind: Kind| p.kinds.is_none_or(|mask| mask >> kind.0 & 1 != 0);
    if let Special::Drop(kind) = mv.special {
        return p.base.drop && kind_ok(kind) && p.base.to == Some(mv.to);
    }
    let g = &position.rules().geometry;
    let Some(kind) = position.piece_at(mv.from).map(|piece| piece.kind) else { return false };
    let pawn_implied = p.kinds.is_none() && p.base.from.is_none();
    !p.base.drop
        && kind_ok(kind)
        && (!pawn_implied || kind == PAWN)
        && p.base.to == Some(mv.to)
        && p.base.from.is_none_or(|f| f == mv.from)
        && p.base.from_file.is_none_or(|f| g.file(mv.from) == f)
        && p.base.from_rank.is_none_or(|r| g.rank(mv.from) == r)
        // Without `^` a move is not knighted, as SAN-NC writes it (and `=` says so).
        && p.knights.unwrap_or(false) == mv.promotion().is_some()
}

fn why_illegal(position: &Position, p: &NcPattern, legal: &[Move]) -> String {
    if legal.is_empty() {
        return "there are no legal moves here".into();
    }
    let mut reason = String::new();
    if position.is_check() {
        reason.push_str("you are in check. ");
    }
    if p.base.castle_long.is_some() {
        reason.push_str("castling that way is not possible now (the king or tower has moved, a square between is occupied, or the king would pass an attacked square)");
        return reason;
    }
    // The legal moves of the same piece (or drops), for a hint.
    let rules = position.rules();
    let origin_kind = p.base.from.and_then(|sq| position.piece_at(sq)).map(|piece| 1u32 << piece.kind.0);
    let mask = p.kinds.or(origin_kind).unwrap_or(1 << PAWN.0);
    let mut same: Vec<String> = legal
        .iter()
        .filter(|m| m.dropped().is_some() == p.base.drop && !matches!(m.special, Special::Castle(_)))
        .filter(|m| {
            let kind = m.dropped().or_else(|| position.piece_at(m.from).map(|piece| piece.kind));
            kind.is_some_and(|k| mask >> k.0 & 1 != 0) && p.base.from.is_none_or(|f| f == m.from)
        })
        .map(|m| san_among(position, *m, legal))
        .collect();
    same.sort();
    if same.is_empty() {
        let what = if p.base.drop { "drop of that piece" } else { "move of that piece" };
        let _ = write!(
            reason,
            "no {what} is legal now ({} has {} legal moves)",
            rules.side_name(position.turn()),
            legal.len()
        );
    } else {
        let _ = write!(reason, "the legal ones are: {}", same.join(" "));
    }
    reason
}
