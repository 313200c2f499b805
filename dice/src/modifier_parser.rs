//! Parsing of the modifiers after a die, and the checks that keep them finite.
//!
//! The accepted modifiers and the meaning of their conditions are listed in the
//! [module documentation](super). Each kind may appear once per die.

use super::ast::{Comparison, Condition, Die, Explode, Modifiers, Reroll, SelectAction, SelectEnd, Selection};
use super::dialect::Dialect;
use super::parser::Parser;
use super::{DiceError, DiceErrorKind, Span};

/// Parses the modifiers at the cursor for dice of kind `die`, adding them to
/// `modifiers`. Outside Avrae's reading a modifier may follow a space (Dice Maiden's
/// `4d6 k3`) when it is a modifier word; anything else after a space ends the term.
pub(super) fn modifiers(p: &mut Parser<'_>, die: Die, modifiers: &mut Modifiers) -> Result<(), DiceError> {
    let mut spans = ModifierSpans::default();
    let maiden = p.dialect == Dialect::Maiden;
    while let Some(c) = p.peek_lower() {
        let start = p.pos;
        match c {
            b' ' | b'\t' => {
                p.skip_spaces();
                if !starts_modifier(p) {
                    p.pos = start;
                    break;
                }
            }
            b'd' if p.starts_with_lower("ds") => {
                p.pos += 2;
                let value = if p.peek_digit() { Some(p.number()?.0) } else { None };
                let Some(success) = modifiers.success else {
                    return Err(p.expected("a success target (like t7) before ds"));
                };
                set(p, &mut modifiers.double_success, value.unwrap_or(success.value), "a double success", start)?;
                spans.double = Span::new(start, p.pos);
            }
            b'a' | b'd' if p.starts_with_lower("adv") || p.starts_with_lower("dis") => {
                let sign = if c == b'a' { 1 } else { -1 };
                p.pos += 3;
                if !p.peek_digit() {
                    return Err(p.expected("how many extra dice, like adv1 or dis1"));
                }
                let (count, span) = p.number()?;
                if count == 0 {
                    return Err(p.error(DiceErrorKind::Expected("at least one extra die, like adv1 or dis1"), span));
                }
                let count = i32::try_from(count).ok().filter(|&n| n <= 100).ok_or_else(|| {
                    p.error(DiceErrorKind::TooManyDice { count: count.unsigned_abs(), max: 100 }, span)
                })?;
                modifiers.advantage += sign * count;
            }
            b'k' | b'd' => {
                let selection = selection(p)?;
                if modifiers.selection.is_none() {
                    modifiers.selection = Some(selection);
                } else if modifiers.then_selection.is_none() {
                    modifiers.then_selection = Some(selection);
                } else {
                    return Err(p.error(DiceErrorKind::TooManySelections, Span::new(start, p.pos)));
                }
            }
            b'!' if maiden => break,
            b'!' | b'e' => {
                p.pos += 1;
                let compound = c == b'!' && p.peek() == Some(b'!');
                if compound {
                    p.pos += 1;
                }
                let once = maiden && c == b'e';
                explode(p, modifiers, Explode { compound, once, when: highest(die) }, start)?;
                spans.explode = Span::new(start, p.pos);
            }
            b'i' => {
                p.pos += 1;
                match p.peek_lower() {
                    Some(b'e') => {
                        p.pos += 1;
                        explode(p, modifiers, Explode { compound: false, once: false, when: highest(die) }, start)?;
                        spans.explode = Span::new(start, p.pos);
                    }
                    Some(b'r') => {
                        p.pos += 1;
                        reroll(p, die, modifiers, false, start)?;
                        spans.reroll = Span::new(start, p.pos);
                    }
                    _ => {
                        let when = condition(p, Comparison::LessOrEqual)?.unwrap_or(lowest(die));
                        set(p, &mut modifiers.implode, when, "an implosion", start)?;
                        spans.implode = Span::new(start, p.pos);
                    }
                }
            }
            b'r' => {
                p.pos += 1;
                let once = match p.peek_lower() {
                    Some(b'o') => {
                        p.pos += 1;
                        true
                    }
                    Some(b'r') => {
                        p.pos += 1;
                        false
                    }
                    _ => maiden,
                };
                reroll(p, die, modifiers, once, start)?;
                spans.reroll = Span::new(start, p.pos);
            }
            b'm' => {
                p.pos += 1;
                let is_minimum = match p.peek_lower() {
                    Some(b'i') => true,
                    Some(b'a') => false,
                    _ => return Err(unknown_modifier(p, start)),
                };
                p.pos += 1;
                if !p.peek_digit() {
                    return Err(p.expected("a number after mi/ma"));
                }
                let (value, _) = p.number()?;
                let (slot, name) = if is_minimum {
                    (&mut modifiers.minimum, "a minimum (mi)")
                } else {
                    (&mut modifiers.maximum, "a maximum (ma)")
                };
                set(p, slot, value, name, start)?;
                if is_minimum {
                    spans.minimum = Span::new(start, p.pos);
                } else {
                    spans.maximum = Span::new(start, p.pos);
                }
            }
            b't' | b'f' => {
                p.pos += 1;
                let at_most = c == b't' && p.peek_lower() == Some(b'l');
                if at_most {
                    p.pos += 1;
                }
                let default = if c == b't' && !at_most { Comparison::GreaterOrEqual } else { Comparison::LessOrEqual };
                let when = condition(p, default)?.ok_or_else(|| p.expected("a number, like t7 or >=7"))?;
                if c == b't' {
                    set(p, &mut modifiers.success, when, "a success target", start)?;
                } else {
                    set(p, &mut modifiers.failure, when, "a failure target", start)?;
                }
            }
            b'b' => {
                p.pos += 1;
                let when = condition(p, Comparison::LessOrEqual)?.unwrap_or(lowest(die));
                set(p, &mut modifiers.botch, when, "a botch count", start)?;
            }
            b'c' => {
                p.pos += 1;
                if modifiers.cancel {
                    return Err(p.error(DiceErrorKind::DuplicateModifier("a cancel (c)"), Span::new(start, p.pos)));
                }
                modifiers.cancel = true;
            }
            b'<' | b'>' | b'=' => {
                let when = condition(p, Comparison::GreaterOrEqual)?
                    .ok_or_else(|| p.expected("a number after the comparison"))?;
                set(p, &mut modifiers.success, when, "a success target", start)?;
            }
            c if c.is_ascii_alphanumeric() => return Err(unknown_modifier(p, start)),
            _ => break,
        }
    }
    check(p, die, modifiers, &spans)
}

