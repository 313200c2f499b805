//! Chess notation, which serves every variant without forms of its own: SAN
//! with disambiguation, coordinates, and a lenient reader for both.

use std::fmt::Write;

use super::{is_capture, resolve, san_among, MoveError};
use crate::color::Color;
use crate::geometry::{Geometry, Square};
use crate::moves::{Move, Special};
use crate::piece::Kind;
use crate::position::Position;

/// SAN without the check mark.
pub fn san(position: &Position, mv: Move, legal: &[Move]) -> String {
    let rules = position.rules();
    let g = &rules.geometry;
    if let Special::Castle(rule) = mv.special {
        return if rules.castling[rule as usize].long { "O-O-O" } else { "O-O" }.to_string();
    }
    if let Special::Drop(kind) = mv.special {
        let mut out = String::with_capacity(6);
        rules.push_token(&mut out, Color::White, kind);
        let _ = write!(out, "@{}", g.name(mv.to));
        return out;
    }
    let kind = position.piece_at(mv.from).expect("a move starts on a piece").kind;
    if mv.special == Special::Teleport {
        // Never also an ordinary move (the generator skips those), so the
        // whole origin names it.
        let mut out = String::with_capacity(8);
        rules.push_token(&mut out, Color::White, kind);
        let _ = write!(out, "{}{}", g.name(mv.from), g.name(mv.to));
        return out;
    }
    let capture = is_capture(position, mv);
    let mut out = String::with_capacity(8);
    if rules.kind(kind).pawn {
        if capture {
            let _ = write!(out, "{}x", g.file_label(g.file(mv.from)));
        }
    } else {
        rules.push_token(&mut out, Color::White, kind);
        let rivals: Vec<Square> = legal
            .iter()
            .filter(|m| m.to == mv.to && m.from != mv.from && !matches!(m.special, Special::Castle(_)))
            .filter(|m| position.piece_at(m.from).is_some_and(|p| p.kind == kind))
            .map(|m| m.from)
            .collect();
        disambiguate(g, mv.from, &rivals, &mut out);
        if capture {
            out.push('x');
        }
    }
    let _ = write!(out, "{}", g.name(mv.to));
    if let Some(kind) = mv.promotion() {
        out.push('=');
        rules.push_token(&mut out, Color::White, kind);
    }
    out
}

/// SAN's disambiguation of a move from `from` when pieces of the same kind on
/// `rivals` could make the same move: the file if it is enough, else the rank,
/// else (or on a layered board) the whole square.
pub(crate) fn disambiguate(g: &Geometry, from: Square, rivals: &[Square], out: &mut String) {
    if rivals.is_empty() {
        return;
    }
    let same_file = rivals.iter().any(|r| g.file(*r) == g.file(from) && g.layer(*r) == g.layer(from));
    let same_rank = rivals.iter().any(|r| g.rank(*r) == g.rank(from) && g.layer(*r) == g.layer(from));
    if g.layers().len() > 1 || (same_file && same_rank) {
        let _ = write!(out, "{}", g.name(from));
    } else if !same_file {
        out.push_str(g.file_label(g.file(from)));
    } else {
        out.push_str(g.rank_label(g.rank(from)));
    }
}

/// Coordinates: origin, target and a lower-case promotion letter (`e7e8q`).
/// Castling is written as the king's move (`e1g1`), a drop as `N@f3`.
pub fn coordinates(position: &Position, mv: Move) -> String {
    let rules = position.rules();
    let g = &rules.geometry;
    if let Special::Drop(kind) = mv.special {
        return format!("{}@{}", rules.kind(kind).letter, g.name(mv.to));
    }
    let mut out = format!("{}{}", g.name(mv.from), g.name(mv.to));
    if let Some(kind) = mv.promotion() {
        out.push(rules.kind(kind).letter.to_ascii_lowercase());
    }
    out
}

/// What a piece of text says about a move, before it is matched to legal
/// moves. Dialects with more forms wrap it with their own marks.
#[derive(Clone, Debug, Default)]
pub(crate) struct Pattern {
    pub kind: Option<Kind>,
    pub pawn_implied: bool,
    pub from: Option<Square>,
    pub from_file: Option<usize>,
    pub from_rank: Option<usize>,
    pub to: Option<Square>,
    pub promotion: Option<Kind>,
    pub castle_long: Option<bool>,
    /// Written with `@`: a piece from the hand.
    pub drop: bool,
}

/// Reads a move in SAN or coordinates and finds it among the legal moves.
pub fn parse_move(position: &Position, text: &str) -> Result<Move, MoveError> {
    resolve(position, text, read_pattern, matches, why_illegal)
}

