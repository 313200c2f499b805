//! Dice: notation, evaluation and provably fair rolls.
//!
//! The module is split the way a roll flows through it:
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

pub mod ast;
mod bounds;
mod error;
mod eval;
mod hex;
mod ledger;
mod modifier_parser;
mod parser;
mod render;
mod sealed;
mod stream;
mod transcript;
mod verify;

pub use ast::Line;
pub use bounds::Bounds;
pub use error::{DiceError, DiceErrorKind, Span};
pub use eval::{evaluate, DiceResult, Evaluated, ExplosionKind, RollResult, RolledDie, Tally};
pub use hex::HexError;
pub use ledger::{
    Commitment, Face, Ledger, LedgerError, LedgerId, NotationOutcome, NotationRoll, RollRecord,
    Rolled, ServerSeed,
};
pub use parser::parse;
pub use render::{render, render_roll};
pub use sealed::SealedReveal;
pub use stream::derivation_block;
pub use transcript::{Entry, Transcript, TranscriptError};
pub use verify::{verify, Discrepancy, RollCheck, VerifyReport};

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
