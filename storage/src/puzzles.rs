//! Daily puzzles: the pool of verified puzzles by variant, each guild's daily
//! puzzle record, solves, streaks and posting schedule.
//!
//! The pool is shared by every guild (keys start with the variant, not a
//! guild); everything else is per guild, keys starting with the guild id.
//! Values are versioned JSON: `{"version": 1, "record": {...}}`.

use crate::store::{TxError, TxTree};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::puzzle_ratings::{rate_attempt, PuzzleTry, Rated, RatingRules};
use crate::streaks::grow_streak;
use crate::{named_key, Player, Storage, StorageError};

/// The version of the puzzle records this build writes.
pub const PUZZLE_RECORD_VERSION: u32 = 1;

/// The settings name a guild's puzzle schedule is stored under.
const SCHEDULE: &str = "puzzle-schedule";

/// A verified puzzle in the pool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredPuzzle {
    /// Given when the puzzle enters the pool; `0` in a seed file.
    #[serde(default)]
    pub id: u64,
    pub variant: String,
    /// The start, in the variant's position text.
    pub position: String,
    pub mate_in: u32,
    /// The line in coordinates: solver, defender, ..., mating move.
    pub solution: Vec<String>,
    /// The difficulty score (a rating-like number).
    pub difficulty: u32,
    /// Where it was found: a self-play game or an archived game.
    #[serde(default)]
    pub source: String,
    /// What is played after `position` before the solver's first move, in
    /// the game's action notation: the solver's own rolls the puzzle states.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub setup: Vec<String>,
    /// Each side's secret choice the puzzle states, White's first (New
    /// chess: the true king); empty in games without secrets.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secrets: Vec<String>,
}

/// A guild's puzzle of one day (the guild's local day when it has a
/// schedule with a time zone, else the UTC day). It carries a copy of the puzzle, so the
/// day's record stands whatever happens to the pool.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyPuzzle {
    /// Days since 1970-01-01, counted in the guild's time zone.
    pub day: i64,
    pub puzzle: StoredPuzzle,
    /// The channel the scheduler posted it in, if it did.
    pub posted_in: Option<u64>,
    pub first_solver: Option<Player>,
    pub solvers: u32,
}

/// One user's solve of one day's puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleSolve {
    pub user: u64,
    pub name: String,
    /// Unix seconds.
    pub at: i64,
    /// The answer as judged, in SAN.
    pub line: Vec<String>,
}

/// A user's daily-puzzle record in a guild.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleStreak {
    pub user: u64,
    pub name: String,
    /// Days solved in a row, ending on `last_day`.
    pub current: u32,
    pub best: u32,
    pub last_day: i64,
    pub solved: u32,
    /// The last missed day a streak freeze bridged (see `streaks`).
    #[serde(default)]
    pub frozen_day: Option<i64>,
}

/// When and where a guild's daily puzzle is posted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleSchedule {
    pub channel: u64,
    /// Minutes after local midnight in `time_zone`.
    pub minute: u32,
    /// Variants by day, in turn: day `d` uses `rotation[d % len]`.
    pub rotation: Vec<String>,
    /// The last day a post was claimed for; never posted again that day.
    pub last_posted_day: Option<i64>,
    /// The server's IANA time zone (`Europe/Berlin`); schedules saved before
    /// time zones existed were in UTC.
    #[serde(default = "utc")]
    pub time_zone: String,
    /// A failed post has been reported to the server's admins, and no post
    /// has arrived since: further failures are not reported again.
    #[serde(default)]
    pub failure_reported: bool,
}

fn utc() -> String {
    "UTC".to_string()
}

/// What recording a solve did.
#[derive(Clone, Debug, PartialEq)]
pub enum SolveRecorded {
    /// The user had solved this day's puzzle already; nothing changed.
    Already(PuzzleSolve),
    /// Stored, with the day's and the user's updated records, and what the
    /// solve did to the ratings (see `puzzle_ratings`).
    New { daily: Box<DailyPuzzle>, streak: PuzzleStreak, rated: Rated, hinted: bool },
    /// The guild has no puzzle that day; nothing changed.
    NoPuzzle,
}

