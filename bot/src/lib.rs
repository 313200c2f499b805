//! Rookery's front ends: the command core every front end shares, the Discord
//! adapter, the local console, the scheduler and the command-line tools. The
//! `rookery` binary (`main.rs`) only wires these together.

pub mod admin;
pub mod bench;
pub mod config;
pub mod console;
pub mod control;
pub mod core;
pub mod dice_cli;
pub mod dice_turns;
pub mod discord;
pub mod flag_bench;
pub mod load;
pub mod picture;
pub mod plain;
pub mod ply_bench;
pub mod puzzles_cli;
pub mod replay;
pub mod restore;
pub mod secret_cli;
pub mod tool_moves;
pub mod tools;
pub mod words;
