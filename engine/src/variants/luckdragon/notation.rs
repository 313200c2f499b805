//! SAN-LD (§8): chess SAN plus `NN` for a Double Leap, `(N)`/`(L)` for a dice
//! king move, `(∞)` for a wrap and `/X` for the relocated neighbour; and a
//! reader that also takes `O~O`, `(inf)`, `(8)`, lower-case piece letters
//! (except `b`, a file) and coordinates (`j1i4/R`, `c1d4`, `b7b8l`).

use std::fmt::Write;

use crate::geometry::Square;
use crate::moves::{Move, Special};
use crate::notation::{is_capture, resolve, san_among, MoveError};
use crate::piece::Kind;
use crate::position::Position;

use super::moves::is_knight_leap;
use super::{KING, KNIGHT};

/// Moves that SAN tells apart by their form, and disambiguates separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    Castle,
    Plain,
    DoubleLeap,
    Dice,
    Wrap,
}

fn class_of(mv: Move) -> Class {
    match mv.special {
        Special::Castle(_) => Class::Castle,
        Special::DoubleLeap(_) => Class::DoubleLeap,
        Special::DiceKing => Class::Dice,
        Special::Wrap(_) => Class::Wrap,
        _ => Class::Plain,
    }
}

fn kind_at(position: &Position, square: Square) -> Option<Kind> {
    position.piece_at(square).map(|p| p.kind)
}

/// SAN-LD without the check mark.
pub(super) fn san(position: &Position, mv: Move, legal: &[Move]) -> String {
    let rules = position.rules();
    let g = &rules.geometry;
    let class = class_of(mv);
    match mv.special {
        Special::Castle(rule) => return if rules.castling[rule as usize].long { "O-O-O" } else { "O-O" }.into(),
        Special::DiceKing => {
            let mode = if is_knight_leap(mv.from, mv.to) { 'N' } else { 'L' };
            return format!("K{}({mode})", g.name(mv.to));
        }
        _ => {}
    }
    let kind = kind_at(position, mv.from).expect("a move starts on a piece");
    let capture = is_capture(position, mv);
    let mut out = String::with_capacity(10);
    if rules.kind(kind).pawn {
        if capture {
            let _ = write!(out, "{}x", g.file_label(g.file(mv.from)));
        }
        let _ = write!(out, "{}", g.name(mv.to));
        if let Some(promoted) = mv.promotion() {
            let _ = write!(out, "={}", rules.kind(promoted).letter);
        }
        return out;
    }
    out.push_str(if class == Class::DoubleLeap { "NN" } else { "" });
    if class != Class::DoubleLeap {
        out.push(rules.kind(kind).letter);
    }
    let rivals: Vec<Square> = legal
        .iter()
        .filter(|m| m.to == mv.to && m.from != mv.from && class_of(**m) == class)
        .filter(|m| kind_at(position, m.from) == Some(kind))
        .map(|m| m.from)
        .collect();
    if !rivals.is_empty() {
        let same_file = rivals.iter().any(|r| g.file(*r) == g.file(mv.from));
        let same_rank = rivals.iter().any(|r| g.rank(*r) == g.rank(mv.from));
        if same_file && same_rank {
            let _ = write!(out, "{}", g.name(mv.from));
        } else if !same_file {
            out.push_str(g.file_label(g.file(mv.from)));
        } else {
            out.push_str(g.rank_label(g.rank(mv.from)));
        }
    }
    if capture {
        out.push('x');
    }
    let _ = write!(out, "{}", g.name(mv.to));
    if class == Class::Wrap {
        out.push_str("(∞)");
    }
    if let Some(neighbour) = mv.relocated_from() {
        let relocated = kind_at(position, neighbour).expect("a relocating neighbour");
        let _ = write!(out, "/{}", rules.kind(relocated).letter);
    }
    out
}

