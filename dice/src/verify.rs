//! Recomputing a revealed transcript.

use std::fmt;

use super::ledger::{roll_dice_with, roll_notation_with};
use super::stream::{canonical_order, StreamKey};
use super::transcript::{Entry, Transcript};
use super::{sealed, ChainEnd, Face, LedgerId, NotationOutcome, RollRecord, Rolled};

/// What [`verify`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyReport {
    /// The ledger checked.
    pub ledger_id: LedgerId,
    /// Whether the revealed seed hashes to the published commitment; `None` when the
    /// transcript has no seed (then no roll can be checked).
    pub seed_matches_commitment: Option<bool>,
    /// One check per transcript entry, in order (empty when there is no seed).
    pub rolls: Vec<RollCheck>,
    /// The roll chain over the transcript's lines, and what its `chain` line says.
    pub chain: ChainCheck,
}

/// The roll chain of a transcript: what its lines give, and what it claims.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainCheck {
    /// The chain recomputed from the transcript's lines.
    pub recomputed: ChainEnd,
    /// The chain after each roll, in order: the short values of the roll posts.
    pub steps: Vec<ChainEnd>,
    /// The transcript's own `chain` line; `None` for a transcript from before the
    /// chain, whose rolls cannot be shown complete.
    pub recorded: Option<ChainEnd>,
}

impl ChainCheck {
    fn of(transcript: &Transcript) -> Self {
        let start = ChainEnd::start(&transcript.ledger_id, &transcript.commitment);
        let steps: Vec<ChainEnd> = transcript
            .entries
            .iter()
            .scan(start, |chain, entry| {
                *chain = chain.next(&entry.chain_line());
                Some(*chain)
            })
            .collect();
        let recomputed = steps.last().copied().unwrap_or(start);
        ChainCheck { recomputed, steps, recorded: transcript.chain }
    }

    /// False when the transcript's `chain` line disagrees with its rolls.
    pub fn consistent(&self) -> bool {
        self.recorded.is_none_or(|recorded| recorded == self.recomputed)
    }
}

impl VerifyReport {
    /// True when the seed was revealed and matches, and every roll recomputes
    /// exactly as recorded.
    pub fn all_ok(&self) -> bool {
        self.seed_matches_commitment == Some(true)
            && self.chain.consistent()
            && self.rolls.iter().all(|roll| roll.discrepancies.is_empty())
    }
}

/// The check of one roll.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollCheck {
    /// The roll's index as recorded.
    pub index: u64,
    /// Everything that does not match; empty when the roll is confirmed.
    pub discrepancies: Vec<Discrepancy>,
}

/// One way a recorded roll differs from its recomputation.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Discrepancy {
    /// Rolls must be numbered 0, 1, 2, …; a gap or repeat hides or replays a roll.
    IndexOutOfOrder { expected: u64 },
    /// A sealed roll that was never opened, so what it rolled is unknown.
    NeverOpened,
    /// The recorded line is not valid notation, so it cannot have been rolled.
    InvalidNotation(String),
    /// The faces differ.
    Faces { recorded: Vec<Face>, recomputed: Vec<Face> },
    /// The totals (or failure) differ.
    Outcome { recorded: NotationOutcome, recomputed: NotationOutcome },
    /// The sealed commitment does not match the roll.
    Seal,
}

impl fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Discrepancy::IndexOutOfOrder { expected } => {
                write!(f, "out of order: expected roll {expected} here")
            }
            Discrepancy::NeverOpened => f.write_str("sealed roll was never opened"),
            Discrepancy::InvalidNotation(error) => write!(f, "not valid notation: {error}"),
            Discrepancy::Faces { recorded, recomputed } => {
                write!(f, "faces differ: recorded {} but the seed gives {}", faces(recorded), faces(recomputed))
            }
            Discrepancy::Outcome { recorded, recomputed } => {
                write!(f, "result differs: recorded {} but the seed gives {}", outcome(recorded), outcome(recomputed))
            }
            Discrepancy::Seal => f.write_str("sealed commitment does not match the roll"),
        }
    }
}

fn faces(faces: &[Face]) -> String {
    let list: Vec<String> = faces.iter().map(ToString::to_string).collect();
    format!("[{}]", list.join(", "))
}

