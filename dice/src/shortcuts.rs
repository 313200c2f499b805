//! Dice Maiden's game-system shortcuts, written out as ordinary notation before a
//! line is parsed. The line as typed is what a transcript records; it expands the
//! same way every time, so a verifier re-reads it exactly.
//!
//! | shortcut          | written out                  | dialects        |
//! |-------------------|------------------------------|-----------------|
//! | `Ncod`            | `Nd10t8ie10` (10-again)      | Rookery, Maiden |
//! | `Ncod8`, `Ncod9`  | `Nd10t8ie8`, `Nd10t8ie9`     | Rookery, Maiden |
//! | `Ncodr`           | `Nd10t8ie10ro7` (rote)       | Rookery, Maiden |
//! | `NwodD`, `NwodDc` | `Nd10f1tD`, `Nd10f1tDc`      | Rookery, Maiden |
//! | `swN`             | `(1dNie, 1d6ie)kh1`          | Rookery, Maiden |
//! | `fitdN`           | `Nd6kh1` (`fitd0`: `2d6kl1`) | Rookery, Maiden |
//! | `ddXY`            | `(1dX*10+1dY)` (`dd66`)      | Rookery, Maiden |
//! | `dndstats`        | `6 4d6k3`                    | Rookery, Maiden |
//! | `pbta`            | `2d6` (`pbta+2`: `2d6+2`)    | Rookery, Maiden |
//! | `srN`             | `Nd6t5` (Shadowrun hits)     | Rookery, Maiden |
//! | `+d20`, `-d20`    | `2d20kh1`, `2d20kl1`         | Maiden          |
//! | `+d%`, `-d%`      | `(2d10kl1*10+1d10-10)`, `(2d10kh1*10+1d10-10)` | Maiden |
//! | `cpr`             | `1d10i1e10`                  | Maiden          |
//!
//! A shortcut is recognised only as a whole word: at the start of a roll or after a
//! space, and not followed by a letter or digit. Comments are left alone.

use super::dialect::Dialect;
use super::systems::{self, System};

/// A line with its shortcuts written out, and what each `;`-separated roll of it
/// carries besides its notation.
pub(crate) struct Expanded {
    pub text: String,
    /// Per roll, in order: the game system reading it, if any.
    pub systems: Vec<Option<System>>,
    /// Per roll, in order: Dice Maiden's output flags written before it.
    pub flags: Vec<OutputFlags>,
}

/// A game-system roll or shortcut whose number its game does not allow (`sw5`,
/// `wfrp0`): why, and where in the line (byte offsets).
#[derive(Debug)]
pub(crate) struct Refused {
    pub why: &'static str,
    pub start: usize,
    pub end: usize,
}

/// Dice Maiden's output flags, written before a roll: `p` (private), `s` (simple:
/// the total only), `nr` (no result: the dice only), `ul` (unsorted; Rookery always
/// shows dice in the order rolled, so it changes nothing).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OutputFlags {
    pub private: bool,
    pub simple: bool,
    pub no_result: bool,
    pub unsorted: bool,
}

/// `text` with its shortcuts, system rolls and flags written out, or `None` when it
/// has none. `start` is where the notation begins (after a dialect prefix).
///
/// # Errors
/// A system roll or shortcut with a number its game does not allow.
pub(crate) fn expand(text: &str, start: usize, dialect: Dialect) -> Result<Option<Expanded>, Refused> {
    if dialect == Dialect::Avrae {
        return Ok(None);
    }
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str(&text[..start]);
    let mut expanded = Expanded { text: String::new(), systems: Vec::new(), flags: Vec::new() };
    let mut changed = false;
    for (i, segment) in text[start..].split(';').enumerate() {
        if i > 0 {
            out.push(';');
        }
        let (head, rest, flags) = roll_start(segment, dialect);
        let roll = &rest[..comment_start(rest, dialect)];
        if let Some(why) = systems::refused(roll.trim()) {
            let at = rest.as_ptr() as usize - text.as_ptr() as usize;
            return Err(Refused { why, start: at, end: at + roll.trim_end().len() });
        }
        out.push_str(head);
        // A system may read its own `!` (`wng 4d6 !soak`); otherwise it ends at the comment.
        let whole = systems::recognise(rest, dialect).map(|roll| (roll, rest.len()));
        let (system, end) = match whole {
            Some((roll, end)) => (Some(roll), end),
            None => {
                let end = comment_start(rest, dialect);
                (systems::recognise(&rest[..end], dialect), end)
            }
        };
        let rest = match &system {
            Some(roll) => {
                out.push_str(&roll.notation);
                out.push(' ');
                &rest[end..]
            }
            None => rest,
        };
        changed |= system.is_some() || flags != OutputFlags::default();
        // `rest` is a part of `text`; an error in it is placed by its offset there.
        let words_start = rest.as_ptr() as usize - text.as_ptr() as usize;
        changed |= expand_words(rest, dialect, &mut out).map_err(|(why, at, len)| Refused {
            why,
            start: words_start + at,
            end: words_start + at + len,
        })?;
        expanded.systems.push(system.and_then(|roll| roll.system));
        expanded.flags.push(flags);
    }
    expanded.text = out;
    Ok(changed.then_some(expanded))
}

