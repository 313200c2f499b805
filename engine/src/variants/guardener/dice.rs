//! §5: the 2d4 of every turn, rolled again on every double, and what the
//! chain grants. The bot rolls (the kind is automatic); the turn cannot go on
//! while it has no roll or its last roll was a double.

use crate::grants::{Grant, Grants};
use crate::options::GameOptions;
use crate::position::Position;
use crate::rules::{Chance, InTree, RollKind, TurnRoll};

/// A face of the chain: pawn, king and Guardener captures, pawn moves beyond
/// the centre line.
pub const ONE: Grant = Grant::new(0);
/// Knight moves.
pub const TWO: Grant = Grant::new(1);
/// Bishop moves.
pub const THREE: Grant = Grant::new(2);
/// Rook moves and castling.
pub const FOUR: Grant = Grant::new(3);
/// The first roll was a double: every non-teleport move but castling.
pub const ANY: Grant = Grant::new(4);
/// A re-rolled double `[n,n]`: teleports and resurrection on terrace `n`.
pub const TERRACE: [Grant; 4] = [Grant::new(5), Grant::new(6), Grant::new(7), Grant::new(8)];

const KINDS: &[RollKind] = &[RollKind { dice: &[4, 4], word: "roll", label: "2d4", automatic: true }];

pub(super) const CHANCE: Chance =
    Chance { kinds: KINDS, allowed, required, grant, describe, in_tree: InTree::EveryTurn };

/// §5.2: what a chain of 2d4 rolls grants, given its faces in order.
pub fn chain_grants<'a>(chain: impl IntoIterator<Item = &'a [u32]>) -> Grants {
    let mut grants = Grants::NONE;
    for (i, roll) in chain.into_iter().enumerate() {
        for face in roll {
            if let Some(grant) = [ONE, TWO, THREE, FOUR].get((*face as usize).wrapping_sub(1)) {
                grants |= *grant;
            }
        }
        if let [a, b] = roll {
            if a == b {
                // The first double grants every move; each later one its terrace.
                grants |= if i == 0 { ANY } else { TERRACE[(*a as usize - 1).min(3)] };
            }
        }
    }
    grants
}

fn is_double(faces: &[u32]) -> bool {
    matches!(faces, [a, b] if a == b)
}

/// Nothing is rolled by choice: the bot makes every roll the turn requires.
fn allowed(_: &Position, _: &GameOptions, _: &[TurnRoll], _: usize) -> Result<(), String> {
    Err("Rookery rolls the 2d4 itself at the start of every turn and after every double".into())
}

/// §5.1: a turn starts with a roll and rolls again after every double.
fn required(_: &Position, _: &GameOptions, rolls: &[TurnRoll]) -> Option<usize> {
    match rolls.last() {
        None => Some(0),
        Some((_, faces)) if is_double(faces) => Some(0),
        Some(_) => None,
    }
}

fn grant(_: &Position, _: &GameOptions, rolls: &[TurnRoll]) -> Grants {
    chain_grants(rolls.iter().map(|(_, faces)| faces.as_slice()))
}

/// §8: a roll as `[a,b]`.
fn describe((_, faces): &TurnRoll) -> String {
    let shown: Vec<String> = faces.iter().map(u32::to_string).collect();
    format!("[{}]", shown.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(chain: &[[u32; 2]]) -> Grants {
        chain_grants(chain.iter().map(|r| r.as_slice()))
    }

    #[test]
    fn faces_accumulate_and_only_later_doubles_open_terraces() {
        assert_eq!(of(&[[1, 3]]), Grants::from(ONE) | THREE);
        assert_eq!(of(&[[2, 2], [1, 4]]), Grants::from(TWO) | ANY | ONE | FOUR);
        let g = of(&[[2, 2], [3, 3], [3, 3], [1, 4]]);
        assert!(g.contains(TERRACE[2]) && !g.contains(TERRACE[1]) && g.contains(ANY));
        let g = of(&[[1, 1], [3, 3], [2, 2], [1, 4]]);
        assert!(g.contains(TERRACE[1]) && g.contains(TERRACE[2]) && !g.contains(TERRACE[0]));
        assert!(!of(&[[3, 4]]).contains(ANY));
    }

    #[test]
    fn a_double_asks_for_another_roll() {
        let options = GameOptions::default();
        let p = Position::empty(super::super::shared_rules());
        assert_eq!(required(&p, &options, &[]), Some(0));
        assert_eq!(required(&p, &options, &[(0, vec![2, 2])]), Some(0));
        assert_eq!(required(&p, &options, &[(0, vec![2, 2]), (0, vec![1, 3])]), None);
        assert_eq!(describe(&(0, vec![1, 3])), "[1,3]");
    }
}
