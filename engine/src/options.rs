//! Optional rules chosen when a game is created: words such as
//! `dwarf_reversal` (a switch) or `quiet_plies=0` (a setting), separated by
//! commas or spaces. Which words mean something is the variant's business; this
//! module only reads, orders and writes them, so a stored game states its
//! options in one canonical text and replays under exactly the same rules.

use std::fmt;
use std::str::FromStr;

/// A set of option words, sorted by name, each name at most once.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameOptions {
    settings: Vec<(String, Option<String>)>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error("`{0}` is not an option word: use letters, digits and `_`, as in `dwarf_reversal` or `quiet_plies=0`")]
    Syntax(String),
    #[error("the option `{0}` is given twice")]
    Repeated(String),
}

fn is_word(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

impl GameOptions {
    /// No options: the variant's rules as specified.
    pub fn none() -> GameOptions {
        GameOptions::default()
    }

    pub fn is_empty(&self) -> bool {
        self.settings.is_empty()
    }

    /// Every option as (name, value), in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Option<&str>)> {
        self.settings.iter().map(|(name, value)| (name.as_str(), value.as_deref()))
    }

    /// Adds or replaces one option.
    pub fn set(&mut self, name: &str, value: Option<&str>) {
        let entry = (name.to_string(), value.map(str::to_string));
        match self.settings.binary_search_by(|(n, _)| n.as_str().cmp(name)) {
            Ok(i) => self.settings[i] = entry,
            Err(i) => self.settings.insert(i, entry),
        }
    }
}

impl FromStr for GameOptions {
    type Err = OptionsError;

    fn from_str(text: &str) -> Result<GameOptions, OptionsError> {
        let mut options = GameOptions::default();
        for word in text.split([',', ' ']).map(str::trim).filter(|w| !w.is_empty()) {
            let (name, value) = match word.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (word, None),
            };
            let name = name.to_ascii_lowercase();
            if !is_word(&name) || value.is_some_and(|v| !is_word(v)) {
                return Err(OptionsError::Syntax(word.to_string()));
            }
            if options.iter().any(|(n, _)| n == name) {
                return Err(OptionsError::Repeated(name));
            }
            options.set(&name, value.map(|v| v.to_ascii_lowercase()).as_deref());
        }
        Ok(options)
    }
}

impl fmt::Display for GameOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, value)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            f.write_str(name)?;
            if let Some(value) = value {
                write!(f, "={value}")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_text_is_sorted_and_lower_case() {
        let options: GameOptions = " Quiet_Plies=0, dwarf_reversal dragon_afar_below_only".parse().unwrap();
        assert_eq!(options.to_string(), "dragon_afar_below_only,dwarf_reversal,quiet_plies=0");
        assert_eq!(options.to_string().parse::<GameOptions>(), Ok(options));
        assert!("".parse::<GameOptions>().unwrap().is_empty());
    }

    #[test]
    fn bad_words_are_refused() {
        assert_eq!("a,a".parse::<GameOptions>(), Err(OptionsError::Repeated("a".into())));
        assert!(matches!("x=".parse::<GameOptions>(), Err(OptionsError::Syntax(_))));
        assert!(matches!("no-dash".parse::<GameOptions>(), Err(OptionsError::Syntax(_))));
    }
}
