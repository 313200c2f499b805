//! The fake Discord is as strict as Discord: bodies checked against Discord's
//! OpenAPI schema and limits (a refused one fails the test), 429s the bot
//! must wait out, guild command registration, and the adapter's answers at
//! the limits (autocomplete, integer option bounds).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context as _, Result};
use axum::http::{Method, StatusCode};
use rookery::core::{Handler, Place, Reply, Request};
use rookery::discord::ServeOptions;
use serde_json::{json, Value};
use serenity::http::{HttpBuilder, HttpError};
use serenity::model::id::ChannelId;

use crate::fake_discord::{checks, content, webhook, Call, FakeDiscord, APPLICATION_ID};
use crate::interactions::{autocomplete, focused, slash, ALICE, CHANNEL, GUILD};
use crate::{connect_with, core, TOKEN};

fn problems(method: Method, path: &str, payload: Value) -> Vec<String> {
    checks::check(&method, path, &payload, &[], checks::UPLOAD_LIMIT).iter().map(ToString::to_string).collect()
}

fn callback_path() -> &'static str {
    "/interactions/1/token-1/callback"
}

#[test]
fn discords_schema_and_limits_refuse_bad_bodies() {
    let fine = json!({"type": 4, "data": {"content": "ok", "flags": 64, "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Resign", "custom_id": "resign:5"}]}]}});
    assert_eq!(problems(Method::POST, callback_path(), fine), Vec::<String>::new());

    // The schema: a flag that is not a number, a button without a style.
    let wrong_types = json!({"type": 4, "data": {"flags": "private", "components": [{"type": 1, "components": [
        {"type": 2, "label": "Resign", "custom_id": "resign:5"}]}]}});
    let found = problems(Method::POST, callback_path(), wrong_types);
    assert!(found.iter().any(|p| p.starts_with("data.flags:")), "{found:?}");
    assert!(found.iter().any(|p| p.starts_with("data.components")), "{found:?}");

    // The documented limits: content, rows, buttons per row, custom ids.
    let six = |row: usize| {
        json!({"type": 1, "components": (0..6).map(|b| json!(
        {"type": 2, "style": 1, "label": "x", "custom_id": format!("{row}-{b}")})).collect::<Vec<_>>()})
    };
    let crowded = json!({"content": "x".repeat(2_001), "components": (0..6).map(six).collect::<Vec<_>>()});
    let found = problems(Method::POST, &format!("/channels/{CHANNEL}/messages"), crowded);
    assert!(found.iter().any(|p| p.starts_with("content: Must be 2000")), "{found:?}");
    assert!(found.iter().any(|p| p.starts_with("components: Must be 5")), "{found:?}");
    assert!(found.iter().any(|p| p.starts_with("components.0.components: Must be 5")), "{found:?}");
    let long_id = json!({"content": "x", "components": [{"type": 1, "components": [
        {"type": 2, "style": 1, "label": "x", "custom_id": "c".repeat(101)}]}]});
    assert!(!problems(Method::POST, &format!("/channels/{CHANNEL}/messages"), long_id).is_empty());

    // Embeds: at most 10, 6000 characters together.
    let embeds = json!({"embeds": (0..11).map(|_| json!({"description": "d".repeat(600)})).collect::<Vec<_>>()});
    let found = problems(Method::POST, &webhook(1).replace("/api/v10", ""), embeds);
    assert!(found.iter().any(|p| p.contains("embeds") && p.contains("MAX_EMBED_SIZE_EXCEEDED")), "{found:?}");
    assert!(found.iter().any(|p| p.contains("embeds") && p.contains("or fewer")), "{found:?}");

    // Autocomplete: 25 choices, names and values of 1 to 100 characters.
    let choices: Vec<Value> = (0..26).map(|n| json!({"name": n.to_string(), "value": n.to_string()})).collect();
    let found = problems(Method::POST, callback_path(), json!({"type": 8, "data": {"choices": choices}}));
    assert!(found.iter().any(|p| p.starts_with("data.choices")), "{found:?}");
    let long = "chess,".repeat(16) + "dragonchess";
    let too_long = json!({"type": 8, "data": {"choices": [{"name": long, "value": long}]}});
    let found = problems(Method::POST, callback_path(), too_long);
    assert!(found.iter().any(|p| p.starts_with("data.choices.0.name: Must be between 1 and 100")), "{found:?}");
    assert!(found.iter().any(|p| p.starts_with("data.choices.0.value: Must be between 1 and 100")), "{found:?}");
}

