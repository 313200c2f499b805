//! What Discord refuses, and what users see then: a thread the bot may not
//! create (the game is played in the channel, with a word on why), a puzzle
//! thread already opened, a server without a system channel (admins are
//! told in a direct message to the owner, or only the log says it), and a
//! route Discord does not know (404 with code 0).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, Result};
use axum::http::{Method, StatusCode};
use rookery::core::Handler as _;
use rookery::core::{Command, Core, Place, PuzzleCommand, Request, User};
use rookery::discord::ServeOptions;
use serenity::http::{HttpBuilder, HttpError};
use serenity::model::id::{ChannelId, MessageId, UserId};

use crate::fake_discord::{content, posted_to, FakeDiscord, DIRECT_CHANNELS, FORBIDDEN_CHANNEL, SYSTEM_CHANNEL};
use crate::interactions::{click, integer, slash, string, user, ALICE, BOB, CHANNEL, GUILD};
use crate::{connect_to, connect_with, TOKEN};

fn quick() -> ServeOptions {
    ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() }
}

/// A core on a clock the test moves, with the directory holding its database.
fn clocked_core() -> Result<(Arc<Core>, Arc<AtomicI64>, tempfile::TempDir)> {
    let dir = tempfile::tempdir()?;
    let clock = Arc::new(AtomicI64::new(1_700_000_000));
    let reader = clock.clone();
    let storage = rookery_storage::Storage::open(dir.path())?;
    Ok((Arc::new(Core::new(storage, Arc::new(move || reader.load(Ordering::SeqCst)))), clock, dir))
}

/// Threads on in the channel, but Discord refuses to create one (403
/// Missing Permissions): the game starts in the channel, the players are
/// told why, and it is played there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_thread_leaves_the_game_in_the_channel_with_a_word_why() -> Result<()> {
    let (core, _clock, _dir) = clocked_core()?;
    let connected = connect_with(core, quick()).await?;
    let fake = &connected.fake;
    fake.refuse_threads();

    fake.dispatch(slash(9101, ALICE, "settings", vec![integer("threads", 0)]))?;
    assert!(content(&fake.callback(9101).await?).contains("now on"));
    fake.dispatch(slash(9102, ALICE, "play", vec![string("variant", "chess"), user("opponent", BOB)]))?;
    let challenge = fake.callback(9102).await?;
    let accept = challenge.button_ids().into_iter().find(|id| id.starts_with("accept:")).context("Accept")?;
    fake.dispatch(click(9103, BOB, &accept))?;

    let started = fake.callback(9103).await?;
    let refused = fake.wait_for("the refused thread", |c| c.path.ends_with("/threads")).await?;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    let text = content(&started);
    assert!(!started.is_ephemeral(), "{text}");
    assert!(text.starts_with("(This game could not get a thread of its own, so it is played right here."), "{text}");
    assert!(text.contains("Create Public Threads"), "{text}");
    assert!(started.files.iter().any(|f| f.is_png), "the board is shown here");
    assert!(started.button_ids().iter().any(|id| id.starts_with("resign:")), "{:?}", started.button_ids());

    // The game is this channel's: a move here is played.
    fake.dispatch(slash(9104, ALICE, "move", vec![string("text", "e4")]))?;
    let moved = fake.callback(9104).await?;
    assert!(!moved.is_ephemeral() && moved.files.iter().any(|f| f.is_png), "{}", content(&moved));
    // Nothing was posted anywhere else, nothing refused but the thread.
    assert!(fake.calls().iter().all(|c| !c.path.contains("/channels/") || c.path.ends_with("/threads")));
    assert_eq!(fake.calls().iter().filter(|c| c.status.is_client_error()).count(), 1);
    Ok(())
}

/// Discord allows one thread per message: a second is refused with 160004,
/// which serenity reads as Discord's error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_thread_from_one_message_is_refused_like_discord() -> Result<()> {
    let fake = FakeDiscord::start().await?;
    let http = HttpBuilder::new(TOKEN).proxy(fake.rest_url()).ratelimiter_disabled(true).build();
    let posted = ChannelId::new(CHANNEL).send_message(&http, serenity::all::CreateMessage::new().content("x")).await?;
    let builder = serenity::all::CreateThread::new("talk");
    let first = ChannelId::new(CHANNEL).create_thread_from_message(&http, posted.id, builder.clone()).await?;
    assert_eq!(first.id.get(), posted.id.get(), "the thread takes the message's id");
    let again = ChannelId::new(CHANNEL).create_thread_from_message(&http, posted.id, builder.clone()).await;
    let Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(refused))) = again else {
        panic!("a second thread was allowed: {again:?}");
    };
    assert_eq!((refused.status_code.as_u16(), refused.error.code), (400, 160004));

    // A message nobody posted has no thread either.
    let unknown = ChannelId::new(CHANNEL).create_thread_from_message(&http, MessageId::new(5), builder).await;
    assert!(matches!(unknown, Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(r))) if r.error.code == 10008));
    Ok(())
}

