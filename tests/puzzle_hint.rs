//! The daily puzzle's Hint button through the real adapter: `/puzzle today`
//! carries it, a click answers privately with the piece that moves, a second
//! click repeats it and changes nothing, a stale button says so.

use anyhow::Result;
use serde_json::{json, Value};

use crate::interactions::{click, slash, Player, ALICE, BOB};
use crate::{connect, core};

/// `/puzzle today` (a subcommand) run by `by`.
fn puzzle_today(id: u64, by: Player) -> Value {
    let mut command = slash(id, by, "puzzle", vec![]);
    command["data"]["options"] = json!([{"name": "today", "type": 1, "options": []}]);
    command
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hint_button_answers_privately_once() -> Result<()> {
    let (core, _dir) = core()?;
    let connected = connect(core).await?;
    connected.fake.dispatch(puzzle_today(6001, ALICE))?;
    let post = connected.fake.callback(6001).await?;
    assert!(!post.is_ephemeral(), "{:?}", post.payload);
    let hint = post.button_ids().into_iter().find(|id| id.starts_with("puzzle-hint:day:")).expect("a Hint button");

    connected.fake.dispatch(click(6002, BOB, &hint))?;
    let first = connected.fake.callback(6002).await?;
    let text = first.data()["content"].as_str().unwrap_or_default().to_string();
    assert!(first.is_ephemeral(), "{:?}", first.payload);
    assert!(text.starts_with("Hint: The ") && text.contains(" moves.") && text.contains("streak"), "{text}");

    connected.fake.dispatch(click(6003, BOB, &hint))?;
    let second = connected.fake.callback(6003).await?;
    let again = second.data()["content"].as_str().unwrap_or_default();
    assert!(second.is_ephemeral() && again.contains("already") && again.contains("Nothing more changes"), "{again}");

    connected.fake.dispatch(click(6004, BOB, "puzzle-hint:day:1"))?;
    let stale = connected.fake.callback(6004).await?;
    let over = stale.data()["content"].as_str().unwrap_or_default();
    assert!(stale.is_ephemeral() && over.contains("puzzle of 1970-01-02, which is over"), "{over}");
    Ok(())
}
