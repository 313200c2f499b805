//! Rookery's rules engine: geometry, pieces, move generation, notation and dice for
//! every variant Rookery plays. No I/O, no async: callers feed in actions (including
//! the faces of dice they rolled) and read back positions and what may happen next.
pub mod dice;