fn outcome(outcome: &NotationOutcome) -> String {
    match outcome {
        NotationOutcome::Totals(totals) => format!("totals {totals:?}"),
        NotationOutcome::Failed => "an error".to_owned(),
    }
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ledger {}: ", self.ledger_id)?;
        match self.seed_matches_commitment {
            None => return f.write_str("the seed is not revealed yet, so nothing can be checked"),
            Some(true) => writeln!(f, "the revealed seed matches the commitment")?,
            Some(false) => writeln!(f, "the revealed seed does NOT match the commitment")?,
        }
        // People count rolls from #1, the transcript from `roll 0`: both are named.
        for (roll, chain) in self.rolls.iter().zip(&self.chain.steps) {
            let name =
                format!("roll #{} (transcript `roll {}`, chain {})", roll.index + 1, roll.index, chain.value.short());
            if roll.discrepancies.is_empty() {
                writeln!(f, "{name}: ok")?;
            }
            for discrepancy in &roll.discrepancies {
                writeln!(f, "{name}: {discrepancy}")?;
            }
        }
        write_chain(f, &self.chain)?;
        let bad = self.rolls.iter().filter(|r| !r.discrepancies.is_empty()).count();
        let checked = self.rolls.len();
        write!(
            f,
            "{checked} {} checked, {bad} {}: {}",
            if checked == 1 { "roll" } else { "rolls" },
            if bad == 1 { "differs" } else { "differ" },
            if self.all_ok() { "VERIFIED" } else { "NOT VERIFIED" }
        )
    }
}

/// What the report says of the roll chain: the count and value to compare with
/// the reveal post, and whether the transcript's own `chain` line agrees.
fn write_chain(f: &mut fmt::Formatter<'_>, chain: &ChainCheck) -> fmt::Result {
    let computed = chain.recomputed.summary();
    match chain.recorded {
        None => writeln!(
            f,
            "chain: the lines give {computed}, but this transcript has no `chain` line (it was written before \
             the roll chain), so whether rolls were cut or edited cannot be checked from it"
        ),
        Some(recorded) if recorded == chain.recomputed => {
            writeln!(f, "chain: {computed}, as the transcript's `chain` line says; the reveal post must give the same")
        }
        Some(recorded) => writeln!(
            f,
            "chain: the transcript's `chain` line says {} but its lines give {computed}: rolls were cut or \
             edited after the fact",
            recorded.summary()
        ),
    }
}

/// Recomputes every roll of a revealed transcript from its seed, player seeds and
/// ledger id, and reports what differs. Pure: no I/O, no randomness.
pub fn verify(transcript: &Transcript) -> VerifyReport {
    let Some(seed) = &transcript.seed else {
        return VerifyReport {
            ledger_id: transcript.ledger_id.clone(),
            seed_matches_commitment: None,
            rolls: Vec::new(),
            chain: ChainCheck::of(transcript),
        };
    };
    let player_seeds = canonical_order(&transcript.player_seeds);
    let key = StreamKey::new(seed.bytes(), transcript.ledger_id.as_str(), &player_seeds);
    let rolls = transcript
        .entries
        .iter()
        .zip(0u64..)
        .map(|(entry, expected)| {
            let mut discrepancies = Vec::new();
            if entry.index() != expected {
                discrepancies.push(Discrepancy::IndexOutOfOrder { expected });
            }
            match entry {
                Entry::Sealed { .. } => discrepancies.push(Discrepancy::NeverOpened),
                Entry::Roll(record) => {
                    check_roll(&key, seed.bytes(), transcript, record, &mut discrepancies);
                }
            }
            RollCheck { index: entry.index(), discrepancies }
        })
        .collect();
    VerifyReport {
        ledger_id: transcript.ledger_id.clone(),
        seed_matches_commitment: Some(seed.commitment() == transcript.commitment),
        rolls,
        chain: ChainCheck::of(transcript),
    }
}

fn check_roll(
    key: &StreamKey,
    seed: &[u8; 32],
    transcript: &Transcript,
    record: &RollRecord,
    discrepancies: &mut Vec<Discrepancy>,
) {
    let recomputed = match &record.rolled {
        Rolled::Dice(sides) => roll_dice_with(key, record.index, sides),
        Rolled::Notation { line, outcome } => {
            let parsed = match super::parse(line) {
                Ok(parsed) => parsed,
                Err(error) => {
                    discrepancies.push(Discrepancy::InvalidNotation(error.to_string()));
                    return;
                }
            };
            let (faces, results) = roll_notation_with(key, record.index, &parsed, record.entropy.as_deref());
            let recomputed = match results {
                Ok(results) => NotationOutcome::Totals(results.iter().map(|r| r.total).collect()),
                Err(_) => NotationOutcome::Failed,
            };
            if recomputed != *outcome {
                discrepancies.push(Discrepancy::Outcome { recorded: outcome.clone(), recomputed });
            }
            faces
        }
    };
    if recomputed != record.faces {
        discrepancies.push(Discrepancy::Faces { recorded: record.faces.clone(), recomputed });
    }
    if let Some(published) = record.sealed {
        let nonce = sealed::nonce(seed, transcript.ledger_id.as_str(), record.index);
        if sealed::commitment(&nonce, &record.body()) != published {
            discrepancies.push(Discrepancy::Seal);
        }
    }
}
