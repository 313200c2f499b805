//! Legal move generation: one walker over the compiled rays for every variant,
//! then castling, then a legality filter that tests only the moves that could
//! expose a royal piece.

use crate::color::Color;
use crate::gating::Opened;
use crate::geometry::Square;
use crate::moves::{Move, Special};
use crate::piece::{Kind, Tag};
use crate::position::Position;
use crate::royalty::Royalty;
use crate::squareset::SquareSet;
use crate::tables::{AFAR, CAPTURE, MOVE};

impl Position {
    /// Every legal move, in generation order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        self.generate_legal(&mut moves);
        moves
    }

    /// Writes the legal moves into `out` (cleared first); lets perft and search
    /// reuse one buffer per ply.
    pub fn generate_legal(&self, out: &mut Vec<Move>) {
        out.clear();
        let rules = self.rules();
        // A grant can replace the board moves by drops (a deployment turn).
        if rules.gating.as_ref().is_none_or(|g| !g.drops_only.intersects(self.granted())) {
            self.generate_pseudo(out);
            self.generate_castling(out);
            if rules.gating.is_some() {
                self.generate_teleports(out);
            }
        }
        if rules.drops.is_some() {
            self.generate_drops(out);
        }
        self.retain_legal(out);
        if let Some(extra) = rules.extra_moves {
            extra(self, out);
        }
    }

    /// Moves that follow the pieces' patterns, before the check rule.
    fn generate_pseudo(&self, out: &mut Vec<Move>) {
        let rules = self.rules();
        let tables = &rules.tables;
        let us = self.turn();
        let ep_target = self.en_passant().map(|ep| ep.target);
        let promotion_zone = &rules.promotion.zone[us];
        let freezing = rules.freezing.is_some();
        let gating = rules.gating.as_ref();
        let granted = self.granted();
        // Pieces that may not be captured now: freshly landed ones, and royal
        // pieces where royals are never captured. Decided once per position.
        let shield = match rules.royalty {
            Royalty::Several => *self.immune() | *self.royals(!us),
            _ => *self.immune(),
        };
        let shielded = rules.drops.is_some() || rules.royalty == Royalty::Several;
        for from in self.occupied(us).iter() {
            if freezing && self.is_frozen(from) {
                continue;
            }
            let kind = self.piece_at(from).expect("own piece").kind;
            let pawn = rules.kind(kind).pawn;
            let open = gating.map_or(Opened::ALL, |g| g.opened(kind, granted, us));
            for ray in tables.rays(us, kind.0 as usize, from) {
                let mut screened = !ray.hop;
                for cell in tables.ray_cells(ray) {
                    let to = cell.square;
                    let arrival = match self.piece_at(to) {
                        None if screened && cell.mode & MOVE != 0 => {
                            if !open.quiet_to(to) {
                                continue;
                            }
                            if ray.tag == Tag::DoubleStep {
                                Special::DoubleStep
                            } else {
                                Special::None
                            }
                        }
                        None => {
                            if pawn && cell.mode & CAPTURE != 0 && Some(to) == ep_target && open.capture {
                                out.push(Move::new(from, to, Special::EnPassant));
                            }
                            continue;
                        }
                        Some(_) if !screened => {
                            screened = true;
                            continue;
                        }
                        Some(piece) => {
                            if piece.color != us && open.capture && !(shielded && shield.contains(to)) {
                                if cell.mode & CAPTURE != 0 {
                                    self.push_arrival(
                                        out,
                                        from,
                                        to,
                                        Special::None,
                                        pawn && promotion_zone.contains(to),
                                    );
                                } else if cell.mode & AFAR != 0 {
                                    out.push(Move::new(from, to, Special::FromAfar));
                                }
                            }
                            break;
                        }
                    };
                    self.push_arrival(out, from, to, arrival, pawn && promotion_zone.contains(to));
                }
            }
        }
    }

    /// Pushes a move, expanded into one move per choice when a pawn promotes.
    #[inline]
    fn push_arrival(&self, out: &mut Vec<Move>, from: Square, to: Square, special: Special, promotes: bool) {
        if promotes {
            let promotion = &self.rules().promotion;
            let hand = self.hand(self.turn());
            let available = |k: &&Kind| !promotion.from_hand || hand.count(**k) > 0;
            out.extend(promotion.choices.iter().filter(available).map(|k| Move::new(from, to, Special::Promotion(*k))));
        } else {
            out.push(Move::new(from, to, special));
        }
    }

    fn generate_castling(&self, out: &mut Vec<Move>) {
        let rules = self.rules();
        let us = self.turn();
        if rules.gating.as_ref().is_some_and(|g| !g.castling_open(self.granted())) {
            return;
        }
        for (index, rule) in rules.castling.iter().enumerate() {
            if rule.color != us || self.castling_rights() >> rule.right & 1 == 0 {
                continue;
            }
            if rule.unmoved.is_some_and(|(square, unmoved)| self.marks().unmoved.contains(square) != unmoved) {
                continue;
            }
            let is_own = |sq: Square, royal: bool| {
                self.piece_at(sq).is_some_and(|p| p.color == us && rules.kind(p.kind).royal == royal)
            };
            if !is_own(rule.king_from, true) || !is_own(rule.rook_from, false) {
                continue;
            }
            let clear = rule
                .must_be_empty
                .iter()
                .all(|sq| self.piece_at(*sq).is_none() || *sq == rule.king_from || *sq == rule.rook_from);
            if clear && (!rules.royalty.has_check() || rule.must_be_safe.iter().all(|sq| !self.attacked(*sq, !us))) {
                out.push(Move::new(rule.king_from, rule.king_to, Special::Castle(index as u8)));
            }
        }
    }

    /// Drops the moves that leave a royal piece of the mover attacked.
    fn retain_legal(&self, moves: &mut Vec<Move>) {
        let rules = self.rules();
        if !rules.royalty.has_check() {
            return;
        }
        let us = self.turn();
        let royals = self.royals(us);
        let mut royal_iter = royals.iter();
        let (Some(king), None) = (royal_iter.next(), royal_iter.next()) else {
            // No royal piece on the board (a composed position, a king still in
            // reserve: never in check) or several: test every move.
            if !royals.is_empty() {
                let attacked_before = self.attacked_royals(us).len();
                self.retain_by_trial(moves, attacked_before);
            } else if rules.drops.is_some() {
                // Only a royal piece dropped can be left attacked.
                let mut scratch = self.scratch();
                moves.retain(|m| m.dropped().is_none_or(|k| !rules.kind(k).royal) || scratch.royals_safe_after(*m, 0));
            }
            return;
        };
        if rules.tables.any_hop() {
            return self.retain_by_trial(moves, 0);
        }
        let Some(pinned) = self.pins_unless_checked(king, us) else {
            return self.retain_by_trial(moves, 1);
        };
        // En passant removes two pieces from a line at once, a capture from afar
        // empties a cell without filling one, and a freezer moving away frees
        // what it froze: rare enough to try on the board.
        let freezing = rules.freezing.as_ref();
        // A royal piece dropped must not land attacked.
        let needs_trial = |m: &Move| {
            matches!(m.special, Special::EnPassant | Special::FromAfar)
                || m.dropped().is_some_and(|k| rules.kind(k).royal)
                || freezing.is_some_and(|f| {
                    self.piece_at(m.from).is_some_and(|p| f.is_freezer(p.kind))
                        && (self.freezes_something(m.from) || pinned.iter().any(|(square, _)| *square == m.from))
                })
        };
        // One pass; the copy to try moves on is made only if one needs it.
        let mut scratch: Option<Position> = None;
        moves.retain(|m| {
            if needs_trial(m) {
                scratch.get_or_insert_with(|| self.scratch()).royals_safe_after(*m, 0)
            } else if m.from == king {
                matches!(m.special, Special::Castle(_)) || !self.attacked_without(m.to, !us, king)
            } else {
                pinned.iter().all(|(square, line)| *square != m.from || line.contains(m.to))
            }
        });
    }

    /// Keeps the moves after which the mover's royal pieces are as safe as the
    /// rule demands, by playing each on a scratch copy.
    fn retain_by_trial(&self, moves: &mut Vec<Move>, attacked_before: usize) {
        let mut scratch = self.scratch();
        moves.retain(|m| scratch.royals_safe_after(*m, attacked_before));
    }

    /// Whether `by` attacks `target` once the piece on `vacated` is gone (a king
    /// stepping along a slider's line must not hide behind its own shadow).
    pub(crate) fn attacked_without(&self, target: Square, by: Color, vacated: Square) -> bool {
        let tables = &self.rules().tables;
        tables.chains(by, target).iter().any(|chain| {
            for cell in tables.chain_cells(chain) {
                if cell.square == vacated {
                    continue;
                }
                if let Some(piece) = self.piece_at(cell.square) {
                    return piece.color == by
                        && cell.attackers >> piece.kind.0 & 1 != 0
                        && !self.is_frozen(cell.square);
                }
            }
            false
        })
    }

    /// For a king not in check: each own piece that alone stands between the
    /// king and an enemy line attack, with the cells it may still move to (the
    /// line up to and including the attacker). `None` if the king is in check.
    pub(crate) fn pins_unless_checked(&self, king: Square, us: Color) -> Option<Vec<(Square, SquareSet)>> {
        let tables = &self.rules().tables;
        let mut pins = Vec::new();
        for chain in tables.chains(!us, king) {
            let mut own: Option<Square> = None;
            for (i, cell) in tables.chain_cells(chain).iter().enumerate() {
                let Some(piece) = self.piece_at(cell.square) else { continue };
                let attacks =
                    piece.color != us && cell.attackers >> piece.kind.0 & 1 != 0 && !self.is_frozen(cell.square);
                match own {
                    None if piece.color == us => own = Some(cell.square),
                    None if attacks => return None,
                    None => break,
                    Some(pinned) => {
                        if attacks {
                            let line = tables.chain_cells(chain)[..=i].iter().map(|c| c.square).collect();
                            pins.push((pinned, line));
                        }
                        break;
                    }
                }
            }
        }
        Some(pins)
    }
}
