//! Attacks on a square and checks, read backwards from the target along the
//! rules' reverse chains.

use super::Position;
use crate::color::Color;
use crate::geometry::Square;
use crate::squareset::SquareSet;

impl Position {
    /// Whether a piece of `by` attacks `target` (could capture there if an enemy
    /// stood on it).
    #[inline]
    pub fn attacked(&self, target: Square, by: Color) -> bool {
        self.attack_walk::<false>(target, by, target)
    }

    /// Whether `by` attacks `target` once the piece on `vacated` has left it
    /// (a royal piece stepping away must not hide behind its own shadow, nor
    /// screen a hop toward where it lands).
    pub(crate) fn attacked_leaving(&self, target: Square, by: Color, vacated: Square) -> bool {
        self.attack_walk::<true>(target, by, vacated)
    }

    /// [`Position::attacked`], with `vacated` seen as empty when `LEAVING`.
    #[inline]
    fn attack_walk<const LEAVING: bool>(&self, target: Square, by: Color, vacated: Square) -> bool {
        let tables = &self.rules.tables;
        if let Some(bits) = tables.bits() {
            let left = if LEAVING { 1 << vacated.index() } else { 0 };
            return self.attacked_by_masks(bits, target, by, self.all_occupied().first_word() & !left);
        }
        let at = |square: Square| if LEAVING && square == vacated { None } else { self.board.at(square) };
        for chain in tables.chains(by, target) {
            let mut screened = !chain.hop;
            let cells = tables.chain_cells(chain);
            if chain.behind && at(cells[0].square).is_none() {
                // A grasshopper's screen stands right next to its target.
                continue;
            }
            for cell in cells {
                if let Some(piece) = at(cell.square) {
                    if !screened {
                        screened = true;
                        continue;
                    }
                    if piece.color == by && cell.attackers >> piece.kind.0 & 1 != 0 {
                        // A frozen piece attacks nothing, but still blocks.
                        if self.rules.freezing.is_none() || !self.is_frozen(cell.square) {
                            return true;
                        }
                    }
                    break;
                }
            }
        }
        false
    }

    pub(crate) fn royal_attacked(&self, color: Color) -> bool {
        self.board.royals[color].iter().any(|sq| self.attacked(sq, !color))
    }

    /// The squares of pieces that attack `color`'s royal pieces.
    pub fn checkers(&self) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        for royal in self.board.royals[self.turn].iter() {
            for attacker in self.board.occupied[!self.turn].iter() {
                if self.attacks_from(attacker, royal) {
                    out.insert(attacker);
                }
            }
        }
        out
    }

    /// Whether the piece on `from` attacks `target`.
    fn attacks_from(&self, from: Square, target: Square) -> bool {
        let Some(piece) = self.piece_at(from).filter(|_| !self.is_frozen(from)) else { return false };
        let tables = &self.rules.tables;
        tables.chains(piece.color, target).iter().any(|chain| {
            let mut screened = !chain.hop;
            if chain.behind && self.board.at(tables.chain_cells(chain)[0].square).is_none() {
                return false;
            }
            for cell in tables.chain_cells(chain) {
                if cell.square == from {
                    return screened && cell.attackers >> piece.kind.0 & 1 != 0;
                }
                if self.board.at(cell.square).is_some() {
                    if screened {
                        return false;
                    }
                    screened = true;
                }
            }
            false
        })
    }
}
