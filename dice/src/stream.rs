//! The keyed stream that turns a committed server seed into faces.
//!
//! For roll `index` of a ledger, block `counter` of the stream is
//!
//! ```text
//! HMAC-SHA256(key = server seed,
//!             "rookery-dice-v1" ‖ u32be(len id) ‖ id
//!             ‖ u32be(number of player seeds) ‖ for each: u32be(len) ‖ seed
//!             ‖ u64be(index) ‖ u32be(counter))
//! ```
//!
//! Blocks 0, 1, 2, … are cut into big-endian `u32` words, which are turned into
//! faces by rejection sampling. `docs/fairness.md` is the normative description.

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::{DieSource, LedgerId, ServerSeed};

pub(crate) type HmacSha256 = Hmac<Sha256>;

/// Domain separation tag that starts every face-stream message.
const ROLL_DOMAIN: &[u8] = b"rookery-dice-v1";
/// Tag before a roll's public entropy, which follows the counter.
const ENTROPY_TAG: &[u8] = b"entropy";

/// An HMAC keyed with the server seed. HMAC-SHA256 accepts keys of any length,
/// so keying cannot fail.
pub(crate) fn keyed_hmac(seed: &[u8; 32]) -> HmacSha256 {
    match <HmacSha256 as Mac>::new_from_slice(seed) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC takes keys of every length"),
    }
}

/// Feeds `bytes` to `mac` preceded by its length as a big-endian `u32`.
pub(crate) fn update_length_prefixed(mac: &mut HmacSha256, bytes: &[u8]) {
    // Ledger ids and player seeds are validated to be far shorter than 4 GiB.
    let len = u32::try_from(bytes.len()).unwrap_or(u32::MAX);
    mac.update(&len.to_be_bytes());
    mac.update(bytes);
}

/// The per-ledger part of the face stream: the server seed as HMAC key, with
/// everything that is the same for every roll of the ledger already absorbed, so
/// each block costs only the index, the counter and the HMAC finalisation.
#[derive(Clone)]
pub(crate) struct StreamKey {
    prefixed: HmacSha256,
}

impl StreamKey {
    /// `player_seeds` must already be in canonical (sorted) order.
    pub(crate) fn new(seed: &[u8; 32], ledger_id: &str, player_seeds: &[String]) -> Self {
        let mut mac = keyed_hmac(seed);
        mac.update(ROLL_DOMAIN);
        update_length_prefixed(&mut mac, ledger_id.as_bytes());
        let count = u32::try_from(player_seeds.len()).unwrap_or(u32::MAX);
        mac.update(&count.to_be_bytes());
        for player_seed in player_seeds {
            update_length_prefixed(&mut mac, player_seed.as_bytes());
        }
        StreamKey { prefixed: mac }
    }

    /// Block `counter` of roll `index`.
    pub(crate) fn block(&self, index: u64, counter: u32) -> [u8; 32] {
        self.block_with(index, counter, None)
    }

    /// Block `counter` of roll `index` with the roll's public `entropy`, if any:
    /// `"entropy" ‖ u32be(len) ‖ entropy` after the counter. Without entropy the
    /// message is exactly the v1 message, so earlier rolls derive as before.
    pub(crate) fn block_with(&self, index: u64, counter: u32, entropy: Option<&str>) -> [u8; 32] {
        let mut mac = self.prefixed.clone();
        mac.update(&index.to_be_bytes());
        mac.update(&counter.to_be_bytes());
        if let Some(entropy) = entropy {
            mac.update(ENTROPY_TAG);
            update_length_prefixed(&mut mac, entropy.as_bytes());
        }
        mac.finalize().into_bytes().into()
    }

    /// The faces of roll `index`.
    pub(crate) fn stream(&self, index: u64) -> RollStream<'_> {
        self.stream_with(index, None)
    }

    /// The faces of roll `index` mixed with its public `entropy`.
    pub(crate) fn stream_with<'a>(&'a self, index: u64, entropy: Option<&'a str>) -> RollStream<'a> {
        RollStream { key: self, index, entropy, counter: 0, block: [0; 32], next_word: WORDS_PER_BLOCK }
    }
}

/// Block `counter` of roll `index` of a ledger, exactly as `docs/fairness.md`
/// specifies it (player seeds are put in canonical order here). The ledger and
/// [`verify`](super::verify) use the same derivation internally; this function is for
/// people re-implementing the check who want to compare one step at a time.
pub fn derivation_block(
    seed: &ServerSeed,
    ledger_id: &LedgerId,
    player_seeds: &[String],
    index: u64,
    counter: u32,
) -> [u8; 32] {
    StreamKey::new(seed.bytes(), ledger_id.as_str(), &canonical_order(player_seeds)).block(index, counter)
}

