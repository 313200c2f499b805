//! A hand-written recursive-descent parser for dice notation.
//!
//! Grammar (case-insensitive; spaces and tabs are allowed between tokens):
//!
//! ```text
//! line     = roll { ";" roll } [ ";" ]
//! roll     = [ repeat ] expr [ "adv" | "dis" ] [ "#" label ]
//! repeat   = number "x" | number spaces          (the latter only before a term)
//! expr     = product { ( "+" | "-" ) product }
//! product  = unary { ( "*" | "/" ) unary }
//! unary    = ( "-" | "+" ) unary | atom
//! atom     = number | dice | "(" expr ")" | "adv" | "dis"
//! dice     = [ number ] "d" ( number | "%" | "F" ) { modifier }
//! ```
//!
//! Modifiers are parsed in `modifier_parser`. Every limit is enforced here, so a
//! parsed [`Line`] is safe to evaluate.

use super::ast::BinaryOp;
use super::ast::{DiceTerm, Die, Expr, Line, Modifiers, RollSpec, SelectAction, SelectEnd, Selection};
use super::dialect::{self, Dialect};
use super::{modifier_parser, set_ops, shortcuts, DiceError, DiceErrorKind, OutputFlags, Span};
use super::{MAX_DICE_PER_LINE, MAX_LINE_BYTES, MAX_NESTING, MAX_NUMBER, MAX_REPEAT, MAX_SIDES};

mod sets;

use sets::last_dice;

/// Parses a line of dice notation.
///
/// # Errors
/// A [`DiceError`] naming the first problem and pointing at it.
pub fn parse(text: &str) -> Result<Line, DiceError> {
    if text.len() > MAX_LINE_BYTES {
        let start = (0..=MAX_LINE_BYTES).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        let kind = DiceErrorKind::LineTooLong { len: text.len(), max: MAX_LINE_BYTES };
        return Err(DiceError::new(kind, Span::new(start, text.len()), text));
    }
    let (dialect, start) = dialect::split(text);
    let expanded = shortcuts::expand(text, start, dialect).map_err(|refused| {
        let kind = DiceErrorKind::SystemOutOfRange(refused.why);
        DiceError::new(kind, Span::new(refused.start, refused.end), text)
    })?;
    let Some(expanded) = expanded else {
        return parse_rolls(text, start, dialect);
    };
    let mut line =
        parse_rolls(&expanded.text, start, dialect).map_err(|error| as_typed(error, text, &expanded.text))?;
    for (roll, (system, flags)) in line.rolls.iter_mut().zip(expanded.systems.iter().zip(&expanded.flags)) {
        roll.system = *system;
        roll.flags = *flags;
    }
    Ok(line)
}

/// An error found in the written-out form of a line, pointed at the roll it is in as
/// the user typed it (the written-out text is never shown).
fn as_typed(error: DiceError, typed: &str, expanded: &str) -> DiceError {
    let at = error.span().start.min(expanded.len());
    let roll = expanded.get(..at).map_or(0, |before| before.matches(';').count());
    let mut offset = 0;
    for (i, part) in typed.split(';').enumerate() {
        if i == roll {
            let lead = part.len() - part.trim_start().len();
            let span = Span::new(offset + lead, offset + part.trim_end().len().max(lead));
            return DiceError::new(error.kind().clone(), span, typed);
        }
        offset += part.len() + 1;
    }
    DiceError::new(error.kind().clone(), Span::new(0, typed.len()), typed)
}

/// Parses the rolls of `text` from `start` (after any dialect prefix).
fn parse_rolls(text: &str, start: usize, dialect: Dialect) -> Result<Line, DiceError> {
    let mut parser = Parser::new(text, dialect);
    parser.pos = start;
    let mut rolls = Vec::new();
    let mut line_dice: u64 = 0;
    loop {
        let roll_start = parser.pos;
        let roll = parser.roll()?;
        line_dice += parser.roll_dice * u64::from(roll.repeat);
        if line_dice > u64::from(MAX_DICE_PER_LINE) {
            let kind = DiceErrorKind::TooManyDice { count: line_dice, max: MAX_DICE_PER_LINE };
            return Err(parser.error(kind, Span::new(roll_start, parser.pos)));
        }
        rolls.push(roll);
        match parser.peek() {
            None => break,
            Some(b';') => {
                parser.pos += 1;
                parser.skip_spaces();
                if parser.peek().is_none() {
                    break;
                }
            }
            Some(_) => return Err(parser.unexpected_char()),
        }
    }
    Ok(Line { text: text.to_owned(), rolls })
}