#[test]
fn files_over_the_upload_limit_are_refused() {
    let file = |size| crate::fake_discord::File {
        filename: "board.png".into(),
        content_type: None,
        size,
        is_png: true,
        is_gif: false,
    };
    let path = format!("/channels/{CHANNEL}/messages");
    let message = json!({"content": "x"});
    let at_limit = [file(checks::UPLOAD_LIMIT / 2), file(checks::UPLOAD_LIMIT / 2)];
    assert!(checks::check(&Method::POST, &path, &message, &at_limit, checks::UPLOAD_LIMIT).is_empty());
    let over = [file(checks::UPLOAD_LIMIT / 2), file(checks::UPLOAD_LIMIT / 2 + 1)];
    assert!(!checks::check(&Method::POST, &path, &message, &over, checks::UPLOAD_LIMIT).is_empty());
    let eleven: Vec<_> = (0..11).map(|_| file(10)).collect();
    assert!(!checks::check(&Method::POST, &path, &message, &eleven, checks::UPLOAD_LIMIT).is_empty());
}

#[test]
fn only_the_two_known_deviations_are_allowed() {
    let path = format!("/channels/{CHANNEL}/messages");
    // serenity's numeric attachment ids pass; other non-snowflakes do not.
    let numeric = json!({"content": "x", "attachments": [{"id": 0, "filename": "board.png"}]});
    assert_eq!(problems(Method::POST, &path, numeric), Vec::<String>::new());
    let negative = json!({"content": "x", "attachments": [{"id": -1, "filename": "board.png"}]});
    assert!(!problems(Method::POST, &path, negative).is_empty());
    let word = json!({"content": "x", "attachments": [{"id": "board", "filename": "board.png"}]});
    assert!(!problems(Method::POST, &path, word).is_empty());

    // poise's whole float bounds on integer options pass; a fraction does not.
    let commands = format!("/applications/{APPLICATION_ID}/commands");
    let command = |bound: Value| {
        json!([{"name": "dice", "description": "Dice", "type": 1, "options": [{"name": "stats", "type": 1,
            "description": "Stats", "options": [{"name": "die", "description": "Sides", "type": 4,
            "min_value": bound, "max_value": 1000000.0}]}]}])
    };
    assert_eq!(problems(Method::PUT, &commands, command(json!(1.0))), Vec::<String>::new());
    assert!(!problems(Method::PUT, &commands, command(json!(1.5))).is_empty());
}

/// The fake answers a refused body with Discord's 400, which serenity reads
/// as Discord's error with its place; and a refusal nobody took fails the
/// test when the fake is dropped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_body_gets_discords_400_and_fails_the_test() -> Result<()> {
    let fake = FakeDiscord::start().await?;
    let http = HttpBuilder::new(TOKEN).proxy(fake.rest_url()).ratelimiter_disabled(true).build();
    // serenity's builders refuse long content themselves; its raw call does not.
    let too_long = json!({"content": "x".repeat(2_001)});
    let sent = http.send_message(ChannelId::new(CHANNEL), Vec::new(), &too_long).await;
    let Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(refused))) = sent else {
        panic!("the fake took content over 2000 characters: {sent:?}");
    };
    assert_eq!(refused.status_code.as_u16(), 400);
    assert_eq!((refused.error.code, refused.error.message.as_str()), (50035, "Invalid Form Body"));
    assert_eq!(refused.error.errors[0].path, "content", "{:?}", refused.error.errors);

    let dropped = catch_unwind(AssertUnwindSafe(|| drop(fake)));
    let message =
        dropped.expect_err("the refusal fails the test").downcast::<String>().map_err(|_| anyhow::anyhow!("a text"))?;
    assert!(message.contains("the bot sent bodies Discord refuses"), "{message}");

    // Taken by the test, the same refusal is expected and passes.
    let fake = FakeDiscord::start().await?;
    let http = HttpBuilder::new(TOKEN).proxy(fake.rest_url()).ratelimiter_disabled(true).build();
    let refused = http.send_message(ChannelId::new(CHANNEL), Vec::new(), &too_long).await;
    assert!(refused.is_err());
    let taken = fake.take_invalid();
    assert_eq!(taken.len(), 1);
    assert_eq!(taken[0].1[0].at, ["content"]);
    Ok(())
}

/// The 97-character rotation (`chess,` 16 times and `d`) once made
/// 107-character choices Discord refuses; now none over 100 is offered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rotation_autocomplete_keeps_to_discords_limits() -> Result<()> {
    let (core, _dir) = core()?;
    let connected = connect_with(core, ServeOptions::default()).await?;
    let fake = &connected.fake;
    let rotation = |id, partial: &str| {
        let schedule = json!({"name": "schedule", "type": 1, "options": [focused("variants", partial)]});
        autocomplete(id, ALICE, "puzzle", vec![schedule])
    };
    let offered = |call: &Call| -> Vec<String> {
        let choices = call.data()["choices"].as_array().cloned().unwrap_or_default();
        choices.iter().filter_map(|c| c["value"].as_str().map(str::to_string)).collect()
    };

    let partial = format!("{}d", "chess,".repeat(16));
    assert_eq!(partial.len(), 97);
    fake.dispatch(rotation(7201, &partial))?;
    let answer = fake.callback(7201).await?;
    assert_eq!(answer.status, StatusCode::NO_CONTENT, "{}", answer.payload);
    assert_eq!(offered(&answer), Vec::<String>::new());

    fake.dispatch(rotation(7202, &format!("{}d", "chess,".repeat(14))))?;
    let answer = fake.callback(7202).await?;
    let choices = offered(&answer);
    assert_eq!(choices.len(), 2, "{choices:?}");
    assert!(choices.iter().all(|c| c.len() <= 100), "{choices:?}");
    Ok(())
}

