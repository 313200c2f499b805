//! What the pieces attack: how free each piece is (its safe squares) and how
//! hard it presses on the enemy royal piece, weighed by kind. Counted with
//! the rays' masks ([`BitRays`]), so on boards of up to 64 cells only; a
//! larger board (Dragonchess's) has neither term.

use crate::bitrays::BitRays;
use crate::color::Color;
use crate::position::Position;
use crate::rules::Rules;
use crate::squareset::SquareSet;

use super::super::weights::{Phased, Weights};
use super::tapered;

/// The activity terms' weights by kind index, kept only where some is not 0.
pub(super) struct Activity {
    /// [`Weights::piece_mobility`].
    mobility: Vec<Phased>,
    /// [`Weights::royal_attack`].
    royal_attack: Vec<i32>,
    /// Which kinds are pawns, whose attacks make a square unsafe.
    pawns: Vec<bool>,
}

impl Activity {
    /// `None` where every activity weight is 0 or the board has no masks.
    pub(super) fn new(rules: &Rules, weights: &Weights) -> Option<Activity> {
        let weighed = weights.piece_mobility.iter().any(|w| *w != Phased::both(0))
            || weights.royal_attack.iter().any(|w| *w != 0);
        (weighed && rules.tables.bits().is_some()).then(|| Activity {
            mobility: weights.piece_mobility.clone(),
            royal_attack: weights.royal_attack.clone(),
            pawns: rules.kinds.iter().map(|kind| kind.pawn).collect(),
        })
    }

    /// The side to move's activity less the opponent's, at `phase` (256:
    /// full middlegame, 0: a bare endgame); `step` holds each square's
    /// neighbours, which with its own square make a royal piece's zone.
    pub(super) fn score(&self, position: &Position, phase: i32, step: &[SquareSet]) -> i32 {
        let Some(bits) = position.rules().tables.bits() else { return 0 };
        let us = position.turn();
        self.side(bits, position, us, phase, step) - self.side(bits, position, !us, phase, step)
    }

    fn side(&self, bits: &BitRays, position: &Position, color: Color, phase: i32, step: &[SquareSet]) -> i32 {
        let occupied = position.all_occupied().first_word();
        let own = position.occupied(color).first_word();
        let royals = position.royals(color).first_word();
        let unsafe_squares = self.pawn_attacks(bits, position, !color, occupied);
        let zone = position
            .royals(!color)
            .iter()
            .fold(0u64, |zone, royal| zone | step[royal.index()].first_word() | 1 << royal.index());
        let (mut opening, mut endgame, mut pressure) = (0, 0, 0);
        let mut pieces = own & !royals;
        while pieces != 0 {
            let from = crate::geometry::Square(pieces.trailing_zeros() as u16);
            pieces &= pieces - 1;
            let Some(piece) = position.piece_at(from) else { continue };
            let kind = piece.kind.0 as usize;
            if self.pawns[kind] {
                continue;
            }
            let rays = bits.piece(color, kind, from);
            let attacks = bits.reach(rays, occupied) & rays.capture;
            let free = (attacks & !own & !unsafe_squares).count_ones() as i32;
            let weight = self.mobility.get(kind).copied().unwrap_or_default();
            opening += weight.opening * free;
            endgame += weight.endgame * free;
            pressure += self.royal_attack.get(kind).copied().unwrap_or(0) * (attacks & zone).count_ones() as i32;
        }
        tapered(opening, endgame, phase) + pressure * phase / 256
    }

    /// The squares `color`'s pawns attack.
    fn pawn_attacks(&self, bits: &BitRays, position: &Position, color: Color, occupied: u64) -> u64 {
        let mut attacked = 0;
        let mut pieces = position.occupied(color).first_word();
        while pieces != 0 {
            let from = crate::geometry::Square(pieces.trailing_zeros() as u16);
            pieces &= pieces - 1;
            let Some(piece) = position.piece_at(from) else { continue };
            if self.pawns[piece.kind.0 as usize] {
                let rays = bits.piece(color, piece.kind.0 as usize, from);
                attacked |= bits.reach(rays, occupied) & rays.capture;
            }
        }
        attacked
    }
}
