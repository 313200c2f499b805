//! `/dice` (the server's notation dialect, the roll history) and `/alias` (saved rolls).

use poise::serenity_prelude as serenity;

use super::commands::run;
use super::{convert, Context, Error};
use crate::core::{AliasCommand, AliasScope, Command, DiceCommand, StatsPeriod};

/// Dice settings and history for this channel.
#[poise::command(slash_command, subcommands("dialect", "history", "stats"), subcommand_required)]
pub async fn dice(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Show, or (with Manage Channels) set, whose dice notation /roll reads here.
#[poise::command(slash_command)]
async fn dialect(
    ctx: Context<'_>,
    #[description = "rookery (default), avrae or maiden"] name: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::Dice(DiceCommand::Dialect { name })).await
}

/// The latest rolls in this channel today, with their proof numbers.
#[poise::command(slash_command)]
async fn history(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Dice(DiceCommand::History)).await
}

/// How far back `/dice stats` looks.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Period {
    #[name = "today"]
    Day,
    #[name = "last 7 days"]
    Week,
    #[name = "all time"]
    AllTime,
}

/// Counts per face, the mean, a chi-square test and a histogram of this channel's dice.
#[poise::command(slash_command)]
async fn stats(
    ctx: Context<'_>,
    #[description = "Only this person's rolls"] user: Option<serenity::User>,
    // A die has at least one side, and at most rookery_dice::MAX_SIDES.
    #[description = "Which die, by sides, e.g. 20 (default: the most rolled)"]
    #[min = 1]
    #[max = 1000000]
    die: Option<u32>,
    #[description = "How far back (default: all time)"] period: Option<Period>,
) -> Result<(), Error> {
    let period = match period {
        Some(Period::Day) => StatsPeriod::Day,
        Some(Period::Week) => StatsPeriod::Week,
        Some(Period::AllTime) | None => StatsPeriod::AllTime,
    };
    let user = user.as_ref().map(convert::mentioned);
    run(ctx, Command::Dice(DiceCommand::Stats { user, die, period })).await
}

/// Which saved rolls: yours, this channel's or this server's.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum Level {
    #[name = "mine"]
    User,
    #[name = "this channel"]
    Channel,
    #[name = "this server"]
    Server,
}

impl From<Option<Level>> for AliasScope {
    fn from(level: Option<Level>) -> AliasScope {
        match level {
            None | Some(Level::User) => AliasScope::User,
            Some(Level::Channel) => AliasScope::Channel,
            Some(Level::Server) => AliasScope::Server,
        }
    }
}

/// Saved rolls: save a roll under a name, then /roll NAME.
#[poise::command(slash_command, subcommands("set", "remove", "list", "export", "import"), subcommand_required)]
pub async fn alias(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Save a roll under a name (channel and server levels need Manage Channels).
#[poise::command(slash_command)]
async fn set(
    ctx: Context<'_>,
    #[description = "The name, e.g. attack"] name: String,
    #[description = "The roll, e.g. 1d20+7 # longsword; 1d8+4 # damage"] roll: String,
    #[description = "Whose saved roll (default: mine)"] level: Option<Level>,
) -> Result<(), Error> {
    run(ctx, Command::Dice(DiceCommand::Alias(AliasCommand::Set { scope: level.into(), name, roll }))).await
}

/// Remove a saved roll.
#[poise::command(slash_command)]
async fn remove(
    ctx: Context<'_>,
    #[description = "The name"] name: String,
    #[description = "Whose saved roll (default: mine)"] level: Option<Level>,
) -> Result<(), Error> {
    run(ctx, Command::Dice(DiceCommand::Alias(AliasCommand::Remove { scope: level.into(), name }))).await
}

/// List the saved rolls you can use here.
#[poise::command(slash_command)]
async fn list(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Dice(DiceCommand::Alias(AliasCommand::List))).await
}

/// Your saved rolls and this channel's and server's, as a file.
#[poise::command(slash_command)]
async fn export(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Dice(DiceCommand::Alias(AliasCommand::Export))).await
}

/// Import saved rolls: lines of `name = roll`.
#[poise::command(slash_command)]
async fn import(
    ctx: Context<'_>,
    #[description = "Lines of name = roll, as /alias export writes them"] text: String,
    #[description = "Whose saved rolls (default: mine)"] level: Option<Level>,
) -> Result<(), Error> {
    run(ctx, Command::Dice(DiceCommand::Alias(AliasCommand::Import { scope: level.into(), text }))).await
}
