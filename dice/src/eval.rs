//! Evaluation of parsed dice notation with a caller-supplied [`DieSource`].

use super::ast::{
    BinaryOp, Comparison, DiceTerm, Die, Expr, Line, SelectAction, SelectEnd, Selection, Selector, SetOpKind,
};
use super::whole::{floor_div, floor_mod};
use super::{set_ops, Dialect, DiceError, DiceErrorKind, DieSource, Span, MAX_EXTRA_DICE_PER_ROLL};

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
    /// A game system's reading of the roll (`alien4`: successes and panic), which
    /// also gave the total.
    pub note: Option<String>,
    /// Dice Maiden's output flags written before the roll.
    pub flags: crate::OutputFlags,
}

/// An evaluated expression, mirroring [`Expr`] so that results can be shown with
/// the structure the user typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Evaluated {
    /// A number literal.
    Number(i64),
    /// A decimal literal in Avrae's reading (`.5`), shown as Python shows it (`0.5`);
    /// it counts with its fraction (see `docs/dice-notation.md`).
    Decimal(String),
    /// A dice term with its dice.
    Dice(DiceResult),
    /// `-x`.
    Negate(Box<Evaluated>),
    /// `(x)`.
    Group(Box<Evaluated>),
    /// `x op y`.
    Binary { op: BinaryOp, lhs: Box<Evaluated>, rhs: Box<Evaluated> },
    /// A set's items, each with whether it was kept.
    Set(Vec<(Evaluated, bool)>),
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
    /// The term's value: the sum of kept dice less implosions, or successes minus failures.
    pub total: i64,
    /// Dice Maiden's `i`: the fresh dice subtracted from the total, in order.
    pub implosions: Vec<i64>,
    /// Dice Maiden's `b`: how many kept dice were botches.
    pub botches: Option<u32>,
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
    let avrae = crate::dialect::split(&line.text).0 == Dialect::Avrae;
    for roll in &line.rolls {
        for _ in 0..roll.repeat {
            // Avrae stops a roll that draws more than 1,000 dice in all with an error;
            // Rookery's own reading caps the extra dice instead (see MAX_EXTRA_DICE_PER_ROLL).
            let extra_left =
                if avrae { AVRAE_MAX_ROLLS.saturating_sub(base_dice(&roll.expr)) } else { MAX_EXTRA_DICE_PER_ROLL };
            let mut evaluator = Evaluator { line, source: &mut *source, extra_left, capped: false, fractional: avrae };
            let (expr, mut total) = evaluator.eval(&roll.expr)?;
            if avrae {
                if evaluator.capped {
                    let kind = DiceErrorKind::TooManyRolls { max: AVRAE_MAX_ROLLS };
                    return Err(DiceError::new(kind, roll.expr.span(), &line.text));
                }
                match crate::fractional::total(&roll.expr, &expr, &line.text) {
                    Some(Ok(exact)) => total = exact,
                    Some(Err((kind, span))) => return Err(DiceError::new(kind, span, &line.text)),
                    None => {}
                }
            }
            let note = roll.system.map(|system| {
                let (read, note) =
                    crate::systems::finish(system, &expr, total, &mut |sides| i64::from(evaluator.source.roll(sides)));
                total = read;
                note
            });
            results.push(RollResult {
                label: roll.label.clone(),
                expr,
                total,
                capped: evaluator.capped,
                note,
                flags: roll.flags,
            });
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
    /// Avrae's reading: divisions by zero are judged by the fractional pass
    /// (`1/0.5` is 2 there), so the whole-number pass lets them through as 0.
    fractional: bool,
}

/// Avrae's d20 limit on the dice one roll may draw in all.
const AVRAE_MAX_ROLLS: u32 = 1000;

/// How many dice `expr` names before explosions and rerolls.
fn base_dice(expr: &Expr) -> u32 {
    match expr {
        Expr::Number { .. } => 0,
        Expr::Dice(term) => term.count,
        Expr::Negate { operand, .. } => base_dice(operand),
        Expr::Group { inner, .. } => base_dice(inner),
        Expr::Set { items, .. } => items.iter().map(base_dice).sum(),
        Expr::Binary { lhs, rhs, .. } => base_dice(lhs) + base_dice(rhs),
    }
}

impl<S: DieSource + ?Sized> Evaluator<'_, S> {
    fn error(&self, kind: DiceErrorKind, span: Span) -> DiceError {
        DiceError::new(kind, span, &self.line.text)
    }

    fn eval(&mut self, expr: &Expr) -> Result<(Evaluated, i64), DiceError> {
        match expr {
            Expr::Number { value, span } => {
                let decimal = self.fractional.then(|| self.line.text.get(span.start..span.end)).flatten();
                match decimal
                    .filter(|written| written.contains('.'))
                    .and_then(|_| crate::fractional::literal(&self.line.text, *span))
                {
                    Some(exact) => Ok((Evaluated::Decimal(format!("{exact:?}")), *value)),
                    None => Ok((Evaluated::Number(*value), *value)),
                }
            }
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
                    BinaryOp::Divide | BinaryOp::DivideTruncating | BinaryOp::FloorDivide | BinaryOp::Modulo
                        if b == 0 && self.fractional =>
                    {
                        Some(0)
                    }
                    BinaryOp::Add => a.checked_add(b),
                    BinaryOp::Subtract => a.checked_sub(b),
                    BinaryOp::Multiply => a.checked_mul(b),
                    BinaryOp::Divide | BinaryOp::FloorDivide if b == 0 => {
                        return Err(self.error(DiceErrorKind::DivisionByZero, rhs.span()));
                    }
                    BinaryOp::Divide | BinaryOp::FloorDivide => floor_div(a, b),
                    BinaryOp::DivideTruncating | BinaryOp::Modulo if b == 0 => {
                        return Err(self.error(DiceErrorKind::DivisionByZero, rhs.span()));
                    }
                    BinaryOp::DivideTruncating => a.checked_div(b),
                    BinaryOp::Modulo => floor_mod(a, b),
                    BinaryOp::Equal => Some(i64::from(a == b)),
                    BinaryOp::NotEqual => Some(i64::from(a != b)),
                    BinaryOp::Less => Some(i64::from(a < b)),
                    BinaryOp::LessOrEqual => Some(i64::from(a <= b)),
                    BinaryOp::Greater => Some(i64::from(a > b)),
                    BinaryOp::GreaterOrEqual => Some(i64::from(a >= b)),
                };
                let value = value.ok_or_else(|| self.error(DiceErrorKind::Overflow, *op_span))?;
                let evaluated = Evaluated::Binary { op: *op, lhs: Box::new(lhs_result), rhs: Box::new(rhs_result) };
                Ok((evaluated, value))
            }
            Expr::Set { items, ops, span } => {
                let mut evaluated = Vec::with_capacity(items.len());
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    let (item, value) = self.eval(item)?;
                    evaluated.push(item);
                    values.push(value);
                }
                let mut kept = vec![true; values.len()];
                if self.fractional {
                    // Avrae ranks and selects items by their exact values: in
                    // `(2.4, 2.6)kh1` the 2.6 is the higher.
                    let exact: Vec<f64> = items
                        .iter()
                        .zip(&evaluated)
                        .zip(&values)
                        .map(|((item, result), &whole)| {
                            crate::fractional::item_value(item, result, &self.line.text).unwrap_or(whole as f64)
                        })
                        .collect();
                    for op in ops {
                        set_ops::keep_or_drop(op, &exact, &mut kept, |v| v as f64);
                    }
                } else {
                    for op in ops {
                        set_ops::keep_or_drop(op, &values, &mut kept, |v| v);
                    }
                }
                let total = values
                    .iter()
                    .zip(&kept)
                    .filter(|(_, &kept)| kept)
                    .try_fold(0i64, |sum, (&value, _)| sum.checked_add(value))
                    .ok_or_else(|| self.error(DiceErrorKind::Overflow, *span))?;
                Ok((Evaluated::Set(evaluated.into_iter().zip(kept).collect()), total))
            }
        }
    }

    fn dice(&mut self, term: &DiceTerm) -> DiceResult {
        if !term.modifiers.ops.is_empty() {
            return self.ordered_dice(term);
        }
        let modifiers = &term.modifiers;
        let mut dice = Vec::with_capacity(term.count as usize);
        let mut originals = Vec::with_capacity(term.count as usize);
        if modifiers.advantage == 0 {
            for _ in 0..term.count {
                let first = self.draw(term);
                originals.push(dice.len());
                self.explode(term, first, &mut dice);
            }
        } else {
            // Dice Maiden's advN/disN: the extra dice are dropped before anything explodes.
            let extra = modifiers.advantage.unsigned_abs();
            let mut base: Vec<RolledDie> = (0..term.count + extra).map(|_| self.draw(term)).collect();
            let end = if modifiers.advantage > 0 { SelectEnd::Lowest } else { SelectEnd::Highest };
            apply_selection(&mut base, Selection { action: SelectAction::Drop, end, count: extra });
            for die in base {
                if die.kept {
                    originals.push(dice.len());
                    self.explode(term, die, &mut dice);
                } else {
                    // A die the advantage dropped was never part of the roll: it
                    // neither explodes nor implodes.
                    dice.push(die);
                }
            }
        }
        let (success, failure) = (modifiers.success, modifiers.failure);
        let counts_successes = success.is_some() || failure.is_some();
        let mut implosions = Vec::new();
        if let Some(implode) = modifiers.implode.filter(|_| !counts_successes) {
            for &index in &originals {
                if implode.matches(dice[index].value) && self.take_extra_die() {
                    implosions.push(term.die.value_of(self.face(term.die.sides())));
                }
            }
        }
        for selection in modifiers.selection.into_iter().chain(modifiers.then_selection) {
            apply_selection(&mut dice, selection);
        }
        let mut total = 0;
        let (mut failures, mut highest_faces) = (0, 0);
        for die in dice.iter_mut().filter(|die| die.kept) {
            if counts_successes {
                let is_success = success.is_some_and(|c| c.matches(die.value));
                let is_failure = failure.is_some_and(|c| c.matches(die.value));
                die.tally = match (is_success, is_failure) {
                    (true, false) => Some(Tally::Success),
                    (false, true) => Some(Tally::Failure),
                    _ => None,
                };
                let double = is_success
                    && success.zip(modifiers.double_success).is_some_and(|(c, at)| reaches(c, die.value, at));
                total += match (is_success, is_failure) {
                    (true, false) if double => 2,
                    (true, false) => 1,
                    (false, true) => -1,
                    // Neither, or both: a die matching both targets counts as neither,
                    // even when its success would count twice.
                    _ => 0,
                };
                failures += i64::from(is_failure && !is_success);
                highest_faces += i64::from(die.value == term.die.highest());
            } else {
                total += die.value;
            }
        }
        if modifiers.cancel {
            total += failures.min(highest_faces);
        }
        total -= implosions.iter().sum::<i64>();
        let botches = modifiers.botch.map(|botch| {
            let botches = dice.iter().filter(|die| die.kept && botch.matches(die.value)).count();
            u32::try_from(botches).unwrap_or(u32::MAX)
        });
        DiceResult { notation: term.notation.clone(), dice, counts_successes, total, implosions, botches }
    }

    /// Avrae's dice: every die rolled plain, then each operation in the order written.
    fn ordered_dice(&mut self, term: &DiceTerm) -> DiceResult {
        let die = term.die;
        let mut dice: Vec<RolledDie> = (0..term.count).map(|_| self.plain(die)).collect();
        for op in &term.modifiers.ops {
            let values: Vec<i64> = dice.iter().map(|d| d.value).collect();
            let mut kept: Vec<bool> = dice.iter().map(|d| d.kept).collect();
            match op.kind {
                SetOpKind::Keep | SetOpKind::Drop => {
                    set_ops::keep_or_drop(op, &values, &mut kept, |v| v);
                    dice.iter_mut().zip(kept).for_each(|(die, kept)| die.kept = kept);
                }
                SetOpKind::Reroll => {
                    // Selectors here are values only (parsing refuses hN/lN), so a die
                    // matches or not by its own value; each reroll spends the budget.
                    'dice: for rolled in &mut dice {
                        while rolled.kept && any_value_matches(&op.selectors, rolled.value) {
                            if !self.take_extra_die() {
                                break 'dice;
                            }
                            self.reroll_in_place(die, rolled);
                        }
                    }
                }
                SetOpKind::RerollOnce => {
                    for (index, matched) in
                        set_ops::matched(&values, &kept, &op.selectors, |v| v).into_iter().enumerate()
                    {
                        if matched && self.take_extra_die() {
                            self.reroll_in_place(die, &mut dice[index]);
                        }
                    }
                }
                SetOpKind::RerollAdd => {
                    let first = set_ops::matched(&values, &kept, &op.selectors, |v| v).into_iter().position(|m| m);
                    if first.is_some() && self.take_extra_die() {
                        let added = self.plain(die);
                        dice.push(added);
                    }
                }
                SetOpKind::Explode => {
                    let mut index = 0;
                    while index < dice.len() {
                        if dice[index].kept && any_value_matches(&op.selectors, dice[index].value) {
                            if !self.take_extra_die() {
                                break;
                            }
                            dice[index].explosion = Some(ExplosionKind::Exploded);
                            let extra = self.plain(die);
                            dice.push(extra);
                        }
                        index += 1;
                    }
                }
                SetOpKind::Minimum | SetOpKind::Maximum => {
                    let Some(&Selector::Literal(limit)) = op.selectors.first() else { continue };
                    for die in &mut dice {
                        die.value =
                            if op.kind == SetOpKind::Minimum { die.value.max(limit) } else { die.value.min(limit) };
                    }
                }
            }
        }
        let total = dice.iter().filter(|d| d.kept).map(|d| d.value).sum();
        DiceResult {
            notation: term.notation.clone(),
            dice,
            counts_successes: false,
            total,
            implosions: Vec::new(),
            botches: None,
        }
    }

    /// A die as rolled, with no modifier applied.
    fn plain(&mut self, die: Die) -> RolledDie {
        let value = die.value_of(self.face(die.sides()));
        RolledDie { value, rerolled: Vec::new(), explosion: None, kept: true, tally: None }
    }

    /// Replaces a die's value by a fresh roll, keeping the old one on show.
    fn reroll_in_place(&mut self, die: Die, rolled: &mut RolledDie) {
        let value = die.value_of(self.face(die.sides()));
        rolled.rerolled.push(rolled.value);
        rolled.value = value;
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
        } else if explode.once {
            // Dice Maiden's `e`: one extra die, which never explodes itself.
            if explode.when.matches(current.value) && self.take_extra_die() {
                current.explosion = Some(ExplosionKind::Exploded);
                dice.push(current);
                current = self.draw(term);
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

/// Marks dice as dropped according to `selection`, choosing among the dice still
/// kept. Among equal values the earlier die counts as higher, so results are
/// deterministic. `km` keeps the middle dice; when the rest does not split evenly,
/// the extra dropped die is a high one.
fn apply_selection(dice: &mut [RolledDie], selection: Selection) {
    let mut order: Vec<usize> = (0..dice.len()).filter(|&i| dice[i].kept).collect();
    match selection.end {
        SelectEnd::Highest => order.sort_by_key(|&i| (std::cmp::Reverse(dice[i].value), i)),
        SelectEnd::Lowest => order.sort_by_key(|&i| (dice[i].value, i)),
        SelectEnd::Middle => {
            order.sort_by_key(|&i| (dice[i].value, std::cmp::Reverse(i)));
            let keep = (selection.count as usize).min(order.len());
            let low_dropped = (order.len() - keep) / 2;
            order.rotate_left(low_dropped);
        }
    }
    let chosen = (selection.count as usize).min(order.len());
    for (rank, &index) in order.iter().enumerate() {
        let is_chosen = rank < chosen;
        dice[index].kept = match selection.action {
            SelectAction::Keep => is_chosen,
            SelectAction::Drop => !is_chosen,
        };
    }
}

/// Whether a value passes any of Avrae's value selectors (`N`, `>N`, `<N`).
fn any_value_matches(selectors: &[Selector], value: i64) -> bool {
    selectors.iter().any(|selector| match *selector {
        Selector::Literal(v) => value == v,
        Selector::Greater(v) => value > v,
        Selector::Less(v) => value < v,
        Selector::Highest(_) | Selector::Lowest(_) => false,
    })
}

/// Whether a success at `value` reaches the double-success mark `at`, counted in the
/// direction of the success test (`t7ds10`: 10 and up; `tl6ds5`: 5 and down).
fn reaches(success: super::ast::Condition, value: i64, at: i64) -> bool {
    match success.comparison {
        Comparison::Less | Comparison::LessOrEqual => value <= at,
        _ => value >= at,
    }
}
