//! Buttons under the core's replies: what each does, and the custom id that
//! carries it through Discord and back (with the game it acts on, so a
//! button of an older message cannot act on a newer game).

use super::request::{Command, DrawAction, HintOf, PuzzleCommand};
use super::TournamentCommand;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Button {
    pub action: ButtonAction,
    pub label: String,
    pub style: ButtonStyle,
    /// Data the click carries back (which roll to roll again), after the action's id.
    pub payload: Option<String>,
    /// The game (or challenge) the button acts on, named in its custom id so
    /// a button of an older message cannot act on a newer game.
    pub game: Option<u64>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// What a button does when clicked. Its id travels through Discord as the
/// component's custom id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ButtonAction {
    Accept,
    Decline,
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    Roll,
    RollSecond,
    /// A game's roll of the kind with this index (the third kind on: the
    /// first two keep their own buttons, whose ids older messages carry).
    RollKind(u8),
    /// Rolls after a warning ("Roll anyway").
    ConfirmRoll,
    Pass,
    /// Under a table roll: roll the same line again (payload: ledger and index).
    RollAgain,
    /// Under a d20 table roll: roll it again with advantage.
    RollAdvantage,
    /// Under a d20 table roll: roll it again with disadvantage.
    RollDisadvantage,
    Abort,
    Rematch,
    /// Asks for the secret choice's buttons, privately.
    Secret,
    /// The secret choice's first option (New chess: the E-king).
    ChooseFirst,
    /// The secret choice's second option.
    ChooseSecond,
    /// Pays a price (payload: game and squares).
    Price,
    /// Plays one of the moves a question offered (payload: game and move).
    ChosenMove,
    /// A puzzle's Hint (payload: which puzzle, see [`HintOf::payload`]).
    PuzzleHint,
    /// An event post's Join button (payload: the event id).
    JoinEvent,
    /// An event post's Leave button (payload: the event id).
    LeaveEvent,
    /// An Arena game's Berserk button (carries the game).
    Berserk,
}

/// The custom id of a [`ButtonAction::RollKind`] button: `roll-kind:GAME:KIND`.
const ROLL_KIND: &str = "roll-kind";

impl ButtonAction {
    /// The actions whose id alone names them (not [`ButtonAction::RollKind`],
    /// whose id also carries its kind).
    const ALL: [ButtonAction; 24] = [
        ButtonAction::Accept,
        ButtonAction::Decline,
        ButtonAction::Resign,
        ButtonAction::OfferDraw,
        ButtonAction::AcceptDraw,
        ButtonAction::DeclineDraw,
        ButtonAction::Roll,
        ButtonAction::RollSecond,
        ButtonAction::ConfirmRoll,
        ButtonAction::Pass,
        ButtonAction::RollAgain,
        ButtonAction::RollAdvantage,
        ButtonAction::RollDisadvantage,
        ButtonAction::Abort,
        ButtonAction::Rematch,
        ButtonAction::Secret,
        ButtonAction::ChooseFirst,
        ButtonAction::ChooseSecond,
        ButtonAction::Price,
        ButtonAction::ChosenMove,
        ButtonAction::PuzzleHint,
        ButtonAction::JoinEvent,
        ButtonAction::LeaveEvent,
        ButtonAction::Berserk,
    ];

