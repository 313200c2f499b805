//! Rookery as a player: what it does on its turn in any variant, at eight
//! levels of strength.
//!
//! The player works through [`Game`]'s turn protocol only, so every variant,
//! dice and secrets included, is played without a line of its own. Dice are
//! searched as chance: a turn the opponent starts with a roll is the average
//! over every outcome of that roll, weighted by its probability, of the
//! opponent's best reply (expectimax), and a roll the player may choose is
//! worth the average of its best move after each outcome. The player never
//! rolls: it says [`Decision::Roll`] and the caller rolls on the fair ledger,
//! so no roll is known before it is made. It never reads the opponent's secret
//! either: a game's secrets stay outside [`Game`] until revealed.
//!
//! ```
//! use rand::{rngs::StdRng, SeedableRng};
//! use rookery_engine::game::{Action, Game};
//! use rookery_engine::player::{Decision, Level, Player};
//! use rookery_engine::{Color, Variant};
//!
//! let game = Game::new(Variant::Chess)?;
//! let mut player = Player::new(Variant::Chess, Level::new(1)?)?;
//! let decision = player.decide(&game, Color::White, &mut StdRng::seed_from_u64(7))?;
//! assert!(matches!(decision, Decision::Act(Action::Move(_))));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod chance;
mod handicap;
mod think;

use std::time::Duration;

use rand::Rng;

use crate::color::Color;
use crate::game::{Action, Choice, Game};
use crate::search::{piece_values, Searcher, Weights};
use crate::variant::{Variant, VariantError};
use handicap::Handicap;

/// How strongly the player plays: 1 (a beginner) to 8 (the engine's best).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    pub const WEAKEST: Level = Level(1);
    pub const TOP: Level = Level(8);

    pub fn new(level: u8) -> Result<Level, PlayerError> {
        if (1..=8).contains(&level) {
            Ok(Level(level))
        } else {
            Err(PlayerError::Level(level))
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// Time to think: 50 ms at level 1, doubling to 3 s at level 8.
    pub fn budget(self) -> Duration {
        const MILLIS: [u64; 8] = [50, 100, 200, 400, 700, 1200, 2000, 3000];
        Duration::from_millis(MILLIS[usize::from(self.0 - 1)])
    }

    /// The deepest look, in plies counting the level's own move: 2 is a move
    /// and the best reply (then captures until quiet). The budget usually
    /// stops it earlier.
    fn max_depth(self) -> u32 {
        [2, 2, 3, 4, 5, 6, 7, 32][usize::from(self.0 - 1)]
    }

    /// Rookery's chess rating at this level, measured against Stockfish
    /// (`cargo bench -p rookery-engine --bench strength -- elo`; see
    /// docs/player.md). Variants have no rating until one is measured.
    pub fn elo(self, variant: Variant) -> Option<u32> {
        (variant == Variant::Chess).then(|| CHESS_ELO[usize::from(self.0 - 1)])
    }

    /// The level whose chess rating is nearest `elo`.
    pub fn nearest_chess_elo(elo: u32) -> Level {
        let index = (0..CHESS_ELO.len()).min_by_key(|&i| CHESS_ELO[i].abs_diff(elo)).unwrap_or(0);
        Level(index as u8 + 1)
    }
}

/// Each level's chess rating, since chess is scored by its network: one fit
/// of a run of the `elo` bench (against Stockfish at `UCI_Elo` 1320 to 2200
/// at a twentieth of each level's time, 20 games a match), with levels 1 and
/// 2 (near Stockfish's floor) placed by their ladder matches with the level
/// above; see docs/player.md, "Chess ratings". Rough figures (about ±100
/// Elo). Increasing, so the nearest level to a rating is well defined.
const CHESS_ELO: [u32; 8] = [1110, 1312, 1495, 1571, 1587, 1768, 1911, 2185];

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "level {}", self.0)
    }
}

