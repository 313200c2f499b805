//! The fixed lists a user picks from. Discord shows them as menus, so the core
//! never sees a misspelt action; variants are offered by autocomplete from the
//! engine's registry instead, so a new variant needs no adapter change.

use rookery_engine::Variant;

use crate::core::{DrawAction, TakebackAction};

/// `/draw action`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum DrawChoice {
    #[name = "offer"]
    Offer,
    #[name = "accept"]
    Accept,
    #[name = "decline"]
    Decline,
    #[name = "claim"]
    Claim,
}

impl From<DrawChoice> for DrawAction {
    fn from(choice: DrawChoice) -> DrawAction {
        match choice {
            DrawChoice::Offer => DrawAction::Offer,
            DrawChoice::Accept => DrawAction::Accept,
            DrawChoice::Decline => DrawAction::Decline,
            DrawChoice::Claim => DrawAction::Claim,
        }
    }
}

/// `/takeback action`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum TakebackChoice {
    #[name = "request"]
    Request,
    #[name = "accept"]
    Accept,
    #[name = "decline"]
    Decline,
}

impl From<TakebackChoice> for TakebackAction {
    fn from(choice: TakebackChoice) -> TakebackAction {
        match choice {
            TakebackChoice::Request => TakebackAction::Request,
            TakebackChoice::Accept => TakebackAction::Accept,
            TakebackChoice::Decline => TakebackAction::Decline,
        }
    }
}

/// A setting switched on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum Switch {
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
}

/// Variant names that start with what the user typed so far (any case).
pub fn variants_matching(partial: &str) -> Vec<&'static str> {
    let partial = partial.trim().to_ascii_lowercase();
    Variant::ALL.into_iter().map(Variant::name).filter(|name| name.starts_with(&partial)).collect()
}

#[cfg(test)]
mod tests {
    use poise::ChoiceParameter;

    use super::*;

    #[test]
    fn variants_complete_by_prefix() {
        assert_eq!(variants_matching("").len(), Variant::ALL.len());
        assert_eq!(variants_matching(" D"), ["dragonchess", "dicelanding"]);
        assert!(variants_matching("xiangqi").is_empty());
    }

    #[test]
    fn choices_show_lowercase_names() {
        assert_eq!(DrawChoice::from_name("claim"), Some(DrawChoice::Claim));
        assert_eq!(DrawAction::from(DrawChoice::Claim), DrawAction::Claim);
        assert_eq!(TakebackChoice::Request.name(), "request");
        assert_eq!(TakebackAction::from(TakebackChoice::Decline), TakebackAction::Decline);
    }
}
