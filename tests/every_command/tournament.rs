//! The tour's tournaments: a Swiss and an Arena created (the game's
//! autocomplete), joined and left by command and by button, shown, listed,
//! started, paused and resumed, a result set by hand, a player removed, the
//! TRF exported, and the Arena started, a game's Berserk clicked twice, and
//! ended by its organiser.

use std::time::Duration;

use anyhow::{Context as _, Result};
use rookery::discord::ServeOptions;

use super::Tour;
use crate::interactions::{boolean, focused, integer, string, user, ALICE, BOB, CAROL};

fn quick() -> ServeOptions {
    ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() }
}

/// The event number in a Join button's id (`tour-join:ID`).
fn event_of(join: &str) -> Result<i64> {
    join.split(':').nth(1).context("an event number")?.parse().context("an event number")
}

pub async fn tournaments() -> Result<Tour> {
    let tour = Tour::start(quick()).await?;
    let games = tour.suggest(ALICE, "tournament", Some("create swiss"), vec![focused("game", "dra")]).await?;
    assert!(games.iter().any(|game| game == "dragonchess"), "{games:?}");
    let games = tour.suggest(ALICE, "tournament", Some("create arena"), vec![focused("game", "ch")]).await?;
    assert!(games.iter().any(|game| game == "chess"), "{games:?}");

    let swiss = vec![
        string("name", "Cup"),
        string("game", "chess"),
        integer("rounds", 1),
        string("clock", "10+5"),
        integer("late", 1), // half
        integer("wait", 10),
    ];
    let post = tour.sub(ALICE, "tournament", "create swiss", swiss).await?;
    post.says(&["Cup", "first move within 10 minutes"]);
    let join = post.button("tour-join")?;
    let leave = post.button("tour-leave")?;
    let cup = event_of(&join)?;
    let id = || integer("id", cup);

    tour.click(BOB, &join).await?.says(&["1 player"]);
    tour.click(BOB, &join).await?.says_privately(&[]);
    tour.sub(ALICE, "tournament", "join", vec![id()]).await?;
    tour.sub(CAROL, "tournament", "join", vec![id()]).await?;
    tour.click(CAROL, &leave).await?.says(&["2 player"]);
    tour.sub(CAROL, "tournament", "join", vec![id()]).await?;
    tour.sub(CAROL, "tournament", "leave", vec![id()]).await?;
    tour.sub(CAROL, "tournament", "show", vec![id()]).await?.says(&["Cup", "alice", "bob"]);
    tour.sub(CAROL, "tournament", "list", vec![]).await?.says(&["Cup"]);
    tour.sub(CAROL, "tournament", "start", vec![id()]).await?.says_privately(&[]);

    tour.sub(ALICE, "tournament", "start", vec![id()]).await?.says(&["started"]);
    tour.sub(BOB, "tournament", "me", vec![]).await?.says_privately(&["Cup"]);
    tour.sub(ALICE, "tournament", "pause", vec![id()]).await?;
    tour.sub(ALICE, "tournament", "resume", vec![id()]).await?;
    let result = vec![id(), integer("round", 1), integer("board", 1), string("result", "1/2-1/2")];
    tour.sub(ALICE, "tournament", "result", result).await?;
    let trf = tour.sub(BOB, "tournament", "export", vec![id()]).await?;
    assert!(!trf.first.files.is_empty(), "the TRF file: {}", trf.text());

    let arena = vec![
        string("name", "Blitz"),
        string("game", "chess"),
        integer("minutes", 60),
        string("clock", "3+2"),
        boolean("berserk", true),
    ];
    let post = tour.sub(ALICE, "tournament", "create arena", arena).await?;
    post.says(&["Blitz"]);
    let blitz = event_of(&post.button("tour-join")?)?;
    tour.sub(CAROL, "tournament", "join", vec![integer("id", blitz)]).await?;
    tour.sub(BOB, "tournament", "join", vec![integer("id", blitz)]).await?;
    tour.sub(ALICE, "tournament", "start", vec![integer("id", blitz)]).await?.says(&["started"]);
    // The Arena game's post in its thread has the Berserk button: once, then a refusal.
    let game_post = tour
        .fake()
        .wait_for("the Arena game's Berserk button", |c| {
            c.button_ids().iter().any(|id| id.starts_with("tour-berserk:"))
        })
        .await?;
    let berserk = game_post.button_ids().into_iter().find(|id| id.starts_with("tour-berserk:")).context("Berserk")?;
    tour.click(BOB, &berserk).await?.says(&["bob berserks"]);
    tour.click(BOB, &berserk).await?.says_privately(&["already berserked"]);
    let remove = vec![integer("id", blitz), user("player", CAROL)];
    tour.sub(ALICE, "tournament", "remove", remove).await?;
    tour.sub(ALICE, "tournament", "end", vec![integer("id", blitz)]).await?;

    // A correspondence Arena: two weeks at two days a move.
    let slow = vec![string("name", "Slow"), string("game", "chess"), integer("minutes", 20_160), integer("days", 2)];
    let post = tour.sub(ALICE, "tournament", "create arena", slow).await?;
    post.says(&["Slow", "2 day(s) per move", "first move within 1 day"]);
    Ok(tour)
}
