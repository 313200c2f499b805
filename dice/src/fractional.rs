//! Avrae's arithmetic: its d20 library computes with Python numbers, so `1d4/2`,
//! `3*0.5` and `1.5 + 1.5` keep their fractions until the end, and the total is the
//! final value with its fraction dropped (`int(total)`, towards zero). Rookery's
//! evaluator counts in whole numbers; for a line read as `avrae` this pass works the
//! total out again over the same dice in double precision (Python's floats are IEEE
//! doubles too), with Python's `/`, `//` and `%`.

use super::ast::{BinaryOp, Expr};
use super::{DiceErrorKind, Evaluated, Span};

/// The total of `expr`, evaluated as `evaluated` (same dice), in Avrae's arithmetic.
/// `None` when the two do not line up (never for what the evaluator produces); the
/// whole-number total then stands.
pub(crate) fn total(expr: &Expr, evaluated: &Evaluated, text: &str) -> Option<Result<i64, (DiceErrorKind, Span)>> {
    let value = match value(expr, evaluated, text) {
        Ok(value) => value,
        Err(Failure::Mismatch) => return None,
        Err(Failure::Error(kind, span)) => return Some(Err((kind, span))),
    };
    let truncated = value.trunc();
    if !truncated.is_finite() || truncated.abs() >= 9.2e18 {
        return Some(Err((DiceErrorKind::Overflow, expr.span())));
    }
    Some(Ok(truncated as i64))
}

enum Failure {
    /// The evaluated tree does not mirror the expression.
    Mismatch,
    Error(DiceErrorKind, Span),
}

fn value(expr: &Expr, evaluated: &Evaluated, text: &str) -> Result<f64, Failure> {
    Ok(match (expr, evaluated) {
        (Expr::Number { value, span }, Evaluated::Number(_)) => literal(text, *span).unwrap_or(*value as f64),
        (Expr::Dice(_), Evaluated::Dice(dice)) => dice.total as f64,
        (Expr::Negate { operand, .. }, Evaluated::Negate(inner)) => -value(operand, inner, text)?,
        (Expr::Group { inner, .. }, Evaluated::Group(evaluated)) => value(inner, evaluated, text)?,
        (Expr::Set { items, .. }, Evaluated::Set(evaluated)) => {
            let mut sum = 0.0;
            for (item, (evaluated, kept)) in items.iter().zip(evaluated) {
                let item = value(item, evaluated, text)?;
                if *kept {
                    sum += item;
                }
            }
            sum
        }
        (Expr::Binary { op, lhs, rhs, .. }, Evaluated::Binary { lhs: left, rhs: right, .. }) => {
            let a = value(lhs, left, text)?;
            let b = value(rhs, right, text)?;
            let divides =
                matches!(op, BinaryOp::Divide | BinaryOp::DivideTruncating | BinaryOp::FloorDivide | BinaryOp::Modulo);
            if divides && b == 0.0 {
                return Err(Failure::Error(DiceErrorKind::DivisionByZero, rhs.span()));
            }
            match op {
                BinaryOp::Add => a + b,
                BinaryOp::Subtract => a - b,
                BinaryOp::Multiply => a * b,
                BinaryOp::Divide | BinaryOp::DivideTruncating => a / b,
                BinaryOp::FloorDivide => (a / b).floor(),
                BinaryOp::Modulo => {
                    let r = a % b;
                    if r != 0.0 && (r < 0.0) != (b < 0.0) {
                        r + b
                    } else {
                        r
                    }
                }
                BinaryOp::Equal => f64::from(u8::from(a == b)),
                BinaryOp::NotEqual => f64::from(u8::from(a != b)),
                BinaryOp::Less => f64::from(u8::from(a < b)),
                BinaryOp::LessOrEqual => f64::from(u8::from(a <= b)),
                BinaryOp::Greater => f64::from(u8::from(a > b)),
                BinaryOp::GreaterOrEqual => f64::from(u8::from(a >= b)),
            }
        }
        _ => return Err(Failure::Mismatch),
    })
}

/// The decimal literal written at `span` (`1.5`, `.5`, `3 [fire]`).
fn literal(text: &str, span: Span) -> Option<f64> {
    let written = text.get(span.start..span.end)?;
    let number: String = written.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    let number = if number.starts_with('.') { format!("0{number}") } else { number };
    number.parse().ok()
}
