//! The range of totals an expression can produce, for previews and for checking the
//! evaluator.

use super::ast::{BinaryOp, DiceTerm, Expr, SelectAction};
use super::MAX_EXTRA_DICE_PER_ROLL;

/// An inclusive range of totals. The range is safe (every total an evaluation can
/// return lies in it) and exact for plain sums of dice; with explosions, success
/// counting or division it may be wider than what is reachable. Computed in `i128`
/// with saturation so that even absurd expressions have a sound range. It covers the
/// whole-number arithmetic of the notation: a game system's reading (`wfrp45`'s
/// Success Levels, [`System`](super::System)) and Avrae's fractional arithmetic
/// (`0.5*10`) give totals of their own, outside its promise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bounds {
    /// The lowest possible total.
    pub min: i128,
    /// The highest possible total.
    pub max: i128,
}

impl Bounds {
    fn exact(value: i128) -> Self {
        Bounds { min: value, max: value }
    }

    /// The smallest range containing all `values`.
    fn spanning(values: impl IntoIterator<Item = i128>) -> Self {
        values
            .into_iter()
            .fold(Bounds { min: i128::MAX, max: i128::MIN }, |b, v| Bounds { min: b.min.min(v), max: b.max.max(v) })
    }

    /// Whether `total` lies in the range.
    pub fn contains(self, total: i64) -> bool {
        (self.min..=self.max).contains(&i128::from(total))
    }
}

impl Expr {
    /// The range of totals this expression can produce when its evaluation succeeds.
    pub fn bounds(&self) -> Bounds {
        match self {
            Expr::Number { value, .. } => Bounds::exact(i128::from(*value)),
            Expr::Dice(term) => term.bounds(),
            Expr::Negate { operand, .. } => {
                let b = operand.bounds();
                Bounds { min: b.max.saturating_neg(), max: b.min.saturating_neg() }
            }
            Expr::Group { inner, .. } => inner.bounds(),
            Expr::Set { items, .. } => {
                // Any subset of the items may be kept.
                let parts = items.iter().map(Expr::bounds);
                parts.fold(Bounds::exact(0), |sum, b| Bounds {
                    min: sum.min.saturating_add(b.min.min(0)),
                    max: sum.max.saturating_add(b.max.max(0)),
                })
            }
            Expr::Binary { op, lhs, rhs, .. } => {
                let (a, b) = (lhs.bounds(), rhs.bounds());
                match op {
                    BinaryOp::Add => Bounds { min: a.min.saturating_add(b.min), max: a.max.saturating_add(b.max) },
                    BinaryOp::Subtract => Bounds { min: a.min.saturating_sub(b.max), max: a.max.saturating_sub(b.min) },
                    BinaryOp::Multiply => Bounds::spanning(
                        [a.min, a.max].into_iter().flat_map(|x| [b.min, b.max].map(|y| x.saturating_mul(y))),
                    ),
                    BinaryOp::Divide | BinaryOp::FloorDivide => divide(a, b),
                    // Truncation lies between the floor and the ceiling of the quotient.
                    BinaryOp::DivideTruncating => {
                        let floor = divide(a, b);
                        Bounds { min: floor.min, max: floor.max.saturating_add(1) }
                    }
                    BinaryOp::Modulo => {
                        let reach = b.min.saturating_abs().max(b.max.saturating_abs());
                        Bounds { min: -reach, max: reach }
                    }
                    _ => Bounds { min: 0, max: 1 },
                }
            }
        }
    }
}

/// Floor division is monotonic in the dividend, and in the divisor on each side of
/// zero, so the extremes lie at the corners, with the divisor's range split at zero
/// (whose nearest usable values are -1 and 1).
fn divide(a: Bounds, b: Bounds) -> Bounds {
    let divisors = [b.min, b.max, -1, 1].into_iter().filter(|&d| d != 0 && (b.min..=b.max).contains(&d));
    let quotients: Vec<i128> = divisors.flat_map(|d| [a.min, a.max].map(|n| floor_div_saturating(n, d))).collect();
    if quotients.is_empty() {
        // The divisor is always zero, so evaluation always fails.
        return Bounds::exact(0);
    }
    Bounds::spanning(quotients)
}

/// `n / d` rounded down; the one overflowing case, `i128::MIN / -1`, saturates.
fn floor_div_saturating(n: i128, d: i128) -> i128 {
    match n.checked_div_euclid(d) {
        // Euclidean division keeps the remainder non-negative, which for a negative
        // divisor rounds up; step down to the floor.
        Some(q) if d < 0 && n.rem_euclid(d) != 0 => q - 1,
        Some(q) => q,
        None => i128::MAX,
    }
}

impl DiceTerm {
    /// The range of this term's value.
    pub fn bounds(&self) -> Bounds {
        let modifiers = &self.modifiers;
        let extended = !modifiers.ops.is_empty()
            || modifiers.advantage != 0
            || modifiers.implode.is_some()
            || modifiers.double_success.is_some()
            || modifiers.cancel;
        if extended {
            // Avrae's ordered operations and Dice Maiden's extras: bounded by every die
            // (extras included) counting its extreme value, positive or negative.
            let dice = i128::from(self.count)
                + i128::from(modifiers.advantage.unsigned_abs())
                + i128::from(MAX_EXTRA_DICE_PER_ROLL);
            let extreme = i128::from(self.die.highest().max(modifiers.minimum.unwrap_or(0)).max(1)).max(
                modifiers
                    .ops
                    .iter()
                    .flat_map(|op| &op.selectors)
                    .map(|s| match *s {
                        super::ast::Selector::Literal(v) => i128::from(v).abs(),
                        _ => 0,
                    })
                    .max()
                    .unwrap_or(0),
            );
            let reach = dice.saturating_mul(extreme.max(2));
            return Bounds { min: -reach, max: reach };
        }
        let extra = i128::from(MAX_EXTRA_DICE_PER_ROLL);
        let lowest = modifiers.minimum.map_or(self.die.lowest(), |min| min.max(self.die.lowest()));
        let highest = modifiers.maximum.map_or(self.die.highest(), |max| max.min(self.die.highest()));
        let (lowest, highest) = (i128::from(lowest), i128::from(highest));
        let compound = modifiers.explode.is_some_and(|e| e.compound);
        let adds_dice = modifiers.explode.is_some_and(|e| !e.compound);
        // A compounded die adds up to `extra` more draws into itself.
        let (die_min, die_max) = if compound {
            (lowest + extra * lowest.min(0), highest + extra * highest.max(0))
        } else {
            (lowest, highest)
        };
        let count = i128::from(self.count);
        let pool = (count, count + if adds_dice { extra } else { 0 });
        let kept = modifiers.selection.into_iter().chain(modifiers.then_selection).fold(pool, |pool, selection| {
            let n = i128::from(selection.count);
            match selection.action {
                SelectAction::Keep => (pool.0.min(n), pool.1.min(n)),
                SelectAction::Drop => ((pool.0 - n).max(0), (pool.1 - n).max(0)),
            }
        });
        if modifiers.success.is_some() || modifiers.failure.is_some() {
            let per_success = if modifiers.double_success.is_some() { 2 } else { 1 };
            return Bounds {
                min: if modifiers.failure.is_some() { -kept.1 } else { 0 },
                max: if modifiers.success.is_some() { per_success * kept.1 } else { 0 },
            };
        }
        Bounds::spanning([kept.0 * die_min, kept.1 * die_min, kept.0 * die_max, kept.1 * die_max])
    }
}
