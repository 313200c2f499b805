//! Evaluation of parsed dice notation with a caller-supplied [`DieSource`].

use super::ast::{BinaryOp, DiceTerm, Expr, Line, SelectAction, SelectEnd, Selection};
use super::{DiceError, DiceErrorKind, DieSource, Span, MAX_EXTRA_DICE_PER_ROLL};

/// The result of one roll (one repetition of one `;`-separated part of a line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollResult {
    /// The roll's label, if it had one.
    pub label: Option<String>,
    /// Every part of the expression with its dice.
    pub expr: Evaluated,
    /// The final value.
    pub total: i64,
    /// True when [`MAX_EXTRA_DICE_PER_ROLL`] stopped explosions or rerolls.
    pub capped: bool,
}

/// An evaluated expression, mirroring [`Expr`] so that results can be shown with
/// the structure the user typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evaluated {
    /// A number literal.
    Number(i64),
    /// A dice term with its dice.
    Dice(DiceResult),
    /// `-x`.
    Negate(Box<Evaluated>),
    /// `(x)`.
    Group(Box<Evaluated>),
    /// `x op y`.
    Binary { op: BinaryOp, lhs: Box<Evaluated>, rhs: Box<Evaluated> },
}

/// The dice of one term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceResult {
    /// The term as written (or `2d20kh1` for `adv`).
    pub notation: String,
    /// Every die in the order rolled, including dropped ones and explosions.
    pub dice: Vec<RolledDie>,
    /// True when the term counts successes rather than summing values.
    pub counts_successes: bool,
    /// The term's value: the sum of kept dice, or successes minus failures.
    pub total: i64,
}

/// One die as it ended up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RolledDie {
    /// The value it counts for (after `mi`/`ma`, and including compounded rolls).
    pub value: i64,
    /// Values it showed before rerolls replaced them, oldest first.
    pub rerolled: Vec<i64>,
    /// Whether it exploded (and caused the next die) or compounded.
    pub explosion: Option<ExplosionKind>,
    /// False when keep/drop dropped it.
    pub kept: bool,
    /// For success-counting terms: whether this kept die counted as a success or
    /// failure (a die matching both counts as neither).
    pub tally: Option<Tally>,
}

/// How a die exploded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExplosionKind {
    /// `!`: it added the next die to the pool.
    Exploded,
    /// `!!`: its extra rolls were added into it.
    Compounded,
}

/// What a die counted as in a success-counting term.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tally {
    Success,
    Failure,
}

/// Rolls every roll of `line`, taking faces from `source`.
///
/// Faces are requested left to right; each die is followed by its rerolls, then by
/// its explosions. Each roll (each repetition) gets its own budget of
/// [`MAX_EXTRA_DICE_PER_ROLL`] extra dice.
///
/// # Errors
/// Division by zero, or a result outside the 64-bit range; the error points at the
/// divisor or operator.
pub fn evaluate<S: DieSource + ?Sized>(line: &Line, source: &mut S) -> Result<Vec<RollResult>, DiceError> {
    let mut results = Vec::new();
    for roll in &line.rolls {
        for _ in 0..roll.repeat {
            let mut evaluator =
                Evaluator { line, source: &mut *source, extra_left: MAX_EXTRA_DICE_PER_ROLL, capped: false };
            let (expr, total) = evaluator.eval(&roll.expr)?;
            results.push(RollResult { label: roll.label.clone(), expr, total, capped: evaluator.capped });
        }
    }
    Ok(results)
}

struct Evaluator<'a, S: ?Sized> {
    line: &'a Line,
    source: &'a mut S,
    /// Extra dice this roll may still draw for explosions and rerolls.
    extra_left: u32,
    capped: bool,
}