#[derive(Serialize)]
struct Envelope<'a, T> {
    version: u32,
    record: &'a T,
}

pub(crate) fn encode<T: Serialize>(record: &T) -> Vec<u8> {
    serde_json::to_vec(&Envelope { version: PUZZLE_RECORD_VERSION, record }).expect("puzzle records serialize")
}

pub(crate) fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, StorageError> {
    let corrupt = |e: serde_json::Error| StorageError::Quarantined(e.to_string());
    let mut value: serde_json::Value = serde_json::from_slice(bytes).map_err(corrupt)?;
    match value["version"].as_u64().map(|v| v as u32) {
        Some(PUZZLE_RECORD_VERSION) => serde_json::from_value(value["record"].take()).map_err(corrupt),
        Some(newer) if newer > PUZZLE_RECORD_VERSION => Err(StorageError::TooNew(newer)),
        Some(older) => Err(StorageError::Quarantined(format!("puzzle record version {older} has no upgrade path"))),
        None => Err(StorageError::Quarantined("no record version".into())),
    }
}

use crate::store::TxResult;

pub(crate) fn get_tx<T: DeserializeOwned>(tree: &TxTree<'_, '_>, key: &[u8]) -> TxResult<Option<T>> {
    match tree.get(key)? {
        None => Ok(None),
        Some(bytes) => decode(&bytes).map(Some).map_err(TxError::Abort),
    }
}

fn pool_prefix(variant: &str) -> Vec<u8> {
    let mut key = variant.as_bytes().to_vec();
    key.push(0);
    key
}

fn day_key(guild: u64, day: i64) -> [u8; 16] {
    let mut key = [0; 16];
    key[..8].copy_from_slice(&guild.to_be_bytes());
    key[8..].copy_from_slice(&day.to_be_bytes());
    key
}

fn solve_key(guild: u64, day: i64, user: u64) -> [u8; 24] {
    let mut key = [0; 24];
    key[..16].copy_from_slice(&day_key(guild, day));
    key[16..].copy_from_slice(&user.to_be_bytes());
    key
}

fn streak_key(guild: u64, user: u64) -> [u8; 16] {
    let mut key = [0; 16];
    key[..8].copy_from_slice(&guild.to_be_bytes());
    key[8..].copy_from_slice(&user.to_be_bytes());
    key
}

impl Storage {
    /// Adds puzzles to the pool, each with a fresh id, skipping any whose
    /// variant and position are there already. Returns those added.
    pub fn add_puzzles(&self, puzzles: &[StoredPuzzle]) -> Result<Vec<StoredPuzzle>, StorageError> {
        let mut added = Vec::new();
        for puzzle in puzzles {
            let pool = self.puzzle_pool(&puzzle.variant)?;
            let known = pool
                .iter()
                .chain(&added)
                .any(|p: &StoredPuzzle| p.variant == puzzle.variant && p.position == puzzle.position);
            if known {
                continue;
            }
            let stored = StoredPuzzle { id: self.new_puzzle_id()?, ..puzzle.clone() };
            let mut key = pool_prefix(&stored.variant);
            key.extend_from_slice(&stored.id.to_be_bytes());
            let writing = self.writing();
            self.puzzles.insert(key, encode(&stored))?;
            drop(writing);
            added.push(stored);
        }
        self.flush()?;
        Ok(added)
    }

    /// Every puzzle of a variant, oldest first.
    pub fn puzzle_pool(&self, variant: &str) -> Result<Vec<StoredPuzzle>, StorageError> {
        self.decode_scan("puzzles", self.puzzles.scan_prefix(pool_prefix(variant)), decode)
    }

    /// A guild's puzzle of `day`, if one was chosen.
    pub fn daily_puzzle(&self, guild: u64, day: i64) -> Result<Option<DailyPuzzle>, StorageError> {
        self.get_record("puzzle_days", &day_key(guild, day), decode)
    }

    /// Every daily puzzle a guild has had, oldest first.
    pub fn daily_puzzles(&self, guild: u64) -> Result<Vec<DailyPuzzle>, StorageError> {
        self.decode_scan("puzzle_days", self.puzzle_days.scan_prefix(guild.to_be_bytes()), decode)
    }

