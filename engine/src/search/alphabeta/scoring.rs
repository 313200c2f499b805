//! How the searcher scores a position where it stops: material, where the
//! pieces stand (through its [`Placement`](crate::search::placement::Placement)),
//! mobility, and a memory of the scores already worked out.

use super::{Searcher, MAX_PLY};
use crate::color::Color;
use crate::position::Position;
use crate::search::key;
use crate::squareset::SquareSet;

/// What [`Searcher::evaluate`] counts first, by side (White's first).
pub(in crate::search) struct Tally {
    pub material: [i32; 2],
    /// Material besides pawns.
    pub pieces: [i32; 2],
    pub pawns: [SquareSet; 2],
}

impl Searcher {
    /// Material balance for the side to move, in centipawns (plus where the
    /// pieces stand, for a [`Searcher::positional`] one).
    pub fn evaluate(&self, position: &Position) -> i32 {
        let us = position.turn();
        let Tally { material, pieces, pawns } = self.tally(position);
        let (ours, theirs) = (us.fold(0, 1), (!us).fold(0, 1));
        match &self.placement {
            None => material[ours] - material[theirs],
            Some(placement) => {
                let mop_up = placement.mop_up(position, pieces, &pawns);
                if let Some(network) = &self.network {
                    // The network learnt little of bare royals driven to a
                    // corner, which its positions seldom held: the mop-up says it.
                    return network.score(position) + mop_up;
                }
                let pieces = [0, 1].map(|side| pieces[side] + placement.reserve_pieces(position, Color::ALL[side]));
                let both = pieces[0] + pieces[1];
                let phase = placement.material_phase(both);
                let pawn_terms = placement.pawn_terms(position, &pawns);
                placement.score(position, us, both, pieces[theirs], pawns[ours], &pawn_terms[ours])
                    - placement.score(position, !us, both, pieces[ours], pawns[theirs], &pawn_terms[theirs])
                    + mop_up
                    + placement.reserve(position, us, phase)
                    - placement.reserve(position, !us, phase)
                    + placement.activity(position, phase)
                    + self.weights.tempo
            }
        }
    }

    /// [`Searcher::evaluate`], looked up if this searcher scored the
    /// position before.
    pub(super) fn remembered_evaluation(&mut self, position: &Position) -> i32 {
        let key = key(position);
        if let Some(score) = self.scores.get(key) {
            return score;
        }
        let score = self.evaluate(position);
        self.scores.put(key, score);
        score
    }

    /// Each side's material (White's first), its material besides pawns,
    /// and where its pawns stand: one pass over the pieces.
    pub(in crate::search) fn tally(&self, position: &Position) -> Tally {
        let mut tally = Tally { material: [0; 2], pieces: [0; 2], pawns: [SquareSet::EMPTY; 2] };
        for color in [Color::White, Color::Black] {
            let side = color.fold(0, 1);
            for (square, kind) in position.pieces(color) {
                let value = self.values[kind.0 as usize];
                tally.material[side] += value;
                if self.rules.kinds[kind.0 as usize].pawn {
                    tally.pawns[side].insert(square);
                } else {
                    tally.pieces[side] += value;
                }
            }
        }
        tally
    }

    /// [`Weights::mobility`] per legal move the side to move has (`ours`) beyond the
    /// opponent's, counted as if it were the opponent's turn: a count of one
    /// side alone would swing the score from ply to ply. Nothing in check,
    /// where the opponent's moves are no measure, and nothing counted where
    /// the weight is 0 (the count is the dearest part of a score).
    pub(in crate::search) fn mobility(&mut self, position: &mut Position, ours: usize, ply: usize) -> i32 {
        // A network weighs what the pieces can do itself.
        if ply >= MAX_PLY || position.is_check() || self.weights.mobility == 0 || self.network.is_some() {
            return 0;
        }
        let mut theirs = std::mem::take(&mut self.buffers[ply + 1]);
        let saved = position.make_null();
        let count = position.count_legal_with(&mut theirs);
        position.unmake_null(saved);
        self.buffers[ply + 1] = theirs;
        self.weights.mobility * (ours as i32 - count as i32)
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{Searcher, Weights};
    use crate::variant::Variant;
    use crate::{fen, notation};

    #[test]
    fn a_remembered_score_is_the_score_and_is_forgotten_with_new_weights() {
        let rules = Variant::Chess.rules().unwrap();
        let mut searcher = Searcher::new(&rules).positional();
        // Black has kept both bishops for a knight and a bishop.
        let text = "r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 5";
        let mut position = fen::parse(&rules, text).unwrap();
        let scored = searcher.evaluate(&position);
        assert_eq!(searcher.remembered_evaluation(&position), scored);
        assert_eq!(searcher.remembered_evaluation(&position), scored, "looked up the second time");
        // Another position, and the same one with the other side to move, are scored apart.
        position.make(notation::parse_move(&position, "O-O").unwrap());
        assert_eq!(searcher.remembered_evaluation(&position), searcher.evaluate(&position));
        let passed = position.make_null();
        assert_eq!(searcher.remembered_evaluation(&position), searcher.evaluate(&position));
        position.unmake_null(passed);
        // Bishops worth more: the same position is scored anew.
        let remembered = searcher.remembered_evaluation(&position);
        let mut weights = Weights::for_rules(&rules);
        weights.material.iter_mut().for_each(|value| value.opening += value.opening / 2);
        let mut searcher = searcher.with_weights(weights);
        let rescored = searcher.evaluate(&position);
        assert_ne!(rescored, remembered);
        assert_eq!(searcher.remembered_evaluation(&position), rescored);
    }
}
