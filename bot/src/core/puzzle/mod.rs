//! The daily puzzle: `/puzzle today`, `/puzzle solve`, `/puzzle leaderboard`
//! and `/puzzle schedule`, and the scheduled posts; practice puzzles
//! (`/puzzle random`), ratings (`/puzzle stats`) and hints.
//!
//! Each guild (the console and direct messages count as guild 0) has one
//! puzzle per day of its own time zone (UTC until its schedule names one),
//! chosen from the pool on first use (by a command or by the scheduled post)
//! and kept in a daily record; a guild never gets a puzzle twice while the
//! pool has one it has not had, which the reserve keeps so. Answers are judged
//! by the engine, privately; solves, first solvers, streaks and the rating of
//! a first attempt are stored in one transaction. See `docs/puzzles.md`.

mod hint;
mod message;
mod practice;
mod rating;
mod reserve;
mod schedule;
mod seed;
mod stats;
mod zone;

use std::collections::HashMap;

use rating::{rating_news, RULES};
use rookery_engine::puzzle::{self as engine, check_answer, Found, Verdict};
use rookery_engine::search::MateSolver;
use rookery_engine::Variant;
use rookery_storage::{DailyPuzzle, PuzzleSolve, SolveRecorded, StoredPuzzle};

use super::calendar::date;
use super::{storage_failure, Core, Outcome, Place, PuzzleCommand, Refusal, Reply, User};
pub use hint::HintOf;
use message::{add_reveal, puzzle_reply};
pub use reserve::{Reserve, ReserveKeeper, RESERVE_TARGET};
pub(super) use seed::seed_empty_pool;

/// Judging an answer needs only a small table: the lines are short.
const ANSWER_TABLE_BITS: u32 = 16;
const NO_PUZZLES: &str = "There are no puzzles yet; whoever runs Rookery can add some with `rookery puzzles generate`.";

/// An answer as judged by the engine.
enum Judged {
    /// The whole line, in SAN.
    Solved(Vec<String>),
    /// Right so far but short of mate: what to tell the solver. Not an attempt.
    SoFar(String),
    /// A complete wrong answer: what to tell the solver.
    Wrong(String),
}

/// Judges `moves` as an answer to `puzzle`. Moves that do not read are a
/// refusal, not an attempt.
fn judge(puzzle: &engine::Puzzle, moves: &str) -> Result<Judged, Refusal> {
    let mut solver = MateSolver::with_table_bits(ANSWER_TABLE_BITS);
    Ok(match check_answer(&mut solver, puzzle, moves)? {
        Verdict::Solved { line } => Judged::Solved(line),
        Verdict::SoFar { line, reply, moves_left } => Judged::SoFar(format!(
            "Right so far: {} — the defence answers **{reply}**, and mate is still {moves_left} move{} \
             away. Send the whole line with `/puzzle solve` to count it (the replies may be left out).",
            line.join(" "),
            if moves_left == 1 { "" } else { "s" },
        )),
        Verdict::Wrong { line, attempted } => {
            let after = if line.is_empty() { String::new() } else { format!("after {}, ", line.join(" ")) };
            let goal = puzzle.goal()?;
            Judged::Wrong(format!(
                "Not quite: {after}**{attempted}** lets it slip (it does not {goal} in {}).",
                puzzle.mate_in
            ))
        }
    })
}

/// A generated puzzle as the pool stores it.
pub fn stored(found: &Found) -> StoredPuzzle {
    let puzzle = &found.puzzle;
    StoredPuzzle {
        id: 0,
        variant: puzzle.variant.name().to_string(),
        position: puzzle.position.clone(),
        mate_in: puzzle.mate_in,
        solution: puzzle.solution.clone(),
        difficulty: puzzle.difficulty.score,
        source: found.source.clone(),
        setup: puzzle.setup.clone(),
        secrets: puzzle.secrets.clone(),
    }
}

