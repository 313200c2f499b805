//! One poise function per slash command. Each only turns its typed arguments
//! into a core [`Command`]; the doc comments are the descriptions Discord shows.

use poise::serenity_prelude as serenity;
use serenity::CreateAutocompleteResponse;

use super::choices::{level_suggestions, suggestions, variants_matching, DrawChoice, Switch, TakebackChoice};
use super::{convert, respond, Context, Data, Error};
use crate::core::{Command, Request, User};

/// Every command Rookery registers with Discord.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        play(),
        accept(),
        decline(),
        r#move(),
        board(),
        abort(),
        resign(),
        draw(),
        takeback(),
        pass(),
        choose(),
        roll(),
        seed(),
        verify(),
        game(),
        games(),
        pgn(),
        replay(),
        review(),
        stats(),
        leaderboard(),
        rules(),
        help(),
        super::puzzle::puzzle(),
        super::dice::dice(),
        super::dice::alias(),
        super::tournament::tournament(),
        admin(),
        settings(),
        moves(),
    ]
}

/// Challenge someone (or anyone) to a game in this channel.
// Each argument is one of the command's options, as poise declares them.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn play(
    ctx: Context<'_>,
    #[description = "Which variant to play"]
    #[autocomplete = "complete_variant"]
    variant: String,
    #[description = "Who to challenge; anyone may accept if left out"] opponent: Option<serenity::User>,
    #[description = "Days each player has per move; a live game if left out"]
    #[min = 1]
    #[max = 30]
    move_days: Option<u32>,
    #[description = "Optional rules, e.g. dwarf_reversal for Dragonchess (see /rules)"] options: Option<String>,
    #[description = "Real-time clocks: minutes + increment seconds, e.g. 5+3"] clock: Option<String>,
    #[description = "Your seed for the game's dice ledger (dice games), mixed into every roll"]
    #[max_length = 256]
    seed: Option<String>,
    #[description = "How strongly Rookery plays, 1 to 8 (4 if left out), when you challenge Rookery itself"]
    #[autocomplete = "complete_level"]
    #[min = 1]
    #[max = 8]
    level: Option<u8>,
) -> Result<(), Error> {
    let opponent = opponent.as_ref().map(convert::mentioned);
    let play = Command::Play { variant, opponent, move_days, options, clock };
    run(ctx, play.with_level(level).with_seed(seed)).await
}

/// Accept the open challenge in this channel (the same as its Accept button).
#[poise::command(slash_command)]
pub async fn accept(
    ctx: Context<'_>,
    #[description = "Your seed for the game's dice ledger (dice games), mixed into every roll"]
    #[max_length = 256]
    seed: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::Accept.with_seed(seed)).await
}

/// Decline the challenge in this channel, or withdraw your own.
#[poise::command(slash_command)]
pub async fn decline(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Decline).await
}

/// Make your move in this channel's game.
#[poise::command(slash_command, rename = "move")]
pub async fn r#move(
    ctx: Context<'_>,
    #[description = "Your move, e.g. e4, Nf3, O-O or e7e8q"]
    #[autocomplete = "complete_move"]
    text: String,
) -> Result<(), Error> {
    run(ctx, Command::Move { text }).await
}

/// Show the current position of this channel's game.
#[poise::command(slash_command)]
pub async fn board(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Board).await
}

/// Abort this channel's game before each side has moved; it is not rated.
#[poise::command(slash_command)]
pub async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Abort).await
}

/// Resign this channel's game.
#[poise::command(slash_command)]
pub async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Resign).await
}

/// Offer, accept or decline a draw, or claim one the rules allow.
#[poise::command(slash_command)]
pub async fn draw(ctx: Context<'_>, #[description = "What to do"] action: DrawChoice) -> Result<(), Error> {
    run(ctx, Command::Draw(action.into())).await
}

/// Ask to take back your last move, or answer such a request.
#[poise::command(slash_command)]
pub async fn takeback(ctx: Context<'_>, #[description = "What to do"] action: TakebackChoice) -> Result<(), Error> {
    run(ctx, Command::Takeback(action.into())).await
}

/// Pass your turn, where your game's rules allow it (the same as the Pass button).
#[poise::command(slash_command)]
pub async fn pass(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Pass).await
}

/// Make your game's secret choice (e.g. your true king); only you see it.
#[poise::command(slash_command)]
pub async fn choose(
    ctx: Context<'_>,
    #[description = "Your choice, e.g. E or F; the channel sees only a commitment"] option: String,
) -> Result<(), Error> {
    run(ctx, Command::Choose { option }).await
}

/// Roll dice, e.g. 2d6+1; without an expression, make the roll your game is waiting for.
#[poise::command(slash_command)]
pub async fn roll(
    ctx: Context<'_>,
    #[description = "Dice to roll, e.g. d20 or 3d6+2; leave out for your game's roll"] expression: Option<String>,
    #[description = "Show the result only to you"] sealed: Option<bool>,
) -> Result<(), Error> {
    run(ctx, convert::roll(expression, sealed, ctx.interaction.id.get())).await
}

/// Add your own randomness to this channel's next dice ledger.
#[poise::command(slash_command)]
pub async fn seed(
    ctx: Context<'_>,
    #[description = "Any text; it is mixed into the seed"] text: String,
) -> Result<(), Error> {
    run(ctx, Command::Seed { text }).await
}

/// Show this channel's revealed dice ledgers, so anyone can check every roll.
#[poise::command(slash_command)]
pub async fn verify(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Verify).await
}

/// Show this channel's game: players, dice commitment, PGN and FEN.
#[poise::command(slash_command)]
pub async fn game(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Game).await
}

