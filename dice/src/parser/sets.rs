//! Parentheses (groups and Avrae's sets), the operations written after them, and
//! Avrae's decimals and `[annotations]`.

use super::super::ast::{DiceTerm, Die, Expr, SelectAction, SelectEnd, Selector, SetOp, SetOpKind};
use super::super::dialect::Dialect;
use super::super::{modifier_parser, set_ops, DiceError, DiceErrorKind, Span};
use super::Parser;

impl Parser<'_> {
    /// After `(`: the items up to and including `)`, and whether a comma (or Avrae's
    /// empty `()`) made them a set rather than a group.
    pub(super) fn parenthesised(&mut self, open: Span) -> Result<(Vec<Expr>, bool), DiceError> {
        let mut items = Vec::new();
        let mut is_set = false;
        loop {
            self.skip_spaces();
            let empty_set = items.is_empty() && self.dialect == Dialect::Avrae;
            if self.peek() == Some(b')') && (is_set || empty_set) {
                is_set = true;
                break;
            }
            items.push(self.expr()?);
            self.skip_spaces();
            if self.peek() != Some(b',') {
                break;
            }
            self.pos += 1;
            is_set = true;
        }
        if self.peek() != Some(b')') {
            return Err(self.error(DiceErrorKind::UnclosedParenthesis, open));
        }
        self.pos += 1;
        Ok((items, is_set))
    }

    /// A group, a set, or dice in parentheses with operations after them: in Avrae's
    /// reading `(3d6)kh1` is `3d6kh1`, while `(1d4, 3)kh1` keeps the larger item.
    pub(super) fn after_parentheses(
        &mut self,
        (mut items, is_set): (Vec<Expr>, bool),
        start: usize,
    ) -> Result<Expr, DiceError> {
        let group_end = self.pos;
        let single_die = match items.as_mut_slice() {
            [only] if !is_set => dice_inside(only).map(|term| term.die),
            _ => None,
        };
        let ops = self.ops_after_parentheses(single_die)?;
        let span = Span::new(start, self.pos);
        if !is_set && ops.is_empty() {
            let inner = Box::new(items.pop().expect("a group holds one expression"));
            return Ok(Expr::Group { inner, span: Span::new(start, group_end) });
        }
        if single_die.is_some() && self.dialect == Dialect::Avrae {
            let mut inner = items.pop().expect("a group holds one expression");
            let term = dice_inside(&mut inner).expect("checked above");
            // Operations after the parenthesis apply after those inside, never merged
            // with them: `(10d6kh5)kl2` keeps the lower two of the five kept.
            term.modifiers.ops.extend(ops);
            return Ok(Expr::Group { inner: Box::new(inner), span });
        }
        Ok(Expr::Set { items, ops, span })
    }

    /// Avrae's operations after `)`, or in the other readings one keep/drop
    /// (`kh1`, `kl1`, `dh1`, `dl1`) choosing among a set's items.
    fn ops_after_parentheses(&mut self, single_die: Option<Die>) -> Result<Vec<SetOp>, DiceError> {
        if self.dialect == Dialect::Avrae {
            return set_ops::ops(self, single_die);
        }
        let next = self.text.as_bytes().get(self.pos + 1).map(u8::to_ascii_lowercase);
        let selects = match self.peek_lower() {
            Some(b'k') => true,
            Some(b'd') => matches!(next, Some(b'h' | b'l')),
            _ => false,
        };
        if !selects {
            return Ok(Vec::new());
        }
        let start = self.pos;
        let selection = modifier_parser::selection(self)?;
        let selector = match selection.end {
            SelectEnd::Highest => Selector::Highest(selection.count),
            SelectEnd::Lowest => Selector::Lowest(selection.count),
            SelectEnd::Middle => {
                let span = Span::new(start, self.pos);
                return Err(self.error(DiceErrorKind::UnknownModifier("km".into()), span));
            }
        };
        let kind = if selection.action == SelectAction::Keep { SetOpKind::Keep } else { SetOpKind::Drop };
        Ok(vec![SetOp { kind, selectors: vec![selector] }])
    }

    /// Avrae's decimal literal (`1.5`, `.5`): Rookery counts in whole numbers, so it
    /// stands for its whole part, which is what Avrae's total of a lone decimal is.
    pub(super) fn decimal(&mut self, whole: Option<i64>, start: usize) -> Result<Expr, DiceError> {
        self.pos += 1;
        let fraction_start = self.pos;
        while self.peek_digit() {
            self.pos += 1;
        }
        if whole.is_none() && self.pos == fraction_start {
            return Err(self.expected("a digit after '.'"));
        }
        self.annotation();
        Ok(Expr::Number { value: whole.unwrap_or(0), span: Span::new(start, self.pos) })
    }

    /// Skips Avrae's `[fire]` after a value: a note for the reader, not part of the roll.
    pub(super) fn annotation(&mut self) {
        if self.dialect != Dialect::Avrae {
            return;
        }
        let before = self.pos;
        self.skip_spaces();
        let close = (self.peek() == Some(b'[')).then(|| self.text[self.pos..].find(']')).flatten();
        match close {
            Some(offset) if !self.text[self.pos..self.pos + offset].contains(['(', ')', ';']) => self.pos += offset + 1,
            _ => self.pos = before,
        }
    }
}

/// The dice term an expression is, through any parentheses.
fn dice_inside(expr: &mut Expr) -> Option<&mut DiceTerm> {
    match expr {
        Expr::Dice(term) => Some(term),
        Expr::Group { inner, .. } => dice_inside(inner),
        _ => None,
    }
}

/// The rightmost dice term of an expression (not inside a set).
pub(super) fn last_dice(expr: &mut Expr) -> Option<&mut DiceTerm> {
    match expr {
        Expr::Dice(term) => Some(term),
        Expr::Negate { operand: inner, .. } | Expr::Group { inner, .. } => last_dice(inner),
        Expr::Binary { lhs, rhs, .. } => {
            if has_dice(rhs) {
                last_dice(rhs)
            } else {
                last_dice(lhs)
            }
        }
        Expr::Number { .. } | Expr::Set { .. } => None,
    }
}

fn has_dice(expr: &Expr) -> bool {
    match expr {
        Expr::Dice(_) => true,
        Expr::Negate { operand: inner, .. } | Expr::Group { inner, .. } => has_dice(inner),
        Expr::Binary { lhs, rhs, .. } => has_dice(lhs) || has_dice(rhs),
        Expr::Number { .. } | Expr::Set { .. } => false,
    }
}
