//! INTERACTION_CREATE payloads as Discord sends them. serenity turns any
//! payload it cannot parse into `Event::Unknown` without a word, so the tests
//! at the bottom parse every kind of fixture with serenity itself.

use serde_json::{json, Value};

use crate::fake_discord::APPLICATION_ID;

pub const GUILD: u64 = 800_000_000_000_000_001;
pub const CHANNEL: u64 = 800_000_000_000_000_002;

/// Someone in the test guild.
#[derive(Clone, Copy, Debug)]
pub struct Player {
    pub id: u64,
    pub name: &'static str,
    /// Whether the member has Manage Channels here.
    pub moderator: bool,
    /// The member's roles in the test guild.
    pub roles: &'static [u64],
}

/// A role the tests configure as the guild's moderator role.
pub const MODERATOR_ROLE: u64 = 810_000_000_000_000_001;

pub const ALICE: Player = Player { id: 700_000_000_000_000_001, name: "alice", moderator: true, roles: &[] };
pub const BOB: Player = Player { id: 700_000_000_000_000_002, name: "bob", moderator: false, roles: &[] };
/// No moderating permission, but the moderator role.
pub const CAROL: Player =
    Player { id: 700_000_000_000_000_003, name: "carol", moderator: false, roles: &[MODERATOR_ROLE] };
/// The bot's own user, as a command option names it (`/play chess @Rookery`).
pub const ROOKERY: Player = Player { id: APPLICATION_ID, name: "Rookery", moderator: false, roles: &[] };

/// Option values for slash commands, in Discord's typed form.
pub fn string(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

/// Integers, and choice parameters, which poise sends as the choice's index.
pub fn integer(name: &str, value: i64) -> Value {
    json!({"name": name, "type": 4, "value": value})
}

pub fn boolean(name: &str, value: bool) -> Value {
    json!({"name": name, "type": 5, "value": value})
}

pub fn user(name: &str, player: Player) -> Value {
    json!({"name": name, "type": 6, "value": player.id.to_string()})
}

/// The option being typed in an autocomplete request.
pub fn focused(name: &str, partial: &str) -> Value {
    json!({"name": name, "type": 3, "value": partial, "focused": true})
}

/// The interaction token the fake expects in callback and follow-up paths.
pub fn token(id: u64) -> String {
    format!("token-{id}")
}

/// `/name options…` run by `by`. User options are resolved, as Discord does.
pub fn slash(id: u64, by: Player, name: &str, options: Vec<Value>) -> Value {
    interaction(id, by, 2, command_data(name, options))
}

/// [`slash`] in another channel of the test guild (a thread).
pub fn slash_in(channel: u64, id: u64, by: Player, name: &str, options: Vec<Value>) -> Value {
    let mut command = slash(id, by, name, options);
    command["channel_id"] = json!(channel.to_string());
    command
}

/// An autocomplete request while `by` types into `/name`.
pub fn autocomplete(id: u64, by: Player, name: &str, options: Vec<Value>) -> Value {
    interaction(id, by, 4, command_data(name, options))
}

/// `by` clicks the button with `custom_id` on one of the bot's messages.
pub fn click(id: u64, by: Player, custom_id: &str) -> Value {
    let mut click = interaction(id, by, 3, json!({"custom_id": custom_id, "component_type": 2}));
    click["message"] = crate::fake_discord::message(id - 1, CHANNEL);
    click
}

fn command_data(name: &str, options: Vec<Value>) -> Value {
    let mut users = serde_json::Map::new();
    for option in &options {
        if option["type"] == 6 {
            let id = option["value"].as_str().expect("user options hold an id");
            let player =
                [ALICE, BOB, CAROL, ROOKERY].into_iter().find(|p| p.id.to_string() == id).expect("a known player");
            users.insert(id.to_string(), user_json(player));
        }
    }
    json!({
        "id": "600000000000000001",
        "name": name,
        "type": 1,
        "options": options,
        "resolved": {"users": users},
    })
}

fn interaction(id: u64, by: Player, kind: u8, data: Value) -> Value {
    // Manage Channels is bit 4; Send Messages (bit 11) for everyone.
    let permissions = if by.moderator { (1u64 << 4) | (1 << 11) } else { 1 << 11 };
    json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "data": data,
        "guild_id": GUILD.to_string(),
        "channel_id": CHANNEL.to_string(),
        "member": {
            "user": user_json(by),
            "nick": null,
            "roles": by.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
            "joined_at": "2024-01-01T00:00:00.000000+00:00",
            "deaf": false,
            "mute": false,
            "flags": 0,
            "permissions": permissions.to_string(),
        },
        "token": token(id),
        "version": 1,
        "locale": "en-US",
        "guild_locale": "en-US",
        "app_permissions": "2248473465835073",
        "entitlements": [],
        "attachment_size_limit": 10 << 20,
    })
}

fn user_json(player: Player) -> Value {
    let bot = player.id == ROOKERY.id;
    json!({"id": player.id.to_string(), "username": player.name, "discriminator": "0", "global_name": null, "bot": bot})
}

#[cfg(test)]
mod tests {
    use serenity::all::{Interaction, Message};

    use super::*;

    fn parse(value: Value) -> Interaction {
        serde_json::from_value(value).expect("serenity parses the fixture")
    }

    #[test]
    fn slash_fixture_is_a_command_with_resolved_users() {
        let Interaction::Command(command) = parse(slash(1, ALICE, "play", vec![user("opponent", BOB)])) else {
            panic!("not a command");
        };
        assert_eq!(command.data.name, "play");
        assert_eq!(command.token, token(1));
        assert!(command.member.unwrap().permissions.unwrap().manage_channels());
        let options = command.data.options();
        assert!(matches!(options[0].value, serenity::all::ResolvedValue::User(user, _) if user.id.get() == BOB.id));
    }

    #[test]
    fn autocomplete_fixture_is_autocomplete() {
        let fixture = autocomplete(2, BOB, "move", vec![focused("text", "e")]);
        assert!(matches!(parse(fixture), Interaction::Autocomplete(_)));
    }

    #[test]
    fn click_fixture_is_a_component() {
        let Interaction::Component(click) = parse(click(3, BOB, "accept")) else { panic!("not a click") };
        assert_eq!(click.data.custom_id, "accept");
        assert!(!click.member.unwrap().permissions.unwrap().manage_channels());
    }

    #[test]
    fn fake_messages_parse() {
        let message: Message = serde_json::from_value(crate::fake_discord::message(5, CHANNEL)).unwrap();
        assert_eq!(message.channel_id.get(), CHANNEL);
    }

    #[test]
    fn fake_guilds_parse_with_their_system_channel() {
        let guild: serenity::all::PartialGuild =
            serde_json::from_value(crate::fake_discord::guild_json(GUILD)).unwrap();
        assert_eq!(guild.system_channel_id.map(|c| c.get()), Some(crate::fake_discord::SYSTEM_CHANNEL));
    }

    #[test]
    fn carol_holds_the_moderator_role_without_the_permission() {
        let Interaction::Command(command) = parse(slash(4, CAROL, "help", vec![])) else { panic!("not a command") };
        let member = command.member.unwrap();
        assert!(!member.permissions.unwrap().manage_channels());
        assert_eq!(member.roles.iter().map(|r| r.get()).collect::<Vec<_>>(), [MODERATOR_ROLE]);
    }
}
