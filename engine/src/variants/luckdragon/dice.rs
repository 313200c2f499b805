//! The Luck Dice (3d8, §6) and Lucky 8 (1d8, §7): when a player may roll, and
//! what a roll grants for the rest of the turn.

use crate::grants::{Grant, Grants};
use crate::options::GameOptions;
use crate::position::Position;
use crate::rules::{Chance, InTree, RollKind, TurnRoll};

use super::{LUCKY8, LUCK_DICE, LUCK_DRAGON, TRIPLE_INCLUDES_KNIGHT};

/// The king may move like a knight (non-capturing).
pub(super) const KING_AS_KNIGHT: Grant = Grant::new(0);
/// The king may move like a Luck Dragon (non-capturing, no wrap).
pub(super) const KING_AS_DRAGON: Grant = Grant::new(1);
/// Every Luck Dragon may also wrap around the a/j edge.
pub(super) const WRAP: Grant = Grant::new(2);

const LUCK_ROLL: usize = 0;
const LUCKY8_ROLL: usize = 1;

const KINDS: &[RollKind] = &[
    RollKind { dice: &[8, 8, 8], word: "roll", label: "Luck Dice", automatic: false },
    RollKind { dice: &[8], word: "lucky8", label: "Lucky 8", automatic: false },
];

pub(super) const CHANCE: Chance =
    Chance { kinds: KINDS, allowed, required: Chance::never_required, grant, describe, in_tree: InTree::Never };

/// What three d8 show, unordered (§6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LuckDice {
    /// All three equal: the king may move like a Luck Dragon.
    Triple,
    /// Exactly two equal: the king may move like a knight.
    Double,
    /// Three consecutive values in any order (no wrap from 8 to 1): roll again.
    Sequential,
    None,
}

/// Classifies three faces.
pub fn classify(faces: [u32; 3]) -> LuckDice {
    let mut f = faces;
    f.sort_unstable();
    if f[0] == f[2] {
        LuckDice::Triple
    } else if f[0] == f[1] || f[1] == f[2] {
        LuckDice::Double
    } else if f[1] == f[0] + 1 && f[2] == f[1] + 1 {
        LuckDice::Sequential
    } else {
        LuckDice::None
    }
}

fn luck_dice_of(faces: &[u32]) -> LuckDice {
    match faces {
        [a, b, c] => classify([*a, *b, *c]),
        _ => LuckDice::None,
    }
}

/// [`Chance::allowed`]: the Luck Dice once per turn in check (again after each
/// sequential result), Lucky 8 once per turn while a Luck Dragon is on the board.
/// A finished game offers nothing, so checkmate never gets here (§5, D23).
fn allowed(position: &Position, options: &GameOptions, rolls: &[TurnRoll], kind: usize) -> Result<(), String> {
    let rolled = |k: usize| rolls.iter().rev().find(|(roll_kind, _)| *roll_kind == k);
    if kind == LUCK_ROLL {
        if !options.is_default(LUCK_DICE) {
            return Err("this game is played without the Luck Dice".into());
        }
        if !position.is_check() {
            return Err("the Luck Dice may only be rolled while your king is in check".into());
        }
        return match rolled(LUCK_ROLL) {
            None => Ok(()),
            Some((_, faces)) if luck_dice_of(faces) == LuckDice::Sequential => Ok(()),
            Some(_) => Err("you have already rolled the Luck Dice this turn".into()),
        };
    }
    if !options.is_default(LUCKY8) {
        return Err("this game is played without Lucky 8".into());
    }
    let dragons = position.pieces(position.turn()).any(|(_, kind)| kind == LUCK_DRAGON);
    if !dragons {
        return Err("Lucky 8 needs a Luck Dragon of yours on the board".into());
    }
    match rolled(LUCKY8_ROLL) {
        None => Ok(()),
        Some(_) => Err("you have already tried Lucky 8 this turn".into()),
    }
}

/// [`Chance::grant`]: the latest Luck Dice result (a new roll replaces the old)
/// and a Lucky 8 success.
fn grant(_: &Position, options: &GameOptions, rolls: &[TurnRoll]) -> Grants {
    let mut grants = Grants::NONE;
    if let Some((_, faces)) = rolls.iter().rev().find(|(kind, _)| *kind == LUCK_ROLL) {
        match luck_dice_of(faces) {
            LuckDice::Double => grants |= KING_AS_KNIGHT,
            LuckDice::Triple if options.is_default(TRIPLE_INCLUDES_KNIGHT) => {
                grants = grants | KING_AS_DRAGON | KING_AS_KNIGHT;
            }
            LuckDice::Triple => grants |= KING_AS_DRAGON,
            LuckDice::Sequential | LuckDice::None => {}
        }
    }
    if rolls.iter().any(|(kind, faces)| *kind == LUCKY8_ROLL && faces == &[8]) {
        grants |= WRAP;
    }
    grants
}

/// [`Chance::describe`]: the roll records of §8.3.
fn describe((kind, faces): &TurnRoll) -> String {
    let shown: Vec<String> = faces.iter().map(u32::to_string).collect();
    if *kind == LUCKY8_ROLL {
        let verdict = if faces == &[8] { "lucky" } else { "miss" };
        return format!("{{d8 {}: {verdict}}}", shown.join("-"));
    }
    let verdict = match luck_dice_of(faces) {
        LuckDice::Double => "double → K(N)",
        LuckDice::Triple => "triple → K(L)",
        LuckDice::Sequential => "sequential → reroll",
        LuckDice::None => "none",
    };
    format!("{{3d8 {}: {verdict}}}", shown.join("-"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t13_classifier() {
        assert_eq!(classify([2, 2, 7]), LuckDice::Double);
        assert_eq!(classify([5, 5, 5]), LuckDice::Triple);
        assert_eq!(classify([4, 2, 3]), LuckDice::Sequential);
        assert_eq!(classify([6, 8, 7]), LuckDice::Sequential);
        assert_eq!(classify([8, 1, 2]), LuckDice::None);
        assert_eq!(classify([1, 3, 5]), LuckDice::None);
        assert_eq!(classify([2, 3, 3]), LuckDice::Double);
    }

    #[test]
    fn counts_per_512_match_the_table() {
        let mut counts = [0; 4];
        for a in 1..=8 {
            for b in 1..=8 {
                for c in 1..=8 {
                    counts[classify([a, b, c]) as usize] += 1;
                }
            }
        }
        assert_eq!(counts, [8, 168, 36, 300]);
    }

    #[test]
    fn records_read_as_in_the_spec() {
        assert_eq!(describe(&(LUCK_ROLL, vec![2, 2, 7])), "{3d8 2-2-7: double → K(N)}");
        assert_eq!(describe(&(LUCK_ROLL, vec![4, 2, 3])), "{3d8 4-2-3: sequential → reroll}");
        assert_eq!(describe(&(LUCK_ROLL, vec![5, 5, 5])), "{3d8 5-5-5: triple → K(L)}");
        assert_eq!(describe(&(LUCK_ROLL, vec![1, 4, 6])), "{3d8 1-4-6: none}");
        assert_eq!(describe(&(LUCKY8_ROLL, vec![8])), "{d8 8: lucky}");
        assert_eq!(describe(&(LUCKY8_ROLL, vec![3])), "{d8 3: miss}");
    }
}
