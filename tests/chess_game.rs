//! Issue 5: a short chess game played through slash commands and button
//! clicks, checked at the REST boundary. The assertions are about the adapter
//! contract (which calls, flags, attachments, buttons), not about chess text,
//! played against the real command core on a fresh database.

use anyhow::Result;
use axum::http::{Method, StatusCode};
use rookery::core::ButtonAction;
use serde_json::Value;

use crate::fake_discord::Call;
use crate::interactions::{autocomplete, click, focused, slash, string, user, ALICE, BOB};
use crate::{connect, core, TOKEN};

const COMMANDS: [&str; 30] = [
    "play",
    "accept",
    "decline",
    "move",
    "board",
    "abort",
    "resign",
    "draw",
    "takeback",
    "pass",
    "choose",
    "roll",
    "seed",
    "verify",
    "game",
    "games",
    "pgn",
    "replay",
    "review",
    "stats",
    "leaderboard",
    "rules",
    "help",
    "puzzle",
    "dice",
    "alias",
    "admin",
    "settings",
    "moves",
    "tournament",
];

/// Discord's callback types: a message, or autocomplete suggestions.
const MESSAGE: u64 = 4;
const SUGGESTIONS: u64 = 8;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess_game_through_commands_and_buttons() -> Result<()> {
    let (handler, _database) = core()?;
    let connected = connect(handler).await?;
    let fake = &connected.fake;

    let registration = fake.calls().into_iter().find(|c| c.method == Method::PUT).expect("registered");
    assert_registers_every_command(&registration);

    // Alice challenges Bob: a public message with Accept and Decline buttons.
    fake.dispatch(slash(1001, ALICE, "play", vec![string("variant", "chess"), user("opponent", BOB)]))?;
    let challenge = fake.callback(1001).await?;
    assert_public_message(&challenge);
    let accept = button_of(&challenge, ButtonAction::Accept);
    button_of(&challenge, ButtonAction::Decline);

    // Bob clicks Accept: the board, as a PNG shown in the embed.
    fake.dispatch(click(1002, BOB, &accept))?;
    let started = fake.callback(1002).await?;
    assert_public_message(&started);
    assert_board(&started);
    let resign = button_of(&started, ButtonAction::Resign);
    assert_eq!(resign.split_once(':').map(|(_, game)| game), accept.split_once(':').map(|(_, game)| game));

    // Alice types a move: suggestions from the core, matching what she typed.
    fake.dispatch(autocomplete(1003, ALICE, "move", vec![focused("text", "e")]))?;
    let suggestions = fake.callback(1003).await?;
    assert_eq!(suggestions.payload["type"], SUGGESTIONS);
    let choices = suggestions.data()["choices"].as_array().expect("choices").clone();
    assert!(!choices.is_empty());
    assert!(choices.iter().all(|c| c["value"].as_str().is_some_and(|v| v.starts_with('e'))), "{choices:?}");

    fake.dispatch(slash(1004, ALICE, "move", vec![string("text", "e4")]))?;
    let moved = fake.callback(1004).await?;
    assert_public_message(&moved);
    assert_board(&moved);

    // Bob's nonsense move: a private error, seen only by him.
    fake.dispatch(slash(1005, BOB, "move", vec![string("text", "zz")]))?;
    let refused = fake.callback(1005).await?;
    assert_eq!(refused.payload["type"], MESSAGE);
    assert!(refused.is_ephemeral(), "{:?}", refused.payload);
    assert!(refused.files.is_empty());

    // A button from some other bot version: the adapter's own private error.
    fake.dispatch(click(1006, ALICE, "self-destruct"))?;
    let unknown = fake.callback(1006).await?;
    assert!(unknown.is_ephemeral());
    assert!(!unknown.data()["content"].as_str().unwrap_or_default().is_empty());

    fake.dispatch(slash(1007, BOB, "board", vec![]))?;
    assert_board(&fake.callback(1007).await?);

    // Bob resigns with the board's button: a public answer.
    fake.dispatch(click(1008, BOB, &resign))?;
    assert_public_message(&fake.callback(1008).await?);

    // A new challenge; the old game's Resign button is refused, privately.
    fake.dispatch(slash(1009, ALICE, "play", vec![string("variant", "chess")]))?;
    assert_public_message(&fake.callback(1009).await?);
    fake.dispatch(click(1010, BOB, &resign))?;
    let stale = fake.callback(1010).await?;
    assert!(stale.is_ephemeral(), "{:?}", stale.payload);
    assert!(stale.data()["content"].as_str().unwrap_or_default().contains("is over"), "{:?}", stale.payload);

    let calls = fake.calls();
    for call in &calls {
        assert_ne!(call.status, StatusCode::NOT_FOUND, "a call the fake does not know: {} {}", call.method, call.path);
        assert_eq!(call.authorization.as_deref(), Some(format!("Bot {TOKEN}").as_str()), "{}", call.path);
    }
    // Exactly one answer per interaction, no edits, no stray messages.
    let callbacks = calls.iter().filter(|c| c.path.ends_with("/callback")).count();
    assert_eq!(callbacks, 10);
    assert!(calls.iter().all(|c| c.method != Method::PATCH));
    Ok(())
}

