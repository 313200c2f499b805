//! Puzzle ratings: every puzzle's rating (global, like the pool), every
//! solver's rating per game (global too), each user's first attempt and hint
//! per puzzle, and each user's open practice puzzle.
//!
//! The rating arithmetic is not here: callers pass a [`RatingRules`] whose
//! `rate` computes new ratings from the ones read inside the transaction that
//! records the attempt, so an attempt is rated once or not at all, even across
//! a crash or two answers racing.
//!
//! Trees: `puzzle_ratings` (puzzle id), `solver_ratings` (user, variant),
//! `puzzle_tries` (user, puzzle id) and `puzzle_practice` (user).

use crate::store::TxTree;
use serde::{Deserialize, Serialize};

use crate::puzzles::{decode, encode, get_tx};
use crate::store::TxResult;
use crate::{Storage, StorageError, StoredPuzzle};

/// A Glicko-2 rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Glicko {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A puzzle's rating, shared by every server.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PuzzleRating {
    pub puzzle: u64,
    pub glicko: Glicko,
    /// Rated first attempts that solved it and that failed.
    pub solved: u32,
    pub failed: u32,
}

/// A user's puzzle rating in one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolverRating {
    pub user: u64,
    pub name: String,
    pub variant: String,
    pub glicko: Glicko,
    /// First attempts solved and failed (rated or not).
    pub solved: u32,
    pub failed: u32,
}

/// The first complete answer a user gave to a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstAttempt {
    /// Unix seconds.
    pub at: i64,
    pub solved: bool,
    /// Whether it moved the ratings (a hint taken before it makes it unrated).
    pub rated: bool,
}

/// What a user has done with one puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleTry {
    pub user: u64,
    pub puzzle: u64,
    pub variant: String,
    /// When the user first asked for the hint, if they did.
    pub hinted_at: Option<i64>,
    pub first: Option<FirstAttempt>,
}

/// The practice puzzle a user was served and has not answered yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PracticePuzzle {
    pub user: u64,
    pub puzzle: StoredPuzzle,
    /// Unix seconds.
    pub opened_at: i64,
}

/// How attempts are rated: the starting ratings and the update.
pub struct RatingRules<'a> {
    /// A solver's rating in a game before their first rated attempt there.
    pub solver_start: Glicko,
    /// A puzzle's rating before its first rated attempt.
    pub puzzle_start: &'a dyn Fn(&StoredPuzzle) -> Glicko,
    /// The solver's and the puzzle's new ratings after the solver solved
    /// (`true`) or failed the puzzle.
    pub rate: &'a dyn Fn(&Glicko, &Glicko, bool) -> (Glicko, Glicko),
}

/// What recording an answer did to the ratings.
#[derive(Clone, Debug, PartialEq)]
pub enum Rated {
    /// The first attempt, rated: the solver's rating before and after.
    First { before: Glicko, after: Box<SolverRating> },
    /// The first attempt, unrated because the hint was taken first.
    Hinted,
    /// Not the first attempt: nothing moved.
    Again(FirstAttempt),
}

/// What recording a practice answer did.
#[derive(Clone, Debug, PartialEq)]
pub enum PracticeAnswered {
    /// The user has no open practice puzzle; nothing changed.
    NoneOpen,
    /// The open practice puzzle (now closed) and what the answer did.
    Closed { puzzle: StoredPuzzle, rated: Rated },
}

/// Whether a hint was new.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintTaken {
    New,
    /// The user had taken it already, at this time; nothing changed.
    Already(i64),
}

fn user_key(user: u64, rest: &[u8]) -> Vec<u8> {
    let mut key = user.to_be_bytes().to_vec();
    key.extend_from_slice(rest);
    key
}

fn solver_key(user: u64, variant: &str) -> Vec<u8> {
    user_key(user, variant.as_bytes())
}

pub(crate) fn try_key(user: u64, puzzle: u64) -> Vec<u8> {
    user_key(user, &puzzle.to_be_bytes())
}

/// Records the first attempt of `user` (`name`) at `puzzle` in `tries`, and
/// rates it in `solvers` and `puzzles` unless a hint came first. Nothing
/// moves when the user had attempted the puzzle before.
pub(crate) fn rate_attempt(
    (tries, solvers, puzzles): (&TxTree<'_, '_>, &TxTree<'_, '_>, &TxTree<'_, '_>),
    (user, name): (u64, &str),
    puzzle: &StoredPuzzle,
    (at, solved): (i64, bool),
    rules: &RatingRules,
) -> TxResult<Rated> {
    let try_key = try_key(user, puzzle.id);
    let mut tried = get_tx::<PuzzleTry>(tries, &try_key)?.unwrap_or_else(|| PuzzleTry {
        user,
        puzzle: puzzle.id,
        variant: puzzle.variant.clone(),
        hinted_at: None,
        first: None,
    });
    if let Some(first) = tried.first {
        return Ok(Rated::Again(first));
    }
    let rated = tried.hinted_at.is_none();
    tried.first = Some(FirstAttempt { at, solved, rated });
    tries.insert(try_key, encode(&tried))?;
    let solver_key = solver_key(user, &puzzle.variant);
    let mut solver = get_tx::<SolverRating>(solvers, &solver_key)?.unwrap_or_else(|| SolverRating {
        user,
        name: name.to_string(),
        variant: puzzle.variant.clone(),
        glicko: rules.solver_start,
        solved: 0,
        failed: 0,
    });
    solver.name = name.to_string();
    *(if solved { &mut solver.solved } else { &mut solver.failed }) += 1;
    let before = solver.glicko;
    if rated {
        let puzzle_key = puzzle.id.to_be_bytes();
        let mut rating = get_tx::<PuzzleRating>(puzzles, &puzzle_key)?.unwrap_or_else(|| PuzzleRating {
            puzzle: puzzle.id,
            glicko: (rules.puzzle_start)(puzzle),
            solved: 0,
            failed: 0,
        });
        let (solver_after, puzzle_after) = (rules.rate)(&solver.glicko, &rating.glicko, solved);
        solver.glicko = solver_after;
        rating.glicko = puzzle_after;
        *(if solved { &mut rating.solved } else { &mut rating.failed }) += 1;
        puzzles.insert(puzzle_key, encode(&rating))?;
    }
    solvers.insert(solver_key, encode(&solver))?;
    Ok(if rated { Rated::First { before, after: Box::new(solver) } } else { Rated::Hinted })
}

