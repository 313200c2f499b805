//! Swiss events paired by the FIDE Dutch system.

pub mod colour;
pub mod dutch;
mod event;
mod order;
pub mod tiebreak;

pub use event::{Entrant, Game, LateEntry, Round, SwissConfig, SwissError, SwissEvent};
pub use tiebreak::{standings, Standing, TieBreak};
