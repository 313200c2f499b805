//! Legal move generation: one walker over the compiled rays for every variant,
//! then castling, then a legality filter that tests only the moves that could
//! expose a royal piece.

use smallvec::SmallVec;

use crate::color::Color;
use crate::gating::Opened;
use crate::geometry::Square;
use crate::moves::{Move, Special};
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::royalty::{RoyalLines, Royalty};
use crate::rules::PromotionRule;
use crate::squareset::SquareSet;
use crate::tables::{ChainCell, AFAR, BEHIND, CAPTURE, DOUBLE_STEP, HOPS, MOVE, RAY_START};

/// How the moves of a position are made legal, decided once before they are
/// generated.
pub(crate) enum Legality {
    /// No check rule: every pattern move is legal.
    Free,
    /// No royal piece on the board: only a royal piece dropped is tested.
    RoyalDrops,
    /// Moves are tried on the board where `lines` (the cells of the attacks
    /// that could reach the royals; `None`: none known) do not decide them;
    /// this many royals were attacked before. See [`RoyalLines`].
    Trial { attacked_before: usize, lines: Option<RoyalLines> },
    /// One royal piece, not in check, no hoppers: only the king's moves, those
    /// of pinned pieces and rare special moves need a test.
    Fast { king: Square, pinned: Pins },
    /// The lone royal piece in check under [`Royalty::Checkmate`], no hoppers
    /// and nothing acting beyond the chains (freezers, pieces on two squares,
    /// kinds changing on arrival): the king steps to a safe cell, or another
    /// piece lands on `block` (the cells of every check line, the checker's
    /// own included) while keeping to its pin line.
    Evade { king: Square, pinned: Pins, block: SquareSet },
}

/// The own pieces pinned to the lone royal piece, each with the cells it may
/// still move to: rarely more than one, so kept off the heap.
pub(crate) type Pins = SmallVec<[(Square, SquareSet); 1]>;

