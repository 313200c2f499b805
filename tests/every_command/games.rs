//! The tour's games: challenges declined and aborted, a chess game with
//! takebacks, draw offers, resignation and a rematch; finished games looked
//! up; New chess's promotion question; a clock's flag; deferred answers;
//! moderation.

use std::time::Duration;

use anyhow::{Context as _, Result};
use axum::http::Method;
use rookery::config::BackupConfig;
use serde_json::json;

use super::{shown, Tour};
use crate::fake_discord::webhook;
use crate::interactions::{integer, string, user, ALICE, BOB, CAROL};
use rookery::discord::ServeOptions;

fn quick() -> ServeOptions {
    ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() }
}

fn challenge_bob(variant: &str) -> Vec<serde_json::Value> {
    vec![string("variant", variant), user("opponent", BOB)]
}

/// The game id a button's custom id names (`resign:12`).
fn game_of(custom_id: &str) -> Result<u64> {
    custom_id.split(':').nth(1).context("a game id")?.parse().context("a number")
}

pub async fn a_chess_game() -> Result<Tour> {
    let tour = Tour::start(quick()).await?;

    // The variant boxes complete from the engine's variants.
    let variants = tour.suggest(ALICE, "play", None, vec![crate::interactions::focused("variant", "d")]).await?;
    assert_eq!(variants, ["dragonchess", "dicelanding"]);
    let rules = tour.suggest(BOB, "rules", None, vec![crate::interactions::focused("variant", "ch")]).await?;
    assert_eq!(rules, ["chess"]);
    // The level box names each level with its chess rating, and plain levels
    // in a game with no rating yet; its value stays the level's number.
    let typing_level = |variant: &str, partial: &str| {
        vec![
            crate::interactions::string("variant", variant),
            json!({"name": "level", "type": 4, "value": partial, "focused": true}),
        ]
    };
    let chess_levels = tour.suggest_choices(ALICE, "play", None, typing_level("chess", "")).await?;
    assert_eq!(chess_levels.len(), 8);
    let elo = rookery_engine::player::Level::new(3).expect("a level").elo(rookery_engine::Variant::Chess);
    assert_eq!(chess_levels[2], (format!("3 (≈{})", elo.expect("chess levels are rated")), json!(3)));
    let dragon_levels = tour.suggest_choices(ALICE, "play", None, typing_level("dragonchess", "7")).await?;
    assert_eq!(dragon_levels, [("7".to_string(), json!(7))]);

    // Declined by command, then by button.
    let challenge = tour.command(ALICE, "play", challenge_bob("chess")).await?;
    challenge.says(&["alice challenges bob to Chess."]);
    tour.command(BOB, "decline", vec![]).await?.says(&["bob declined alice's challenge."]);
    let challenge = tour.command(ALICE, "play", challenge_bob("chess")).await?;
    tour.click(BOB, &challenge.button("decline")?).await?.says(&["bob declined alice's challenge."]);

    // Accepted by command and aborted by command; accepted by button and aborted by button.
    tour.command(ALICE, "play", challenge_bob("chess")).await?;
    tour.command(BOB, "accept", vec![]).await?.says(&["alice (White) vs bob (Black) · Chess · game #"]);
    tour.command(ALICE, "abort", vec![]).await?.says(&["alice aborted the game; it is not rated."]);
    let challenge = tour.command(ALICE, "play", challenge_bob("chess")).await?;
    let started = tour.click(BOB, &challenge.button("accept")?).await?;
    tour.click(ALICE, &started.button("abort")?).await?.says(&["alice aborted the game; it is not rated."]);

    // A game: moves with suggestions, takebacks, draw offers, resignation.
    let challenge = tour.command(ALICE, "play", challenge_bob("chess")).await?;
    let started = tour.click(BOB, &challenge.button("accept")?).await?;
    assert!(started.first.files.iter().any(|f| f.is_png), "the board: {}", started.text());
    let moves = tour.suggest(ALICE, "move", None, vec![crate::interactions::focused("text", "")]).await?;
    assert_eq!(moves.len(), 20, "chess's 20 first moves: {moves:?}");
    tour.command(ALICE, "move", vec![string("text", "e4")]).await?.says(&["Moves: 1. e4", "bob to move"]);
    tour.command(BOB, "pass", vec![]).await?.says_privately(&["Chess has no passing"]);
    tour.command(BOB, "choose", vec![string("option", "E")]).await?.says_privately(&["no secret choice"]);
    tour.command(ALICE, "takeback", vec![integer("action", 0)]).await?.says(&["alice asks to take back"]);
    tour.command(BOB, "takeback", vec![integer("action", 2)]).await?.says(&["bob declined the takeback."]);
    tour.command(ALICE, "takeback", vec![integer("action", 0)]).await?;
    tour.command(BOB, "takeback", vec![integer("action", 1)]).await?.says(&["alice to move"]);
    let moved = tour.command(ALICE, "move", vec![string("text", "e4")]).await?;
    let offered = tour.click(ALICE, &moved.button("draw-offer")?).await?;
    offered.says(&["alice offers a draw."]);
    tour.click(BOB, &offered.button("draw-decline")?).await?.says(&["bob declined the draw offer."]);
    tour.command(BOB, "move", vec![string("text", "e5")]).await?.says(&["1. e4 e5"]);
    let board = tour.command(BOB, "board", vec![]).await?;
    assert!(board.first.files.iter().any(|f| f.is_png), "{}", board.text());
    tour.command(CAROL, "game", vec![]).await?.says(&[
        "alice",
        "bob",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w",
    ]);
    tour.command(CAROL, "moves", vec![]).await?.says(&["alice vs bob", "1. e4 e5"]);
    tour.command(ALICE, "draw", vec![integer("action", 0)]).await?.says(&["alice offers a draw."]);
    tour.command(BOB, "draw", vec![integer("action", 2)]).await?.says(&["bob declined the draw offer."]);
    let resigned = tour.click(BOB, &moved.button("resign")?).await?;
    resigned.says(&["1-0 · alice wins by resignation."]);
    let files: Vec<&str> = resigned.first.files.iter().map(|f| f.filename.as_str()).collect();
    assert!(resigned.first.files.iter().any(|f| f.is_gif) && files.iter().any(|f| f.ends_with(".pgn")), "{files:?}");

    // A rematch, accepted, drawn by the buttons.
    let rematch = resigned.button("rematch")?;
    let offered = tour.click(ALICE, &rematch).await?;
    offered.says(&["Rematch! alice challenges bob to Chess. bob plays White."]);
    let again = tour.click(BOB, &offered.button("accept")?).await?;
    again.says(&["bob (White) vs alice (Black) · Chess"]);
    let offered = tour.click(BOB, &again.button("draw-offer")?).await?;
    let drawn = tour.click(ALICE, &offered.button("draw-accept")?).await?;
    drawn.says(&["1/2-1/2 · Draw by agreement."]);
    tour.command(CAROL, "resign", vec![]).await?.says_privately(&["no game"]);
    Ok(tour)
}