    /// The guild's puzzle of `fresh.day`: the stored one, or `fresh`, stored
    /// now. Two callers at once get the same puzzle.
    pub fn open_daily_puzzle(&self, guild: u64, fresh: &DailyPuzzle) -> Result<DailyPuzzle, StorageError> {
        let key = day_key(guild, fresh.day);
        let _writing = self.writing();
        let (daily, created) = self.transaction(&["puzzle_days"], |tx| {
            let days = tx.tree("puzzle_days");
            if let Some(existing) = get_tx::<DailyPuzzle>(&days, &key)? {
                return Ok((existing, false));
            }
            days.insert(key, encode(fresh))?;
            Ok((fresh.clone(), true))
        })?;
        if created {
            self.flush()?;
        }
        Ok(daily)
    }

    /// Records `solve` of the guild's puzzle of `day`, with the day's solver
    /// count and first solver, the user's streak (which a hint taken on this
    /// puzzle keeps from growing), and the rating of the user's first attempt
    /// at the puzzle, all in one transaction.
    pub fn record_puzzle_solve(
        &self,
        guild: u64,
        day: i64,
        solve: &PuzzleSolve,
        rules: &RatingRules,
    ) -> Result<SolveRecorded, StorageError> {
        let (day_key, solve_key, streak_key) =
            (day_key(guild, day), solve_key(guild, day, solve.user), streak_key(guild, solve.user));
        let _writing = self.writing();
        let trees =
            ["puzzle_days", "puzzle_solves", "puzzle_streaks", "puzzle_tries", "solver_ratings", "puzzle_ratings"];
        let recorded = self.transaction(&trees, |tx| {
            let [days, solves, streaks, tries, solvers, ratings] = trees.map(|name| tx.tree(name));
            if let Some(earlier) = get_tx::<PuzzleSolve>(&solves, &solve_key)? {
                return Ok(SolveRecorded::Already(earlier));
            }
            let Some(mut daily) = get_tx::<DailyPuzzle>(&days, &day_key)? else {
                return Ok(SolveRecorded::NoPuzzle);
            };
            daily.solvers += 1;
            daily.first_solver.get_or_insert_with(|| Player { id: solve.user, name: solve.name.clone() });
            let mut streak = get_tx::<PuzzleStreak>(&streaks, &streak_key)?.unwrap_or(PuzzleStreak {
                user: solve.user,
                name: solve.name.clone(),
                current: 0,
                best: 0,
                last_day: i64::MIN,
                solved: 0,
                frozen_day: None,
            });
            let try_key = crate::puzzle_ratings::try_key(solve.user, daily.puzzle.id);
            let hinted = get_tx::<PuzzleTry>(&tries, &try_key)?.is_some_and(|t| t.hinted_at.is_some());
            grow_streak(&mut streak, day, hinted);
            streak.solved += 1;
            streak.name = solve.name.clone();
            days.insert(day_key, encode(&daily))?;
            solves.insert(solve_key, encode(solve))?;
            streaks.insert(streak_key, encode(&streak))?;
            let rated = rate_attempt(
                (&tries, &solvers, &ratings),
                (solve.user, &solve.name),
                &daily.puzzle,
                (solve.at, true),
                rules,
            )?;
            Ok(SolveRecorded::New { daily: Box::new(daily), streak, rated, hinted })
        })?;
        if matches!(recorded, SolveRecorded::New { .. }) {
            self.flush()?;
        }
        Ok(recorded)
    }

    /// A user's solve of the guild's puzzle of `day`, if they solved it.
    pub fn puzzle_solve(&self, guild: u64, day: i64, user: u64) -> Result<Option<PuzzleSolve>, StorageError> {
        self.get_record("puzzle_solves", &solve_key(guild, day, user), decode)
    }

    /// Every user's puzzle record in a guild.
    pub fn puzzle_streaks(&self, guild: u64) -> Result<Vec<PuzzleStreak>, StorageError> {
        self.decode_scan("puzzle_streaks", self.puzzle_streaks.scan_prefix(guild.to_be_bytes()), decode)
    }