/// What the lone royal piece's chains show: the own pieces pinned to it, each
/// with the cells it may still move to, and, if it is in check, the cells
/// where a piece would stop every check (`None`: not in check).
pub(crate) struct KingLines {
    pub pinned: Pins,
    pub block: Option<SquareSet>,
}

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
        self.generate::<false>(out);
    }

    /// Writes the legal captures and promotions into `out` (cleared first):
    /// exactly those of [`Position::generate_legal`], in the same order, for
    /// a quiescence search. Quiet moves are skipped as the pieces' rays are
    /// walked, and castling, teleports and drops (never onto an occupied
    /// square) are not generated at all.
    pub fn generate_noisy(&self, out: &mut Vec<Move>) {
        self.generate::<true>(out);
    }

    /// Whether `mv` (a legal move here) takes a piece or promotes: what
    /// [`Position::generate_noisy`] yields.
    pub fn is_noisy(&self, mv: Move) -> bool {
        crate::notation::is_capture(self, mv) || mv.promotion().is_some()
    }

    /// Every legal move, or only the noisy ones (`NOISY`).
    fn generate<const NOISY: bool>(&self, out: &mut Vec<Move>) {
        out.clear();
        let rules = self.rules();
        let legality = self.legality();
        let mut scratch = None;
        // A grant can replace the board moves by drops (a deployment turn).
        if rules.gating.as_ref().is_none_or(|g| !g.drops_only.intersects(self.granted())) {
            // Variants without hoppers, freezing, gating or shielded pieces
            // get a walker compiled without those tests (a game with drops
            // only while a landed piece is immune).
            let hooks = rules.tables.any_hop()
                || rules.freezing.is_some()
                || rules.gating.is_some()
                || !self.immune().is_empty()
                || !rules.promotions.is_empty()
                || rules.royalty == Royalty::Several;
            if hooks {
                self.generate_pseudo::<true, NOISY>(out, &legality, &mut scratch);
            } else {
                self.generate_pseudo::<false, NOISY>(out, &legality, &mut scratch);
            }
            // Castling checks its own squares.
            if !NOISY {
                self.generate_castling(out);
            }
        }
        // Under the fast rule the moves so far are legal already.
        let unchecked = if matches!(legality, Legality::Fast { .. }) { out.len() } else { 0 };
        // Teleports and drops land on empty squares: never noisy.
        if rules.gating.is_some() && !NOISY {
            self.generate_teleports(out);
        }
        if rules.drops.is_some() && !NOISY {
            self.generate_drops(out);
        }
        self.keep_legal(out, unchecked, &legality, &mut scratch);
        if let Some(extra) = rules.extra_moves {
            let first = out.len();
            extra(self, out);
            if NOISY {
                let mut kept = first;
                for read in first..out.len() {
                    if self.is_noisy(out[read]) {
                        out[kept] = out[read];
                        kept += 1;
                    }
                }
                out.truncate(kept);
            }
        }
        if let Some(restrict) = rules.restrict_moves.filter(|_| self.restrict_may_apply()) {
            restrict(self, out);
        }
    }

    /// Whether the variant's `restrict_moves` may remove a move here.
    #[inline]
    pub(crate) fn restrict_may_apply(&self) -> bool {
        let rules = self.rules();
        rules.restrict_moves.is_some() && rules.restrict_applies.is_none_or(|applies| applies(self))
    }

    /// Moves that follow the pieces' patterns. Under [`Legality::Fast`] the
    /// moves of the king, of pinned pieces and special captures are tested as
    /// each piece's moves are generated; otherwise the check rule comes later.
    /// Without `HOOKS` the variant-only tests (hops, freezing, gating,
    /// shielded pieces) are compiled out; with `NOISY` only captures and
    /// promotions are generated.
    fn generate_pseudo<const HOOKS: bool, const NOISY: bool>(
        &self,
        out: &mut Vec<Move>,
        legality: &Legality,
        scratch: &mut Option<Position>,
    ) {
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
            if HOOKS && freezing && self.is_frozen(from) {
                continue;
            }
            let kind = self.piece_at(from).expect("own piece").kind;
            let pawn = rules.kind(kind).pawn;
            let open = if HOOKS { gating.map_or(Opened::ALL, |g| g.opened(kind, granted, us)) } else { Opened::ALL };
            let promotes = if HOOKS { rules.promotions.iter().find(|p| p.kind == kind) } else { None };
            let first = out.len();
            let mut special_capture = false;
            let walk = tables.walk(us, kind.0 as usize, from);
            let mut screened = true;
            // A grasshopper's only landing cell: the rest of its ray is out of reach.
            let mut behind_at = usize::MAX;
            let mut next = 0;
            while let Some(&cell) = walk.get(next) {
                let index = next;
                next += 1;
                if HOOKS && cell.mode & RAY_START != 0 {
                    screened = cell.mode & HOPS == 0;
                }
                if HOOKS && index == behind_at {
                    next += cell.skip as usize;
                }
                let to = cell.square;
                match self.piece_at(to) {
                    None if screened && cell.mode & MOVE != 0 => {
                        if HOOKS && !open.quiet_to(to) {
                            continue;
                        }
                        let pawn_promotes = pawn && promotion_zone.contains(to);
                        if NOISY {
                            if pawn_promotes || promotes.is_some_and(|rule| rule.zone[us].contains(to)) {
                                self.push_promotions(out, from, to, pawn_promotes, promotes);
                            }
                            continue;
                        }
                        let quiet = if cell.mode & DOUBLE_STEP != 0 { Special::DoubleStep } else { Special::None };
                        self.push_arrival(out, from, to, quiet, pawn_promotes, promotes);
                    }
                    None => {
                        if Some(to) == ep_target && pawn && cell.mode & CAPTURE != 0 && (!HOOKS || open.capture) {
                            out.push(Move::new(from, to, Special::EnPassant));
                            special_capture = true;
                        }
                    }
                    // The first piece on a hop ray is the screen.
                    Some(_) if HOOKS && !screened => {
                        screened = true;
                        if cell.mode & BEHIND != 0 && cell.skip > 0 {
                            behind_at = index + 1;
                        }
                    }
                    Some(piece) => {
                        let capturable = !HOOKS || (open.capture && !(shielded && shield.contains(to)));
                        if piece.color != us && capturable {
                            if cell.mode & CAPTURE != 0 {
                                let pawn_promotes = pawn && promotion_zone.contains(to);
                                self.push_arrival(out, from, to, Special::None, pawn_promotes, promotes);
                            } else if cell.mode & AFAR != 0 {
                                out.push(Move::new(from, to, Special::FromAfar));
                                special_capture = true;
                            }
                        }
                        // An occupied cell ends its ray (a leap stands alone).
                        next = index + 1 + cell.skip as usize;
                    }
                }
            }
            if let Legality::Fast { king, pinned } = legality {
                let tested = from == *king
                    || pinned.iter().any(|(square, _)| *square == from)
                    || special_capture
                    || (HOOKS && rules.freezing.as_ref().is_some_and(|f| f.is_freezer(kind)));
                if tested {
                    let mut kept = first;
                    for index in first..out.len() {
                        let mv = out[index];
                        if self.fast_keeps(mv, *king, pinned, None, scratch) {
                            out[kept] = mv;
                            kept += 1;
                        }
                    }
                    out.truncate(kept);
                }
            }
        }
    }

    /// Pushes a move, expanded into one move per choice when a pawn promotes
    /// or the kind's own promotion `rule` applies there.
    #[inline]
    fn push_arrival(
        &self,
        out: &mut Vec<Move>,
        from: Square,
        to: Square,
        special: Special,
        promotes: bool,
        rule: Option<&PromotionRule>,
    ) {
        if let Some(rule) = rule.filter(|r| r.zone[self.turn()].contains(to)) {
            if !rule.compulsory[self.turn()].contains(to) {
                out.push(Move::new(from, to, special));
            }
            out.extend(rule.into.iter().map(|k| Move::new(from, to, Special::Promotion(*k))));
        } else if promotes {
            let promotion = &self.rules().promotion;
            let hand = self.hand(self.turn());
            let available = |k: &&Kind| !promotion.from_hand || hand.count(**k) > 0;
            out.extend(promotion.choices.iter().filter(available).map(|k| Move::new(from, to, Special::Promotion(*k))));
        } else {
            out.push(Move::new(from, to, special));
        }
    }

    /// Pushes the promotions of a quiet arrival, without the plain move a
    /// kind's optional promotion also offers.
    fn push_promotions(
        &self,
        out: &mut Vec<Move>,
        from: Square,
        to: Square,
        pawn_promotes: bool,
        rule: Option<&PromotionRule>,
    ) {
        let first = out.len();
        self.push_arrival(out, from, to, Special::None, pawn_promotes, rule);
        if out.get(first).is_some_and(|mv| mv.promotion().is_none()) {
            out.remove(first);
        }
    }

    pub(crate) fn generate_castling(&self, out: &mut Vec<Move>) {
        let rules = self.rules();
        let us = self.turn();
        if self.castling_rights() == 0 || rules.gating.as_ref().is_some_and(|g| !g.castling_open(self.granted())) {
            return;
        }
        for (index, rule) in rules.castling.iter().enumerate() {
            if rule.color != us || self.castling_rights() >> rule.right & 1 == 0 {
                continue;
            }
            if rule.unmoved.is_some_and(|(square, unmoved)| self.marks().unmoved.contains(square) != unmoved) {
                continue;
            }
            // Most often a piece still stands in the way: the cheapest test first.
            let clear = rule
                .must_be_empty
                .iter()
                .all(|sq| self.piece_at(*sq).is_none() || *sq == rule.king_from || *sq == rule.rook_from);
            let is_own = |sq: Square, royal: bool| {
                self.piece_at(sq).is_some_and(|p| p.color == us && rules.kind(p.kind).royal == royal)
            };
            if !clear || !is_own(rule.king_from, true) || !is_own(rule.rook_from, false) {
                continue;
            }
            if !rules.royalty.has_check() || rule.must_be_safe.iter().all(|sq| !self.attacked(*sq, !us)) {
                out.push(Move::new(rule.king_from, rule.king_to, Special::Castle(index as u8)));
            }
        }
    }

    /// How this position's moves are made legal.
    pub(crate) fn legality(&self) -> Legality {
        let rules = self.rules();
        if !rules.royalty.has_check() {
            return Legality::Free;
        }
        let us = self.turn();
        let royals = self.royals(us);
        match royals.lone() {
            Some(king) if !rules.tables.any_hop() => match self.king_lines(king, us) {
                KingLines { pinned, block: None } => Legality::Fast { king, pinned },
                KingLines { pinned, block: Some(block) } if self.evasions_by_lines() => {
                    Legality::Evade { king, pinned, block }
                }
                KingLines { .. } => self.trial(),
            },
            // No royal piece on the board (a composed position, a king still
            // in reserve): never in check, but a royal drop must land safe.
            None if royals.is_empty() => Legality::RoyalDrops,
            _ => self.trial(),
        }
    }

    /// Drops the moves from `from` on that leave a royal piece of the mover
    /// attacked, as `legality` says.
    fn keep_legal(&self, moves: &mut Vec<Move>, from: usize, legality: &Legality, scratch: &mut Option<Position>) {
        let rules = self.rules();
        let mut index = from;
        let mut keep = |mv: Move| match legality {
            Legality::Free => true,
            Legality::RoyalDrops => {
                mv.dropped().is_none_or(|k| !rules.kind(k).royal)
                    || scratch.get_or_insert_with(|| self.scratch()).royals_safe_after(mv, 0)
            }
            Legality::Trial { attacked_before, lines } => {
                self.trial_keeps(mv, *attacked_before, lines.as_ref(), scratch)
            }
            Legality::Fast { king, pinned } => self.fast_keeps(mv, *king, pinned, None, scratch),
            Legality::Evade { king, pinned, block } => self.fast_keeps(mv, *king, pinned, Some(block), scratch),
        };
        if matches!(legality, Legality::Free) {
            return;
        }
        for read in from..moves.len() {
            let mv = moves[read];
            if keep(mv) {
                moves[index] = mv;
                index += 1;
            }
        }
        moves.truncate(index);
    }

    /// Whether the lone royal piece in check may be saved by lines alone
    /// (see [`Legality::Evade`]).
    fn evasions_by_lines(&self) -> bool {
        let rules = self.rules();
        rules.royalty == Royalty::Checkmate
            && rules.freezing.is_none()
            && rules.transformations.is_empty()
            && self.straddles.white.is_none()
            && self.straddles.black.is_none()
    }

    /// Whether `mv` keeps the lone king safe: a king's move must not land
    /// attacked, a pinned piece must stay on its line, and with the king in
    /// check (`block`, see [`Legality::Evade`]) any other piece must stop
    /// every check. En passant removes two pieces from a line at once, a
    /// capture from afar empties a cell without filling one, a freezer moving
    /// away frees what it froze, a royal piece dropped must land safe and
    /// castling out of check is the rule's to allow: rare enough to try on
    /// the board.
    pub(crate) fn fast_keeps(
        &self,
        mv: Move,
        king: Square,
        pinned: &[(Square, SquareSet)],
        block: Option<&SquareSet>,
        scratch: &mut Option<Position>,
    ) -> bool {
        let rules = self.rules();
        let needs_trial = matches!(mv.special, Special::EnPassant | Special::FromAfar)
            || (block.is_some() && matches!(mv.special, Special::Castle(_)))
            || mv.dropped().is_some_and(|k| rules.kind(k).royal)
            || rules.freezing.as_ref().is_some_and(|f| {
                self.piece_at(mv.from).is_some_and(|p| f.is_freezer(p.kind))
                    && (self.freezes_something(mv.from) || pinned.iter().any(|(square, _)| *square == mv.from))
            });
        if needs_trial {
            if let Some(keeps) = self.en_passant_keeps_by_masks(mv, king) {
                return keeps;
            }
            scratch.get_or_insert_with(|| self.scratch()).royals_safe_after(mv, 0)
        } else if mv.from == king {
            matches!(mv.special, Special::Castle(_)) || !self.attacked_without(mv.to, !self.turn(), king)
        } else {
            block.is_none_or(|block| block.contains(mv.to))
                && pinned.iter().all(|(square, line)| *square != mv.from || line.contains(mv.to))
        }
    }

    /// Whether `by` attacks `target` once the piece on `vacated` is gone (a king
    /// stepping along a slider's line must not hide behind its own shadow).
    pub(crate) fn attacked_without(&self, target: Square, by: Color, vacated: Square) -> bool {
        debug_assert!(!self.rules().tables.any_hop(), "hop attacks need a screen");
        let tables = &self.rules().tables;
        if let Some(bits) = tables.bits() {
            let occupied = self.all_occupied().first_word() & !(1 << vacated.index());
            return self.attacked_by_masks(bits, target, by, occupied);
        }
        for chain in tables.chains(by, target) {
            for cell in tables.chain_cells(chain) {
                if cell.square == vacated {
                    continue;
                }
                if let Some(piece) = self.piece_at(cell.square) {
                    if piece.color == by && cell.attackers >> piece.kind.0 & 1 != 0 && !self.is_frozen(cell.square) {
                        return true;
                    }
                    break;
                }
            }
        }
        false
    }

    /// For a king not in check: each own piece that alone stands between the
    /// king and an enemy line attack, with the cells it may still move to (the
    /// line up to and including the attacker). `None` if the king is in check.
    pub(crate) fn pins_unless_checked(&self, king: Square, us: Color) -> Option<Pins> {
        let lines = self.king_lines(king, us);
        lines.block.is_none().then_some(lines.pinned)
    }

    /// The pins and checks along the chains toward `us`'s lone royal piece on
    /// `king` (see [`KingLines`]).
    pub(crate) fn king_lines(&self, king: Square, us: Color) -> KingLines {
        let tables = &self.rules().tables;
        if let Some(bits) = tables.bits() {
            return self.king_lines_by_masks(bits, king, us);
        }
        let freezing = self.rules().freezing.is_some();
        let attacks = |cell: &ChainCell, piece: Piece| {
            piece.color != us && cell.attackers >> piece.kind.0 & 1 != 0 && !(freezing && self.is_frozen(cell.square))
        };
        let mut lines = KingLines { pinned: Pins::new(), block: None };
        for chain in tables.chains(!us, king) {
            let cells = tables.chain_cells(chain);
            // The first piece along the chain, then (behind an own piece) the next.
            let mut pieces = cells.iter().enumerate().filter_map(|(i, c)| Some((i, c, self.piece_at(c.square)?)));
            let Some((at, first, piece)) = pieces.next() else { continue };
            let line = |last: usize| cells[..=last].iter().map(|c| c.square).collect::<SquareSet>();
            if piece.color != us {
                if attacks(first, piece) {
                    // Every check must be stopped: only cells on all their lines do.
                    let checked = line(at);
                    lines.block = Some(lines.block.map_or(checked, |block| block & checked));
                }
                continue;
            }
            if let Some((i, _, _)) = pieces.next().filter(|(_, c, p)| attacks(c, *p)) {
                lines.pinned.push((first.square, line(i)));
            }
        }
        lines
    }
}
