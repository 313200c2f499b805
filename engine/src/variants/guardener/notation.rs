//! §8's notation: SAN without check marks; a teleport is the piece's letter
//! (`P` for a pawn), SAN disambiguation among every legal move of that kind
//! to the square, the square and the terrace (`Nfz4 {T3}`); a resurrection
//! is `G@c0 {T1}`. The reader takes SAN with or without the `{Tn}` (with it,
//! only teleports and resurrections to that terrace count), coordinates,
//! `O~O`, and either half of a straddling Guardener as its origin.

use std::fmt::Write;

use crate::moves::{Move, Special};
use crate::notation::standard::{self, disambiguate, Pattern};
use crate::notation::{resolve, MoveError};
use crate::position::Position;

use super::terrace_of;

/// §8's SAN of a legal move (the game adds no check marks: there is no check).
pub(super) fn san(position: &Position, mv: Move, legal: &[Move]) -> String {
    let rules = position.rules();
    let g = &rules.geometry;
    match mv.special {
        Special::Drop(_) | Special::Teleport => {}
        _ => return standard::san(position, mv, legal),
    }
    let terrace = terrace_of(mv.to).unwrap_or_default();
    if mv.special == Special::Teleport {
        let kind = position.piece_at(mv.from).expect("a teleport starts on a piece").kind;
        let mut out = String::with_capacity(12);
        out.push(rules.kind(kind).letter);
        let rivals: Vec<_> = legal
            .iter()
            .filter(|m| m.to == mv.to && m.from != mv.from && m.dropped().is_none())
            .filter(|m| !matches!(m.special, Special::Castle(_)))
            .filter(|m| position.piece_at(m.from).is_some_and(|p| p.kind == kind))
            .map(|m| m.from)
            .collect();
        disambiguate(g, mv.from, &rivals, &mut out);
        let _ = write!(out, "{} {{T{terrace}}}", g.name(mv.to));
        return out;
    }
    format!("{} {{T{terrace}}}", standard::san(position, mv, legal))
}

/// A move as read: the standard pattern, and the terrace if `{Tn}` was given.
struct Reading {
    pattern: Pattern,
    terrace: Option<usize>,
}

/// Splits a trailing `{Tn}` (or `{tn}`) off the text.
fn split_terrace(text: &str) -> Result<(&str, Option<usize>), String> {
    let Some(open) = text.rfind('{') else { return Ok((text, None)) };
    let mark = text[open..].trim_end();
    let digit = mark
        .strip_prefix("{T")
        .or_else(|| mark.strip_prefix("{t"))
        .and_then(|rest| rest.strip_suffix('}'))
        .and_then(|n| n.trim().parse::<usize>().ok())
        .filter(|n| (1..=4).contains(n));
    match digit {
        Some(n) => Ok((text[..open].trim_end(), Some(n))),
        None => Err(format!("`{}` is not a terrace; write `{{T1}}` to `{{T4}}`", crate::notation::bounded(mark))),
    }
}

fn read(position: &Position, text: &str) -> Result<Reading, String> {
    let (text, terrace) = split_terrace(text)?;
    let text = text.replace('~', "-");
    let pattern = standard::read_pattern(position, &text)?;
    Ok(Reading { pattern, terrace })
}

fn matches(position: &Position, reading: &Reading, mv: Move) -> bool {
    let p = &reading.pattern;
    let lifted = matches!(mv.special, Special::Teleport | Special::Drop(_));
    if let Some(n) = reading.terrace {
        if !lifted || terrace_of(mv.to) != Some(n) {
            return false;
        }
    } else if mv.special == Special::Teleport && p.kind.is_none() && p.from.is_none() {
        // A bare square (`w4`) names a pawn's ordinary move; a pawn's
        // teleport is written with its letter (`Pdw4`).
        return false;
    }
    // Either half of a straddling Guardener names it.
    if let (Some(from), Some((a, b))) = (p.from, position.straddle(position.turn())) {
        if (from == a || from == b) && (mv.from == a || mv.from == b) {
            let moved = Pattern { from: Some(mv.from), ..p.clone() };
            return standard::matches(position, &moved, mv);
        }
    }
    standard::matches(position, p, mv)
}

fn why_illegal(position: &Position, reading: &Reading, legal: &[Move]) -> String {
    if let Some(n) = reading.terrace {
        if !legal
            .iter()
            .any(|m| terrace_of(m.to) == Some(n) && matches!(m.special, Special::Teleport | Special::Drop(_)))
        {
            return format!(
                "this turn's dice open no teleport to terrace T{n} (it needs a re-rolled double [{n},{n}])"
            );
        }
    }
    standard::explain(position, &reading.pattern, legal, "")
}

/// Reads a move in any of §8's input forms and finds it among the legal moves.
pub(super) fn parse_move(position: &Position, text: &str) -> Result<Move, MoveError> {
    resolve(position, text, read, matches, why_illegal)
}
