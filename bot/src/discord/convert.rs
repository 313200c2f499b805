//! Discord's view of who and where, turned into the core's plain types. Plain
//! functions over serenity's model types, because a serenity `Context` cannot
//! be built in a unit test.

use poise::serenity_prelude as serenity;

use crate::core::{ButtonAction, Command, Place, User};

/// The channel a request comes from; direct messages have guild `0`.
pub fn place(guild: Option<serenity::GuildId>, channel: serenity::ChannelId) -> Place {
    Place { guild: guild.map_or(0, |g| g.get()), channel: channel.get() }
}

/// The user who ran a command or clicked a button. In a guild Discord sends the
/// member with permissions already resolved for this channel, so no cache or
/// extra request is needed; outside a guild nobody manages the channel.
pub fn requester(user: &serenity::User, member: Option<&serenity::Member>) -> User {
    User {
        id: user.id.get(),
        name: member.map_or_else(|| user.display_name(), |m| m.display_name()).to_string(),
        can_manage_channel: member.and_then(|m| m.permissions).is_some_and(|p| p.manage_channels()),
    }
}

/// Whether the invoking member moderates a channel given as a command option:
/// Manage Messages or Manage Channels there. Discord sends their permissions
/// there with the resolved channel; without them (never expected) the answer is no.
pub fn moderates_channel(channel: Option<&serenity::PartialChannel>) -> bool {
    channel.and_then(|c| c.permissions).is_some_and(|p| p.manage_messages() || p.manage_channels())
}

/// Whether the member holds the server's configured moderator role (roles
/// are server-wide, so it counts in every channel).
pub fn has_moderator_role(member: Option<&serenity::Member>, role: Option<&u64>) -> bool {
    match (member, role) {
        (Some(member), Some(&role)) => member.roles.iter().any(|r| r.get() == role),
        _ => false,
    }
}

/// Whether the member may moderate games in this channel: Manage Messages
/// (Discord's moderator permission) or Manage Channels.
pub fn moderates(member: Option<&serenity::Member>) -> bool {
    member.and_then(|m| m.permissions).is_some_and(|p| p.manage_messages() || p.manage_channels())
}

/// A user named in an argument (an opponent, whose stats to show). Their
/// permissions do not matter to any command.
pub fn mentioned(user: &serenity::User) -> User {
    User { id: user.id.get(), name: user.display_name().to_string(), can_manage_channel: false }
}

/// What a button's custom id asks for; `None` for ids Rookery never sent (an
/// old message from a previous version, or a forged click). `interaction` is the
/// click's id: a button that rolls (roll again, advantage) mixes it into the roll
/// as public entropy, like `/roll` does with its interaction's id.
pub fn button_command(custom_id: &str, interaction: u64) -> Option<Command> {
    match ButtonAction::parse_custom_id(custom_id)? {
        Command::Dice(command) => Some(Command::Dice(command.with_entropy(interaction))),
        other => Some(other),
    }
}

