//! Rookery's front ends: the command core every front end shares, the Discord
//! adapter, the local console, the scheduler and the command-line tools. The
//! `rookery` binary (`main.rs`) only wires these together.

pub mod bench;
pub mod cli;
pub mod config;
pub mod console;
pub mod control;
pub mod core;
pub mod discord;
pub mod legend;
pub mod picture;
pub mod plain;
pub mod replay;
pub mod restore;
pub mod telemetry;
pub mod uci;
pub mod words;
