//! A fixed-size transposition table: one entry per slot, the newest wins.

pub(super) struct Table<T> {
    slots: Vec<Option<(u64, T)>>,
    mask: usize,
}

impl<T: Copy> Table<T> {
    /// A table of `2^bits` slots.
    pub(super) fn with_bits(bits: u32) -> Table<T> {
        let size = 1usize << bits;
        Table { slots: vec![None; size], mask: size - 1 }
    }

    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<T> {
        match self.slots[key as usize & self.mask] {
            Some((stored, value)) if stored == key => Some(value),
            _ => None,
        }
    }

    #[inline]
    pub(super) fn put(&mut self, key: u64, value: T) {
        self.slots[key as usize & self.mask] = Some((key, value));
    }
}
