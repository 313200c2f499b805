//! Game-tree search over the generic engine, for every deterministic variant:
//! an alpha-beta searcher with mate scores ([`Searcher`]) that plays moves, and
//! a mate solver ([`MateSolver`]) that proves or refutes "mate within N".
//!
//! Both work only through [`Position`]'s generic interface (legal moves,
//! make/unmake, check, hash), so a variant needs nothing of its own to be
//! searched. A variant with dice is searched over the moves its position's
//! grants allow, which is what [`Position::legal_moves`] returns; a player's
//! searcher also weighs, at every ply, a roll that starts every turn
//! ([`Searcher::weighing_rolls`]).
//!
//! ```
//! use rookery_engine::search::MateSolver;
//! use rookery_engine::{fen, Variant};
//!
//! let rules = Variant::Chess.rules()?;
//! // The back-rank mate: Ra8# is mate in one.
//! let mut position = fen::parse(&rules, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
//! let mut solver = MateSolver::new();
//! assert_eq!(solver.shortest_mate(&mut position, 4), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod alphabeta;
mod eval;
mod mate;
mod network;
mod order;
mod placement;
mod quiet;
mod report;
mod see;
mod table;
mod weights;

pub use alphabeta::{SearchResult, Searcher, MATE};
pub use eval::piece_values;
pub use mate::MateSolver;
pub use network::{Network, NetworkError};
pub use report::Iteration;
pub use weights::{own_view, Phased, Weights};

use crate::position::Position;

/// The key positions are stored under: the position hash, with the
/// en-passant target folded in whenever there is one, so two positions that
/// differ only in a possible en-passant capture never share an entry.
#[inline]
fn key(position: &Position) -> u64 {
    match position.en_passant() {
        Some(ep) => position.hash() ^ position.rules().zobrist.en_passant(ep.target),
        None => position.hash(),
    }
}

/// The key a [`Searcher`] stores a position under: [`key`], with the turn's
/// grants folded in, since the same position searched after two different
/// rolls has two different values (and, with no grant yet, the value of the
/// roll to come).
#[inline]
fn table_key(position: &Position) -> u64 {
    let granted = position.granted();
    if granted.is_empty() {
        key(position)
    } else {
        key(position) ^ crate::splitmix::SplitMix64::new(u64::from(granted.bits())).next_u64()
    }
}

/// Whether the side to move has lost already because its royal piece was
/// captured: the way games end in a variant without the check rule. Under the
/// check rule a royal piece can never be taken, so this is never true there.
#[inline]
pub(crate) fn royal_taken(position: &Position) -> bool {
    let rules = position.rules();
    rules.royalty == crate::royalty::Royalty::Capture
        && position.royals(position.turn()).is_empty()
        && rules.kinds.iter().any(|k| k.royal)
}
