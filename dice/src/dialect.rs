//! Whose reading of the notation a line follows where Avrae and Dice Maiden disagree.
//!
//! Most forms mean the same in every dialect. Where the two bots disagree (`!` is an
//! explosion in Rookery and Avrae but starts a comment in Dice Maiden; `k3` keeps the
//! three highest dice in Dice Maiden but the dice showing 3 in Avrae; `r2` rerolls
//! once in Dice Maiden but until the face changes in Rookery), a line is read in one
//! dialect. A line names its dialect with a prefix, `avrae:` or `maiden:`, so that a
//! transcript records exactly how each roll was read and a verifier re-reads it the
//! same way; a line without a prefix is read in Rookery's own dialect. The bot adds the
//! prefix from a server's `/dice dialect` setting.

use std::fmt;

/// A reading of dice notation; see the module documentation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// Rookery's own: everything both peers write the same way, `!` explodes,
    /// `k3` keeps the highest three, `r` rerolls until the face changes.
    #[default]
    Rookery,
    /// Avrae's d20: ordered operations with selectors (`k3` keeps threes), sets,
    /// comparisons, decimals, `0d6`.
    Avrae,
    /// Dice Maiden: spaced modifiers, `! comment`, `(Label)`, `e` explodes once,
    /// `r` rerolls once, `+d20` is advantage.
    Maiden,
}

impl Dialect {
    /// Every dialect, Rookery's first.
    pub const ALL: [Dialect; 3] = [Dialect::Rookery, Dialect::Avrae, Dialect::Maiden];

    /// The dialect's name, as `/dice dialect` takes it and as a line's prefix.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Rookery => "rookery",
            Dialect::Avrae => "avrae",
            Dialect::Maiden => "maiden",
        }
    }

    /// The dialect named `name` (`dicemaiden` and `dice-maiden` are accepted too).
    pub fn from_name(name: &str) -> Option<Dialect> {
        let name = name.trim().to_ascii_lowercase();
        match name.as_str() {
            "rookery" | "default" => Some(Dialect::Rookery),
            "avrae" | "d20" => Some(Dialect::Avrae),
            "maiden" | "dicemaiden" | "dice-maiden" => Some(Dialect::Maiden),
            _ => None,
        }
    }

    /// `line` as it must be rolled and recorded to be read in this dialect: with the
    /// dialect's prefix, unless it already names one or the dialect is Rookery's.
    pub fn tag(self, line: &str) -> String {
        if self == Dialect::Rookery || split(line).0 != Dialect::Rookery {
            return line.to_owned();
        }
        format!("{}: {line}", self.name())
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The dialect a line names with its prefix, and where its notation starts.
pub(crate) fn split(text: &str) -> (Dialect, usize) {
    let trimmed = text.trim_start_matches([' ', '\t']);
    let indent = text.len() - trimmed.len();
    for dialect in [Dialect::Avrae, Dialect::Maiden] {
        let name = dialect.name();
        let named = trimmed.get(..name.len()).is_some_and(|head| head.eq_ignore_ascii_case(name));
        if named && trimmed[name.len()..].starts_with(':') {
            return (dialect, indent + name.len() + 1);
        }
    }
    (Dialect::Rookery, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefixes_name_the_dialect() {
        assert_eq!(split("avrae: 1d20"), (Dialect::Avrae, 6));
        assert_eq!(split("  MAIDEN:4d6 k3"), (Dialect::Maiden, 9));
        assert_eq!(split("1d20 # avrae: no"), (Dialect::Rookery, 0));
        assert_eq!(Dialect::Maiden.tag("4d6 k3"), "maiden: 4d6 k3");
        assert_eq!(Dialect::Maiden.tag("avrae: 4d6k3"), "avrae: 4d6k3");
        assert_eq!(Dialect::Rookery.tag("4d6k3"), "4d6k3");
        for dialect in Dialect::ALL {
            assert_eq!(Dialect::from_name(dialect.name()), Some(dialect));
        }
    }
}
