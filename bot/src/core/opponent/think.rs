//! What the engine decides on its turn: the choice the turn asks for (a
//! required roll, the secret choice, a price), or a move from a fixed-depth
//! alpha-beta search whose depth grows with the level; low levels sometimes
//! play any legal move instead, so they stay beatable.

use std::collections::HashMap;

use rand::rngs::StdRng;
use rand::Rng;
use rookery_engine::game::{Action, Choice, Game};
use rookery_engine::search::Searcher;
use rookery_engine::Color;

/// What the engine does now.
#[derive(Clone, Debug)]
pub(in crate::core) enum Decision {
    /// Apply this action as it is (a move, a pass, a price, a draw answer).
    Act(Action),
    /// Roll this kind of the game's dice: the core rolls it on the game's
    /// ledger, and the engine decides again once the faces are known.
    Roll { kind: usize },
    /// Make this secret choice: the core seals it like `/choose`.
    Secret { option: String },
}

/// Search depth in plies at `level` (1 to 8).
fn depth(level: u8) -> u32 {
    match level {
        0..=2 => 1,
        3..=5 => 2,
        _ => 3,
    }
}

/// How often (in percent) `level` plays any legal move rather than its best.
fn wildness(level: u8) -> u32 {
    match level {
        1 => 50,
        2 => 25,
        3 => 10,
        _ => 0,
    }
}

/// A worker's searchers, one per variant and options, kept between thoughts
/// for their tables.
#[derive(Default)]
pub(in crate::core) struct Players {
    searchers: HashMap<String, Searcher>,
}

impl Players {
    /// What `side` does now in `game` at `level`.
    pub fn decide(&mut self, game: &Game, side: Color, level: u8, rng: &mut StdRng) -> Decision {
        let choices = game.turn().map(|turn| turn.choices).unwrap_or_default();
        for choice in &choices {
            match choice {
                Choice::Roll { kind, required: true, .. } => return Decision::Roll { kind: *kind },
                Choice::ChooseSecret { options } if !options.is_empty() => {
                    return Decision::Secret { option: options[rng.random_range(0..options.len())].clone() }
                }
                Choice::PayPrice => {
                    if let Some((_, squares)) = game.payable_prices(side).into_iter().next() {
                        return Decision::Act(Action::PayPrice { side, squares });
                    }
                }
                _ => {}
            }
        }
        let moves = game.position().legal_moves();
        if choices.contains(&Choice::Move) && !moves.is_empty() {
            if rng.random_range(0..100) < wildness(level) {
                return Decision::Act(Action::Move(moves[rng.random_range(0..moves.len())]));
            }
            let rules = game.position().rules();
            let key = format!("{}:{}", rules.variant.name(), game.options().write(rules.options));
            let searcher = self.searchers.entry(key).or_insert_with(|| Searcher::new(rules));
            let mut position = game.position().clone();
            let best = searcher.search(&mut position, depth(level)).best;
            return Decision::Act(Action::Move(best.unwrap_or(moves[0])));
        }
        if choices.iter().any(|c| matches!(c, Choice::Pass { .. })) {
            return Decision::Act(Action::Pass(side));
        }
        Decision::Act(Action::Resign(side))
    }
}
