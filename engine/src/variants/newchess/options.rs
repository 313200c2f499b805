//! The game options of §0. Their defaults are the recommended rules, so a
//! default game writes no options at all.

use crate::options::{GameOption, GameOptions, Values};

const CHECK_EVASION: usize = 0;
const CANNON: usize = 1;
const CASTLING: usize = 2;
const PRICE_PIECES: usize = 3;

pub const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "check_evasion",
        values: Values::Words(&["any", "king_only"]),
        about: "how a check is answered: any legal move, or only by moving a checked king (D6)",
    },
    GameOption {
        name: "cannon",
        values: Values::Words(&["hop", "grasshopper", "xiangqi"]),
        about: "the cannon lands anywhere beyond its screen, right behind it, or slides and captures by a hop (D15)",
    },
    GameOption {
        name: "castling",
        values: Values::Words(&["swap", "fide"]),
        about: "king and tower swap after one step each (E-king to b1), or the FIDE result (E-king to c1) (D22)",
    },
    GameOption {
        name: "price_pieces",
        values: Values::Words(&["to_enemy_hand", "removed"]),
        about: "the price for a mated brother goes to the opponent's hand, or leaves the game (D11)",
    },
];

/// How the cannon moves (`cannon` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cannon {
    /// Over one screen, landing on any empty square beyond it or capturing the next piece.
    Hop,
    /// Over one screen, landing (or capturing) only right behind it.
    Grasshopper,
    /// Slides like a tower; captures by hopping one screen.
    Xiangqi,
}

/// How castling ends (`castling` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Castling {
    Swap,
    Fide,
}

/// Every setting a New chess game may choose, read from its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    /// A king in check must itself move (L5).
    pub king_only: bool,
    pub cannon: Cannon,
    pub castling: Castling,
    /// The price goes to the opponent's hand rather than leaving the game.
    pub price_to_enemy_hand: bool,
}

impl Settings {
    pub fn from_options(options: &GameOptions) -> Settings {
        Settings {
            king_only: options.value(CHECK_EVASION) == 1,
            cannon: match options.value(CANNON) {
                1 => Cannon::Grasshopper,
                2 => Cannon::Xiangqi,
                _ => Cannon::Hop,
            },
            castling: if options.value(CASTLING) == 1 { Castling::Fide } else { Castling::Swap },
            price_to_enemy_hand: options.value(PRICE_PIECES) == 0,
        }
    }
}
