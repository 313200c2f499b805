//! The pawns' share of the positional score, remembered by pawn structure.
//! Pawns move rarely and never sideways without a capture, so the pawns of
//! most positions a search scores stood the same way in one scored before:
//! their material, squares, passed bonuses and structure are looked up
//! rather than worked out pawn by pawn.

use std::cell::RefCell;

use crate::color::Color;
use crate::geometry::Square;
use crate::position::Position;
use crate::rules::Rules;
use crate::search::table::Table;
use crate::squareset::SquareSet;

use super::{Phased, Placement};

/// `2^12` remembered structures (about 200 KB): a search meets a few
/// thousand at most.
const CACHE_BITS: u32 = 12;

/// What one side's pawns score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::search) struct PawnTerms {
    /// Material, square bonuses and structure, tapered with the pieces'.
    pub placed: Phased,
    /// Passed bonuses, tapered apart (see [`Placement::score`]).
    pub passed: Phased,
    /// How far they have come, whatever the phase.
    pub fixed: i32,
    /// Where the passed ones stand.
    pub passers: SquareSet,
}

/// The pawn terms already worked out, by both sides' pawn squares; `None`
/// where the squares do not decide them: several kinds of pawn (a square
/// would not say which stands there) or a royal one.
pub(super) struct PawnCache(Option<RefCell<Table<[PawnTerms; 2]>>>);

impl PawnCache {
    pub(super) fn new(rules: &Rules) -> PawnCache {
        let mut pawn_kinds = rules.kinds.iter().filter(|kind| kind.pawn);
        let one_plain_kind = pawn_kinds.next().is_some_and(|kind| !kind.royal) && pawn_kinds.next().is_none();
        PawnCache(one_plain_kind.then(|| RefCell::new(Table::with_bits(CACHE_BITS))))
    }
}

/// The cache's key for both sides' pawn squares (White's first).
fn structure_key(pawns: &[SquareSet; 2]) -> u64 {
    pawns[1].digest(pawns[0].digest(0))
}

impl Placement {
    /// What each side's pawns score (White's first), where `pawns` holds
    /// their squares: looked up if a position with the same pawns was scored
    /// before.
    pub(in crate::search) fn pawn_terms(&self, position: &Position, pawns: &[SquareSet; 2]) -> [PawnTerms; 2] {
        if pawns[0].is_empty() && pawns[1].is_empty() {
            return [PawnTerms::default(); 2];
        }
        let Some(cache) = &self.pawn_cache.0 else {
            return self.work_out_pawn_terms(position, pawns);
        };
        let key = structure_key(pawns);
        if let Some(terms) = cache.borrow().get(key) {
            return terms;
        }
        let terms = self.work_out_pawn_terms(position, pawns);
        cache.borrow_mut().put(key, terms);
        terms
    }

    fn work_out_pawn_terms(&self, position: &Position, pawns: &[SquareSet; 2]) -> [PawnTerms; 2] {
        Color::ALL.map(|color| {
            let side = color.fold(0, 1);
            let (own_pawns, enemy_pawns) = (pawns[side], pawns[1 - side]);
            let mut terms = PawnTerms::default();
            for square in own_pawns.iter() {
                let Some(piece) = position.piece_at(square) else { continue };
                let index = piece.kind.0 as usize;
                let slot = index * self.box_size + square.index();
                let (value, bonus) = (self.material[index], self.squares[side][slot]);
                terms.placed.opening += value.opening + bonus.opening;
                terms.placed.endgame += value.endgame + bonus.endgame;
                terms.fixed += self.fixed[side][slot];
                if (self.stoppers[side][square.index()] & enemy_pawns).is_empty() {
                    // Nothing can stop it but pieces.
                    terms.passed.opening += self.passed[side][slot].opening;
                    terms.passed.endgame += self.passed[side][slot].endgame;
                    terms.passers.insert(square);
                }
                if let Some(weights) = &self.structure {
                    let structure = self.pawn_structure(weights, side, square, own_pawns);
                    terms.placed.opening += structure.opening;
                    terms.placed.endgame += structure.endgame;
                }
            }
            terms
        })
    }

    /// The pawn-structure weights (of `[doubled, isolated, connected]`) a pawn
    /// of `side` on `square` earns among `own_pawns`.
    fn pawn_structure(&self, weights: &[Phased; 3], side: usize, square: Square, own_pawns: SquareSet) -> Phased {
        let [doubled, isolated, connected] = *weights;
        let mut total = Phased::both(0);
        let mut add = |weight: Phased| {
            total.opening += weight.opening;
            total.endgame += weight.endgame;
        };
        if !(self.ahead_on_file[side][square.index()] & own_pawns).is_empty() {
            add(doubled);
        }
        if (self.neighbours[square.index()] & own_pawns).is_empty() {
            add(isolated);
        } else if !(self.supporters[side][square.index()] & own_pawns).is_empty() {
            add(connected);
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::structure_key;
    use crate::fen;
    use crate::search::Searcher;
    use crate::splitmix::SplitMix64;
    use crate::variant::Variant;

    #[test]
    fn remembered_pawn_terms_are_the_terms_worked_out_anew() {
        // Random play in each game with pawns: whenever a structure comes
        // back (after a piece move, say) the one remembered must be the same,
        // which fails if the key left either side's pawns out.
        let mut random = SplitMix64::new(11);
        let (mut games, mut looked_up) = (0, 0);
        for variant in Variant::ALL {
            let rules = variant.rules().unwrap();
            if !rules.kinds.iter().any(|kind| kind.pawn) {
                continue;
            }
            games += 1;
            let searcher = Searcher::new(&rules).positional();
            let placement = searcher.placement.as_ref().unwrap();
            let cache = placement.pawn_cache.0.as_ref().expect("one kind of pawn: remembered");
            for _ in 0..10 {
                let mut position = fen::parse(&rules, rules.start).unwrap();
                for _ in 0..80 {
                    let pawns = searcher.tally(&position).pawns;
                    looked_up += usize::from(cache.borrow().get(structure_key(&pawns)).is_some());
                    let fresh = placement.work_out_pawn_terms(&position, &pawns);
                    assert_eq!(placement.pawn_terms(&position, &pawns), fresh, "{variant}");
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    position.make(moves[random.next_u64() as usize % moves.len()]);
                }
            }
        }
        assert!(games >= 2, "chess and New chess have pawns");
        assert!(looked_up > 500, "only {looked_up} structures met again");
    }

    #[test]
    fn a_set_digest_tells_the_sides_apart() {
        let rules = Variant::Chess.rules().unwrap();
        let position = fen::parse(&rules, "4k3/3p4/8/8/8/8/3P4/4K3 w - - 0 1").unwrap();
        let searcher = Searcher::new(&rules);
        let [white, black] = searcher.tally(&position).pawns;
        assert_ne!(black.digest(white.digest(0)), white.digest(black.digest(0)));
        assert_ne!(white.digest(0), black.digest(0));
    }
}