/// `/roll`: an expression rolls table dice; no expression (or only spaces)
/// means the roll the channel's dice game is waiting for.
/// `interaction` is the id of the interaction asking for the roll: public entropy
/// nobody knew before the click (see docs/fairness.md).
pub fn roll(expression: Option<String>, sealed: Option<bool>, interaction: u64) -> Command {
    match expression.map(|e| e.trim().to_string()).filter(|e| !e.is_empty()) {
        Some(expression) => Command::Roll { expression, sealed: sealed.unwrap_or(false), entropy: Some(interaction) },
        None => Command::RollForGame,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: u64, name: &str, global_name: Option<&str>) -> serenity::User {
        let mut user = serenity::User::default();
        user.id = serenity::UserId::new(id);
        user.name = name.to_string();
        user.global_name = global_name.map(str::to_string);
        user
    }

    fn member(of: &serenity::User, nick: Option<&str>, permissions: Option<serenity::Permissions>) -> serenity::Member {
        let mut member = serenity::Member::default();
        member.user = of.clone();
        member.nick = nick.map(str::to_string);
        member.permissions = permissions;
        member
    }

    #[test]
    fn managing_is_judged_in_the_target_channel() {
        let channel = |permissions: &str| -> serenity::PartialChannel {
            serde_json::from_value(serde_json::json!({"id": "5", "type": 0, "permissions": permissions})).unwrap()
        };
        // Manage Channels is bit 4 (16), Manage Messages bit 13 (8192); 2048 is Send Messages alone.
        assert!(moderates_channel(Some(&channel("16"))));
        assert!(moderates_channel(Some(&channel("2064"))));
        assert!(moderates_channel(Some(&channel("8192"))));
        assert!(!moderates_channel(Some(&channel("2048"))));
        assert!(!moderates_channel(None));
    }

    #[test]
    fn the_configured_role_makes_a_moderator_in_its_server_only() {
        let carol = user(13, "carol", None);
        let mut with_role = member(&carol, None, Some(serenity::Permissions::SEND_MESSAGES));
        with_role.roles = vec![serenity::RoleId::new(77), serenity::RoleId::new(5)];
        assert!(has_moderator_role(Some(&with_role), Some(&77)));
        assert!(!has_moderator_role(Some(&with_role), Some(&78)));
        assert!(!has_moderator_role(Some(&with_role), None));
        assert!(!has_moderator_role(None, Some(&77)));
    }

    #[test]
    fn direct_messages_have_guild_zero() {
        let channel = serenity::ChannelId::new(7);
        assert_eq!(place(None, channel), Place { guild: 0, channel: 7 });
        assert_eq!(place(Some(serenity::GuildId::new(3)), channel), Place { guild: 3, channel: 7 });
    }

    #[test]
    fn requester_uses_guild_nick_and_manage_channels() {
        let alice = user(11, "alice", Some("Alice"));
        let moderator = member(&alice, Some("Queen A"), Some(serenity::Permissions::MANAGE_CHANNELS));
        assert_eq!(
            requester(&alice, Some(&moderator)),
            User { id: 11, name: "Queen A".into(), can_manage_channel: true }
        );

        let player = member(&alice, None, Some(serenity::Permissions::SEND_MESSAGES));
        assert_eq!(requester(&alice, Some(&player)), User { id: 11, name: "Alice".into(), can_manage_channel: false });
        assert!(!requester(&alice, Some(&member(&alice, None, None))).can_manage_channel);
    }

    #[test]
    fn requester_outside_a_guild_manages_nothing() {
        let bob = user(12, "bob", None);
        assert_eq!(requester(&bob, None), User { id: 12, name: "bob".into(), can_manage_channel: false });
        assert_eq!(mentioned(&bob), requester(&bob, None));
    }

    #[test]
    fn buttons_map_to_commands() {
        let clicked = |action, game| Some(Command::Clicked { action, game });
        assert_eq!(button_command("resign:4", 1), clicked(ButtonAction::Resign, 4));
        assert_eq!(button_command("roll:4", 1), clicked(ButtonAction::Roll, 4));
        assert_eq!(ButtonAction::Roll.command(), Command::RollForGame);
        assert_eq!(button_command("self-destruct", 1), None);
        // A button from before buttons named their game cannot be checked: refused.
        assert_eq!(button_command("resign", 1), None);
    }

    #[test]
    fn roll_again_buttons_carry_the_click_as_entropy() {
        use crate::core::{AgainMode, DiceCommand};
        let again = |mode, entropy| Some(Command::Dice(DiceCommand::Again { ledger: 3, index: 7, mode, entropy }));
        assert_eq!(button_command("roll-again:3:7", 42), again(AgainMode::Same, Some(42)));
        assert_eq!(button_command("roll-adv:3:7", 43), again(AgainMode::Advantage, Some(43)));
        assert_eq!(ButtonAction::parse_custom_id("roll-again:3:7"), again(AgainMode::Same, None));
    }

    #[test]
    fn second_roll_button() {
        assert_eq!(
            button_command("roll-second:9", 1),
            Some(Command::Clicked { action: ButtonAction::RollSecond, game: 9 })
        );
        assert_eq!(ButtonAction::RollSecond.command(), Command::RollSecondForGame);
    }

    #[test]
    fn roll_without_expression_is_the_game_roll() {
        assert_eq!(roll(None, Some(true), 1), Command::RollForGame);
        assert_eq!(roll(Some("  ".into()), None, 1), Command::RollForGame);
        assert_eq!(
            roll(Some(" 2d6+1 ".into()), None, 7),
            Command::Roll { expression: "2d6+1".into(), sealed: false, entropy: Some(7) }
        );
        assert_eq!(
            roll(Some("d20".into()), Some(true), 8),
            Command::Roll { expression: "d20".into(), sealed: true, entropy: Some(8) }
        );
    }
}
