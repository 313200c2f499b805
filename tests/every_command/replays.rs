//! The tour's replay over Discord's file limit: a game so long that its
//! animated GIF would be bigger than the bot sends in one message
//! ([`ATTACHMENT_MAX`]) ends, and `/replay` is asked for it; the players get
//! the PGN and a note saying why there is no GIF, never a refused upload.

use std::time::Duration;

use anyhow::{bail, Context as _, Result};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery::discord::ServeOptions;
use rookery::replay::{game_gif, ATTACHMENT_MAX};
use rookery_engine::game::{Action, Game};
use rookery_engine::position::Position;
use rookery_engine::{Color, Variant};
use rookery_render::Theme;

use super::{Answer, Tour};
use crate::fake_discord::checks::UPLOAD_LIMIT;
use crate::interactions::{string, user, ALICE, BOB};

/// Plies in the sample that sizes a replay frame.
const SAMPLE_PLIES: usize = 200;

fn pieces(position: &Position) -> usize {
    Color::ALL.into_iter().map(|side| position.pieces(side).count()).sum()
}

/// A chess game of `plies` moves that has not ended, the same for the same
/// `plies` prefix: pieces wander at random, capturing only when nothing else
/// is legal, a pawn steps forward before the seventy-five-move rule would end
/// the game, and no move that ends it (mate, repetition) is played.
fn long_game(plies: usize) -> Result<Game> {
    let mut rng = StdRng::seed_from_u64(34);
    let mut game = Game::new(Variant::Chess)?;
    for ply in 0..plies {
        let before = pieces(game.position());
        // Each move that keeps the game going: whether it captures, whether it
        // resets the quiet-move count (a pawn step), whether it gives check.
        let mut going = Vec::new();
        for mv in game.position().legal_moves() {
            let mut next = game.clone();
            next.apply(Action::Move(mv))?;
            if next.outcome().is_none() {
                let after = next.position();
                going.push((mv, [pieces(after) < before, after.halfmove_clock() == 0, after.is_check()]));
            }
        }
        // Pawn steps are few: kept for when the quiet-move count needs one.
        let pawn_due = game.position().halfmove_clock() > 100;
        let wishes = [[false, pawn_due, false], [false, !pawn_due, false]];
        let wished = wishes.iter().map(|wish| going.iter().filter(|(_, kind)| kind == wish).collect::<Vec<_>>());
        let Some(pool) = wished.chain([going.iter().collect()]).find(|pool| !pool.is_empty()) else {
            bail!("the game ended by force at ply {ply}");
        };
        let (mv, _) = pool[rng.random_range(0..pool.len())];
        game.apply(Action::Move(*mv))?;
    }
    Ok(game)
}

fn gif_size(game: &Game) -> Result<usize> {
    Ok(game_gif(game, false, Theme::Light, Some("0-1 · Black wins by resignation"))?.len())
}

/// What a user sees instead of a GIF too big to send.
fn says_the_replay_is_too_big(answer: &Answer) {
    let files = &answer.first.files;
    assert!(!files.iter().any(|f| f.is_gif), "no GIF over the limit: {files:?}");
    assert!(files.iter().map(|f| f.size).sum::<usize>() <= UPLOAD_LIMIT, "{files:?}");
    answer.says(&["The replay GIF came out at", "more than Discord takes", "`/pgn` has the whole game."]);
}

pub async fn an_oversized_replay() -> Result<Tour> {
    // The sample sizes a frame; the game is long enough for 30% over the limit.
    let per_ply = gif_size(&long_game(SAMPLE_PLIES)?)? / SAMPLE_PLIES;
    let game = long_game(ATTACHMENT_MAX * 13 / 10 / per_ply.max(1))?;
    let size = gif_size(&game)?;
    assert!(size > ATTACHMENT_MAX, "the replay must not fit: {size} bytes");

    let tour = Tour::start(ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() }).await?;
    let challenge = tour.command(ALICE, "play", vec![string("variant", "chess"), user("opponent", BOB)]).await?;
    tour.click(BOB, &challenge.button("accept")?).await?;
    let actions = game.record().actions;
    let plies = actions.len();
    tour.stage(|record| record.actions = actions.clone())?;

    let resigned = tour.command(ALICE, "resign", vec![]).await?;
    resigned.says(&["0-1 · bob wins by resignation."]);
    says_the_replay_is_too_big(&resigned);
    let pgn = resigned.first.files.iter().find(|f| f.filename.ends_with(".pgn")).context("the PGN instead")?;
    assert!(pgn.size > plies, "the whole game: {pgn:?}");

    let replay = tour.command(BOB, "replay", vec![]).await?;
    says_the_replay_is_too_big(&replay);
    assert!(tour.fake().take_invalid().is_empty(), "every upload within Discord's limits");
    Ok(tour)
}
