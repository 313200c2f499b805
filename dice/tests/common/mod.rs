//! Helpers shared by the dice crate's test files.

use rookery_dice::DieSource;

/// A small deterministic generator (SplitMix64), so each case is reproducible from
/// its seed.
pub struct SplitMix(pub u64);

impl DieSource for SplitMix {
    fn roll(&mut self, sides: u32) -> u32 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        // A slight modulo bias is irrelevant here; only the range matters.
        (z % u64::from(sides)) as u32 + 1
    }
}
