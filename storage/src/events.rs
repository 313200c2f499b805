//! Tournaments run by the bot: one record per event, in the `events` tree
//! under (guild, event id), so a server's events are one prefix scan.
//!
//! The record holds everything the event is: its settings and Discord-side
//! places, the pairing state (entrants, rounds and results of a Swiss; the
//! steps of an Arena) and which Rookery game plays each pairing. Every
//! change of an event is one compare-and-swap of this one record, so two
//! clicks on Join apply once and a restart finds the event exactly as the
//! last committed change left it.
//!
//! The shapes are plain data, free of the tournament crate's types: results
//! are written as in a PGN or TRF (`1-0`, `1F-0F`...), which the bot maps.
//! Values are versioned JSON: `{"version": 1, "event": {...}}`.

use serde::{Deserialize, Serialize};

use crate::{Player, Storage, StorageError};

/// The version of [`EventRecord`] this build writes.
pub const EVENT_RECORD_VERSION: u32 = 1;

/// Where an event stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventStatus {
    /// Taking entries; not started.
    Open,
    Running,
    /// Stopped by an organiser: no new pairings until resumed.
    Paused,
    Finished,
}

/// A Swiss entrant: `joined_at` and `withdrew_at` count the rounds paired then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissEntrant {
    pub id: u64,
    pub name: String,
    pub rating: u32,
    pub joined_at: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrew_at: Option<u32>,
}

/// A board of a Swiss round: entrant indexes and the result once known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissBoard {
    pub white: usize,
    pub black: usize,
    pub result: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissRound {
    pub boards: Vec<SwissBoard>,
    pub bye: Option<usize>,
}

/// One step of an Arena, replayed in order to rebuild it (its pairing is
/// computed from the state, so the steps are the whole truth).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum ArenaStep {
    Join {
        id: u64,
        name: String,
        rating: u32,
        at_ms: u64,
    },
    Leave {
        player: usize,
    },
    Pair {
        at_ms: u64,
    },
    /// A game's end: its plies and the moment, when known, for the rules
    /// that need them (quick draws, the berserk point, who waits longest).
    Finish {
        game: usize,
        result: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        plies: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at_ms: Option<u64>,
    },
    /// A player (an index) berserked in a game after `plies` plies, at
    /// `at_ms` (records from before it was noted, settled at once, have none).
    Berserk {
        game: usize,
        player: usize,
        plies: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at_ms: Option<u64>,
    },
}

/// The pairing state, by format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "format", rename_all = "snake_case")]
pub enum EventFormat {
    Swiss {
        rounds: u32,
        entrants: Vec<SwissEntrant>,
        played: Vec<SwissRound>,
        /// Late entrants score half a point for each round they missed
        /// (else nothing).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        late_half_point: bool,
    },
    Arena {
        minutes: u32,
        steps: Vec<ArenaStep>,
        /// Whether players may berserk (events stored before it was an
        /// option had none).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        berserk: bool,
        /// Whether pairing follows lichess's timing on the event's clock: a
        /// short wait for more finishers, none near the end (events stored
        /// before it were paired at once, and replay so).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        paced: bool,
    },
}

/// The Rookery game that plays one pairing: Swiss round and board, or the
/// Arena's game index (board 0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventGame {
    pub round: u32,
    pub board: u32,
    pub game: u64,
    /// Where the game lives: its thread once opened, else where it was made.
    pub channel: u64,
    /// Unix seconds of the pairing (no-shows are counted from it).
    pub paired_at: i64,
    /// Set once the result has gone into the pairing state.
    pub result: Option<String>,
}

/// A result an organiser set by hand, kept with who set it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManualResult {
    pub round: u32,
    pub board: u32,
    pub result: String,
    pub by: Player,
    pub at: i64,
}

/// The message that shows an event: where it is and when it was last
/// brought up to date (Unix seconds), so busy Arenas edit it sparingly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventPost {
    pub channel: u64,
    pub message: u64,
    pub updated: i64,
}

/// One tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventRecord {
    pub id: u64,
    pub guild: u64,
    /// The channel of the event post; its games' threads open here.
    pub channel: u64,
    /// The event post, kept current by editing (none before it is posted;
    /// records written before it was kept have none).
    #[serde(default)]
    pub post: Option<EventPost>,
    pub name: String,
    pub organiser: Player,
    /// The game kind, in the engine's name for it.
    pub variant: String,
    /// A real-time control such as `10+5`, or none.
    pub time_control: Option<String>,
    /// Correspondence pace: days per move, or none.
    pub move_days: Option<u32>,
    /// Seconds a paired player has to make a first move before forfeiting.
    pub no_show_seconds: u64,
    pub created: i64,
    /// When the event starts by itself, if set (Unix seconds).
    pub starts: Option<i64>,
    pub started: Option<i64>,
    pub status: EventStatus,
    pub format: EventFormat,
    pub games: Vec<EventGame>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub manual_results: Vec<ManualResult>,
}

#[derive(Serialize)]
struct Envelope<'a> {
    version: u32,
    event: &'a EventRecord,
}

#[derive(Deserialize)]
struct Stored {
    version: u32,
    event: serde_json::Value,
}

pub(crate) fn encode(event: &EventRecord) -> Vec<u8> {
    serde_json::to_vec(&Envelope { version: EVENT_RECORD_VERSION, event }).expect("an event record serializes")
}

pub(crate) fn decode(bytes: &[u8]) -> Result<EventRecord, StorageError> {
    let corrupt = |e: serde_json::Error| StorageError::Quarantined(e.to_string());
    let stored: Stored = serde_json::from_slice(bytes).map_err(corrupt)?;
    match stored.version {
        EVENT_RECORD_VERSION => serde_json::from_value(stored.event).map_err(corrupt),
        newer if newer > EVENT_RECORD_VERSION => Err(StorageError::TooNew(newer)),
        older => Err(StorageError::Quarantined(format!("event record version {older} has no upgrade path"))),
    }
}

