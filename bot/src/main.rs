mod dice_cli;

/// Temporary wiring of the dice commands until the command line is built with clap:
/// `rookery roll EXPR [SEED_HEX]` and `rookery verify TRANSCRIPT_FILE`.
fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["roll", expr] => println!("{}", dice_cli::roll(expr, None)?),
        ["roll", expr, seed] => println!("{}", dice_cli::roll(expr, Some(seed))?),
        ["verify", path] => {
            let (report, ok) = dice_cli::verify(&std::fs::read_to_string(path)?)?;
            println!("{report}");
            anyhow::ensure!(ok, "the transcript does not verify");
        }
        _ => {}
    }
    Ok(())
}
