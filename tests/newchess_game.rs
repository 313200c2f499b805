//! New chess through the real adapter and the fake Discord: the true king is
//! chosen with private buttons, a brother is mated and bought back with a
//! price button, re-enters, and the true king is mated.

use std::sync::Arc;

use anyhow::Result;
use axum::http::Method;
use rookery::core::{ButtonAction, Core, Handler};
use rookery_storage::{Change, ChannelKey};

use crate::connect;
use crate::fake_discord::{webhook, Call};
use crate::interactions::{click, slash, string, user, ALICE, BOB, CHANNEL, GUILD};

/// White mates Black's brother on a10 at once, Black pays a cannon or a
/// tower, re-enters the brother and White mates the true king on j10.
const STAGE: &str = "j8k/7Pt1/8P1/10/10/5c4/3F6/10/1T8/2T1KJ4[] w - 0 1";

fn text(call: &Call) -> String {
    call.payload.to_string()
}

/// The custom id of the `action` button of a message whose label contains `label`.
fn button(call: &Call, action: ButtonAction) -> String {
    let ids = call.button_ids();
    let id = ids.iter().find(|id| id.split(':').next() == Some(action.id()));
    id.unwrap_or_else(|| panic!("no {action:?} button in {ids:?}")).clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_chess_game_with_a_brother_mated_and_bought_back_through_the_fake_discord() -> Result<()> {
    let dir = tempfile::tempdir()?;
    let core = Arc::new(Core::new(rookery_storage::Storage::open(dir.path())?, rookery::core::system_clock()));
    let handler: Arc<dyn Handler> = core.clone();
    let connected = connect(handler).await?;
    let fake = &connected.fake;

    fake.dispatch(slash(3001, ALICE, "play", vec![string("variant", "newchess"), user("opponent", BOB)]))?;
    let challenge = fake.callback(3001).await?;
    fake.dispatch(click(3002, BOB, &button(&challenge, ButtonAction::Accept)))?;
    let started = fake.callback(3002).await?;
    assert!(text(&started).contains("/choose E|F"), "{}", text(&started));
    let key = ChannelKey { guild: GUILD, channel: CHANNEL };
    core.storage()
        .update_channel(key, |current| {
            let mut record = current.expect("the game");
            record.start = Some(STAGE.to_string());
            Ok::<_, ()>(Change::Put(record, ()))
        })?
        .expect("staged");

    // Each player clicks "Choose secretly" and gets two buttons only they see.
    let mut id = 3003;
    for (player, pick) in [(ALICE, ButtonAction::ChooseSecond), (BOB, ButtonAction::ChooseFirst)] {
        fake.dispatch(click(id, player, &button(&started, ButtonAction::Secret)))?;
        let offer = fake.callback(id).await?;
        assert!(offer.is_ephemeral(), "{}", text(&offer));
        fake.dispatch(click(id + 1, player, &button(&offer, pick)))?;
        let chosen = fake.callback(id + 1).await?;
        assert!(chosen.is_ephemeral() && text(&chosen).contains("Your secret choice for true king"));
        let public = fake.wait_for("the commitment", |c| c.method == Method::POST && c.path == webhook(id + 1)).await?;
        assert!(!public.is_ephemeral() && text(&public).contains("commitment `"), "{}", text(&public));
        id += 2;
    }

    fake.dispatch(slash(3010, ALICE, "move", vec![string("text", "Ta1")]))?;
    let mated = fake.callback(3010).await?;
    assert!(text(&mated).contains("**bob** reveals their true king: **E**"), "{}", text(&mated));
    assert!(text(&mated).contains("must pay a price"), "{}", text(&mated));
    let cannon = mated.button_ids().into_iter().find(|id| id.starts_with("price:") && id.ends_with(":f5"));
    fake.dispatch(click(3011, BOB, &cannon.expect("a price button for the cannon")))?;
    assert!(text(&fake.callback(3011).await?).contains("**bob** pays a cannon (f5)"));
    fake.dispatch(slash(3012, BOB, "move", vec![string("text", "J@d8")]))?;
    assert!(text(&fake.callback(3012).await?).contains("Ta1# K*d8"));
    fake.dispatch(slash(3013, ALICE, "move", vec![string("text", "Ta10")]))?;
    let end = text(&fake.callback(3013).await?);
    assert!(end.contains("**1-0**") && end.contains("**alice** reveals their true king: **F**"), "{end}");
    Ok(())
}
