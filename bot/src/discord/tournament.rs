//! `/tournament` and its subcommands: Swiss and Arena events run by the bot.
//! `create` is a group (`/tournament create swiss …`, `/tournament create
//! arena …`), since the two formats take different arguments.

use poise::serenity_prelude as serenity;
use serenity::CreateAutocompleteResponse;

use super::choices::{suggestions, variants_matching};
use super::{convert, respond, Context, Error};
use crate::core::{Command, Request, TournamentCommand, User};

/// Swiss and Arena tournaments, paired and run by Rookery.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "create", "join", "leave", "start", "pause", "resume", "remove", "result", "end", "me", "list", "show",
        "export"
    ),
    subcommand_required
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a tournament in this channel.
#[poise::command(slash_command, subcommands("swiss", "arena"), subcommand_required)]
async fn create(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// A Swiss: everyone plays every round, paired by score (FIDE Dutch system).
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
async fn swiss(
    ctx: Context<'_>,
    #[description = "The tournament's name"]
    #[max_length = 50]
    name: String,
    #[description = "Which game is played"]
    #[autocomplete = "complete_game"]
    game: String,
    #[description = "How many rounds"]
    #[min = 1]
    #[max = 20]
    rounds: u32,
    #[description = "Real-time clocks: minutes + increment seconds, e.g. 10+5"] clock: Option<String>,
    #[description = "Correspondence: days per move instead of a clock"]
    #[min = 1]
    #[max = 30]
    days: Option<u32>,
    #[description = "When it starts by itself: 30m, 2h or a UTC time like 18:30 (else the organiser starts it)"]
    starts: Option<String>,
    #[description = "What a late entrant scores for each round missed (default: zero)"] late: Option<LateScore>,
    #[description = "Minutes a paired player has for a first move before forfeiting (default: 5, or a day)"]
    #[min = 1]
    #[max = 10080]
    wait: Option<u32>,
) -> Result<(), Error> {
    let late_half_point = matches!(late, Some(LateScore::Half));
    let command = TournamentCommand::CreateSwiss {
        name,
        game,
        rounds,
        clock,
        move_days: days,
        starts,
        late_half_point,
        no_show_minutes: wait,
    };
    run(ctx, command).await
}

/// What a Swiss's late entrant scores for the rounds before they joined.
#[derive(Debug, Clone, Copy, poise::ChoiceParameter)]
pub enum LateScore {
    #[name = "zero"]
    Zero,
    #[name = "half"]
    Half,
}

/// An Arena: for a set time, whoever finishes a game is paired again soon.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
async fn arena(
    ctx: Context<'_>,
    #[description = "The tournament's name"]
    #[max_length = 50]
    name: String,
    #[description = "Which game is played"]
    #[autocomplete = "complete_game"]
    game: String,
    #[description = "How long it lasts, in minutes (up to 1440 on a clock, 43200 by days per move)"]
    #[min = 10]
    #[max = 43200]
    minutes: u32,
    #[description = "Real-time clocks: minutes + increment seconds, e.g. 3+2"] clock: Option<String>,
    #[description = "Correspondence: days per move instead of a clock"]
    #[min = 1]
    #[max = 30]
    days: Option<u32>,
    #[description = "When it starts by itself: 30m, 2h or a UTC time like 18:30 (else the organiser starts it)"]
    starts: Option<String>,
    #[description = "Whether players may berserk: half the clock for an extra point on a win (default: yes)"]
    berserk: Option<bool>,
    #[description = "Minutes a paired player has for a first move before forfeiting (default: 5)"]
    #[min = 1]
    #[max = 10080]
    wait: Option<u32>,
) -> Result<(), Error> {
    let berserk = berserk.unwrap_or(true);
    let command = TournamentCommand::CreateArena {
        name,
        game,
        minutes,
        clock,
        move_days: days,
        starts,
        berserk,
        no_show_minutes: wait,
    };
    run(ctx, command).await
}

/// Join a tournament (the same as the Join button on its post).
#[poise::command(slash_command)]
async fn join(ctx: Context<'_>, #[description = "The tournament's number"] id: u64) -> Result<(), Error> {
    run(ctx, TournamentCommand::Join { event: id }).await
}

/// Leave a tournament; after its start your games so far still count.
#[poise::command(slash_command)]
async fn leave(ctx: Context<'_>, #[description = "The tournament's number"] id: u64) -> Result<(), Error> {
    run(ctx, TournamentCommand::Leave { event: id }).await
}

/// Start a tournament now (its organiser or a moderator).
#[poise::command(slash_command)]
async fn start(ctx: Context<'_>, #[description = "The tournament's number"] id: u64) -> Result<(), Error> {
    run(ctx, TournamentCommand::Start { event: id }).await
}

/// Pause a tournament: games go on, nobody is paired (organiser or moderator).
#[poise::command(slash_command)]
async fn pause(ctx: Context<'_>, #[description = "The tournament's number"] id: u64) -> Result<(), Error> {
    run(ctx, TournamentCommand::Pause { event: id }).await
}

/// Resume a paused tournament (organiser or moderator).
#[poise::command(slash_command)]
async fn resume(ctx: Context<'_>, #[description = "The tournament's number"] id: u64) -> Result<(), Error> {
    run(ctx, TournamentCommand::Resume { event: id }).await
}

/// Take a player out of a tournament (organiser or moderator).
#[poise::command(slash_command)]
async fn remove(
    ctx: Context<'_>,
    #[description = "The tournament's number"] id: u64,
    #[description = "Who to take out"] player: serenity::User,
) -> Result<(), Error> {
    run(ctx, TournamentCommand::Remove { event: id, player: convert::mentioned(&player) }).await
}

/// Set a game's result by hand (organiser or moderator); it is recorded with your name.
#[poise::command(slash_command)]
async fn result(
    ctx: Context<'_>,
    #[description = "The tournament's number"] id: u64,
    #[description = "The round (an Arena: the game's number)"]
    #[min = 1]
    round: u32,
    #[description = "The board (1 in an Arena)"]
    #[min = 1]
    board: u32,
    #[description = "1-0, 0-1, 1/2-1/2, or +/-, -/+, -/- for forfeits"] result: String,
) -> Result<(), Error> {
    run(ctx, TournamentCommand::SetResult { event: id, round, board, result }).await
}

/// End a tournament now, with its final standings (organiser or moderator).
#[poise::command(slash_command)]
async fn end(ctx: Context<'_>, #[description = "The tournament's number"] id: u64) -> Result<(), Error> {
    run(ctx, TournamentCommand::End { event: id }).await
}

/// Your game in progress, or what you are waiting for, in this server's tournaments.
#[poise::command(slash_command)]
async fn me(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::Me).await
}

