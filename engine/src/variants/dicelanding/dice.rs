//! The deploy roll (§4): one six-faced die whose faces are a game option.
//! A face is a grant: a success opens its kinds' landing squares and
//! replaces the board moves (`drops_only`); a failure grants a mark that opens
//! nothing, so the board moves stay and the notation can write `[F]<`.

use crate::grants::{Grant, Grants};
use crate::options::GameOptions;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::{Chance, FaceMeaning, InTree, RollKind, TurnRoll};

use super::{die, DIE_SYMBOLS, UNBLOCKABLE_CHECK_ROLL};

/// A die face: a kind (`P N B R Q K`, the chess kinds' order) or `*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Face(u8);

impl Face {
    pub const ANY: Face = Face(6);

    pub fn from_symbol(symbol: char) -> Option<Face> {
        DIE_SYMBOLS.chars().position(|c| c == symbol.to_ascii_uppercase()).map(|i| Face(i as u8))
    }

    /// `P N B R Q K` or `*`, as the canonical record writes it.
    pub fn symbol(self) -> char {
        DIE_SYMBOLS.chars().nth(self.0 as usize).expect("a face of the alphabet")
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the face lets a piece of `kind` be deployed.
    pub fn deploys(self, kind: Kind) -> bool {
        self == Face::ANY || self.0 == kind.0
    }
}

/// A successful roll of each face: its landing squares are open and the turn
/// is a deployment.
pub const DEPLOY: [Grant; 7] =
    [Grant::new(0), Grant::new(1), Grant::new(2), Grant::new(3), Grant::new(4), Grant::new(5), Grant::new(6)];
/// A failed roll of each face: nothing opens, a board move is due.
pub const FAILED: [Grant; 7] =
    [Grant::new(8), Grant::new(9), Grant::new(10), Grant::new(11), Grant::new(12), Grant::new(13), Grant::new(14)];

fn all(grants: &[Grant; 7]) -> Grants {
    grants.iter().fold(Grants::NONE, |set, g| set | *g)
}

/// The roll a player asks for, and the one Rookery makes for a side that has
/// no board move but could still deploy (R5, R11).
const VOLUNTARY: usize = 0;
const FORCED: usize = 1;

const KINDS: &[RollKind] = &[
    RollKind { dice: &[6], word: "roll", label: "deploy roll", automatic: false },
    RollKind { dice: &[6], word: "forced", label: "forced deploy roll", automatic: true },
];

pub(super) const CHANCE: Chance =
    Chance { kinds: KINDS, allowed, required, grant, describe, in_tree: InTree::Deployment(VOLUNTARY) };

/// Every successful face: the grants that make a turn a deployment.
pub(super) fn deployments() -> Grants {
    all(&DEPLOY)
}

/// [`Rules::lost_by_roll`](crate::rules::Rules::lost_by_roll): a side in
/// check whose roll succeeded has only landings, so having none legal is the
/// R5 loss ("the newly deployed piece is unable to block"), not checkmate.
pub(super) fn landed_without_block(position: &Position) -> bool {
    position.granted().intersects(deployments())
}

/// The face a roll of this game's die shows.
pub fn face_of(options: &GameOptions, faces: &[u32]) -> Option<Face> {
    let number = *faces.first()? as usize;
    die(options).get(number.checked_sub(1)?).copied()
}

/// [`Chance::allowed`]: one voluntary roll per turn, only with a reserve (D4).
fn allowed(position: &Position, _: &GameOptions, rolls: &[TurnRoll], kind: usize) -> Result<(), String> {
    if kind != VOLUNTARY {
        return Err("Rookery makes the forced deploy roll itself".into());
    }
    if !rolls.is_empty() {
        return Err("you have already rolled this turn".into());
    }
    if position.hand(position.turn()).is_empty() {
        return Err("your reserve is empty, so there is nothing to deploy".into());
    }
    Ok(())
}

/// [`Chance::required`]: no board move, but some face could still deploy a
/// piece (a blocker, in check): the roll is forced (R5, R11, D6). The die is
/// the rules' data (its faces open the zones), so every grant at once is the
/// union of the faces.
fn required(position: &Position, _: &GameOptions, rolls: &[TurnRoll]) -> Option<usize> {
    let us = position.turn();
    if !rolls.is_empty() || position.hand(us).is_empty() || !position.legal_moves().is_empty() {
        return None;
    }
    let mut any_face = position.scratch();
    any_face.set_granted(all(&DEPLOY));
    (!any_face.legal_moves().is_empty()).then_some(FORCED)
}

/// [`Chance::grant`]: the face's deployments if any landing exists (BASIC),
/// else a failure; in check, a landing that cannot block loses (the side has
/// only deployments and none legal) or, with `fallback`, fails (D7).
fn grant(position: &Position, options: &GameOptions, rolls: &[TurnRoll]) -> Grants {
    let Some(face) = rolls.last().and_then(|(_, faces)| face_of(options, faces)) else { return Grants::NONE };
    let mut rolled = position.scratch();
    rolled.set_granted(DEPLOY[face.index()].into());
    let mut basic = Vec::new();
    rolled.generate_drops(&mut basic);
    let fails = basic.is_empty()
        || (position.is_check() && !options.is_default(UNBLOCKABLE_CHECK_ROLL) && rolled.legal_moves().is_empty());
    if fails {
        FAILED[face.index()].into()
    } else {
        DEPLOY[face.index()].into()
    }
}

/// [`Rules::roll_warning`](crate::rules::Rules::roll_warning): a voluntary
/// roll in check is a gamble (§4, §5, DL6), so the player is told, face by
/// face of this game's die, what each would do, and confirms first.
pub(super) fn roll_warning(position: &Position, options: &GameOptions, kind: usize) -> Option<String> {
    if kind != VOLUNTARY || !position.is_check() || position.hand(position.turn()).is_empty() {
        return None;
    }
    let (mut blocks, mut loses, mut fails) = (Vec::new(), Vec::new(), Vec::new());
    for (number, face) in (1..=6).zip(die(options)) {
        let granted = grant(position, options, &[(VOLUNTARY, vec![number])]);
        let mut rolled = position.scratch();
        rolled.set_granted(granted);
        let group = match rolled_face(granted) {
            Some((_, false)) | None => &mut fails,
            Some((_, true)) if rolled.legal_moves().is_empty() => &mut loses,
            Some((_, true)) => &mut blocks,
        };
        let symbol = face.symbol();
        if !group.contains(&symbol) {
            group.push(symbol);
        }
    }
    let faces = |symbols: &[char]| symbols.iter().map(|s| format!("`{s}`")).collect::<Vec<_>>().join(", ");
    let mut parts = Vec::new();
    if !blocks.is_empty() {
        parts.push(format!("{} lands a blocker, which you must deploy", faces(&blocks)));
    }
    if !loses.is_empty() {
        parts.push(format!("{} lands a piece that cannot block, and you **lose at once**", faces(&loses)));
    }
    if !fails.is_empty() {
        parts.push(format!("{} fails, and you must answer the check with a board move", faces(&fails)));
    }
    Some(format!("You are in check, so rolling is a gamble (rule R5): {}.", parts.join("; ")))
}

/// [`Chance::describe`] for the default die.
fn describe(roll: &TurnRoll) -> String {
    roll_text(&GameOptions::defaults(super::OPTIONS), roll)
}

/// The roll as the log writes it: `{d6 2: N}`.
pub(super) fn roll_text(options: &GameOptions, (_, faces): &TurnRoll) -> String {
    let number = faces.first().copied().unwrap_or(0);
    let face = face_of(options, faces).map_or('?', Face::symbol);
    format!("{{d6 {number}: {face}}}")
}

/// [`Rules::face_meaning`](crate::rules::Rules::face_meaning): the kind a
/// face of this game's die deploys (faces follow the kinds' order), or any.
pub(super) fn face_meaning(options: &GameOptions, number: u32) -> Option<FaceMeaning> {
    let face = face_of(options, &[number])?;
    Some(if face == Face::ANY { FaceMeaning::AnyKind } else { FaceMeaning::Kind(Kind(face.0)) })
}

/// [`Rules::roll_failed`](crate::rules::Rules::roll_failed): this turn's
/// roll opened no landing.
pub(super) fn roll_failed(position: &Position) -> bool {
    rolled_face(position.granted()).is_some_and(|(_, landed)| !landed)
}

/// The face whose roll this turn granted `granted`, and whether it succeeded.
pub fn rolled_face(granted: Grants) -> Option<(Face, bool)> {
    (0..7u8).find_map(|i| {
        if granted.contains(DEPLOY[i as usize]) {
            Some((Face(i), true))
        } else if granted.contains(FAILED[i as usize]) {
            Some((Face(i), false))
        } else {
            None
        }
    })
}
