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

/// The exact value of one set item, to rank items as Avrae does; `None` when it
/// cannot be worked out (the total then reports why).
pub(crate) fn item_value(expr: &Expr, evaluated: &Evaluated, text: &str) -> Option<f64> {
    value(expr, evaluated, text).ok()
}

enum Failure {
    /// The evaluated tree does not mirror the expression.
    Mismatch,
    Error(DiceErrorKind, Span),
}

fn value(expr: &Expr, evaluated: &Evaluated, text: &str) -> Result<f64, Failure> {
    Ok(match (expr, evaluated) {
        (Expr::Number { value, span }, Evaluated::Number(_) | Evaluated::Decimal(_)) => {
            literal(text, *span).unwrap_or(*value as f64)
        }
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
                BinaryOp::FloorDivide => python_divmod(a, b).0,
                BinaryOp::Modulo => python_divmod(a, b).1,
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

/// Python's `divmod` of two floats, `(x // y, x % y)`, worked out as CPython does:
/// from the exact remainder `fmod(x, y)` rather than from `x / y`, whose rounding can
/// land on the next whole number (`4 // 0.1` is 39.0 in Python, though `4 / 0.1` is
/// 40.0). `y` is not zero.
pub(crate) fn python_divmod(x: f64, y: f64) -> (f64, f64) {
    // Rust's `%` on floats is C's fmod: exact, with the sign of `x`.
    let mut remainder = x % y;
    let mut quotient = (x - remainder) / y;
    if remainder != 0.0 {
        if (y < 0.0) != (remainder < 0.0) {
            remainder += y;
            quotient -= 1.0;
        }
    } else {
        remainder = 0.0_f64.copysign(y);
    }
    let floored = if quotient != 0.0 {
        // `quotient` is within rounding of a whole number; take the nearest one.
        let floor = quotient.floor();
        if quotient - floor > 0.5 {
            floor + 1.0
        } else {
            floor
        }
    } else {
        0.0_f64.copysign(x / y)
    };
    (floored, remainder)
}

/// The decimal literal written at `span` (`1.5`, `.5`, `3 [fire]`).
pub(crate) fn literal(text: &str, span: Span) -> Option<f64> {
    let written = text.get(span.start..span.end)?;
    let number: String = written.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    let number = if number.starts_with('.') { format!("0{number}") } else { number };
    number.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::python_divmod;

    /// Each case is what CPython 3 prints for `x // y` and `x % y`.
    #[test]
    fn floor_division_and_remainder_follow_python() {
        let cases = [
            (4.0, 0.1, 39.0, 0.09999999999999978),
            (-7.5, 2.0, -4.0, 0.5),
            (7.0, -0.3, -24.0, -0.19999999999999973),
            (15.0, 2.0, 7.0, 1.0),
            (-7.0, 3.0, -3.0, 2.0),
            (1.0, 0.5, 2.0, 0.0),
        ];
        for (x, y, quotient, remainder) in cases {
            assert_eq!(python_divmod(x, y), (quotient, remainder), "{x} // {y}");
        }
        let (zero, _) = python_divmod(0.0, -3.0);
        assert!(zero == 0.0 && zero.is_sign_negative(), "0.0 // -3 is -0.0 in Python");
    }
}
