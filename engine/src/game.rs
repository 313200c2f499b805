//! A game: a start position, the actions played so far and what follows from
//! them. This is the turn protocol every front end speaks: ask [`Game::turn`]
//! what the side to move may do, feed back an [`Action`], read the result.
//!
//! The engine never rolls dice or keeps secrets; actions carry the faces a
//! caller rolled. A game is exactly rebuilt by replaying its [`GameRecord`].

use std::fmt;

use crate::color::Color;
use crate::fen::{self, FenError};
use crate::moves::Move;
use crate::notation::{self, MoveError};
use crate::options::{GameOptions, OptionsError};
use crate::position::Position;
use crate::rules::{DrawRules, TurnRoll};
use crate::variant::{Variant, VariantError};

/// Something a player does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    Move(Move),
    /// The faces a caller rolled for the dice the turn asked for, in order.
    Roll {
        side: Color,
        faces: Vec<u32>,
    },
    Pass(Color),
    /// A choice the opponent must not see yet; the caller keeps the secret and
    /// its commitment, the engine only records that it was made.
    ChooseSecret {
        side: Color,
        option: String,
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

/// One kind of thing a player may do now. Variants with dice, reserves or
/// secrets add their choices here; every game offers [`Choice::Move`] while it
/// has legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Play one of the position's legal moves.
    Move,
    /// Roll these dice (sides of each die) before moving; `required` if the
    /// turn cannot go on without them.
    Roll { dice: Vec<u32>, required: bool },
    /// Give up the turn.
    Pass,
    /// Make a secret choice among these options before play goes on.
    ChooseSecret { options: Vec<String> },
    /// Either player may claim a draw, for this reason.
    ClaimDraw(EndReason),
    /// The opponent of `offered_by` may accept or decline a draw offer.
    AnswerDrawOffer { offered_by: Color },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    Resignation,
    Timeout,
    /// Time ran out, but the opponent has nothing left that could mate.
    TimeoutVsBareKing,
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
            EndReason::Stalemate => "stalemate",
            EndReason::Resignation => "resignation",
            EndReason::Timeout => "time forfeit",
            EndReason::TimeoutVsBareKing => "timeout against a bare king",
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
    #[error("a draw cannot be claimed now: the position has not repeated {repetition} times and {plies} plies have not passed without a capture or pawn move")]
    NothingToClaim { repetition: u32, plies: u32 },
    #[error("{variant} has no {what}")]
    NotInVariant { variant: Variant, what: &'static str },
    #[error("`{0}` is not an action I know")]
    UnknownAction(String),
    #[error("{0}")]
    RollRefused(String),
}

/// Everything needed to rebuild a game: the variant, its options, a custom
/// start position if any, and the actions in order, each as text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub variant: Variant,
    /// The game options that differ from the variant's defaults (`lucky8=off`).
    pub options: String,
    pub start: Option<String>,
    pub actions: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error(transparent)]
    Variant(#[from] VariantError),
    #[error(transparent)]
    Options(#[from] OptionsError),
    #[error("start position: {0}")]
    Start(#[from] FenError),
    #[error("action {index} (`{text}`): {error}")]
    Action { index: usize, text: String, error: GameError },
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
        };
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
        self.position.rules().chance.map(|chance| (chance.describe)(roll))
    }

    pub fn position(&self) -> &Position {
        &self.position
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

    /// What the side to move may do, or `None` once the game is over.
    pub fn turn(&self) -> Option<Turn> {
        if self.outcome.is_some() {
            return None;
        }
        let mut choices = vec![Choice::Move];
        if let Some(chance) = self.position.rules().chance {
            for (kind, roll) in chance.kinds.iter().enumerate() {
                if (chance.allowed)(&self.position, &self.options, &self.rolls, kind).is_ok() {
                    choices.push(Choice::Roll { dice: roll.dice.to_vec(), required: false });
                }
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
        let mv = notation::parse_move(&self.position, text)?;
        self.apply(Action::Move(mv))?;
        Ok(mv)
    }

    /// Applies an action. On error nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<(), GameError> {
        self.ensure_running()?;
        match action {
            Action::Move(mv) => {
                let legal = self.position.legal_moves();
                if !legal.contains(&mv) {
                    let text = notation::coordinates(&self.position, mv);
                    return Err(GameError::Move(MoveError::Illegal {
                        text,
                        reason: "that move is not legal here".into(),
                    }));
                }
                let mover = self.position.turn();
                self.san.push(notation::san_among(&self.position, mv, &legal));
                self.position.make(mv);
                self.rolls.clear();
                self.seen.push(self.position.repetition_key());
                if self.draw_offer == Some(!mover) {
                    // Playing on answers an opponent's offer with a no.
                    self.draw_offer = None;
                }
                self.outcome = self.automatic_end();
            }
            Action::Roll { side, ref faces } => self.roll(side, faces)?,
            Action::Pass(_) => return Err(self.not_here("passing")),
            Action::ChooseSecret { .. } => return Err(self.not_here("secret choices")),
            Action::Timeout(side) => {
                // FIDE 6.9: a flag fall is a draw if the opponent cannot mate
                // by any series of moves; the clear case is a bare king.
                let bare = self.position.pieces(!side).all(|(_, kind)| self.position.rules().kind(kind).royal);
                self.outcome = Some(if bare {
                    Outcome { winner: None, reason: EndReason::TimeoutVsBareKing }
                } else {
                    Outcome { winner: Some(!side), reason: EndReason::Timeout }
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
                    let draws = self.position.rules().draws;
                    GameError::NothingToClaim {
                        repetition: draws.repetition_claim.unwrap_or(0),
                        plies: draws.quiet_plies_claim.unwrap_or(0),
                    }
                })?;
                self.outcome = Some(Outcome { winner: None, reason });
            }
        }
        self.actions.push(action);
        Ok(())
    }

    /// Checks a roll's faces against the dice the turn offers and grants what
    /// they win.
    fn roll(&mut self, side: Color, faces: &[u32]) -> Result<(), GameError> {
        let chance = self.position.rules().chance.ok_or_else(|| self.not_here("dice to roll"))?;
        if side != self.position.turn() {
            return Err(GameError::NotYourTurn);
        }
        let kind = chance.kinds.iter().position(|k| k.dice.len() == faces.len()).ok_or_else(|| {
            GameError::RollRefused(format!("{} dice are not a roll of {}", faces.len(), self.variant))
        })?;
        if faces.iter().zip(chance.kinds[kind].dice).any(|(face, sides)| *face == 0 || face > sides) {
            return Err(GameError::RollRefused(format!("a face of {faces:?} is not on the die")));
        }
        (chance.allowed)(&self.position, &self.options, &self.rolls, kind).map_err(GameError::RollRefused)?;
        self.rolls.push((kind, faces.to_vec()));
        self.position.set_granted((chance.grant)(&self.position, &self.options, &self.rolls));
        Ok(())
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

    fn repetitions(&self) -> u32 {
        let current = *self.seen.last().expect("the start position is seen");
        self.seen.iter().filter(|k| **k == current).count() as u32
    }

    fn claimable_draw(&self) -> Option<EndReason> {
        let draws = self.position.rules().draws;
        if draws.repetition_claim.is_some_and(|n| self.repetitions() >= n) {
            return Some(EndReason::Repetition);
        }
        if draws.quiet_plies_claim.is_some_and(|n| self.position.halfmove_clock() >= n) {
            return Some(EndReason::QuietMoves);
        }
        None
    }

    /// The end that follows from the position alone, if any.
    fn automatic_end(&self) -> Option<Outcome> {
        let position = &self.position;
        let draws = position.rules().draws;
        if position.legal_moves().is_empty() {
            return Some(if position.is_check() {
                Outcome { winner: Some(!position.turn()), reason: EndReason::Checkmate }
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

    /// The game as a record of text actions.
    pub fn record(&self) -> GameRecord {
        let mut replay = self.start.scratch();
        let actions = self
            .actions
            .iter()
            .map(|action| {
                let text = action_text(&replay, action);
                if let Action::Move(mv) = action {
                    replay.make(*mv);
                }
                text
            })
            .collect();
        GameRecord {
            variant: self.variant,
            options: self.options.write(self.position.rules().options),
            start: self.custom_start.then(|| fen::write(&self.start)),
            actions,
        }
    }

    /// Rebuilds a game by replaying a record.
    pub fn replay(record: &GameRecord) -> Result<Game, ReplayError> {
        let mut game = Game::create(record.variant, &record.options, record.start.as_deref())?;
        for (index, text) in record.actions.iter().enumerate() {
            let fail = |error| ReplayError::Action { index, text: text.clone(), error };
            let action = parse_action(&game.position, text).map_err(fail)?;
            game.apply(action).map_err(fail)?;
        }
        Ok(game)
    }

    /// The game without its last `plies` moves (and whatever came after them):
    /// a takeback. Fails if there are fewer moves than that.
    pub fn without_last_moves(&self, plies: usize) -> Option<Game> {
        let move_indices: Vec<usize> =
            self.actions.iter().enumerate().filter(|(_, a)| matches!(a, Action::Move(_))).map(|(i, _)| i).collect();
        let keep = *move_indices.get(move_indices.len().checked_sub(plies)?)?;
        let mut game = Game::from_position(self.variant, self.options.clone(), self.start.scratch(), self.custom_start);
        for action in &self.actions[..keep] {
            game.apply(action.clone()).ok()?;
        }
        Some(game)
    }
}

fn side_word(color: Color) -> &'static str {
    color.fold("white", "black")
}

fn action_text(position: &Position, action: &Action) -> String {
    match action {
        Action::Move(mv) => notation::coordinates(position, *mv),
        Action::Roll { side, faces } => {
            let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
            format!("roll {} {}", side_word(*side), faces.join(","))
        }
        Action::Pass(c) => format!("pass {}", side_word(*c)),
        Action::ChooseSecret { side, option } => format!("choose {} {option}", side_word(*side)),
        Action::Resign(c) => format!("resign {}", side_word(*c)),
        Action::Timeout(c) => format!("timeout {}", side_word(*c)),
        Action::OfferDraw(c) => format!("offer-draw {}", side_word(*c)),
        Action::AcceptDraw(c) => format!("accept-draw {}", side_word(*c)),
        Action::DeclineDraw(c) => format!("decline-draw {}", side_word(*c)),
        Action::ClaimDraw(c) => format!("claim-draw {}", side_word(*c)),
    }
}

/// Reads one action of a record (or typed by a user): a move in any notation
/// the variant accepts, or `<verb> <white|black>`.
pub fn parse_action(position: &Position, text: &str) -> Result<Action, GameError> {
    let unknown = || GameError::UnknownAction(text.to_string());
    let words: Vec<&str> = text.split_whitespace().collect();
    let (verb, rest) = match words.as_slice() {
        [mv] => return Ok(Action::Move(notation::parse_move(position, mv)?)),
        [verb, rest @ ..] if rest.len() <= 2 => (*verb, rest),
        _ => return Err(unknown()),
    };
    let color = match rest[0] {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return Err(unknown()),
    };
    let argument = rest.get(1).copied();
    Ok(match (verb, argument) {
        ("roll", Some(faces)) => {
            let faces = faces.split(',').map(|f| f.parse().map_err(|_| unknown())).collect::<Result<_, _>>()?;
            Action::Roll { side: color, faces }
        }
        ("choose", Some(option)) => Action::ChooseSecret { side: color, option: option.to_string() },
        ("pass", None) => Action::Pass(color),
        ("resign", None) => Action::Resign(color),
        ("timeout", None) => Action::Timeout(color),
        ("offer-draw", None) => Action::OfferDraw(color),
        ("accept-draw", None) => Action::AcceptDraw(color),
        ("decline-draw", None) => Action::DeclineDraw(color),
        ("claim-draw", None) => Action::ClaimDraw(color),
        _ => return Err(unknown()),
    })
}
