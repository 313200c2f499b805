//! `/puzzle` and its subcommands. Discord does not let a command with
//! subcommands run by itself, so today's puzzle is `/puzzle today`.

use poise::serenity_prelude as serenity;
use serenity::CreateAutocompleteResponse;

use super::choices::{suggestions, variants_matching, SUGGESTIONS_MAX};
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
    #[description = "When, in the server's time zone: HH:MM, e.g. 09:00; `off` stops the posts"] time: String,
    #[description = "Games taking turns by day, e.g. chess,dragonchess (default: every game with puzzles)"]
    #[autocomplete = "complete_rotation"]
    variants: Option<String>,
    #[description = "The server's time zone, e.g. Europe/Berlin (default: as set before, else UTC)"]
    #[autocomplete = "complete_time_zone"]
    time_zone: Option<String>,
) -> Result<(), Error> {
    let rotation = variants.unwrap_or_default();
    let time_zone = time_zone.unwrap_or_default();
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
        command: Command::Puzzle(PuzzleCommand::Schedule { channel: channel.get(), time, rotation, time_zone }),
    };
    respond::answer(&ctx.serenity_context().http, interaction.id, &interaction.token, ctx.data(), request).await
}

/// Completes a game's name.
async fn complete_game(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggestions(variants_matching(partial))
}

/// Completes the last variant of a comma-separated rotation.
async fn complete_rotation(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggestions(rotation_choices(partial))
}

/// Completes an IANA time zone name.
async fn complete_time_zone(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggestions(time_zones_matching(partial))
}

/// The rotation typed so far with its last variant completed. The whole
/// rotation is the option's value, so one too long for Discord is left out
/// by [`suggestions`].
fn rotation_choices(partial: &str) -> Vec<String> {
    let (done, last) = partial.rsplit_once(',').map_or(("", partial), |(done, last)| (done, last));
    variants_matching(last)
        .into_iter()
        .map(|name| if done.is_empty() { name.to_string() } else { format!("{done},{name}") })
        .collect()
}

/// Time zone names containing `partial` (`berlin`, `Europe/`), names
/// starting with it first.
fn time_zones_matching(partial: &str) -> Vec<&'static str> {
    let wanted = partial.trim().replace(' ', "_").to_ascii_lowercase();
    let mut names: Vec<&'static str> = chrono_tz::TZ_VARIANTS
        .iter()
        .map(|zone| zone.name())
        .filter(|name| name.to_ascii_lowercase().contains(&wanted))
        .collect();
    names.sort_by_key(|name| !name.to_ascii_lowercase().starts_with(&wanted));
    names.truncate(SUGGESTIONS_MAX);
    names
}

#[cfg(test)]
mod tests {
    use super::super::choices::SUGGESTION_LEN_MAX;
    use super::*;

    /// The names offered for a rotation typed so far, as Discord gets them.
    fn offered(partial: &str) -> Vec<String> {
        let answer = serde_json::to_value(complete(partial)).unwrap();
        let choices = answer["choices"].as_array().unwrap();
        choices.iter().map(|choice| choice["value"].as_str().unwrap().to_string()).collect()
    }

    fn complete(partial: &str) -> CreateAutocompleteResponse {
        suggestions(rotation_choices(partial))
    }

    #[test]
    fn rotation_choices_stay_within_discords_limits() {
        assert_eq!(offered("chess,dr"), ["chess,dragonchess"]);
        assert_eq!(offered("").len(), 6);
        // 85 typed characters and `ragonchess` or `icelanding` make 95: offered.
        let fits = offered(&format!("{}d", "chess,".repeat(14)));
        assert_eq!(fits.len(), 2, "{fits:?}");
        assert!(fits.iter().all(|c| c.chars().count() <= SUGGESTION_LEN_MAX), "{fits:?}");
        // The 97 typed characters: every completion would be 107, so none is offered.
        assert!(offered(&format!("{}d", "chess,".repeat(16))).is_empty());
    }

    #[test]
    fn time_zones_complete_by_city_or_region() {
        assert_eq!(time_zones_matching("berlin"), ["Europe/Berlin"]);
        assert!(time_zones_matching("new york").contains(&"America/New_York"));
        let europe = time_zones_matching("Europe/");
        assert_eq!(europe.len(), SUGGESTIONS_MAX);
        assert!(europe.iter().all(|name| name.starts_with("Europe/")), "{europe:?}");
        assert!(time_zones_matching("").len() <= SUGGESTIONS_MAX);
    }
}
