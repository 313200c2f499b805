//! The dice commands of the command line: `rookery roll "EXPR" [--seed HEX]` and
//! `rookery verify TRANSCRIPT`. They return text so that `main` only parses
//! arguments and prints.

use anyhow::Context;
use rookery_dice::{self as dice, Ledger, LedgerId, ServerSeed, Transcript};

/// Rolls `expr` as the only roll of a fresh ledger and returns the results followed
/// by the ledger's commitment, seed and revealed transcript, so that the roll can be
/// checked with [`verify`].
///
/// With `seed_hex` (64 hexadecimal digits) the roll is reproducible; without it the
/// seed comes from the operating system.
///
/// # Errors
/// A malformed seed, invalid notation (the message points at the problem), a roll
/// whose evaluation fails, or no randomness from the operating system.
pub fn roll(expr: &str, seed_hex: Option<&str>) -> anyhow::Result<String> {
    let seed = match seed_hex {
        Some(hex) => ServerSeed::from_hex(hex.trim()).context("the seed must be 64 hexadecimal digits (32 bytes)")?,
        None => {
            let mut bytes = [0u8; 32];
            getrandom::fill(&mut bytes)
                .map_err(|error| anyhow::anyhow!("could not get a random seed from the operating system: {error}"))?;
            ServerSeed::from_bytes(bytes)
        }
    };
    let mut ledger = Ledger::new(LedgerId::new("cli")?, seed);
    let results = ledger.roll_notation(expr)?.results;
    let commitment = ledger.commitment();
    let transcript = ledger.reveal();
    let seed = transcript.seed.as_ref().map(ServerSeed::to_hex).unwrap_or_default();
    Ok(format!(
        "{}\n\ncommitment: {commitment}\nseed: {seed}\n\
         transcript (save it and run `rookery verify FILE` to check):\n{transcript}",
        dice::render(&results)
    ))
}

/// Checks a transcript: returns the report and whether everything matched.
///
/// # Errors
/// When the text is not a readable transcript.
pub fn verify(transcript_text: &str) -> anyhow::Result<(String, bool)> {
    let transcript: Transcript = transcript_text.parse().context("this is not a valid Rookery dice transcript")?;
    let report = dice::verify(&transcript);
    Ok((report.to_string(), report.all_ok()))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    /// The transcript part of `roll`'s output.
    fn transcript_of(output: &str) -> &str {
        let start = output.find("rookery-dice-transcript").unwrap();
        &output[start..]
    }

    #[test]
    fn seeded_rolls_are_reproducible_and_verify() {
        let output = roll("4d6kh3 # strength", Some(SEED)).unwrap();
        assert_eq!(output, roll("4d6kh3 # strength", Some(SEED)).unwrap());
        assert!(output.starts_with("strength: 4d6kh3 ("));
        assert!(output.contains(&format!("\nseed: {SEED}\n")));
        let (report, ok) = verify(transcript_of(&output)).unwrap();
        assert!(ok, "{report}");
    }

    #[test]
    fn fresh_seeds_differ_and_verify() {
        let first = roll("1d1000000", None).unwrap();
        let second = roll("1d1000000", None).unwrap();
        assert_ne!(first, second);
        assert!(verify(transcript_of(&first)).unwrap().1);
    }

    #[test]
    fn tampering_is_reported() {
        let output = roll("1d20", Some(SEED)).unwrap();
        let transcript = transcript_of(&output).replace("expr 1d20", "expr 1d20+1");
        let (report, ok) = verify(&transcript).unwrap();
        assert!(!ok);
        assert!(report.contains("result differs"), "{report}");
    }

    #[test]
    fn bad_input_is_a_friendly_error() {
        let error = roll("1d20", Some("abc")).unwrap_err();
        assert!(format!("{error:#}").starts_with("the seed must be 64 hexadecimal digits"));
        let error = roll("4d6z", Some(SEED)).unwrap_err();
        assert!(error.to_string().contains("unknown modifier \"z\" (column 4)"));
        assert!(verify("not a transcript").is_err());
    }
}