/// Whether the word at the cursor is a modifier (so `4d6 k3` continues the term
/// while `1d20 adv` or `1d20 bar` do not).
pub(super) fn starts_modifier(p: &Parser<'_>) -> bool {
    let rest = &p.text.as_bytes()[p.pos..];
    let letters = rest.iter().take_while(|b| b.is_ascii_alphabetic()).count();
    let word = p.text[p.pos..p.pos + letters].to_ascii_lowercase();
    let digit_follows = rest.get(letters).is_some_and(u8::is_ascii_digit);
    match word.as_str() {
        "k" | "kh" | "kl" | "km" | "dh" | "dl" | "e" | "ie" | "i" | "r" | "rr" | "ro" | "rg" | "ir" | "irg" | "t"
        | "tl" | "f" | "b" | "c" | "ds" => true,
        "d" | "adv" | "dis" | "mi" | "ma" => digit_follows,
        _ => false,
    }
}

fn highest(die: Die) -> Condition {
    Condition { comparison: Comparison::GreaterOrEqual, value: die.highest() }
}

fn lowest(die: Die) -> Condition {
    Condition { comparison: Comparison::LessOrEqual, value: die.lowest() }
}

/// An explosion with its optional condition; the cursor is after its letters.
fn explode(p: &mut Parser<'_>, modifiers: &mut Modifiers, mut rule: Explode, start: usize) -> Result<(), DiceError> {
    rule.when = condition(p, Comparison::GreaterOrEqual)?.unwrap_or(rule.when);
    set(p, &mut modifiers.explode, rule, "an explosion", start)
}

/// A reroll with its optional condition; the cursor is after `r`, `ro`, `rr`, `ir`.
/// A `g` (`rg2`, `irg2`) rerolls faces at or above the number instead of below.
fn reroll(p: &mut Parser<'_>, die: Die, modifiers: &mut Modifiers, once: bool, start: usize) -> Result<(), DiceError> {
    let upward = p.peek_lower() == Some(b'g');
    if upward {
        p.pos += 1;
    }
    let when = if upward {
        condition(p, Comparison::GreaterOrEqual)?.unwrap_or(highest(die))
    } else {
        condition(p, Comparison::LessOrEqual)?.unwrap_or(lowest(die))
    };
    set(p, &mut modifiers.reroll, Reroll { once, when }, "a reroll", start)
}

/// Where the modifiers that [`check`] may complain about were written.
#[derive(Default)]
struct ModifierSpans {
    double: Span,
    explode: Span,
    reroll: Span,
    implode: Span,
    minimum: Span,
    maximum: Span,
}

/// Stores a modifier, refusing a second one of the same kind.
fn set<T>(p: &Parser<'_>, slot: &mut Option<T>, value: T, name: &'static str, start: usize) -> Result<(), DiceError> {
    if slot.is_some() {
        let span = Span::new(start, p.pos);
        return Err(p.error(DiceErrorKind::DuplicateModifier(name), span));
    }
    *slot = Some(value);
    Ok(())
}

fn unknown_modifier(p: &mut Parser<'_>, start: usize) -> DiceError {
    p.pos = start;
    while p.peek().is_some_and(|b| b.is_ascii_alphanumeric()) {
        p.pos += 1;
    }
    let span = Span::new(start, p.pos);
    let word = p.text[start..p.pos].to_owned();
    p.error(DiceErrorKind::UnknownModifier(word), span)
}

