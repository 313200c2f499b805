//! The variants Rookery knows by name.

use crate::echo::echo;
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, OnceLock, RwLock};

use crate::options::GameOptions;
use crate::rules::Rules;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    Chess,
    LuckDragon,
    Guardener,
    Dragonchess,
    DiceLanding,
    NewChess,
    /// A rules set added at run time with [`register`] under its own name: the
    /// toy variants of tests, which reach the bot the way real ones do.
    Registered(&'static str),
}

/// Builds a registered variant's rules for a game's options.
pub type RulesFn = fn(&GameOptions) -> Arc<Rules>;

fn registry() -> &'static RwLock<Vec<(&'static str, RulesFn)>> {
    static REGISTRY: OnceLock<RwLock<Vec<(&'static str, RulesFn)>>> = OnceLock::new();
    REGISTRY.get_or_init(|| RwLock::new(Vec::new()))
}

/// Adds a variant by name (lower case, no spaces); registering a name again
/// replaces its rules. Built-in names cannot be taken.
pub fn register(name: &'static str, rules: RulesFn) -> Variant {
    assert!(Variant::ALL.iter().all(|v| v.name() != name), "`{name}` is a built-in variant");
    let mut registered = registry().write().unwrap_or_else(|poisoned| poisoned.into_inner());
    registered.retain(|(known, _)| *known != name);
    registered.push((name, rules));
    Variant::Registered(name)
}

fn registered(name: &str) -> Option<(&'static str, RulesFn)> {
    let registered = registry().read().unwrap_or_else(|poisoned| poisoned.into_inner());
    registered.iter().find(|(known, _)| *known == name).copied()
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    #[error("unknown variant `{}`; choose one of: chess, luckdragon, guardener, dragonchess, dicelanding, newchess", echo(.0))]
    Unknown(String),
    #[error("{0} is not yet supported; for now Rookery plays: {names}", names = playable())]
    NotYetSupported(Variant),
}

impl Variant {
    pub const ALL: [Variant; 6] = [
        Variant::Chess,
        Variant::LuckDragon,
        Variant::Guardener,
        Variant::Dragonchess,
        Variant::DiceLanding,
        Variant::NewChess,
    ];

    /// The name used on the command line and in commands.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Chess => "chess",
            Variant::LuckDragon => "luckdragon",
            Variant::Guardener => "guardener",
            Variant::Dragonchess => "dragonchess",
            Variant::DiceLanding => "dicelanding",
            Variant::NewChess => "newchess",
            Variant::Registered(name) => name,
        }
    }

    /// The variant's rules, compiled once per process and shared.
    pub fn rules(self) -> Result<Arc<Rules>, VariantError> {
        static CHESS: OnceLock<Arc<Rules>> = OnceLock::new();
        match self {
            Variant::Chess => Ok(CHESS.get_or_init(|| Arc::new(crate::variants::chess::rules())).clone()),
            Variant::LuckDragon => Ok(crate::variants::luckdragon::rules_for(&GameOptions::default())),
            Variant::Dragonchess => Ok(crate::variants::dragonchess::rules_for(&GameOptions::default())),
            Variant::Guardener => Ok(crate::variants::guardener::shared_rules()),
            Variant::DiceLanding => Ok(crate::variants::dicelanding::rules_for(&GameOptions::defaults(
                crate::variants::dicelanding::OPTIONS,
            ))),
            Variant::NewChess => Ok(crate::variants::newchess::rules_for(&GameOptions::default())),
            Variant::Registered(name) => registered(name)
                .map(|(_, rules)| rules(&GameOptions::default()))
                .ok_or(VariantError::NotYetSupported(self)),
        }
    }

    /// The rules a game with these options plays by (options may change the
    /// rules, as Luck Dragon's promotion set does); [`Variant::rules`] for the defaults.
    pub fn rules_for(self, options: &GameOptions) -> Result<Arc<Rules>, VariantError> {
        match self {
            Variant::LuckDragon => Ok(crate::variants::luckdragon::rules_for(options)),
            Variant::Dragonchess => Ok(crate::variants::dragonchess::rules_for(options)),
            Variant::DiceLanding => Ok(crate::variants::dicelanding::rules_for(options)),
            Variant::NewChess => Ok(crate::variants::newchess::rules_for(options)),
            Variant::Registered(name) => {
                registered(name).map(|(_, rules)| rules(options)).ok_or(VariantError::NotYetSupported(self))
            }
            other => other.rules(),
        }
    }
}

/// The names of the variants whose rules are built, for error messages.
fn playable() -> String {
    let names: Vec<&str> = Variant::ALL.into_iter().filter(|v| v.rules().is_ok()).map(Variant::name).collect();
    names.join(", ")
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = VariantError;

    fn from_str(s: &str) -> Result<Variant, VariantError> {
        let wanted = s.trim().to_ascii_lowercase().replace(['-', '_', ' '], "");
        let wanted = if wanted == "standard" { "chess".to_string() } else { wanted };
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == wanted)
            .or_else(|| registered(&wanted).map(|(name, _)| Variant::Registered(name)))
            .ok_or_else(|| VariantError::Unknown(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        assert_eq!("Luck-Dragon".parse::<Variant>(), Ok(Variant::LuckDragon));
        assert!(matches!("checkers".parse::<Variant>(), Err(VariantError::Unknown(_))));
        // A name nobody registered stands for a variant whose rules are not built.
        let unbuilt = Variant::Registered("unbuiltgame");
        assert!(matches!(unbuilt.rules(), Err(VariantError::NotYetSupported(_))));
        let refusal = unbuilt.rules().unwrap_err().to_string();
        let with_options = unbuilt.rules_for(&GameOptions::default());
        assert!(matches!(with_options, Err(VariantError::NotYetSupported(_))));
        let (_, playable) = refusal.split_once("plays: ").unwrap();
        assert!(playable.starts_with("chess, ") && playable.contains("dragonchess"), "{refusal}");
        assert!(playable.contains("guardener") && !playable.contains("unbuiltgame"), "{refusal}");
    }
}