pub(crate) fn read_pattern(position: &Position, text: &str) -> Result<Pattern, String> {
    let rules = position.rules();
    let g = &rules.geometry;
    let mut pattern = Pattern { castle_long: castle_side(text), ..Pattern::default() };
    if pattern.castle_long.is_some() {
        return Ok(pattern);
    }
    if let Some((letter, square)) = text.split_once('@') {
        return read_drop(position, letter, square);
    }
    let mut rest = text;
    let prefix = rest.chars().next().filter(|c| rules.is_prefix(*c));
    if let Some(prefix) = prefix {
        rest = &rest[prefix.len_utf8()..];
    }
    if let Some(first) = rest.chars().next().filter(|c| c.is_ascii_uppercase()) {
        let kind = rules.kind_by_token(prefix, first).ok_or_else(|| {
            format!("`{}{first}` is not a piece of {}", prefix.map(String::from).unwrap_or_default(), rules.variant)
        })?;
        pattern.kind = Some(kind);
        rest = &rest[1..];
    }
    // Promotion suffix: `=Q`, `(Q)`, or a bare letter after the target square.
    if let Some(stripped) = rest.strip_suffix(')').and_then(|r| r.rsplit_once('(')) {
        pattern.promotion = Some(piece_letter(position, stripped.1)?);
        rest = stripped.0;
    } else {
        rest = read_promotion(position, rest, &mut pattern)?;
    }
    read_squares(g, rest, &mut pattern)?;
    Ok(pattern)
}

/// A drop, `N@f3` (or `@f3` when only one kind could land there).
pub(crate) fn read_drop(position: &Position, letter: &str, square: &str) -> Result<Pattern, String> {
    let g = &position.rules().geometry;
    let kind = if letter.is_empty() { None } else { Some(piece_letter(position, letter)?) };
    let to = g.parse_square(square).ok_or_else(|| format!("`{square}` is not a square to drop on"))?;
    Ok(Pattern { kind, to: Some(to), drop: true, ..Pattern::default() })
}

/// `Some(true)` for `O-O-O`, `Some(false)` for `O-O`, also written with
/// zeros, lower-case o or `~`.
pub(crate) fn castle_side(text: &str) -> Option<bool> {
    let castle = text.replace(['0', 'o'], "O").replace('~', "-");
    (castle == "O-O" || castle == "O-O-O").then_some(castle == "O-O-O")
}

/// Reads a promotion written `=Q` or as a bare letter after the target square
/// into `pattern`; returns the text before it.
pub(crate) fn read_promotion<'t>(position: &Position, text: &'t str, pattern: &mut Pattern) -> Result<&'t str, String> {
    let g = &position.rules().geometry;
    if let Some((head, letter)) = text.rsplit_once('=') {
        pattern.promotion = Some(piece_letter(position, letter)?);
        return Ok(head);
    }
    if let Some(last) = text.chars().last().filter(|c| c.is_ascii_alphabetic()) {
        let head = &text[..text.len() - 1];
        let head_ends_in_square =
            (0..head.len()).any(|i| head.is_char_boundary(i) && g.parse_square(&head[i..]).is_some());
        if head_ends_in_square {
            pattern.promotion = Some(piece_letter(position, &last.to_string())?);
            return Ok(head);
        }
    }
    Ok(text)
}

/// Reads the squares of a move (`e4`, `e2e4`, `Nbd2`'s `bd2`, with `x` or `-`
/// between) into `pattern`. A file or rank that tells pieces apart comes
/// before the target square, and nothing may follow the last square:
/// `e4xx` or `Ne4x1` is refused rather than read as `e4` or `N1e4`.
pub(crate) fn read_squares(g: &Geometry, mut rest: &str, pattern: &mut Pattern) -> Result<(), String> {
    let mut squares: Vec<Square> = Vec::new();
    let mut partial: Vec<(Option<usize>, Option<usize>)> = Vec::new();
    // The text after the last square read: it must come to nothing.
    let mut after_square = None;
    while !rest.is_empty() {
        if let Some(stripped) = rest.strip_prefix(['x', 'X', ':', '-', '*']) {
            rest = stripped;
        } else if let Some((square, used)) = g.parse_prefix(rest) {
            squares.push(square);
            rest = &rest[used..];
            after_square = Some(rest);
        } else if !squares.is_empty() {
            break;
        } else if let Some(file) = (0..g.width()).find(|f| rest.starts_with(g.file_label(*f))) {
            partial.push((Some(file), None));
            rest = &rest[g.file_label(file).len()..];
        } else if let Some(rank) = (0..g.height()).rev().find(|r| rest.starts_with(g.rank_label(*r))) {
            partial.push((None, Some(rank)));
            rest = &rest[g.rank_label(rank).len()..];
        } else {
            // A file letter or two read before the gibberish says nothing
            // useful; the whole text is quoted by the caller.
            return Err("moves look like `e4`, `Nf3`, `exd5` or `e2e4`".into());
        }
    }
    if let Some(tail) = after_square.filter(|tail| !tail.is_empty()) {
        return Err(format!("I do not understand `{}` after the square", super::bounded(tail)));
    }
    match (squares.as_slice(), partial.as_slice()) {
        ([to], []) => pattern.to = Some(*to),
        ([from, to], []) => (pattern.from, pattern.to) = (Some(*from), Some(*to)),
        ([to], [(file, rank)]) => (pattern.to, pattern.from_file, pattern.from_rank) = (Some(*to), *file, *rank),
        ([], _) => return Err("it names no target square".into()),
        _ => return Err("it names too many squares".into()),
    }
    pattern.pawn_implied = pattern.kind.is_none() && pattern.from.is_none();
    Ok(())
}

