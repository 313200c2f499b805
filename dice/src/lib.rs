//! Rookery's dice: notation, evaluation and provably fair rolls. Used by the bot for
//! table dice and by the games that roll; nothing here knows the rules of any game.
//!
//! The crate is split the way a roll flows through it:
//!
//! * [`parse`] turns a line such as `6x 4d6kh3; 1d20+5 # stealth` into a [`Line`]
//!   (grammar in [`ast`], parser in `parser` and `modifier_parser`). Every limit is
//!   checked while parsing, so an accepted line is known to terminate quickly.
//! * [`evaluate`] rolls a parsed line with any [`DieSource`]. The source is a parameter
//!   so the same evaluator serves the fairness [`Ledger`], scripted faces in tests and
//!   anything else that can produce a face.
//! * [`render`] writes results as Discord text (dropped dice struck through).
//! * [`Ledger`], [`Transcript`] and [`verify`] make rolls provably fair: every face is
//!   derived from a committed server seed, so after the seed is revealed anybody can
//!   recompute every roll. `docs/fairness.md` specifies the derivation byte by byte.
//!
//! # Notation
//!
//! `docs/dice-notation.md` is the full reference: Rookery's own dialect (below), Avrae's
//! (`avrae: …`: ordered operations with selectors, sets, comparisons) and Dice
//! Maiden's (`maiden: …`: spaced modifiers, `! comment`, `(Label)`, `e`/`ie`, `r`/`ir`,
//! `i`, `km`, `tl`, `ds`, `b`, `c`, `advN`), the game-system shortcuts and exactly how
//! each total and each face's order is worked out. In brief, for Rookery's dialect:
//!
//! Case-insensitive; spaces are allowed between terms. A line holds one or more
//! rolls separated by `;`, each optionally repeated and labelled:
//! `6x 4d6kh3 # stats; 1d20+5 adv # stealth`.
//!
//! | written               | meaning                                                      |
//! |-----------------------|--------------------------------------------------------------|
//! | `NdM`, `dM`           | N (default 1) dice with M sides                              |
//! | `d%`, `dF`            | percentile die (1–100); Fate die (−1, 0, +1)                 |
//! | `+ - * /`, `( )`      | integer arithmetic; `/` rounds down (`-7/2` is `-4`)         |
//! | `khN` `kN` `k`        | keep the N (default 1) highest dice                          |
//! | `klN`                 | keep the N lowest                                            |
//! | `dhN`                 | drop the N highest                                           |
//! | `dlN` `dN`            | drop the N lowest                                            |
//! | `!` `e` (+condition)  | explode: each matching die adds another die                  |
//! | `!!` (+condition)     | compound: the extra rolls are added into the same die        |
//! | `r` `rr` (+condition) | reroll while the face matches                                |
//! | `ro` (+condition)     | reroll once                                                  |
//! | `miN` `maN`           | a face below N counts as N / above N counts as N             |
//! | `tN` `>=N` `>N` `<N` `<=N` `=N` | count successes instead of summing                 |
//! | `fN`                  | each matching die takes away one success                     |
//! | `adv`, `dis`          | `2d20kh1`, `2d20kl1`; after a roll (`1d20+5 adv`) they turn its first plain `1d20` into that |
//! | `6x …`, `6 …`         | roll 6 times                                                 |
//! | `# text`              | label, up to the next `;`                                    |
//!
//! A condition is a comparison (`=`, `<`, `<=`, `>`, `>=`) and a number. A bare
//! number compares towards the extreme the modifier is about: `!5` and `t5` mean
//! `>=5`, `r2` and `f1` mean `<=2` and `<=1` (Dice Maiden's reading). Without a
//! condition, explosions trigger on the highest face and rerolls on the lowest.
//! Modifiers apply in a fixed order whatever order they are written in: rerolls,
//! `mi`/`ma`, explosions, keep/drop, success counting.
//!
//! Limits, all reported as errors pointing into the line: [`MAX_LINE_BYTES`],
//! [`MAX_DICE_PER_LINE`], [`MAX_SIDES`], [`MAX_REPEAT`], [`MAX_NUMBER`],
//! [`MAX_NESTING`]; explosions or rerolls that every face would trigger (`1d1!`) are
//! refused, and [`MAX_EXTRA_DICE_PER_ROLL`] stops the rest.

pub mod ast;
mod bounds;
mod chain;
mod dialect;
mod error;
mod eval;
mod fractional;
mod hex;
mod ledger;
mod modifier_parser;
mod parser;
mod presets;
mod render;
mod sealed;
mod set_ops;
mod shortcuts;
mod stats;
mod stream;
mod systems;
mod transcript;
mod verify;
mod whole;

pub use ast::Line;
pub use bounds::Bounds;
pub use chain::{ChainEnd, ChainValue};
pub use dialect::Dialect;
pub use error::{DiceError, DiceErrorKind, Span};
pub use eval::{evaluate, DiceResult, Evaluated, ExplosionKind, RollResult, RolledDie, Tally};
pub use hex::HexError;
pub use ledger::{
    Commitment, Face, Ledger, LedgerError, LedgerId, NotationOutcome, NotationRoll, RollRecord, Rolled, ServerSeed,
    MAX_ENTROPY_BYTES, MAX_LEDGER_ID_BYTES, MAX_PLAYER_SEEDS, MAX_PLAYER_SEED_BYTES,
};
pub use parser::parse;
pub use presets::verdict;
pub use render::{render, render_roll};
pub use sealed::SealedReveal;
pub use shortcuts::OutputFlags;
pub use stats::{chi_square, chi_square_survival, ChiSquare};
pub use stream::{derivation_block, derivation_block_with_entropy};
pub use systems::{Hero, System};
pub use transcript::{Entry, Transcript, TranscriptError};
pub use verify::{verify, ChainCheck, Discrepancy, RollCheck, VerifyReport};

/// A line longer than this many bytes is refused before parsing; long lines are
/// nearly always pasted by mistake and make error excerpts unreadable.
pub const MAX_LINE_BYTES: usize = 256;
/// Most dice one line may roll, counting every repetition of `6x ...` and every
/// `;`-separated roll. Explosions and rerolls come on top, see
/// [`MAX_EXTRA_DICE_PER_ROLL`].
pub const MAX_DICE_PER_LINE: u32 = 1000;
/// Most sides a die may have.
pub const MAX_SIDES: u32 = 1_000_000;
/// Most extra dice (explosions and rerolls together) one roll may draw. When a roll
/// reaches it, its dice stop exploding and rerolling and the result says so; this is
/// what makes `1d2!` on an unlucky streak end.
pub const MAX_EXTRA_DICE_PER_ROLL: u32 = 100;
/// Most repetitions of one roll (`100x 1d6`).
pub const MAX_REPEAT: u32 = 100;
/// Largest number literal; anything bigger is a typo, not a roll.
pub const MAX_NUMBER: i64 = 1_000_000_000;
/// Deepest nesting of parentheses and unary signs, so that evaluation and rendering
/// stay comfortably within the stack.
pub const MAX_NESTING: usize = 32;

/// Where faces come from.
///
/// Implementations return a face in `1..=sides` (`sides` is at least 1). The evaluator
/// asks for every face it needs, in a fixed order (left to right, each die followed by
/// its rerolls and explosions), so a deterministic source gives a reproducible roll.
pub trait DieSource {
    /// Rolls one die with `sides` faces and returns a face in `1..=sides`.
    fn roll(&mut self, sides: u32) -> u32;
}