/// List recent finished games of this channel, or of a player in this server.
#[poise::command(slash_command)]
pub async fn games(
    ctx: Context<'_>,
    #[description = "Whose games to list; this channel's if nobody is named"] user: Option<serenity::User>,
) -> Result<(), Error> {
    run(ctx, Command::Games { user: user.as_ref().map(convert::mentioned) }).await
}

/// Get a game's PGN by its id (from /games or the game's posts).
#[poise::command(slash_command)]
pub async fn pgn(ctx: Context<'_>, #[description = "The game's id, e.g. 12"] id: String) -> Result<(), Error> {
    run(ctx, Command::Pgn { id }).await
}

/// Watch a game again as an animated GIF; this channel's last finished game by default.
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "The game's id, e.g. 12; this channel's last finished game if left out"] id: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::Replay { id }).await
}

/// Have the engine mark a finished game's inaccuracies, mistakes and blunders, with better moves.
#[poise::command(slash_command)]
pub async fn review(
    ctx: Context<'_>,
    #[description = "The game's id, e.g. 12; this channel's last finished game if left out"] id: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::Review { id }).await
}

/// Show a player's results; yours if nobody is named.
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose results to show"] user: Option<serenity::User>,
) -> Result<(), Error> {
    run(ctx, Command::Stats { user: user.as_ref().map(convert::mentioned) }).await
}

/// Show the best players of a variant.
#[poise::command(slash_command)]
pub async fn leaderboard(
    ctx: Context<'_>,
    #[description = "Which variant"]
    #[autocomplete = "complete_variant"]
    variant: String,
) -> Result<(), Error> {
    run(ctx, Command::Leaderboard { variant }).await
}

/// Explain how a variant is played.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "Which variant"]
    #[autocomplete = "complete_variant"]
    variant: String,
) -> Result<(), Error> {
    run(ctx, Command::Rules { variant }).await
}

/// How to use Rookery.
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Help).await
}

/// Moderator tools (Manage Messages, Manage Channels or the server's moderator role).
#[poise::command(slash_command, subcommands("end", "backup"), subcommand_required)]
pub async fn admin(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// End this channel's game (archived unrated) or clear its open challenge.
#[poise::command(slash_command)]
async fn end(
    ctx: Context<'_>,
    #[description = "Why, for the record"]
    #[max_length = 200]
    reason: Option<String>,
) -> Result<(), Error> {
    let interaction = ctx.interaction;
    let user = moderator(ctx);
    let request = Request {
        place: convert::place(interaction.guild_id, interaction.channel_id),
        user,
        command: Command::AdminEnd { reason },
    };
    respond::answer(&ctx.serenity_context().http, interaction.id, &interaction.token, ctx.data(), request).await
}

/// Show this channel's settings, or change them (Manage Channels).
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "on: each new game opens its own thread; off: games are played in this channel"] threads: Option<
        Switch,
    >,
) -> Result<(), Error> {
    run(ctx, Command::Settings { threads: threads.map(|t| t == Switch::On) }).await
}

/// List every move of this channel's (or thread's) game so far, for players and spectators.
#[poise::command(slash_command)]
pub async fn moves(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Moves).await
}

/// Take a verified backup of Rookery's database now.
#[poise::command(slash_command)]
async fn backup(ctx: Context<'_>) -> Result<(), Error> {
    let interaction = ctx.interaction;
    let user = moderator(ctx);
    let request = Request {
        place: convert::place(interaction.guild_id, interaction.channel_id),
        user,
        command: Command::AdminBackup,
    };
    respond::answer(&ctx.serenity_context().http, interaction.id, &interaction.token, ctx.data(), request).await
}

/// Whoever invoked `ctx`, a moderator with Manage Messages or Manage
/// Channels here, or with the server's configured moderator role.
fn moderator(ctx: Context<'_>) -> User {
    let interaction = ctx.interaction;
    let member = interaction.member.as_deref();
    let mut user = convert::requester(&interaction.user, member);
    let role = interaction.guild_id.and_then(|g| ctx.data().moderator_roles.get(&g.get()));
    user.can_manage_channel = convert::moderates(member) || convert::has_moderator_role(member, role);
    user
}

/// Runs `command` for whoever invoked `ctx` and sends the core's replies.
pub(super) async fn run(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let interaction = ctx.interaction;
    let request = Request {
        place: convert::place(interaction.guild_id, interaction.channel_id),
        user: convert::requester(&interaction.user, interaction.member.as_deref()),
        command,
    };
    respond::answer(&ctx.serenity_context().http, interaction.id, &interaction.token, ctx.data(), request).await
}

async fn complete_variant(_ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    suggestions(variants_matching(partial))
}

/// Rookery's levels, named with their rating in the variant chosen so far.
async fn complete_level(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let variant = ctx.args.iter().find(|option| option.name == "variant").and_then(|option| match option.value {
        serenity::ResolvedValue::String(text) | serenity::ResolvedValue::Autocomplete { value: text, .. } => Some(text),
        _ => None,
    });
    level_suggestions(variant.unwrap_or_default(), partial)
}

/// Legal moves from the core. Autocomplete has no error channel, so a failure
/// shows as no suggestions and is logged.
async fn complete_move(ctx: Context<'_>, partial: &str) -> CreateAutocompleteResponse {
    let place = convert::place(ctx.interaction.guild_id, ctx.interaction.channel_id);
    let user = ctx.interaction.user.id.get();
    let handler = ctx.data().handler.clone();
    let partial = partial.to_string();
    let moves = tokio::task::spawn_blocking(move || handler.complete_move(place, user, &partial)).await;
    let moves = moves.unwrap_or_else(|error| {
        tracing::error!(%error, "move completion failed");
        Vec::new()
    });
    suggestions(moves)
}