/// A stored puzzle as the engine reads it.
pub fn engine_puzzle(stored: &StoredPuzzle) -> Result<engine::Puzzle, Refusal> {
    Ok(engine::Puzzle {
        variant: stored.variant.parse()?,
        position: stored.position.clone(),
        mate_in: stored.mate_in,
        solution: stored.solution.clone(),
        difficulty: engine::Difficulty { score: stored.difficulty },
        setup: stored.setup.clone(),
        secrets: stored.secrets.clone(),
    })
}

impl Core {
    pub(super) fn puzzle(&self, place: Place, user: &User, command: &PuzzleCommand) -> Outcome {
        match command {
            PuzzleCommand::Today => self.puzzle_today(place),
            PuzzleCommand::Solve { moves } => match self.storage.practice_puzzle(user.id).map_err(storage_failure)? {
                Some(open) => self.practice_solve(user, &open.puzzle, moves),
                None => self.puzzle_solve(place, user, moves),
            },
            PuzzleCommand::SolveToday { moves } => self.puzzle_solve(place, user, moves),
            PuzzleCommand::Random { variant } => self.puzzle_random(user, variant.as_deref()),
            PuzzleCommand::Stats { user: who } => self.puzzle_stats(place, who.as_ref().unwrap_or(user)),
            PuzzleCommand::Hint { of } => self.puzzle_hint(place, user, *of),
            PuzzleCommand::Leaderboard => self.puzzle_leaderboard(place),
            PuzzleCommand::Schedule { channel, time, rotation, time_zone } => {
                self.puzzle_schedule(place, user, *channel, time, rotation, time_zone)
            }
        }
    }

    fn puzzle_today(&self, place: Place) -> Outcome {
        let day = self.puzzle_day(place.guild)?;
        let daily = self.open_daily(place.guild, day)?;
        let mut reply = puzzle_reply(&daily, &format!("**Puzzle of {}**", date(day)))?;
        add_reveal(&mut reply, &self.storage, place.guild, day - 1)?;
        Ok(vec![reply])
    }

    fn puzzle_solve(&self, place: Place, user: &User, moves: &str) -> Outcome {
        let day = self.puzzle_day(place.guild)?;
        let storage = &self.storage;
        let daily = storage.daily_puzzle(place.guild, day).map_err(storage_failure)?.ok_or_else(|| {
            Refusal::new(
                "There is no puzzle here today yet: `/puzzle today` shows it, then answer with `/puzzle solve`.",
            )
        })?;
        if let Some(earlier) = storage.puzzle_solve(place.guild, day, user.id).map_err(storage_failure)? {
            return Err(Refusal(format!(
                "You have solved today's puzzle already ({}). The next one comes at midnight, server time.",
                earlier.line.join(" ")
            )));
        }
        let puzzle = engine_puzzle(&daily.puzzle)?;
        let line = match judge(&puzzle, moves)? {
            Judged::Solved(line) => line,
            Judged::SoFar(text) => return Ok(vec![Reply::private(text)]),
            Judged::Wrong(text) => {
                let rated = storage
                    .record_puzzle_attempt((user.id, &user.name), &daily.puzzle, (self.now(), false), &RULES)
                    .map_err(storage_failure)?;
                return Ok(vec![Reply::private(format!(
                    "{text} {} Try again!",
                    rating_news(&rated, &daily.puzzle.variant)
                ))]);
            }
        };
        let solve = PuzzleSolve { user: user.id, name: user.name.clone(), at: self.now(), line: line.clone() };
        match storage.record_puzzle_solve(place.guild, day, &solve, &RULES).map_err(storage_failure)? {
            SolveRecorded::New { daily, streak, rated, hinted } => {
                let days = |n: u32| format!("{n} day{}", if n == 1 { "" } else { "s" });
                let held = if hinted { " — held, not grown: you took the hint" } else { "" };
                let private = Reply::private(format!(
                    "Solved: {}. Your streak: {}{held} (best {}, {} solved in all). {}",
                    line.join(" "),
                    days(streak.current),
                    days(streak.best),
                    streak.solved,
                    rating_news(&rated, &daily.puzzle.variant),
                ));
                let public = if daily.solvers == 1 {
                    format!("**{}** is the first to solve today's puzzle!", user.name)
                } else {
                    format!("**{}** solved today's puzzle: {} solvers so far.", user.name, daily.solvers)
                };
                Ok(vec![private, Reply::text(public)])
            }
            SolveRecorded::Already(_) => Err(Refusal::new("You have solved today's puzzle already.")),
            SolveRecorded::NoPuzzle => Err(Refusal::new("There is no puzzle here today.")),
        }
    }

