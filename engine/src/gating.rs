//! Moves gated by the turn's grants: which kinds may move quietly or capture,
//! where a quiet move is free anyway, whether castling needs a grant, grants
//! that replace the board moves by drops (a deployment turn), and grants of
//! extra move sets (teleports). Guardener's dice are this data; a variant
//! without gating has none and pays one branch per generation.

use crate::color::ByColor;
use crate::grants::Grants;
use crate::hand::DropZone;
use crate::moves::{Move, Special};
use crate::piece::Kind;
use crate::position::Position;
use crate::squareset::SquareSet;

/// What a kind's moves need. `Grants::NONE` means they need nothing.
#[derive(Clone, Debug)]
pub struct KindGate {
    /// Any one of these allows its moves to empty squares.
    pub quiet: Grants,
    /// Any one of these allows its captures (en passant included).
    pub capture: Grants,
    /// Quiet moves ending here need nothing (Guardener: a pawn's own half).
    pub free_quiet: ByColor<SquareSet>,
}

impl KindGate {
    /// Moves that need nothing.
    pub fn free() -> KindGate {
        KindGate { quiet: Grants::NONE, capture: Grants::NONE, free_quiet: ByColor::default() }
    }

    /// Moves and captures that need one of `needs`.
    pub fn needs(needs: Grants) -> KindGate {
        KindGate { quiet: needs, capture: needs, free_quiet: ByColor::default() }
    }
}

/// A variant's gating of moves by grants.
#[derive(Clone, Debug)]
pub struct Gating {
    /// Per kind.
    pub kinds: Vec<KindGate>,
    /// Castling needs one of these (none: always allowed).
    pub castling: Grants,
    /// While any of these is held, the turn is a deployment: the only moves
    /// are drops (Dice Landing after a successful roll).
    pub drops_only: Grants,
    /// Extra move sets: any own piece of the zone's kinds may be lifted onto an
    /// empty square of it while one of its grants is held ([`Special::Teleport`]).
    /// A teleport onto a square the piece reaches by an ordinary move this turn
    /// is not offered: the ordinary move stands for it.
    pub teleports: Vec<DropZone>,
}

/// A gate decided once per piece: may it move quietly (and where freely), may
/// it capture.
#[derive(Clone, Copy)]
pub(crate) struct Opened<'a> {
    pub quiet: bool,
    pub capture: bool,
    pub free_quiet: Option<&'a SquareSet>,
}

impl Opened<'_> {
    pub const ALL: Opened<'static> = Opened { quiet: true, capture: true, free_quiet: None };

    #[inline]
    pub fn quiet_to(&self, square: crate::geometry::Square) -> bool {
        self.quiet || self.free_quiet.is_some_and(|zone| zone.contains(square))
    }
}

impl Gating {
    /// What a `kind` piece of the side to move may do with `granted`.
    #[inline]
    pub(crate) fn opened(&self, kind: Kind, granted: Grants, us: crate::color::Color) -> Opened<'_> {
        let gate = &self.kinds[kind.0 as usize];
        let allows = |needs: Grants| needs.is_empty() || granted.intersects(needs);
        Opened { quiet: allows(gate.quiet), capture: allows(gate.capture), free_quiet: Some(&gate.free_quiet[us]) }
    }

    /// Whether `granted` opens the capture or promotion `mv` of `position`,
    /// found among the moves of a larger grant: the gates the generator
    /// applies, decided for one move (a search weighing several rolls
    /// generates the captures once for them all).
    pub(crate) fn opens_noisy(&self, position: &Position, mv: crate::moves::Move, granted: Grants) -> bool {
        if self.drops_only.intersects(granted) {
            return false;
        }
        let Some(piece) = position.piece_at(mv.from) else { return false };
        let open = self.opened(piece.kind, granted, position.turn());
        if crate::notation::is_capture(position, mv) {
            open.capture
        } else {
            open.quiet_to(mv.to)
        }
    }

    #[inline]
    pub(crate) fn castling_open(&self, granted: Grants) -> bool {
        self.castling.is_empty() || granted.intersects(self.castling)
    }
}

impl Position {
    /// Appends the granted teleports of the side to move, skipping those that
    /// an ordinary move in `out` already makes.
    pub(crate) fn generate_teleports(&self, out: &mut Vec<Move>) {
        let rules = self.rules();
        let Some(gating) = &rules.gating else { return };
        let granted = self.granted();
        if gating.teleports.iter().all(|zone| !zone.needs.is_empty() && !granted.intersects(zone.needs)) {
            return;
        }
        let us = self.turn();
        let empty = !self.all_occupied();
        let ordinary = out.len();
        for (from, kind) in self.pieces(us) {
            let squares = DropZone::union(&gating.teleports, kind, granted, us);
            for to in (squares & empty).iter() {
                if !out[..ordinary]
                    .iter()
                    .any(|m| m.from == from && m.to == to && !matches!(m.special, Special::Castle(_)))
                {
                    out.push(Move::new(from, to, Special::Teleport));
                }
            }
        }
    }
}
