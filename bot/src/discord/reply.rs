//! A core [`Reply`] as a Discord message: text as content, fields and the board
//! picture in one embed, buttons in rows. Pure builders, so the mapping is
//! unit-tested by serialising them to the JSON serenity would send.

use poise::serenity_prelude as serenity;
use serenity::{
    CreateActionRow, CreateAttachment, CreateButton, CreateEmbed, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse,
};

use crate::core::{Attachment, Button, ButtonStyle, Reply};

/// Discord rejects longer content outright (serenity checks before sending),
/// so a long text is cut rather than lost.
const CONTENT_MAX: usize = 2000;
const FIELD_NAME_MAX: usize = 256;
const FIELD_VALUE_MAX: usize = 1024;
/// Values up to this many characters sit side by side (players, clocks);
/// longer ones (move lists) get the full width.
const INLINE_MAX: usize = 32;
/// What Discord accepts in one message's attachments without a server boost
/// (10 MiB); a message over it is refused whole, so files that would pass it
/// are left out and the text says so.
const ATTACHMENTS_MAX: usize = 10 << 20;
/// Discord allows five rows of five buttons.
const BUTTONS_PER_ROW: usize = 5;
const ROWS_MAX: usize = 5;

/// The same message, as whichever builder the interaction needs.
struct Message {
    content: Option<String>,
    embed: Option<CreateEmbed>,
    files: Vec<CreateAttachment>,
    rows: Vec<CreateActionRow>,
    ephemeral: bool,
}

/// The first reply: the answer to the interaction itself.
pub fn response(reply: Reply) -> CreateInteractionResponseMessage {
    let message = message(reply);
    let mut builder = CreateInteractionResponseMessage::new()
        .add_files(message.files)
        .components(message.rows)
        .ephemeral(message.ephemeral);
    if let Some(content) = message.content {
        builder = builder.content(content);
    }
    if let Some(embed) = message.embed {
        builder = builder.embed(embed);
    }
    builder
}

/// Any further reply: a follow-up message on the same interaction.
pub fn followup(reply: Reply) -> CreateInteractionResponseFollowup {
    let message = message(reply);
    let mut builder = CreateInteractionResponseFollowup::new()
        .add_files(message.files)
        .components(message.rows)
        .ephemeral(message.ephemeral);
    if let Some(content) = message.content {
        builder = builder.content(content);
    }
    if let Some(embed) = message.embed {
        builder = builder.embed(embed);
    }
    builder
}

/// The first reply after a deferred answer: it replaces "Rookery is
/// thinking…". An edit cannot change who sees the message, so the caller
/// sends private replies as follow-ups instead.
pub fn edit(reply: Reply) -> EditInteractionResponse {
    let message = message(reply);
    let mut builder = EditInteractionResponse::new().components(message.rows);
    for file in message.files {
        builder = builder.new_attachment(file);
    }
    if let Some(content) = message.content {
        builder = builder.content(content);
    }
    if let Some(embed) = message.embed {
        builder = builder.embed(embed);
    }
    builder
}

/// A friendly private answer for failures the core never saw.
pub fn private_error(text: &str) -> CreateInteractionResponseMessage {
    response(Reply::private(text))
}

/// A message posted in a channel on the bot's own initiative (a reminder, a
/// forfeit), with the same content mapping as answers.
pub fn channel_message(reply: Reply) -> serenity::CreateMessage {
    let Message { content, embed, files, rows, .. } = message(reply);
    let mut out = serenity::CreateMessage::new().components(rows).add_files(files);
    if let Some(content) = content {
        out = out.content(content);
    }
    if let Some(embed) = embed {
        out = out.embed(embed);
    }
    out
}

/// A bot's own message edited to show `reply` instead: its files replace
/// the message's attachments.
pub fn message_edit(reply: Reply) -> serenity::EditMessage {
    let Message { content, embed, files, rows, .. } = message(reply);
    let mut attachments = serenity::EditAttachments::new();
    for file in files {
        attachments = attachments.add(file);
    }
    let out = serenity::EditMessage::new().components(rows).attachments(attachments);
    let out = out.content(content.unwrap_or_default());
    out.embeds(embed.into_iter().collect())
}