impl Storage {
    /// Records a complete answer of `user` to `puzzle` (a daily puzzle
    /// answered wrongly: right ones go through `record_puzzle_solve`), rated
    /// if it is their first.
    pub fn record_puzzle_attempt(
        &self,
        (user, name): (u64, &str),
        puzzle: &StoredPuzzle,
        (at, solved): (i64, bool),
        rules: &RatingRules,
    ) -> Result<Rated, StorageError> {
        let _writing = self.writing();
        let trees = ["puzzle_tries", "solver_ratings", "puzzle_ratings"];
        let rated = self.transaction(&trees, |tx| {
            let [tries, solvers, puzzles] = trees.map(|name| tx.tree(name));
            rate_attempt((&tries, &solvers, &puzzles), (user, name), puzzle, (at, solved), rules)
        })?;
        if !matches!(rated, Rated::Again(_)) {
            self.flush()?;
        }
        Ok(rated)
    }

    /// Serves `puzzle` as the user's practice puzzle, replacing an open one.
    pub fn open_practice(&self, practice: &PracticePuzzle) -> Result<(), StorageError> {
        let _writing = self.writing();
        self.puzzle_practice.insert(practice.user.to_be_bytes(), encode(practice))?;
        self.flush()
    }

    /// The user's open practice puzzle, if any.
    pub fn practice_puzzle(&self, user: u64) -> Result<Option<PracticePuzzle>, StorageError> {
        self.get_record("puzzle_practice", &user.to_be_bytes(), decode)
    }

    /// Closes the user's open practice puzzle with a complete answer,
    /// rated if it is their first at that puzzle, in one transaction.
    pub fn answer_practice(
        &self,
        (user, name): (u64, &str),
        (at, solved): (i64, bool),
        rules: &RatingRules,
    ) -> Result<PracticeAnswered, StorageError> {
        let _writing = self.writing();
        let trees = ["puzzle_practice", "puzzle_tries", "solver_ratings", "puzzle_ratings"];
        let answered = self.transaction(&trees, |tx| {
            let [practice, tries, solvers, puzzles] = trees.map(|name| tx.tree(name));
            let key = user.to_be_bytes();
            let Some(open) = get_tx::<PracticePuzzle>(&practice, &key)? else {
                return Ok(PracticeAnswered::NoneOpen);
            };
            practice.remove(key)?;
            let rated = rate_attempt((&tries, &solvers, &puzzles), (user, name), &open.puzzle, (at, solved), rules)?;
            Ok(PracticeAnswered::Closed { puzzle: open.puzzle, rated })
        })?;
        if matches!(answered, PracticeAnswered::Closed { .. }) {
            self.flush()?;
        }
        Ok(answered)
    }

    /// Marks that `user` took the hint of `puzzle`. A hint taken before the
    /// first attempt makes that attempt unrated.
    pub fn take_puzzle_hint(&self, user: u64, puzzle: &StoredPuzzle, at: i64) -> Result<HintTaken, StorageError> {
        let key = try_key(user, puzzle.id);
        let _writing = self.writing();
        let taken = self.transaction(&["puzzle_tries"], |tx| {
            let tries = tx.tree("puzzle_tries");
            let mut tried = get_tx::<PuzzleTry>(&tries, &key)?.unwrap_or_else(|| PuzzleTry {
                user,
                puzzle: puzzle.id,
                variant: puzzle.variant.clone(),
                hinted_at: None,
                first: None,
            });
            if let Some(earlier) = tried.hinted_at {
                return Ok(HintTaken::Already(earlier));
            }
            tried.hinted_at = Some(at);
            tries.insert(key.as_slice(), encode(&tried))?;
            Ok(HintTaken::New)
        })?;
        if taken == HintTaken::New {
            self.flush()?;
        }
        Ok(taken)
    }

    /// What `user` has done with `puzzle`, if anything.
    pub fn puzzle_try(&self, user: u64, puzzle: u64) -> Result<Option<PuzzleTry>, StorageError> {
        self.get_record("puzzle_tries", &try_key(user, puzzle), decode)
    }

    /// Every puzzle `user` has hinted or attempted.
    pub fn puzzle_tries(&self, user: u64) -> Result<Vec<PuzzleTry>, StorageError> {
        self.decode_scan("puzzle_tries", self.puzzle_tries.scan_prefix(user.to_be_bytes()), decode)
    }

    /// A puzzle's rating, once it has been attempted rated.
    pub fn puzzle_rating(&self, puzzle: u64) -> Result<Option<PuzzleRating>, StorageError> {
        self.get_record("puzzle_ratings", &puzzle.to_be_bytes(), decode)
    }

    /// The user's puzzle ratings, one per game they have attempted.
    pub fn solver_ratings(&self, user: u64) -> Result<Vec<SolverRating>, StorageError> {
        self.decode_scan("solver_ratings", self.solver_ratings.scan_prefix(user.to_be_bytes()), decode)
    }
}
