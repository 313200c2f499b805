//! A variant's words for players: the name they know it by and the page
//! `/rules` shows them.

use crate::rules::Rules;
use crate::variant::Variant;

/// A variant's words for players, written for that variant alone.
#[derive(Clone, Copy, Debug)]
pub struct Guide {
    pub variant: Variant,
    /// The name players know (`Luck Dragon Chess`).
    pub title: &'static str,
    /// The rules as `/rules` shows them: plain words in short lines and
    /// bullets, nothing Discord cannot draw.
    pub page: &'static str,
}

impl Rules {
    /// The game's name as players know it (`Luck Dragon Chess`), for posts
    /// and pages; [`Variant::name`] for a variant without its own guide.
    pub fn title(&self) -> &'static str {
        self.own_guide().map_or(self.variant.name(), |guide| guide.title)
    }

    /// The page `/rules` shows players, if the variant has one.
    pub fn guide_page(&self) -> Option<&'static str> {
        self.own_guide().map(|guide| guide.page)
    }

    /// The guide written for this variant: rules built from another
    /// variant's (Dice Landing from chess) never speak with its words.
    fn own_guide(&self) -> Option<&Guide> {
        self.guide.as_ref().filter(|guide| guide.variant == self.variant)
    }
}
