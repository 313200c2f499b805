//! What the pieces attack: how free each piece is (its safe squares), how
//! hard it presses on the enemy royal piece, and which pieces enemy pawns
//! attack or nothing guards, weighed by kind. Counted with the rays' masks
//! ([`BitRays`]), so on boards of up to 64 cells only; a larger board
//! (Dragonchess's) has none of these terms.

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
    /// [`Weights::pawn_threat`].
    pawn_threat: Vec<i32>,
    /// [`Weights::hanging`].
    hanging: Vec<i32>,
    /// Which kinds are pawns, whose attacks make a square unsafe.
    pawns: Vec<bool>,
}

impl Activity {
    /// `None` where every activity weight is 0 or the board has no masks.
    pub(super) fn new(rules: &Rules, weights: &Weights) -> Option<Activity> {
        let weighed = weights.piece_mobility.iter().any(|w| *w != Phased::both(0))
            || [&weights.royal_attack, &weights.pawn_threat, &weights.hanging]
                .iter()
                .any(|by_kind| by_kind.iter().any(|w| *w != 0));
        (weighed && rules.tables.bits().is_some()).then(|| Activity {
            mobility: weights.piece_mobility.clone(),
            royal_attack: weights.royal_attack.clone(),
            pawn_threat: weights.pawn_threat.clone(),
            hanging: weights.hanging.clone(),
            pawns: rules.kinds.iter().map(|kind| kind.pawn).collect(),
        })
    }

    /// The side to move's activity less the opponent's, at `phase` (256:
    /// full middlegame, 0: a bare endgame); `step` holds each square's
    /// neighbours, which with its own square make a royal piece's zone.
    pub(super) fn score(&self, position: &Position, phase: i32, step: &[SquareSet]) -> i32 {
        let Some(bits) = position.rules().tables.bits() else { return 0 };
        let us = position.turn();
        let occupied = position.all_occupied().first_word();
        let maps = [us, !us].map(|color| self.attack_maps(bits, position, color, occupied));
        self.side(bits, position, us, phase, step, [maps[0], maps[1]])
            - self.side(bits, position, !us, phase, step, [maps[1], maps[0]])
    }

    /// `color`'s activity; `[ours, theirs]` are its and the enemy's attacks.
    fn side(
        &self,
        bits: &BitRays,
        position: &Position,
        color: Color,
        phase: i32,
        step: &[SquareSet],
        [ours, theirs]: [AttackMaps; 2],
    ) -> i32 {
        let occupied = position.all_occupied().first_word();
        let own = position.occupied(color).first_word();
        let royals = position.royals(color).first_word();
        let zone = position
            .royals(!color)
            .iter()
            .fold(0u64, |zone, royal| zone | step[royal.index()].first_word() | 1 << royal.index());
        let (mut opening, mut endgame, mut pressure, mut threats) = (0, 0, 0, 0);
        let mut pieces = own & !royals;
        while pieces != 0 {
            let from = crate::geometry::Square(pieces.trailing_zeros() as u16);
            let bit = pieces & pieces.wrapping_neg();
            pieces &= pieces - 1;
            let Some(piece) = position.piece_at(from) else { continue };
            let kind = piece.kind.0 as usize;
            if theirs.all & bit != 0 && ours.all & bit == 0 {
                threats += self.hanging.get(kind).copied().unwrap_or(0);
            }
            if self.pawns[kind] {
                continue;
            }
            if theirs.pawns & bit != 0 {
                threats += self.pawn_threat.get(kind).copied().unwrap_or(0);
            }
            let rays = bits.piece(color, kind, from);
            let attacks = bits.reach(rays, occupied) & rays.capture;
            let free = (attacks & !own & !theirs.pawns).count_ones() as i32;
            let weight = self.mobility.get(kind).copied().unwrap_or_default();
            opening += weight.opening * free;
            endgame += weight.endgame * free;
            pressure += self.royal_attack.get(kind).copied().unwrap_or(0) * (attacks & zone).count_ones() as i32;
        }
        tapered(opening, endgame, phase) + pressure * phase / 256 + threats
    }

    /// The squares `color`'s pawns attack, and all its pieces together.
    fn attack_maps(&self, bits: &BitRays, position: &Position, color: Color, occupied: u64) -> AttackMaps {
        let mut maps = AttackMaps { pawns: 0, all: 0 };
        let mut pieces = position.occupied(color).first_word();
        while pieces != 0 {
            let from = crate::geometry::Square(pieces.trailing_zeros() as u16);
            pieces &= pieces - 1;
            let Some(piece) = position.piece_at(from) else { continue };
            let rays = bits.piece(color, piece.kind.0 as usize, from);
            let attacks = bits.reach(rays, occupied) & rays.capture;
            maps.all |= attacks;
            if self.pawns[piece.kind.0 as usize] {
                maps.pawns |= attacks;
            }
        }
        maps
    }
}

/// What one side attacks.
#[derive(Clone, Copy)]
struct AttackMaps {
    pawns: u64,
    all: u64,
}
