//! The dice commands of the command line: `rookery roll "EXPR" [--seed HEX]` and
//! `rookery verify TRANSCRIPT`. They return text so that `main` only parses
//! arguments and prints.

use anyhow::Context;
use rookery_dice::{self as dice, Dialect, Ledger, LedgerError, LedgerId, ServerSeed, Transcript};

/// What `rookery roll` made: the results for people and the revealed transcript.
pub struct RollOutput {
    /// The results as the bot would post them (Discord markdown), or why the roll
    /// failed after its dice were drawn.
    shown: String,
    /// The ledger's commitment and revealed seed, as hex.
    commitment: String,
    seed: String,
    /// The revealed transcript: the roll is its `roll 0`.
    transcript: String,
    /// Why the roll failed to evaluate, when it did; it is on the ledger all the same.
    pub failure: Option<String>,
}

impl RollOutput {
    /// The whole output: the results and the proof as `#` lines, which a transcript
    /// ignores, then the transcript, so the output verifies as it is
    /// (`rookery roll … > f.txt; rookery verify f.txt`). `plain` turns the
    /// results' markdown into terminal text.
    pub fn text(&self, plain: impl Fn(&str) -> String) -> String {
        let mut out = String::new();
        for line in plain(&self.shown).lines() {
            out.push_str(&format!("# {line}\n"));
        }
        out.push_str(&format!("# commitment: {}\n# seed: {}\n", self.commitment, self.seed));
        out.push_str("# The revealed transcript follows; `rookery verify FILE` checks this whole output as it is.\n");
        out.push_str(&self.transcript);
        out
    }

    /// The revealed transcript alone.
    pub fn transcript(&self) -> &str {
        &self.transcript
    }
}

/// Rolls `expr`, read in `dialect` (a dialect the line names itself wins), as the
/// only roll of a fresh ledger, and reveals the ledger so that the roll can be
/// checked with [`verify`].
///
/// With `seed_hex` (64 hexadecimal digits) the roll is reproducible; without it the
/// seed comes from the operating system. A line that parses but fails to evaluate
/// (`1d6/0`) has drawn its dice: it is returned with its transcript and `failure` set.
///
/// # Errors
/// A malformed seed, invalid notation (the message points at the problem; nothing is
/// rolled), or no randomness from the operating system.
pub fn roll(expr: &str, seed_hex: Option<&str>, dialect: Dialect) -> anyhow::Result<RollOutput> {
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
    let (shown, failure) = match ledger.roll_notation(&dialect.tag(expr)) {
        Ok(rolled) => (dice::render(&rolled.results), None),
        Err(LedgerError::RollFailed { error, .. }) => {
            let why = format!("the roll failed: {error}");
            let shown = format!("{why}\nIts dice were drawn, so it stays on the ledger as a failed roll.");
            (shown, Some(error.kind().to_string()))
        }
        Err(error) => return Err(error.into()),
    };
    let commitment = ledger.commitment().to_string();
    let transcript = ledger.reveal();
    let seed = transcript.seed.as_ref().map(ServerSeed::to_hex).unwrap_or_default();
    Ok(RollOutput { shown, commitment, seed, transcript: transcript.to_string(), failure })
}

/// Checks a transcript: returns the report and whether everything matched.
///
/// # Errors
/// When the text is not a readable transcript.
pub fn verify(transcript_text: &str) -> anyhow::Result<(String, bool)> {
    verify_against(transcript_text, None)
}

