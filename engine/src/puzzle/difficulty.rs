//! How hard a puzzle is, on a rating-like scale: longer mates, quiet first
//! moves, many tempting alternatives and many defences to see through make a
//! puzzle harder; several mates in one make it easier.

use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::search::MateSolver;

/// A puzzle's difficulty. `score` reads like a rating: 500 for an obvious
/// mate in one, about 1500 for a mate in three behind a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    pub score: u32,
}

const BASE: i32 = 500;
const PER_EXTRA_MOVE: i32 = 300;
/// A first move that neither checks nor captures is the hardest to find.
const QUIET_FIRST: i32 = 300;
/// A capture that does not check is still less obvious than a check.
const CAPTURE_FIRST: i32 = 120;
/// Each other check or capture available at the start (at most 15 count).
const PER_TEMPTATION: i32 = 15;
/// Each defender reply to the first move (at most 30 count).
const PER_REPLY: i32 = 5;
/// Each mate in one beyond the first (a mate in one accepts them all).
const PER_EXTRA_MATE: i32 = 100;

impl Difficulty {
    /// Rates the puzzle starting at `position` whose solution begins with `first`.
    pub fn rate(solver: &mut MateSolver, position: &Position, mate_in: u32, first: Move) -> Difficulty {
        let mut scratch = position.scratch();
        let follow_up = if mate_in == 1 {
            solver.keeping_moves(&mut scratch, 1).len()
        } else {
            scratch.make(first);
            let replies = scratch.legal_moves().len();
            scratch.unmake();
            replies
        };
        Difficulty::score(position, mate_in, first, follow_up)
    }

    /// The score of a puzzle starting at `position` whose solution begins
    /// with `first`; `follow_up` is the number of winning first moves of a
    /// mate in one, else the number of defender replies to `first`.
    pub(super) fn score(position: &Position, mate_in: u32, first: Move, follow_up: usize) -> Difficulty {
        let mut scratch = position.scratch();
        let forcing = |p: &mut Position, mv: Move| {
            let capture = notation::is_capture(p, mv);
            p.make(mv);
            let check = p.is_check();
            p.unmake();
            (check, capture)
        };
        let legal = scratch.legal_moves();
        let temptations = legal
            .iter()
            .filter(|&&mv| mv != first)
            .filter(|&&mv| {
                let (check, capture) = forcing(&mut scratch, mv);
                check || capture
            })
            .count() as i32;
        let mut score = BASE + PER_EXTRA_MOVE * (mate_in as i32 - 1) + PER_TEMPTATION * temptations.min(15);
        score += match forcing(&mut scratch, first) {
            (true, _) => 0,
            (false, true) => CAPTURE_FIRST,
            (false, false) => QUIET_FIRST,
        };
        let follow_up = follow_up as i32;
        if mate_in == 1 {
            score -= PER_EXTRA_MATE * (follow_up - 1).max(0);
        } else {
            score += PER_REPLY * follow_up.min(30);
        }
        Difficulty { score: score.clamp(300, 3000) as u32 }
    }

    /// The score in a word: easy, medium, hard or very hard.
    pub fn label(self) -> &'static str {
        match self.score {
            0..800 => "easy",
            800..1300 => "medium",
            1300..1800 => "hard",
            _ => "very hard",
        }
    }
}
