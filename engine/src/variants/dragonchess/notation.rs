//! Dragonchess notation (spec §9). Output is long algebraic with a piece
//! letter: `S1g2-1h3`, `R1e5x2f5` (a capture from afar: the Dragon stays),
//! `W2e7-2e8=H`. Input is lenient, as the source's games are written: the
//! piece letter and `-` may be left out, `Dr` means the Dragon, a captured
//! piece may be named after `x` (`PxDr`, `O2j5xW2a5`), and a destination may
//! lack its board (`Hxg4`). The legal moves matching every given part are
//! kept; a bare cell names a Warrior's move; without `x` a lone non-capture
//! wins; exactly one must remain.

use std::fmt::Write;

use super::DRAGON;
use crate::geometry::Square;
use crate::moves::Move;
use crate::notation::{is_capture, san_among, MoveError};
use crate::position::Position;

/// The canonical form without a check mark.
pub fn san(position: &Position, mv: Move, _legal: &[Move]) -> String {
    coordinates(position, mv)
}

/// The canonical form, which records store too (it names origin and target,
/// so it never depends on the other legal moves).
pub fn coordinates(position: &Position, mv: Move) -> String {
    let rules = position.rules();
    let g = &rules.geometry;
    let piece = position.piece_at(mv.from).expect("a move starts on a piece");
    let separator = if is_capture(position, mv) { 'x' } else { '-' };
    let mut out = format!("{}{}{separator}{}", rules.kind(piece.kind).letter, g.name(mv.from), g.name(mv.to));
    if let Some(kind) = mv.promotion() {
        let _ = write!(out, "={}", rules.kind(kind).letter);
    }
    out
}

/// Where a move goes: a cell, or a file and rank on any board (`Hxg4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    Cell(Square),
    Column { file: usize, rank: usize },
}

/// What the text says about the move; piece kinds by letter, so that a `D`
/// means a Dwarf whichever way it heads.
#[derive(Debug, Default)]
struct Pattern {
    piece: Option<char>,
    from: Option<Square>,
    to: Option<Target>,
    capture: bool,
    captured: Option<char>,
    promotion: Option<char>,
}

pub fn parse_move(position: &Position, text: &str) -> Result<Move, MoveError> {
    let trimmed = text.trim();
    let syntax = |reason: String| MoveError::Syntax { text: crate::notation::bounded(trimmed), reason };
    let core = strip_marks(trimmed);
    if core.is_empty() {
        return Err(syntax("type a move, for example `S1g2-1h3`, `R1e5x2f5` or `W2e7-2e8=H`".into()));
    }
    let pattern = read(position, core).map_err(syntax)?;
    let legal = position.legal_moves();
    let mut candidates: Vec<Move> = legal.iter().copied().filter(|m| matches(position, &pattern, *m)).collect();
    // A bare cell (`e4`, `2e4`) is a Warrior's move, as a bare square is a
    // pawn's in chess; that no Warrior goes there never makes it another
    // piece's move unasked: the candidates are listed instead.
    let bare = pattern.piece.is_none() && pattern.from.is_none() && pattern.captured.is_none();
    if bare && !candidates.is_empty() {
        let rules = position.rules();
        let pawn_kind = |m: &Move| position.piece_at(m.from).is_some_and(|piece| rules.kind(piece.kind).pawn);
        if !candidates.iter().any(pawn_kind) {
            let mut names: Vec<String> = candidates.iter().map(|m| san_among(position, *m, &legal)).collect();
            names.sort();
            return Err(MoveError::Ambiguous { text: crate::notation::bounded(trimmed), candidates: names });
        }
        candidates.retain(pawn_kind);
    }
    if !pattern.capture && candidates.len() > 1 {
        let quiet: Vec<Move> = candidates.iter().copied().filter(|m| !is_capture(position, *m)).collect();
        if quiet.len() == 1 {
            candidates = quiet;
        }
    }
    match candidates.as_slice() {
        [one] => Ok(*one),
        [] => Err(MoveError::Illegal {
            text: crate::notation::bounded(trimmed),
            reason: why_illegal(position, &pattern, &legal),
        }),
        many => {
            let mut names: Vec<String> = many.iter().map(|m| san_among(position, *m, &legal)).collect();
            names.sort();
            Err(MoveError::Ambiguous { text: crate::notation::bounded(trimmed), candidates: names })
        }
    }
}

/// Drops trailing check marks and comments: `+`, `#`, `mate`, `!`, `?`.
fn strip_marks(text: &str) -> &str {
    let mut rest = text.trim_end();
    loop {
        let next = rest.trim_end_matches(['+', '#', '!', '?']).trim_end();
        let next = next.strip_suffix("mate").unwrap_or(next).trim_end();
        if next.len() == rest.len() {
            return rest;
        }
        rest = next;
    }
}

/// A piece letter at the start of `text` (`Dr` is the Dragon), and its length.
fn piece_letter(position: &Position, text: &str) -> Result<Option<(char, usize)>, String> {
    let rules = position.rules();
    if text.starts_with("Dr") {
        return Ok(Some((rules.kind(DRAGON).letter, 2)));
    }
    match text.chars().next() {
        Some(c) if c.is_ascii_uppercase() => match rules.kind_by_letter(c) {
            Some(_) => Ok(Some((c, 1))),
            None => Err(format!("`{c}` is not a Dragonchess piece letter (S G R O U H T C M K P W B E D)")),
        },
        _ => Ok(None),
    }
}