/// The parser's cursor over one line.
pub(super) struct Parser<'a> {
    pub(super) text: &'a str,
    pub(super) pos: usize,
    /// Whose reading applies where the peers disagree.
    pub(super) dialect: Dialect,
    depth: usize,
    /// Dice in the roll being parsed, to enforce [`MAX_DICE_PER_LINE`].
    roll_dice: u64,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, dialect: Dialect) -> Self {
        Parser { text, pos: 0, dialect, depth: 0, roll_dice: 0 }
    }

    /// Whether the cursor is on the start of a comment: `#`, or `!` in Dice Maiden's reading.
    fn at_comment(&self) -> bool {
        match self.peek() {
            Some(b'#') => true,
            Some(b'!') => self.dialect == Dialect::Maiden,
            _ => false,
        }
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    pub(super) fn peek_lower(&self) -> Option<u8> {
        self.peek().map(|b| b.to_ascii_lowercase())
    }

    pub(super) fn peek_digit(&self) -> bool {
        self.peek().is_some_and(|b| b.is_ascii_digit())
    }

    pub(super) fn starts_with(&self, prefix: &str) -> bool {
        self.text.as_bytes()[self.pos..].starts_with(prefix.as_bytes())
    }

    /// Like `starts_with`, ignoring ASCII case; `prefix` is lower-case.
    pub(super) fn starts_with_lower(&self, prefix: &str) -> bool {
        let rest = &self.text.as_bytes()[self.pos..];
        rest.len() >= prefix.len() && rest[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
    }

    pub(super) fn skip_spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.pos += 1;
        }
    }

    pub(super) fn error(&self, kind: DiceErrorKind, span: Span) -> DiceError {
        DiceError::new(kind, span, self.text)
    }

    /// "Expected ..." at the cursor.
    pub(super) fn expected(&self, what: &'static str) -> DiceError {
        self.error(DiceErrorKind::Expected(what), Span::new(self.pos, self.pos))
    }

    /// "Unexpected ..." for the character at the cursor.
    pub(super) fn unexpected_char(&self) -> DiceError {
        match self.text[self.pos..].chars().next() {
            Some(c) => {
                let span = Span::new(self.pos, self.pos + c.len_utf8());
                self.error(DiceErrorKind::UnexpectedChar(c), span)
            }
            None => self.expected("more input"),
        }
    }

    /// A run of ASCII letters at the cursor (possibly empty), consumed.
    pub(super) fn word(&mut self) -> (&'a str, Span) {
        let start = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
            self.pos += 1;
        }
        (&self.text[start..self.pos], Span::new(start, self.pos))
    }

    /// A decimal number at the cursor, consumed. The caller checks there is a digit.
    pub(super) fn number(&mut self) -> Result<(i64, Span), DiceError> {
        let start = self.pos;
        let mut value: i64 = 0;
        let mut too_large = false;
        while let Some(digit) = self.peek().filter(u8::is_ascii_digit) {
            self.pos += 1;
            value = value * 10 + i64::from(digit - b'0');
            if value > MAX_NUMBER {
                too_large = true;
                value = MAX_NUMBER;
            }
        }
        let span = Span::new(start, self.pos);
        if too_large {
            let kind = DiceErrorKind::NumberTooLarge { max: MAX_NUMBER };
            return Err(self.error(kind, span));
        }
        Ok((value, span))
    }

    fn roll(&mut self) -> Result<RollSpec, DiceError> {
        self.roll_dice = 0;
        self.skip_spaces();
        if self.peek().is_none() || self.peek() == Some(b';') || self.at_comment() {
            let span = Span::new(self.pos, self.pos);
            return Err(self.error(DiceErrorKind::Empty, span));
        }
        let repeat = self.repeat_prefix()?;
        let title = if self.dialect == Dialect::Maiden { self.maiden_label() } else { None };
        let mut expr = self.expr()?;
        self.skip_spaces();
        if self.dialect != Dialect::Avrae && modifier_parser::starts_modifier(self) {
            self.trailing_modifiers(&mut expr)?;
            self.skip_spaces();
        }
        if self.peek().is_some_and(|b| b.is_ascii_alphabetic()) {
            self.advantage_suffix(&mut expr)?;
            self.skip_spaces();
        }
        let label = if self.at_comment() {
            self.pos += 1;
            self.label()?
        } else {
            None
        };
        let label = match (title, label) {
            (Some(title), Some(label)) => Some(format!("{title}: {label}")),
            (title, label) => title.or(label),
        };
        Ok(RollSpec { repeat, expr, label, system: None, flags: OutputFlags::default() })
    }

    /// Dice Maiden's `(Label)` before a roll: parentheses holding words rather than
    /// an expression. `None` (nothing consumed) for a parenthesised expression.
    fn maiden_label(&mut self) -> Option<String> {
        self.skip_spaces();
        if self.peek() != Some(b'(') {
            return None;
        }
        let close = self.text[self.pos..].find(')')? + self.pos;
        let inside = &self.text[self.pos + 1..close];
        let wordy = inside.chars().any(|c| (c.is_alphabetic() && !c.eq_ignore_ascii_case(&'d')) || !c.is_ascii());
        let bytes = inside.as_bytes();
        let has_dice = bytes.windows(2).any(|w| w[0].is_ascii_digit() && w[1].eq_ignore_ascii_case(&b'd'))
            || inside.contains([',', '(', ';', '#']);
        if !(wordy || inside.trim().is_empty()) || has_dice {
            return None;
        }
        self.pos = close + 1;
        let title = inside.trim();
        (!title.is_empty()).then(|| title.to_owned())
    }

    /// Dice Maiden's modifiers written after the whole roll (`1d12+2 t8`): they
    /// belong to the roll's last dice term.
    fn trailing_modifiers(&mut self, expr: &mut Expr) -> Result<(), DiceError> {
        let Some(term) = last_dice(expr) else {
            return Err(self.expected("a die before this modifier"));
        };
        let mut modifiers = std::mem::take(&mut term.modifiers);
        let result = modifier_parser::modifiers(self, term.die, &mut modifiers);
        term.modifiers = modifiers;
        result
    }

    /// `6x` or Dice Maiden's `6 ` before a roll; 1 when there is none.
    fn repeat_prefix(&mut self) -> Result<u32, DiceError> {
        let before = self.pos;
        if !self.peek_digit() {
            return Ok(1);
        }
        let (count, span) = self.number()?;
        let is_repeat = if self.peek_lower() == Some(b'x') {
            self.pos += 1;
            true
        } else {
            let after_number = self.pos;
            self.skip_spaces();
            let signed_die = self.dialect == Dialect::Maiden
                && matches!(self.peek(), Some(b'+' | b'-'))
                && self.text.as_bytes().get(self.pos + 1).is_some_and(|b| b.eq_ignore_ascii_case(&b'd'));
            self.pos > after_number
                && (signed_die || matches!(self.peek_lower(), Some(b'0'..=b'9' | b'(' | b'a'..=b'z')))
        };
        if !is_repeat {
            self.pos = before;
            return Ok(1);
        }
        match u32::try_from(count) {
            Ok(count @ 1..=MAX_REPEAT) => Ok(count),
            _ => Err(self.error(DiceErrorKind::BadRepeat { max: MAX_REPEAT }, span)),
        }
    }

    fn label(&mut self) -> Result<Option<String>, DiceError> {
        let start = self.pos;
        let end = self.text[start..].find(';').map_or(self.text.len(), |offset| start + offset);
        if let Some((offset, c)) = self.text[start..end].char_indices().find(|&(_, c)| c.is_control() && c != '\t') {
            let span = Span::new(start + offset, start + offset + c.len_utf8());
            return Err(self.error(DiceErrorKind::UnexpectedChar(c), span));
        }
        self.pos = end;
        let label = self.text[start..end].trim();
        Ok((!label.is_empty()).then(|| label.to_owned()))
    }

    /// Comparisons bind loosest: `1 + 2 == 3` is 1.
    fn expr(&mut self) -> Result<Expr, DiceError> {
        let mut lhs = self.sum()?;
        loop {
            self.skip_spaces();
            let comparisons = [
                ("==", BinaryOp::Equal),
                ("!=", BinaryOp::NotEqual),
                (">=", BinaryOp::GreaterOrEqual),
                ("<=", BinaryOp::LessOrEqual),
                (">", BinaryOp::Greater),
                ("<", BinaryOp::Less),
            ];
            let found = comparisons.iter().find(|(text, _)| self.starts_with(text));
            let Some(&(text, op)) = found.filter(|_| !self.at_comment()) else {
                return Ok(lhs);
            };
            lhs = self.binary_rest(op, text.len(), lhs, Self::sum)?;
        }
    }

    fn sum(&mut self) -> Result<Expr, DiceError> {
        let mut lhs = self.product()?;
        loop {
            self.skip_spaces();
            let op = match self.peek() {
                Some(b'+') => BinaryOp::Add,
                Some(b'-') => BinaryOp::Subtract,
                _ => return Ok(lhs),
            };
            lhs = self.binary_rest(op, 1, lhs, Self::product)?;
        }
    }

    fn product(&mut self) -> Result<Expr, DiceError> {
        let mut lhs = self.unary()?;
        loop {
            self.skip_spaces();
            let (op, len) = match self.peek() {
                Some(b'*') => (BinaryOp::Multiply, 1),
                Some(b'/') if self.starts_with("//") => (BinaryOp::FloorDivide, 2),
                Some(b'/') if self.dialect == Dialect::Avrae => (BinaryOp::DivideTruncating, 1),
                Some(b'/') => (BinaryOp::Divide, 1),
                Some(b'%') => (BinaryOp::Modulo, 1),
                _ => return Ok(lhs),
            };
            lhs = self.binary_rest(op, len, lhs, Self::unary)?;
        }
    }

    /// Consumes the operator at the cursor (`len` bytes) and parses its right-hand side.
    fn binary_rest(
        &mut self,
        op: BinaryOp,
        len: usize,
        lhs: Expr,
        operand: fn(&mut Self) -> Result<Expr, DiceError>,
    ) -> Result<Expr, DiceError> {
        let op_span = Span::new(self.pos, self.pos + len);
        self.pos += len;
        self.skip_spaces();
        // `1d6 + + 5` is a slip, not a plus sign; Avrae's Python reading allows it.
        if self.dialect != Dialect::Avrae && self.peek() == Some(b'+') {
            return Err(self.error(DiceErrorKind::DoubledOperator, Span::new(op_span.start, self.pos + 1)));
        }
        let rhs = operand(self)?;
        Ok(Expr::Binary { op, lhs: Box::new(lhs), rhs: Box::new(rhs), op_span })
    }

    fn unary(&mut self) -> Result<Expr, DiceError> {
        self.skip_spaces();
        let start = self.pos;
        let negate = match self.peek() {
            Some(b'-') => true,
            Some(b'+') => false,
            _ => return self.atom(),
        };
        self.pos += 1;
        self.enter(Span::new(start, self.pos))?;
        let operand = self.unary()?;
        self.depth -= 1;
        if !negate {
            return Ok(operand);
        }
        let span = Span::new(start, operand.span().end);
        Ok(Expr::Negate { operand: Box::new(operand), span })
    }

    fn enter(&mut self, span: Span) -> Result<(), DiceError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            let kind = DiceErrorKind::TooDeep { max: MAX_NESTING };
            return Err(self.error(kind, span));
        }
        Ok(())
    }

    fn atom(&mut self) -> Result<Expr, DiceError> {
        self.skip_spaces();
        let start = self.pos;
        match self.peek_lower() {
            None => Err(self.expected("a number, a die or '('")),
            Some(b'(') => {
                self.pos += 1;
                let open = Span::new(start, self.pos);
                self.enter(open)?;
                let items = self.parenthesised(open)?;
                self.depth -= 1;
                let expr = self.after_parentheses(items, start)?;
                self.annotation();
                Ok(expr)
            }
            Some(b'.') if self.dialect == Dialect::Avrae => self.decimal(None, start),
            Some(b'0'..=b'9') => {
                let (value, span) = self.number()?;
                if self.peek_lower() == Some(b'd') {
                    self.dice(Some((value, span)), start)
                } else if self.peek() == Some(b'.') && self.dialect == Dialect::Avrae {
                    self.decimal(Some(value), start)
                } else {
                    self.annotation();
                    Ok(Expr::Number { value, span })
                }
            }
            Some(b'a'..=b'z') => {
                let (word, span) = self.word();
                if let Some(end) = advantage_end(word) {
                    self.roll_dice += 2;
                    return Ok(Expr::Dice(Box::new(advantage_term(end, span))));
                }
                if word.as_bytes()[0].eq_ignore_ascii_case(&b'd') {
                    // `d20`, `dF`: a die rather than a word; parse it from its `d`.
                    self.pos = start;
                    return self.dice(None, start);
                }
                Err(self.unknown_word(word, span))
            }
            Some(_) => Err(self.unexpected_char()),
        }
    }

    fn unknown_word(&self, word: &str, span: Span) -> DiceError {
        self.error(DiceErrorKind::UnknownWord(word.to_owned()), span)
    }

    /// A dice term; the cursor is on the `d`, `count` is the number before it.
    fn dice(&mut self, count: Option<(i64, Span)>, start: usize) -> Result<Expr, DiceError> {
        self.pos += 1;
        let die = match self.peek_lower() {
            Some(b'%') => {
                self.pos += 1;
                if self.dialect == Dialect::Avrae {
                    Die::Tens
                } else {
                    Die::Percentile
                }
            }
            Some(b'f') => {
                self.pos += 1;
                Die::Fudge
            }
            Some(b'0'..=b'9') => {
                let (sides, span) = self.number()?;
                match u32::try_from(sides) {
                    Ok(0) => return Err(self.error(DiceErrorKind::ZeroSides, span)),
                    Ok(sides @ 1..=MAX_SIDES) => Die::Sided(sides),
                    _ => {
                        let kind = DiceErrorKind::TooManySides { max: MAX_SIDES };
                        return Err(self.error(kind, span));
                    }
                }
            }
            _ => return Err(self.expected("the die's sides after 'd', like d20, d% or dF")),
        };
        let count = match count {
            None => 1,
            Some((0, span)) if self.dialect == Dialect::Rookery => {
                return Err(self.error(DiceErrorKind::NoDice, span));
            }
            Some((count, span)) => match u32::try_from(count) {
                Ok(count @ 0..=MAX_DICE_PER_LINE) => count,
                _ => {
                    let kind = DiceErrorKind::TooManyDice { count: count.unsigned_abs(), max: MAX_DICE_PER_LINE };
                    return Err(self.error(kind, span));
                }
            },
        };
        self.roll_dice += u64::from(count);
        let mut modifiers = Modifiers::default();
        if self.dialect == Dialect::Avrae {
            modifiers.ops = set_ops::ops(self, Some(die))?;
        } else {
            modifier_parser::modifiers(self, die, &mut modifiers)?;
        }
        if modifiers.advantage != 0 {
            self.roll_dice += u64::from(modifiers.advantage.unsigned_abs());
        }
        let span = Span::new(start, self.pos);
        let expr = Expr::Dice(Box::new(DiceTerm {
            count,
            die,
            modifiers,
            notation: self.text[span.start..span.end].to_owned(),
            span,
        }));
        self.annotation();
        Ok(expr)
    }

    /// `1d20+5 adv`: turns the first plain `1d20` into `2d20kh1` (or `kl1`).
    fn advantage_suffix(&mut self, expr: &mut Expr) -> Result<(), DiceError> {
        let (word, span) = self.word();
        let end = advantage_end(word).ok_or_else(|| self.unknown_word(word, span))?;
        let Some(term) = first_plain_d20(expr) else {
            let name = if end == SelectEnd::Highest { "adv" } else { "dis" };
            return Err(self.error(DiceErrorKind::AdvantageWithoutD20(name), span));
        };
        let shortcut = advantage_term(end, term.span);
        term.count = shortcut.count;
        term.modifiers = shortcut.modifiers;
        term.notation = shortcut.notation;
        self.roll_dice += 1;
        Ok(())
    }
}

