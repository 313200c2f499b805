//! Avrae's ordered operations (`k`, `p`, `rr`, `ro`, `ra`, `e`, `mi`, `ma`) with their
//! selectors (`3`, `h1`, `l2`, `>4`, `<3`): parsing, the finiteness checks, and the
//! choice of values a selector matches.

use std::cmp::Ordering;

use super::ast::{Die, Selector, SetOp, SetOpKind};
use super::parser::Parser;
use super::{DiceError, DiceErrorKind, Span};

/// Parses operations at the cursor. `die` is the die they follow, or `None` after a
/// set, where only `k` and `p` mean anything.
pub(super) fn ops(p: &mut Parser<'_>, die: Option<Die>) -> Result<Vec<SetOp>, DiceError> {
    let mut ops: Vec<SetOp> = Vec::new();
    while let Some(kind) = op_kind(p) {
        let start = p.pos;
        p.pos += op_len(kind);
        let literal_only = matches!(kind, SetOpKind::Minimum | SetOpKind::Maximum);
        let selector = selector(p, literal_only)?;
        let span = Span::new(start, p.pos);
        match die {
            None if !matches!(kind, SetOpKind::Keep | SetOpKind::Drop) => {
                return Err(p.error(DiceErrorKind::DiceOnlyOperation, span));
            }
            Some(die) => check(p, kind, selector, die, span)?,
            None => {}
        }
        match ops.last_mut() {
            Some(last) if last.kind == kind && !literal_only => last.selectors.push(selector),
            _ => ops.push(SetOp { kind, selectors: vec![selector] }),
        }
    }
    Ok(ops)
}

/// The operation at the cursor, not consumed.
fn op_kind(p: &Parser<'_>) -> Option<SetOpKind> {
    let rest = p.text.get(p.pos..)?.as_bytes();
    let lower = |i: usize| rest.get(i).map(u8::to_ascii_lowercase);
    Some(match (lower(0)?, lower(1)) {
        (b'k', _) => SetOpKind::Keep,
        (b'p', _) => SetOpKind::Drop,
        (b'r', Some(b'r')) => SetOpKind::Reroll,
        (b'r', Some(b'o')) => SetOpKind::RerollOnce,
        (b'r', Some(b'a')) => SetOpKind::RerollAdd,
        (b'e', _) => SetOpKind::Explode,
        (b'm', Some(b'i')) => SetOpKind::Minimum,
        (b'm', Some(b'a')) => SetOpKind::Maximum,
        _ => return None,
    })
}

fn op_len(kind: SetOpKind) -> usize {
    match kind {
        SetOpKind::Keep | SetOpKind::Drop | SetOpKind::Explode => 1,
        _ => 2,
    }
}

/// `3`, `h1`, `l2`, `>4`, `<3`.
fn selector(p: &mut Parser<'_>, literal_only: bool) -> Result<Selector, DiceError> {
    let kind = p.peek_lower();
    let prefix = matches!(kind, Some(b'h' | b'l' | b'>' | b'<'));
    if prefix && !literal_only {
        p.pos += 1;
    }
    if !p.peek_digit() {
        let what = if literal_only { "a number after mi/ma" } else { "a selector: a number, hN, lN, >N or <N" };
        return Err(p.expected(what));
    }
    let (value, _) = p.number()?;
    let count = u32::try_from(value).unwrap_or(u32::MAX);
    Ok(match kind {
        Some(b'h') if !literal_only => Selector::Highest(count),
        Some(b'l') if !literal_only => Selector::Lowest(count),
        Some(b'>') if !literal_only => Selector::Greater(value),
        Some(b'<') if !literal_only => Selector::Less(value),
        _ => Selector::Literal(value),
    })
}

/// Refuses rerolls and explosions that every face of `die` would trigger again
/// (Avrae stops those with "too many rolls"; Rookery says so before rolling).
fn check(p: &Parser<'_>, kind: SetOpKind, selector: Selector, die: Die, span: Span) -> Result<(), DiceError> {
    let (lowest, highest) = (die.lowest(), die.highest());
    let endless = match selector {
        Selector::Literal(v) => lowest == highest && v == lowest,
        Selector::Greater(v) => v < lowest,
        Selector::Less(v) => v > highest,
        // The highest (lowest) die always exists, so this would never stop.
        Selector::Highest(n) | Selector::Lowest(n) => n > 0,
    };
    match kind {
        SetOpKind::Reroll if endless => Err(p.error(DiceErrorKind::EndlessReroll, span)),
        SetOpKind::Explode if endless => Err(p.error(DiceErrorKind::EndlessExplosion, span)),
        _ => Ok(()),
    }
}

/// Which of `values` the selectors match, among those `kept`; ties between equal
/// values go to the earlier one. `lift` turns a selector's number into a value, so
/// the same choice serves whole dice and Avrae's fractional set items.
pub(super) fn matched<T: Copy + PartialOrd>(
    values: &[T],
    kept: &[bool],
    selectors: &[Selector],
    lift: impl Fn(i64) -> T,
) -> Vec<bool> {
    let mut matched = vec![false; values.len()];
    let candidates: Vec<usize> = (0..values.len()).filter(|&i| kept[i]).collect();
    for selector in selectors {
        let passes = |value: T| match *selector {
            Selector::Literal(v) => value == lift(v),
            Selector::Greater(v) => value > lift(v),
            Selector::Less(v) => value < lift(v),
            Selector::Highest(_) | Selector::Lowest(_) => false,
        };
        match *selector {
            Selector::Literal(_) | Selector::Greater(_) | Selector::Less(_) => {
                candidates.iter().filter(|&&i| passes(values[i])).for_each(|&i| matched[i] = true);
            }
            Selector::Highest(n) | Selector::Lowest(n) => {
                let highest_first = matches!(selector, Selector::Highest(_));
                let mut order = candidates.clone();
                order.sort_by(|&a, &b| {
                    let by_value = values[a].partial_cmp(&values[b]).unwrap_or(Ordering::Equal);
                    let by_value = if highest_first { by_value.reverse() } else { by_value };
                    by_value.then(a.cmp(&b))
                });
                order.iter().take(n as usize).for_each(|&i| matched[i] = true);
            }
        }
    }
    matched
}

/// Applies a `k` or `p` to `kept`.
pub(super) fn keep_or_drop<T: Copy + PartialOrd>(op: &SetOp, values: &[T], kept: &mut [bool], lift: impl Fn(i64) -> T) {
    let matched = matched(values, kept, &op.selectors, lift);
    for (kept, matched) in kept.iter_mut().zip(matched) {
        match op.kind {
            SetOpKind::Keep => *kept &= matched,
            _ => *kept &= !matched,
        }
    }
}
