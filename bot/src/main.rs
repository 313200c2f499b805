//! `rookery`: the Discord bot, its local console and the command-line tools.

use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use rookery::{dice_cli, tools};

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
    /// Roll dice notation on a fresh provably fair ledger and print the proof.
    Roll {
        /// Dice notation, for example "4d6kh3" or "1d20+5 # stealth".
        expression: String,
        /// A 64-digit hex server seed, to reproduce a roll.
        #[arg(long)]
        seed: Option<String>,
    },
    /// Re-derive every roll of a revealed ledger transcript and report mismatches.
    Verify {
        /// The transcript file.
        transcript: std::path::PathBuf,
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
        Command::Roll { expression, seed } => format!("{}\n", dice_cli::roll(expression, seed.as_deref())?),
        Command::Verify { transcript } => {
            let text =
                std::fs::read_to_string(transcript).with_context(|| format!("reading {}", transcript.display()))?;
            let (report, ok) = dice_cli::verify(&text)?;
            println!("{report}");
            anyhow::ensure!(ok, "the transcript does not verify");
            return Ok(());
        }
    };
    print!("{output}");
    Ok(())
}