/// Which end `adv` (highest) or `dis` (lowest) keeps; `None` for other words.
fn advantage_end(word: &str) -> Option<SelectEnd> {
    if word.eq_ignore_ascii_case("adv") {
        Some(SelectEnd::Highest)
    } else if word.eq_ignore_ascii_case("dis") {
        Some(SelectEnd::Lowest)
    } else {
        None
    }
}

/// `2d20kh1` for advantage, `2d20kl1` for disadvantage.
fn advantage_term(end: SelectEnd, span: Span) -> DiceTerm {
    let modifiers =
        Modifiers { selection: Some(Selection { action: SelectAction::Keep, end, count: 1 }), ..Modifiers::default() };
    let notation = match end {
        SelectEnd::Highest => "2d20kh1",
        SelectEnd::Lowest | SelectEnd::Middle => "2d20kl1",
    };
    DiceTerm { count: 2, die: Die::Sided(20), modifiers, notation: notation.to_owned(), span }
}

/// The leftmost `1d20` without modifiers, which `adv`/`dis` apply to.
fn first_plain_d20(expr: &mut Expr) -> Option<&mut DiceTerm> {
    match expr {
        Expr::Number { .. } => None,
        Expr::Dice(term) => {
            let plain = term.count == 1 && term.die == Die::Sided(20) && term.modifiers.is_empty();
            plain.then_some(&mut **term)
        }
        Expr::Negate { operand, .. } => first_plain_d20(operand),
        Expr::Group { inner, .. } => first_plain_d20(inner),
        Expr::Binary { lhs, rhs, .. } => first_plain_d20(lhs).or_else(|| first_plain_d20(rhs)),
        Expr::Set { .. } => None,
    }
}
