//! Practice puzzles: `/puzzle random [game]` serves each user, privately, a
//! puzzle near their rating that they have never answered. It stays open
//! until their first complete answer, which is rated and closes it (a new
//! `/puzzle random` replaces an unanswered one, unrated).

use rookery_engine::Variant;
use rookery_storage::{Glicko, PracticeAnswered, PracticePuzzle, StoredPuzzle};

use super::super::{storage_failure, Button, ButtonAction, ButtonStyle, Core, HintOf, Outcome};
use super::super::{Refusal, Reply, User};
use super::message::{task_and_board, TaskAndBoard};
use super::rating::{puzzle_glicko, rating_news, shown, solver_glicko, RULES};
use super::{engine_puzzle, judge, Judged};

/// A practice puzzle is drawn from this many unanswered puzzles nearest the
/// solver's rating, so asking again does not always give the same one.
const NEAREST: usize = 5;

/// A puzzle that may be served, and how far its rating is from the solver's.
struct Candidate {
    puzzle: StoredPuzzle,
    rating: Glicko,
    distance: f64,
}

impl Core {
    pub(super) fn puzzle_random(&self, user: &User, variant: Option<&str>) -> Outcome {
        let variants: Vec<Variant> = match variant.map(str::trim).filter(|v| !v.is_empty()) {
            Some(name) => vec![name.parse()?],
            None => Variant::ALL.into_iter().filter(|v| v.rules().is_ok()).collect(),
        };
        let storage = &self.storage;
        let tries = storage.puzzle_tries(user.id).map_err(storage_failure)?;
        let answered = |id: u64| tries.iter().any(|t| t.puzzle == id && t.first.is_some());
        let open = storage.practice_puzzle(user.id).map_err(storage_failure)?.map(|p| p.puzzle.id);
        let mut candidates = Vec::new();
        for variant in &variants {
            let solver = solver_glicko(storage, user.id, variant.name())?;
            for puzzle in storage.puzzle_pool(variant.name()).map_err(storage_failure)? {
                if answered(puzzle.id) || open == Some(puzzle.id) {
                    continue;
                }
                let rating = puzzle_glicko(storage, &puzzle)?;
                candidates.push(Candidate { distance: (rating.rating - solver.rating).abs(), puzzle, rating });
            }
        }
        if candidates.is_empty() {
            let which = variant.map_or_else(|| "puzzle".to_string(), |v| format!("{v} puzzle"));
            return Err(Refusal(format!(
                "There is no {which} left that you have not answered. More come with every daily puzzle generated."
            )));
        }
        candidates.sort_by(|a, b| a.distance.total_cmp(&b.distance));
        candidates.truncate(NEAREST);
        let mix = (user.id ^ self.now() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 33;
        let chosen = candidates.swap_remove((mix % candidates.len() as u64) as usize);
        let solver = solver_glicko(storage, user.id, &chosen.puzzle.variant)?;
        let practice = PracticePuzzle { user: user.id, puzzle: chosen.puzzle, opened_at: self.now() };
        storage.open_practice(&practice).map_err(storage_failure)?;
        Ok(vec![practice_reply(&practice.puzzle, &chosen.rating, &solver)?])
    }

    /// Judges an answer to the user's open practice puzzle `puzzle`.
    pub(super) fn practice_solve(&self, user: &User, puzzle: &StoredPuzzle, moves: &str) -> Outcome {
        let solved = match judge(&engine_puzzle(puzzle)?, moves)? {
            Judged::SoFar(text) => return Ok(vec![Reply::private(text)]),
            Judged::Solved(line) => Ok(line),
            Judged::Wrong(text) => Err(text),
        };
        let answered = self
            .storage
            .answer_practice((user.id, &user.name), (self.now(), solved.is_ok()), &RULES)
            .map_err(storage_failure)?;
        let PracticeAnswered::Closed { puzzle, rated } = answered else {
            return Err(Refusal::new("That practice puzzle is closed already; `/puzzle random` serves another."));
        };
        let news = rating_news(&rated, &puzzle.variant);
        let text = match solved {
            Ok(line) => format!("Solved: {}. {news}", line.join(" ")),
            Err(wrong) => {
                let solution = engine_puzzle(&puzzle)?.solution_text()?;
                format!("{wrong} The solution was ||{solution}||. {news}")
            }
        };
        Ok(vec![Reply::private(format!("{text} `/puzzle random` serves another."))])
    }
}

/// The practice puzzle, privately: game, who mates in how many, ratings, the
/// board from the solver's side and the Hint button.
fn practice_reply(puzzle: &StoredPuzzle, rating: &Glicko, solver: &Glicko) -> Result<Reply, Refusal> {
    let engine = engine_puzzle(puzzle)?;
    let TaskAndBoard { task, picture } = task_and_board(&engine, format!("practice-{}.png", puzzle.id))?;
    let mut reply = Reply::private(format!(
        "**Practice puzzle** · {} · rated {} (you: {})\n**{task}**\nAnswer with `/puzzle solve`: \
         your first complete answer is rated and closes it (`/puzzle solve … daily:True` answers today's puzzle \
         meanwhile).",
        engine.variant,
        shown(rating),
        shown(solver),
    ));
    reply.image = picture;
    let mut hint = Button::new(ButtonAction::PuzzleHint, "Hint", ButtonStyle::Secondary);
    hint.payload = HintOf::Practice(puzzle.id).payload();
    reply.buttons.push(hint);
    Ok(reply)
}