/// Splits a roll into what comes before its notation (spaces, a Dice Maiden
/// `(Label)`, a roll-set count), kept as written, and the rest; output flags
/// before them are taken out and returned.
fn roll_start(segment: &str, dialect: Dialect) -> (&str, &str, OutputFlags) {
    let mut flags = OutputFlags::default();
    let mut pos = 0;
    loop {
        let rest = segment[pos..].trim_start();
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let flag = match rest[..word_end].to_ascii_lowercase().as_str() {
            "p" => &mut flags.private,
            "s" => &mut flags.simple,
            "nr" => &mut flags.no_result,
            "ul" => &mut flags.unsorted,
            _ => break,
        };
        if word_end == rest.len() {
            break;
        }
        *flag = true;
        pos = segment.len() - rest.len() + word_end;
    }
    let flagless = &segment[pos..];
    let mut head = 0;
    for _ in 0..2 {
        let rest = &flagless[head..];
        let trimmed = rest.trim_start();
        let skipped = rest.len() - trimmed.len();
        let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
        if digits > 0 && trimmed[digits..].starts_with([' ', 'x', 'X']) {
            let after = &trimmed[digits..];
            let x = usize::from(after.starts_with(['x', 'X']));
            if x == 1 || after.trim_start().starts_with(|c: char| c.is_ascii_alphabetic() || c == '+' || c == '-') {
                head += skipped + digits + x;
                continue;
            }
        }
        if dialect == Dialect::Maiden && trimmed.starts_with('(') {
            if let Some(close) = trimmed.find(')') {
                let inside = &trimmed[1..close];
                if !inside.is_empty() && !inside.contains(|c: char| c.is_ascii_digit() || ",;#(".contains(c)) {
                    head += skipped + close + 1;
                    continue;
                }
            }
        }
        break;
    }
    let (head, rest) = flagless.split_at(head);
    let rest_start = rest.len() - rest.trim_start().len();
    let head_len = head.len() + rest_start;
    (&flagless[..head_len], &flagless[head_len..], flags)
}

/// Where a roll's comment starts (`#`, or `!` in Dice Maiden's reading), or its end.
fn comment_start(roll: &str, dialect: Dialect) -> usize {
    roll.find(|c: char| c == '#' || (c == '!' && dialect == Dialect::Maiden)).unwrap_or(roll.len())
}

/// Writes `text` (one roll) to `out` with its word shortcuts written out; true when
/// there were any.
///
/// # Errors
/// Why a shortcut's number is not allowed, where it starts in `text` and its length.
fn expand_words(text: &str, dialect: Dialect, out: &mut String) -> Result<bool, (&'static str, usize, usize)> {
    let mut changed = false;
    let mut in_comment = false;
    let mut at_word_start = true;
    let mut pos = 0;
    while pos < text.len() {
        let rest = &text[pos..];
        let c = rest.chars().next().unwrap_or(' ');
        if c == '#' || (c == '!' && dialect == Dialect::Maiden) {
            in_comment = true;
        }
        if at_word_start && !in_comment {
            if let Some((why, len)) = refused_shortcut(rest) {
                return Err((why, pos, len));
            }
            if let Some((len, expansion)) = shortcut(rest, dialect) {
                out.push_str(&expansion);
                pos += len;
                changed = true;
                at_word_start = false;
                continue;
            }
        }
        at_word_start = matches!(c, ' ' | '\t');
        out.push(c);
        pos += c.len_utf8();
    }
    Ok(changed)
}

/// Why the shortcut `rest` starts with has a number its game does not allow, and its
/// length: Savage Worlds trait dice are d4 to d12 (`sw5`, `sw14`).
fn refused_shortcut(rest: &str) -> Option<(&'static str, usize)> {
    let after = rest.get(..2).filter(|sw| sw.eq_ignore_ascii_case("sw")).map(|_| &rest[2..])?;
    let digits = after.bytes().take_while(u8::is_ascii_digit).count();
    let ends_word = !after.as_bytes().get(digits).is_some_and(u8::is_ascii_alphanumeric);
    let sides: u64 = after[..digits].parse().ok()?;
    let legal = [4, 6, 8, 10, 12].contains(&sides);
    (ends_word && !legal).then_some(("a Savage Worlds trait die is a d4, d6, d8, d10 or d12, like sw8", 2 + digits))
}