/// What the player does now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Apply this action as it is (a move, pass, price, draw answer...).
    Act(Action),
    /// Roll the game's roll kind `kind`: the caller rolls it on the game's
    /// fair ledger, applies it, and asks again.
    Roll { kind: usize },
    /// Choose this option secretly: the caller seals it (commitment and
    /// nonce) as it does a person's choice.
    Secret { option: String },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayerError {
    #[error("there are levels 1 to 8, not {0}")]
    Level(u8),
    #[error("the game is over")]
    GameOver,
    #[error("it is not {0:?}'s turn")]
    NotItsTurn(Color),
    #[error("the turn needs the secret revealed, which only its keeper can do")]
    RevealIsTheCallers,
    #[error("the player is for {expected}, not {found}")]
    OtherVariant { expected: Variant, found: Variant },
    #[error(transparent)]
    Variant(#[from] VariantError),
}

/// The player for one variant at one level. Keep it between turns: its
/// search tables carry over.
pub struct Player {
    variant: Variant,
    level: Level,
    handicap: Handicap,
    budget: Duration,
    values: Vec<i32>,
    searcher: Searcher,
}

impl Player {
    pub fn new(variant: Variant, level: Level) -> Result<Player, PlayerError> {
        let rules = variant.rules()?;
        // Every level sees where pieces stand: without it quiet moves all
        // look alike, and a weak level's choice among them is a random one.
        let searcher = Searcher::new(&rules).positional().weighing_rolls();
        let handicap = Handicap::of(level, &rules);
        Ok(Player { variant, level, handicap, budget: level.budget(), values: piece_values(&rules), searcher })
    }

    pub fn level(&self) -> Level {
        self.level
    }

    /// The longest the player thinks about one decision.
    pub fn budget(&self) -> Duration {
        self.budget
    }

    /// The same player thinking for `budget` instead of its level's time, as
    /// fast games and benchmarks need.
    pub fn with_budget(mut self, budget: Duration) -> Player {
        self.budget = budget;
        self
    }

    /// The same player scoring positions by `weights` instead of its game's
    /// own, as a match between two evaluations needs.
    pub fn with_weights(mut self, weights: Weights) -> Player {
        self.searcher = self.searcher.with_weights(weights);
        self
    }

    /// The same player scoring positions by its game's weights even where
    /// the game has a network, as a match between the two needs.
    pub fn without_network(mut self) -> Player {
        self.searcher = self.searcher.without_network();
        self
    }

    /// What `side` does now in `game`. The caller applies the decision and,
    /// while the turn is still `side`'s (after a roll, a declined draw, a
    /// secret), asks again.
    pub fn decide(&mut self, game: &Game, side: Color, rng: &mut impl Rng) -> Result<Decision, PlayerError> {
        if game.variant() != self.variant {
            return Err(PlayerError::OtherVariant { expected: self.variant, found: game.variant() });
        }
        let turn = game.turn().ok_or(PlayerError::GameOver)?;
        if turn.side != side {
            return Err(PlayerError::NotItsTurn(side));
        }
        for choice in &turn.choices {
            match choice {
                Choice::ChooseSecret { options } => {
                    // A uniformly random choice is the one an opponent can
                    // neither read nor exploit.
                    let option = options[rng.random_range(0..options.len())].clone();
                    return Ok(Decision::Secret { option });
                }
                Choice::Reveal => return Err(PlayerError::RevealIsTheCallers),
                Choice::PayPrice => return Ok(Decision::Act(self.cheapest_price(game, side))),
                Choice::Roll { kind, required: true, .. } => return Ok(Decision::Roll { kind: *kind }),
                _ => {}
            }
        }
        let offered = |c: &Choice| matches!(c, Choice::AnswerDrawOffer { offered_by } if *offered_by != side);
        if turn.choices.iter().any(offered) {
            return Ok(Decision::Act(self.answer_draw(game, side)));
        }
        let thought = think::Thinker::new(self, side).best(game, &turn.choices, rng);
        let claimable = turn.choices.iter().any(|c| matches!(c, Choice::ClaimDraw(_)));
        if claimable && thought.as_ref().is_none_or(|t| t.score <= -DRAW_WELCOME) {
            return Ok(Decision::Act(Action::ClaimDraw(side)));
        }
        match thought {
            Some(thought) => Ok(thought.decision),
            // Nothing to move, roll or pass: only resigning is left.
            None => Ok(Decision::Act(Action::Resign(side))),
        }
    }

    /// `side`'s answer to the other side's draw offer: accepted when a short
    /// search finds `side` standing [`DRAW_WELCOME`] or more worse, declined
    /// otherwise. Whoever's turn it is: an offer may come at any time.
    pub fn answer_draw(&mut self, game: &Game, side: Color) -> Action {
        let mut position = game.position().clone();
        self.searcher.set_game(game.earlier_positions(), game.options());
        let score = self.searcher.search(&mut position, DRAW_DEPTH).score;
        let ours = if position.turn() == side { score } else { -score };
        if ours <= -DRAW_WELCOME {
            Action::AcceptDraw(side)
        } else {
            Action::DeclineDraw(side)
        }
    }

    /// The price that gives up the least material: the cheapest pieces of
    /// the cheapest payable price.
    fn cheapest_price(&self, game: &Game, side: Color) -> Action {
        let position = game.position();
        let value = |square| position.piece_at(square).map_or(0, |p| self.values[p.kind.0 as usize]);
        let squares = game
            .payable_prices(side)
            .into_iter()
            .map(|(price, mut squares)| {
                squares.sort_by_key(|&square| value(square));
                squares.truncate(usize::from(price.count));
                squares
            })
            .min_by_key(|squares| squares.iter().map(|&square| value(square)).sum::<i32>())
            .unwrap_or_default();
        Action::PayPrice { side, squares }
    }
}

/// How much worse than even (centipawns) a position must be for the player
/// to accept or claim a draw: a pawn. It plays on while it stands well.
const DRAW_WELCOME: i32 = 100;
/// How far the player looks before answering a draw offer, in plies.
const DRAW_DEPTH: u32 = 3;
