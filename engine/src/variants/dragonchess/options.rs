//! The per-game settings of spec D37: the two optional rules and the two
//! automatic draw rules. Defaults are the spec's; the canonical text names only
//! what differs from them, so a default game has no options at all.

use crate::options::GameOptions;

pub const DWARF_REVERSAL: &str = "dwarf_reversal";
pub const DRAGON_AFAR_BELOW_ONLY: &str = "dragon_afar_below_only";
pub const QUIET_PLIES: &str = "quiet_plies";
pub const REPETITION: &str = "repetition";

/// The plies without a capture or Warrior move that draw the game (50 moves).
pub const DEFAULT_QUIET_PLIES: u32 = 100;

/// Every setting a Dragonchess game may choose.
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

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            dwarf_reversal: false,
            dragon_afar_below_only: false,
            quiet_plies: DEFAULT_QUIET_PLIES,
            repetition: true,
        }
    }
}

const HELP: &str =
    "Dragonchess options are dwarf_reversal, dragon_afar_below_only (switches; add `=off` to turn one off), \
                    quiet_plies=N (plies without a capture or Warrior move that draw; 0 = never) and repetition=off";

fn switch(name: &str, value: Option<&str>) -> Result<bool, String> {
    match value {
        None | Some("on") => Ok(true),
        Some("off") => Ok(false),
        Some(other) => Err(format!("`{name}` is on or off, not `{other}`")),
    }
}

impl Settings {
    /// Reads and checks game options.
    pub fn from_options(options: &GameOptions) -> Result<Settings, String> {
        let mut settings = Settings::default();
        for (name, value) in options.iter() {
            match name {
                DWARF_REVERSAL => settings.dwarf_reversal = switch(name, value)?,
                DRAGON_AFAR_BELOW_ONLY => settings.dragon_afar_below_only = switch(name, value)?,
                REPETITION => settings.repetition = switch(name, value)?,
                QUIET_PLIES => {
                    settings.quiet_plies = value
                        .and_then(|v| v.parse().ok())
                        .filter(|n| *n <= 10_000)
                        .ok_or_else(|| format!("`{QUIET_PLIES}` needs a number of plies from 0 to 10000"))?;
                }
                other => return Err(format!("there is no option `{other}`. {HELP}")),
            }
        }
        Ok(settings)
    }

    /// The canonical options: only what differs from the defaults.
    pub fn to_options(self) -> GameOptions {
        let default = Settings::default();
        let mut options = GameOptions::none();
        if self.dwarf_reversal {
            options.set(DWARF_REVERSAL, None);
        }
        if self.dragon_afar_below_only {
            options.set(DRAGON_AFAR_BELOW_ONLY, None);
        }
        if self.quiet_plies != default.quiet_plies {
            options.set(QUIET_PLIES, Some(&self.quiet_plies.to_string()));
        }
        if !self.repetition {
            options.set(REPETITION, Some("off"));
        }
        options
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(text: &str) -> Result<Settings, String> {
        Settings::from_options(&text.parse().unwrap())
    }

    #[test]
    fn defaults_are_dropped_from_the_canonical_text() {
        let s = settings("dwarf_reversal=on,quiet_plies=100,repetition=on,dragon_afar_below_only=off").unwrap();
        assert_eq!(s, Settings { dwarf_reversal: true, ..Settings::default() });
        assert_eq!(s.to_options().to_string(), "dwarf_reversal");
        let s = settings("quiet_plies=0 repetition=off dragon_afar_below_only").unwrap();
        assert_eq!(s.to_options().to_string(), "dragon_afar_below_only,quiet_plies=0,repetition=off");
        assert_eq!(settings("").unwrap().to_options(), GameOptions::none());
    }

    #[test]
    fn unknown_or_bad_values_are_refused() {
        assert!(settings("castling").unwrap_err().contains("no option `castling`"));
        assert!(settings("quiet_plies").unwrap_err().contains("number"));
        assert!(settings("quiet_plies=lots").is_err());
        assert!(settings("dwarf_reversal=maybe").unwrap_err().contains("on or off"));
    }
}