/// The shortcut `rest` starts with: how many bytes it takes and what it stands for.
fn shortcut(rest: &str, dialect: Dialect) -> Option<(usize, String)> {
    let lower = rest.to_ascii_lowercase();
    let maiden = dialect == Dialect::Maiden;
    let (len, expansion) = if maiden && (lower.starts_with("+d20") || lower.starts_with("-d20")) {
        (4, if lower.starts_with('+') { "2d20kh1" } else { "2d20kl1" }.to_owned())
    } else if maiden && (lower.starts_with("+d%") || lower.starts_with("-d%")) {
        let keep = if lower.starts_with('+') { "kl1" } else { "kh1" };
        (3, format!("(2d10{keep}*10+1d10-10)"))
    } else if maiden && lower.starts_with("cpr") {
        (3, "1d10i1e10".to_owned())
    } else if lower.starts_with("pbta") {
        (4, "2d6".to_owned())
    } else if let Some(after) = lower.strip_prefix("sr").filter(|after| after.starts_with(|c: char| c.is_ascii_digit()))
    {
        let (dice, digits) = number(after)?;
        (2 + digits, format!("{dice}d6t5"))
    } else if lower.starts_with("dndstats") {
        (8, "6 4d6k3".to_owned())
    } else if let Some(after) = lower.strip_prefix("sw") {
        let (sides, digits) = number(after)?;
        (2 + digits, format!("(1d{sides}ie, 1d6ie)kh1"))
    } else if let Some(after) = lower.strip_prefix("fitd") {
        let (dice, digits) = number(after)?;
        let roll = if dice == 0 { "2d6kl1".to_owned() } else { format!("{dice}d6kh1") };
        (4 + digits, roll)
    } else if let Some(after) = lower.strip_prefix("dd") {
        let bytes = after.as_bytes();
        let tens = bytes.first().filter(|b| (b'1'..=b'9').contains(b))?;
        let units = bytes.get(1).filter(|b| (b'1'..=b'9').contains(b))?;
        (4, format!("(1d{}*10+1d{})", *tens as char, *units as char))
    } else {
        let (dice, digits) = number(&lower).filter(|&(dice, _)| dice > 0)?;
        let after = &lower[digits..];
        if let Some(again) = after.strip_prefix("cod") {
            let (suffix, extra) = match again.as_bytes().first() {
                Some(b'8') => ("t8ie8", 1),
                Some(b'9') => ("t8ie9", 1),
                Some(b'r') => ("t8ie10ro7", 1),
                _ => ("t8ie10", 0),
            };
            (digits + 3 + extra, format!("{dice}d10{suffix}"))
        } else if let Some(difficulty) = after.strip_prefix("wod") {
            let (target, target_digits) = number(difficulty)?;
            let cancel = difficulty[target_digits..].starts_with('c');
            (
                digits + 3 + target_digits + usize::from(cancel),
                format!("{dice}d10f1t{target}{}", if cancel { "c" } else { "" }),
            )
        } else {
            return None;
        }
    };
    let ends_word = !rest.as_bytes().get(len).is_some_and(u8::is_ascii_alphanumeric);
    ends_word.then_some((len, expansion))
}

/// The decimal number `text` starts with (at most four digits) and its length.
fn number(text: &str) -> Option<(u32, usize)> {
    let digits = text.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 4 {
        return None;
    }
    Some((text[..digits].parse().ok()?, digits))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(text: &str, dialect: Dialect) -> String {
        expand(text, 0, dialect).unwrap().map_or_else(|| text.to_owned(), |e| e.text)
    }

    #[test]
    fn shortcuts_expand_as_whole_words() {
        assert_eq!(expanded("4cod", Dialect::Maiden), "4d10t8ie10");
        assert_eq!(expanded("4cod8 + 3", Dialect::Rookery), "4d10t8ie8 + 3");
        assert_eq!(expanded("5wod6c", Dialect::Maiden), "5d10f1t6c");
        assert_eq!(expanded("sw8", Dialect::Maiden), "(1d8ie, 1d6ie)kh1");
        assert_eq!(expanded("+d20 + 5", Dialect::Maiden), "2d20kh1 + 5");
        assert_eq!(expanded("+d20 + 5", Dialect::Rookery), "+d20 + 5");
        assert_eq!(expanded("dd66", Dialect::Maiden), "(1d6*10+1d6)");
        assert_eq!(expanded("1d20 ! sw8 4cod", Dialect::Maiden), "1d20 ! sw8 4cod");
        assert_eq!(expanded("4codex", Dialect::Maiden), "4codex");
        assert_eq!(expanded("sw8", Dialect::Avrae), "sw8");
    }
}
