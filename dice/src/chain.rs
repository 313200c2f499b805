//! The roll chain: a running SHA-256 over a ledger's transcript lines.
//!
//! Every roll's post shows the chain's value after that roll (short), and the
//! reveal post gives the final value and the number of rolls. A transcript whose
//! last rolls were cut, or whose lines were edited (an expression, a label, a
//! total), gives another value, so it no longer matches what the channel saw.
//! `docs/fairness.md` ("The roll chain") specifies it byte by byte.

use std::fmt;

use sha2::{Digest, Sha256};

use super::hex;
use super::ledger::{Commitment, LedgerId};
use super::HexError;

/// What the first step hashes before the ledger id, so a chain value cannot be
/// mistaken for any other SHA-256 of the project.
const DOMAIN: &str = "rookery-dice-chain-v1";
/// Hex digits of the short form shown in each roll's post.
const SHORT_DIGITS: usize = 8;

/// One value of the chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChainValue([u8; 32]);

impl ChainValue {
    /// The value before any roll: `SHA-256("rookery-dice-chain-v1\n" ‖ id ‖ "\n" ‖ commitment hex)`.
    pub fn start(ledger_id: &LedgerId, commitment: &Commitment) -> Self {
        ChainValue(Sha256::digest(format!("{DOMAIN}\n{ledger_id}\n{commitment}")).into())
    }

    /// The value after one more roll whose chain line is `line`:
    /// `SHA-256(previous value in hex ‖ "\n" ‖ line)`.
    pub fn next(&self, line: &str) -> Self {
        let mut hasher = Sha256::new();
        hasher.update(hex::encode(&self.0));
        hasher.update("\n");
        hasher.update(line);
        ChainValue(hasher.finalize().into())
    }

    /// A value from 64 hexadecimal digits.
    ///
    /// # Errors
    /// When `text` is not exactly 64 hexadecimal digits.
    pub fn from_hex(text: &str) -> Result<Self, HexError> {
        hex::decode_32(text).map(ChainValue)
    }

    /// The first 8 hex digits, as shown in each roll's post.
    pub fn short(&self) -> String {
        hex::encode(&self.0[..SHORT_DIGITS / 2])
    }
}

impl fmt::Display for ChainValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(&self.0))
    }
}

/// Where a ledger's chain stands: how many rolls it covers and its value after them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChainEnd {
    /// Rolls hashed in.
    pub rolls: u64,
    /// The value after the last of them.
    pub value: ChainValue,
}

impl ChainEnd {
    /// The chain of a ledger before its first roll.
    pub fn start(ledger_id: &LedgerId, commitment: &Commitment) -> Self {
        ChainEnd { rolls: 0, value: ChainValue::start(ledger_id, commitment) }
    }

    /// The chain after one more roll with chain line `line`.
    pub fn next(&self, line: &str) -> Self {
        ChainEnd { rolls: self.rolls + 1, value: self.value.next(line) }
    }

    /// How the reveal post gives it: `12 rolls, chain <64 hex digits>`.
    pub fn summary(&self) -> String {
        format!("{} roll{}, chain {}", self.rolls, if self.rolls == 1 { "" } else { "s" }, self.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start() -> ChainEnd {
        let id = LedgerId::new("doc:example").unwrap();
        let commitment =
            Commitment::from_hex("630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd").unwrap();
        ChainEnd::start(&id, &commitment)
    }

    #[test]
    fn every_byte_of_a_line_changes_the_value() {
        let line = "roll 0 faces=20:4 totals=9 expr 1d20+5 # perception";
        let edited = "roll 0 faces=20:4 totals=9 expr 1d20+5 # persuasion";
        assert_ne!(start().next(line).value, start().next(edited).value);
        assert_eq!(start().next(line), start().next(line));
        assert_eq!(start().next(line).rolls, 1);
    }

    #[test]
    fn short_form_is_the_first_eight_digits() {
        let value = start().value;
        assert_eq!(value.short().len(), 8);
        assert!(value.to_string().starts_with(&value.short()));
        assert_eq!(ChainValue::from_hex(&value.to_string()), Ok(value));
    }

    #[test]
    fn summary_counts_rolls() {
        let one = start().next("roll 0 faces=6:1 dice 6");
        assert_eq!(one.summary(), format!("1 roll, chain {}", one.value));
        assert!(one.next("roll 1 faces=6:2 dice 6").summary().starts_with("2 rolls, chain "));
    }
}
