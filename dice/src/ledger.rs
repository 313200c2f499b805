//! The fairness ledger: committed seeds, numbered rolls, and their record.
//!
//! A game (or a channel's table for one day) owns one [`Ledger`]. Its server seed
//! is secret until the ledger is revealed, but its SHA-256 [`Commitment`] is published
//! before the first roll, and players may mix in seeds of their own until then.
//! Every roll takes its faces from a stream derived from all of these and the roll's
//! index, so once the seed is revealed anybody can recompute every roll with
//! [`verify`](super::verify) and see that nothing was chosen after the fact.

use std::fmt;

use sha2::{Digest, Sha256};

use super::chain::ChainEnd;
use super::stream::StreamKey;
use super::transcript::{Entry, Transcript};
use super::{hex, sealed, DiceError, DieSource, HexError, Line, RollResult, SealedReveal};
use super::{MAX_DICE_PER_LINE, MAX_SIDES};

/// Most player seeds one ledger accepts.
pub const MAX_PLAYER_SEEDS: usize = 32;
/// Longest player seed, in bytes.
pub const MAX_PLAYER_SEED_BYTES: usize = 256;
/// Longest ledger id, in bytes.
pub const MAX_LEDGER_ID_BYTES: usize = 128;
/// Longest public entropy of one roll, in bytes.
pub const MAX_ENTROPY_BYTES: usize = 64;

/// The secret 32 bytes a ledger's faces are derived from. The bot draws it from the
/// operating system; the engine only takes it as bytes.
#[derive(Clone, PartialEq, Eq)]
pub struct ServerSeed([u8; 32]);

impl ServerSeed {
    /// A seed from raw bytes.
    pub fn from_bytes(bytes: [u8; 32]) -> Self {
        ServerSeed(bytes)
    }

    /// A seed from 64 hexadecimal digits.
    ///
    /// # Errors
    /// When `text` is not exactly 64 hexadecimal digits.
    pub fn from_hex(text: &str) -> Result<Self, HexError> {
        hex::decode_32(text).map(ServerSeed)
    }

    /// The seed as 64 lower-case hexadecimal digits (only publish it when revealing).
    pub fn to_hex(&self) -> String {
        hex::encode(&self.0)
    }

    /// SHA-256 of the 32 seed bytes: published before the first roll.
    pub fn commitment(&self) -> Commitment {
        Commitment(Sha256::digest(self.0).into())
    }

    pub(crate) fn bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

/// Keeps the seed out of logs and panic messages.
impl fmt::Debug for ServerSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ServerSeed(<secret>)")
    }
}

/// A SHA-256 digest published as a promise: of a server seed, or of a sealed roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Commitment([u8; 32]);

impl Commitment {
    pub(crate) fn from_bytes(bytes: [u8; 32]) -> Self {
        Commitment(bytes)
    }

    /// A commitment from 64 hexadecimal digits.
    ///
    /// # Errors
    /// When `text` is not exactly 64 hexadecimal digits.
    pub fn from_hex(text: &str) -> Result<Self, HexError> {
        hex::decode_32(text).map(Commitment)
    }
}

impl fmt::Display for Commitment {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex::encode(&self.0))
    }
}

/// The name of a ledger, part of every derivation so two ledgers never share faces
/// even if they shared a seed. 1 to 128 characters from `A-Z a-z 0-9 : _ . - /`,
/// e.g. `game:4411` or `table:8812:2025-06-01`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LedgerId(String);

impl LedgerId {
    /// Validates a ledger id.
    ///
    /// # Errors
    /// [`LedgerError::InvalidLedgerId`] when empty, too long or with other characters.
    pub fn new(text: &str) -> Result<Self, LedgerError> {
        let allowed = |c: char| c.is_ascii_alphanumeric() || ":_.-/".contains(c);
        if text.is_empty() || text.len() > MAX_LEDGER_ID_BYTES || !text.chars().all(allowed) {
            return Err(LedgerError::InvalidLedgerId(text.to_owned()));
        }
        Ok(LedgerId(text.to_owned()))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for LedgerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One face drawn from the stream: a die with `sides` sides showed `face`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Face {
    /// Sides of the die asked for (`dF` is drawn as a d3, `d%` as a d100).
    pub sides: u32,
    /// The face drawn, in `1..=sides`.
    pub face: u32,
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.sides, self.face)
    }
}

