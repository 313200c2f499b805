//! The last picture drawn for each recent game, so that the next one can
//! take the codes of the rows no move changed (see [`crate::deflate`]).

use lru::LruCache;

use crate::deflate::Coded;

/// Last pictures by game, least recently drawn out first once they hold
/// more than their budget of bytes.
pub(crate) struct Recent {
    pictures: LruCache<u64, Coded>,
    bytes: usize,
    budget: usize,
}

impl Recent {
    pub fn new(budget: usize) -> Recent {
        Recent { pictures: LruCache::unbounded(), bytes: 0, budget }
    }

    /// The last picture of `game`, taken out while its successor is coded
    /// (so two pictures of one game drawn at once never share it).
    pub fn take(&mut self, game: u64) -> Option<Coded> {
        let coded = self.pictures.pop(&game)?;
        self.bytes -= coded.size();
        Some(coded)
    }

    /// Keeps `coded` as the last picture of `game`.
    pub fn keep(&mut self, game: u64, coded: Coded) {
        if coded.size() > self.budget {
            return;
        }
        self.bytes += coded.size();
        if let Some((_, old)) = self.pictures.push(game, coded) {
            self.bytes -= old.size();
        }
        while self.bytes > self.budget {
            match self.pictures.pop_lru() {
                Some((_, old)) => self.bytes -= old.size(),
                None => break,
            }
        }
    }
}