    pub fn id(self) -> &'static str {
        match self {
            ButtonAction::Accept => "accept",
            ButtonAction::Decline => "decline",
            ButtonAction::Resign => "resign",
            ButtonAction::OfferDraw => "draw-offer",
            ButtonAction::AcceptDraw => "draw-accept",
            ButtonAction::DeclineDraw => "draw-decline",
            ButtonAction::Roll => "roll",
            ButtonAction::RollSecond => "roll-second",
            ButtonAction::RollKind(_) => ROLL_KIND,
            ButtonAction::ConfirmRoll => "roll-confirm",
            ButtonAction::Pass => "pass",
            ButtonAction::RollAgain => "roll-again",
            ButtonAction::RollAdvantage => "roll-adv",
            ButtonAction::RollDisadvantage => "roll-dis",
            ButtonAction::Abort => "abort",
            ButtonAction::Rematch => "rematch",
            ButtonAction::Secret => "secret",
            ButtonAction::ChooseFirst => "choose-1",
            ButtonAction::ChooseSecond => "choose-2",
            ButtonAction::Price => "price",
            ButtonAction::ChosenMove => "move",
            ButtonAction::PuzzleHint => "puzzle-hint",
            ButtonAction::JoinEvent => "tour-join",
            ButtonAction::LeaveEvent => "tour-leave",
            ButtonAction::Berserk => "tour-berserk",
        }
    }

    /// Every kind of button Rookery can send, as the first part of its custom
    /// id (`resign`, `roll-kind`): what the end-to-end tour must click.
    pub fn kinds() -> impl Iterator<Item = &'static str> {
        ButtonAction::ALL.into_iter().map(ButtonAction::id).chain([ROLL_KIND])
    }

    /// The action of a custom id, with or without a `:payload`.
    pub fn from_id(id: &str) -> Option<ButtonAction> {
        let action = id.split_once(':').map_or(id, |(action, _)| action);
        ButtonAction::ALL.into_iter().find(|a| a.id() == action)
    }

    /// What a component's custom id asks for: `resign:12` is Resign on game 12,
    /// `roll-again:3:7` repeats roll 7 of table ledger 3. Anything else, a stale
    /// id without its game included, is refused.
    pub fn parse_custom_id(custom_id: &str) -> Option<Command> {
        if let Some((game, kind)) = custom_id.strip_prefix(ROLL_KIND).and_then(|r| r.strip_prefix(':')?.split_once(':'))
        {
            return Some(Command::Clicked {
                action: ButtonAction::RollKind(kind.parse().ok()?),
                game: game.parse().ok()?,
            });
        }
        let action = ButtonAction::from_id(custom_id)?;
        match custom_id.split_once(':') {
            Some((_, payload)) if action.repeats_a_table_roll() => {
                crate::core::DiceCommand::again(action, payload).map(Command::Dice)
            }
            Some((_, payload)) if action == ButtonAction::Price => {
                let (game, squares) = payload.split_once(':')?;
                Some(Command::Price { text: squares.replace(',', " "), game: Some(game.parse().ok()?) })
            }
            Some((_, payload)) if action == ButtonAction::ChosenMove => {
                let (game, text) = payload.split_once(':')?;
                Some(Command::ChosenMove { game: game.parse().ok()?, text: text.to_string() })
            }
            Some((_, payload)) if action == ButtonAction::PuzzleHint => {
                Some(Command::Puzzle(PuzzleCommand::Hint { of: HintOf::from_payload(payload)? }))
            }
            Some((_, event)) if action == ButtonAction::JoinEvent => {
                Some(Command::Tournament(TournamentCommand::Join { event: event.parse().ok()? }))
            }
            Some((_, event)) if action == ButtonAction::LeaveEvent => {
                Some(Command::Tournament(TournamentCommand::Leave { event: event.parse().ok()? }))
            }
            Some((_, game)) if action == ButtonAction::Berserk => {
                Some(Command::Tournament(TournamentCommand::Berserk { game: game.parse().ok()? }))
            }
            Some((_, game)) => Some(Command::Clicked { action, game: game.parse().ok()? }),
            None => None,
        }
    }

    /// The button that rolls a game's roll kind `kind`; `None` past the
    /// 256 kinds a custom id can name.
    pub fn roll(kind: usize) -> Option<ButtonAction> {
        match kind {
            0 => Some(ButtonAction::Roll),
            1 => Some(ButtonAction::RollSecond),
            _ => u8::try_from(kind).ok().map(ButtonAction::RollKind),
        }
    }

    /// Buttons under a table roll: they carry the roll, not a game.
    fn repeats_a_table_roll(self) -> bool {
        matches!(self, ButtonAction::RollAgain | ButtonAction::RollAdvantage | ButtonAction::RollDisadvantage)
    }

    /// The command a click means.
    pub fn command(self) -> Command {
        match self {
            ButtonAction::Accept => Command::Accept,
            ButtonAction::Decline => Command::Decline,
            ButtonAction::Resign => Command::Resign,
            ButtonAction::OfferDraw => Command::Draw(DrawAction::Offer),
            ButtonAction::AcceptDraw => Command::Draw(DrawAction::Accept),
            ButtonAction::DeclineDraw => Command::Draw(DrawAction::Decline),
            ButtonAction::Roll => Command::RollForGame,
            ButtonAction::RollSecond => Command::RollSecondForGame,
            ButtonAction::RollKind(kind) => Command::RollKindForGame { kind: kind.into() },
            ButtonAction::ConfirmRoll => Command::ConfirmRoll,
            ButtonAction::Pass => Command::Pass,
            // Without a payload there is no roll to repeat: the table's own roll.
            ButtonAction::RollAgain | ButtonAction::RollAdvantage | ButtonAction::RollDisadvantage => {
                Command::RollForGame
            }
            ButtonAction::Abort => Command::Abort,
            ButtonAction::Rematch => Command::Rematch,
            ButtonAction::Secret => Command::Choose { option: String::new() },
            ButtonAction::ChooseFirst => Command::ChooseOption { index: 0 },
            ButtonAction::ChooseSecond => Command::ChooseOption { index: 1 },
            // Without its payload a price button names no pieces: the price is asked for again.
            ButtonAction::Price => Command::Price { text: String::new(), game: None },
            // Without its payload the button names no move: the board again.
            ButtonAction::ChosenMove => Command::Board,
            ButtonAction::PuzzleHint => Command::Puzzle(PuzzleCommand::Hint { of: HintOf::Open }),
            // Without its payload the button names no event: the server's events.
            ButtonAction::JoinEvent | ButtonAction::LeaveEvent => Command::Tournament(TournamentCommand::List),
            // Without its game the button names none: the player's tournament games.
            ButtonAction::Berserk => Command::Tournament(TournamentCommand::Me),
        }
    }
}