fn message(reply: Reply) -> Message {
    let Reply { mut text, fields, image, files, buttons, ephemeral, .. } = reply;
    let (image, files, left_out) = within_attachment_limit(image, files);
    if !left_out.is_empty() {
        tracing::warn!(?left_out, "attachments over Discord's size limit were left out");
        // The note goes first, so cutting a long text cannot lose it.
        let note = format!("({} too large for Discord, left out.)", left_out.join(", "));
        text = if text.is_empty() { note } else { format!("{note}\n{text}") };
    }
    let content = (!text.is_empty()).then(|| truncate(&text, CONTENT_MAX));

    let mut embed = None;
    if !fields.is_empty() || image.is_some() {
        let mut e = CreateEmbed::new();
        for (name, value) in &fields {
            let inline = value.chars().count() <= INLINE_MAX;
            e = e.field(truncate(name, FIELD_NAME_MAX), truncate(value, FIELD_VALUE_MAX), inline);
        }
        if let Some(image) = &image {
            e = e.image(format!("attachment://{}", image.name));
        }
        embed = Some(e);
    }

    let files = image.into_iter().chain(files).map(|f| CreateAttachment::bytes(f.bytes, f.name)).collect();
    Message { content, embed, files, rows: rows(&buttons), ephemeral }
}

/// The board picture and files that fit in [`ATTACHMENTS_MAX`] together, the
/// picture first, and the names of those left out.
fn within_attachment_limit(
    image: Option<Attachment>,
    files: Vec<Attachment>,
) -> (Option<Attachment>, Vec<Attachment>, Vec<String>) {
    let mut total = 0;
    let mut left_out = Vec::new();
    let mut fits = |file: Attachment| {
        if total + file.bytes.len() <= ATTACHMENTS_MAX {
            total += file.bytes.len();
            Some(file)
        } else {
            left_out.push(file.name);
            None
        }
    };
    let image = image.and_then(&mut fits);
    let files = files.into_iter().filter_map(&mut fits).collect();
    (image, files, left_out)
}

fn rows(buttons: &[Button]) -> Vec<CreateActionRow> {
    if buttons.len() > BUTTONS_PER_ROW * ROWS_MAX {
        tracing::warn!(count = buttons.len(), "reply has more buttons than Discord shows; dropping the rest");
    }
    buttons
        .chunks(BUTTONS_PER_ROW)
        .take(ROWS_MAX)
        .map(|row| CreateActionRow::Buttons(row.iter().map(button).collect()))
        .collect()
}

fn button(button: &Button) -> CreateButton {
    let style = match button.style {
        ButtonStyle::Primary => serenity::ButtonStyle::Primary,
        ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
        ButtonStyle::Success => serenity::ButtonStyle::Success,
        ButtonStyle::Danger => serenity::ButtonStyle::Danger,
    };
    CreateButton::new(button.custom_id()).label(&button.label).style(style)
}

