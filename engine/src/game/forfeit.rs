//! Royal pieces lost without losing the game ([`RoyalForfeit`]): once the
//! side to move has lost one and its secret is known, the secret decides; a
//! royal that was not the decisive one leaves the board, and the side pays a
//! price for it (when it can) before making its move as usual.

use super::{EndReason, Game, GameError, Outcome};
use crate::color::Color;
use crate::geometry::Square;
use crate::piece::{Kind, Piece};
use crate::turns::{Price, RoyalForfeit};

/// A royal piece a side lost without losing the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forfeited {
    /// Moves (and passes) played before it was lost.
    pub moves: usize,
    pub side: Color,
    pub piece: Piece,
    /// It went to its side's hand (a price was due), rather than leaving the game.
    pub to_hand: bool,
}

impl Game {
    /// The side that must pay for a forfeited royal piece before play goes on.
    pub fn price_due(&self) -> Option<Color> {
        self.price_due
    }

    /// The prices `side` can pay now with its pieces on the board, each with
    /// the squares of the pieces that count toward it (empty unless a price
    /// is due from `side`).
    pub fn payable_prices(&self, side: Color) -> Vec<(Price, Vec<Square>)> {
        match (self.price_due, self.forfeit_rule()) {
            (Some(due), Some(rule)) if due == side => payable(self, rule, side),
            _ => Vec::new(),
        }
    }

    fn forfeit_rule(&self) -> Option<RoyalForfeit> {
        self.position.rules().turns.forfeit
    }

    /// Settles a royal piece the side to move has lost, if its secret is
    /// known: the game ends if the secret says so, or the royal leaves the
    /// board (into the hand when a price is payable). Repeats while that
    /// loses another one (a price-less forfeit exposing the last royal).
    pub(super) fn settle_forfeits(&mut self) {
        while self.settle_forfeit() {}
    }

    fn settle_forfeit(&mut self) -> bool {
        let rules = std::sync::Arc::clone(self.position.rules());
        let (Some(secret), Some(rule)) = (rules.turns.secret, rules.turns.forfeit) else { return false };
        if self.outcome.is_some() || self.price_due.is_some() {
            return false;
        }
        let side = self.position.turn();
        let Some(option) = self.revealed_secret(side).map(str::to_string) else { return false };
        let Some(square) = (rule.lost)(&self.position) else { return false };
        if let Some(winner) = (secret.revealed)(&self.position, side, &option) {
            self.outcome = Some(Outcome { winner: Some(winner), reason: EndReason::Checkmate });
            self.mark_mate();
            return false;
        }
        let royal = self.take_off(square).expect("the lost royal stands there");
        let kind = self.hand_kind(royal);
        if payable(self, rule, side).is_empty() {
            // Nothing to pay with: it leaves the game for good.
            self.forfeits.push(Forfeited { moves: self.san.len(), side, piece: royal, to_hand: false });
        } else {
            let count = self.position.hand(side).count(kind);
            self.position.set_hand_count(side, kind, count + 1);
            self.price_due = Some(side);
            self.forfeits.push(Forfeited { moves: self.san.len(), side, piece: royal, to_hand: true });
        }
        self.reseen();
        // The move that mated a royal keeps its `#`, though play goes on.
        self.mark_mate();
        true
    }

    /// Pays the price due from `side` with the pieces on `squares`.
    pub(super) fn pay_price(&mut self, side: Color, squares: &[Square]) -> Result<(), GameError> {
        let rule = self.forfeit_rule().ok_or_else(|| self.not_here("prices"))?;
        let refuse = |text: String| Err(GameError::PriceRefused(text));
        if self.price_due != Some(side) {
            return refuse("no price is due from you now".into());
        }
        let g = &self.position.rules().geometry;
        let mut kinds = Vec::with_capacity(squares.len());
        for (i, square) in squares.iter().enumerate() {
            if squares[..i].contains(square) {
                return refuse(format!("{} is named twice", g.name(*square)));
            }
            match self.position.piece_at(*square) {
                Some(piece) if piece.color == side => kinds.push(piece.kind),
                _ => return refuse(format!("you have no piece on {}", g.name(*square))),
            }
        }
        let fits = |price: &Price| {
            usize::from(price.count) == kinds.len() && kinds.iter().all(|k| price.kinds >> k.0 & 1 != 0)
        };
        if !rule.prices.iter().any(fits) {
            let options: Vec<String> = payable(self, rule, side)
                .iter()
                .map(|(price, squares)| {
                    let names: Vec<String> = squares.iter().map(|s| g.name(*s).to_string()).collect();
                    format!("{} ({})", price.name, names.join(" "))
                })
                .collect();
            return refuse(format!("those pieces are not a price; pay one of: {}", options.join(", ")));
        }
        for square in squares {
            let piece = self.take_off(*square).expect("checked above");
            if rule.paid_to_opponent {
                let kind = self.hand_kind(piece);
                let count = self.position.hand(!side).count(kind);
                self.position.set_hand_count(!side, kind, count + 1);
            }
        }
        let p = &mut self.position;
        let (castling, fullmove) = (p.castling_rights(), p.fullmove_number());
        p.set_state(side, castling, None, 0, fullmove);
        self.price_due = None;
        self.reseen();
        self.settle_forfeits();
        if self.outcome.is_none() {
            self.outcome = self.automatic_end();
        }
        Ok(())
    }

    /// Takes a piece off the board outside a move, losing the castling rights
    /// that need it.
    fn take_off(&mut self, square: Square) -> Option<Piece> {
        let piece = self.position.remove(square)?;
        let p = &mut self.position;
        let kept = p.rules().castling_kept[square.index()];
        let (turn, castling, halfmove, fullmove) =
            (p.turn(), p.castling_rights(), p.halfmove_clock(), p.fullmove_number());
        p.set_state(turn, castling & kept, None, halfmove, fullmove);
        Some(piece)
    }

    /// The kind a piece is held as in a hand (a knighted piece as its base).
    fn hand_kind(&self, piece: Piece) -> Kind {
        self.position.rules().drops.as_ref().map_or(piece.kind, |d| d.in_hand_as[piece.kind.0 as usize])
    }

    /// The position changed within a turn: it replaces the last one seen.
    fn reseen(&mut self) {
        let key = self.position.repetition_key();
        *self.seen.last_mut().expect("the start position is seen") = key;
    }

    /// The royal pieces forfeited so far, oldest first.
    pub fn forfeits(&self) -> &[Forfeited] {
        &self.forfeits
    }

    /// Whether the last move mated a royal piece that was then forfeited.
    pub(super) fn forfeited_after_last_move(&self) -> bool {
        self.forfeits.last().is_some_and(|f| f.moves == self.san.len())
    }
}

/// The prices of `rule` that `side` can pay now, with the squares of the
/// pieces that count toward each.
fn payable(game: &Game, rule: RoyalForfeit, side: Color) -> Vec<(Price, Vec<Square>)> {
    let position = &game.position;
    rule.prices
        .iter()
        .filter_map(|price| {
            let squares: Vec<Square> =
                position.pieces(side).filter(|(_, kind)| price.kinds >> kind.0 & 1 != 0).map(|(sq, _)| sq).collect();
            (squares.len() >= usize::from(price.count)).then_some((*price, squares))
        })
        .collect()
}