pub async fn finished_games() -> Result<Tour> {
    let tour = Tour::start(quick()).await?;
    let challenge = tour.command(ALICE, "play", challenge_bob("chess")).await?;
    let started = tour.click(BOB, &challenge.button("accept")?).await?;
    let game = game_of(&started.button("resign")?)?;
    for (by, text) in [(ALICE, "f3"), (BOB, "e5"), (ALICE, "g4"), (BOB, "Qh4#")] {
        tour.command(by, "move", vec![string("text", text)]).await?;
    }
    tour.command(CAROL, "games", vec![]).await?.says(&[&format!("`#{game}`"), "alice vs bob · chess · 0-1"]);
    tour.command(CAROL, "games", vec![user("user", BOB)]).await?.says(&["bob's finished games", &format!("`#{game}`")]);
    let pgn = tour.command(CAROL, "pgn", vec![string("id", &game.to_string())]).await?;
    let all = pgn.all_text();
    assert!(all.contains("[White \"alice\"]") || pgn.first.files.iter().any(|f| f.filename.ends_with(".pgn")), "{all}");
    tour.command(CAROL, "pgn", vec![string("id", "x")]).await?.says_privately(&["`x` is not a game id."]);
    tour.command(CAROL, "pgn", vec![string("id", "99")]).await?.says_privately(&["There is no game #99 here."]);
    tour.command(BOB, "stats", vec![]).await?.says(&["Chess:", "1 win"]);
    tour.command(BOB, "stats", vec![user("user", ALICE)]).await?.says(&["Chess:", "1 loss"]);
    let board = tour.suggest(CAROL, "leaderboard", None, vec![crate::interactions::focused("variant", "c")]).await?;
    assert_eq!(board, ["chess"]);
    tour.command(CAROL, "leaderboard", vec![string("variant", "chess")]).await?.says(&["1. bob", "2. alice"]);
    tour.command(CAROL, "leaderboard", vec![string("variant", "checkers")]).await?.says_privately(&["checkers"]);
    tour.command(CAROL, "rules", vec![string("variant", "chess")]).await?.says(&["Standard chess"]);
    let review = tour.command(CAROL, "review", vec![]).await?;
    review.says(&[&format!("Review of `#{game}`"), "blunder"]);
    let replay = tour.command(CAROL, "replay", vec![string("id", &game.to_string())]).await?;
    replay.says(&[&format!("Replay of `#{game}`")]);
    assert!(replay.first.files.iter().any(|f| f.is_gif), "{:?}", replay.first.files);
    tour.command(CAROL, "verify", vec![]).await?.says(&["No table ledger of this channel has been revealed yet"]);
    Ok(tour)
}

