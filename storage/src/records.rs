//! The stored shapes. A game is stored as its record — variant, start, players
//! and the list of actions — and rebuilt by replaying it; the record is the truth.
//! Each value is wrapped in `{"version": N, ...}` so a later Rookery can upgrade
//! old records instead of failing on them.

use serde::{Deserialize, Serialize};

use crate::StorageError;

/// The version of [`ChannelGame`] this build writes.
pub const RECORD_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: u64,
    pub name: String,
}

/// Where a channel's game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "phase", rename_all = "snake_case")]
pub enum Phase {
    /// Waiting for `opponent` (anyone, if `None`) to accept.
    Challenge {
        challenger: Player,
        opponent: Option<Player>,
    },
    Playing,
    /// `result` is `1-0`, `0-1` or `1/2-1/2`; `reason` says why.
    Finished {
        result: String,
        reason: String,
    },
}

/// One channel's game: everything needed to rebuild and continue it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChannelGame {
    pub id: u64,
    pub variant: String,
    /// The optional rules chosen at the challenge, in the engine's canonical
    /// text (`lucky8=off`, `dwarf_reversal=on`); empty for none, and then not written at all.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub options: String,
    /// Position text of a custom start, `None` for the variant's own.
    pub start: Option<String>,
    /// The engine's action texts, in order.
    pub actions: Vec<String>,
    pub white: Option<Player>,
    pub black: Option<Player>,
    pub phase: Phase,
    /// Correspondence pace: seconds allowed per move, if any.
    pub move_seconds: Option<u64>,
    /// Unix seconds of the last move (or of the start).
    pub last_activity: i64,
    /// Whether the player to move was already reminded of the deadline.
    pub reminded: bool,
    /// The side that asked to take back its last move.
    pub takeback_request: Option<String>,
    /// The dice ledger bound to this game, if it uses dice.
    pub ledger: Option<u64>,
    pub created: i64,
    /// Player seeds mixed into the game's dice ledger, given before its first
    /// roll (public: every transcript lists them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seeds: Vec<String>,
    /// A real-time clock, if the game has one (besides any correspondence pace).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<GameClock>,
    /// Whether the channel's posts show the board from Black's side: the
    /// orientation is chosen once, at the challenge, and kept.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub black_at_bottom: bool,
}

impl ChannelGame {
    /// A game of `variant` in `phase` made at `now` (Unix seconds): no
    /// players seated, no move, options, custom start, pace, clock, ledger
    /// or seeds yet. Fill in the rest with struct update syntax.
    pub fn new(id: u64, variant: impl Into<String>, phase: Phase, now: i64) -> ChannelGame {
        ChannelGame {
            id,
            variant: variant.into(),
            options: String::new(),
            start: None,
            actions: Vec::new(),
            white: None,
            black: None,
            phase,
            move_seconds: None,
            last_activity: now,
            reminded: false,
            takeback_request: None,
            ledger: None,
            created: now,
            seeds: Vec::new(),
            clock: None,
            black_at_bottom: false,
        }
    }
}

/// A real-time clock: each side's time, and whose clock runs since when.
/// Times are in milliseconds: blitz players notice whole seconds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameClock {
    /// The time control: seconds at the start and added after each move.
    pub initial: u64,
    pub increment: u64,
    /// Milliseconds left to White and to Black when their clock last stopped
    /// (or, for the running side, started).
    pub remaining_ms: [i64; 2],
    /// The side whose clock runs (`0` White, `1` Black), since `since_ms`
    /// (Unix milliseconds).
    pub running: usize,
    pub since_ms: i64,
    /// The sides that berserked in an Arena: half their time given up once,
    /// and no increment from then on (records from before berserk read as neither).
    #[serde(default, skip_serializing_if = "neither")]
    pub berserked: [bool; 2],
}

fn neither(sides: &[bool; 2]) -> bool {
    sides == &[false, false]
}

/// A player's Glicko-2 rating and record in one variant of one guild.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerStats {
    pub user: u64,
    pub name: String,
    pub variant: String,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

#[derive(Serialize)]
struct Envelope<'a> {
    version: u32,
    game: &'a ChannelGame,
}

pub(crate) fn encode_game(game: &ChannelGame) -> Vec<u8> {
    serde_json::to_vec(&Envelope { version: RECORD_VERSION, game }).expect("a game record serializes")
}

/// The version a stored record says it is written in; the rest of the record
/// is skipped unread, so a corrupt or future record is told apart cheaply.
#[derive(Deserialize)]
struct VersionOnly {
    version: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct GameOnly {
    game: ChannelGame,
}

/// Who sits at a channel's game and where it stands: a stored record read
/// without its moves. The bot looks after every request whether Rookery
/// itself is to act; in most channels it is not seated, and the moves (the
/// bulk of a record) need not be decoded to see that.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Seats {
    pub white: Option<Player>,
    pub black: Option<Player>,
    pub phase: Phase,
}

impl Seats {
    /// The seats of a whole record.
    pub fn of(game: &ChannelGame) -> Seats {
        Seats { white: game.white.clone(), black: game.black.clone(), phase: game.phase.clone() }
    }
}

#[derive(Deserialize)]
struct SeatsOnly {
    game: Seats,
}

/// The seats of a record in today's version; `None` for anything else,
/// which the full decode reads (or reports).
pub(crate) fn decode_seats(bytes: &[u8]) -> Option<Seats> {
    let probe: VersionOnly = serde_json::from_slice(bytes).ok()?;
    if probe.version?.as_u64()? != u64::from(RECORD_VERSION) {
        return None;
    }
    serde_json::from_slice::<SeatsOnly>(bytes).ok().map(|stored| stored.game)
}

pub(crate) fn decode_game(bytes: &[u8]) -> Result<ChannelGame, StorageError> {
    let corrupt = |e: serde_json::Error| StorageError::Quarantined(e.to_string());
    let probe: VersionOnly = serde_json::from_slice(bytes).map_err(corrupt)?;
    let version =
        probe.version.and_then(|v| v.as_u64()).ok_or_else(|| StorageError::Quarantined("no record version".into()))?;
    match version as u32 {
        // Straight into the record: no intermediate JSON tree on every move.
        RECORD_VERSION => serde_json::from_slice::<GameOnly>(bytes).map(|stored| stored.game).map_err(corrupt),
        newer if newer > RECORD_VERSION => Err(StorageError::TooNew(newer)),
        older => Err(StorageError::Quarantined(format!("record version {older} has no upgrade path"))),
    }
}
