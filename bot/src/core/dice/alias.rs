//! Saved rolls: `/alias set attack "1d20+7 # longsword; 1d8+4 # damage"`, then
//! `/roll attack`. Aliases live at three levels, looked up in this order: the user's
//! own (in this server), the channel's, the server's; changing the channel's or the
//! server's needs Manage Channels. A saved roll is stored with the dialect it was
//! written in, so it keeps its meaning if the server's dialect changes later.

use std::collections::BTreeMap;

use rookery_dice::parse;

use super::super::{storage_failure, Attachment, Core, Outcome, Place, Refusal, Reply, User};
use super::fit::shorten;

/// Most aliases one level holds.
pub const MAX_ALIASES: usize = 50;
/// Longest alias name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// Who an alias belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AliasScope {
    User,
    Channel,
    Server,
}

/// What `/alias` was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AliasCommand {
    Set {
        scope: AliasScope,
        name: String,
        roll: String,
    },
    Remove {
        scope: AliasScope,
        name: String,
    },
    /// Every alias usable here, by level.
    List,
    /// Every alias usable here as a file that `Import` takes back.
    Export,
    /// Lines `name = roll` (blank lines and `#` comments skipped) into one level.
    Import {
        scope: AliasScope,
        text: String,
    },
}

type Aliases = BTreeMap<String, String>;

impl AliasScope {
    fn setting(self, place: Place, user: &User) -> String {
        match self {
            AliasScope::User => format!("dice_aliases_user_{}", user.id),
            AliasScope::Channel => format!("dice_aliases_channel_{}", place.channel),
            AliasScope::Server => "dice_aliases_server".to_owned(),
        }
    }

    fn describe(self) -> &'static str {
        match self {
            AliasScope::User => "your",
            AliasScope::Channel => "this channel's",
            AliasScope::Server => "this server's",
        }
    }

    const ALL: [AliasScope; 3] = [AliasScope::User, AliasScope::Channel, AliasScope::Server];
}

impl Core {
    pub(in crate::core) fn alias(&self, place: Place, user: &User, command: &AliasCommand) -> Outcome {
        match command {
            AliasCommand::Set { scope, name, roll } => {
                let mut aliases = self.writable_aliases(place, user, *scope)?;
                let (name, roll) = self.checked_alias(place, name, roll)?;
                if !aliases.contains_key(&name) && aliases.len() >= MAX_ALIASES {
                    return Err(Refusal::new(format!(
                        "{} saved rolls are full ({MAX_ALIASES}); remove one first.",
                        capitalised(scope.describe())
                    )));
                }
                let text = format!(
                    "Saved `{name}` in {} saved rolls: `{roll}`. Roll it with `/roll {name}`.",
                    scope.describe()
                );
                aliases.insert(name, roll);
                self.store_aliases(place, user, *scope, &aliases)?;
                Ok(vec![Reply::private(text)])
            }
            AliasCommand::Remove { scope, name } => {
                let mut aliases = self.writable_aliases(place, user, *scope)?;
                let name = name.trim().to_ascii_lowercase();
                if aliases.remove(&name).is_none() {
                    return Err(Refusal::new(format!(
                        "There is no `{}` in {} saved rolls.",
                        shorten(&name, 40),
                        scope.describe()
                    )));
                }
                self.store_aliases(place, user, *scope, &aliases)?;
                Ok(vec![Reply::private(format!("Removed `{name}` from {} saved rolls.", scope.describe()))])
            }
            AliasCommand::List => {
                let mut text = String::new();
                for scope in AliasScope::ALL {
                    let aliases = self.aliases(place, user, scope)?;
                    if aliases.is_empty() {
                        continue;
                    }
                    text.push_str(&format!("**{} saved rolls**\n", capitalised(scope.describe())));
                    for (name, roll) in &aliases {
                        text.push_str(&format!("`{name}`: `{}`\n", shorten(roll, 80)));
                    }
                }
                if text.is_empty() {
                    text = "No saved rolls here yet. Save one with `/alias set attack 1d20+7 # longsword`.".to_owned();
                }
                Ok(vec![Reply::private(shorten(&text, super::fit::MAX_MESSAGE_CHARS))])
            }
            AliasCommand::Export => {
                let mut file =
                    String::from("# Rookery saved rolls: name = roll. `/alias import` takes a level's lines back.\n");
                for scope in AliasScope::ALL {
                    file.push_str(&format!("\n# {} saved rolls\n", scope.describe()));
                    for (name, roll) in self.aliases(place, user, scope)? {
                        file.push_str(&format!("{name} = {roll}\n"));
                    }
                }
                let attachment = Attachment { name: "saved-rolls.txt".into(), bytes: file.into_bytes() };
                Ok(vec![Reply {
                    text: "Your saved rolls, and this channel's and server's:".into(),
                    files: vec![attachment],
                    ephemeral: true,
                    ..Reply::default()
                }])
            }
            AliasCommand::Import { scope, text } => {
                let mut aliases = self.writable_aliases(place, user, *scope)?;
                let mut added = 0;
                for (number, line) in text.lines().enumerate() {
                    let line = line.trim();
                    if line.is_empty() || line.starts_with('#') {
                        continue;
                    }
                    let Some((name, roll)) = line.split_once('=') else {
                        return Err(Refusal::new(format!(
                            "Line {} is not `name = roll`; nothing was imported.",
                            number + 1
                        )));
                    };
                    let (name, roll) = self
                        .checked_alias(place, name, roll)
                        .map_err(|Refusal(why)| Refusal(format!("Line {}: {why} Nothing was imported.", number + 1)))?;
                    aliases.insert(name, roll);
                    added += 1;
                }
                if aliases.len() > MAX_ALIASES {
                    return Err(Refusal::new(format!(
                        "That would make {} saved rolls, more than {MAX_ALIASES}; nothing was imported.",
                        aliases.len()
                    )));
                }
                self.store_aliases(place, user, *scope, &aliases)?;
                Ok(vec![Reply::private(format!(
                    "Imported {added} saved roll{} into {} saved rolls.",
                    if added == 1 { "" } else { "s" },
                    scope.describe()
                ))])
            }
        }
    }

