//! Rookery's rules engine: geometry, pieces, move generation, notation, search and
//! puzzles for every variant Rookery plays. No I/O, no async: callers feed in actions
//! (including the faces of dice they rolled) and read back positions and what may
//! happen next. Dice notation and the fairness ledger live in `rookery-dice`.
//!
//! Variants are data. A [`Rules`] value describes a board ([`Geometry`]), its
//! piece kinds as move components ([`piece`]) and its special-move shapes; the
//! components are compiled once into per-square tables that a single generator
//! walks for every game. Each variant's own rules live in [`variants`].
//!
//! ```
//! use rookery_engine::game::{EndReason, Game};
//! use rookery_engine::{Color, Variant};
//!
//! let mut game = Game::new(Variant::Chess)?;
//! for mv in ["f3", "e5", "g2g4", "Qh4"] {
//!     let side = game.position().turn();
//!     game.play_move(side, mv)?;
//! }
//! assert_eq!(game.moves_san(), ["f3", "e5", "g4", "Qh4#"]);
//! let outcome = game.outcome().unwrap();
//! assert_eq!((outcome.winner, outcome.reason), (Some(Color::Black), EndReason::Checkmate));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod action_text;
pub mod bitrays;
pub mod color;
mod count;
pub mod echo;
pub mod fen;
pub mod freezing;
pub mod game;
pub mod gating;
pub mod geometry;
pub mod grants;
pub mod guide;
pub mod hand;
mod mask_lines;
mod movegen;
pub mod moves;
pub mod notation;
pub mod options;
pub mod perft;
pub mod pgn;
mod pgn_notes;
pub mod pgn_read;
pub mod piece;
pub mod player;
pub mod position;
pub mod puzzle;
pub mod review;
pub mod royalty;
pub mod rules;
pub mod search;
mod splitmix;
pub mod squareset;
pub mod straddle;
pub mod tables;
pub mod turns;
pub mod variant;
pub mod variants;

pub use color::{ByColor, Color};
pub use geometry::{Geometry, Square};
pub use grants::{Grant, Grants};
pub use moves::{Move, Relocation, Special};
pub use options::{GameOption, GameOptions, Values};
pub use piece::{Kind, Piece};
pub use position::Position;
pub use royalty::Royalty;
pub use rules::Rules;
pub use variant::{Variant, VariantError};
