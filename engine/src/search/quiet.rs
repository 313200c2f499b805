//! The player's whole static score of a position, and whether a position is
//! quiet enough for that score to stand: what evaluation tuning fits.

use super::alphabeta::{Searcher, MATE};
use crate::color::Color;
use crate::position::Position;

impl Searcher {
    /// The score a [`Searcher::positional`] one stands pat on in the
    /// quiescence search, for the side to move, with mobility always counted;
    /// `None` in check or without a legal move, where it does not stand pat.
    pub fn static_score(&mut self, position: &mut Position) -> Option<i32> {
        if position.is_check() {
            return None;
        }
        let mut moves = std::mem::take(&mut self.buffers[0]);
        let ours = position.count_legal_with(&mut moves) as usize;
        self.buffers[0] = moves;
        if ours == 0 {
            return None;
        }
        let settled = self.evaluate(position) - self.royal_danger(position);
        Some(settled + self.mobility(position, ours, 0))
    }

    /// The phase, from 256 (full middlegame) to 0 (a bare endgame), by which
    /// a [`Searcher::positional`] one tapers its phased weights between their
    /// two values (as `(opening · phase + endgame · (256 − phase)) / 256`,
    /// summed over the pieces before the division); `None` for a plain one.
    pub fn phase(&self, position: &Position) -> Option<i32> {
        let placement = self.placement.as_ref()?;
        let [white, black] = self.tally(position).pieces;
        let waiting =
            placement.reserve_pieces(position, Color::White) + placement.reserve_pieces(position, Color::Black);
        Some(placement.material_phase(white + black + waiting))
    }

    /// [`Searcher::static_score`] when no capture or promotion changes it
    /// (the quiescence search settles on it), else `None`.
    pub fn quiet_score(&mut self, position: &mut Position) -> Option<i32> {
        let standing = self.static_score(position)?;
        (self.quiescence(position, 0, -MATE, MATE) == standing).then_some(standing)
    }
}