/// What a roll asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rolled {
    /// Plain game dice, by number of sides (`[8, 8, 8]` is 3d8).
    Dice(Vec<u32>),
    /// A line of dice notation and what came of it.
    Notation { line: String, outcome: NotationOutcome },
}

/// How a notation roll ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationOutcome {
    /// The total of every roll in the line, in order.
    Totals(Vec<i64>),
    /// Evaluation failed (division by zero or overflow) after the faces were drawn.
    Failed,
}

/// One numbered roll of a ledger.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollRecord {
    /// The roll's 0-based number in its ledger; part of its derivation.
    pub index: u64,
    /// What was rolled.
    pub rolled: Rolled,
    /// Every face drawn, in order, including rerolled and dropped dice.
    pub faces: Vec<Face>,
    /// For a sealed roll: the commitment published instead of the result.
    pub sealed: Option<Commitment>,
    /// Public entropy mixed into this roll's derivation (on Discord, the id of the
    /// interaction that asked for it), or `None`.
    pub entropy: Option<String>,
}

/// A notation roll: its record, and the results to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationRoll {
    /// What goes into the transcript.
    pub record: RollRecord,
    /// What to show the roller.
    pub results: Vec<RollResult>,
}

/// Why a ledger refused something.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LedgerError {
    #[error("{0:?} is not a valid ledger id: use 1 to 128 of A-Z a-z 0-9 : _ . - /")]
    InvalidLedgerId(String),
    #[error("a player seed must be 1 to {MAX_PLAYER_SEED_BYTES} bytes without control characters")]
    InvalidPlayerSeed,
    #[error("this player seed was already added")]
    DuplicatePlayerSeed,
    #[error("a ledger takes at most {MAX_PLAYER_SEEDS} player seeds")]
    TooManyPlayerSeeds,
    #[error("player seeds must be added before the first roll; this ledger has rolled {rolls} times")]
    SeedsClosed { rolls: u64 },
    #[error("roll at least one die")]
    NoDice,
    #[error("at most {MAX_DICE_PER_LINE} dice per roll, not {0}")]
    TooManyDice(usize),
    #[error("a die has 1 to {MAX_SIDES} sides, not {0}")]
    BadSides(u32),
    #[error("a roll's entropy is 1 to {MAX_ENTROPY_BYTES} of A-Z a-z 0-9 _ -")]
    InvalidEntropy,
    #[error(transparent)]
    Notation(#[from] DiceError),
    /// The faces were drawn and recorded as roll `index`, then evaluation failed.
    #[error("roll {index} failed: {error}")]
    RollFailed { index: u64, error: DiceError },
}

/// A sequence of provably fair rolls; see the module documentation.
#[derive(Debug)]
pub struct Ledger {
    id: LedgerId,
    seed: ServerSeed,
    /// Kept sorted: the canonical order used in the derivation.
    player_seeds: Vec<String>,
    records: Vec<RollRecord>,
    /// Built at the first roll, when the player seeds become final.
    key: Option<StreamKey>,
    /// The roll chain after the last roll.
    chain: ChainEnd,
}

impl Ledger {
    /// A new ledger with no rolls. Publish [`Ledger::commitment`] now.
    pub fn new(id: LedgerId, seed: ServerSeed) -> Self {
        let chain = ChainEnd::start(&id, &seed.commitment());
        Ledger { id, seed, player_seeds: Vec::new(), records: Vec::new(), key: None, chain }
    }

    /// The ledger's id.
    pub fn id(&self) -> &LedgerId {
        &self.id
    }

    /// The commitment to the server seed, to publish before the first roll.
    pub fn commitment(&self) -> Commitment {
        self.seed.commitment()
    }

    /// The player seeds, in canonical order.
    pub fn player_seeds(&self) -> &[String] {
        &self.player_seeds
    }

    /// Every roll so far.
    pub fn records(&self) -> &[RollRecord] {
        &self.records
    }

    /// The roll chain after the last roll: its short value goes in each roll's
    /// post, its full value and count in the reveal post.
    pub fn chain(&self) -> ChainEnd {
        self.chain
    }