fn event_key(guild: u64, id: u64) -> [u8; 16] {
    let mut key = [0; 16];
    key[..8].copy_from_slice(&guild.to_be_bytes());
    key[8..].copy_from_slice(&id.to_be_bytes());
    key
}

impl Storage {
    /// Stores a new event; `false` (and nothing written) if its id is taken.
    pub fn create_event(&self, event: &EventRecord) -> Result<bool, StorageError> {
        let _writing = self.writing();
        let created = self.events.compare_and_swap(event_key(event.guild, event.id), None, Some(&encode(event)))?;
        if created {
            self.flush()?;
        }
        Ok(created)
    }

    /// An event of a guild; an unreadable one is set aside and reported.
    pub fn event(&self, guild: u64, id: u64) -> Result<Option<EventRecord>, StorageError> {
        self.get_record("events", &event_key(guild, id), decode)
    }

    /// Applies `decide` to a guild's event atomically and durably: it gets
    /// the stored record (`None`: no such event) and returns the new record
    /// to store (`None`: nothing to write) with its answer. It may run more
    /// than once when another change of the event commits first, so it must
    /// only compute.
    pub fn update_event<T, E>(
        &self,
        guild: u64,
        id: u64,
        decide: impl Fn(Option<EventRecord>) -> Result<(Option<EventRecord>, T), E>,
    ) -> Result<Result<T, E>, StorageError> {
        let key = event_key(guild, id);
        let writing = self.writing();
        loop {
            let stored = self.events.get(key)?;
            let current = match stored.as_deref().map(decode) {
                None => None,
                Some(Ok(event)) => Some(event),
                Some(Err(err)) => {
                    drop(writing);
                    return Err(self.report_unreadable("events", &key, stored.as_deref().unwrap_or_default(), err)?);
                }
            };
            let (new, answer) = match decide(current) {
                Err(refused) => return Ok(Err(refused)),
                Ok(decided) => decided,
            };
            let Some(new) = new else {
                self.flush()?;
                return Ok(Ok(answer));
            };
            if self.events.compare_and_swap(key, stored.as_deref(), Some(&encode(&new)))? {
                self.flush()?;
                return Ok(Ok(answer));
            }
        }
    }

    /// A guild's events, oldest first; unreadable ones are passed over.
    pub fn guild_events(&self, guild: u64) -> Result<Vec<EventRecord>, StorageError> {
        self.decode_scan("events", self.events.scan_prefix(guild.to_be_bytes()), decode)
    }

    /// Every event of every guild that is not finished, for the scheduler.
    pub fn active_events(&self) -> Result<Vec<EventRecord>, StorageError> {
        let all = self.decode_scan("events", self.events.iter(), decode)?;
        Ok(all.into_iter().filter(|event| event.status != EventStatus::Finished).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_from_before_berserk_late_entry_and_plies_reads_with_their_old_meaning() {
        let arena = r#"{"version":1,"event":{"id":1,"guild":2,"channel":3,"post":null,"name":"A",
            "organiser":{"id":4,"name":"o"},"variant":"chess","time_control":"3+2","move_days":null,
            "no_show_seconds":300,"created":0,"starts":null,"started":null,"status":"running",
            "format":{"format":"arena","minutes":60,"steps":[{"step":"finish","game":0,"result":"1-0"}]},
            "games":[]}}"#;
        let event = decode(arena.as_bytes()).unwrap();
        let EventFormat::Arena { berserk, paced, steps, .. } = &event.format else { panic!("an arena") };
        assert!(!berserk, "no berserk in an event made before it existed");
        assert!(!paced, "paired at once, as an event made before lichess's timing was");
        assert_eq!(steps[0], ArenaStep::Finish { game: 0, result: "1-0".into(), plies: None, at_ms: None });
        assert_eq!(decode(&encode(&event)).unwrap(), event);
        let swiss = arena.replace(
            r#"{"format":"arena","minutes":60,"steps":[{"step":"finish","game":0,"result":"1-0"}]}"#,
            r#"{"format":"swiss","rounds":3,"entrants":[],"played":[]}"#,
        );
        let event = decode(swiss.as_bytes()).unwrap();
        assert!(matches!(event.format, EventFormat::Swiss { late_half_point: false, .. }));
        assert!(!String::from_utf8(encode(&event)).unwrap().contains("late"), "the default is not written");
    }

    /// A record as builds before the kept post wrote it: no `post` at all.
    const WITHOUT_POST: &str = r#"{"version": 1, "event": {"id": 3, "guild": 7, "channel": 42, "name": "Cup",
        "organiser": {"id": 1, "name": "org"}, "variant": "chess", "time_control": "10+5", "move_days": null,
        "no_show_seconds": 300, "created": 0, "starts": null, "started": null, "status": "open",
        "format": {"format": "swiss", "rounds": 5, "entrants": [], "played": []}, "games": []}}"#;

    #[test]
    fn a_record_without_a_post_still_reads_and_a_post_round_trips() {
        let old = decode(WITHOUT_POST.as_bytes()).expect("an older record reads");
        assert_eq!((old.id, old.post), (3, None));
        let with_null = WITHOUT_POST.replace(r#""games": []"#, r#""games": [], "post": null"#);
        assert_eq!(decode(with_null.as_bytes()).expect("a null post reads").post, None);
        let posted = EventRecord { post: Some(EventPost { channel: 42, message: 9, updated: 60 }), ..old };
        assert_eq!(decode(&encode(&posted)).expect("it reads back"), posted);
    }
}
