//! A challenge's options text, with an optional custom start: an option
//! written `name=custom:<position text>` (Dice Landing's
//! `lineup=custom:<DL-FEN>`) takes the rest of the text as the position the
//! game starts from, in the variant's own position text. The position is
//! checked by the rules, stored with the game and previewed as a picture.

use rookery_engine::game::Game;
use rookery_engine::{fen, GameOptions, Variant};
use rookery_render::Theme;

use super::{Attachment, Refusal};
use crate::picture;

const CUSTOM: &str = "=custom:";

/// The canonical options text and the canonical custom start, if any.
pub(super) fn read(variant: Variant, text: &str) -> Result<(String, Option<String>), Refusal> {
    let specs = variant.rules()?.options;
    let (options, start) = match text.find(CUSTOM) {
        None => (text, None),
        Some(at) => {
            let name_starts = text[..at].rfind([' ', ',']).map_or(0, |i| i + 1);
            let name = &text[name_starts..at];
            if !specs.iter().any(|spec| spec.name.eq_ignore_ascii_case(name)) {
                return Err(Refusal(format!("`{name}` cannot take a custom start (see `/rules {variant}`)")));
            }
            (&text[..name_starts], Some(text[at + CUSTOM.len()..].trim()))
        }
    };
    let parsed = GameOptions::parse(specs, options).map_err(|e| Refusal(format!("{e} (see `/rules {variant}`)")))?;
    let start = match start {
        None => None,
        Some(position) => {
            let rules = variant.rules_for(&parsed)?;
            let position = fen::parse(&rules, position)
                .map_err(|e| Refusal(format!("That custom start cannot be played: {e}.")))?;
            Some(fen::write(&position))
        }
    };
    Ok((parsed.write(specs), start))
}

/// A picture of a custom start, for the challenge.
pub(super) fn preview(variant: Variant, options: &str, start: &str) -> Option<Attachment> {
    let game = Game::create(variant, options, Some(start)).ok()?;
    match picture::game_png(&game, false, Theme::Light) {
        Ok(bytes) => Some(Attachment { name: format!("{variant}-lineup.png"), bytes }),
        Err(error) => {
            tracing::error!(%error, %variant, "lineup picture failed");
            None
        }
    }
}