/// This server's tournaments.
#[poise::command(slash_command)]
async fn list(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, TournamentCommand::List).await
}

/// A tournament and its standings.
#[poise::command(slash_command)]
async fn show(ctx: Context<'_>, #[description = "The tournament's number"] id: u64) -> Result<(), Error> {
    run(ctx, TournamentCommand::Show { event: id }).await
}

/// A Swiss tournament as a FIDE TRF file, at any time.
#[poise::command(slash_command)]
async fn export(ctx: Context<'_>, #[description = "The tournament's number"] id: u64) -> Result<(), Error> {
    run(ctx, TournamentCommand::Export { event: id }).await
}

/// Whoever invoked `ctx`; an organiser's powers go with Manage Events,
/// Manage Messages, Manage Channels or the server's moderator role.
fn requester(ctx: Context<'_>) -> User {
    let interaction = ctx.interaction;
    let member = interaction.member.as_deref();
    let mut user = convert::requester(&interaction.user, member);
    let role = interaction.guild_id.and_then(|g| ctx.data().moderator_roles.get(&g.get()));
    let manages_events = member.and_then(|m| m.permissions).is_some_and(|p| p.manage_events());
    user.can_manage_channel = manages_events || convert::moderates(member) || convert::has_moderator_role(member, role);
    user
}

async fn run(ctx: Context<'_>, command: TournamentCommand) -> Result<(), Error> {
    let interaction = ctx.interaction;
    let request = Request {
        place: convert::place(interaction.guild_id, interaction.channel_id),
        user: requester(ctx),
        command: Command::Tournament(command),
    };
    respond::answer(&ctx.serenity_context().http, interaction.id, &interaction.token, ctx.data(), request).await
}

async fn complete_game(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggestions(variants_matching(partial))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{system_clock, Core, Handler, Place};

    #[test]
    fn help_names_every_tournament_subcommand_in_messages_discord_takes() {
        let dir = tempfile::tempdir().unwrap();
        let core = Core::new(rookery_storage::Storage::open(dir.path()).unwrap(), system_clock());
        let user = User { id: 1, name: "alice".into(), can_manage_channel: false };
        let help = core.handle(Request { place: Place { guild: 1, channel: 2 }, user, command: Command::Help });
        assert!(help.iter().all(|r| r.ephemeral && r.text.chars().count() <= 2000), "{help:?}");
        let text: Vec<&str> = help.iter().flat_map(|r| r.text.lines()).filter(|l| l.contains("/tournament")).collect();
        let words: Vec<&str> = text.iter().flat_map(|l| l.split(|c: char| !c.is_ascii_alphanumeric())).collect();
        let command = tournament();
        for sub in &command.subcommands {
            assert!(words.contains(&&*sub.name), "/tournament {} is not in the help: {text:?}", sub.name);
            for leaf in &sub.subcommands {
                let path = format!("/tournament {} {}", sub.name, leaf.name);
                assert!(text.iter().any(|l| l.contains(&path)), "{path} is not in the help: {text:?}");
            }
        }
    }
}
