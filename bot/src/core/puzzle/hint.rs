//! Hints: which piece makes the first solver move, never where it goes.
//! Asked with `/puzzle hint` or a puzzle's Hint button, answered privately.
//! A hint costs the daily streak bonus (the solve counts, the streak does not
//! grow that day), and a hint before the first answer makes that answer
//! unrated. Asking again repeats the hint and changes nothing.

use rookery_storage::{HintTaken, StoredPuzzle};

use super::super::calendar::date;
use super::super::{storage_failure, Core, Outcome, Place, Refusal, Reply, User};
use super::engine_puzzle;

/// Which puzzle a hint is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintOf {
    /// The one `/puzzle solve` would answer: the open practice puzzle, else today's.
    Open,
    /// The Hint button of the guild's puzzle of this day.
    Day(i64),
    /// The Hint button of this practice puzzle.
    Practice(u64),
}

impl HintOf {
    /// The payload of the Hint button: `day:N` or `practice:ID`.
    pub fn payload(self) -> Option<String> {
        match self {
            HintOf::Open => None,
            HintOf::Day(day) => Some(format!("day:{day}")),
            HintOf::Practice(puzzle) => Some(format!("practice:{puzzle}")),
        }
    }

    pub(crate) fn from_payload(payload: &str) -> Option<HintOf> {
        match payload.split_once(':')? {
            ("day", day) => Some(HintOf::Day(day.parse().ok()?)),
            ("practice", puzzle) => Some(HintOf::Practice(puzzle.parse().ok()?)),
            _ => None,
        }
    }
}

/// Where a hint is for: the user's practice puzzle, or the guild's daily one.
enum Hinted {
    Practice(StoredPuzzle),
    Daily(StoredPuzzle),
}

impl Core {
    pub(super) fn puzzle_hint(&self, place: Place, user: &User, of: HintOf) -> Outcome {
        let storage = &self.storage;
        let today = self.puzzle_day(place.guild)?;
        let open = storage.practice_puzzle(user.id).map_err(storage_failure)?;
        let target = match of {
            HintOf::Open => match open {
                Some(practice) => Hinted::Practice(practice.puzzle),
                None => Hinted::Daily(self.daily_for_hint(place, today)?),
            },
            HintOf::Day(day) if day != today => {
                return Err(Refusal(format!(
                    "That Hint button belongs to the puzzle of {}, which is over. `/puzzle today` shows today's.",
                    date(day)
                )))
            }
            HintOf::Day(_) => Hinted::Daily(self.daily_for_hint(place, today)?),
            HintOf::Practice(id) => match open {
                Some(practice) if practice.puzzle.id == id => Hinted::Practice(practice.puzzle),
                _ => {
                    return Err(Refusal::new(
                        "That Hint button belongs to a practice puzzle you have answered or replaced. \
                         `/puzzle random` serves a new one.",
                    ))
                }
            },
        };
        let puzzle = match &target {
            Hinted::Practice(puzzle) | Hinted::Daily(puzzle) => puzzle,
        };
        let hint = hint_text(puzzle)?;
        let tried = storage.puzzle_try(user.id, puzzle.id).map_err(storage_failure)?;
        let answered = tried.as_ref().is_some_and(|t| t.first.is_some());
        let solved_today = match &target {
            Hinted::Daily(_) => storage.puzzle_solve(place.guild, today, user.id).map_err(storage_failure)?.is_some(),
            Hinted::Practice(_) => false,
        };
        if answered && solved_today {
            return Ok(vec![Reply::private(format!("Hint: {hint} You have solved this puzzle already."))]);
        }
        match storage.take_puzzle_hint(user.id, puzzle, self.now()).map_err(storage_failure)? {
            HintTaken::Already(_) => {
                Ok(vec![Reply::private(format!("You took this hint already: {hint} Nothing more changes."))])
            }
            HintTaken::New => {
                let mut costs = Vec::new();
                if let Hinted::Daily(_) = target {
                    if !solved_today {
                        costs.push("your streak will not grow today (a solve still counts)");
                    }
                }
                if !answered {
                    costs.push("your first answer will be unrated");
                }
                let cost =
                    if costs.is_empty() { String::new() } else { format!(" It costs you this: {}.", costs.join("; ")) };
                Ok(vec![Reply::private(format!("Hint: {hint}{cost}"))])
            }
        }
    }

    /// The guild's puzzle of today, for a hint: one must have been shown.
    fn daily_for_hint(&self, place: Place, today: i64) -> Result<StoredPuzzle, Refusal> {
        let daily = self.storage.daily_puzzle(place.guild, today).map_err(storage_failure)?;
        daily
            .map(|d| d.puzzle)
            .ok_or_else(|| Refusal::new("There is no puzzle here today yet: `/puzzle today` shows it."))
    }
}

/// "The knight on f3 moves.": the piece of the puzzle's first solver move
/// and the square it leaves, named by the puzzle's own rules.
fn hint_text(stored: &StoredPuzzle) -> Result<String, Refusal> {
    let puzzle = engine_puzzle(stored)?;
    let start = puzzle.start()?;
    let key = *puzzle.solution_moves()?.first().ok_or_else(|| Refusal::new("This puzzle has no solution stored."))?;
    let rules = start.rules();
    let name = |kind: rookery_engine::Kind| rules.kinds.get(usize::from(kind.0)).map_or("piece", |k| k.name);
    Ok(match key.dropped() {
        Some(kind) => format!("A {} is dropped onto the board.", name(kind)),
        None => {
            let piece =
                start.piece_at(key.from).ok_or_else(|| Refusal::new("This puzzle's solution does not read."))?;
            format!("The {} on {} moves.", name(piece.kind), rules.geometry.name(key.from))
        }
    })
}