    /// The guild's puzzle of `day`, chosen now if it has none yet.
    fn open_daily(&self, guild: u64, day: i64) -> Result<DailyPuzzle, Refusal> {
        if let Some(daily) = self.storage.daily_puzzle(guild, day).map_err(storage_failure)? {
            return Ok(daily);
        }
        let fresh = self.choose_daily(guild, day)?;
        self.storage.open_daily_puzzle(guild, &fresh).map_err(storage_failure)
    }

    /// A fresh daily record for `day`: the day's variant by the guild's
    /// rotation, and among its puzzles one the guild has not had (or had
    /// longest ago), picked by guild and day so guilds differ.
    fn choose_daily(&self, guild: u64, day: i64) -> Result<DailyPuzzle, Refusal> {
        let variant = self.variant_of_day(guild, day)?;
        let pool = self.storage.puzzle_pool(variant.name()).map_err(storage_failure)?;
        if pool.is_empty() {
            return Err(Refusal(format!(
                "There are no {variant} puzzles yet; whoever runs Rookery can add some with \
                 `rookery puzzles generate --variant {variant}`."
            )));
        }
        let mut last_used: HashMap<u64, i64> = HashMap::new();
        for past in self.storage.daily_puzzles(guild).map_err(storage_failure)? {
            last_used.insert(past.puzzle.id, past.day);
        }
        let age = |p: &StoredPuzzle| last_used.get(&p.id).copied().unwrap_or(i64::MIN);
        let oldest = pool.iter().map(age).min().unwrap_or(i64::MIN);
        if oldest != i64::MIN {
            tracing::warn!(guild, %variant, "every puzzle has been posted here; one is used again");
        }
        let candidates: Vec<&StoredPuzzle> = pool.iter().filter(|p| age(p) == oldest).collect();
        let mix = (guild ^ (day as u64).rotate_left(32)).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 33;
        let puzzle = candidates[(mix % candidates.len() as u64) as usize].clone();
        Ok(DailyPuzzle { day, puzzle, posted_in: None, first_solver: None, solvers: 0 })
    }

    /// The variant of `day` in the guild's rotation (every game with
    /// puzzles, in turn, without one).
    fn variant_of_day(&self, guild: u64, day: i64) -> Result<Variant, Refusal> {
        let schedule = self.storage.puzzle_schedule(guild).map_err(storage_failure)?;
        let rotation: Vec<Variant> = match schedule {
            Some(s) if !s.rotation.is_empty() => s.rotation.iter().map(|v| v.parse()).collect::<Result<_, _>>()?,
            _ => self.default_rotation()?,
        };
        if rotation.is_empty() {
            return Err(Refusal::new(NO_PUZZLES));
        }
        Ok(rotation[day.rem_euclid(rotation.len() as i64) as usize])
    }

    /// Every game whose pool has puzzles, in the usual order of games.
    fn default_rotation(&self) -> Result<Vec<Variant>, Refusal> {
        let mut games = Vec::new();
        for variant in Variant::ALL {
            if !self.storage.puzzle_pool(variant.name()).map_err(storage_failure)?.is_empty() {
                games.push(variant);
            }
        }
        Ok(games)
    }

    /// Today for the guild's puzzles: the local day in its schedule's time
    /// zone, the UTC day without one.
    fn puzzle_day(&self, guild: u64) -> Result<i64, Refusal> {
        let schedule = self.storage.puzzle_schedule(guild).map_err(storage_failure)?;
        let zone = schedule.map_or(zone::UTC, |s| zone::stored_zone(&s.time_zone));
        Ok(zone::local_day(zone, self.now()))
    }
}
