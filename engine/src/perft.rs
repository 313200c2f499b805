//! Perft: counting the leaves of the legal move tree, the standard test of a move
//! generator against published numbers and other engines.

use crate::grants::Grants;
use crate::moves::Move;
use crate::position::Position;

/// Number of legal move sequences of length `depth` from `position`.
pub fn perft(position: &mut Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    count(position, depth, None, &mut buffers)
}

/// Perft split by root move, in generation order.
pub fn divide(position: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    let moves = position.legal_moves();
    moves
        .into_iter()
        .map(|mv| {
            position.make(mv);
            let n = count(position, depth - 1, None, &mut buffers);
            position.unmake();
            (mv, n)
        })
        .collect()
}

/// Perft of a dice game with the same grants at every ply (a fixed roll
/// chain: `rookery perft --roll`, and the benches).
pub fn perft_granted(position: &mut Position, depth: u32, granted: Grants) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(128)).collect();
    count(position, depth, Some(granted), &mut buffers)
}

/// The leaves below `position`; `granted`, if any, is handed to every ply.
fn count(position: &mut Position, depth: u32, granted: Option<Grants>, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    if let Some(granted) = granted {
        position.set_granted(granted);
    }
    // Bulk counting: the last ply's moves are counted, not played (and, where
    // the rules allow, not even listed).
    if depth == 1 {
        return position.count_legal_with(moves);
    }
    position.generate_legal(moves);
    let mut nodes = 0;
    for &mv in moves.iter() {
        position.make(mv);
        nodes += count(position, depth - 1, granted, rest);
        position.unmake();
    }
    nodes
}
