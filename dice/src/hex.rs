//! Lower-case hexadecimal, as used for seeds, commitments and nonces.

use std::fmt::Write;

/// A string that is not the expected hexadecimal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HexError {
    /// Wrong number of digits.
    #[error("expected {expected} hexadecimal digits, found {found}")]
    Length { expected: usize, found: usize },
    /// A character that is not a hexadecimal digit.
    #[error("{0:?} is not a hexadecimal digit")]
    Digit(char),
}

/// `bytes` as lower-case hexadecimal.
pub(crate) fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

/// Exactly 32 bytes from 64 hexadecimal digits (either case).
pub(crate) fn decode_32(text: &str) -> Result<[u8; 32], HexError> {
    let digits = text.chars().count();
    if digits != 64 {
        return Err(HexError::Length { expected: 64, found: digits });
    }
    let mut out = [0u8; 32];
    let mut chars = text.chars();
    for byte in &mut out {
        let mut value = 0u8;
        for c in chars.by_ref().take(2) {
            // `to_digit(16)` is below 16, so it fits in a u8.
            let digit = c.to_digit(16).ok_or(HexError::Digit(c))? as u8;
            value = value << 4 | digit;
        }
        *byte = value;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_rejects_bad_input() {
        let bytes: [u8; 32] = std::array::from_fn(|i| (i * 9) as u8);
        assert_eq!(decode_32(&encode(&bytes)), Ok(bytes));
        assert_eq!(decode_32(&encode(&bytes).to_uppercase()), Ok(bytes));
        assert_eq!(decode_32("ab"), Err(HexError::Length { expected: 64, found: 2 }));
        let bad = format!("{}g", "0".repeat(63));
        assert_eq!(decode_32(&bad), Err(HexError::Digit('g')));
    }
}
