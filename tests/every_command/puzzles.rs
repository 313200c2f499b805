//! The tour's puzzles: today's with its Hint button, wrong answers and the
//! right one (the line stored with the puzzle), a practice
//! puzzle, results, the leaderboard, and a schedule with its three
//! autocompletes (the time zone's at Discord's 25 choices).

use std::time::Duration;

use anyhow::Result;
use rookery::discord::ServeOptions;
use serde_json::json;

use super::Tour;
use crate::interactions::{boolean, focused, string, user, ALICE, BOB, CAROL, GUILD};

fn quick() -> ServeOptions {
    ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() }
}

pub async fn puzzles() -> Result<Tour> {
    let tour = Tour::start(quick()).await?;
    tour.sub(BOB, "puzzle", "hint", vec![]).await?.says_privately(&["There is no puzzle here today yet"]);
    let today = tour.sub(BOB, "puzzle", "today", vec![]).await?;
    today.says(&["Puzzle of 2023-11-14", "to move and mate in", "Nobody has solved it yet"]);
    assert!(today.first.files.iter().any(|f| f.is_png), "the puzzle's board");
    tour.click(BOB, &today.button("puzzle-hint")?).await?.says_privately(&["Hint: ", "moves"]);
    let wrong = tour.sub(BOB, "puzzle", "solve", vec![string("moves", "Kh1")]).await?;
    wrong.says_privately(&["Kh1"]);

    let games = tour.suggest(ALICE, "puzzle", Some("random"), vec![focused("game", "ch")]).await?;
    assert_eq!(games, ["chess"]);
    let practice = tour.sub(ALICE, "puzzle", "random", vec![string("game", "chess")]).await?;
    practice.says_privately(&["Practice puzzle · chess", "mate in"]);
    let daily = vec![string("moves", "Kh1"), boolean("daily", true)];
    tour.sub(ALICE, "puzzle", "solve", daily).await?.says_privately(&["Kh1"]);
    tour.sub(ALICE, "puzzle", "stats", vec![]).await?.says(&["alice"]);
    tour.sub(CAROL, "puzzle", "stats", vec![user("user", BOB)]).await?.says(&["bob"]);
    tour.sub(CAROL, "puzzle", "leaderboard", vec![]).await?.says(&["Nobody has solved a daily puzzle here yet"]);

    // Today's puzzle solved with the line it was stored with.
    let dailies = tour.core.storage().daily_puzzles(GUILD)?;
    let [daily] = dailies.as_slice() else { panic!("one daily puzzle so far: {}", dailies.len()) };
    let line = daily.puzzle.solution.join(" ");
    let solved = tour.sub(CAROL, "puzzle", "solve", vec![string("moves", &line)]).await?;
    solved.says_privately(&["Solved: ", "Your streak: 1 day (best 1 day, 1 solved in all)"]);
    assert!(solved.all_text().contains("carol is the first to solve today's puzzle!"), "{}", solved.all_text());
    let again = tour.sub(CAROL, "puzzle", "solve", vec![string("moves", &line)]).await?;
    again.says_privately(&["You have solved today's puzzle already"]);
    let board = tour.sub(BOB, "puzzle", "leaderboard", vec![]).await?;
    board.says(&["Daily puzzle leaderboard", "1. carol streak 1 (best 1) · 1 solved"]);
    assert!(!board.text().contains("bob") && !board.text().contains("alice"), "no solve of theirs: {}", board.text());
    tour.sub(BOB, "puzzle", "today", vec![]).await?.says(&["Solved by 1 so far, first by carol."]);

    // The schedule's autocompletes: the rotation's last game, the time zone.
    let rotation = tour.suggest(ALICE, "puzzle", Some("schedule"), vec![focused("variants", "chess,dr")]).await?;
    assert_eq!(rotation, ["chess,dragonchess"]);
    let zones = tour.suggest(ALICE, "puzzle", Some("schedule"), vec![focused("time_zone", "Europe/")]).await?;
    assert_eq!(zones.len(), 25, "Discord's most: {zones:?}");
    assert!(zones.iter().all(|zone| zone.starts_with("Europe/")), "{zones:?}");
    let puzzles = tour.channel + 7;
    let options = vec![
        json!({"name": "channel", "type": 7, "value": puzzles.to_string()}),
        string("time", "09:00"),
        string("variants", "chess,dragonchess"),
        string("time_zone", "Europe/Berlin"),
    ];
    // Manage Channels (bit 4) in the puzzle channel, as Discord resolves it.
    let resolved = |command: &mut serde_json::Value| {
        command["data"]["resolved"]["channels"] = json!({ puzzles.to_string(): {
            "id": puzzles.to_string(), "type": 0, "name": "puzzles", "permissions": (1u64 << 4).to_string(),
        }});
    };
    let set = tour.sub_with(ALICE, "puzzle", "schedule", options, resolved).await?;
    set.says(&[&format!("<#{puzzles}>"), "09:00 Europe/Berlin"]);
    Ok(tour)
}
