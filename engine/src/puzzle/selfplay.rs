//! Self-play that reaches sharp positions: a few random moves to leave the
//! opening books behind, then a shallow alpha-beta search with the odd random
//! move, so material gets won and lost and games end in mates.

use crate::color::Color;
use crate::moves::Move;
use crate::position::Position;
use crate::search::Searcher;
use rand::rngs::StdRng;
use rand::Rng;

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
