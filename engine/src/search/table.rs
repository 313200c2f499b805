//! A fixed-size transposition table: one entry per slot, the newest wins
//! unless the caller says to keep the one there ([`Table::put_unless`]).

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

    /// Stores `value` under `key` unless `keep` says the entry in its slot
    /// (under its own key) is worth more.
    #[inline]
    pub(super) fn put_unless(&mut self, key: u64, value: T, keep: impl FnOnce(u64, &T) -> bool) {
        let slot = &mut self.slots[key as usize & self.mask];
        if !slot.as_ref().is_some_and(|(stored, old)| keep(*stored, old)) {
            *slot = Some((key, value));
        }
    }
}
