//! Proving a puzzle sound through the turn protocol: the solver wins in `N`
//! moves and no fewer against every defence and every roll, and each solver
//! move but the last is the only one that keeps the win. The recorded line
//! takes the defender's best replies and, for each roll, the first outcome
//! (by faces) after which the line stays unique.

use super::protocol::{after, move_of, TurnSolver};
use super::{Difficulty, Puzzle, Rejection};
use crate::game::{Action, Choice, Game};
use crate::notation;

/// Verifies `statement`: its position, setup and secrets (its `mate_in`,
/// `solution` and `difficulty` are ignored and filled in).
pub fn verify_statement(statement: &Puzzle, max: u32) -> Result<Puzzle, Rejection> {
    let start = statement.start_game().map_err(|e| Rejection::Unreadable(e.to_string()))?;
    let turn = start.turn().ok_or(Rejection::NoMate(max))?;
    if !turn.choices.contains(&Choice::Move) {
        return Err(Rejection::NotSolversMove);
    }
    let secrets = statement.stated_secrets();
    let mut solver = TurnSolver::new(turn.side, secrets);
    let shortest = solver.shortest_win(&start, max);
    let mut line = Vec::new();
    let extended = shortest.map(|mate_in| extend(&mut solver, &start, mate_in, 1, &mut line));
    if solver.gave_up() {
        return Err(Rejection::TooHard);
    }
    let (Some(mate_in), Some(extended)) = (shortest, extended) else { return Err(Rejection::NoMate(max)) };
    extended?;
    let first = line.first().and_then(|(action, _)| move_of(action));
    let follow_up = if mate_in == 1 {
        solver.with_node_limit(u64::MAX).keeping_actions(&start, 1).len()
    } else {
        line.first().and_then(|(action, _)| after(&start, action)).map_or(0, |next| next.position().legal_moves().len())
    };
    let difficulty = match first {
        Some(first) => Difficulty::score(start.position(), mate_in, first, follow_up),
        None => Difficulty { score: 300 },
    };
    Ok(Puzzle { mate_in, solution: line.into_iter().map(|(_, text)| text).collect(), difficulty, ..statement.clone() })
}

/// Appends the line from `game`, where the solver wins in exactly `left`
/// moves, to the end of the game. On failure `line` is as it was.
fn extend(
    solver: &mut TurnSolver,
    game: &Game,
    left: u32,
    solver_move: u32,
    line: &mut Vec<(Action, String)>,
) -> Result<(), Rejection> {
    if game.outcome().is_some() {
        return Ok(());
    }
    let turn = game.turn().expect("a game without an outcome has a turn");
    let side = turn.side;
    let mut tries: Vec<(Action, Game)> = Vec::new();
    let mut next_left = left;
    let mut next_move = solver_move;
    if turn.choices.contains(&Choice::Reveal) {
        let reveal = solver.reveal(side).ok_or(Rejection::NoMate(left))?;
        tries.extend(after(game, &reveal).map(|next| (reveal, next)));
    } else if let Some(kind) = turn.choices.iter().find_map(|c| match c {
        Choice::Roll { kind, required: true, .. } => Some(*kind),
        _ => None,
    }) {
        tries = solver.roll_outcomes(game, side, kind);
    } else if side == solver.solver() {
        let keeping = solver.keeping_actions(game, left);
        if keeping.len() > 1 && left > 1 {
            let legal = game.position().legal_moves();
            let moves = keeping
                .iter()
                .map(|action| match action {
                    Action::Move(mv) => notation::san_among(game.position(), *mv, &legal),
                    _ => "pass".to_string(),
                })
                .collect();
            return Err(Rejection::NotUnique { solver_move, moves });
        }
        let first = keeping.into_iter().next().ok_or(Rejection::NoMate(left))?;
        tries.extend(after(game, &first).map(|next| (first, next)));
        next_left = left - 1;
        next_move = solver_move + 1;
    } else if turn.choices.contains(&Choice::PayPrice) {
        for price in solver.price_choices(game, side) {
            tries.extend(after(game, &price).map(|next| (price, next)));
        }
    } else {
        for reply in solver.lasting_replies(game, left) {
            tries.extend(after(game, &reply).map(|next| (reply, next)));
        }
    }
    let mut first_failure = None;
    for (action, next) in tries {
        let text = crate::action_text::write(game.position(), &action);
        line.push((action, text));
        match extend(solver, &next, next_left, next_move, line) {
            Ok(()) => return Ok(()),
            Err(rejection) => {
                line.pop();
                first_failure.get_or_insert(rejection);
            }
        }
    }
    Err(first_failure.unwrap_or(Rejection::NoMate(left)))
}
