//! `/puzzle` and its subcommands. Discord does not let a command with
//! subcommands run by itself, so today's puzzle is `/puzzle today`.

use poise::serenity_prelude as serenity;
use serenity::{AutocompleteChoice, CreateAutocompleteResponse};

use super::choices::variants_matching;
use super::commands::run;
use super::{convert, respond, Context, Error};
use crate::core::{Command, HintOf, PuzzleCommand, Request};

/// The daily mate puzzle.
#[poise::command(
    slash_command,
    subcommands("today", "solve", "random", "hint", "stats", "leaderboard", "schedule"),
    subcommand_required
)]
pub async fn puzzle(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Show today's puzzle.
#[poise::command(slash_command)]
async fn today(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Puzzle(PuzzleCommand::Today)).await
}

/// Answer your practice puzzle, or today's; only you see whether you are right.
#[poise::command(slash_command)]
async fn solve(
    ctx: Context<'_>,
    #[description = "Your moves, e.g. Qxh7+ Rh3# (the replies may be left out)"] moves: String,
    #[description = "Answer today's puzzle even while a practice puzzle is open"] daily: Option<bool>,
) -> Result<(), Error> {
    let command = match daily {
        Some(true) => PuzzleCommand::SolveToday { moves },
        _ => PuzzleCommand::Solve { moves },
    };
    run(ctx, Command::Puzzle(command)).await
}

/// A practice puzzle near your rating, only for you.
#[poise::command(slash_command)]
async fn random(
    ctx: Context<'_>,
    #[description = "Which game (any game if left out)"]
    #[autocomplete = "complete_game"]
    game: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::Puzzle(PuzzleCommand::Random { variant: game })).await
}

/// Which piece moves first in your practice puzzle, or today's (costs the streak bonus).
#[poise::command(slash_command)]
async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Puzzle(PuzzleCommand::Hint { of: HintOf::Open })).await
}

/// Puzzle ratings per game, streak and solves; yours if nobody is named.
#[poise::command(slash_command)]
async fn stats(
    ctx: Context<'_>,
    #[description = "Whose puzzle results to show"] user: Option<serenity::User>,
) -> Result<(), Error> {
    run(ctx, Command::Puzzle(PuzzleCommand::Stats { user: user.as_ref().map(convert::mentioned) })).await
}

/// The best daily-puzzle streaks in this server, with puzzle ratings.
#[poise::command(slash_command)]
async fn leaderboard(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Puzzle(PuzzleCommand::Leaderboard)).await
}

/// Post the daily puzzle in a channel at a time of day (needs Manage Channels).
#[poise::command(slash_command)]
async fn schedule(
    ctx: Context<'_>,
    #[description = "Where to post it"]
    #[channel_types("Text", "News")]
    channel: serenity::ChannelId,
    #[description = "When, in UTC: HH:MM, e.g. 09:00; `off` stops the posts"] time: String,
    #[description = "Variants taking turns by day, e.g. chess,dragonchess (default chess)"]
    #[autocomplete = "complete_rotation"]
    variants: Option<String>,
) -> Result<(), Error> {
    let rotation = variants.unwrap_or_default();
    let interaction = ctx.interaction;
    let mut user = convert::requester(&interaction.user, interaction.member.as_deref());
    // The posts go to `channel`, so the permission that counts is the one
    // there, not where the command was typed: Discord resolves it with the option.
    // The server's moderator role counts everywhere.
    let member = interaction.member.as_deref();
    let role = interaction.guild_id.and_then(|g| ctx.data().moderator_roles.get(&g.get()));
    user.can_manage_channel = convert::moderates_channel(interaction.data.resolved.channels.get(&channel))
        || convert::has_moderator_role(member, role);
    let request = Request {
        place: convert::place(interaction.guild_id, interaction.channel_id),
        user,
        command: Command::Puzzle(PuzzleCommand::Schedule { channel: channel.get(), time, rotation }),
    };
    respond::answer(&ctx.serenity_context().http, interaction.id, &interaction.token, ctx.data(), request).await
}

/// Completes a game's name.
async fn complete_game(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let choices = variants_matching(partial).into_iter().map(AutocompleteChoice::from).collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}

/// Completes the last variant of a comma-separated rotation.
async fn complete_rotation(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let (done, last) = partial.rsplit_once(',').map_or(("", partial), |(done, last)| (done, last));
    let choices = variants_matching(last)
        .into_iter()
        .map(|name| {
            let full = if done.is_empty() { name.to_string() } else { format!("{done},{name}") };
            AutocompleteChoice::new(full.clone(), full)
        })
        .collect();
    CreateAutocompleteResponse::new().set_choices(choices)
}
