//! SAN-LD (§8): chess SAN plus `NN` for a Double Leap, `(N)`/`(L)` for a dice
//! king move, `(∞)` for a wrap and `/X` for the relocated neighbour; and a
//! reader that also takes `O~O`, `(inf)`, `(8)`, lower-case piece letters
//! (except `b`, a file) and coordinates (`j1i4/R`, `c1d4`, `b7b8l`).

use std::fmt::Write;

use crate::geometry::Square;
use crate::moves::{Move, Special};
use crate::notation::standard::{self, piece_letter};
use crate::notation::{is_capture, resolve, MoveError};
use crate::piece::Kind;
use crate::position::Position;

use super::dice::WRAP;
use super::moves::{is_knight_leap, wrap_landings};
use super::{KING, KNIGHT, LUCK_DRAGON};

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
    standard::disambiguate(g, mv.from, &rivals, &mut out);
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

/// What a piece of text says about a move: the chess pattern and SAN-LD's marks.
#[derive(Debug, Default)]
struct Pattern {
    base: standard::Pattern,
    /// `None`: the text has no mark of a form, so any form of the piece fits.
    class: Option<Class>,
    /// For a dice king move: whether `(N)` (else `(L)`) was written.
    dice_knight: Option<bool>,
    /// The kind of the relocated neighbour; `None`: no relocation.
    relocated: Option<Kind>,
}

/// A piece move written with no form mark (`Ng3`) is first read as the plain
/// move, which is how SAN-LD writes it: beside a Double Leap `NNg3` to the same
/// square it is not ambiguous. Only when no plain move fits is any form taken
/// (`Kd4` for a dice king move whose mark was left out).
pub(super) fn parse_move(position: &Position, text: &str) -> Result<Move, MoveError> {
    let plain = |position: &Position, text: &str| {
        read(position, text).map(|mut p| {
            if p.class.is_none() && p.base.kind.is_some() && p.base.castle_long.is_none() {
                p.class = Some(Class::Plain);
            }
            p
        })
    };
    let any_form = match resolve(position, text, plain, matches, why_illegal) {
        Err(MoveError::Illegal { .. }) => resolve(position, text, read, matches, why_illegal),
        read_plainly => return read_plainly,
    };
    // With an 8 granted, a wrap that lands where a plain slide of the same
    // dragon also lands is that plain move (the generator lists it once, as
    // `La4`), so `La4(∞)` is read as it when the wrap's way is open too.
    let wrap_open = |position: &Position, p: &Pattern, mv: Move| {
        kind_at(position, mv.from) == Some(LUCK_DRAGON)
            && matches(position, p, mv)
            && wrap_landings(position, mv.from).contains(&mv.to)
    };
    let as_plain = |position: &Position, text: &str| {
        read(position, text).map(|mut p| {
            if p.class == Some(Class::Wrap) {
                p.class = Some(Class::Plain);
            }
            p
        })
    };
    match any_form {
        Err(MoveError::Illegal { .. }) if position.granted().contains(WRAP) => {
            resolve(position, text, as_plain, wrap_open, why_illegal).or(any_form)
        }
        other => other,
    }
}

fn read(position: &Position, text: &str) -> Result<Pattern, String> {
    let mut p = Pattern::default();
    p.base.castle_long = standard::castle_side(text);
    if p.base.castle_long.is_some() {
        return Ok(p);
    }
    let mut rest = text;
    if let Some((head, letter)) = rest.rsplit_once('/') {
        p.relocated = Some(piece_letter(position, letter)?);
        rest = head;
    }
    let mut mark = None;
    if let Some((head, inner)) = rest.strip_suffix(')').and_then(|r| r.rsplit_once('(')) {
        mark = Some(inner);
        rest = head;
    }
    if let Some(after) = rest.strip_prefix("NN").or_else(|| rest.strip_prefix("nn")) {
        p.class = Some(Class::DoubleLeap);
        p.base.kind = Some(KNIGHT);
        rest = after;
    } else if let Some(first) = rest.chars().next().filter(|c| c.is_ascii_uppercase() || "kqrnlp".contains(*c)) {
        p.base.kind = Some(piece_letter(position, &first.to_string())?);
        rest = &rest[1..];
    }
    match mark {
        None => {}
        Some(m) if ["∞", "inf", "8"].iter().any(|w| m.eq_ignore_ascii_case(w)) => p.class = Some(Class::Wrap),
        Some(m) if p.base.kind == Some(KING) && (m.eq_ignore_ascii_case("n") || m.eq_ignore_ascii_case("l")) => {
            p.class = Some(Class::Dice);
            p.dice_knight = Some(m.eq_ignore_ascii_case("n"));
        }
        Some(m) => p.base.promotion = Some(piece_letter(position, m)?),
    }
    let rest = standard::read_promotion(position, rest, &mut p.base)?;
    standard::read_squares(&position.rules().geometry, rest, &mut p.base)?;
    Ok(p)
}

fn matches(position: &Position, p: &Pattern, mv: Move) -> bool {
    if matches!(mv.special, Special::Castle(_)) {
        // Castling has no form mark and never relocates.
        return p.class.is_none() && p.relocated.is_none() && standard::matches(position, &p.base, mv);
    }
    if p.class.is_some_and(|c| c != class_of(mv)) {
        return false;
    }
    if p.dice_knight.is_some_and(|knight| knight != is_knight_leap(mv.from, mv.to)) {
        return false;
    }
    let relocated = mv.relocated_from().and_then(|sq| kind_at(position, sq));
    relocated == p.relocated && standard::matches(position, &p.base, mv)
}

/// Why nothing matched, with the moves of that piece that would.
fn why_illegal(position: &Position, p: &Pattern, legal: &[Move]) -> String {
    let hint = match p.class {
        Some(Class::Dice) if position.granted().is_empty() => {
            "a king move like a knight or Luck Dragon needs a double or triple of the Luck Dice this turn (`roll`, only while in check). "
        }
        Some(Class::Wrap) if position.granted().is_empty() => {
            "a wrap-around move needs an 8 on Lucky 8 this turn (`lucky8`). "
        }
        _ => "",
    };
    standard::explain(position, &p.base, legal, hint)
}
