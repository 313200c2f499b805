//! What a puzzle looks like in a channel: the board from the solver's side,
//! who is to move, the mate length and difficulty; and yesterday's reveal.

use rookery_engine::game::Action;
use rookery_engine::puzzle::Difficulty;
use rookery_engine::Color;
use rookery_render::position::{cell_of, view_of, Look};
use rookery_render::{Arrow, ArrowKind, LastMove, Theme};
use rookery_storage::{DailyPuzzle, Storage};

use super::super::{storage_failure, Attachment, Button, ButtonAction, ButtonStyle, HintOf, Refusal, Reply};
use super::engine_puzzle;
use crate::picture;

/// A puzzle's task and board, as every front shows it: what the solver must
/// do ("White to move: mate in 2.", or a statement with the stated rolls,
/// true kings and reserves where the game has them) and the board from the
/// solver's side, the stated rolls on it. `name` names the picture.
pub(super) struct TaskAndBoard {
    pub task: String,
    pub picture: Option<Attachment>,
}

pub(super) fn task_and_board(puzzle: &rookery_engine::puzzle::Puzzle, name: String) -> Result<TaskAndBoard, Refusal> {
    let unreadable = |e: rookery_engine::puzzle::PuzzleError| Refusal(format!("that puzzle no longer reads ({e})"));
    let start = puzzle.start_game().map_err(unreadable)?;
    let side = start.position().turn();
    let task = if puzzle.is_turn_puzzle().map_err(unreadable)? {
        puzzle.statement().map_err(unreadable)?
    } else {
        format!("{} to move: mate in {}.", start.position().rules().side_name(side), puzzle.mate_in)
    };
    let picture = match picture::game_png(&start, side == Color::Black, Theme::Light) {
        Ok(bytes) => Some(Attachment { name, bytes }),
        Err(error) => {
            tracing::error!(%error, "puzzle picture failed");
            None
        }
    };
    Ok(TaskAndBoard { task, picture })
}

/// The puzzle under `heading`: what the solver must do, the difficulty, how
/// many have solved it, and the board from the solver's side.
pub(super) fn puzzle_reply(daily: &DailyPuzzle, heading: &str) -> Result<Reply, Refusal> {
    let puzzle = engine_puzzle(&daily.puzzle)?;
    let TaskAndBoard { task, picture } = task_and_board(&puzzle, format!("puzzle-{}.png", daily.day))?;
    let difficulty = Difficulty { score: daily.puzzle.difficulty };
    let solved = match (&daily.first_solver, daily.solvers) {
        (Some(first), n) => format!("Solved by {n} so far, first by {}.", first.name),
        (None, _) => "Nobody has solved it yet.".to_string(),
    };
    let mut reply = Reply::text(format!(
        "{heading} · {} · {} ({})\n**{task}**\n{solved} Answer privately with `/puzzle solve` \
         and your moves (the replies may be left out).",
        puzzle.variant,
        difficulty.label(),
        difficulty.score,
    ));
    reply.image = picture;
    let mut hint = Button::new(ButtonAction::PuzzleHint, "Hint", ButtonStyle::Secondary);
    hint.payload = HintOf::Day(daily.day).payload();
    reply.buttons.push(hint);
    Ok(reply)
}

/// Adds the solution of the guild's puzzle of `day`, if it had one, to
/// `reply`: the line as hidden text, and the final (mated) position with the
/// mating move as an arrow, as a spoiler picture (Discord blurs `SPOILER_`
/// files until clicked).
pub(super) fn add_reveal(reply: &mut Reply, storage: &Storage, guild: u64, day: i64) -> Result<(), Refusal> {
    let Some(daily) = storage.daily_puzzle(guild, day).map_err(storage_failure)? else { return Ok(()) };
    let puzzle = engine_puzzle(&daily.puzzle)?;
    let line = puzzle.solution_text()?;
    let solvers = match (&daily.first_solver, daily.solvers) {
        (Some(first), n) => format!("solved by {n}, first by {}", first.name),
        (None, _) => "solved by nobody".to_string(),
    };
    if !reply.text.is_empty() {
        reply.text.push('\n');
    }
    let goal = puzzle.goal()?;
    reply.text.push_str(&format!("Yesterday's solution ({goal} in {}): ||{line}|| · {solvers}.", daily.puzzle.mate_in));
    match solution_png(&puzzle) {
        Ok(bytes) => reply.files.push(Attachment { name: format!("SPOILER_puzzle-{day}-solution.png"), bytes }),
        Err(error) => tracing::error!(%error, day, "puzzle solution picture failed"),
    }
    Ok(())
}

/// The position the solution ends in, from the solver's side, the mating
/// move highlighted and drawn as an arrow (a piece set down from the hand
/// has no square it came from, so it is only highlighted).
fn solution_png(puzzle: &rookery_engine::puzzle::Puzzle) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let solver = puzzle.start()?.turn();
    // The game's own replay: rolls, reveals and prices on the way count too.
    let (actions, end) = puzzle.solution_actions()?;
    let mate = actions
        .iter()
        .rev()
        .find_map(|action| match action {
            Action::Move(mv) => Some(*mv),
            _ => None,
        })
        .ok_or("the puzzle has no solution")?;
    let position = end.position();
    let look = Look { last_move: None, flipped: solver == Color::Black, theme: Theme::Light };
    let mut view = view_of(position, look);
    let cell = |square| cell_of(position, square);
    if mate.dropped().is_some() {
        view.last_move = Some(LastMove { from: None, to: cell(mate.to) });
    } else {
        view.last_move = Some(LastMove { from: Some(cell(mate.from)), to: cell(mate.to) });
        view.arrows.push(Arrow { from: cell(mate.from), to: cell(mate.to), kind: ArrowKind::Solution });
    }
    Ok(picture::renderer().render_png(&view)?)
}
