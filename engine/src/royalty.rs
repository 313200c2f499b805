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

/// The cells on which a move could change whether a side's royal pieces
/// are attacked: along each chain toward a royal, the cells up to the
/// farthest enemy piece that attacks along it. A move only empties and fills
/// cells and removes enemy pieces, so a chain with no such piece stays
/// harmless, and one whose cells the move leaves alone attacks as before.
#[derive(Clone, Debug)]
pub(crate) struct RoyalLines {
    /// Every royal's lines together.
    all: SquareSet,
    each: Vec<RoyalLine>,
}

/// One royal piece's lines, and whether it is attacked now.
#[derive(Clone, Copy, Debug)]
struct RoyalLine {
    square: Square,
    cells: SquareSet,
    attacked: bool,
}

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
        let lines = self.royal_lines(self.turn());
        let attacked_before = match &lines {
            Some(lines) => lines.each.iter().filter(|royal| royal.attacked).count(),
            None => self.attacked_royals(self.turn()).len(),
        };
        Legality::Trial { attacked_before, lines }
    }

    /// The lines of `color`'s royal pieces (see [`RoyalLines`]), or `None`
    /// where pieces act beyond their chains or change on arrival (freezers,
    /// pieces on two squares, transformations): then every move is tried.
    pub(crate) fn royal_lines(&self, color: Color) -> Option<RoyalLines> {
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
        let mut lines = RoyalLines { all: SquareSet::EMPTY, each: Vec::new() };
        for square in self.royals(color).iter() {
            let mut royal = RoyalLine { square, cells: SquareSet::EMPTY, attacked: self.attacked(square, enemy) };
            for chain in tables.chains(enemy, square) {
                let cells = tables.chain_cells(chain);
                let attacker = cells.iter().rposition(|cell| {
                    self.piece_at(cell.square).is_some_and(|p| p.color == enemy && cell.attackers >> p.kind.0 & 1 != 0)
                });
                for cell in attacker.map_or(&[][..], |last| &cells[..=last]) {
                    royal.cells.insert(cell.square);
                }
            }
            lines.all |= royal.cells;
            lines.each.push(royal);
        }
        Some(lines)
    }

    /// Whether `mv` leaves the mover's royals as safe as the rule demands
    /// ([`Position::royals_safe_after`]), judged from `lines` without playing
    /// it where they decide; `None` where it must be tried: a royal piece
    /// dropped, a move touching the lines of a royal it does not move, a
    /// special move touching more cells.
    /// Whether `mv` keeps the mover's royals safe under [`Legality::Trial`]:
    /// judged from the lines where they decide, else tried on `scratch`.
    // Kept out of line: inlined, it reshapes the walker of every variant.
    #[inline(never)]
    pub(crate) fn trial_keeps(
        &self,
        mv: Move,
        attacked_before: usize,
        lines: Option<&RoyalLines>,
        scratch: &mut Option<Position>,
    ) -> bool {
        lines
            .and_then(|lines| self.judged_by_lines(mv, attacked_before, lines))
            .unwrap_or_else(|| scratch.get_or_insert_with(|| self.scratch()).royals_safe_after(mv, attacked_before))
    }

    fn judged_by_lines(&self, mv: Move, attacked_before: usize, lines: &RoyalLines) -> Option<bool> {
        let rules = self.rules();
        match mv.special {
            Special::Promotion(kind) if rules.kind(kind).royal => return None,
            Special::None | Special::DoubleStep | Special::Promotion(_) | Special::Teleport | Special::Drop(_) => {}
            _ => return None,
        }
        let touches = |cells: &SquareSet| cells.contains(mv.to) || (mv.dropped().is_none() && cells.contains(mv.from));
        if !self.moves_royal(mv) {
            // Off the lines every royal stays as attacked as it was.
            return (!touches(&lines.all)).then_some(attacked_before == 0);
        }
        if mv.special != Special::None {
            return None;
        }
        // A royal steps: the others keep their state unless it crosses their lines.
        let others = || lines.each.iter().filter(|royal| royal.square != mv.from);
        if others().any(|royal| touches(&royal.cells)) {
            return None;
        }
        if self.attacked_leaving(mv.to, !self.turn(), mv.from) {
            return Some(false);
        }
        let still_attacked = others().filter(|royal| royal.attacked).count();
        let allowed = match rules.royalty {
            Royalty::Several => usize::from(attacked_before >= 2 && lines.each.len() >= 2),
            _ => 0,
        };
        Some(still_attacked <= allowed)
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