/// `<from><to>[promotion][/<relocated>]`: `e2e4`, `b7b8l`, `j1i4/R`.
pub(super) fn coordinates(position: &Position, mv: Move) -> String {
    let rules = position.rules();
    let g = &rules.geometry;
    let mut out = format!("{}{}", g.name(mv.from), g.name(mv.to));
    if let Some(kind) = mv.promotion() {
        out.push(rules.kind(kind).letter.to_ascii_lowercase());
    }
    if let Some(neighbour) = mv.relocated_from() {
        let relocated = kind_at(position, neighbour).expect("a relocating neighbour");
        let _ = write!(out, "/{}", rules.kind(relocated).letter);
    }
    out
}

/// What a piece of text says about a move.
#[derive(Debug, Default)]
struct Pattern {
    castle_long: Option<bool>,
    /// `None`: the text has no mark of a form, so any form of the piece fits.
    class: Option<Class>,
    /// For a dice king move: whether `(N)` (else `(L)`) was written.
    dice_knight: Option<bool>,
    kind: Option<Kind>,
    pawn_implied: bool,
    from: Option<Square>,
    from_file: Option<usize>,
    from_rank: Option<usize>,
    to: Option<Square>,
    promotion: Option<Kind>,
    /// The kind of the relocated neighbour; `None`: no relocation.
    relocated: Option<Kind>,
}

pub(super) fn parse_move(position: &Position, text: &str) -> Result<Move, MoveError> {
    resolve(position, text, read, matches, why_illegal)
}

/// A piece letter, in either case.
fn letter_kind(position: &Position, letter: &str) -> Result<Kind, String> {
    let rules = position.rules();
    let mut chars = letter.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(format!("`{letter}` is not a piece letter"));
    };
    rules.kind_by_letter(c).ok_or_else(|| format!("`{c}` is not a piece of {}", rules.variant))
}

fn read(position: &Position, text: &str) -> Result<Pattern, String> {
    let g = &position.rules().geometry;
    let mut p = Pattern::default();
    let castle = text.replace(['0', 'o'], "O").replace('~', "-");
    if castle == "O-O" || castle == "O-O-O" {
        p.castle_long = Some(castle == "O-O-O");
        return Ok(p);
    }
    let mut rest = text;
    if let Some((head, letter)) = rest.rsplit_once('/') {
        p.relocated = Some(letter_kind(position, letter)?);
        rest = head;
    }
    let mut mark = None;
    if let Some((head, inner)) = rest.strip_suffix(')').and_then(|r| r.rsplit_once('(')) {
        mark = Some(inner);
        rest = head;
    }
    if let Some(after) = rest.strip_prefix("NN").or_else(|| rest.strip_prefix("nn")) {
        p.class = Some(Class::DoubleLeap);
        p.kind = Some(KNIGHT);
        rest = after;
    } else if let Some(first) = rest.chars().next().filter(|c| c.is_ascii_uppercase() || "kqrnlp".contains(*c)) {
        p.kind = Some(letter_kind(position, &first.to_string())?);
        rest = &rest[1..];
    }
    match mark {
        None => {}
        Some(m) if ["∞", "inf", "8"].iter().any(|w| m.eq_ignore_ascii_case(w)) => p.class = Some(Class::Wrap),
        Some(m) if p.kind == Some(KING) && (m.eq_ignore_ascii_case("n") || m.eq_ignore_ascii_case("l")) => {
            p.class = Some(Class::Dice);
            p.dice_knight = Some(m.eq_ignore_ascii_case("n"));
        }
        Some(m) => p.promotion = Some(letter_kind(position, m)?),
    }
    if let Some((head, letter)) = rest.rsplit_once('=') {
        p.promotion = Some(letter_kind(position, letter)?);
        rest = head;
    } else if let Some(last) = rest.chars().last().filter(|c| c.is_ascii_alphabetic()) {
        let head = &rest[..rest.len() - 1];
        if (0..head.len()).any(|i| g.parse_square(&head[i..]).is_some()) {
            p.promotion = Some(letter_kind(position, &last.to_string())?);
            rest = head;
        }
    }
    let mut squares: Vec<Square> = Vec::new();
    let mut partial: Vec<(Option<usize>, Option<usize>)> = Vec::new();
    while !rest.is_empty() {
        if let Some(stripped) = rest.strip_prefix(['x', 'X', ':', '-', '*']) {
            rest = stripped;
        } else if let Some((square, used)) = g.parse_prefix(rest) {
            squares.push(square);
            rest = &rest[used..];
        } else if let Some(file) = (0..g.width()).find(|f| rest.starts_with(g.file_label(*f))) {
            partial.push((Some(file), None));
            rest = &rest[g.file_label(file).len()..];
        } else if let Some(rank) = (0..g.height()).rev().find(|r| rest.starts_with(g.rank_label(*r))) {
            partial.push((None, Some(rank)));
            rest = &rest[g.rank_label(rank).len()..];
        } else {
            return Err(format!("I do not understand `{rest}`"));
        }
    }
    match (squares.as_slice(), partial.as_slice()) {
        ([to], []) => p.to = Some(*to),
        ([from, to], []) => (p.from, p.to) = (Some(*from), Some(*to)),
        ([to], [(file, rank)]) => (p.to, p.from_file, p.from_rank) = (Some(*to), *file, *rank),
        ([], _) => return Err("it names no target square".into()),
        _ => return Err("it names too many squares".into()),
    }
    p.pawn_implied = p.kind.is_none() && p.from.is_none();
    Ok(p)
}