    /// Adds a player's seed. Surrounding whitespace is trimmed.
    ///
    /// # Errors
    /// After the first roll ([`LedgerError::SeedsClosed`]), or for an empty, too
    /// long, duplicate or control-character seed, or too many seeds.
    pub fn add_player_seed(&mut self, text: &str) -> Result<(), LedgerError> {
        if !self.records.is_empty() {
            return Err(LedgerError::SeedsClosed { rolls: self.next_index() });
        }
        let seed = text.trim();
        if seed.is_empty() || seed.len() > MAX_PLAYER_SEED_BYTES || seed.chars().any(char::is_control) {
            return Err(LedgerError::InvalidPlayerSeed);
        }
        if self.player_seeds.len() == MAX_PLAYER_SEEDS {
            return Err(LedgerError::TooManyPlayerSeeds);
        }
        match self.player_seeds.binary_search_by(|s| s.as_bytes().cmp(seed.as_bytes())) {
            Ok(_) => Err(LedgerError::DuplicatePlayerSeed),
            Err(at) => {
                self.player_seeds.insert(at, seed.to_owned());
                Ok(())
            }
        }
    }

    /// Rolls plain game dice, such as `&[8, 8, 8]` for 3d8.
    ///
    /// # Errors
    /// For no dice, more than [`MAX_DICE_PER_LINE`] dice, or a die with 0 or more
    /// than [`MAX_SIDES`] sides. Nothing is recorded then.
    pub fn roll_dice(&mut self, sides: &[u32]) -> Result<RollRecord, LedgerError> {
        if sides.is_empty() {
            return Err(LedgerError::NoDice);
        }
        if sides.len() > MAX_DICE_PER_LINE as usize {
            return Err(LedgerError::TooManyDice(sides.len()));
        }
        if let Some(&bad) = sides.iter().find(|&&s| s == 0 || s > MAX_SIDES) {
            return Err(LedgerError::BadSides(bad));
        }
        let index = self.next_index();
        let faces = roll_dice_with(self.key(), index, sides);
        let record = RollRecord { index, rolled: Rolled::Dice(sides.to_vec()), faces, sealed: None, entropy: None };
        self.push(record.clone());
        Ok(record)
    }

    /// Rolls a line of dice notation in public.
    ///
    /// # Errors
    /// [`LedgerError::Notation`] when the line does not parse (nothing is recorded),
    /// [`LedgerError::RollFailed`] when evaluation fails (the roll is recorded).
    pub fn roll_notation(&mut self, line: &str) -> Result<NotationRoll, LedgerError> {
        self.notation(line, false, None)
    }

    /// Rolls a line of dice notation with public per-roll `entropy` mixed into its
    /// derivation (say, the id of the click that asked for it: nobody knows it before
    /// the click, not even the host), sealed or not.
    ///
    /// # Errors
    /// [`LedgerError::InvalidEntropy`] for an empty, too long or oddly spelled
    /// entropy (nothing is recorded); otherwise as [`Ledger::roll_notation`].
    pub fn roll_notation_with_entropy(
        &mut self,
        line: &str,
        sealed: bool,
        entropy: &str,
    ) -> Result<NotationRoll, LedgerError> {
        let valid = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
        if entropy.is_empty() || entropy.len() > MAX_ENTROPY_BYTES || !entropy.chars().all(valid) {
            return Err(LedgerError::InvalidEntropy);
        }
        self.notation(line, sealed, Some(entropy))
    }

    /// Rolls a line of dice notation sealed: publish only the index and
    /// `record.sealed`, show `results` to the roller alone, and open it later with
    /// [`Ledger::sealed_reveal`] or by revealing the ledger.
    ///
    /// # Errors
    /// As [`Ledger::roll_notation`].
    pub fn roll_sealed(&mut self, line: &str) -> Result<NotationRoll, LedgerError> {
        self.notation(line, true, None)
    }

