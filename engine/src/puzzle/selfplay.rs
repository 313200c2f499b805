//! Self-play that reaches sharp positions: a few random moves to leave the
//! opening books behind, then a shallow alpha-beta search with the odd random
//! move, so material gets won and lost and games end in mates.

use super::protocol::{SECRET_CONTEXT, SECRET_NONCE};
use crate::color::Color;
use crate::game::{Action, Choice, Game, Turn};
use crate::moves::Move;
use crate::position::Position;
use crate::search::Searcher;
use rand::rngs::StdRng;
use rand::Rng;

use crate::turns::commitment;

/// Games longer than this are abandoned.
const MAX_PLIES: usize = 300;
/// The first moves are random within this range, so games differ.
const RANDOM_OPENING: (usize, usize) = (2, 10);
/// One move in this many is random after the opening.
const RANDOM_EVERY: usize = 8;
/// Search depth of the other moves, in plies.
const DEPTH: u32 = 2;

/// A finished self-play game: the moves from the start and who mated, if
/// anyone did.
pub(super) struct PlayedGame {
    pub moves: Vec<Move>,
    pub winner: Option<Color>,
}

/// Plays one game from `start` (left as it was).
pub(super) fn play(start: &Position, searcher: &mut Searcher, rng: &mut StdRng) -> PlayedGame {
    let mut position = start.scratch();
    let dead = position.rules().draws.dead_position;
    let opening = RANDOM_OPENING.0 + rng.random_range(0..RANDOM_OPENING.1 - RANDOM_OPENING.0 + 1);
    let mut moves = Vec::new();
    let mut seen = vec![position.hash()];
    let winner = loop {
        if crate::search::royal_taken(&position) {
            break Some(!position.turn());
        }
        let legal = position.legal_moves();
        if legal.is_empty() {
            break position.is_check().then(|| !position.turn());
        }
        let repeated = seen.iter().filter(|&&h| h == position.hash()).count() >= 3;
        let quiet_too_long = position.halfmove_clock() >= 100;
        if moves.len() >= MAX_PLIES || repeated || quiet_too_long || dead.is_some_and(|d| d(&position)) {
            break None;
        }
        let random = moves.len() < opening || rng.random_range(0..RANDOM_EVERY) == 0;
        let mv = if random {
            legal[rng.random_range(0..legal.len())]
        } else {
            searcher.search(&mut position, DEPTH).best.unwrap_or(legal[0])
        };
        position.make(mv);
        moves.push(mv);
        seen.push(position.hash());
    };
    PlayedGame { moves, winner }
}

/// Optional rolls are made on one turn in this many, or one in two in check.
const ROLL_EVERY: u32 = 3;

/// A self-play game through the turn protocol, dice rolled with the
/// generator's seeded rng, and each side's secret choice.
pub(super) struct PlayedTurns {
    pub game: Game,
    pub secrets: [Option<String>; 2],
}

/// Plays one game of `game`'s variant from `game` through its turns: secrets
/// chosen at random, required rolls rolled, an optional roll now and then,
/// and moves as [`play`] makes them. Passes are made only when forced.
pub(super) fn play_turns(mut game: Game, searcher: &mut Searcher, rng: &mut StdRng) -> PlayedTurns {
    let opening = RANDOM_OPENING.0 + rng.random_range(0..RANDOM_OPENING.1 - RANDOM_OPENING.0 + 1);
    let mut secrets: [Option<String>; 2] = [None, None];
    let mut plies = 0;
    // Rolls and secrets are actions too; this bounds a game of endless rolls.
    let mut actions = 0;
    while plies < MAX_PLIES && actions < 8 * MAX_PLIES {
        actions += 1;
        let Some(turn) = game.turn() else { break };
        let Some(action) = choose(&game, &turn, &mut secrets, searcher, rng, plies < opening) else { break };
        let ends_turn = matches!(action, Action::Move(_) | Action::Pass(_));
        if game.apply(action).is_err() {
            break;
        }
        plies += usize::from(ends_turn);
    }
    PlayedTurns { game, secrets }
}

/// What the side to act does now; `None` if it can do nothing that plays on.
fn choose(
    game: &Game,
    turn: &Turn,
    secrets: &mut [Option<String>; 2],
    searcher: &mut Searcher,
    rng: &mut StdRng,
    opening: bool,
) -> Option<Action> {
    let side = turn.side;
    let roll = |kind: usize, rng: &mut StdRng| {
        let dice = game.position().rules().chance?.kinds.get(kind)?.dice;
        Some(Action::Roll { side, kind, faces: dice.iter().map(|&sides| rng.random_range(1..=sides)).collect() })
    };
    let mut optional = Vec::new();
    for choice in &turn.choices {
        match choice {
            Choice::ChooseSecret { options } => {
                let option = options[rng.random_range(0..options.len())].clone();
                let commitment = commitment(SECRET_CONTEXT, side, &option, SECRET_NONCE);
                secrets[side.index()] = Some(option);
                return Some(Action::ChooseSecret { side, context: SECRET_CONTEXT.to_string(), commitment });
            }
            Choice::Reveal => {
                let option = secrets[side.index()].clone()?;
                return Some(Action::Reveal { side, option, nonce: SECRET_NONCE.to_string() });
            }
            Choice::PayPrice => {
                let (price, squares) = game.payable_prices(side).into_iter().next()?;
                return Some(Action::PayPrice { side, squares: squares[..usize::from(price.count)].to_vec() });
            }
            Choice::Roll { kind, required: true, .. } => return roll(*kind, rng),
            Choice::Roll { kind, required: false, .. } => optional.push(*kind),
            _ => {}
        }
    }
    let odds = if game.position().is_check() { 2 } else { ROLL_EVERY };
    if !optional.is_empty() && rng.random_range(0..odds) == 0 {
        return roll(optional[rng.random_range(0..optional.len())], rng);
    }
    if turn.choices.contains(&Choice::Move) {
        let mut position = game.position().clone();
        let legal = position.legal_moves();
        let mv = if opening || rng.random_range(0..RANDOM_EVERY) == 0 {
            legal[rng.random_range(0..legal.len())]
        } else {
            searcher.search(&mut position, DEPTH).best.unwrap_or(legal[0])
        };
        return Some(Action::Move(mv));
    }
    turn.choices.iter().any(|c| matches!(c, Choice::Pass { .. })).then_some(Action::Pass(side))
}
