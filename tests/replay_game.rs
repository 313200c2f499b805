//! Issue 18: the end of a game brings its animated replay, uploaded with the
//! final board through the real adapter; `/replay` uploads it again.

use anyhow::Result;

use crate::fake_discord::Call;
use crate::interactions::{click, slash, string, user, ALICE, BOB};
use crate::{connect, core};

/// Discord's callback type for a message, and for a deferred one.
const MESSAGE: u64 = 4;
const DEFERRED: u64 = 5;

/// The message that answered interaction `id`: its callback, or the edit
/// that replaced a deferred callback.
async fn answer(fake: &crate::fake_discord::FakeDiscord, id: u64) -> Result<Call> {
    let callback = fake.callback(id).await?;
    if callback.payload["type"] != DEFERRED {
        return Ok(callback);
    }
    let original = format!("{}/messages/@original", crate::fake_discord::webhook(id));
    fake.wait_for("the edited answer", |c| c.path == original).await
}

/// The replay GIF of an answer: uploaded as `image/gif`, listed in the
/// message's attachments, under Discord's size limit.
fn assert_replay(call: &Call, name: &str) {
    let gif = call.files.iter().find(|f| f.filename == name).unwrap_or_else(|| panic!("no {name} in {call:?}"));
    assert!(gif.is_gif, "{gif:?}");
    assert_eq!(gif.content_type.as_deref(), Some("image/gif"));
    assert!(gif.size > 0 && gif.size <= rookery::replay::ATTACHMENT_MAX, "{gif:?}");
    let total: usize = call.files.iter().map(|f| f.size).sum();
    assert!(total <= rookery::replay::ATTACHMENT_MAX);
    let listed = call.data()["attachments"].as_array().cloned().unwrap_or_default();
    assert!(listed.iter().any(|a| a["filename"] == name), "{listed:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_final_move_uploads_the_replay_gif() -> Result<()> {
    let (handler, _database) = core()?;
    let connected = connect(handler).await?;
    let fake = &connected.fake;

    fake.dispatch(slash(8001, ALICE, "play", vec![string("variant", "chess"), user("opponent", BOB)]))?;
    let challenge = fake.callback(8001).await?;
    let accept = challenge.button_ids().into_iter().find(|id| id.starts_with("accept:")).expect("an Accept button");
    fake.dispatch(click(8002, BOB, &accept))?;
    assert_eq!(fake.callback(8002).await?.payload["type"], MESSAGE);

    let moves = ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"];
    for (i, text) in moves.iter().enumerate() {
        let id = 8003 + i as u64;
        fake.dispatch(slash(id, if i % 2 == 0 { ALICE } else { BOB }, "move", vec![string("text", text)]))?;
        let answer = answer(fake, id).await?;
        let gifs = answer.files.iter().filter(|f| f.is_gif).count();
        assert_eq!(gifs, usize::from(i + 1 == moves.len()), "a replay only with the game's end: {answer:?}");
        if i + 1 == moves.len() {
            assert!(!answer.is_ephemeral());
            assert_replay(&answer, "rookery-1.gif");
            assert!(answer.files.iter().any(|f| f.is_png), "the final board too");
        }
    }

    fake.dispatch(slash(8020, BOB, "replay", vec![]))?;
    let replay = answer(fake, 8020).await?;
    assert!(!replay.is_ephemeral());
    assert_replay(&replay, "rookery-1.gif");
    Ok(())
}