/// A cell at the start of `text`: a full name (`2e4`) or a file and rank (`e4`).
fn target(position: &Position, text: &str) -> Option<(Target, usize)> {
    let g = &position.rules().geometry;
    if let Some((square, used)) = g.parse_prefix(text) {
        return Some((Target::Cell(square), used));
    }
    let file = (0..g.width()).find(|f| text.starts_with(g.file_label(*f)))?;
    let rest = &text[g.file_label(file).len()..];
    let rank = (0..g.height()).find(|r| rest.starts_with(g.rank_label(*r)))?;
    Some((Target::Column { file, rank }, g.file_label(file).len() + g.rank_label(rank).len()))
}

fn read(position: &Position, text: &str) -> Result<Pattern, String> {
    let mut pattern = Pattern::default();
    let mut rest = text;
    if let Some((head, promoted)) = rest.rsplit_once('=') {
        match piece_letter(position, promoted)? {
            Some((letter, used)) if used == promoted.len() => pattern.promotion = Some(letter),
            _ => return Err(format!("`={promoted}` should name the piece a Warrior becomes, `=H`")),
        }
        rest = head;
    }
    if let Some((letter, used)) = piece_letter(position, rest)? {
        pattern.piece = Some(letter);
        rest = &rest[used..];
    }
    let first = target(position, rest);
    if let Some((_, used)) = first {
        rest = &rest[used..];
    }
    let separated = match rest.chars().next() {
        Some('x' | 'X' | ':') => {
            pattern.capture = true;
            true
        }
        Some('-') => true,
        _ => false,
    };
    if separated {
        rest = &rest[1..];
        if let Some((letter, used)) = piece_letter(position, rest)? {
            if !pattern.capture {
                return Err(format!("a captured piece is named after `x`, as in `PxDr`, not after `-{letter}`"));
            }
            pattern.captured = Some(letter);
            rest = &rest[used..];
        }
    }
    let second = target(position, rest);
    if let Some((_, used)) = second {
        rest = &rest[used..];
    }
    if !rest.is_empty() {
        return Err(format!("I do not understand `{}`", crate::notation::bounded(rest)));
    }
    match (first, second) {
        (Some((Target::Cell(from), _)), Some((to, _))) => {
            pattern.from = Some(from);
            pattern.to = Some(to);
        }
        (Some((Target::Column { .. }, _)), Some(_)) => {
            return Err("a move's origin needs its board too, as in `2e4`".into());
        }
        // `W2b2xU`: an origin and the captured piece, no destination.
        (Some((Target::Cell(from), _)), None) if pattern.captured.is_some() => pattern.from = Some(from),
        (Some((_, _)), None) if separated => return Err("it names no destination".into()),
        (Some((to, _)), None) | (None, Some((to, _))) => pattern.to = Some(to),
        (None, None) if pattern.captured.is_some() => {}
        (None, None) => return Err("it names no cell".into()),
    }
    Ok(pattern)
}

fn matches(position: &Position, p: &Pattern, mv: Move) -> bool {
    let rules = position.rules();
    let g = &rules.geometry;
    let letter_on = |square: Square| position.piece_at(square).map(|piece| rules.kind(piece.kind).letter);
    let to_ok = match p.to {
        None => true,
        Some(Target::Cell(square)) => square == mv.to,
        Some(Target::Column { file, rank }) => g.file(mv.to) == file && g.rank(mv.to) == rank,
    };
    to_ok
        && p.from.is_none_or(|from| from == mv.from)
        && p.piece.is_none_or(|letter| letter_on(mv.from) == Some(letter))
        && (!p.capture || is_capture(position, mv))
        && p.captured.is_none_or(|letter| letter_on(mv.to) == Some(letter))
        && p.promotion.is_none_or(|letter| mv.promotion().map(|k| rules.kind(k).letter) == Some(letter))
}

/// Why nothing matched, with the moves the named piece does have.
fn why_illegal(position: &Position, p: &Pattern, legal: &[Move]) -> String {
    let rules = position.rules();
    let g = &rules.geometry;
    if legal.is_empty() {
        return "the game is over: there are no legal moves".into();
    }
    let mut reason = String::new();
    if position.is_check() {
        reason.push_str("you are in check. ");
    }
    if let Some(from) = p.from {
        match position.piece_at(from) {
            None => return format!("{reason}there is no piece on {}", g.name(from)),
            Some(piece) if piece.color != position.turn() => {
                return format!("{reason}the piece on {} is not yours", g.name(from))
            }
            Some(_) if position.is_frozen(from) => {
                return format!("{reason}the piece on {} is frozen by a Basilisk below it", g.name(from))
            }
            _ => {}
        }
    }
    let letter =
        p.piece.or_else(|| p.from.and_then(|s| position.piece_at(s)).map(|piece| rules.kind(piece.kind).letter));
    let Some(letter) = letter else {
        return format!("{reason}no legal move matches it");
    };
    let mut own: Vec<String> = legal
        .iter()
        .filter(|m| position.piece_at(m.from).is_some_and(|piece| rules.kind(piece.kind).letter == letter))
        .filter(|m| p.from.is_none_or(|from| from == m.from))
        .map(|m| san_among(position, *m, legal))
        .collect();
    own.sort();
    let name = rules.kind_by_letter(letter).map_or("piece", |k| rules.kind(k).name);
    if own.is_empty() {
        let _ = write!(reason, "no {name} of yours can move");
    } else {
        let _ = write!(reason, "your {name} moves are: {}", own.join(" "));
    }
    reason
}