/// [`derivation_block`] for a roll with public entropy.
pub fn derivation_block_with_entropy(
    seed: &ServerSeed,
    ledger_id: &LedgerId,
    player_seeds: &[String],
    index: u64,
    counter: u32,
    entropy: &str,
) -> [u8; 32] {
    StreamKey::new(seed.bytes(), ledger_id.as_str(), &canonical_order(player_seeds)).block_with(
        index,
        counter,
        Some(entropy),
    )
}

/// Player seeds in the canonical order of the derivation: ascending by their UTF-8
/// bytes.
pub(crate) fn canonical_order(player_seeds: &[String]) -> Vec<String> {
    let mut sorted = player_seeds.to_vec();
    sorted.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    sorted
}

/// Keeps the keyed state (equivalent to the seed) out of logs.
impl std::fmt::Debug for StreamKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StreamKey(<secret>)")
    }
}

const WORDS_PER_BLOCK: usize = 8;

/// The words of one roll's stream, consumed as faces.
pub(crate) struct RollStream<'a> {
    key: &'a StreamKey,
    index: u64,
    entropy: Option<&'a str>,
    /// The counter of the next block to compute.
    counter: u32,
    block: [u8; 32],
    /// The next unused word of `block`; `WORDS_PER_BLOCK` when it is used up.
    next_word: usize,
}

impl RollStream<'_> {
    fn word(&mut self) -> u32 {
        if self.next_word == WORDS_PER_BLOCK {
            self.block = self.key.block_with(self.index, self.counter, self.entropy);
            self.counter = self.counter.wrapping_add(1);
            self.next_word = 0;
        }
        let at = self.next_word * 4;
        self.next_word += 1;
        u32::from_be_bytes([self.block[at], self.block[at + 1], self.block[at + 2], self.block[at + 3]])
    }
}

impl DieSource for RollStream<'_> {
    /// Rejection sampling: words at or above the largest multiple of `sides` below
    /// 2^32 are skipped, so every face is exactly equally likely.
    fn roll(&mut self, sides: u32) -> u32 {
        let sides = u64::from(sides.max(1));
        let accept_below = (1u64 << 32) - (1u64 << 32) % sides;
        loop {
            let word = u64::from(self.word());
            if word < accept_below {
                // The remainder is below `sides`, which came from a u32.
                return (word % sides) as u32 + 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of roll `index`, read straight from the blocks.
    fn words(key: &StreamKey, index: u64) -> impl Iterator<Item = u32> + '_ {
        (0u32..).flat_map(move |counter| {
            let block = key.block(index, counter);
            (0..WORDS_PER_BLOCK)
                .map(move |i| u32::from_be_bytes([block[4 * i], block[4 * i + 1], block[4 * i + 2], block[4 * i + 3]]))
        })
    }

    #[test]
    fn rejection_sampling_skips_words_in_the_biased_tail() {
        let key = StreamKey::new(&[3; 32], "stream-test", &["p".to_owned()]);
        // With 3e9 sides, 2^32 mod n = 1_294_967_296, so about 30% of words are
        // rejected: plenty of rejections to check across several blocks.
        let sides: u32 = 3_000_000_000;
        let accept_below = (1u64 << 32) - (1u64 << 32) % u64::from(sides);
        let mut stream = key.stream(7);
        let mut reference = words(&key, 7);
        let mut rejected = 0;
        for _ in 0..100 {
            let expected = loop {
                let word = u64::from(reference.next().unwrap());
                if word < accept_below {
                    break (word % u64::from(sides)) as u32 + 1;
                }
                rejected += 1;
            };
            assert_eq!(stream.roll(sides), expected);
        }
        assert!(rejected > 10, "only {rejected} words were rejected");
    }

    #[test]
    fn powers_of_two_use_every_word() {
        let key = StreamKey::new(&[4; 32], "stream-test", &[]);
        let mut stream = key.stream(0);
        let expected: Vec<u32> = words(&key, 0).take(20).map(|w| (w % 8) + 1).collect();
        let faces: Vec<u32> = (0..20).map(|_| stream.roll(8)).collect();
        assert_eq!(faces, expected);
        assert_eq!(key.stream(0).roll(1), 1);
    }
}
