//! Game options: choices a variant offers when a game is created (Luck Dragon's
//! `lucky8=off`, Dragonchess's `dwarf_reversal`). A variant declares them as
//! data; a game keeps the chosen value of each, and its record keeps them as
//! text so a replay is exact.

use crate::echo::echo;
use std::fmt;

/// One option a variant offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The name players type (`lucky8`).
    pub name: &'static str,
    pub values: Values,
    /// What it does, for help text.
    pub about: &'static str,
}

/// The values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Values {
    /// One of these words, the default first. A switch (`on`/`off`) may also
    /// be given by its bare name, meaning `on`.
    Words(&'static [&'static str]),
    /// A whole number up to `max`.
    Number { default: u32, max: u32 },
    /// A word of exactly `length` symbols from `alphabet` (upper case;
    /// repeats allowed), stored as a number in base `alphabet.len()`: Dice
    /// Landing's die, `PNBRQ*`, one symbol per face.
    Symbols { alphabet: &'static str, length: u8, default: &'static str },
}

impl Values {
    fn default_value(self) -> u32 {
        match self {
            Values::Words(_) => 0,
            Values::Number { default, .. } => default,
            Values::Symbols { alphabet, length, default } => {
                symbols_code(alphabet, length, default).expect("a default spelled from its alphabet")
            }
        }
    }

    /// The value `text` stands for, if it is one of these values.
    fn read(self, text: &str) -> Option<u32> {
        match self {
            Values::Words(words) => words.iter().position(|w| w.eq_ignore_ascii_case(text)).map(|i| i as u32),
            Values::Number { max, .. } => text.parse().ok().filter(|n| *n <= max),
            Values::Symbols { alphabet, length, .. } => symbols_code(alphabet, length, &text.to_ascii_uppercase()),
        }
    }

    fn show(self, value: u32) -> String {
        match self {
            Values::Words(words) => words[value as usize].to_string(),
            Values::Number { .. } => value.to_string(),
            Values::Symbols { alphabet, length, .. } => symbols_of(alphabet, length, value).into_iter().collect(),
        }
    }

    fn allowed(self) -> Vec<String> {
        match self {
            Values::Words(words) => words.iter().map(|w| format!("`{w}`")).collect(),
            Values::Number { max, .. } => vec![format!("a number from 0 to {max}")],
            Values::Symbols { alphabet, length, .. } => {
                vec![format!("{length} symbols from `{alphabet}`")]
            }
        }
    }
}

/// The number a word of [`Values::Symbols`] is stored as, if the word is
/// `length` symbols of `alphabet`.
fn symbols_code(alphabet: &str, length: u8, word: &str) -> Option<u32> {
    let base = alphabet.chars().count() as u32;
    let digits: Vec<u32> =
        word.chars().map(|c| alphabet.chars().position(|a| a == c).map(|d| d as u32)).collect::<Option<_>>()?;
    if digits.len() != usize::from(length) {
        return None;
    }
    Some(digits.iter().rev().fold(0, |code, digit| code * base + digit))
}