/// A route Discord does not have: 404 with code 0, as Discord answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_routes_get_discords_404() -> Result<()> {
    let fake = FakeDiscord::start().await?;
    let http = HttpBuilder::new(TOKEN).proxy(fake.rest_url()).ratelimiter_disabled(true).build();
    let answer = http.get_user(UserId::new(BOB.id)).await;
    let Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(refused))) = answer else {
        panic!("the fake knew a route it should not: {answer:?}");
    };
    assert_eq!(refused.status_code.as_u16(), 404);
    assert_eq!((refused.error.code, refused.error.message.as_str()), (0, "404: Not Found"));
    let call = fake.calls().pop().context("recorded")?;
    assert_eq!(
        (call.path.as_str(), call.status),
        (format!("/api/v10/users/{}", BOB.id).as_str(), StatusCode::NOT_FOUND)
    );
    Ok(())
}

/// A server without a system channel: a refused daily puzzle is told to the
/// server's owner in a direct message instead, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_system_channel_the_owner_hears_of_a_refused_puzzle_post() -> Result<()> {
    let (core, clock, _dir) = clocked_core()?;
    let connected = connect_with(core.clone(), quick()).await?;
    let fake = &connected.fake;
    fake.remove_system_channel();

    let admin = User { id: ALICE.id, name: ALICE.name.into(), can_manage_channel: true };
    let schedule = PuzzleCommand::Schedule {
        channel: FORBIDDEN_CHANNEL,
        time: "23:15".into(),
        rotation: String::new(),
        time_zone: "Europe/Berlin".into(),
    };
    let place = Place { guild: GUILD, channel: CHANNEL };
    let set = core.handle(Request { place, user: admin, command: Command::Puzzle(schedule) }).remove(0);
    assert!(!set.ephemeral, "{}", set.text);
    clock.fetch_add(2 * 60, Ordering::SeqCst);

    let opened = fake.wait_for("the owner's direct channel", |c| c.path == "/api/v10/users/@me/channels").await?;
    assert_eq!(opened.payload["recipient_id"], ALICE.id.to_string(), "the owner");
    let told = fake
        .wait_for("the report to the owner", |c| {
            c.method == Method::POST && c.path.starts_with("/api/v10/channels/6") && c.path.ends_with("/messages")
        })
        .await?;
    let dm: u64 = told.path.trim_start_matches("/api/v10/channels/").trim_end_matches("/messages").parse()?;
    assert!(dm > DIRECT_CHANNELS);
    assert_eq!(told.status, StatusCode::OK);
    let text = content(&told);
    assert!(text.contains(&format!("I could not post the daily puzzle in <#{FORBIDDEN_CHANNEL}>")), "{text}");
    assert!(!fake.calls().iter().any(posted_to(SYSTEM_CHANNEL)), "there is no system channel");
    Ok(())
}

/// A server without a system channel and no admin channel configured: the
/// restore notice reaches nobody on Discord, and the bot carries on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_system_channel_the_admin_notice_stays_in_the_log() -> Result<()> {
    let (core, _clock, _dir) = clocked_core()?;
    let fake = FakeDiscord::start().await?;
    fake.remove_system_channel();
    let notice = rookery::discord::AdminNotice { text: "restored from a backup".into(), channel: None };
    let options = ServeOptions { admin_notice: Some(notice), ..quick() };
    let connected = connect_to(fake, core, options).await?;
    let fake = &connected.fake;
    fake.wait_for("the system channel's look-up", |c| c.path == format!("/api/v10/guilds/{GUILD}")).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!fake.calls().iter().any(|c| c.path.contains("/channels/")), "nowhere to post it");

    // Still answering.
    fake.dispatch(slash(9201, BOB, "help", vec![]))?;
    assert!(!content(&fake.callback(9201).await?).is_empty());
    Ok(())
}
