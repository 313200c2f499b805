//! Sealed rolls: a game master's roll whose result stays private, with a public
//! commitment that proves later that the result was not changed.
//!
//! ```text
//! nonce      = HMAC-SHA256(key = server seed,
//!                          "rookery-sealed-v1" ‖ u32be(len id) ‖ id ‖ u64be(index))
//! commitment = SHA-256(nonce ‖ body)
//! ```
//!
//! `body` is the roll's transcript line without its `sealed=` field, e.g.
//! `roll 3 faces=20:17 totals=17 expr 1d20`. The nonce is secret until the game
//! master reveals it (or the server seed is revealed), so the commitment gives away
//! nothing about a result with few possible values.

use std::fmt;

use sha2::{Digest, Sha256};

use super::hex;
use super::ledger::Commitment;
use super::stream::{keyed_hmac, update_length_prefixed};
use hmac::Mac;

/// Domain separation tag for sealed-roll nonces.
const SEALED_DOMAIN: &[u8] = b"rookery-sealed-v1";

/// The secret nonce of sealed roll `index` of ledger `ledger_id`.
pub(crate) fn nonce(seed: &[u8; 32], ledger_id: &str, index: u64) -> [u8; 32] {
    let mut mac = keyed_hmac(seed);
    mac.update(SEALED_DOMAIN);
    update_length_prefixed(&mut mac, ledger_id.as_bytes());
    mac.update(&index.to_be_bytes());
    mac.finalize().into_bytes().into()
}

/// The public commitment to a sealed roll's `body`.
pub(crate) fn commitment(nonce: &[u8; 32], body: &str) -> Commitment {
    let mut hasher = Sha256::new();
    hasher.update(nonce);
    hasher.update(body.as_bytes());
    Commitment::from_bytes(hasher.finalize().into())
}

/// What a game master publishes to open one sealed roll before the ledger's seed is
/// revealed: the nonce and the roll's transcript line. Anybody can then check it
/// against the commitment published when the roll was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SealedReveal {
    /// The roll's index in its ledger.
    pub index: u64,
    /// The roll's secret nonce.
    pub nonce: [u8; 32],
    /// The roll's transcript line without the `sealed=` field.
    pub body: String,
}

impl SealedReveal {
    /// Whether this reveal opens the `published` commitment.
    pub fn opens(&self, published: &Commitment) -> bool {
        commitment(&self.nonce, &self.body) == *published
    }
}

impl fmt::Display for SealedReveal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "sealed roll {} nonce={} {}", self.index, hex::encode(&self.nonce), self.body)
    }
}