/// The symbols of a word of [`Values::Symbols`] stored as `code`, first first.
pub fn symbols_of(alphabet: &str, length: u8, mut code: u32) -> Vec<char> {
    let symbols: Vec<char> = alphabet.chars().collect();
    let base = symbols.len() as u32;
    (0..length)
        .map(|_| {
            let symbol = symbols[(code % base) as usize];
            code /= base;
            symbol
        })
        .collect()
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error("write options as `name=value`, not `{}`", echo(.0))]
    Syntax(String),
    #[error("there is no option `{}`; {}", echo(.name), choose_from(.known))]
    Unknown { name: String, known: Vec<&'static str> },
    #[error("option `{name}` takes {}, not `{}`", .allowed.join(" or "), echo(.value))]
    Value { name: &'static str, value: String, allowed: Vec<String> },
    #[error("option `{0}` is given twice")]
    Repeated(&'static str),
}

fn choose_from(known: &[&'static str]) -> String {
    if known.is_empty() {
        "this variant has no options".to_string()
    } else {
        format!("choose from: {}", known.join(", "))
    }
}

/// The chosen value of each option of one variant, by index into its
/// [`GameOption`] list: the index of a word, or the number.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameOptions {
    chosen: Vec<u32>,
    defaults: Vec<u32>,
}

impl GameOptions {
    /// Every option at its default.
    pub fn defaults(specs: &[GameOption]) -> GameOptions {
        let defaults: Vec<u32> = specs.iter().map(|spec| spec.values.default_value()).collect();
        GameOptions { chosen: defaults.clone(), defaults }
    }

    /// Reads `name=value` pairs separated by spaces or commas; options left out
    /// keep their defaults. Names and values are case-insensitive.
    pub fn parse(specs: &[GameOption], text: &str) -> Result<GameOptions, OptionsError> {
        let mut options = GameOptions::defaults(specs);
        let mut given = vec![false; specs.len()];
        for pair in text.split([' ', ',']).filter(|p| !p.is_empty()) {
            let (name, value) = pair.split_once('=').unwrap_or((pair, "on"));
            let index = specs.iter().position(|s| s.name.eq_ignore_ascii_case(name)).ok_or_else(|| {
                OptionsError::Unknown { name: name.to_string(), known: specs.iter().map(|s| s.name).collect() }
            })?;
            let spec = &specs[index];
            if given[index] {
                return Err(OptionsError::Repeated(spec.name));
            }
            given[index] = true;
            let chosen = spec.values.read(value).ok_or_else(|| match pair.contains('=') {
                true => {
                    OptionsError::Value { name: spec.name, value: value.to_string(), allowed: spec.values.allowed() }
                }
                false => OptionsError::Syntax(pair.to_string()),
            })?;
            options.chosen[index] = chosen;
        }
        Ok(options)
    }

    /// The chosen value of option `index`: the index of its word (0 is the
    /// default), or its number.
    pub fn value(&self, index: usize) -> u32 {
        self.chosen.get(index).copied().unwrap_or(0)
    }

    /// Whether option `index` is at its default.
    pub fn is_default(&self, index: usize) -> bool {
        self.chosen.get(index) == self.defaults.get(index)
    }

    /// The canonical text: the options that differ from their defaults, in the
    /// variant's order; empty when all are defaults. [`GameOptions::parse`] reads it back.
    pub fn write(&self, specs: &[GameOption]) -> String {
        specs
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.is_default(*i))
            .map(|(i, spec)| format!("{}={}", spec.name, spec.values.show(self.value(i))))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Every option with its chosen value, for showing a game's settings.
    pub fn describe(&self, specs: &[GameOption]) -> String {
        OptionList { options: self, specs }.to_string()
    }
}

struct OptionList<'a> {
    options: &'a GameOptions,
    specs: &'a [GameOption],
}

impl fmt::Display for OptionList<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, spec) in self.specs.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{}={}", spec.name, spec.values.show(self.options.value(i)))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[GameOption] = &[
        GameOption { name: "dice", values: Values::Words(&["on", "off"]), about: "" },
        GameOption { name: "set", values: Values::Words(&["QRBNL", "QRBN"]), about: "" },
        GameOption { name: "reversal", values: Values::Words(&["off", "on"]), about: "" },
        GameOption { name: "plies", values: Values::Number { default: 100, max: 1000 }, about: "" },
    ];

    const DIE: &[GameOption] = &[GameOption {
        name: "die",
        values: Values::Symbols { alphabet: "PNBRQK*", length: 6, default: "PNBRQ*" },
        about: "",
    }];

    #[test]
    fn symbol_words_round_trip() {
        assert_eq!(GameOptions::parse(DIE, "die=pnbrq*").unwrap(), GameOptions::defaults(DIE));
        let two_kings = GameOptions::parse(DIE, "die=KKPPN*").unwrap();
        assert_eq!(two_kings.write(DIE), "die=KKPPN*");
        assert_eq!(symbols_of("PNBRQK*", 6, two_kings.value(0)), ['K', 'K', 'P', 'P', 'N', '*']);
        let err = |text| GameOptions::parse(DIE, text).unwrap_err().to_string();
        assert!(err("die=PNBRQ").contains("6 symbols from `PNBRQK*`"));
        assert!(err("die=PNBRQX").contains("6 symbols"));
    }

    #[test]
    fn parse_write_round_trip() {
        let options = GameOptions::parse(SPECS, "set=qrbn, DICE=off").unwrap();
        assert_eq!((options.value(0), options.value(1)), (1, 1));
        assert_eq!(options.write(SPECS), "dice=off set=QRBN");
        let numbers = GameOptions::parse(SPECS, "reversal plies=0").unwrap();
        assert_eq!((numbers.value(2), numbers.value(3)), (1, 0));
        assert_eq!(numbers.write(SPECS), "reversal=on plies=0");
        assert!(GameOptions::parse(SPECS, "plies=100").unwrap().is_default(3));
        assert_eq!(GameOptions::parse(SPECS, &options.write(SPECS)).unwrap(), options);
        assert_eq!(GameOptions::parse(SPECS, "").unwrap(), GameOptions::defaults(SPECS));
        assert_eq!(GameOptions::defaults(SPECS).write(SPECS), "");
        assert_eq!(options.describe(SPECS), "dice=off set=QRBN reversal=off plies=100");
    }

    #[test]
    fn errors_name_the_choices() {
        let err = |text| GameOptions::parse(SPECS, text).unwrap_err().to_string();
        assert!(err("set").contains("name=value"));
        assert!(err("speed=3").contains("choose from: dice, set, reversal, plies"));
        assert!(err("dice=maybe").contains("`on` or `off`"));
        assert!(err("plies=1001").contains("a number from 0 to 1000"));
        assert!(err("dice=on dice=off").contains("twice"));
        assert!(GameOptions::parse(&[], "x=1").unwrap_err().to_string().contains("no options"));
    }
}
