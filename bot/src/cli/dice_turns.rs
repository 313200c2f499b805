//! Dice for the command-line tools: a fixed roll chain such as
//! `[1,1][3,3][2,4]`, made before each ply of a dice game, so that `perft`,
//! `moves` and `fen` can count and list what a given roll allows.
//!
//! A chain is rolls written `[faces]` one after the other; each roll is of the
//! kind the turn takes with that many dice (Dice Landing's `[3]` is the deploy
//! roll the turn allows, or the forced one it requires), and a chain of no
//! kind's shape is refused with the shapes the game rolls. Through `--moves`,
//! a token may carry its own chain before its move (see [`crate::cli::move_tokens`]).
//! Rolls go through the game, which checks them against the turn.

use anyhow::{bail, Context, Result};
use rookery_engine::game::{Action, Choice, Game};
use rookery_engine::rules::TurnRoll;
use rookery_engine::{Grants, Move, Position};

/// A roll chain as typed: the faces of each roll, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain(pub Vec<Vec<u32>>);

impl Chain {
    /// Reads the `[a,b][c,d]` prefix of `text`; returns the chain and the rest.
    pub fn split_prefix(text: &str) -> Result<(Chain, &str)> {
        let mut rolls = Vec::new();
        let mut rest = text.trim_start();
        while let Some(inner) = rest.strip_prefix('[') {
            let end = inner.find(']').with_context(|| format!("`{text}`: a roll `[` is not closed"))?;
            if !inner[..end].contains(|c: char| c.is_ascii_digit()) {
                // No faces but a word of the variant's notation (a die face
                // named by its symbol, `[P]>Pb2`): part of the move.
                break;
            }
            let faces = inner[..end]
                .split(',')
                .map(|f| f.trim().parse::<u32>().with_context(|| format!("`{text}`: `{f}` is not a die face")))
                .collect::<Result<Vec<u32>>>()?;
            rolls.push(faces);
            rest = inner[end + 1..].trim_start();
        }
        Ok((Chain(rolls), rest))
    }