/// `kh3`, `kl`, `km2`, `k2`, `dh1`, `dl2`, `d1`; the cursor is on the `k` or `d`.
pub(super) fn selection(p: &mut Parser<'_>) -> Result<Selection, DiceError> {
    let action = if p.peek_lower() == Some(b'k') { SelectAction::Keep } else { SelectAction::Drop };
    p.pos += 1;
    let end = match p.peek_lower() {
        Some(b'h') => {
            p.pos += 1;
            SelectEnd::Highest
        }
        Some(b'l') => {
            p.pos += 1;
            SelectEnd::Lowest
        }
        Some(b'm') if action == SelectAction::Keep => {
            p.pos += 1;
            SelectEnd::Middle
        }
        _ if action == SelectAction::Keep => SelectEnd::Highest,
        Some(b'0'..=b'9') => SelectEnd::Lowest,
        _ => return Err(p.expected("'h', 'l' or a number after 'd' (drop)")),
    };
    let count = if p.peek_digit() {
        let (count, span) = p.number()?;
        if count == 0 {
            return Err(p.error(DiceErrorKind::ZeroSelection, span));
        }
        // `number` caps at MAX_NUMBER, which fits in a u32.
        u32::try_from(count).unwrap_or(u32::MAX)
    } else {
        1
    };
    Ok(Selection { action, end, count })
}

/// An optional condition; a bare number uses `bare`.
fn condition(p: &mut Parser<'_>, bare: Comparison) -> Result<Option<Condition>, DiceError> {
    let comparisons = [
        (">=", Comparison::GreaterOrEqual),
        ("<=", Comparison::LessOrEqual),
        (">", Comparison::Greater),
        ("<", Comparison::Less),
        ("=", Comparison::Equal),
    ];
    let written = comparisons.iter().find(|(text, _)| p.starts_with(text));
    let comparison = match written {
        Some(&(text, comparison)) => {
            p.pos += text.len();
            if !p.peek_digit() {
                return Err(p.expected("a number after the comparison"));
            }
            comparison
        }
        None if p.peek_digit() => bare,
        None => return Ok(None),
    };
    let (value, _) = p.number()?;
    Ok(Some(Condition { comparison, value }))
}

/// Refuses modifier combinations that are meaningless or could never stop.
fn check(p: &Parser<'_>, die: Die, modifiers: &Modifiers, spans: &ModifierSpans) -> Result<(), DiceError> {
    let (lowest, highest) = (die.lowest(), die.highest());
    let outside = |value: i64, span: Span| {
        let kind = DiceErrorKind::LimitOutsideFaces { value, lowest, highest };
        Err(p.error(kind, span))
    };
    if let Some(minimum) = modifiers.minimum.filter(|m| !(lowest..=highest).contains(m)) {
        return outside(minimum, spans.minimum);
    }
    if let Some(maximum) = modifiers.maximum.filter(|m| !(lowest..=highest).contains(m)) {
        return outside(maximum, spans.maximum);
    }
    if let (Some(min), Some(max)) = (modifiers.minimum, modifiers.maximum) {
        if min > max {
            let kind = DiceErrorKind::MinimumAboveMaximum { min, max };
            return Err(p.error(kind, spans.minimum.to(spans.maximum)));
        }
    }
    // Rerolls look at the face drawn; explosions and implosions at the value after mi/ma.
    let shown_lowest = modifiers.minimum.map_or(lowest, |min| min.max(lowest));
    let shown_highest = modifiers.maximum.map_or(highest, |max| max.min(highest));
    if let Some(reroll) = modifiers.reroll {
        if reroll.when.matches_all(lowest, highest) {
            let kind =
                if reroll.once { DiceErrorKind::AlwaysMatches("be rerolled") } else { DiceErrorKind::EndlessReroll };
            return Err(p.error(kind, spans.reroll));
        }
        if reroll.when.matches_none(lowest, highest) {
            return Err(p.error(DiceErrorKind::NeverMatches("be rerolled"), spans.reroll));
        }
    }
    if let Some(explode) = modifiers.explode {
        if explode.when.matches_all(shown_lowest, shown_highest) {
            let kind =
                if explode.once { DiceErrorKind::AlwaysMatches("explode") } else { DiceErrorKind::EndlessExplosion };
            return Err(p.error(kind, spans.explode));
        }
        if explode.when.matches_none(shown_lowest, shown_highest) {
            return Err(p.error(DiceErrorKind::NeverMatches("explode"), spans.explode));
        }
    }
    if let (Some(success), Some(mark)) = (modifiers.success, modifiers.double_success) {
        if !(shown_lowest..=shown_highest).contains(&mark) {
            let kind = DiceErrorKind::LimitOutsideFaces { value: mark, lowest: shown_lowest, highest: shown_highest };
            return Err(p.error(kind, spans.double));
        }
        let downwards = matches!(success.comparison, Comparison::Less | Comparison::LessOrEqual);
        if (downwards && mark > success.value) || (!downwards && mark < success.value) {
            return Err(p.error(DiceErrorKind::DoubleBeforeTarget, spans.double));
        }
    }
    if let Some(implode) = modifiers.implode {
        if implode.matches_none(shown_lowest, shown_highest) {
            return Err(p.error(DiceErrorKind::NeverMatches("implode"), spans.implode));
        }
    }
    Ok(())
}
