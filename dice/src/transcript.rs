//! The transcript: a ledger written as plain text lines, for publishing and for
//! [`verify`](super::verify).
//!
//! ```text
//! rookery-dice-transcript v1
//! ledger game:4411
//! commitment <64 hex digits: SHA-256 of the server seed>
//! player-seed <text>                  (zero or more, canonical order)
//! seed <64 hex digits>                (once revealed)
//! roll 0 faces=8:3,8:7,8:1 dice 8,8,8
//! roll 1 faces=6:3,6:5,6:1,6:6 totals=14 expr 4d6kh3 # strength
//! roll 2 sealed=<64 hex> faces=20:17 totals=17 expr 1d20+0
//! roll 3 faces=20:13,2:1 failed expr 1d20/(1d2-1)
//! roll 4 entropy=1181551392518402089 faces=20:5 totals=5 expr 1d20
//! sealed 4 <64 hex>                   (a sealed roll not yet opened)
//! chain 5 <64 hex>                    (the roll chain after the last roll)
//! ```
//!
//! Faces are `sides:face` (`-` for none). The text after `expr ` is the line exactly
//! as rolled. Blank lines and lines starting with `#` are ignored.

use std::fmt;
use std::str::FromStr;

use super::chain::{ChainEnd, ChainValue};
use super::ledger::{Commitment, Face, LedgerId, NotationOutcome, RollRecord, Rolled, ServerSeed};
use super::HexError;

/// The first line of every transcript.
const HEADER: &str = "rookery-dice-transcript v1";

/// A ledger's public record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transcript {
    /// The ledger's id.
    pub ledger_id: LedgerId,
    /// SHA-256 of the server seed, as published before the first roll.
    pub commitment: Commitment,
    /// Player seeds, in canonical order.
    pub player_seeds: Vec<String>,
    /// The server seed, once revealed.
    pub seed: Option<ServerSeed>,
    /// The rolls, in order.
    pub entries: Vec<Entry>,
    /// The roll chain after the last roll, as written when the transcript was
    /// made; `None` in transcripts from before the chain.
    pub chain: Option<ChainEnd>,
}

impl Transcript {
    /// The roll chain recomputed from the entries as they stand.
    pub fn recompute_chain(&self) -> ChainEnd {
        let start = ChainEnd::start(&self.ledger_id, &self.commitment);
        self.entries.iter().fold(start, |chain, entry| chain.next(&entry.chain_line()))
    }
}

/// One roll in a transcript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A public roll, or a sealed one that has been opened.
    Roll(RollRecord),
    /// A sealed roll not yet opened: only its index and commitment are known.
    Sealed { index: u64, commitment: Commitment },
}

impl Entry {
    /// The roll's index.
    pub fn index(&self) -> u64 {
        match self {
            Entry::Roll(record) => record.index,
            Entry::Sealed { index, .. } => *index,
        }
    }

    /// What the roll chain hashes for this roll: a public roll's transcript line,
    /// and for a sealed roll (opened or not) its public line `sealed <index> <commitment>`,
    /// so the chain shown when it was rolled gives nothing of it away.
    pub fn chain_line(&self) -> String {
        match self {
            Entry::Roll(record) => match record.sealed {
                Some(commitment) => sealed_line(record.index, &commitment),
                None => record.line(true),
            },
            Entry::Sealed { index, commitment } => sealed_line(*index, commitment),
        }
    }
}

fn sealed_line(index: u64, commitment: &Commitment) -> String {
    format!("sealed {index} {commitment}")
}

/// A transcript line that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("transcript line {line}: {kind}")]
pub struct TranscriptError {
    /// 1-based line number (one past the end for something missing).
    pub line: usize,
    /// What is wrong.
    pub kind: TranscriptErrorKind,
}

