//! The `--moves` of the command-line tools: each token is one turn of any
//! game. A token is a move in any notation the variant reads, with any mark
//! it writes after a space (`Bcz3 {T3}`, as `rookery moves` lists it); `pass`;
//! a roll chain before its move (`[1,1][3,3][2,4]Ngz4{T3}`, see
//! [`crate::cli::dice_turns`]); `choose:OPTION`, the secret choice of the side
//! the turn asks (`choose:E`); or `price:SQUARES`, the pieces that pay a price
//! due (`price:g3,h3,i3,j3`).
//!
//! The tools make secret choices in the open, bound to a fixed context and
//! nonce, and reveal them themselves whenever the rules need it: an analysis
//! has nothing to hide from the person typing it.

use anyhow::{bail, Context, Result};
use rookery_engine::game::{Action, Choice, Game, GameError};
use rookery_engine::turns::commitment;

use crate::cli::dice_turns::{self, Chain};

/// The game id the tools' secret choices are bound to.
const CONTEXT: &str = "rookery-tools";
/// The nonce of the tools' secret choices: public, since nothing is hidden.
const NONCE: &str = "00000000000000000000000000000000";

/// The tokens of `--moves`: words split at spaces, with a `{…}` mark that
/// follows a word after a space kept with it, as the variant writes it.
pub fn tokens(moves: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = moves.trim_start();
    while let Some(first) = rest.chars().next() {
        let end = if first == '{' {
            rest.find('}').map_or(rest.len(), |i| i + 1)
        } else {
            // A word ends at a space outside braces (`Ngz4{T3}` is one word).
            let mut depth = 0usize;
            rest.char_indices()
                .find(|(_, c)| {
                    match c {
                        '{' => depth += 1,
                        '}' => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                    c.is_whitespace() && depth == 0
                })
                .map_or(rest.len(), |(i, _)| i)
        };
        let word = &rest[..end];
        match out.last_mut() {
            Some(previous) if first == '{' => {
                previous.push(' ');
                previous.push_str(word);
            }
            _ => out.push(word.to_string()),
        }
        rest = rest[end..].trim_start();
    }
    out
}

/// Plays one `--moves` token, then reveals what the rules now need revealed.
/// `chain` (the `--roll` chain) is rolled before a move when the token has no
/// chain of its own and the turn takes rolls.
pub fn play_token(game: &mut Game, token: &str, chain: &Chain) -> Result<()> {
    if let Some(option) = token.strip_prefix("choose:") {
        choose(game, option)?;
    } else if let Some(squares) = token.strip_prefix("price:") {
        pay(game, squares)?;
    } else {
        play_turn(game, token, chain)?;
    }
    reveal_due(game)
}

/// A move or a pass, after its own roll chain or the `--roll` chain.
fn play_turn(game: &mut Game, token: &str, chain: &Chain) -> Result<()> {
    let (own, mv) = Chain::split_prefix(token)?;
    if !own.is_empty() {
        own.roll(game)?;
    } else if !chain.is_empty() && dice_turns::takes_rolls(game) {
        chain.roll(game)?;
    }
    let side = game.position().turn();
    if mv.eq_ignore_ascii_case("pass") || mv == "--" {
        game.apply(Action::Pass(side))?;
        return Ok(());
    }
    match game.play_move(side, mv) {
        Ok(_) => Ok(()),
        Err(GameError::SecretFirst) => {
            let rule = game.position().rules().turns.secret.context("a secret choice is due")?;
            bail!(
                "{} asks each side for its secret choice ({}) before the first move: \
                 start --moves with one `choose:OPTION` a side (the options: {})",
                game.variant(),
                rule.label,
                rule.options.join(", ")
            )
        }
        Err(error) if !own.is_empty() => Err(error.into()),
        Err(error) => {
            *game = dice_turns::rolled_for(game, mv).ok_or(error)?;
            Ok(())
        }
    }
}

/// `choose:OPTION`: the secret choice of the side the turn asks.
fn choose(game: &mut Game, option: &str) -> Result<()> {
    let Some(rule) = game.position().rules().turns.secret else {
        bail!("{} has no secret choice", game.variant());
    };
    let asked = game.turn().filter(|turn| turn.choices.iter().any(|c| matches!(c, Choice::ChooseSecret { .. })));
    let Some(turn) = asked else {
        bail!("no {} is asked for now: each side chooses before the first move", rule.label);
    };
    let Some(option) = rule.options.iter().find(|o| o.eq_ignore_ascii_case(option)) else {
        bail!("`{option}` is not a {}: choose one of {}", rule.label, rule.options.join(", "));
    };
    let commitment = commitment(CONTEXT, turn.side, option, NONCE);
    game.apply(Action::ChooseSecret { side: turn.side, context: CONTEXT.into(), commitment })?;
    Ok(())
}

/// Reveals, while the rules ask for one, the secret choice the tools made.
fn reveal_due(game: &mut Game) -> Result<()> {
    while let Some(turn) = game.turn().filter(|turn| turn.choices.contains(&Choice::Reveal)) {
        let side = turn.side;
        let rule = game.position().rules().turns.secret.context("a reveal is due")?;
        let made = game.secret_commitment(side).map(str::to_string);
        let option = rule
            .options
            .iter()
            .find(|option| made.as_deref() == Some(commitment(CONTEXT, side, option, NONCE).as_str()))
            .context("a secret choice the tools did not make cannot be revealed")?;
        game.apply(Action::Reveal { side, option: option.to_string(), nonce: NONCE.into() })?;
    }
    Ok(())
}

/// `price:g3,h3`: the pieces on these squares pay the price due.
fn pay(game: &mut Game, squares: &str) -> Result<()> {
    let side = game.price_due().context("no price is due now")?;
    let g = &game.position().rules().geometry;
    let squares = squares
        .split(',')
        .map(|name| g.parse_square(name.trim()).with_context(|| format!("`{name}` is not a square")))
        .collect::<Result<Vec<_>>>()?;
    game.apply(Action::PayPrice { side, squares })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mark_after_a_space_stays_with_its_move() {
        assert_eq!(tokens("e4  Bcz3 {T3} [1,1]Ngz4{T3} pass"), ["e4", "Bcz3 {T3}", "[1,1]Ngz4{T3}", "pass"]);
        assert_eq!(tokens("G@c0 {T1}\nd5"), ["G@c0 {T1}", "d5"]);
        assert_eq!(tokens("  "), Vec::<String>::new());
    }
}