/// New chess §12.2 (the position of bot/tests/newchess_knighting.rs): the
/// fool on c5 may be knighted on f8; `Ff8` is asked about privately, with a
/// button per reading, and the click plays it.
pub async fn the_promotion_question() -> Result<Tour> {
    const STAGE: &str = "k8j/S6P2/10/10/10/2F7/10/10/10/K8J[] w - 0 1";
    let tour = Tour::start(quick()).await?;
    let challenge = tour.command(ALICE, "play", challenge_bob("newchess")).await?;
    let started = tour.click(BOB, &challenge.button("accept")?).await?;
    tour.stage(|record| record.start = Some(STAGE.to_string()))?;
    // Each chooses with buttons only they see: Alice the E-king, Bob the F-king.
    let offer = tour.click(ALICE, &started.button("secret")?).await?;
    offer.says_privately(&[]);
    tour.click(ALICE, &offer.button("choose-1")?).await?.says_privately(&["Your secret choice"]);
    let offer = tour.click(BOB, &started.button("secret")?).await?;
    tour.click(BOB, &offer.button("choose-2")?).await?.says_privately(&["Your secret choice"]);

    let asked = tour.command(ALICE, "move", vec![string("text", "Ff8")]).await?;
    asked.says_privately(&["`Ff8+` may knight the piece or not. Which one?"]);
    let labels: Vec<String> = asked.first.data()["components"][0]["components"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|b| b["label"].as_str().map(str::to_string))
        .collect();
    assert_eq!(labels, ["Knight: Ff8^+", "Don't knight: Ff8+"]);
    tour.command(CAROL, "board", vec![]).await?.says(&["alice to move"]);
    let knight = asked.button("move")?;
    assert!(knight.ends_with(":c5f8^"), "{knight}");
    tour.click(ALICE, &knight).await?.says(&["1. Ff8^+"]);
    Ok(tour)
}

/// A one-minute clock runs out: the bot posts the fallen flag in the
/// channel by itself.
pub async fn a_fallen_flag() -> Result<Tour> {
    let tour = Tour::start(quick()).await?;
    let mut play = challenge_bob("chess");
    play.push(string("clock", "1+0"));
    let challenge = tour.command(ALICE, "play", play).await?;
    tour.click(BOB, &challenge.button("accept")?).await?;
    tour.command(ALICE, "move", vec![string("text", "e4")]).await?;
    tour.advance(61);
    let path = format!("/api/v10/channels/{}/messages", tour.channel);
    let flag = tour.fake().wait_for("the fallen flag", |c| c.method == Method::POST && c.path == path).await?;
    let text = shown(&flag);
    assert!(text.contains("1-0") && text.contains("time"), "{text}");
    Ok(tour)
}