/// [`verify`], and when `reveal_chain` is given (the chain of the ledger's reveal
/// post: 64 hex digits, or a prefix of at least 8), the transcript's lines must
/// end on it, so a transcript cut or edited after the fact fails even when its
/// own `chain` line was rewritten to suit.
///
/// # Errors
/// When the text is not a readable transcript, or `reveal_chain` is not hex.
pub fn verify_against(transcript_text: &str, reveal_chain: Option<&str>) -> anyhow::Result<(String, bool)> {
    let transcript: Transcript = transcript_text.parse().context("this is not a valid Rookery dice transcript")?;
    let report = dice::verify(&transcript);
    let mut text = report.to_string();
    let mut ok = report.all_ok();
    if let Some(expected) = reveal_chain {
        let expected = expected.trim().to_ascii_lowercase();
        anyhow::ensure!(
            (8..=64).contains(&expected.len()) && expected.chars().all(|c| c.is_ascii_hexdigit()),
            "--chain takes the chain from the reveal post: 8 to 64 hexadecimal digits"
        );
        let computed = report.chain.recomputed;
        if computed.value.to_string().starts_with(&expected) {
            text.push_str(&format!("\nThe chain matches the reveal post: {}.", computed.summary()));
        } else {
            ok = false;
            text.push_str(&format!(
                "\nThe chain does NOT match the reveal post: the post gave {expected}, these lines give {}. \
                 Rolls were cut or edited after the fact: NOT VERIFIED",
                computed.summary()
            ));
        }
    }
    Ok((text, ok))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

    fn output(expr: &str, seed: Option<&str>, dialect: Dialect) -> String {
        roll(expr, seed, dialect).unwrap().text(str::to_owned)
    }

    #[test]
    fn seeded_rolls_are_reproducible_and_verify_as_printed() {
        let printed = output("4d6kh3 # strength", Some(SEED), Dialect::Rookery);
        assert_eq!(printed, output("4d6kh3 # strength", Some(SEED), Dialect::Rookery));
        assert!(printed.starts_with("# strength: 4d6kh3 ("), "{printed}");
        assert!(printed.contains(&format!("\n# seed: {SEED}\n")));
        let (report, ok) = verify(&printed).unwrap();
        assert!(ok, "{report}");
    }

    #[test]
    fn fresh_seeds_differ_and_verify() {
        let first = roll("1d1000000", None, Dialect::Rookery).unwrap();
        let second = roll("1d1000000", None, Dialect::Rookery).unwrap();
        assert_ne!(first.transcript(), second.transcript());
        assert!(verify(first.transcript()).unwrap().1);
    }

    #[test]
    fn the_dialect_is_recorded_in_the_transcript() {
        let rolled = roll("4d6 k3 ! str", Some(SEED), Dialect::Maiden).unwrap();
        assert!(rolled.transcript().contains(" expr maiden: 4d6 k3 ! str\n"), "{}", rolled.transcript());
        assert!(verify(rolled.transcript()).unwrap().1);
        let named = roll("avrae: 4d6k3", Some(SEED), Dialect::Maiden).unwrap();
        assert!(named.transcript().contains(" expr avrae: 4d6k3\n"));
    }

    #[test]
    fn a_failed_roll_still_has_its_transcript() {
        let rolled = roll("1d6/0", Some(SEED), Dialect::Rookery).unwrap();
        assert_eq!(rolled.failure.as_deref(), Some("division by zero"));
        assert!(rolled.transcript().contains(" failed expr 1d6/0\n"), "{}", rolled.transcript());
        let printed = rolled.text(str::to_owned);
        assert!(printed.starts_with("# the roll failed: division by zero"), "{printed}");
        assert!(verify(&printed).unwrap().1);
    }

    #[test]
    fn tampering_is_reported() {
        let printed = output("1d20", Some(SEED), Dialect::Rookery);
        let (report, ok) = verify(&printed.replace("expr 1d20", "expr 1d20+1")).unwrap();
        assert!(!ok);
        assert!(report.contains("result differs"), "{report}");
    }

    #[test]
    fn bad_input_is_a_friendly_error() {
        let error = roll("1d20", Some("abc"), Dialect::Rookery).err().unwrap();
        assert!(format!("{error:#}").starts_with("the seed must be 64 hexadecimal digits"));
        let error = roll("4d6z", Some(SEED), Dialect::Rookery).err().unwrap();
        assert!(error.to_string().contains("unknown modifier \"z\" (column 4)"));
        assert!(verify("not a transcript").is_err());
    }
}
