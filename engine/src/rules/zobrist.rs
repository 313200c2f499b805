//! Random keys for hashing positions incrementally: a key per piece on a
//! cell, side to move, castling right, en-passant target, mark, hand count
//! and immune piece.

use crate::color::Color;
use crate::geometry::Square;
use crate::piece::Kind;
use crate::position::Marks;
use crate::splitmix::SplitMix64;
use crate::squareset::SquareSet;

/// Random keys for incremental position hashing (repetition detection).
#[derive(Clone, Debug)]
pub struct Zobrist {
    kinds: usize,
    pieces: Vec<u64>,
    pub side: u64,
    castling: [u64; 8],
    en_passant: Vec<u64>,
    /// Unmoved cells, then tagged cells (see [`Marks`]).
    marks: Vec<u64>,
    mark_flags: [u64; 8],
    /// By (side, kind, count - 1): a hand holding that many.
    hands: Vec<u64>,
    /// By cell: an immune piece there.
    immune: Vec<u64>,
}

/// Hand counts with keys of their own; larger counts share the last key.
const HAND_COUNTS: usize = 64;

impl Zobrist {
    pub(super) fn new(kinds: usize, cells: usize) -> Zobrist {
        // A fixed seed: the same keys on every run, so hashes stored in a game
        // record stay meaningful.
        let mut rng = SplitMix64::new(0x5eed_0fc0_ffee);
        let mut next = move || rng.next_u64();
        Zobrist {
            kinds,
            pieces: (0..2 * kinds * cells).map(|_| next()).collect(),
            side: next(),
            castling: std::array::from_fn(|_| next()),
            en_passant: (0..cells).map(|_| next()).collect(),
            // Drawn after the older keys, which therefore stay what they were.
            marks: (0..2 * cells).map(|_| next()).collect(),
            mark_flags: std::array::from_fn(|_| next()),
            hands: (0..2 * kinds * HAND_COUNTS).map(|_| next()).collect(),
            immune: (0..cells).map(|_| next()).collect(),
        }
    }

    #[inline]
    pub fn piece(&self, color: Color, kind: Kind, square: Square, cells: usize) -> u64 {
        self.pieces[(color.index() * self.kinds + kind.0 as usize) * cells + square.index()]
    }

    pub fn castling(&self, rights: u8) -> u64 {
        (0..8).filter(|b| rights >> b & 1 != 0).fold(0, |h, b| h ^ self.castling[b])
    }

    /// The key of `color` holding `count` pieces of `kind` (none: no key, so
    /// empty hands leave hashes as they were before hands existed).
    #[inline]
    pub fn hand(&self, color: Color, kind: Kind, count: u8) -> u64 {
        match count {
            0 => 0,
            n => {
                self.hands[(color.index() * self.kinds + kind.0 as usize) * HAND_COUNTS
                    + (n as usize - 1).min(HAND_COUNTS - 1)]
            }
        }
    }

    /// The hash difference between two sets of immune pieces.
    pub fn immunity_change(&self, before: &SquareSet, after: &SquareSet) -> u64 {
        (*before ^ *after).iter().fold(0, |h, square| h ^ self.immune[square.index()])
    }

    pub fn en_passant(&self, target: Square) -> u64 {
        self.en_passant[target.index()]
    }

    /// The hash difference between two states of the marks: only what changed
    /// is looked up, which after most moves is nothing.
    pub fn marks_change(&self, before: &Marks, after: &Marks) -> u64 {
        if before == after {
            return 0;
        }
        let cells = self.en_passant.len();
        let mut h = 0;
        for square in (before.unmoved ^ after.unmoved).iter() {
            h ^= self.marks[square.index()];
        }
        for square in (before.tagged ^ after.tagged).iter() {
            h ^= self.marks[cells + square.index()];
        }
        let flags = before.flags ^ after.flags;
        (0..8).filter(|b| flags >> b & 1 != 0).fold(h, |h, b| h ^ self.mark_flags[b])
    }
}