    /// The saved roll `expression` names, if it is exactly an alias's name.
    pub(in crate::core) fn expand_alias(
        &self,
        place: Place,
        user: &User,
        expression: &str,
    ) -> Result<Option<String>, Refusal> {
        let name = expression.trim().to_ascii_lowercase();
        if !valid_name(&name) {
            return Ok(None);
        }
        for scope in AliasScope::ALL {
            if let Some(roll) = self.aliases(place, user, scope)?.remove(&name) {
                return Ok(Some(roll));
            }
        }
        Ok(None)
    }

    fn aliases(&self, place: Place, user: &User, scope: AliasScope) -> Result<Aliases, Refusal> {
        let stored: Option<Aliases> =
            self.storage.setting(place.guild, &scope.setting(place, user)).map_err(storage_failure)?;
        Ok(stored.unwrap_or_default())
    }

    fn writable_aliases(&self, place: Place, user: &User, scope: AliasScope) -> Result<Aliases, Refusal> {
        if scope != AliasScope::User && !user.can_manage_channel {
            return Err(Refusal::new(format!(
                "Only members who may manage channels can change {} saved rolls; your own are `/alias set … level:user`.",
                scope.describe()
            )));
        }
        self.aliases(place, user, scope)
    }

    fn store_aliases(&self, place: Place, user: &User, scope: AliasScope, aliases: &Aliases) -> Result<(), Refusal> {
        self.storage.set_setting(place.guild, &scope.setting(place, user), aliases).map_err(storage_failure)
    }

    /// A valid name and a roll that parses, tagged with the server's dialect.
    fn checked_alias(&self, place: Place, name: &str, roll: &str) -> Result<(String, String), Refusal> {
        let name = name.trim().to_ascii_lowercase();
        if !valid_name(&name) {
            return Err(Refusal::new(format!(
                "A saved roll's name is 1 to {MAX_NAME_CHARS} of a-z, 0-9, _ and -, starting with a letter; not `{}`.",
                shorten(&name, 40)
            )));
        }
        if parse(&name).is_ok() {
            return Err(Refusal::new(format!("`{name}` is dice notation itself; pick a name that is not.")));
        }
        let roll = self.dialect(place)?.tag(roll.trim().trim_matches('"').trim());
        if let Err(error) = parse(&roll) {
            return Err(Refusal::new(format!("That roll does not read:\n```\n{error}\n```")));
        }
        Ok((name, roll))
    }
}

/// Whether `name` could name a saved roll.
pub(in crate::core) fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && name.chars().count() <= MAX_NAME_CHARS
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().collect::<String>() + chars.as_str()).unwrap_or_default()
}
