//! The fixed lists a user picks from. Discord shows them as menus, so the core
//! never sees a misspelt action; variants are offered by autocomplete from the
//! engine's registry instead, so a new variant needs no adapter change.

use poise::serenity_prelude::{AutocompleteChoice, CreateAutocompleteResponse};
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

/// Discord's limits on an autocomplete answer: 25 choices, each name and
/// value at most 100 characters. One choice over the limit fails the whole
/// answer, and the user sees no suggestions at all.
pub const SUGGESTIONS_MAX: usize = 25;
pub const SUGGESTION_LEN_MAX: usize = 100;

/// An autocomplete answer offering `texts` (each its own name and value) in
/// order, leaving out what Discord would refuse.
pub fn suggestions<Text: Into<String>>(texts: impl IntoIterator<Item = Text>) -> CreateAutocompleteResponse {
    let choices = texts
        .into_iter()
        .map(Into::into)
        .filter(|text: &String| (1..=SUGGESTION_LEN_MAX).contains(&text.chars().count()))
        .take(SUGGESTIONS_MAX)
        .map(AutocompleteChoice::from)
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// An autocomplete answer offering Rookery's levels for `variant` (as typed
/// so far) whose number starts with `partial`, each named as the core names
/// it (`3 (≈1350)` in chess) with the level as its value.
pub fn level_suggestions(variant: &str, partial: &str) -> CreateAutocompleteResponse {
    let partial = partial.trim();
    let choices = crate::core::level_choices(variant)
        .into_iter()
        .filter(|(name, level)| level.to_string().starts_with(partial) && name.chars().count() <= SUGGESTION_LEN_MAX)
        .take(SUGGESTIONS_MAX)
        .map(|(name, level)| AutocompleteChoice::new(name, level))
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
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
    fn suggestions_keep_to_discords_limits() {
        let texts = (0..40).map(|n| if n % 2 == 0 { "x".repeat(101) } else { format!("move {n}") });
        let answer = serde_json::to_value(suggestions(texts)).unwrap();
        let choices = answer["choices"].as_array().unwrap();
        assert_eq!(choices.len(), 20, "the 20 short ones, the long ones left out: {answer}");
        assert_eq!(choices[0], serde_json::json!({"name": "move 1", "value": "move 1"}));
        let many = serde_json::to_value(suggestions((0..40).map(|n| n.to_string()))).unwrap();
        assert_eq!(many["choices"].as_array().unwrap().len(), SUGGESTIONS_MAX);
        let blank = serde_json::to_value(suggestions([""])).unwrap();
        assert_eq!(blank["choices"], serde_json::json!([]));
    }

    #[test]
    fn levels_complete_with_their_rating_in_chess_only() {
        let chess = serde_json::to_value(level_suggestions("chess", "")).unwrap();
        let choices = chess["choices"].as_array().unwrap();
        assert_eq!(choices.len(), 8);
        let elo = rookery_engine::player::Level::new(3).unwrap().elo(Variant::Chess).unwrap();
        assert_eq!(choices[2], serde_json::json!({"name": format!("3 (≈{elo})"), "value": 3}));
        let dice = serde_json::to_value(level_suggestions("dicelanding", "7")).unwrap();
        assert_eq!(dice["choices"], serde_json::json!([{"name": "7", "value": 7}]));
    }

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
