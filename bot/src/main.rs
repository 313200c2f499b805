//! `rookery`: the Discord bot, its local console and the command-line tools.

use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand};
use rookery::tools;

#[derive(Parser, Debug)]
#[command(name = "rookery", version, about = "Chess variants and fair dice for Discord communities")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal move tree (a move-generator check).
    Perft {
        #[command(flatten)]
        setup: tools::Setup,
        #[arg(long)]
        depth: u32,
        /// One `MOVE COUNT` line per root move before the total.
        #[arg(long)]
        divide: bool,
    },
    /// List every legal move in canonical notation, sorted.
    Moves {
        #[command(flatten)]
        setup: tools::Setup,
    },
    /// Print the position text after the given moves.
    Fen {
        #[command(flatten)]
        setup: tools::Setup,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // The whole chain, one line, no backtrace: these are user errors.
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    let output = match &cli.command {
        Command::Perft { setup, depth, divide } => tools::perft(setup, *depth, *divide)?,
        Command::Moves { setup } => tools::moves(setup)?,
        Command::Fen { setup } => tools::fen(setup)?,
    };
    print!("{output}");
    Ok(())
}
