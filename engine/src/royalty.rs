//! How a game is won through its royal pieces, as a rule of the variant rather
//! than a `check: bool`. The generator asks the rule which moves it must test,
//! and the turn protocol asks whether a side is in check and whether a move
//! took a royal piece.

use crate::color::Color;
use crate::geometry::Square;
use crate::movegen::Legality;
use crate::moves::{Move, Special};
use crate::position::Position;
use crate::squareset::SquareSet;

/// What royal pieces mean in a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Royalty {
    /// No move may leave a royal piece of the mover attacked; a side with no
    /// move while attacked is checkmated (chess). A side with no royal piece on
    /// the board (Dice Landing: its king still in reserve) is never in check.
    Checkmate,
    /// There is no check: a move may leave a royal piece attacked, and the game
    /// is won by capturing it (Guardener).
    Capture,
    /// Several royal pieces that may never be captured. A move must leave none
    /// of the mover's royals attacked, except that a side whose royals were all
    /// attacked before the move may leave one of them attacked; a royal piece
    /// that moves never ends on an attacked square (New chess L1-L4).
    Several,
}

impl Royalty {
    /// Whether moves are filtered by what they leave attacked.
    #[inline]
    pub fn has_check(self) -> bool {
        self != Royalty::Capture
    }
}

impl Position {
    /// Whether any royal piece of the side to move is attacked, under a rule
    /// that knows check; always `false` where royals are simply captured.
    pub fn is_check(&self) -> bool {
        self.rules().royalty.has_check() && self.royal_attacked(self.turn())
    }

    /// The squares of `color`'s royal pieces that are attacked now.
    pub fn attacked_royals(&self, color: Color) -> SquareSet {
        self.royals(color).iter().filter(|sq| self.attacked(*sq, !color)).collect()
    }

    /// Whether `mv`, legal here, would capture a royal piece (the end of a game
    /// under [`Royalty::Capture`]).
    pub fn captures_royal(&self, mv: Move) -> bool {
        let rules = self.rules();
        self.captured_by(mv).is_some_and(|square| {
            self.piece_at(square).is_some_and(|p| p.color != self.turn() && rules.kind(p.kind).royal)
        })
    }

    /// The square of the piece `mv` captures, if it captures one (a drop or
    /// castling never does).
    pub fn captured_by(&self, mv: Move) -> Option<Square> {
        match mv.special {
            Special::Castle(_) | Special::Drop(_) | Special::Teleport => None,
            Special::EnPassant => self.en_passant().map(|ep| ep.victim),
            _ => self.piece_at(mv.to).is_some_and(|p| p.color != self.turn()).then_some(mv.to),
        }
    }

    /// Whether the mover's royal pieces are as safe after `mv` as the rule
    /// demands, by playing it. `attacked_before` counts the mover's royals that
    /// were attacked before it ([`Royalty::Several`] lets one of two stay so).
    pub(crate) fn royals_safe_after(&mut self, mv: Move, attacked_before: usize) -> bool {
        let us = self.turn();
        let royalty = self.rules().royalty;
        let moved_royal = royalty == Royalty::Several && self.moves_royal(mv);
        self.make(mv);
        let safe = match royalty {
            Royalty::Capture => true,
            Royalty::Checkmate => !self.royal_attacked(us),
            Royalty::Several => {
                let royals = *self.royals(us);
                let attacked = royals.iter().filter(|sq| self.attacked(*sq, !us)).count();
                let allowed = usize::from(attacked_before >= 2 && royals.len() >= 2);
                attacked <= allowed && !(moved_royal && self.attacked(self.royal_destination(mv), !us))
            }
        };
        self.unmake();
        safe
    }

    /// [`Legality::Trial`] for the side to move: its attacked royals, and
    /// the lines that could change that.
    pub(crate) fn trial(&self) -> Legality {
        let us = self.turn();
        Legality::Trial { attacked_before: self.attacked_royals(us).len(), lines: self.royal_lines(us) }
    }

    /// The cells on which a move could change whether `color`'s royal pieces
    /// are attacked: along each chain toward a royal, the cells up to the
    /// farthest enemy piece that attacks along it. A move of `color` only
    /// empties and fills cells and removes enemy pieces, so a chain with no
    /// such piece stays harmless, and one whose cells the move leaves alone
    /// attacks as before. `None` where pieces act beyond their chains or
    /// change on arrival (freezers, pieces on two squares, transformations):
    /// then every move is tried.
    pub(crate) fn royal_lines(&self, color: Color) -> Option<SquareSet> {
        let rules = self.rules();
        let irregular = rules.freezing.is_some()
            || !rules.transformations.is_empty()
            || self.straddles.white.is_some()
            || self.straddles.black.is_some();
        if irregular {
            return None;
        }
        let tables = &rules.tables;
        let enemy = !color;
        let mut lines = SquareSet::EMPTY;
        for royal in self.royals(color).iter() {
            for chain in tables.chains(enemy, royal) {
                let cells = tables.chain_cells(chain);
                let attacker = cells.iter().rposition(|cell| {
                    self.piece_at(cell.square).is_some_and(|p| p.color == enemy && cell.attackers >> p.kind.0 & 1 != 0)
                });
                for cell in attacker.map_or(&[][..], |last| &cells[..=last]) {
                    lines.insert(cell.square);
                }
            }
        }
        Some(lines)
    }

    /// Whether `mv` may change an attack on a royal piece of the mover whose
    /// attacks run along `lines`: a royal piece moving or dropped, a move
    /// touching the lines, or a special move that touches more cells.
    pub(crate) fn may_change_attacks(&self, mv: Move, lines: &SquareSet) -> bool {
        let rules = self.rules();
        match mv.special {
            Special::Promotion(kind) if rules.kind(kind).royal => true,
            Special::Drop(_) => self.moves_royal(mv) || lines.contains(mv.to),
            Special::None | Special::DoubleStep | Special::Promotion(_) | Special::Teleport => {
                lines.contains(mv.from) || lines.contains(mv.to) || self.moves_royal(mv)
            }
            _ => true,
        }
    }

    /// Whether `mv` moves (or drops) a royal piece.
    fn moves_royal(&self, mv: Move) -> bool {
        let rules = self.rules();
        match mv.special {
            Special::Drop(kind) => rules.kind(kind).royal,
            _ => self.piece_at(mv.from).is_some_and(|p| rules.kind(p.kind).royal),
        }
    }

    /// Where a royal piece moved by `mv` stands afterwards.
    fn royal_destination(&self, mv: Move) -> Square {
        match mv.special {
            Special::Castle(rule) => self.rules().castling[rule as usize].king_to,
            _ => mv.to,
        }
    }
}
