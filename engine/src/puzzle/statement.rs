//! A puzzle in words: what the solver must do and what the puzzle states
//! (its own rolls, the true kings, the reserves), and the line as a reveal
//! shows it, rolls included.

use super::{Puzzle, PuzzleError};
use crate::color::Color;
use crate::game::{Action, EndReason, Game};

impl Puzzle {
    /// What the solver must do, as the line ends: "mate", or "capture the
    /// king" in a game won that way.
    pub fn goal(&self) -> Result<&'static str, PuzzleError> {
        let (_, end) = self.solution_actions()?;
        Ok(match end.outcome().map(|o| o.reason) {
            Some(EndReason::RoyalCaptured) => "capture the king",
            Some(EndReason::Checkmate | EndReason::RollInCheck) | None => "mate",
            Some(_) => "win",
        })
    }

    /// The puzzle in plain sentences: "White to move and capture the king in
    /// 2. You rolled [2,3].", "Black's true king is the F-king on f10.", what each side holds
    /// off the board.
    pub fn statement(&self) -> Result<String, PuzzleError> {
        let game = self.start_game()?;
        let position = game.position();
        let rules = position.rules();
        let name = |side: Color| rules.side_names[side.index()];
        let goal = self.goal()?;
        let mut text = format!("{} to move and {goal} in {}.", name(position.turn()), self.mate_in);
        let rolls: Vec<String> = game.turn_rolls().iter().filter_map(|roll| game.roll_text(roll)).collect();
        if !rolls.is_empty() {
            text.push_str(&format!(" You rolled {}.", rolls.join(", then ")));
        }
        if let Some(rule) = rules.turns.secret {
            let label = rule.label.trim_start_matches("your ");
            for (option, side) in self.secrets.iter().zip(Color::ALL) {
                // The option names a piece (`F` the `F-king`); say where it stands.
                let piece = crate::pgn_notes::option_name(position, option);
                let square = position.pieces(side).find(|&(_, kind)| rules.kind(kind).name == piece);
                match square {
                    Some((square, _)) => text.push_str(&format!(
                        " {}'s {label} is the {piece} on {}.",
                        name(side),
                        rules.geometry.name(square)
                    )),
                    None => text.push_str(&format!(" {}'s {label} is the {piece}.", name(side))),
                }
            }
        }
        if Color::ALL.iter().any(|&side| !position.hand(side).is_empty()) {
            for side in Color::ALL {
                let held: Vec<String> = position
                    .hand(side)
                    .kinds()
                    .map(|(kind, count)| {
                        let letter = rules.kind(kind).letter.to_ascii_uppercase();
                        if count == 1 {
                            letter.to_string()
                        } else {
                            format!("{letter}×{count}")
                        }
                    })
                    .collect();
                let held = if held.is_empty() { "nothing".to_string() } else { held.join(", ") };
                text.push_str(&format!(" {} holds {held} off the board.", name(side)));
            }
        }
        Ok(text)
    }
}

/// The line of a turn puzzle as a reveal shows it: numbered moves in SAN
/// with each roll before the move it served (`1. [2,3] Nxe8`).
pub(super) fn line_text(puzzle: &Puzzle) -> Result<String, PuzzleError> {
    let (actions, _) = puzzle.solution_actions()?;
    let mut game: Game = puzzle.start_game()?;
    let mut out: Vec<String> = Vec::new();
    let mut turn_starts = true;
    for (index, action) in actions.iter().enumerate() {
        let side = game.turn().map_or(Color::White, |t| t.side);
        let number = game.position().fullmove_number();
        if turn_starts && !matches!(action, Action::Reveal { .. }) {
            match side {
                Color::White => out.push(format!("{number}.")),
                Color::Black if index == 0 => out.push(format!("{number}...")),
                Color::Black => {}
            }
            turn_starts = false;
        }
        game.apply(action.clone()).map_err(|error| PuzzleError::Action { index, error })?;
        match action {
            Action::Move(_) => {
                out.push(game.moves_san().last().cloned().unwrap_or_default());
                turn_starts = true;
            }
            Action::Pass(_) => {
                out.push("pass".to_string());
                turn_starts = true;
            }
            Action::Roll { kind, faces, .. } => {
                out.extend(game.roll_text(&(*kind, faces.clone())));
            }
            Action::PayPrice { .. } => out.push(format!("({})", puzzle.solution[index])),
            _ => {}
        }
    }
    Ok(out.join(" "))
}