/// What is wrong with a transcript line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TranscriptErrorKind {
    #[error("the transcript must start with {HEADER:?}")]
    MissingHeader,
    #[error("unknown line {0:?}")]
    UnknownLine(String),
    #[error("{0} is given twice")]
    Duplicate(&'static str),
    #[error("the `{0}` line is missing")]
    Missing(&'static str),
    #[error("malformed {field}: {value:?}")]
    Malformed { field: &'static str, value: String },
    #[error("{field}: {error}")]
    Hex { field: &'static str, error: HexError },
}

impl RollRecord {
    /// The record's transcript line without the `sealed=` field: what a sealed
    /// roll's commitment covers.
    pub(crate) fn body(&self) -> String {
        self.line(false)
    }

    pub(crate) fn line(&self, with_seal: bool) -> String {
        let mut line = format!("roll {}", self.index);
        if let Some(entropy) = &self.entropy {
            line.push_str(&format!(" entropy={entropy}"));
        }
        if let (true, Some(commitment)) = (with_seal, self.sealed) {
            line.push_str(&format!(" sealed={commitment}"));
        }
        line.push_str(" faces=");
        if self.faces.is_empty() {
            line.push('-');
        } else {
            line.push_str(&join(&self.faces));
        }
        match &self.rolled {
            Rolled::Dice(sides) => line.push_str(&format!(" dice {}", join(sides))),
            Rolled::Notation { line: text, outcome } => {
                match outcome {
                    NotationOutcome::Totals(totals) => {
                        line.push_str(&format!(" totals={}", join(totals)));
                    }
                    NotationOutcome::Failed => line.push_str(" failed"),
                }
                line.push_str(" expr ");
                line.push_str(text);
            }
        }
        line
    }
}

fn join<T: fmt::Display>(items: &[T]) -> String {
    items.iter().map(ToString::to_string).collect::<Vec<_>>().join(",")
}

impl fmt::Display for Transcript {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{HEADER}")?;
        writeln!(f, "ledger {}", self.ledger_id)?;
        writeln!(f, "commitment {}", self.commitment)?;
        for player_seed in &self.player_seeds {
            writeln!(f, "player-seed {player_seed}")?;
        }
        if let Some(seed) = &self.seed {
            writeln!(f, "seed {}", seed.to_hex())?;
        }
        for entry in &self.entries {
            match entry {
                Entry::Roll(record) => writeln!(f, "{}", record.line(true))?,
                Entry::Sealed { index, commitment } => writeln!(f, "{}", sealed_line(*index, commitment))?,
            }
        }
        if let Some(chain) = &self.chain {
            writeln!(f, "chain {} {}", chain.rolls, chain.value)?;
        }
        Ok(())
    }
}

impl FromStr for Transcript {
    type Err = TranscriptError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, line)| (i + 1, line.trim_end_matches('\r')))
            .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'));
        match lines.next() {
            Some((_, line)) if line.trim() == HEADER => {}
            Some((number, _)) => return Err(error(number, TranscriptErrorKind::MissingHeader)),
            None => return Err(error(1, TranscriptErrorKind::MissingHeader)),
        }
        let mut ledger_id = None;
        let mut commitment = None;
        let mut seed = None;
        let mut player_seeds = Vec::new();
        let mut entries = Vec::new();
        let mut chain = None;
        let mut last_line = 1;
        for (number, line) in lines {
            last_line = number;
            let fail = |kind| error(number, kind);
            let (keyword, rest) = line.split_once(' ').unwrap_or((line, ""));
            match keyword {
                "ledger" => {
                    let id = LedgerId::new(rest).map_err(|_| fail(malformed("ledger id", rest)))?;
                    set_once(&mut ledger_id, id, "ledger").map_err(fail)?;
                }
                "commitment" => {
                    let value = Commitment::from_hex(rest).map_err(|e| fail(hex("commitment", e)))?;
                    set_once(&mut commitment, value, "commitment").map_err(fail)?;
                }
                "seed" => {
                    let value = ServerSeed::from_hex(rest).map_err(|e| fail(hex("seed", e)))?;
                    set_once(&mut seed, value, "seed").map_err(fail)?;
                }
                "player-seed" => player_seeds.push(rest.to_owned()),
                "roll" => entries.push(Entry::Roll(parse_roll(rest).map_err(fail)?)),
                "sealed" => entries.push(parse_sealed(rest).map_err(fail)?),
                "chain" => set_once(&mut chain, parse_chain(rest).map_err(fail)?, "chain").map_err(fail)?,
                _ => return Err(fail(TranscriptErrorKind::UnknownLine(line.to_owned()))),
            }
        }
        let missing = |field| error(last_line + 1, TranscriptErrorKind::Missing(field));
        Ok(Transcript {
            ledger_id: ledger_id.ok_or_else(|| missing("ledger"))?,
            commitment: commitment.ok_or_else(|| missing("commitment"))?,
            player_seeds,
            seed,
            entries,
            chain,
        })
    }
}

