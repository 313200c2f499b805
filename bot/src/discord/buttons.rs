//! Button clicks. poise dispatches only commands and autocomplete, so clicks
//! arrive here through the framework's event handler.

use poise::serenity_prelude as serenity;
use poise::BoxFuture;
use serenity::{ComponentInteraction, FullEvent, Interaction};

use super::{convert, respond, Data, Error};
use crate::core::Request;

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
    respond::answer(http, click.id, &click.token, data, request).await
}
