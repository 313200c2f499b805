//! Helpers shared by the dice crate's test files.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_dice::DieSource;

/// Dice from a seeded generator, so each case is reproducible from its seed.
pub struct Seeded(StdRng);

impl Seeded {
    pub fn new(seed: u64) -> Seeded {
        Seeded(StdRng::seed_from_u64(seed))
    }
}

impl DieSource for Seeded {
    fn roll(&mut self, sides: u32) -> u32 {
        self.0.random_range(1..=sides)
    }
}
