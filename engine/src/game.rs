//! A game: a start position, the actions played so far and what follows from
//! them. This is the turn protocol every front end speaks: ask [`Game::turn`]
//! what the side to move may do, feed back an [`Action`], read the result.
//!
//! The engine never rolls dice or keeps secrets; actions carry the faces a
//! caller rolled, and a secret choice arrives only as its commitment. A game is
//! exactly rebuilt by replaying its [`GameRecord`].
//!
//! A turn is shaped by the rules: required rolls come first (the caller makes
//! the automatic ones itself), then a move, optional rolls or a pass; a secret
//! choice may be asked of either side before the first move, and revealed when
//! the rules need it. "No move" ends the game only once no required roll, pass
//! or reveal could still change that.

use crate::echo::echo;

use crate::color::Color;
use crate::fen;
use crate::moves::Move;
use crate::notation::{self, MoveError};
use crate::options::GameOptions;
use crate::position::Position;
use crate::rules::TurnRoll;
use crate::variant::{Variant, VariantError};

pub use crate::action_text::parse_action;
pub use ending::{EndReason, Outcome};
pub use forfeit::Forfeited;
pub use record::{GameRecord, ReplayError};

mod ending;
mod extra_turns;
mod forfeit;
mod record;
mod rolls;

/// Something a player does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Move(Move),
    /// The faces a caller rolled for a roll of kind `kind` (its index among
    /// the variant's [`RollKind`](crate::rules::RollKind)s), in order.
    Roll {
        side: Color,
        kind: usize,
        faces: Vec<u32>,
    },
    /// The side gives up its turn (voluntarily, or forced by having no move).
    Pass(Color),
    /// A secret choice, as its commitment only (see [`turns::commitment`]):
    /// the caller keeps the option and nonce until the reveal. `context` is the
    /// game's public id, part of the hashed text.
    ChooseSecret {
        side: Color,
        context: String,
        commitment: String,
    },
    /// The secret choice made earlier, with its nonce; the engine checks them
    /// against the commitment. Accepted after the game too.
    Reveal {
        side: Color,
        option: String,
        nonce: String,
    },
    /// The side pays the price due for a forfeited royal piece with its
    /// pieces on these squares (see [`crate::turns::RoyalForfeit`]).
    PayPrice {
        side: Color,
        squares: Vec<crate::geometry::Square>,
    },
    Resign(Color),
    /// The side ran out of its time to move (the caller keeps the clock).
    Timeout(Color),
    OfferDraw(Color),
    AcceptDraw(Color),
    DeclineDraw(Color),
    ClaimDraw(Color),
}

/// What the side to move may (or must) do next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub side: Color,
    pub choices: Vec<Choice>,
}

