//! The command-line tools: rules tools on positions (`perft`, `moves`, `fen`,
//! `render`), dice (`roll`, `verify`), secret choices in a game's PGN,
//! puzzle generation, and the database's export, import, check and migration.

pub mod admin;
pub mod dice;
pub mod dice_turns;
pub mod migrate;
pub mod move_tokens;
pub mod puzzles;
pub mod secret;
pub mod tools;