fn error(line: usize, kind: TranscriptErrorKind) -> TranscriptError {
    TranscriptError { line, kind }
}

fn malformed(field: &'static str, value: &str) -> TranscriptErrorKind {
    TranscriptErrorKind::Malformed { field, value: value.to_owned() }
}

fn hex(field: &'static str, error: HexError) -> TranscriptErrorKind {
    TranscriptErrorKind::Hex { field, error }
}

fn set_once<T>(slot: &mut Option<T>, value: T, name: &'static str) -> Result<(), TranscriptErrorKind> {
    if slot.is_some() {
        return Err(TranscriptErrorKind::Duplicate(name));
    }
    *slot = Some(value);
    Ok(())
}

/// `<rolls> <value>` after `chain`.
fn parse_chain(rest: &str) -> Result<ChainEnd, TranscriptErrorKind> {
    let (rolls, value) = rest.split_once(' ').ok_or_else(|| malformed("chain", rest))?;
    Ok(ChainEnd {
        rolls: parse_number(rolls, "chain's roll count")?,
        value: ChainValue::from_hex(value).map_err(|e| hex("chain", e))?,
    })
}

/// `<index> <commitment>` after `sealed`.
fn parse_sealed(rest: &str) -> Result<Entry, TranscriptErrorKind> {
    let (index, commitment) = rest.split_once(' ').ok_or_else(|| malformed("sealed roll", rest))?;
    Ok(Entry::Sealed {
        index: parse_number(index, "roll index")?,
        commitment: Commitment::from_hex(commitment).map_err(|e| hex("sealed commitment", e))?,
    })
}

/// Everything after `roll `.
fn parse_roll(rest: &str) -> Result<RollRecord, TranscriptErrorKind> {
    let mut cursor = Fields { rest };
    let index = parse_number(cursor.next_field(), "roll index")?;
    let mut field = cursor.next_field();
    let entropy = match field.strip_prefix("entropy=") {
        Some(value)
            if !value.is_empty() && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') =>
        {
            field = cursor.next_field();
            Some(value.to_owned())
        }
        Some(value) => return Err(malformed("entropy", value)),
        None => None,
    };
    let sealed = match field.strip_prefix("sealed=") {
        Some(value) => {
            field = cursor.next_field();
            Some(Commitment::from_hex(value).map_err(|e| hex("sealed commitment", e))?)
        }
        None => None,
    };
    let faces = field.strip_prefix("faces=").ok_or_else(|| malformed("faces", field))?;
    let faces = parse_faces(faces)?;
    let rolled = match cursor.next_field() {
        "dice" => {
            let sides = cursor.rest;
            let sides = sides.split(',').map(|s| parse_number(s, "dice")).collect::<Result<_, _>>()?;
            Rolled::Dice(sides)
        }
        outcome_field => {
            let outcome = if outcome_field == "failed" {
                NotationOutcome::Failed
            } else {
                let totals = outcome_field.strip_prefix("totals=").ok_or_else(|| malformed("totals", outcome_field))?;
                let totals = totals.split(',').map(|t| parse_number(t, "totals")).collect::<Result<_, _>>()?;
                NotationOutcome::Totals(totals)
            };
            let keyword = cursor.next_field();
            if keyword != "expr" {
                return Err(malformed("roll (expected `expr`)", keyword));
            }
            Rolled::Notation { line: cursor.rest.to_owned(), outcome }
        }
    };
    Ok(RollRecord { index, rolled, faces, sealed, entropy })
}

/// Space-separated fields, leaving the rest of the line intact for `expr`.
struct Fields<'a> {
    rest: &'a str,
}

impl<'a> Fields<'a> {
    fn next_field(&mut self) -> &'a str {
        let (field, rest) = self.rest.split_once(' ').unwrap_or((self.rest, ""));
        self.rest = rest;
        field
    }
}

fn parse_faces(text: &str) -> Result<Vec<Face>, TranscriptErrorKind> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|pair| {
            let (sides, face) = pair.split_once(':').ok_or_else(|| malformed("face", pair))?;
            Ok(Face { sides: parse_number(sides, "face")?, face: parse_number(face, "face")? })
        })
        .collect()
}

fn parse_number<T: FromStr>(text: &str, field: &'static str) -> Result<T, TranscriptErrorKind> {
    text.parse().map_err(|_| malformed(field, text))
}
