//! Game options: choices a variant offers when a game is created (Luck Dragon's
//! `lucky8=off`). A variant declares them as data; a game keeps the chosen value
//! of each, and its record keeps them as text so a replay is exact.

use std::fmt;

/// One option a variant offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The name players type (`lucky8`).
    pub name: &'static str,
    /// The values it takes, the default first.
    pub values: &'static [&'static str],
    /// What it does, for help text.
    pub about: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error("write options as `name=value`, not `{0}`")]
    Syntax(String),
    #[error("there is no option `{name}`; {}", choose_from(.known))]
    Unknown { name: String, known: Vec<&'static str> },
    #[error("option `{name}` takes {}, not `{value}`", .allowed.join(" or "))]
    Value { name: &'static str, value: String, allowed: Vec<&'static str> },
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
/// [`GameOption`] list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameOptions {
    chosen: Vec<u8>,
}

impl GameOptions {
    /// Every option at its default.
    pub fn defaults(specs: &[GameOption]) -> GameOptions {
        GameOptions { chosen: vec![0; specs.len()] }
    }

    /// Reads `name=value` pairs separated by spaces or commas; options left out
    /// keep their defaults. Names and values are case-insensitive.
    pub fn parse(specs: &[GameOption], text: &str) -> Result<GameOptions, OptionsError> {
        let mut options = GameOptions::defaults(specs);
        let mut given = vec![false; specs.len()];
        for pair in text.split([' ', ',']).filter(|p| !p.is_empty()) {
            let (name, value) = pair.split_once('=').ok_or_else(|| OptionsError::Syntax(pair.to_string()))?;
            let index = specs.iter().position(|s| s.name.eq_ignore_ascii_case(name)).ok_or_else(|| {
                OptionsError::Unknown { name: name.to_string(), known: specs.iter().map(|s| s.name).collect() }
            })?;
            let spec = &specs[index];
            if given[index] {
                return Err(OptionsError::Repeated(spec.name));
            }
            given[index] = true;
            let chosen = spec.values.iter().position(|v| v.eq_ignore_ascii_case(value)).ok_or_else(|| {
                OptionsError::Value { name: spec.name, value: value.to_string(), allowed: spec.values.to_vec() }
            })?;
            options.chosen[index] = chosen as u8;
        }
        Ok(options)
    }

    /// The index of the chosen value of option `index` (0: its default).
    pub fn value(&self, index: usize) -> usize {
        self.chosen.get(index).map_or(0, |v| *v as usize)
    }

    /// Whether option `index` is at its default.
    pub fn is_default(&self, index: usize) -> bool {
        self.value(index) == 0
    }

    /// The canonical text: the options that differ from their defaults, in the
    /// variant's order; empty when all are defaults. [`GameOptions::parse`] reads it back.
    pub fn write(&self, specs: &[GameOption]) -> String {
        specs
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.is_default(*i))
            .map(|(i, spec)| format!("{}={}", spec.name, spec.values[self.value(i)]))
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
            write!(f, "{}={}", spec.name, spec.values[self.options.value(i)])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[GameOption] = &[
        GameOption { name: "dice", values: &["on", "off"], about: "" },
        GameOption { name: "set", values: &["QRBNL", "QRBN"], about: "" },
    ];

    #[test]
    fn parse_write_round_trip() {
        let options = GameOptions::parse(SPECS, "set=qrbn, DICE=off").unwrap();
        assert_eq!((options.value(0), options.value(1)), (1, 1));
        assert_eq!(options.write(SPECS), "dice=off set=QRBN");
        assert_eq!(GameOptions::parse(SPECS, &options.write(SPECS)).unwrap(), options);
        assert_eq!(GameOptions::parse(SPECS, "").unwrap(), GameOptions::defaults(SPECS));
        assert_eq!(GameOptions::defaults(SPECS).write(SPECS), "");
        assert_eq!(options.describe(SPECS), "dice=off set=QRBN");
    }

    #[test]
    fn errors_name_the_choices() {
        let err = |text| GameOptions::parse(SPECS, text).unwrap_err().to_string();
        assert!(err("dice").contains("name=value"));
        assert!(err("speed=3").contains("choose from: dice, set"));
        assert!(err("dice=maybe").contains("on or off"));
        assert!(err("dice=on dice=off").contains("twice"));
        assert!(GameOptions::parse(&[], "x=1").unwrap_err().to_string().contains("no options"));
    }
}