/// `test_guild` registers the commands in that server only, in a body
/// Discord takes; `/dice stats die` offers no 0-sided die.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn commands_register_in_the_test_guild() -> Result<()> {
    let (core, _dir) = core()?;
    let connected = connect_with(core, ServeOptions { test_guild: Some(GUILD), ..ServeOptions::default() }).await?;
    let registrations: Vec<Call> = connected.fake.calls().into_iter().filter(|c| c.method == Method::PUT).collect();
    assert_eq!(registrations.len(), 1, "{registrations:?}");
    let registration = &registrations[0];
    assert_eq!(registration.path, format!("/api/v10/applications/{APPLICATION_ID}/guilds/{GUILD}/commands"));
    assert_eq!(registration.status, StatusCode::OK);

    let option = |options: &Value, name: &str| -> Result<Value> {
        let found = options.as_array().into_iter().flatten().find(|o| o["name"] == name);
        found.cloned().with_context(|| format!("no option {name}"))
    };
    let dice = option(&registration.payload, "dice")?;
    let die = option(&option(&dice["options"], "stats")?["options"], "die")?;
    assert_eq!(die["min_value"].as_f64(), Some(1.0), "{die}");
    Ok(())
}

/// Answers every command with three replies and queues two channel posts.
#[derive(Default)]
struct Talkative {
    due: Mutex<Vec<(Place, Reply)>>,
}

impl Handler for Talkative {
    fn handle(&self, request: Request) -> Vec<Reply> {
        let Place { guild, channel } = request.place;
        let user = request.user.name;
        let posts = (1..=2).map(|n| (Place { guild, channel }, Reply::text(format!("{user} post {n}"))));
        self.due.lock().unwrap().extend(posts);
        (1..=3).map(|n| Reply::text(format!("{user} reply {n}"))).collect()
    }

    fn complete_move(&self, _place: Place, _user: u64, _partial: &str) -> Vec<String> {
        Vec::new()
    }

    fn due(&self) -> Vec<(Place, Reply)> {
        std::mem::take(&mut *self.due.lock().unwrap())
    }
}

/// Every second call to each route answered 429, interaction callbacks too:
/// every answer, follow-up and post still arrives, in order, exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limited_calls_are_sent_again_losing_nothing_and_never_twice() -> Result<()> {
    let options = ServeOptions { tick: Duration::from_millis(20), ..ServeOptions::default() };
    let connected = connect_with(Arc::new(Talkative::default()), options).await?;
    let fake = &connected.fake;
    fake.rate_limit_every(Some(2), true);

    let ids = [7301, 7302, 7303];
    for id in ids {
        fake.dispatch(slash(id, ALICE, "help", vec![]))?;
        fake.wait_for("two follow-ups", |_| fake.followups(id).len() >= 2).await?;
    }
    let posts = |c: &Call| c.method == Method::POST && c.path == format!("/api/v10/channels/{CHANNEL}/messages");
    fake.wait_for("six channel posts", |_| fake.calls().iter().filter(|c| posts(c)).count() >= 6).await?;
    // Anything sent twice would arrive by now.
    tokio::time::sleep(Duration::from_millis(300)).await;

    let calls = fake.calls();
    for id in ids {
        let answers: Vec<&Call> =
            calls.iter().filter(|c| c.path.ends_with(&format!("/interactions/{id}/token-{id}/callback"))).collect();
        assert_eq!(answers.len(), 1, "interaction {id}");
        assert_eq!((answers[0].status, content(answers[0])), (StatusCode::NO_CONTENT, "alice reply 1".to_string()));
        let followups: Vec<String> = fake.followups(id).iter().map(content).collect();
        assert_eq!(followups, ["alice reply 2", "alice reply 3"], "interaction {id}");
    }
    let mut posted: Vec<String> = calls.iter().filter(|c| posts(c)).map(content).collect();
    posted.sort();
    assert_eq!(
        posted,
        ["alice post 1", "alice post 1", "alice post 1", "alice post 2", "alice post 2", "alice post 2"]
    );

    let refused = fake.rate_limited();
    for route in ["/callback", "/messages"] {
        assert!(refused.iter().any(|c| c.path.ends_with(route)), "no 429 on {route}: {refused:?}");
    }
    assert!(refused.iter().any(|c| ids.iter().any(|&id| c.path == webhook(id))), "no 429 on a follow-up");
    assert!(refused.iter().all(|c| c.status == StatusCode::TOO_MANY_REQUESTS));
    Ok(())
}
