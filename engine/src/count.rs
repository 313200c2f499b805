//! Counting legal moves without listing them: perft's last ply, where only
//! the number matters.

use crate::bitrays::BitRays;
use crate::geometry::Square;
use crate::mask_lines::squares;
use crate::movegen::Legality;
use crate::moves::{Move, Special};
use crate::position::Position;
use crate::royalty::Royalty;

impl Position {
    /// How many legal moves there are: `legal_moves().len()`.
    pub fn count_legal(&self) -> u64 {
        self.count_legal_with(&mut Vec::new())
    }

    /// [`Position::count_legal`] with a buffer to list moves in when they
    /// cannot be counted in bulk.
    pub fn count_legal_with(&self, spare: &mut Vec<Move>) -> u64 {
        if let Some(count) = self.count_in_bulk(spare) {
            return count;
        }
        self.generate_legal(spare);
        spare.len() as u64
    }

    /// Whether the rules leave moves to the pieces' patterns, castling, drops
    /// and the check rule alone, so that masks can count them (chess does,
    /// and a game with hands whose restrictions have nothing to remove here;
    /// a variant with hooks, grants or extra moves is listed).
    fn plain_moves(&self) -> bool {
        let rules = self.rules();
        rules.freezing.is_none()
            && rules.gating.is_none()
            && rules.promotions.is_empty()
            && !rules.promotion.from_hand
            && rules.royalty == Royalty::Checkmate
            && rules.extra_moves.is_none()
            && !self.restrict_may_apply()
            && self.straddles.white.is_none()
            && self.straddles.black.is_none()
    }

    /// The count from the rays' masks, when the board has at most 64 cells,
    /// the moves are plain and the lone royal piece's lines decide (the
    /// generator's fast and evasion rules: only the king's moves, pinned
    /// pieces, pieces stopping a check and rare special moves need a test).
    /// `None` otherwise.
    fn count_in_bulk(&self, spare: &mut Vec<Move>) -> Option<u64> {
        let rules = self.rules();
        let bits: &BitRays = rules.tables.bits()?;
        if !self.plain_moves() {
            return None;
        }
        let (king, pinned, block) = match self.legality() {
            Legality::Fast { king, pinned } => (king, pinned, None),
            Legality::Evade { king, pinned, block } => (king, pinned, Some(block)),
            _ => return None,
        };
        // In check, a piece other than the king must land on every check line.
        let blocking = block.map_or(!0, |block| block.first_word());
        let us = self.turn();
        let own = self.occupied(us).first_word();
        let enemy = self.occupied(!us).first_word();
        let occupied = own | enemy;
        // A piece just landed may not be taken (landing immunity).
        let enemy = enemy & !self.immune().first_word();
        let empty = !occupied;
        let en_passant = self.en_passant().map_or(0, |ep| 1u64 << ep.target.index());
        let zone = rules.promotion.zone[us].first_word();
        let choices = rules.promotion.choices.len() as u64;
        let mut scratch = None;
        let mut count = 0;
        let king_piece = self.piece_at(king).expect("the king").kind;
        if rules.kind(king_piece).pawn {
            // A royal pawn is no chess: let the generator list it.
            return None;
        }
        let king_targets = bits.targets(bits.piece(us, king_piece.0 as usize, king), occupied, empty, enemy);
        count += squares(king_targets).filter(|to| !self.attacked_without(*to, !us, king)).count() as u64;
        let pinned_cells = pinned.iter().fold(0, |all, (square, _)| all | 1u64 << square.index());
        let mut pieces = own & !(1u64 << king.index());
        while pieces != 0 {
            let from = Square(pieces.trailing_zeros() as u16);
            pieces &= pieces - 1;
            let kind = self.piece_at(from).expect("own piece").kind;
            let piece = bits.piece(us, kind.0 as usize, from);
            let reach = bits.reach(piece, occupied);
            let mut targets = reach & (empty & piece.quiet | enemy & piece.capture) & blocking;
            if pinned_cells >> from.index() & 1 != 0 {
                let (_, line) = pinned.iter().find(|(square, _)| *square == from).expect("a pinned piece");
                targets &= line.first_word();
            }
            count += u64::from(targets.count_ones());
            if !piece.pawn {
                continue;
            }
            // En passant lands on an empty cell the pawn only captures on; it
            // empties two cells of a line, so it has a test of its own.
            if en_passant != 0 && reach & piece.capture & !piece.quiet & en_passant & empty != 0 {
                let mv = Move::new(from, self.en_passant().expect("a target").target, Special::EnPassant);
                count += u64::from(self.fast_keeps(mv, king, &pinned, block.as_ref(), &mut scratch));
            }
            if targets & zone != 0 {
                // Each promotion choice is a move of its own.
                let promoting = u64::from((targets & zone).count_ones());
                count = count - promoting + promoting * choices;
            }
        }
        // Castling tests its own squares (out of check it is tried); a drop
        // cannot uncover the king, so only a royal drop or, in check, a drop
        // off the check lines needs a test.
        spare.clear();
        self.generate_castling(spare);
        count += match &block {
            None => spare.len() as u64,
            Some(block) => {
                spare.iter().filter(|mv| self.fast_keeps(**mv, king, &pinned, Some(block), &mut scratch)).count() as u64
            }
        };
        if rules.drops.is_some() && !self.hand(us).is_empty() {
            spare.clear();
            self.generate_drops(spare);
            for mv in spare.iter() {
                count += u64::from(self.fast_keeps(*mv, king, &pinned, block.as_ref(), &mut scratch));
            }
        }
        Some(count)
    }
}