impl Button {
    pub fn new(action: ButtonAction, label: &str, style: ButtonStyle) -> Button {
        Button { action, label: label.to_string(), style, payload: None, game: None }
    }

    /// The custom id Discord carries: the action's id, then `:payload` for a
    /// table roll's button or `:game` for a game's.
    pub fn custom_id(&self) -> String {
        match (&self.payload, self.game) {
            (Some(payload), _) => format!("{}:{payload}", self.action.id()),
            (None, Some(game)) => match self.action {
                ButtonAction::RollKind(kind) => format!("{ROLL_KIND}:{game}:{kind}"),
                action => format!("{}:{game}", action.id()),
            },
            (None, None) => self.action.id().to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn button_ids_round_trip() {
        for action in ButtonAction::ALL {
            assert_eq!(ButtonAction::from_id(action.id()), Some(action));
        }
        assert_eq!(ButtonAction::from_id("nonsense"), None);
        assert_eq!(ButtonAction::Roll.command(), Command::RollForGame);
        let kinds: Vec<&str> = ButtonAction::kinds().collect();
        assert_eq!(kinds.len(), ButtonAction::ALL.len() + 1);
        assert!(kinds.contains(&ButtonAction::RollKind(3).id()));
    }

    #[test]
    fn custom_ids_name_their_game() {
        let mut button = Button::new(ButtonAction::Resign, "Resign", ButtonStyle::Danger);
        button.game = Some(12);
        assert_eq!(button.custom_id(), "resign:12");
        assert_eq!(
            ButtonAction::parse_custom_id("resign:12"),
            Some(Command::Clicked { action: ButtonAction::Resign, game: 12 })
        );
        // Ids without a game are from before buttons named one.
        assert_eq!(ButtonAction::parse_custom_id("resign"), None);
        assert_eq!(ButtonAction::parse_custom_id("board"), None);
        assert_eq!(ButtonAction::parse_custom_id("resign:x"), None);
        assert_eq!(ButtonAction::parse_custom_id("dance:1"), None);
    }

    #[test]
    fn hint_buttons_name_their_puzzle() {
        let mut button = Button::new(ButtonAction::PuzzleHint, "Hint", ButtonStyle::Secondary);
        for of in [HintOf::Day(19_675), HintOf::Practice(42)] {
            button.payload = of.payload();
            let hint = Some(Command::Puzzle(PuzzleCommand::Hint { of }));
            assert_eq!(ButtonAction::parse_custom_id(&button.custom_id()), hint);
        }
        assert_eq!(button.custom_id(), "puzzle-hint:practice:42");
        for stale in ["puzzle-hint", "puzzle-hint:day", "puzzle-hint:day:x", "puzzle-hint:week:3", "puzzle-hint:7"] {
            assert_eq!(ButtonAction::parse_custom_id(stale), None, "{stale}");
        }
    }

    #[test]
    fn every_roll_kind_has_a_button_that_names_it() {
        assert_eq!(ButtonAction::roll(0), Some(ButtonAction::Roll));
        assert_eq!(ButtonAction::roll(1), Some(ButtonAction::RollSecond));
        assert_eq!(ButtonAction::roll(256), None);
        let mut button = Button::new(ButtonAction::roll(4).unwrap(), "Storm die", ButtonStyle::Primary);
        button.game = Some(12);
        assert_eq!(button.custom_id(), "roll-kind:12:4");
        let clicked = ButtonAction::parse_custom_id(&button.custom_id());
        assert_eq!(clicked, Some(Command::Clicked { action: ButtonAction::RollKind(4), game: 12 }));
        assert_eq!(ButtonAction::RollKind(4).command(), Command::RollKindForGame { kind: 4 });
        for stale in ["roll-kind:12", "roll-kind", "roll-kind:x:4", "roll-kind:12:x", "roll-kind:12:300"] {
            assert_eq!(ButtonAction::parse_custom_id(stale), None, "{stale}");
        }
    }
}
