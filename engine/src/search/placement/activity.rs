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
        // Pawns first: where they attack decides which squares are safe for
        // the other side's pieces.
        let [our_pawns, their_pawns] = [us, !us].map(|color| self.pawn_attacks(bits, position, color, occupied));
        let ours = self.side(bits, position, us, phase, step, [our_pawns, their_pawns]);
        let theirs = self.side(bits, position, !us, phase, step, [their_pawns, our_pawns]);
        ours.score + self.hanging(position, us, ours.attacks, theirs.attacks)
            - theirs.score
            - self.hanging(position, !us, theirs.attacks, ours.attacks)
    }

    /// `color`'s activity but for hanging pieces, and every square it
    /// attacks; `[own, enemy]` are the squares each side's pawns attack.
    fn side(
        &self,
        bits: &BitRays,
        position: &Position,
        color: Color,
        phase: i32,
        step: &[SquareSet],
        [own_pawns, enemy_pawns]: [u64; 2],
    ) -> Side {
        let occupied = position.all_occupied().first_word();
        let own = position.occupied(color).first_word();
        let royals = position.royals(color);
        let zone = position
            .royals(!color)
            .iter()
            .fold(0u64, |zone, royal| zone | step[royal.index()].first_word() | 1 << royal.index());
        let (mut opening, mut endgame, mut pressure, mut threats) = (0, 0, 0, 0);
        let mut attacked = own_pawns;
        for (from, kind) in position.pieces(color) {
            let kind = kind.0 as usize;
            if self.pawns[kind] {
                continue;
            }
            let rays = bits.piece(color, kind, from);
            let attacks = bits.reach(rays, occupied) & rays.capture;
            attacked |= attacks;
            if royals.contains(from) {
                continue;
            }
            if enemy_pawns >> from.index() & 1 != 0 {
                threats += self.pawn_threat.get(kind).copied().unwrap_or(0);
            }
            let free = (attacks & !own & !enemy_pawns).count_ones() as i32;
            let weight = self.mobility.get(kind).copied().unwrap_or_default();
            opening += weight.opening * free;
            endgame += weight.endgame * free;
            pressure += self.royal_attack.get(kind).copied().unwrap_or(0) * (attacks & zone).count_ones() as i32;
        }
        let score = tapered(opening, endgame, phase) + pressure * phase / 256 + threats;
        Side { score, attacks: attacked }
    }

    /// What `color`'s pieces (pawns included, royals aside) that the enemy
    /// attacks and nothing of its own guards cost it.
    fn hanging(&self, position: &Position, color: Color, guarded: u64, attacked: u64) -> i32 {
        let pieces = position.occupied(color).first_word() & !position.royals(color).first_word();
        SquareSet::from_first_word(pieces & attacked & !guarded)
            .iter()
            .filter_map(|square| position.piece_at(square))
            .map(|piece| self.hanging.get(piece.kind.0 as usize).copied().unwrap_or(0))
            .sum()
    }

    /// The squares `color`'s pawns attack.
    fn pawn_attacks(&self, bits: &BitRays, position: &Position, color: Color, occupied: u64) -> u64 {
        position
            .pieces(color)
            .filter(|(_, kind)| self.pawns[kind.0 as usize])
            .map(|(from, kind)| {
                let rays = bits.piece(color, kind.0 as usize, from);
                bits.reach(rays, occupied) & rays.capture
            })
            .fold(0, |all, attacks| all | attacks)
    }
}

/// One side's activity (hanging pieces aside, which need both sides'
/// attacks) and the squares it attacks.
struct Side {
    score: i32,
    attacks: u64,
}
