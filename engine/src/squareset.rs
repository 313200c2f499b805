//! A fixed-size bitset of squares, wide enough for the largest board (Dragonchess's
//! 288 cells). Iteration skips empty words, so small boards pay little for the width.

use crate::geometry::Square;

const WORDS: usize = 5;

/// The largest box any geometry may have.
pub const MAX_CELLS: usize = WORDS * 64;

#[derive(Clone, Copy, Debug, Default, Eq)]
pub struct SquareSet([u64; WORDS]);

/// Word by word without a branch (the derived comparison calls `memcmp`,
/// which dominates a move's bookkeeping in games with marks).
impl PartialEq for SquareSet {
    #[inline]
    fn eq(&self, other: &SquareSet) -> bool {
        self.0.iter().zip(other.0).fold(0, |differ, (a, b)| differ | (a ^ b)) == 0
    }
}

impl std::hash::Hash for SquareSet {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl SquareSet {
    pub const EMPTY: SquareSet = SquareSet([0; WORDS]);

    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        let i = sq.index();
        self.0[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] |= 1 << (i & 63);
    }

    #[inline]
    pub fn remove(&mut self, sq: Square) {
        let i = sq.index();
        self.0[i >> 6] &= !(1 << (i & 63));
    }

    /// Cells 0 to 63 as bits (the whole set on a board of at most 64 cells).
    #[inline]
    pub fn first_word(&self) -> u64 {
        self.0[0]
    }

    /// The set of cells 0 to 63 given as bits.
    #[inline]
    pub fn from_first_word(word: u64) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        set.0[0] = word;
        set
    }

    /// The set's one cell: `None` when it is empty or has several.
    #[inline]
    pub fn lone(&self) -> Option<Square> {
        let mut words = self.0.iter().enumerate().filter(|(_, word)| **word != 0);
        match (words.next(), words.next()) {
            (Some((i, &word)), None) if word & (word - 1) == 0 => {
                Some(Square((i * 64 + word.trailing_zeros() as usize) as u16))
            }
            _ => None,
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        // Or-ed together rather than compared one by one: no branch per word.
        self.0.iter().fold(0, |all, w| all | w) == 0
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// A 64-bit digest of the set, chained on from `seed` (the digest of
    /// another set, to key a pair): for tables keyed by squares, worked out
    /// anew each time in a few instructions a word.
    #[inline]
    pub fn digest(&self, seed: u64) -> u64 {
        let mixed = self.0.iter().fold(seed ^ 0x9e37_79b9_7f4a_7c15, |hash, &word| {
            (hash ^ word).wrapping_mul(0xff51_afd7_ed55_8ccd).rotate_left(31)
        });
        (mixed ^ mixed >> 29).wrapping_mul(0xc4ce_b9fe_1a85_ec53)
    }

    #[inline]
    pub fn iter(&self) -> SquareSetIter {
        SquareSetIter { words: self.0, word: 0 }
    }
}

/// The cells in exactly one of the two sets (what changed between them).
impl std::ops::BitXor for SquareSet {
    type Output = SquareSet;

    #[inline]
    fn bitxor(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] ^ other.0[i]))
    }
}

impl std::ops::BitOr for SquareSet {
    type Output = SquareSet;

    #[inline]
    fn bitor(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }
}

impl std::ops::BitOrAssign for SquareSet {
    #[inline]
    fn bitor_assign(&mut self, other: SquareSet) {
        *self = *self | other;
    }
}

impl std::ops::BitAnd for SquareSet {
    type Output = SquareSet;

    #[inline]
    fn bitand(self, other: SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }
}

/// Every cell of the widest box not in the set (cells a geometry lacks included).
impl std::ops::Not for SquareSet {
    type Output = SquareSet;

    #[inline]
    fn not(self) -> SquareSet {
        SquareSet(self.0.map(|w| !w))
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

pub struct SquareSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Square((self.word * 64 + w.trailing_zeros() as usize) as u16));
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_iterate_remove() {
        let mut set = SquareSet::EMPTY;
        for i in [0u16, 63, 64, 200, 287] {
            set.insert(Square(i));
        }
        assert_eq!(set.iter().map(|s| s.0).collect::<Vec<_>>(), vec![0, 63, 64, 200, 287]);
        set.remove(Square(64));
        assert!(!set.contains(Square(64)));
        assert_eq!(set.len(), 4);
    }

    #[test]
    fn only_a_set_of_one_has_a_lone_cell() {
        assert_eq!(SquareSet::EMPTY.lone(), None);
        for cell in [0u16, 63, 64, 287] {
            let one: SquareSet = [Square(cell)].into_iter().collect();
            assert_eq!(one.lone(), Some(Square(cell)));
        }
        let same_word: SquareSet = [Square(3), Square(9)].into_iter().collect();
        let two_words: SquareSet = [Square(3), Square(200)].into_iter().collect();
        assert_eq!((same_word.lone(), two_words.lone()), (None, None));
    }
}
