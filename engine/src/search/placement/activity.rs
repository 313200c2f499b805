//! What the pieces attack: how free each piece is (its safe squares), how
//! hard it presses on the enemy royal piece, which pieces enemy pawns
//! attack or nothing guards (the side to move's apart), and which checks
//! it could give unpunished, weighed by kind. Counted with the rays' masks
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
    /// [`Weights::pawn_threat_to_move`].
    pawn_threat_to_move: Vec<i32>,
    /// [`Weights::hanging_to_move`].
    hanging_to_move: Vec<i32>,
    /// [`Weights::safe_check`], for the first [`CHECKING_KINDS`] kinds.
    safe_check: Vec<i32>,
    /// Which kinds are pawns, whose attacks make a square unsafe.
    pawns: Vec<bool>,
}

impl Activity {
    /// `None` where every activity weight is 0 or the board has no masks.
    pub(super) fn new(rules: &Rules, weights: &Weights) -> Option<Activity> {
        let weighed = weights.piece_mobility.iter().any(|w| *w != Phased::both(0))
            || weights.kind_vectors().iter().any(|(_, by_kind)| by_kind.iter().any(|w| *w != 0));
        (weighed && rules.tables.bits().is_some()).then(|| Activity {
            mobility: weights.piece_mobility.clone(),
            royal_attack: weights.royal_attack.clone(),
            pawn_threat: weights.pawn_threat.clone(),
            hanging: weights.hanging.clone(),
            pawn_threat_to_move: weights.pawn_threat_to_move.clone(),
            hanging_to_move: weights.hanging_to_move.clone(),
            safe_check: weights.safe_check.iter().take(CHECKING_KINDS).copied().collect(),
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
        let ours = self.side(bits, position, us, phase, step, [our_pawns, their_pawns], true);
        let theirs = self.side(bits, position, !us, phase, step, [their_pawns, our_pawns], false);
        ours.score + self.hanging(position, us, ours.attacks, theirs.attacks, true)
            - theirs.score
            - self.hanging(position, !us, theirs.attacks, ours.attacks, false)
            + (self.safe_checks(bits, position, us, &ours, theirs.attacks)
                - self.safe_checks(bits, position, !us, &theirs, ours.attacks))
                * phase
                / 256
    }

    /// What `color`'s checks to come are worth in full middlegame
    /// ([`Weights::safe_check`]; the caller tapers it as pressure is):
    /// `side` is its activity, `guarded` the squares the enemy attacks. The
    /// squares a kind would check from are those it would attack from the
    /// enemy royal piece's square as the enemy's: exact for pieces whose
    /// moves are their own reverse (every chess piece but the pawn, which
    /// has no weight here).
    fn safe_checks(&self, bits: &BitRays, position: &Position, color: Color, side: &Side, guarded: u64) -> i32 {
        let occupied = position.all_occupied().first_word();
        let open = !position.occupied(color).first_word() & !guarded;
        let mut total = 0;
        for royal in position.royals(!color).iter() {
            for (kind, &weight) in self.safe_check.iter().enumerate() {
                let reach = side.by_kind[kind] & open;
                if weight == 0 || reach == 0 {
                    continue;
                }
                let rays = bits.piece(!color, kind, royal);
                let checking = bits.reach(rays, occupied) & rays.capture;
                total += weight * (reach & checking).count_ones() as i32;
            }
        }
        total
    }

    /// `color`'s activity but for hanging pieces and checks, and every
    /// square it attacks; `[own, enemy]` are the squares each side's pawns
    /// attack, and `to_move` says whether `color` has the move.
    #[allow(clippy::too_many_arguments)]
    fn side(
        &self,
        bits: &BitRays,
        position: &Position,
        color: Color,
        phase: i32,
        step: &[SquareSet],
        [own_pawns, enemy_pawns]: [u64; 2],
        to_move: bool,
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
        let mut by_kind = [0u64; CHECKING_KINDS];
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
            if let Some(reach) = by_kind.get_mut(kind) {
                *reach |= attacks;
            }
            if enemy_pawns >> from.index() & 1 != 0 {
                threats += self.pawn_threat.get(kind).copied().unwrap_or(0);
                if to_move {
                    threats += self.pawn_threat_to_move.get(kind).copied().unwrap_or(0);
                }
            }
            let free = (attacks & !own & !enemy_pawns).count_ones() as i32;
            let weight = self.mobility.get(kind).copied().unwrap_or_default();
            opening += weight.opening * free;
            endgame += weight.endgame * free;
            pressure += self.royal_attack.get(kind).copied().unwrap_or(0) * (attacks & zone).count_ones() as i32;
        }
        let score = tapered(opening, endgame, phase) + pressure * phase / 256 + threats;
        Side { score, attacks: attacked, by_kind }
    }

    /// What `color`'s pieces (pawns included, royals aside) that the enemy
    /// attacks and nothing of its own guards cost it (more, or less, if
    /// `to_move`: see [`Weights::hanging_to_move`]).
    fn hanging(&self, position: &Position, color: Color, guarded: u64, attacked: u64, to_move: bool) -> i32 {
        let pieces = position.occupied(color).first_word() & !position.royals(color).first_word();
        let weight = |kind: usize| {
            let extra = if to_move { self.hanging_to_move.get(kind).copied().unwrap_or(0) } else { 0 };
            self.hanging.get(kind).copied().unwrap_or(0) + extra
        };
        SquareSet::from_first_word(pieces & attacked & !guarded)
            .iter()
            .filter_map(|square| position.piece_at(square))
            .map(|piece| weight(piece.kind.0 as usize))
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
    /// The squares the pieces of each of the first [`CHECKING_KINDS`] kinds
    /// attack (royals and pawns left empty).
    by_kind: [u64; CHECKING_KINDS],
}

/// The kinds (by index) whose checks to come are weighed: every kind of
/// every game with masks has a lower index.
const CHECKING_KINDS: usize = 16;