/// A piece letter, in either case.
pub(crate) fn piece_letter(position: &Position, letter: &str) -> Result<Kind, String> {
    let rules = position.rules();
    let mut chars = letter.chars();
    let (prefix, c) = match (chars.next(), chars.next(), chars.next()) {
        (Some(c), None, _) => (None, c),
        (Some(p), Some(c), None) if rules.is_prefix(p) => (Some(p), c),
        _ => return Err(format!("`{letter}` is not a piece letter")),
    };
    rules.kind_by_token(prefix, c).ok_or_else(|| format!("`{letter}` is not a piece of {}", rules.variant))
}

/// Whether `mv` is the move the pattern names.
pub(crate) fn matches(position: &Position, p: &Pattern, mv: Move) -> bool {
    let rules = position.rules();
    let g = &rules.geometry;
    if let Special::Castle(rule) = mv.special {
        let rule = &rules.castling[rule as usize];
        return match p.castle_long {
            Some(long) => long == rule.long,
            // Coordinates: the king's move, or the king onto its own rook.
            None => p.from == Some(mv.from) && (p.to == Some(mv.to) || p.to == Some(rule.rook_from)),
        };
    }
    if p.castle_long.is_some() {
        return false;
    }
    if let Special::Drop(kind) = mv.special {
        return p.drop && p.kind.is_none_or(|k| k == kind) && p.to == Some(mv.to);
    }
    if p.drop {
        return false;
    }
    let kind = position.piece_at(mv.from).map(|piece| piece.kind);
    let kind_ok = match p.kind {
        Some(k) => kind == Some(k),
        None => !p.pawn_implied || kind.is_some_and(|k| rules.kind(k).pawn),
    };
    kind_ok
        && p.to == Some(mv.to)
        && p.from.is_none_or(|f| f == mv.from)
        && p.from_file.is_none_or(|f| g.file(mv.from) == f)
        && p.from_rank.is_none_or(|r| g.rank(mv.from) == r)
        && p.promotion.is_none_or(|k| mv.promotion() == Some(k))
}

fn why_illegal(position: &Position, p: &Pattern, legal: &[Move]) -> String {
    explain(position, p, legal, "")
}

/// A friendly explanation of why nothing matched, with the moves that would;
/// `hint` is the dialect's word on the form the text asked for.
pub(crate) fn explain(position: &Position, p: &Pattern, legal: &[Move], hint: &str) -> String {
    let rules = position.rules();
    let mut reason = String::new();
    if legal.is_empty() {
        return "the game is over: there are no legal moves".into();
    }
    if position.is_check() {
        reason.push_str("you are in check. ");
    }
    if p.castle_long.is_some() {
        reason.push_str("castling that way is not possible now (the king or rook has moved, a square between is occupied, or the king would pass an attacked square)");
        return reason;
    }
    reason.push_str(hint);
    let kind = p.kind.or_else(|| p.from.and_then(|sq| position.piece_at(sq)).map(|piece| piece.kind));
    if let Some(from) = p.from {
        match position.piece_at(from) {
            None => {
                let _ = write!(reason, "there is no piece on {}", rules.geometry.name(from));
                return reason;
            }
            Some(piece) if piece.color != position.turn() => {
                let _ = write!(reason, "the piece on {} is not yours", rules.geometry.name(from));
                return reason;
            }
            _ => {}
        }
    }
    let mut same_kind: Vec<String> = legal
        .iter()
        .filter(|m| !matches!(m.special, Special::Castle(_)) && m.dropped().is_some() == p.drop)
        .filter(|m| match (p.from, kind) {
            _ if p.drop => kind.is_none_or(|k| m.dropped() == Some(k)),
            (Some(from), _) => m.from == from,
            (None, Some(k)) => position.piece_at(m.from).is_some_and(|piece| piece.kind == k),
            (None, None) => position.piece_at(m.from).is_some_and(|piece| rules.kind(piece.kind).pawn),
        })
        .map(|m| san_among(position, *m, legal))
        .collect();
    same_kind.sort();
    if let Some(why) = rules.why_refused.and_then(|why| why(position, kind, p.to)) {
        let _ = write!(reason, "{why}; ");
    }
    let name = kind.map_or(if p.drop { "piece" } else { "pawn" }, |k| rules.kind(k).name);
    if same_kind.is_empty() && p.drop {
        let _ = write!(reason, "no {name} of yours can be dropped now");
    } else if same_kind.is_empty() {
        let _ = write!(reason, "no {name} of yours can move");
    } else {
        let _ = write!(reason, "your {name} moves are: {}", same_kind.join(" "));
    }
    reason
}
