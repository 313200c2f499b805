//! Button clicks. poise dispatches only commands and autocomplete, so clicks
//! arrive here through the framework's event handler.

use poise::serenity_prelude as serenity;
use poise::BoxFuture;
use serenity::{Builder, ComponentInteraction, CreateInteractionResponse, FullEvent, Interaction};

use super::retry::when_rate_limited;
use super::{convert, reply, respond, Data, Error};
use crate::core::{Command, Request, TournamentCommand};

const UNKNOWN_BUTTON: &str = "That button no longer does anything. Try the slash commands, or `/help`.";

/// poise's `event_handler`: answers every button click, ignores other events.
pub fn on_event<'a>(
    framework: poise::FrameworkContext<'a, Data, Error>,
    event: &'a FullEvent,
) -> BoxFuture<'a, Result<(), Error>> {
    Box::pin(async move {
        if let FullEvent::InteractionCreate { interaction: Interaction::Component(click) } = event {
            clicked(&framework.serenity_context.http, framework.user_data, click).await?;
        }
        Ok(())
    })
}

async fn clicked(http: &serenity::Http, data: &Data, click: &ComponentInteraction) -> Result<(), Error> {
    let Some(command) = convert::button_command(&click.data.custom_id, click.id.get()) else {
        tracing::info!(custom_id = %click.data.custom_id, "click on a button Rookery does not know");
        return respond::private_error(http, click.id, &click.token, UNKNOWN_BUTTON).await;
    };
    let request = Request {
        place: convert::place(click.guild_id, click.channel_id),
        user: convert::requester(&click.user, click.member.as_ref()),
        command,
    };
    if matches!(request.command, Command::Tournament(TournamentCommand::Join { .. } | TournamentCommand::Leave { .. }))
    {
        return update_event_post(http, data, click, request).await;
    }
    respond::answer(http, click.id, &click.token, data, request).await
}

/// A Join or Leave click edits the event post it is on, so the post always
/// shows who is in; a refusal goes to the clicker alone.
async fn update_event_post(
    http: &serenity::Http,
    data: &Data,
    click: &ComponentInteraction,
    request: Request,
) -> Result<(), Error> {
    // Counted in flight, as every answer is, so a graceful stop waits for it.
    let Some(_working) = data.in_flight.start() else {
        return respond::private_error(http, click.id, &click.token, UNKNOWN_BUTTON).await;
    };
    let handler = data.handler.clone();
    let replies = tokio::task::spawn_blocking(move || handler.handle(request)).await?;
    let Some(first) = replies.into_iter().next() else { return Ok(()) };
    let response = if first.ephemeral {
        CreateInteractionResponse::Message(reply::response(first))
    } else {
        CreateInteractionResponse::UpdateMessage(reply::response(first))
    };
    when_rate_limited(|| response.clone().execute(http, (click.id, &click.token))).await?;
    Ok(())
}
