//! Judging an answer to a puzzle played through its game's turns: the
//! solver's moves, with or without the defender's replies. Rolls, reveals
//! and prices are never typed: they follow the recorded line (once the
//! answer has left it, the first outcome), and every solver move is judged by
//! the turn search, so any move that keeps the forced win is right.

use super::answer::{tokens, AnswerError, Verdict};
use super::protocol::{after, TurnSolver};
use super::Puzzle;
use crate::game::{Action, Choice, Game};
use crate::notation;

pub(super) fn check(puzzle: &Puzzle, answer: &str) -> Result<Verdict, AnswerError> {
    let mut game = puzzle.start_game()?;
    let (record, _) = puzzle.solution_actions()?;
    let Some(side) = game.turn().map(|t| t.side) else { return Err(AnswerError::Empty) };
    let mut solver = TurnSolver::new(side, puzzle.stated_secrets());
    let mut tokens = tokens(answer).into_iter().enumerate().peekable();
    let mut line: Vec<String> = Vec::new();
    // What happened since the solver's last move, for a short answer's reply.
    let mut since: Vec<String> = Vec::new();
    let mut played = 0;
    let mut on_record = true;
    let mut left = puzzle.mate_in;
    loop {
        if game.outcome().is_some() {
            return match tokens.next() {
                None => Ok(Verdict::Solved { line }),
                Some(_) => Err(AnswerError::AfterMate { last: line.last().cloned().unwrap_or_default() }),
            };
        }
        let turn = game.turn().expect("a game without an outcome has a turn");
        let forced = turn
            .choices
            .iter()
            .any(|c| matches!(c, Choice::Reveal | Choice::PayPrice | Choice::Roll { required: true, .. }));
        let recorded = record.get(played).filter(|_| on_record).cloned();
        let action = if turn.side == side && !forced {
            let Some((index, token)) = tokens.next() else { return Err(AnswerError::Empty) };
            let mv = notation::parse_move(game.position(), token)
                .map_err(|error| AnswerError::Move { number: index + 1, error })?;
            let action = Action::Move(mv);
            let keeps = left > 0 && after(&game, &action).is_some_and(|next| solver.wins(&next, left - 1));
            if !keeps {
                return Ok(Verdict::Wrong { line, attempted: notation::san(game.position(), mv) });
            }
            left -= 1;
            since.clear();
            action
        } else if turn.side != side && !forced {
            let reply = match recorded.clone() {
                Some(reply) => reply,
                None => solver.lasting_replies(&game, left).into_iter().next().ok_or(AnswerError::Empty)?,
            };
            if tokens.peek().is_none() {
                since.push(text_of(&game, &reply));
                return Ok(Verdict::SoFar { line, reply: since.join(" "), moves_left: left });
            }
            let written = tokens.peek().and_then(|(_, token)| written_reply(&game, token, recorded.as_ref()));
            if written.is_some() {
                tokens.next();
            }
            written.unwrap_or(reply)
        } else {
            match recorded.clone() {
                Some(action) => action,
                None => first_forced(&solver, &game, &turn.choices).ok_or(AnswerError::Empty)?,
            }
        };
        on_record &= recorded.as_ref() == Some(&action);
        let text = text_of(&game, &action);
        game.apply(action).map_err(|_| AnswerError::Empty)?;
        played += 1;
        let shown = shown_text(&game, text);
        if let Some(shown) = shown {
            if turn.side != side || forced {
                since.push(shown.clone());
            }
            line.push(shown);
        }
    }
}

/// The first reveal, roll outcome or price the turn requires, as the line
/// records them when it has none of its own.
fn first_forced(solver: &TurnSolver, game: &Game, choices: &[Choice]) -> Option<Action> {
    let side = game.turn()?.side;
    for choice in choices {
        match choice {
            Choice::Reveal => return solver.reveal(side),
            Choice::PayPrice => return solver.price_choices(game, side).into_iter().next(),
            Choice::Roll { kind, required: true, .. } => {
                return solver.roll_outcomes(game, side, *kind).into_iter().next().map(|(action, _)| action)
            }
            _ => {}
        }
    }
    None
}

/// How `action`, about to be played in `game`, reads in the answer's line:
/// a move's SAN, a roll as the variant's log writes it.
fn text_of(game: &Game, action: &Action) -> String {
    match action {
        Action::Move(mv) => notation::san(game.position(), *mv),
        Action::Roll { kind, faces, .. } => game.roll_text(&(*kind, faces.clone())).unwrap_or_default(),
        Action::Pass(_) => "pass".to_string(),
        _ => String::new(),
    }
}

/// The text of the action just played, with the game's own mate marks for a
/// move; `None` for what a line does not show (a reveal).
fn shown_text(game: &Game, text: String) -> Option<String> {
    if text.is_empty() {
        return None;
    }
    match game.actions().last() {
        Some(Action::Move(_)) => game.moves_san().last().cloned(),
        _ => Some(text),
    }
}

/// The defender's reply written in `token`, if it is one: the recorded
/// reply, or another legal one, unless the token reads better as the
/// solver's next move after the recorded reply.
fn written_reply(game: &Game, token: &str, recorded: Option<&Action>) -> Option<Action> {
    let reply = Action::Move(notation::parse_move(game.position(), token).ok()?);
    if Some(&reply) == recorded {
        return Some(reply);
    }
    if let Some(next) = recorded.and_then(|recorded| after(game, recorded)) {
        if notation::parse_move(next.position(), token).is_ok() {
            return None;
        }
    }
    Some(reply)
}
