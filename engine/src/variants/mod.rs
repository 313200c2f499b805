//! One module per variant: each builds its [`Rules`](crate::rules::Rules) from
//! data and keeps its special rules to itself.

pub mod chess;
pub mod dicelanding;
pub mod dragonchess;
pub mod guardener;
pub mod luckdragon;
pub mod newchess;