    pub fn puzzle_schedule(&self, guild: u64) -> Result<Option<PuzzleSchedule>, StorageError> {
        self.get_record("settings", &named_key(guild, SCHEDULE), decode)
    }

    /// Sets (or with `None` removes) a guild's schedule, durably.
    pub fn set_puzzle_schedule(&self, guild: u64, schedule: Option<&PuzzleSchedule>) -> Result<(), StorageError> {
        let key = named_key(guild, SCHEDULE);
        let _writing = self.writing();
        match schedule {
            Some(schedule) => self.settings.insert(key, encode(schedule))?,
            None => self.settings.remove(key)?,
        }
        self.flush()
    }

    /// Every guild's schedule. Unreadable ones are skipped here and reported
    /// when their guild next reads its schedule.
    pub fn puzzle_schedules(&self) -> Result<Vec<(u64, PuzzleSchedule)>, StorageError> {
        let mut out = Vec::new();
        for entry in self.settings.iter() {
            let (key, value) = entry?;
            let (Some(guild), Some(name)) = (key.get(..8), key.get(8..)) else { continue };
            if name != SCHEDULE.as_bytes() {
                continue;
            }
            if let (Ok(guild), Ok(schedule)) = (guild.try_into(), decode(&value)) {
                out.push((u64::from_be_bytes(guild), schedule));
            }
        }
        Ok(out)
    }

    /// Notes that a scheduled post of the guild failed. `true` only for the
    /// first failure since the last post that arrived, so admins are told
    /// once; `false` too when the guild has no schedule any more.
    pub fn note_puzzle_post_failed(&self, guild: u64) -> Result<bool, StorageError> {
        self.set_failure_reported(guild, true)
    }

    /// Notes that a scheduled post arrived, so the next failure is reported.
    pub fn note_puzzle_post_arrived(&self, guild: u64) -> Result<(), StorageError> {
        self.set_failure_reported(guild, false).map(|_| ())
    }

    /// Sets the schedule's `failure_reported`; whether that changed it.
    fn set_failure_reported(&self, guild: u64, reported: bool) -> Result<bool, StorageError> {
        let key = named_key(guild, SCHEDULE);
        let _writing = self.writing();
        let changed = self.transaction(&["settings"], |tx| {
            let settings = tx.tree("settings");
            let Some(mut schedule) = get_tx::<PuzzleSchedule>(&settings, &key)? else { return Ok(false) };
            if schedule.failure_reported == reported {
                return Ok(false);
            }
            schedule.failure_reported = reported;
            settings.insert(key.as_slice(), encode(&schedule))?;
            Ok(true)
        })?;
        if changed {
            self.flush()?;
        }
        Ok(changed)
    }

    /// Claims the scheduled post of `fresh.day` for a guild: if its schedule
    /// has not posted that day, marks the day posted and returns the day's
    /// puzzle (the stored one, or `fresh`), all in one durable transaction.
    /// `None` when the day was claimed already or there is no schedule, so
    /// every caller after the first gets `None`, across restarts too.
    pub fn claim_puzzle_post(&self, guild: u64, fresh: &DailyPuzzle) -> Result<Option<DailyPuzzle>, StorageError> {
        let (schedule_key, day_key) = (named_key(guild, SCHEDULE), day_key(guild, fresh.day));
        let _writing = self.writing();
        let claimed = self.transaction(&["settings", "puzzle_days"], |tx| {
            let (settings, days) = (tx.tree("settings"), tx.tree("puzzle_days"));
            let Some(mut schedule) = get_tx::<PuzzleSchedule>(&settings, &schedule_key)? else { return Ok(None) };
            if schedule.last_posted_day.is_some_and(|d| d >= fresh.day) {
                return Ok(None);
            }
            schedule.last_posted_day = Some(fresh.day);
            let mut daily = get_tx::<DailyPuzzle>(&days, &day_key)?.unwrap_or_else(|| fresh.clone());
            daily.posted_in = Some(schedule.channel);
            settings.insert(schedule_key.as_slice(), encode(&schedule))?;
            days.insert(day_key, encode(&daily))?;
            Ok(Some(daily))
        })?;
        if claimed.is_some() {
            self.flush()?;
        }
        Ok(claimed)
    }
}
