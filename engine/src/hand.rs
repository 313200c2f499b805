//! Pieces off the board: a side's hand (New chess), reserve (Dice Landing) or
//! pool of captured pieces (Guardener's promotion reserve and its captured
//! Guardener). A hand is a count per kind; a drop is a [`Move`] with
//! [`Special::Drop`], and where drops may land, what happens to captured
//! pieces and what a drop must not do are the variant's [`Drops`] data.

use crate::color::{ByColor, Color};
use crate::geometry::Square;
use crate::grants::Grants;
use crate::moves::Move;
use crate::piece::Kind;
use crate::position::Position;
use crate::squareset::SquareSet;
use crate::tables::{AFAR, CAPTURE};

/// The most kinds a variant may have (attack masks are 32 bits wide).
pub const MAX_KINDS: usize = 32;

/// How many pieces of each kind one side holds off the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hand([u8; MAX_KINDS]);

impl Hand {
    pub const EMPTY: Hand = Hand([0; MAX_KINDS]);

    #[inline]
    pub fn count(&self, kind: Kind) -> u8 {
        self.0[kind.0 as usize]
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        // One comparison of the whole array, not a loop over 32 counts.
        *self == Hand::EMPTY
    }

    /// Every kind held, with its count, in kind order.
    pub fn kinds(&self) -> impl Iterator<Item = (Kind, u8)> + '_ {
        self.0.iter().enumerate().filter(|(_, n)| **n > 0).map(|(k, n)| (Kind(k as u8), *n))
    }

    #[inline]
    pub(crate) fn set(&mut self, kind: Kind, count: u8) {
        self.0[kind.0 as usize] = count;
    }
}

/// Where a captured piece goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureTo {
    /// It leaves the game (chess).
    Removed,
    /// Back to its owner's hand (Dice Landing's revival; Guardener's pool).
    OwnerHand,
    /// Into the captor's hand, changing sides (shogi, crazyhouse).
    CaptorHand,
}

/// Squares where pieces of some kinds may be dropped, while the side to move
/// holds one of the grants `needs` (none: always).
#[derive(Clone, Debug)]
pub struct DropZone {
    /// Bit `k` set: applies to pieces of kind `k`.
    pub kinds: u32,
    pub needs: Grants,
    pub squares: ByColor<SquareSet>,
}

impl DropZone {
    /// Whether the zone applies to `kind` given this turn's grants.
    #[inline]
    pub fn open(&self, kind: Kind, granted: Grants) -> bool {
        self.kinds >> kind.0 & 1 != 0 && (self.needs.is_empty() || granted.intersects(self.needs))
    }

    /// The squares of `zones` open to a `kind` piece of `color` this turn.
    pub fn union(zones: &[DropZone], kind: Kind, granted: Grants, color: Color) -> SquareSet {
        let mut squares = SquareSet::EMPTY;
        for zone in zones.iter().filter(|z| z.open(kind, granted)) {
            squares |= zone.squares[color];
        }
        squares
    }
}

/// A variant's own condition on a drop of `kind` on `square`, judged on the
/// position before it ("may not attack an enemy on landing", "a bishop of the
/// other colour", "the king's square kept free").
pub type DropFilter = fn(&Position, Kind, Square) -> bool;

/// How a variant uses hands.
#[derive(Clone, Debug)]
pub struct Drops {
    /// What the rules call a side's pieces off the board, for messages and
    /// pictures ("White's reserve"): "hand" unless the variant says.
    pub name: &'static str,
    /// Where drops may land. Zones of one kind may overlap: each square is
    /// offered once.
    pub zones: Vec<DropZone>,
    /// Per kind: where a captured piece of it goes.
    pub capture_to: Vec<CaptureTo>,
    /// Per kind: the kind it becomes in a hand (a knighted piece its base).
    pub in_hand_as: Vec<Kind>,
    /// A captured piece that was promoted enters the hand as this kind (Dice
    /// Landing: a pawn); `None` keeps the kind it has.
    pub promoted_in_hand_as: Option<Kind>,
    pub filter: Option<DropFilter>,
    /// A dropped piece may not be captured on the opponent's next turn.
    pub landing_immunity: bool,
}

impl Drops {
    /// Hands with no drops and captures removed, for variants that only keep
    /// pools (filled in by the variant) or start from this.
    pub fn new(kinds: usize) -> Drops {
        Drops {
            name: "hand",
            zones: Vec::new(),
            capture_to: vec![CaptureTo::Removed; kinds],
            in_hand_as: (0..kinds).map(|k| Kind(k as u8)).collect(),
            promoted_in_hand_as: None,
            filter: None,
            landing_immunity: false,
        }
    }

    /// Where a captured `kind` piece of `victim`'s side goes, and as what.
    #[inline]
    pub(crate) fn destination(&self, victim: Color, kind: Kind, promoted: bool) -> Option<(Color, Kind)> {
        let as_kind = match self.promoted_in_hand_as {
            Some(base) if promoted => base,
            _ => self.in_hand_as[kind.0 as usize],
        };
        match self.capture_to[kind.0 as usize] {
            CaptureTo::Removed => None,
            CaptureTo::OwnerHand => Some((victim, as_kind)),
            CaptureTo::CaptorHand => Some((!victim, as_kind)),
        }
    }
}

impl Position {
    /// Whether a `kind` piece of `color` on `square` would attack an enemy
    /// piece by its own pattern, the board being as it is (New chess: a
    /// dropped piece may not threaten an enemy).
    pub fn would_attack_enemy(&self, color: Color, kind: Kind, square: Square) -> bool {
        let tables = &self.rules().tables;
        tables.rays(color, kind.0 as usize, square).iter().any(|ray| {
            let mut screened = !ray.hop;
            let mut behind = false;
            for cell in tables.ray_cells(ray) {
                match self.piece_at(cell.square) {
                    // A grasshopper reaches only the cell behind its screen.
                    None if behind => return false,
                    None => {}
                    Some(_) if !screened => {
                        screened = true;
                        behind = ray.behind;
                    }
                    Some(piece) if piece.color != color && cell.mode & (CAPTURE | AFAR) != 0 => return true,
                    Some(_) if ray.leaps => {}
                    Some(_) => return false,
                }
            }
            false
        })
    }

    /// Appends the side to move's drops allowed by this turn's grants: each
    /// kind in hand, on every empty square of its open zones, passing the
    /// variant's filter. They are pseudo-legal: the legality filter judges them.
    pub(crate) fn generate_drops(&self, out: &mut Vec<Move>) {
        let rules = self.rules();
        let Some(drops) = &rules.drops else { return };
        let us = self.turn();
        let granted = self.granted();
        // Most turns of a dice game open no zone, and most hands are empty.
        if self.hand(us).is_empty() || !drops.zones.iter().any(|z| z.needs.is_empty() || granted.intersects(z.needs)) {
            return;
        }
        let occupied = self.all_occupied();
        for (kind, _) in self.hand(us).kinds() {
            let squares = DropZone::union(&drops.zones, kind, granted, us);
            for square in (squares & !occupied).iter() {
                if drops.filter.is_none_or(|filter| filter(self, kind, square)) {
                    out.push(Move::drop(kind, square));
                }
            }
        }
    }
}