fn matches(position: &Position, p: &Pattern, mv: Move) -> bool {
    let rules = position.rules();
    let g = &rules.geometry;
    if let Special::Castle(rule) = mv.special {
        let rule = &rules.castling[rule as usize];
        return match p.castle_long {
            Some(long) => long == rule.long,
            // Coordinates: the king's move, or the king onto its own rook.
            None => {
                p.class.is_none()
                    && p.relocated.is_none()
                    && p.from == Some(mv.from)
                    && (p.to == Some(mv.to) || p.to == Some(rule.rook_from))
            }
        };
    }
    if p.castle_long.is_some() || p.class.is_some_and(|c| c != class_of(mv)) {
        return false;
    }
    if p.dice_knight.is_some_and(|knight| knight != is_knight_leap(mv.from, mv.to)) {
        return false;
    }
    let relocated = mv.relocated_from().and_then(|sq| kind_at(position, sq));
    if relocated != p.relocated {
        return false;
    }
    let kind = kind_at(position, mv.from);
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

/// Why nothing matched, with the moves of that piece that would.
fn why_illegal(position: &Position, p: &Pattern, legal: &[Move]) -> String {
    let rules = position.rules();
    if legal.is_empty() {
        return "the game is over: there are no legal moves".into();
    }
    let mut reason = String::new();
    if position.is_check() {
        reason.push_str("you are in check. ");
    }
    if p.castle_long.is_some() {
        reason.push_str("castling that way is not possible now (the king or rook has moved, a square between is occupied, or the king would pass an attacked square)");
        return reason;
    }
    match p.class {
        Some(Class::Dice) if position.granted() == 0 => {
            reason.push_str("a king move like a knight or Luck Dragon needs a double or triple of the Luck Dice this turn (`roll`, only while in check). ");
        }
        Some(Class::Wrap) if position.granted() == 0 => {
            reason.push_str("a wrap-around move needs an 8 on Lucky 8 this turn (`lucky8`). ");
        }
        _ => {}
    }
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
    let kind = p.kind.or_else(|| p.from.and_then(|sq| kind_at(position, sq)));
    let mut same_kind: Vec<String> = legal
        .iter()
        .filter(|m| class_of(**m) != Class::Castle)
        .filter(|m| match (p.from, kind) {
            (Some(from), _) => m.from == from,
            (None, Some(k)) => kind_at(position, m.from) == Some(k),
            (None, None) => kind_at(position, m.from).is_some_and(|k| rules.kind(k).pawn),
        })
        .map(|m| san_among(position, *m, legal))
        .collect();
    same_kind.sort();
    let name = kind.map_or("pawn", |k| rules.kind(k).name);
    if same_kind.is_empty() {
        let _ = write!(reason, "no {name} of yours can move");
    } else {
        let _ = write!(reason, "your {name} moves are: {}", same_kind.join(" "));
    }
    reason
}