/// `text` cut to at most `max` characters, ending in an ellipsis when cut.
fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;
    use crate::core::ButtonAction;

    fn board_reply() -> Reply {
        Reply {
            text: "Alice played e4".into(),
            fields: vec![("White".into(), "Alice".into()), ("Moves".into(), "1. e4 ".repeat(10))],
            image: Some(Attachment { name: "board.png".into(), bytes: vec![0x89, b'P', b'N', b'G'] }),
            files: vec![Attachment { name: "game.pgn".into(), bytes: b"1. e4 *".to_vec() }],
            buttons: vec![
                Button::new(ButtonAction::OfferDraw, "Offer draw", ButtonStyle::Secondary),
                Button::new(ButtonAction::Resign, "Resign", ButtonStyle::Danger),
            ],
            ephemeral: false,
            picture: None,
            thread: None,
            replay: None,
            scheduled: None,
            event_post: None,
        }
    }

    fn to_json(builder: impl serde::Serialize) -> Value {
        serde_json::to_value(builder).expect("builders serialise")
    }

    #[test]
    fn board_reply_shows_image_in_embed_and_attaches_both_files() {
        let json = to_json(response(board_reply()));
        assert_eq!(json["content"], "Alice played e4");
        let embed = &json["embeds"][0];
        assert_eq!(embed["image"]["url"], "attachment://board.png");
        assert_eq!(embed["fields"][0], json!({"name": "White", "value": "Alice", "inline": true}));
        assert_eq!(embed["fields"][1]["inline"], false);
        let names: Vec<_> = json["attachments"].as_array().unwrap().iter().map(|a| a["filename"].clone()).collect();
        assert_eq!(names, ["board.png", "game.pgn"]);
        assert!(json.get("flags").is_none() || json["flags"] == 0);
    }

    #[test]
    fn buttons_carry_action_ids_and_styles() {
        let json = to_json(response(board_reply()));
        let row = &json["components"][0];
        assert_eq!(row["type"], 1);
        assert_eq!(row["components"][0]["custom_id"], "draw-offer");
        assert_eq!(row["components"][0]["style"], 2);
        assert_eq!(row["components"][1]["custom_id"], "resign");
        assert_eq!(row["components"][1]["style"], 4);
        assert_eq!(row["components"][1]["label"], "Resign");
    }

    #[test]
    fn buttons_wrap_five_to_a_row_and_at_most_five_rows() {
        let many = vec![Button::new(ButtonAction::Roll, "Roll", ButtonStyle::Primary); 27];
        let rows = to_json(rows(&many));
        let sizes: Vec<_> =
            rows.as_array().unwrap().iter().map(|r| r["components"].as_array().unwrap().len()).collect();
        assert_eq!(sizes, [5, 5, 5, 5, 5]);
    }

    #[test]
    fn private_replies_are_ephemeral_both_ways() {
        assert_eq!(to_json(response(Reply::private("Not your turn")))["flags"], 64);
        assert_eq!(to_json(followup(Reply::private("Your sealed roll: 4")))["flags"], 64);
        assert_eq!(to_json(private_error("Unknown button"))["flags"], 64);
    }

    #[test]
    fn edits_carry_the_board_too() {
        let json = to_json(edit(board_reply()));
        assert_eq!(json["content"], "Alice played e4");
        assert_eq!(json["embeds"][0]["image"]["url"], "attachment://board.png");
        assert_eq!(json["attachments"][0]["filename"], "board.png");
        assert_eq!(json["components"][0]["components"][1]["custom_id"], "resign");
    }

    #[test]
    fn an_edited_post_replaces_its_text_picture_and_buttons() {
        let json = to_json(message_edit(board_reply()));
        assert_eq!(json["content"], "Alice played e4");
        assert_eq!(json["embeds"][0]["image"]["url"], "attachment://board.png");
        let names: Vec<_> = json["attachments"].as_array().unwrap().iter().map(|a| a["filename"].clone()).collect();
        assert_eq!(names, ["board.png", "game.pgn"], "the new files only: the old picture goes");
        assert_eq!(json["components"][0]["components"][1]["custom_id"], "resign");
        let plain = to_json(message_edit(Reply::text("Over")));
        assert_eq!((&plain["embeds"], &plain["components"]), (&json!([]), &json!([])), "no stale embed or buttons");
    }

    #[test]
    fn plain_text_has_no_embed() {
        let json = to_json(followup(Reply::text("Game over")));
        assert_eq!(json["content"], "Game over");
        assert_eq!(json["embeds"], json!([]));
        assert_eq!(json["attachments"], json!([]));
    }

    #[test]
    fn long_text_is_cut_to_discord_limits() {
        let json = to_json(response(Reply::text("é".repeat(CONTENT_MAX + 10))));
        let content = json["content"].as_str().unwrap();
        assert_eq!(content.chars().count(), CONTENT_MAX);
        assert!(content.ends_with('…'));
        assert_eq!(truncate("short", 10), "short");
    }

    #[test]
    fn files_over_discords_size_limit_are_left_out_and_named() {
        let big = |name: &str, mib: usize| Attachment { name: name.into(), bytes: vec![0; mib << 20] };
        let reply = Reply {
            text: "Replay of game #4".into(),
            image: Some(big("board.png", 1)),
            files: vec![big("replay.gif", 12), big("game.pgn", 1)],
            ..Reply::default()
        };
        let json = to_json(response(reply));
        let content = json["content"].as_str().unwrap();
        assert!(content.starts_with("(replay.gif too large for Discord, left out.)"), "{content}");
        assert!(content.contains("Replay of game #4"), "{content}");
        let attached: Vec<&str> =
            json["attachments"].as_array().unwrap().iter().map(|a| a["filename"].as_str().unwrap()).collect();
        assert_eq!(attached, ["board.png", "game.pgn"]);
    }
}
