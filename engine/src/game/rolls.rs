//! A turn's dice: the roll it requires first, the rolls it allows, and
//! checking a caller's faces before their grants take effect.

use super::{Choice, Game, GameError};
use crate::color::Color;
use crate::rules::Chance;

impl Game {
    /// The optional rolls the side to move may make now.
    pub(super) fn optional_rolls(&self) -> Vec<Choice> {
        let Some(chance) = self.position.rules().chance else { return Vec::new() };
        (0..chance.kinds.len())
            .filter(|&kind| (chance.allowed)(&self.position, &self.options, &self.rolls, kind).is_ok())
            .map(|kind| Choice::Roll { kind, dice: chance.kinds[kind].dice.to_vec(), required: false })
            .collect()
    }

    /// The warning to confirm before the side to move makes the voluntary
    /// roll of kind `kind` (see [`Rules::roll_warning`](crate::rules::Rules)),
    /// if the rules give one now. A required roll is never warned about: it
    /// is not a choice.
    pub fn roll_warning(&self, kind: usize) -> Option<String> {
        if self.outcome.is_some() || self.required_roll().is_some() {
            return None;
        }
        let warn = self.position.rules().roll_warning?;
        warn(&self.position, &self.options, kind)
    }

    /// The roll kind that faces given without a kind (a PGN roll, a roll
    /// chain on the command line) stand for now: the kind the turn requires,
    /// else one it offers, else the variant's first kind, with that many
    /// dice. `None` when no kind has that many; [`Chance::shapes`] says what
    /// would do.
    pub fn roll_kind_for(&self, faces: &[u32]) -> Option<usize> {
        let chance = self.position.rules().chance?;
        let fits = |kind: &usize| chance.kinds.get(*kind).is_some_and(|k| k.dice.len() == faces.len());
        let offered = self.turn().map(|turn| turn.choices).unwrap_or_default();
        let rolls = |required: bool| {
            offered.iter().filter_map(move |choice| match choice {
                Choice::Roll { kind, required: r, .. } if *r == required => Some(*kind),
                _ => None,
            })
        };
        rolls(true).chain(rolls(false)).chain(0..chance.kinds.len()).find(fits)
    }

    /// The roll kind the turn requires before anything else, if any.
    pub(super) fn required_roll(&self) -> Option<(usize, Chance)> {
        let chance = self.position.rules().chance?;
        let kind = (chance.required)(&self.position, &self.options, &self.rolls)?;
        (kind < chance.kinds.len()).then_some((kind, chance))
    }

    /// Checks a roll's faces against the dice of its kind and the turn, and
    /// grants what they win.
    pub(super) fn roll(&mut self, side: Color, kind: usize, faces: &[u32]) -> Result<(), GameError> {
        let chance = self.position.rules().chance.ok_or_else(|| self.not_here("dice to roll"))?;
        self.ensure_play_starts()?;
        if side != self.position.turn() {
            return Err(GameError::NotYourTurn);
        }
        let roll = chance
            .kinds
            .get(kind)
            .ok_or_else(|| GameError::RollRefused(format!("{} has no roll number {}", self.variant, kind + 1)))?;
        if faces.len() != roll.dice.len() {
            return Err(GameError::RollRefused(format!(
                "the {} is {} dice, not {}",
                roll.label,
                roll.dice.len(),
                faces.len()
            )));
        }
        if faces.iter().zip(roll.dice).any(|(face, sides)| *face == 0 || face > sides) {
            return Err(GameError::RollRefused(format!("a face of {faces:?} is not on the die")));
        }
        match self.required_roll() {
            Some((required, _)) if required == kind => {}
            Some((required, chance)) => return Err(GameError::RollFirst(chance.kinds[required].label)),
            None => {
                (chance.allowed)(&self.position, &self.options, &self.rolls, kind).map_err(GameError::RollRefused)?
            }
        }
        self.rolls.push((kind, faces.to_vec()));
        self.position.set_granted((chance.grant)(&self.position, &self.options, &self.rolls));
        self.outcome = self.automatic_end();
        self.mark_mate();
        Ok(())
    }
}
