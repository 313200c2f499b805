//! Whole-number division and remainder as Python has them (`//` rounds down, `%`
//! takes the divisor's sign), which Rookery's and Dice Maiden's readings use for
//! `/`, `//` and `%`.

/// The remainder taking the sign of the divisor, as Python's `%`; `None` on overflow.
pub(crate) fn floor_mod(a: i64, b: i64) -> Option<i64> {
    let remainder = a.checked_rem(b)?;
    if remainder != 0 && ((remainder < 0) != (b < 0)) {
        Some(remainder + b)
    } else {
        Some(remainder)
    }
}

/// Integer division rounding towards negative infinity; `None` on overflow.
pub(crate) fn floor_div(a: i64, b: i64) -> Option<i64> {
    let quotient = a.checked_div(b)?;
    if a % b != 0 && ((a < 0) != (b < 0)) {
        Some(quotient - 1)
    } else {
        Some(quotient)
    }
}

#[cfg(test)]
mod tests {
    use super::{floor_div, floor_mod};

    #[test]
    fn modulo_takes_the_divisors_sign() {
        assert_eq!(floor_mod(13, 2), Some(1));
        assert_eq!(floor_mod(-7, 3), Some(2));
        assert_eq!(floor_mod(7, -3), Some(-2));
        assert_eq!(floor_mod(-6, 3), Some(0));
    }

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