/// One kind of thing a player may do now. [`Choice::Move`] is offered only
/// while a legal move exists and no roll is required first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Play one of the position's legal moves.
    Move,
    /// Roll these dice (sides of each die), the variant's roll kind `kind`;
    /// `required` if it is the only thing the turn allows now.
    Roll { kind: usize, dice: Vec<u32>, required: bool },
    /// Give up the turn; `forced` if nothing else is possible.
    Pass { forced: bool },
    /// Make a secret choice among these options before play goes on.
    ChooseSecret { options: Vec<String> },
    /// Reveal the secret choice: the rules need it now.
    Reveal,
    /// Pay a price for a forfeited royal piece ([`Game::payable_prices`]).
    PayPrice,
    /// Either player may claim a draw, for this reason.
    ClaimDraw(EndReason),
    /// The opponent of `offered_by` may accept or decline a draw offer.
    AnswerDrawOffer { offered_by: Color },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("the game is over ({})", .0.reason)]
    Over(Outcome),
    #[error("it is not your turn")]
    NotYourTurn,
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    #[error("you cannot answer your own draw offer")]
    OwnDrawOffer,
    #[error("a draw offer from you is already waiting for an answer")]
    DrawAlreadyOffered,
    /// No draw can be claimed now; the text says what the variant's claim
    /// rules are, or that it has none.
    #[error("{0}")]
    NothingToClaim(String),
    #[error("{variant} has no {what}")]
    NotInVariant { variant: Variant, what: &'static str },
    #[error("`{}` is not an action I know", echo(.0))]
    UnknownAction(String),
    #[error("{0}")]
    RollRefused(String),
    #[error("{0}")]
    PassRefused(String),
    #[error("{0}")]
    SecretRefused(String),
    #[error("{0}")]
    PriceRefused(String),
    /// The turn needs this roll kind (its label) before anything else.
    #[error("the {0} must be rolled first")]
    RollFirst(&'static str),
    #[error("both sides must make their secret choice before play starts")]
    SecretFirst,
    #[error("the secret choice must be revealed before play goes on")]
    RevealFirst,
    #[error("the price must be paid before play goes on")]
    PriceFirst,
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    variant: Variant,
    options: GameOptions,
    start: Position,
    custom_start: bool,
    position: Position,
    actions: Vec<Action>,
    /// SAN of each move, as it was written when played.
    san: Vec<String>,
    /// Repetition keys of every position reached, the current one last.
    seen: Vec<u64>,
    draw_offer: Option<Color>,
    outcome: Option<Outcome>,
    /// The rolls made since the last move.
    rolls: Vec<TurnRoll>,
    /// Each action as the record writes it, made when it was applied.
    texts: Vec<String>,
    /// Passes each side has made, by colour index.
    passes: [u32; 2],
    /// Each side's secret choice, by colour index.
    secrets: [Option<Secret>; 2],
    /// The side that must pay for a forfeited royal piece first.
    price_due: Option<Color>,
    /// Royal pieces forfeited: side, piece, and whether it went to the hand.
    forfeits: Vec<Forfeited>,
}

/// A committed secret choice; `revealed` once its option and nonce were shown.
#[derive(Clone, Debug)]
struct Secret {
    context: String,
    commitment: String,
    revealed: Option<String>,
}

impl Game {
    /// A game from the variant's start position.
    pub fn new(variant: Variant) -> Result<Game, VariantError> {
        let rules = variant.rules()?;
        let start = fen::parse(&rules, rules.start).expect("the built-in start position parses");
        Ok(Game::from_position(variant, GameOptions::defaults(rules.options), start, false))
    }

    /// A game from a position given as text.
    pub fn from_fen(variant: Variant, text: &str) -> Result<Game, ReplayError> {
        Game::create(variant, "", Some(text))
    }

    /// A game with options (`lucky8=off`; empty for the defaults), from the
    /// variant's start position or from a position text.
    pub fn create(variant: Variant, options: &str, start: Option<&str>) -> Result<Game, ReplayError> {
        let options = GameOptions::parse(variant.rules()?.options, options)?;
        let rules = variant.rules_for(&options)?;
        let (start, custom) = match start {
            Some(text) => (fen::parse(&rules, text)?, true),
            None => (fen::parse(&rules, rules.start).expect("the built-in start position parses"), false),
        };
        Ok(Game::from_position(variant, options, start, custom))
    }

    fn from_position(variant: Variant, options: GameOptions, start: Position, custom_start: bool) -> Game {
        let mut game = Game {
            variant,
            options,
            position: start.scratch(),
            seen: vec![start.repetition_key()],
            start,
            custom_start,
            actions: Vec::new(),
            san: Vec::new(),
            draw_offer: None,
            outcome: None,
            rolls: Vec::new(),
            texts: Vec::new(),
            passes: [0; 2],
            secrets: [None, None],
            price_due: None,
            forfeits: Vec::new(),
        };
        if let Some(recorded) = game.start.rules().passes_in_position {
            game.passes = Color::ALL.map(|side| (recorded.passed)(&game.start, side));
        }
        game.outcome = game.automatic_end();
        game
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The rolls made this turn, oldest first; empty after every move.
    pub fn turn_rolls(&self) -> &[TurnRoll] {
        &self.rolls
    }

    /// A roll as the variant's game log writes it, if the variant has dice.
    pub fn roll_text(&self, roll: &TurnRoll) -> Option<String> {
        let rules = self.position.rules();
        match rules.roll_text {
            Some(text) => Some(text(&self.options, roll)),
            None => rules.chance.map(|chance| (chance.describe)(roll)),
        }
    }

    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The repetition keys of the positions before the current one since the
    /// last irreversible move, oldest first: those the current line of play
    /// could still repeat.
    pub fn earlier_positions(&self) -> &[u64] {
        let before = &self.seen[..self.seen.len() - 1];
        let quiet = (self.position.halfmove_clock() as usize).min(before.len());
        &before[before.len() - quiet..]
    }

    pub fn start_position(&self) -> &Position {
        &self.start
    }

    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The moves played, in SAN.
    pub fn moves_san(&self) -> &[String] {
        &self.san
    }

    /// The record's word for a last turn that ended the game with a roll and
    /// no move (see [`Rules::roll_ending_text`](crate::rules::Rules)), written
    /// after the moves: Dice Landing's `[Q]<` or `[N]>×`. `None` for every
    /// other ending, a resignation after a roll included.
    pub fn roll_ending_text(&self) -> Option<String> {
        let ended_by_board =
            matches!(self.outcome?.reason, EndReason::Checkmate | EndReason::Stalemate | EndReason::RollInCheck);
        let last_was_roll = matches!(self.actions.last(), Some(Action::Roll { .. }));
        if !(ended_by_board && last_was_roll) {
            return None;
        }
        (self.position.rules().roll_ending_text?)(&self.position)
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<Move> {
        self.actions.iter().rev().find_map(|a| match a {
            Action::Move(m) => Some(*m),
            _ => None,
        })
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    pub fn draw_offer(&self) -> Option<Color> {
        self.draw_offer
    }

    /// Position text of the current position.
    pub fn fen(&self) -> String {
        fen::write(&self.position)
    }

    /// Who acts next and what they may do, or `None` once the game is over.
    /// `side` is usually the side to move, but a secret choice before the first
    /// move is asked of each side in turn, White first.
    pub fn turn(&self) -> Option<Turn> {
        if self.outcome.is_some() {
            return None;
        }
        if let Some((side, rule)) = self.secret_pending() {
            let options = rule.options.iter().map(|o| o.to_string()).collect();
            return Some(Turn { side, choices: vec![Choice::ChooseSecret { options }] });
        }
        if let Some(side) = self.reveal_pending() {
            return Some(Turn { side, choices: vec![Choice::Reveal] });
        }
        if let Some(side) = self.price_due {
            return Some(Turn { side, choices: vec![Choice::PayPrice] });
        }
        let mut choices = Vec::new();
        if let Some((kind, chance)) = self.required_roll() {
            choices.push(Choice::Roll { kind, dice: chance.kinds[kind].dice.to_vec(), required: true });
        } else {
            let moves = !self.position.legal_moves().is_empty();
            let pass = self.pass_offered(moves);
            if moves {
                choices.push(Choice::Move);
            }
            // Optional rolls never rescue a side without a move (see
            // `automatic_end`), so a forced pass leaves nothing to roll.
            if pass != Some(true) {
                choices.extend(self.optional_rolls());
            }
            if let Some(forced) = pass {
                choices.push(Choice::Pass { forced });
            }
        }
        if let Some(reason) = self.claimable_draw() {
            choices.push(Choice::ClaimDraw(reason));
        }
        if let Some(offered_by) = self.draw_offer {
            choices.push(Choice::AnswerDrawOffer { offered_by });
        }
        Some(Turn { side: self.position.turn(), choices })
    }

    /// Parses `text` as a move by `side` and plays it.
    pub fn play_move(&mut self, side: Color, text: &str) -> Result<Move, GameError> {
        self.ensure_running()?;
        if side != self.position.turn() {
            return Err(GameError::NotYourTurn);
        }
        self.ensure_play_starts()?;
        if let Some((kind, chance)) = self.required_roll() {
            return Err(GameError::RollFirst(chance.kinds[kind].label));
        }
        let mv = notation::parse_move(&self.position, text)?;
        self.apply(Action::Move(mv))?;
        Ok(mv)
    }

    /// Applies an action. On error nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<(), GameError> {
        if !matches!(action, Action::Reveal { .. }) {
            self.ensure_running()?;
        }
        let text = crate::action_text::write(&self.position, &action);
        match action {
            Action::Move(mv) => self.make_move(mv)?,
            Action::Roll { side, kind, ref faces } => self.roll(side, kind, faces)?,
            Action::Pass(side) => self.pass(side)?,
            Action::ChooseSecret { side, ref context, ref commitment } => {
                self.choose_secret(side, context, commitment)?
            }
            Action::Reveal { side, ref option, ref nonce } => self.reveal(side, option, nonce)?,
            Action::PayPrice { side, ref squares } => self.pay_price(side, squares)?,
            Action::Timeout(side) => {
                // FIDE 6.9: a flag fall is a draw if the opponent cannot mate
                // by any series of moves: a bare king, or what the rules
                // name too weak to mate alone.
                let rules = self.position.rules();
                let bare = self.position.pieces(!side).all(|(_, kind)| rules.kind(kind).royal);
                let reason = if bare {
                    Some(EndReason::TimeoutVsBareKing)
                } else if rules.draws.cannot_mate(&self.position, !side) {
                    Some(EndReason::TimeoutVsInsufficientMaterial)
                } else {
                    None
                };
                self.outcome = Some(match reason {
                    Some(reason) => Outcome { winner: None, reason },
                    None => Outcome { winner: Some(!side), reason: EndReason::Timeout },
                });
            }
            Action::Resign(side) => {
                self.outcome = Some(Outcome { winner: Some(!side), reason: EndReason::Resignation })
            }
            Action::OfferDraw(side) => {
                if self.draw_offer == Some(side) {
                    return Err(GameError::DrawAlreadyOffered);
                }
                if self.draw_offer == Some(!side) {
                    // Offering back is accepting.
                    self.draw_offer = None;
                    self.outcome = Some(Outcome { winner: None, reason: EndReason::Agreement });
                } else {
                    self.draw_offer = Some(side);
                }
            }
            Action::AcceptDraw(side) | Action::DeclineDraw(side) => {
                match self.draw_offer {
                    None => return Err(GameError::NoDrawOffer),
                    Some(offerer) if offerer == side => return Err(GameError::OwnDrawOffer),
                    Some(_) => {}
                }
                self.draw_offer = None;
                if matches!(action, Action::AcceptDraw(_)) {
                    self.outcome = Some(Outcome { winner: None, reason: EndReason::Agreement });
                }
            }
            Action::ClaimDraw(_) => {
                let reason = self.claimable_draw().ok_or_else(|| {
                    let rules = self.position.rules();
                    GameError::NothingToClaim(rules.draws.claim_rules_text(rules.title()))
                })?;
                self.outcome = Some(Outcome { winner: None, reason });
            }
        }
        self.actions.push(action);
        self.texts.push(text);
        Ok(())
    }

    /// Refuses a turn action while something must come first.
    fn ensure_play_starts(&self) -> Result<(), GameError> {
        if self.secret_pending().is_some() {
            return Err(GameError::SecretFirst);
        }
        if self.reveal_pending().is_some() {
            return Err(GameError::RevealFirst);
        }
        if self.price_due.is_some() {
            return Err(GameError::PriceFirst);
        }
        Ok(())
    }

    fn make_move(&mut self, mv: Move) -> Result<(), GameError> {
        self.ensure_play_starts()?;
        if let Some((kind, chance)) = self.required_roll() {
            return Err(GameError::RollFirst(chance.kinds[kind].label));
        }
        let legal = self.position.legal_moves();
        if !legal.contains(&mv) {
            let text = notation::coordinates(&self.position, mv);
            return Err(GameError::Move(MoveError::Illegal { text, reason: "that move is not legal here".into() }));
        }
        let mover = self.position.turn();
        let takes_royal = self.position.captures_royal(mv);
        self.san.push(notation::san_among(&self.position, mv, &legal));
        self.position.make(mv);
        self.end_turn(mover);
        self.outcome = if takes_royal {
            Some(Outcome { winner: Some(mover), reason: EndReason::RoyalCaptured })
        } else {
            self.settle_forfeits();
            self.outcome.or_else(|| self.automatic_end())
        };
        self.mark_mate();
        Ok(())
    }

    /// Writes `#` on the last move only for a mate the game has declared: a
    /// roll the turn still requires may save a side the board shows mated
    /// (then `+`), and a mate found after such a roll marks the move before it.
    fn mark_mate(&mut self) {
        let mated = self.outcome.is_some_and(|o| o.reason == EndReason::Checkmate) || self.forfeited_after_last_move();
        let Some(last) = self.san.last_mut().filter(|san| *san != "pass") else { return };
        if mated && !last.ends_with('#') && last.ends_with('+') {
            last.truncate(last.trim_end_matches('+').len());
            last.push('#');
        } else if !mated && last.ends_with('#') {
            last.pop();
            last.push('+');
        }
    }

    /// What every move and pass does after the board has changed.
    fn end_turn(&mut self, mover: Color) {
        self.rolls.clear();
        self.seen.push(self.position.repetition_key());
        if self.draw_offer == Some(!mover) {
            // Playing on answers an opponent's offer with a no.
            self.draw_offer = None;
        }
    }

    fn not_here(&self, what: &'static str) -> GameError {
        GameError::NotInVariant { variant: self.variant, what }
    }

    fn ensure_running(&self) -> Result<(), GameError> {
        match self.outcome {
            Some(outcome) => Err(GameError::Over(outcome)),
            None => Ok(()),
        }
    }
}
