//! What admins and moderators get on Discord: the notice after an automatic
//! restore (in the admin channel, else each server's system channel), and the
//! configured moderator role, which `/admin end` and `/puzzle schedule` accept
//! like the permissions.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Result;
use axum::http::StatusCode;
use rookery::core::{Command, Core, Handler, Place, Request, User};
use rookery::discord::{AdminNotice, ServeOptions};
use rookery::restore::Restored;
use rookery_storage::Backup;
use serde_json::{json, Value};

use crate::connect_with;
use crate::fake_discord::{posted_to, Call, FORBIDDEN_CHANNEL, SYSTEM_CHANNEL};
use crate::interactions::{slash, string, Player, BOB, CAROL, CHANNEL, GUILD, MODERATOR_ROLE};

const ADMIN_CHANNEL: u64 = 800_000_000_000_000_097;

/// The notice of a real restore: backup taken at 09:00, last change 09:40.
fn restore_notice(channel: Option<u64>) -> AdminNotice {
    let restored = Restored {
        damage: "it holds 10 of the 12 writes it acknowledged".into(),
        moved_to: PathBuf::from("rookery-data.damaged-1700000000"),
        backup: Backup {
            path: PathBuf::from("rookery-data-backups/rookery-1699952400.jsonl"),
            taken: 1_699_952_400,
            records: 42,
            identity: None,
        },
        last_change: Some(1_699_954_800),
        resumed: false,
    };
    AdminNotice { text: restored.notice(), channel }
}

fn fresh_core() -> Result<(Arc<Core>, tempfile::TempDir)> {
    let dir = tempfile::tempdir()?;
    let storage = rookery_storage::Storage::open(dir.path())?;
    Ok((Arc::new(Core::new(storage, rookery::core::system_clock())), dir))
}

async fn notice_posts(notice: AdminNotice) -> Result<Vec<Call>> {
    let (core, _dir) = fresh_core()?;
    let options = ServeOptions { admin_notice: Some(notice), ..ServeOptions::default() };
    let connected = connect_with(core, options).await?;
    connected
        .fake
        .wait_for("the admin notice", |c| c.path.contains("/channels/") && c.status == StatusCode::OK)
        .await?;
    // Give a wrong second post the time to show up.
    tokio::time::sleep(Duration::from_millis(300)).await;
    Ok(connected.fake.calls().into_iter().filter(|c| c.path.contains("/channels/")).collect())
}

fn text(call: &Call) -> &str {
    call.payload["content"].as_str().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restore_notice_goes_to_the_admin_channel() -> Result<()> {
    let posts = notice_posts(restore_notice(Some(ADMIN_CHANNEL))).await?;
    assert_eq!(posts.len(), 1, "{posts:?}");
    assert!(posted_to(ADMIN_CHANNEL)(&posts[0]), "{posts:?}");
    let content = text(&posts[0]);
    assert!(content.contains("Rookery admin notice"), "{content}");
    assert!(content.contains("changes from 2023-11-14 09:00:00 UTC to 2023-11-14 09:40:00 UTC are lost"), "{content}");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_an_admin_channel_the_notice_goes_to_each_servers_system_channel() -> Result<()> {
    let posts = notice_posts(restore_notice(None)).await?;
    assert_eq!(posts.len(), 1, "{posts:?}");
    assert!(posted_to(SYSTEM_CHANNEL)(&posts[0]), "{posts:?}");
    assert!(text(&posts[0]).contains("are lost"), "{}", text(&posts[0]));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_admin_channel_refuses_the_system_channel_gets_the_notice() -> Result<()> {
    let posts = notice_posts(restore_notice(Some(FORBIDDEN_CHANNEL))).await?;
    let statuses: Vec<(String, StatusCode)> = posts.iter().map(|c| (c.path.clone(), c.status)).collect();
    assert_eq!(posts.len(), 2, "{statuses:?}");
    assert!(posted_to(FORBIDDEN_CHANNEL)(&posts[0]) && posts[0].status == StatusCode::FORBIDDEN, "{statuses:?}");
    assert!(posted_to(SYSTEM_CHANNEL)(&posts[1]) && posts[1].status == StatusCode::OK, "{statuses:?}");
    Ok(())
}

/// `/admin end` (a subcommand) run by `by`.
fn admin_end(id: u64, by: Player, reason: &str) -> Value {
    let mut command = slash(id, by, "admin", vec![]);
    command["data"]["options"] = json!([{"name": "end", "type": 1, "options": [string("reason", reason)]}]);
    command
}

/// `/puzzle schedule` into `channel` by `by`, who holds `permissions` there.
fn puzzle_schedule(id: u64, by: Player, channel: u64, permissions: u64) -> Value {
    let mut command = slash(id, by, "puzzle", vec![]);
    let options = [json!({"name": "channel", "type": 7, "value": channel.to_string()}), string("time", "09:00")];
    command["data"]["options"] = json!([{"name": "schedule", "type": 1, "options": options}]);
    command["data"]["resolved"]["channels"] = json!({ channel.to_string(): {
        "id": channel.to_string(), "type": 0, "name": "puzzles", "permissions": permissions.to_string(),
    }});
    command
}

async fn answer(connected: &crate::Connected, id: u64) -> Result<String> {
    let call = connected.fake.callback(id).await?;
    Ok(format!("{} {}", call.data()["content"].as_str().unwrap_or_default(), call.data()["embeds"]))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_configured_moderator_role_ends_games_and_schedules_puzzles() -> Result<()> {
    let (core, _dir) = fresh_core()?;
    let place = Place { guild: GUILD, channel: CHANNEL };
    let bob = User { id: BOB.id, name: BOB.name.into(), can_manage_channel: false };
    let open = Command::Play { variant: "chess".into(), opponent: None, move_days: None, options: None, clock: None };
    assert!(!core.handle(Request { place, user: bob, command: open })[0].ephemeral);

    // Without the role configured, carol is not a moderator.
    let connected = connect_with(core.clone(), ServeOptions::default()).await?;
    connected.fake.dispatch(admin_end(5001, CAROL, "abandoned"))?;
    assert!(answer(&connected, 5001).await?.contains("Only moderators"));
    drop(connected);

    let roles = HashMap::from([(GUILD, MODERATOR_ROLE)]);
    let connected =
        connect_with(core.clone(), ServeOptions { moderator_roles: roles, ..ServeOptions::default() }).await?;
    // Bob has neither the role nor the permission.
    connected.fake.dispatch(admin_end(5002, BOB, "mine"))?;
    assert!(answer(&connected, 5002).await?.contains("Only moderators"));
    connected.fake.dispatch(admin_end(5003, CAROL, "abandoned"))?;
    let ended = answer(&connected, 5003).await?;
    assert!(ended.contains("carol (moderator) cleared bob's challenge: abandoned"), "{ended}");

    // Send Messages alone in the puzzle channel: the role is what lets her schedule.
    connected.fake.dispatch(puzzle_schedule(5004, CAROL, CHANNEL + 5, 1 << 11))?;
    let scheduled = answer(&connected, 5004).await?;
    assert!(!scheduled.contains("Only"), "{scheduled}");
    connected.fake.dispatch(puzzle_schedule(5005, BOB, CHANNEL + 5, 1 << 11))?;
    assert!(answer(&connected, 5005).await?.contains("Only"));
    // Manage Messages in the target channel is enough without the role.
    connected.fake.dispatch(puzzle_schedule(5006, BOB, CHANNEL + 5, 1 << 13))?;
    assert!(!answer(&connected, 5006).await?.contains("Only"));
    Ok(())
}