    /// Reads a whole chain (`--roll`).
    pub fn parse(text: &str) -> Result<Chain> {
        let (chain, rest) = Chain::split_prefix(text)?;
        if !rest.trim().is_empty() {
            bail!("`{text}` is not a roll chain like [1,1][3,3][2,4]");
        }
        Ok(chain)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The chain as rolls of the game's kinds: each the kind the turn takes
    /// with that many dice (see [`Game::roll_kind_for`]), its faces on the dice.
    fn rolls(&self, game: &Game) -> Result<Vec<TurnRoll>> {
        let Some(chance) = game.position().rules().chance else {
            bail!("{} has no dice, so it takes no roll", game.variant());
        };
        let shape_error = |faces: &[u32]| {
            format!(
                "`{}` is not a roll of {}: its rolls are written {}",
                written(faces),
                game.variant(),
                chance.shapes()
            )
        };
        self.0
            .iter()
            .map(|faces| {
                let kind = game.roll_kind_for(faces).with_context(|| shape_error(faces))?;
                let dice = chance.kinds[kind].dice;
                if faces.iter().zip(dice).any(|(face, sides)| *face == 0 || face > sides) {
                    bail!("{}, with faces from 1 to the die's sides", shape_error(faces));
                }
                Ok((kind, faces.clone()))
            })
            .collect()
    }

    /// Whether every roll of the chain is a roll of the game's dice.
    pub fn check(&self, game: &Game) -> Result<()> {
        self.rolls(game).map(drop)
    }

    /// Makes the chain's rolls in the game's current turn, each of the kind
    /// the turn takes when it is made.
    pub fn roll(&self, game: &mut Game) -> Result<()> {
        for faces in &self.0 {
            let (kind, faces) = Chain(vec![faces.clone()]).rolls(game)?.remove(0);
            let side = game.position().turn();
            let roll = Action::Roll { side, kind, faces: faces.clone() };
            game.apply(roll).with_context(|| format!("roll {}", written(&faces)))?;
        }
        Ok(())
    }
}

/// Faces as a chain writes them: `[3,4]`.
fn written(faces: &[u32]) -> String {
    let faces: Vec<String> = faces.iter().map(u32::to_string).collect();
    format!("[{}]", faces.join(","))
}

/// The most rolls tried for a move written without its faces.
const MOST_TRIED: usize = 4096;

/// The game after the first roll the turn offers (kinds in order, faces
/// counting up) after which `mv` plays: a move that needs a roll, written
/// without its faces (Dice Landing's `>Pb2`).
pub(crate) fn rolled_for(game: &Game, mv: &str) -> Option<Game> {
    let turn = game.turn()?;
    for choice in &turn.choices {
        let Choice::Roll { kind, dice, .. } = choice else { continue };
        let combinations: usize = dice.iter().map(|sides| *sides as usize).product();
        for index in 0..combinations.min(MOST_TRIED) {
            let mut rest = index;
            let faces: Vec<u32> = dice
                .iter()
                .map(|sides| {
                    let face = rest % *sides as usize;
                    rest /= *sides as usize;
                    face as u32 + 1
                })
                .collect();
            let mut tried = game.clone();
            let roll = Action::Roll { side: turn.side, kind: *kind, faces };
            if tried.apply(roll).is_ok() && tried.outcome().is_none() && tried.play_move(turn.side, mv).is_ok() {
                return Some(tried);
            }
        }
    }
    None
}

/// Whether the turn now offers or requires a roll.
pub fn takes_rolls(game: &Game) -> bool {
    game.turn().is_some_and(|turn| turn.choices.iter().any(|c| matches!(c, Choice::Roll { .. })))
}

/// Perft with `chain` in force at every ply: the grants its rolls give in each
/// position (the root's rolls were checked by the game). With `divide`, the
/// count below each root move, in generation order.
pub fn perft_with_chain(game: &Game, chain: &Chain, depth: u32) -> Result<u64> {
    let rolls = chain.rolls(game)?;
    let chance = game.position().rules().chance.context("no dice")?;
    let mut position = game.position().scratch();
    let grant = |p: &Position| (chance.grant)(p, game.options(), &rolls);
    Ok(count(&mut position, depth, &grant))
}

/// [`perft_with_chain`] split by root move.
pub fn divide_with_chain(game: &Game, chain: &Chain, depth: u32) -> Result<Vec<(Move, u64)>> {
    let rolls = chain.rolls(game)?;
    let chance = game.position().rules().chance.context("no dice")?;
    let mut position = game.position().scratch();
    let grant = |p: &Position| (chance.grant)(p, game.options(), &rolls);
    if depth == 0 {
        return Ok(Vec::new());
    }
    position.set_granted(grant(&position));
    let mut lines = Vec::new();
    for mv in position.legal_moves() {
        position.make(mv);
        lines.push((mv, count(&mut position, depth - 1, &grant)));
        position.unmake();
    }
    Ok(lines)
}

fn count(position: &mut Position, depth: u32, grant: &dyn Fn(&Position) -> Grants) -> u64 {
    position.set_granted(grant(position));
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for mv in moves {
        position.make(mv);
        nodes += count(position, depth - 1, grant);
        position.unmake();
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::tools::{fen, moves, perft, Setup};

    fn setup(variant: &str, fen: Option<&str>, moves: &str, roll: &str) -> Setup {
        Setup {
            variant: variant.into(),
            fen: fen.map(Into::into),
            moves: moves.into(),
            options: String::new(),
            roll: roll.into(),
        }
    }

    /// White in check from the bishop on e1 (Luck Dragon).
    const CHECK: &str = "k4r4/10/10/10/3p6/5K4/10/L3b5 w - - 0 1 -/- - -";

    #[test]
    fn chains_read_as_typed() {
        assert_eq!(Chain::parse("[1,1][3,3][2,4]").unwrap(), Chain(vec![vec![1, 1], vec![3, 3], vec![2, 4]]));
        let (chain, rest) = Chain::split_prefix("[1,1] [2,4]Ngz4{T3}").unwrap();
        assert_eq!((chain, rest), (Chain(vec![vec![1, 1], vec![2, 4]]), "Ngz4{T3}"));
        assert_eq!(Chain::split_prefix("e4").unwrap(), (Chain::default(), "e4"));
        for bad in ["[1,x]", "[1,2", "[1,2]e4"] {
            assert!(Chain::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_fixed_roll_opens_what_it_grants_at_every_ply() {
        let plain = moves(&setup("luckdragon", Some(CHECK), "", "")).unwrap();
        let knight = moves(&setup("luckdragon", Some(CHECK), "", "[2,2,7]")).unwrap();
        assert!(knight.lines().count() > plain.lines().count(), "{plain}\n---\n{knight}");
        let counted = perft(&setup("luckdragon", Some(CHECK), "", "[2,2,7]"), 1, false).unwrap();
        assert_eq!(counted, format!("nodes {}\n", knight.lines().count()));
        let divided = perft(&setup("luckdragon", Some(CHECK), "", "[2,2,7]"), 2, true).unwrap();
        let deep = perft(&setup("luckdragon", Some(CHECK), "", "[2,2,7]"), 2, false).unwrap();
        assert_eq!(divided.lines().last(), deep.lines().last());
        // A token's own chain: the knight-move of the king, then Black replies.
        let king_jump = knight.lines().find(|m| m.starts_with('K') && !plain.contains(m)).unwrap().to_string();
        let after = moves(&setup("luckdragon", Some(CHECK), &format!("[2,2,7]{king_jump}"), "")).unwrap();
        assert!(!after.is_empty());
    }

    #[test]
    fn a_roll_where_there_are_no_dice_is_refused() {
        let err = moves(&setup("chess", None, "", "[1,2]")).unwrap_err();
        assert!(format!("{err:#}").contains("no dice"), "{err:#}");
        let err = moves(&setup("luckdragon", Some(CHECK), "", "[1,2]")).unwrap_err();
        assert!(format!("{err:#}").contains("written `[a,b,c]` (3d8) or `[a]` (1d8)"), "{err:#}");
    }

    /// Dice Landing has two kinds of one d6 (the deploy roll a player asks
    /// for, the forced one Rookery makes): `[2]` is whichever the turn takes.
    #[test]
    fn every_dice_games_roll_shape_is_given_on_the_command_line() {
        let deployed = moves(&setup("dicelanding", None, "", "[2]")).unwrap();
        assert!(deployed.lines().any(|m| m == "[N]>Nb1") && deployed.lines().all(|m| m.contains('>')), "{deployed}");
        let played = fen(&setup("dicelanding", None, "[2]Ng1 e5 [5]>Qd1", "")).unwrap();
        assert!(played.starts_with("4k3/2pp1p2/8/4p3/8/8/2PPPP2/3QK1N1["), "{played}");
        for wrong in ["[1,2]", "[7]", "[0]"] {
            let err = moves(&setup("dicelanding", None, "", wrong)).unwrap_err();
            assert!(format!("{err:#}").contains("its rolls are written `[a]` (1d6)"), "{wrong}: {err:#}");
        }
        let guardener = fen(&setup("guardener", None, "[3,4]e4 [1,2]e6", "")).unwrap();
        assert!(guardener.contains("/5p4/") && guardener.contains("/5P4/"), "{guardener}");
        let err = moves(&setup("guardener", None, "", "[3]")).unwrap_err();
        assert!(format!("{err:#}").contains("`[a,b]` (2d4)"), "{err:#}");
        let err = fen(&setup("chess", None, "[1]e4", "")).unwrap_err();
        assert!(format!("{err:#}").contains("chess has no dice"), "{err:#}");
    }
}