fn assert_registers_every_command(registration: &Call) {
    let commands = registration.payload.as_array().expect("a list of commands");
    let mut names: Vec<&str> = commands.iter().filter_map(|c| c["name"].as_str()).collect();
    names.sort_unstable();
    let mut expected = COMMANDS;
    expected.sort_unstable();
    assert_eq!(names, expected);
    for command in commands {
        assert!(!command["description"].as_str().unwrap_or_default().is_empty(), "{command}");
        for option in command["options"].as_array().into_iter().flatten() {
            assert!(!option["description"].as_str().unwrap_or_default().is_empty(), "{command}");
        }
    }
    // `/puzzle` is registered with its subcommands (option type 1).
    let puzzle = commands.iter().find(|c| c["name"] == "puzzle").unwrap();
    let subcommands: Vec<(&str, u64)> = puzzle["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["name"].as_str().unwrap(), o["type"].as_u64().unwrap()))
        .collect();
    let expected = ["today", "solve", "random", "hint", "stats", "leaderboard", "schedule"].map(|name| (name, 1));
    assert_eq!(subcommands, expected);
    let play = commands.iter().find(|c| c["name"] == "play").unwrap();
    let variant = &play["options"][0];
    assert_eq!((variant["name"].as_str(), variant["required"].as_bool()), (Some("variant"), Some(true)));
    assert_eq!(variant["autocomplete"], true);
}

fn assert_public_message(call: &Call) {
    assert_eq!(call.payload["type"], MESSAGE, "{:?}", call.payload);
    assert!(!call.is_ephemeral(), "{:?}", call.payload);
    for id in call.button_ids() {
        assert!(ButtonAction::parse_custom_id(&id).is_some(), "a button the adapter cannot dispatch: {id}");
    }
}

/// The custom id of the `action` button of a message; it names its game.
fn button_of(call: &Call, action: ButtonAction) -> String {
    let ids = call.button_ids();
    let id = ids.iter().find(|id| id.split(':').next() == Some(action.id()));
    let id = id.unwrap_or_else(|| panic!("no {action:?} button in {ids:?}"));
    assert!(id.split_once(':').is_some_and(|(_, game)| game.parse::<u64>().is_ok()), "{id} names no game");
    id.clone()
}

/// A board reply: a PNG uploaded with the answer and shown in its embed.
fn assert_board(call: &Call) {
    let png = call.files.iter().find(|f| f.is_png).unwrap_or_else(|| panic!("no PNG in {call:?}"));
    assert_eq!(png.content_type.as_deref(), Some("image/png"));
    assert!(png.size > 0);
    let embeds: &[Value] = call.data()["embeds"].as_array().map_or(&[], Vec::as_slice);
    let shown = format!("attachment://{}", png.filename);
    assert!(embeds.iter().any(|e| e["image"]["url"] == shown.as_str()), "{embeds:?}");
    let listed = call.data()["attachments"].as_array().cloned().unwrap_or_default();
    assert!(listed.iter().any(|a| a["filename"] == png.filename.as_str()), "{listed:?}");
}