/// Every answer deferred ("Rookery is thinking…"), as when the core is
/// slow: the edit carries the challenge's buttons, the finished game's PGN
/// and replay, and a private answer comes as a private follow-up.
pub async fn deferred_answers() -> Result<Tour> {
    let tour = Tour::start(ServeOptions { defer_after: Duration::ZERO, ..quick() }).await?;
    let challenge = tour.command(ALICE, "play", challenge_bob("chess")).await?;
    assert!(!challenge.deferred || challenge.first.method == Method::PATCH, "{:?}", challenge.first.path);
    challenge.says(&["alice challenges bob to Chess."]);
    let started = tour.click(BOB, &challenge.button("accept")?).await?;
    assert!(started.first.files.iter().any(|f| f.is_png), "the board in the edit");
    // A refusal can beat even a zero wait; when it did not, "thinking…" is
    // removed and the answer comes privately as a follow-up.
    let refused = tour.command(BOB, "move", vec![string("text", "e4")]).await?;
    refused.says_privately(&["not your turn"]);
    let thinking = format!("{}/messages/@original", webhook(refused.id));
    let removed = tour.fake().calls().iter().any(|c| c.method == Method::DELETE && c.path == thinking);
    assert_eq!(removed, refused.deferred, "thinking… removed exactly when shown");
    let resigned = tour.click(ALICE, &started.button("resign")?).await?;
    // The replay takes its time, so the answer is deferred unless the core
    // finished before the runtime first looked (a loaded machine can let the
    // blocking pool win even that race); either way the message carries the
    // result, its Rematch button, the PGN and the GIF.
    assert!(!resigned.deferred || resigned.first.method == Method::PATCH, "{:?}", resigned.first.path);
    assert!(challenge.deferred || started.deferred || resigned.deferred, "a zero wait defers the slow answers");
    resigned.says(&["0-1"]);
    resigned.button("rematch")?;
    let files = &resigned.first.files;
    assert!(files.iter().any(|f| f.is_gif) && files.iter().any(|f| f.filename.ends_with(".pgn")), "{files:?}");
    Ok(tour)
}

/// `/settings`, `/admin end` and `/admin backup`, by a moderator and by
/// someone who is not one.
pub async fn moderation() -> Result<Tour> {
    let backups = tempfile::tempdir()?;
    let config = BackupConfig { dir: backups.path().to_path_buf(), interval_minutes: 0, keep: 3 };
    let tour = Tour::start_with(quick(), |core| core.with_backups(config)).await?;
    tour.command(BOB, "settings", vec![]).await?.says(&["Game threads in this channel are off"]);
    tour.command(BOB, "settings", vec![integer("threads", 0)]).await?.says_privately(&["Only members who can manage"]);
    let open = vec![string("variant", "chess"), user("opponent", CAROL)];
    tour.command(BOB, "play", open).await?.says(&["bob challenges carol to Chess."]);
    tour.sub(BOB, "admin", "end", vec![]).await?.says_privately(&["Only moderators"]);
    tour.sub(ALICE, "admin", "end", vec![string("reason", "testing")]).await?.says(&["(moderator) cleared", "testing"]);
    tour.sub(BOB, "admin", "backup", vec![]).await?.says_privately(&["Only moderators"]);
    let taken = tour.sub(ALICE, "admin", "backup", vec![]).await?;
    taken.says_privately(&["Backup taken and verified by reading it back"]);
    assert!(!taken.text().contains(&backups.path().display().to_string()), "no operator's folders: {}", taken.text());
    assert_eq!(std::fs::read_dir(backups.path())?.count(), 1, "one backup file");
    let help = tour.command(CAROL, "help", vec![]).await?;
    help.says_privately(&["Rookery plays chess variants"]);
    assert!(help.all_text().contains("/tournament create swiss"), "{}", help.all_text());
    Ok(tour)
}