impl<S: DieSource + ?Sized> Evaluator<'_, S> {
    fn error(&self, kind: DiceErrorKind, span: Span) -> DiceError {
        DiceError::new(kind, span, &self.line.text)
    }

    fn eval(&mut self, expr: &Expr) -> Result<(Evaluated, i64), DiceError> {
        match expr {
            Expr::Number { value, .. } => Ok((Evaluated::Number(*value), *value)),
            Expr::Dice(term) => {
                let result = self.dice(term);
                let total = result.total;
                Ok((Evaluated::Dice(result), total))
            }
            Expr::Negate { operand, span } => {
                let (operand, value) = self.eval(operand)?;
                let value = value.checked_neg().ok_or_else(|| self.error(DiceErrorKind::Overflow, *span))?;
                Ok((Evaluated::Negate(Box::new(operand)), value))
            }
            Expr::Group { inner, .. } => {
                let (inner, value) = self.eval(inner)?;
                Ok((Evaluated::Group(Box::new(inner)), value))
            }
            Expr::Binary { op, lhs, rhs, op_span } => {
                let (lhs_result, a) = self.eval(lhs)?;
                let (rhs_result, b) = self.eval(rhs)?;
                let value = match op {
                    BinaryOp::Add => a.checked_add(b),
                    BinaryOp::Subtract => a.checked_sub(b),
                    BinaryOp::Multiply => a.checked_mul(b),
                    BinaryOp::Divide if b == 0 => {
                        return Err(self.error(DiceErrorKind::DivisionByZero, rhs.span()));
                    }
                    BinaryOp::Divide => floor_div(a, b),
                };
                let value = value.ok_or_else(|| self.error(DiceErrorKind::Overflow, *op_span))?;
                let evaluated = Evaluated::Binary { op: *op, lhs: Box::new(lhs_result), rhs: Box::new(rhs_result) };
                Ok((evaluated, value))
            }
        }
    }

    fn dice(&mut self, term: &DiceTerm) -> DiceResult {
        let mut dice = Vec::with_capacity(term.count as usize);
        for _ in 0..term.count {
            let first = self.draw(term);
            self.explode(term, first, &mut dice);
        }
        if let Some(selection) = term.modifiers.selection {
            apply_selection(&mut dice, selection);
        }
        let (success, failure) = (term.modifiers.success, term.modifiers.failure);
        let counts_successes = success.is_some() || failure.is_some();
        let mut total = 0;
        for die in dice.iter_mut().filter(|die| die.kept) {
            if counts_successes {
                let is_success = success.is_some_and(|c| c.matches(die.value));
                let is_failure = failure.is_some_and(|c| c.matches(die.value));
                die.tally = match (is_success, is_failure) {
                    (true, false) => Some(Tally::Success),
                    (false, true) => Some(Tally::Failure),
                    _ => None,
                };
                total += i64::from(is_success) - i64::from(is_failure);
            } else {
                total += die.value;
            }
        }
        DiceResult { notation: term.notation.clone(), dice, counts_successes, total }
    }

    /// One die with its rerolls and `mi`/`ma` applied, not yet exploded.
    fn draw(&mut self, term: &DiceTerm) -> RolledDie {
        let die = term.die;
        let modifiers = &term.modifiers;
        let mut value = die.value_of(self.face(die.sides()));
        let mut rerolled = Vec::new();
        if let Some(reroll) = modifiers.reroll {
            while reroll.when.matches(value) && self.take_extra_die() {
                rerolled.push(value);
                value = die.value_of(self.face(die.sides()));
                if reroll.once {
                    break;
                }
            }
        }
        if let Some(minimum) = modifiers.minimum {
            value = value.max(minimum);
        }
        if let Some(maximum) = modifiers.maximum {
            value = value.min(maximum);
        }
        RolledDie { value, rerolled, explosion: None, kept: true, tally: None }
    }

    /// Pushes `first` and whatever its explosions add onto `dice`.
    fn explode(&mut self, term: &DiceTerm, first: RolledDie, dice: &mut Vec<RolledDie>) {
        let Some(explode) = term.modifiers.explode else {
            dice.push(first);
            return;
        };
        let mut current = first;
        if explode.compound {
            let mut last_value = current.value;
            while explode.when.matches(last_value) && self.take_extra_die() {
                let extra = self.draw(term);
                current.value += extra.value;
                current.rerolled.extend(extra.rerolled);
                current.explosion = Some(ExplosionKind::Compounded);
                last_value = extra.value;
            }
        } else {
            while explode.when.matches(current.value) && self.take_extra_die() {
                current.explosion = Some(ExplosionKind::Exploded);
                dice.push(current);
                current = self.draw(term);
            }
        }
        dice.push(current);
    }

    /// Spends one extra die from the roll's budget; false (and marks the roll as
    /// capped) when the budget is exhausted.
    fn take_extra_die(&mut self) -> bool {
        if self.extra_left == 0 {
            self.capped = true;
            return false;
        }
        self.extra_left -= 1;
        true
    }

    fn face(&mut self, sides: u32) -> u32 {
        let face = self.source.roll(sides);
        debug_assert!((1..=sides).contains(&face), "DieSource returned {face} for a d{sides}");
        face.clamp(1, sides)
    }
}

/// Marks dice as dropped according to `selection`. Among equal values the earlier
/// die counts as higher, so results are deterministic.
fn apply_selection(dice: &mut [RolledDie], selection: Selection) {
    let mut order: Vec<usize> = (0..dice.len()).collect();
    match selection.end {
        SelectEnd::Highest => order.sort_by_key(|&i| (std::cmp::Reverse(dice[i].value), i)),
        SelectEnd::Lowest => order.sort_by_key(|&i| (dice[i].value, i)),
    }
    let chosen = (selection.count as usize).min(dice.len());
    for (rank, &index) in order.iter().enumerate() {
        let is_chosen = rank < chosen;
        dice[index].kept = match selection.action {
            SelectAction::Keep => is_chosen,
            SelectAction::Drop => !is_chosen,
        };
    }
}

/// Integer division rounding towards negative infinity; `None` on overflow.
fn floor_div(a: i64, b: i64) -> Option<i64> {
    let quotient = a.checked_div(b)?;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        Some(quotient - 1)
    } else {
        Some(quotient)
    }
}

#[cfg(test)]
mod tests {
    use super::floor_div;

    #[test]
    fn division_floors() {
        assert_eq!(floor_div(7, 2), Some(3));
        assert_eq!(floor_div(-7, 2), Some(-4));
        assert_eq!(floor_div(7, -2), Some(-4));
        assert_eq!(floor_div(-7, -2), Some(3));
        assert_eq!(floor_div(-6, 2), Some(-3));
        assert_eq!(floor_div(i64::MIN, -1), None);
    }
}
