//! The per-game settings of spec D37: the two optional rules and the two
//! automatic draw rules, declared as game options. Their defaults are the
//! spec's, so a default game writes no options at all.

use crate::options::{GameOption, GameOptions, Values};

/// Game options, in the order of [`OPTIONS`].
const DWARF_REVERSAL: usize = 0;
const DRAGON_AFAR_BELOW_ONLY: usize = 1;
const QUIET_PLIES: usize = 2;
const REPETITION: usize = 3;

/// The plies without a capture or Warrior move that draw the game (50 moves).
pub const DEFAULT_QUIET_PLIES: u32 = 100;

pub const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "dwarf_reversal",
        values: Values::Words(&["off", "on"]),
        about: "Dwarves turn round at the end of the board (Shubin's rule)",
    },
    GameOption {
        name: "dragon_afar_below_only",
        values: Values::Words(&["off", "on"]),
        about: "the Dragon captures from afar only directly below",
    },
    GameOption {
        name: "quiet_plies",
        values: Values::Number { default: DEFAULT_QUIET_PLIES, max: 10_000 },
        about: "plies without a capture or Warrior move that draw the game; 0 never",
    },
    GameOption {
        name: "repetition",
        values: Values::Words(&["on", "off"]),
        about: "the third occurrence of a position draws the game",
    },
];

/// Every setting a Dragonchess game may choose, read from its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    /// Sean Shubin's rule: Dwarves turn round at the end of the board (§6).
    pub dwarf_reversal: bool,
    /// The Dragon captures from afar only directly below (§5.3).
    pub dragon_afar_below_only: bool,
    /// Quiet plies that draw the game; `0` turns the rule off.
    pub quiet_plies: u32,
    /// The third occurrence of a position draws the game.
    pub repetition: bool,
}

impl Settings {
    pub fn from_options(options: &GameOptions) -> Settings {
        let on = |index| !options.is_default(index);
        Settings {
            dwarf_reversal: on(DWARF_REVERSAL),
            dragon_afar_below_only: on(DRAGON_AFAR_BELOW_ONLY),
            quiet_plies: if options.is_default(QUIET_PLIES) { DEFAULT_QUIET_PLIES } else { options.value(QUIET_PLIES) },
            repetition: !on(REPETITION),
        }
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings::from_options(&GameOptions::defaults(OPTIONS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(text: &str) -> Settings {
        Settings::from_options(&GameOptions::parse(OPTIONS, text).unwrap())
    }

    #[test]
    fn options_become_settings() {
        let defaults =
            Settings { dwarf_reversal: false, dragon_afar_below_only: false, quiet_plies: 100, repetition: true };
        assert_eq!(Settings::default(), defaults);
        assert_eq!(settings("dwarf_reversal"), Settings { dwarf_reversal: true, ..defaults });
        let s = settings("quiet_plies=0 repetition=off dragon_afar_below_only");
        assert_eq!(s, Settings { dragon_afar_below_only: true, quiet_plies: 0, repetition: false, ..defaults });
        let options = GameOptions::parse(OPTIONS, "dwarf_reversal=on,quiet_plies=100,repetition=on").unwrap();
        assert_eq!(options.write(OPTIONS), "dwarf_reversal=on");
    }

    #[test]
    fn unknown_or_bad_values_are_refused() {
        let err = |text| GameOptions::parse(OPTIONS, text).unwrap_err().to_string();
        assert!(err("castling").contains("no option `castling`"));
        assert!(err("quiet_plies").contains("name=value"));
        assert!(err("quiet_plies=lots").contains("a number"));
        assert!(err("dwarf_reversal=maybe").contains("`on`"));
    }
}
