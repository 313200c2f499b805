//! The turns that are not a move: passes within the rules' allowance, and
//! secret choices committed before move 1 and revealed when the rules need
//! them (or after the game). Only the commitment enters the record.

use super::{EndReason, Game, GameError, Outcome, Secret};
use crate::color::Color;
use crate::grants::Grants;
use crate::turns::{self, PassRule, SecretRule};

impl Game {
    /// Passes `side` has made so far.
    pub fn passes_made(&self, side: Color) -> u32 {
        self.passes[side.index()]
    }

    /// The commitment `side` made to its secret choice, if any.
    pub fn secret_commitment(&self, side: Color) -> Option<&str> {
        self.secrets[side.index()].as_ref().map(|s| s.commitment.as_str())
    }

    /// The secret choice of `side`, once revealed.
    pub fn revealed_secret(&self, side: Color) -> Option<&str> {
        self.secrets[side.index()].as_ref().and_then(|s| s.revealed.as_deref())
    }

    /// Whether the side to move may pass, and if so whether only because it
    /// has no move (`Some(true)`: forced).
    pub(super) fn pass_offered(&self, has_moves: bool) -> Option<bool> {
        let rule: PassRule = self.position.rules().turns.passes?;
        let side = self.position.turn();
        if self.position.is_check() {
            // Passing would leave the royal piece attacked.
            return None;
        }
        if rule.per_game.is_some_and(|n| self.passes[side.index()] >= n) {
            return None;
        }
        match (has_moves, rule.voluntary, rule.forced) {
            (true, true, _) => Some(false),
            (true, false, _) => None,
            (false, _, forced) if forced => Some(true),
            (false, voluntary, _) => voluntary.then_some(false),
        }
    }

    /// The first side still to make the rules' secret choice, before any move.
    pub(super) fn secret_pending(&self) -> Option<(Color, SecretRule)> {
        let rule = self.position.rules().turns.secret?;
        Color::ALL.into_iter().find(|c| self.secrets[c.index()].is_none()).map(|c| (c, rule))
    }

    /// The side whose secret the rules need revealed now, if not yet shown.
    pub(super) fn reveal_pending(&self) -> Option<Color> {
        let rule = self.position.rules().turns.secret?;
        (rule.reveal_due)(&self.position).filter(|side| self.revealed_secret(*side).is_none())
    }

    pub(super) fn pass(&mut self, side: Color) -> Result<(), GameError> {
        let rule = self.position.rules().turns.passes.ok_or_else(|| self.not_here("passing"))?;
        self.ensure_play_starts()?;
        if side != self.position.turn() {
            return Err(GameError::NotYourTurn);
        }
        if let Some((kind, chance)) = self.required_roll() {
            return Err(GameError::RollFirst(chance.kinds[kind].label));
        }
        let has_moves = !self.position.legal_moves().is_empty();
        if self.pass_offered(has_moves).is_none() {
            let reason = match rule.per_game {
                Some(n) if self.passes[side.index()] >= n => format!("you have used your {n} pass(es) of this game"),
                _ if self.position.is_check() => "you cannot pass in check".to_string(),
                _ => "you may pass only when you have no move".to_string(),
            };
            return Err(GameError::PassRefused(reason));
        }
        let position = &mut self.position;
        let fullmove = position.fullmove_number() + u32::from(side == Color::Black);
        let (castling, halfmove) = (position.castling_rights(), position.halfmove_clock() + 1);
        position.set_state(!side, castling, None, halfmove, fullmove);
        position.set_granted(Grants::NONE);
        self.passes[side.index()] += 1;
        self.san.push("pass".to_string());
        self.end_turn(side);
        self.outcome = self.automatic_end();
        Ok(())
    }

    pub(super) fn choose_secret(&mut self, side: Color, context: &str, commitment: &str) -> Result<(), GameError> {
        self.position.rules().turns.secret.ok_or_else(|| self.not_here("secret choices"))?;
        if self.secrets[side.index()].is_some() {
            return Err(GameError::SecretRefused("that side has already made its secret choice".into()));
        }
        if !self.san.is_empty() {
            return Err(GameError::SecretRefused("a secret choice is made before the first move".into()));
        }
        let hex =
            commitment.len() == 64 && commitment.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        if !hex || !turns::is_field(context) {
            return Err(GameError::SecretRefused("a commitment is 64 lower-case hex digits and a game id".into()));
        }
        let secret = Secret { context: context.to_string(), commitment: commitment.to_string(), revealed: None };
        self.secrets[side.index()] = Some(secret);
        self.outcome = self.automatic_end();
        Ok(())
    }

    pub(super) fn reveal(&mut self, side: Color, option: &str, nonce: &str) -> Result<(), GameError> {
        let rule = self.position.rules().turns.secret.ok_or_else(|| self.not_here("secret choices"))?;
        let refuse = |text: &str| Err(GameError::SecretRefused(text.to_string()));
        let Some(secret) = &self.secrets[side.index()] else { return refuse("that side made no secret choice") };
        if secret.revealed.is_some() {
            return refuse("that secret choice is already revealed");
        }
        if !rule.options.contains(&option) || !turns::is_field(nonce) {
            return refuse("that is not one of the choices");
        }
        if turns::commitment(&secret.context, side, option, nonce) != secret.commitment {
            return refuse("the choice and nonce do not match the commitment");
        }
        let due = self.outcome.is_none() && (rule.reveal_due)(&self.position) == Some(side);
        self.secrets[side.index()].as_mut().expect("checked above").revealed = Some(option.to_string());
        if due && self.position.rules().turns.forfeit.is_some() {
            // The forfeit rule reads the secret now revealed.
            self.settle_forfeits();
            if self.outcome.is_none() {
                self.outcome = self.automatic_end();
            }
        } else if due {
            self.outcome = (rule.revealed)(&self.position, side, option)
                .map(|winner| Outcome { winner: Some(winner), reason: EndReason::Checkmate })
                .or_else(|| self.automatic_end());
            self.mark_mate();
        }
        Ok(())
    }
}
