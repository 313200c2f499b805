//! Tournament logic for Rookery, free of I/O: Swiss events paired by the FIDE
//! Dutch system, lichess-style Arenas, tie-breaks and FIDE TRF files.

pub mod arena;
pub mod crosstable;
pub mod matching;
pub mod swiss;
pub mod trf;
mod types;

pub use types::{Colour, GameResult, Outcome, Player, Score};
