//! What a turn's dice grant the side to move: a small typed set of grants whose
//! meanings each variant names (Luck Dragon: king as knight, king as dragon, wrap).
//! The core only stores, hashes nothing of and clears the set; the variant's rules
//! read it when they generate or gate moves.

use std::ops::{BitOr, BitOrAssign};

/// One grant a variant defines, as a bit of a [`Grants`] set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Grant(u8);

impl Grant {
    /// The variant's grant number `bit` (0..32).
    pub const fn new(bit: u8) -> Grant {
        assert!(bit < 32, "a grant is one of 32 bits");
        Grant(bit)
    }
}

/// The set of grants the side to move holds for this turn only.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Grants(u32);

impl Grants {
    pub const NONE: Grants = Grants(0);

    pub const fn with(self, grant: Grant) -> Grants {
        Grants(self.0 | 1 << grant.0)
    }

    pub const fn contains(self, grant: Grant) -> bool {
        self.0 & 1 << grant.0 != 0
    }

    /// The set as bits, grant `n` as bit `n`: for hashing it.
    pub const fn bits(self) -> u32 {
        self.0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the two sets share a grant.
    #[inline]
    pub const fn intersects(self, other: Grants) -> bool {
        self.0 & other.0 != 0
    }

    /// The grants in either set.
    pub const fn union(self, other: Grants) -> Grants {
        Grants(self.0 | other.0)
    }
}

impl From<Grant> for Grants {
    fn from(grant: Grant) -> Grants {
        Grants::NONE.with(grant)
    }
}

impl BitOr<Grant> for Grants {
    type Output = Grants;
    fn bitor(self, grant: Grant) -> Grants {
        self.with(grant)
    }
}

impl BitOrAssign<Grant> for Grants {
    fn bitor_assign(&mut self, grant: Grant) {
        *self = self.with(grant);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_exactly_what_was_granted() {
        const A: Grant = Grant::new(0);
        const B: Grant = Grant::new(31);
        let set = Grants::NONE | B;
        assert!(set.contains(B) && !set.contains(A) && !set.is_empty());
        assert!(Grants::NONE.is_empty());
        assert_eq!(Grants::from(A) | B, Grants::NONE.with(B).with(A));
    }
}
