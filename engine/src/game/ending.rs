//! How a game ends: the reasons, the outcome, and the ends that follow from
//! the position alone (mate, stalemate, automatic draws) or may be claimed.

use std::fmt;

use super::Game;
use crate::color::Color;
use crate::rules::DrawRules;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    /// The loser rolled in check and the dice left it no way to answer the
    /// check (Dice Landing R5: a landing that cannot block); see
    /// [`Rules::lost_by_roll`](crate::rules::Rules::lost_by_roll).
    RollInCheck,
    /// A royal piece of the loser was captured (Guardener).
    RoyalCaptured,
    Stalemate,
    Resignation,
    Timeout,
    /// Time ran out, but the opponent has nothing left that could mate.
    TimeoutVsBareKing,
    /// Time ran out, but the opponent has too little to mate (a king and one
    /// bishop or knight in chess).
    TimeoutVsInsufficientMaterial,
    Agreement,
    /// Claimed when the position occurred for the claim count's time.
    Repetition,
    /// Reached the automatic repetition count.
    RepetitionAutomatic,
    /// Claimed after the quiet-ply claim count.
    QuietMoves,
    /// Reached the automatic quiet-ply count.
    QuietMovesAutomatic,
    DeadPosition,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::RollInCheck => "a roll in check that could not block",
            EndReason::RoyalCaptured => "capture of the king",
            EndReason::Stalemate => "stalemate",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "time forfeit",
            EndReason::TimeoutVsBareKing => "timeout against a bare king",
            EndReason::TimeoutVsInsufficientMaterial => "timeout against insufficient material",
            EndReason::Agreement => "agreement",
            EndReason::Repetition => "threefold repetition",
            EndReason::RepetitionAutomatic => "fivefold repetition",
            EndReason::QuietMoves => "the fifty-move rule",
            EndReason::QuietMovesAutomatic => "the seventy-five-move rule",
            EndReason::DeadPosition => "insufficient material",
        })
    }
}

impl EndReason {
    /// The reason in words, with the counts of `draws` where a count is part of
    /// the name ("threefold repetition" in one variant, "fivefold" in another).
    pub fn describe(self, draws: &DrawRules) -> String {
        let fold = |n: u32| match n {
            2 => "twofold".to_string(),
            3 => "threefold".to_string(),
            4 => "fourfold".to_string(),
            5 => "fivefold".to_string(),
            n => format!("{n}-fold"),
        };
        let quiet = |plies: u32| match plies {
            100 => "the fifty-move rule".to_string(),
            150 => "the seventy-five-move rule".to_string(),
            p if p % 2 == 0 => format!("the {}-move rule", p / 2),
            p => format!("the {p}-ply rule"),
        };
        match (self, draws) {
            (EndReason::Repetition, DrawRules { repetition_claim: Some(n), .. })
            | (EndReason::RepetitionAutomatic, DrawRules { repetition_automatic: Some(n), .. }) => {
                format!("{} repetition", fold(*n))
            }
            (EndReason::QuietMoves, DrawRules { quiet_plies_claim: Some(p), .. })
            | (EndReason::QuietMovesAutomatic, DrawRules { quiet_plies_automatic: Some(p), .. }) => quiet(*p),
            _ => self.to_string(),
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: EndReason,
}

impl Outcome {
    /// The PGN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl Game {
    fn repetitions(&self) -> u32 {
        let current = *self.seen.last().expect("the start position is seen");
        self.seen.iter().filter(|k| **k == current).count() as u32
    }

    pub(super) fn claimable_draw(&self) -> Option<EndReason> {
        let draws = self.position.rules().draws;
        if draws.repetition_claim.is_some_and(|n| self.repetitions() >= n) {
            return Some(EndReason::Repetition);
        }
        if draws.quiet_plies_claim.is_some_and(|n| self.position.halfmove_clock() >= n) {
            return Some(EndReason::QuietMoves);
        }
        None
    }

    /// The end that follows from the position alone, if any. A side without a
    /// move is mated or stalemated only once nothing the turn still offers (a
    /// required roll, a pass, a secret to reveal) could change that; optional
    /// rolls do not count (Luck Dragon decides mate before its dice).
    pub(super) fn automatic_end(&self) -> Option<Outcome> {
        if self.secret_pending().is_some()
            || self.reveal_pending().is_some()
            || self.price_due.is_some()
            || self.required_roll().is_some()
        {
            return None;
        }
        let position = &self.position;
        let draws = position.rules().draws;
        if position.legal_moves().is_empty() && self.pass_offered(false).is_none() {
            let by_roll = position.rules().lost_by_roll.is_some_and(|lost| lost(position));
            return Some(if position.is_check() {
                let reason = if by_roll { EndReason::RollInCheck } else { EndReason::Checkmate };
                Outcome { winner: Some(!position.turn()), reason }
            } else {
                Outcome { winner: None, reason: EndReason::Stalemate }
            });
        }
        let draw = |reason| Some(Outcome { winner: None, reason });
        if draws.dead_position.is_some_and(|dead| dead(position)) {
            return draw(EndReason::DeadPosition);
        }
        if draws.repetition_automatic.is_some_and(|n| self.repetitions() >= n) {
            return draw(EndReason::RepetitionAutomatic);
        }
        if draws.quiet_plies_automatic.is_some_and(|n| position.halfmove_clock() >= n) {
            return draw(EndReason::QuietMovesAutomatic);
        }
        None
    }
}