    fn notation(&mut self, text: &str, sealed: bool, entropy: Option<&str>) -> Result<NotationRoll, LedgerError> {
        let line = super::parse(text)?;
        let index = self.next_index();
        let (faces, evaluated) = roll_notation_with(self.key(), index, &line, entropy);
        let outcome = match &evaluated {
            Ok(results) => NotationOutcome::Totals(results.iter().map(|r| r.total).collect()),
            Err(_) => NotationOutcome::Failed,
        };
        let rolled = Rolled::Notation { line: text.to_owned(), outcome };
        let mut record = RollRecord { index, rolled, faces, sealed: None, entropy: entropy.map(str::to_owned) };
        if sealed {
            let nonce = sealed::nonce(self.seed.bytes(), self.id.as_str(), index);
            record.sealed = Some(sealed::commitment(&nonce, &record.body()));
        }
        self.push(record.clone());
        match evaluated {
            Ok(results) => Ok(NotationRoll { record, results }),
            Err(error) => Err(LedgerError::RollFailed { index, error }),
        }
    }

    /// What a game master publishes to open sealed roll `index` early; `None` when
    /// there is no sealed roll with that index.
    pub fn sealed_reveal(&self, index: u64) -> Option<SealedReveal> {
        let record = self.records.iter().find(|r| r.index == index)?;
        record.sealed?;
        Some(SealedReveal {
            index,
            nonce: sealed::nonce(self.seed.bytes(), self.id.as_str(), index),
            body: record.body(),
        })
    }

    /// The transcript as it may be published while the ledger is open: no seed, and
    /// sealed rolls only as index and commitment.
    pub fn public_transcript(&self) -> Transcript {
        let entries = self
            .records
            .iter()
            .map(|record| match record.sealed {
                Some(commitment) => Entry::Sealed { index: record.index, commitment },
                None => Entry::Roll(record.clone()),
            })
            .collect();
        self.transcript(None, entries)
    }

    /// Ends the ledger: the full transcript with the seed, ready to publish and
    /// [`verify`](super::verify).
    pub fn reveal(self) -> Transcript {
        let entries = self.records.iter().cloned().map(Entry::Roll).collect();
        self.transcript(Some(self.seed.clone()), entries)
    }

    /// For table ledgers that rotate (say daily): reveals this ledger and starts the
    /// next one. Publish the transcript and the new ledger's commitment together.
    pub fn rotate(self, next_id: LedgerId, next_seed: ServerSeed) -> (Transcript, Ledger) {
        (self.reveal(), Ledger::new(next_id, next_seed))
    }

    fn transcript(&self, seed: Option<ServerSeed>, entries: Vec<Entry>) -> Transcript {
        Transcript {
            ledger_id: self.id.clone(),
            commitment: self.commitment(),
            player_seeds: self.player_seeds.clone(),
            seed,
            entries,
            chain: Some(self.chain),
        }
    }

    fn push(&mut self, record: RollRecord) {
        let line = match record.sealed {
            Some(commitment) => Entry::Sealed { index: record.index, commitment },
            None => Entry::Roll(record.clone()),
        };
        self.chain = self.chain.next(&line.chain_line());
        self.records.push(record);
    }

    fn next_index(&self) -> u64 {
        self.records.len() as u64
    }

    fn key(&mut self) -> &StreamKey {
        let (seed, id, player_seeds) = (&self.seed, &self.id, &self.player_seeds);
        self.key.get_or_insert_with(|| StreamKey::new(seed.bytes(), id.as_str(), player_seeds))
    }
}

/// A [`DieSource`] that writes down every face it hands out.
struct Recorder<S> {
    inner: S,
    faces: Vec<Face>,
}

impl<S: DieSource> DieSource for Recorder<S> {
    fn roll(&mut self, sides: u32) -> u32 {
        let face = self.inner.roll(sides);
        self.faces.push(Face { sides, face });
        face
    }
}

/// The faces of roll `index` when it rolls the dice `sides`.
pub(crate) fn roll_dice_with(key: &StreamKey, index: u64, sides: &[u32]) -> Vec<Face> {
    let mut stream = key.stream(index);
    sides.iter().map(|&sides| Face { sides, face: stream.roll(sides) }).collect()
}

/// The faces and results of roll `index` when it rolls `line` (with its public
/// `entropy`, if any).
pub(crate) fn roll_notation_with(
    key: &StreamKey,
    index: u64,
    line: &Line,
    entropy: Option<&str>,
) -> (Vec<Face>, Result<Vec<RollResult>, DiceError>) {
    let mut recorder = Recorder { inner: key.stream_with(index, entropy), faces: Vec::new() };
    let results = super::evaluate(line, &mut recorder);
    (recorder.faces, results)
}
