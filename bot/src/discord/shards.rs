//! Which of Discord's gateway shards this process runs.
//!
//! Discord splits a bot's servers over `total` shards: server `g` belongs to
//! shard `(g >> 22) % total`, and direct messages to shard 0. Several
//! processes (on several machines) each run a block of consecutive shards and
//! together run them all; every channel's events reach the one process holding
//! its server's shard. Work that belongs to no channel in particular (slash
//! command registration, the clocks, the daily puzzles) is done once, by the
//! process whose block holds shard 0. docs/scaling.md explains the layout.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The most shards Rookery accepts; Discord's own largest bots run a few thousand.
pub const MAX_SHARDS: u32 = 65_536;

/// The shards `first..=last` of `total`, run by this process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardBlock {
    first: u32,
    last: u32,
    total: u32,
}

/// Why a shard block is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardBlockError {
    #[error("`{0}` is not a shard block: write one shard (`3`) or a range (`0-3`)")]
    Malformed(String),
    #[error("the first shard ({first}) comes after the last ({last})")]
    Backwards { first: u32, last: u32 },
    #[error("shard {last} does not exist when there are {total} shards (they are numbered 0 to {})", total - 1)]
    Beyond { last: u32, total: u32 },
    #[error("there must be between 1 and {MAX_SHARDS} shards in all, not {0}")]
    Total(u32),
}

impl ShardBlock {
    /// Every shard, run by one process: the default.
    pub const ALL_OF_ONE: ShardBlock = ShardBlock { first: 0, last: 0, total: 1 };

    /// The block `shards` (as `--shards` writes it: `0-3` or `5`) of `total`.
    pub fn new(shards: RangeInclusive<u32>, total: u32) -> Result<ShardBlock, ShardBlockError> {
        let (first, last) = shards.into_inner();
        if total == 0 || total > MAX_SHARDS {
            return Err(ShardBlockError::Total(total));
        }
        if first > last {
            return Err(ShardBlockError::Backwards { first, last });
        }
        if last >= total {
            return Err(ShardBlockError::Beyond { last, total });
        }
        Ok(ShardBlock { first, last, total })
    }

    /// The shard ids as serenity's `start_shard_range` takes them: despite
    /// the `Range` type it counts the end in (it starts `end - start + 1`
    /// shards), so `first..last`. One more would start a shard beyond the
    /// block, or beyond the total, which Discord refuses.
    pub fn range(self) -> std::ops::Range<u32> {
        self.first..self.last
    }

    /// How many shards this process runs.
    pub fn count(self) -> usize {
        (self.last - self.first) as usize + 1
    }

    pub fn total(self) -> u32 {
        self.total
    }

    /// Whether this process registers the commands and runs the schedulers:
    /// the one holding shard 0, which also receives direct messages.
    pub fn coordinates(self) -> bool {
        self.first == 0
    }
}

/// A range of shard ids as `--shards` takes it: `0-3`, or one shard `5`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardRange(pub RangeInclusive<u32>);

impl FromStr for ShardRange {
    type Err = ShardBlockError;

    fn from_str(text: &str) -> Result<ShardRange, ShardBlockError> {
        let malformed = || ShardBlockError::Malformed(text.to_owned());
        let number = |part: &str| part.trim().parse::<u32>().map_err(|_| malformed());
        match text.split_once('-') {
            Some((first, last)) => Ok(ShardRange(number(first)?..=number(last)?)),
            None => {
                let only = number(text)?;
                Ok(ShardRange(only..=only))
            }
        }
    }
}

impl fmt::Display for ShardBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shards {}-{} of {}", self.first, self.last, self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(text: &str, total: u32) -> Result<ShardBlock, ShardBlockError> {
        ShardBlock::new(text.parse::<ShardRange>()?.0, total)
    }

    #[test]
    fn blocks_are_read_as_written() {
        assert_eq!(block("0-3", 16).unwrap().range(), 0..3);
        assert_eq!(block("0-3", 16).unwrap().count(), 4);
        assert_eq!(block("5", 16).unwrap().range(), 5..5);
        assert_eq!(block("5", 16).unwrap().count(), 1);
        assert_eq!(block(" 2 - 2 ", 4).unwrap().range(), 2..2);
        assert_eq!(ShardBlock::ALL_OF_ONE.range(), 0..0, "one process, one shard: shard 0 only");
        assert!(block("0-3", 16).unwrap().coordinates());
        assert!(!block("4-7", 16).unwrap().coordinates());
    }

    #[test]
    fn impossible_blocks_are_refused_with_the_reason() {
        assert_eq!(block("3-1", 4), Err(ShardBlockError::Backwards { first: 3, last: 1 }));
        assert_eq!(block("0-4", 4), Err(ShardBlockError::Beyond { last: 4, total: 4 }));
        assert_eq!(block("0", 0), Err(ShardBlockError::Total(0)));
        assert!(matches!(block("a-b", 4), Err(ShardBlockError::Malformed(_))));
        assert!(matches!(block("", 4), Err(ShardBlockError::Malformed(_))));
        assert_eq!(
            block("0-4", 4).unwrap_err().to_string(),
            "shard 4 does not exist when there are 4 shards (they are numbered 0 to 3)"
        );
    }
}
