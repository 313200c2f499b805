//! The tour's replay over Discord's file limit: a game so long that its
//! animated GIF would be bigger than the bot sends in one message
//! ([`ATTACHMENT_MAX`]) ends, and `/replay` is asked for it; the players get
//! the game's end as a GIF that fits, the whole PGN and a note saying so,
//! never a refused upload.

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

/// Plays `plies` more moves of `game` without ending it: pieces wander at
/// random, capturing only when nothing else is legal, a pawn steps forward
/// before the seventy-five-move rule would end the game, and a move that
/// ends it (mate, repetition) is taken back and another tried.
fn extend(game: &mut Game, rng: &mut StdRng, plies: usize) -> Result<()> {
    for _ in 0..plies {
        let position = game.position();
        let before = pieces(position);
        // Whether a move captures, resets the quiet-move count (a pawn
        // step) or gives check.
        let kind_of = |mv| {
            let mut after = position.clone();
            after.make(mv);
            [pieces(&after) < before, after.halfmove_clock() == 0, after.is_check()]
        };
        let mut moves: Vec<_> = position.legal_moves().into_iter().map(|mv| (kind_of(mv), mv)).collect();
        // Pawn steps are few: kept for when the quiet-move count needs one.
        let pawn_due = position.halfmove_clock() > 100;
        let wishes = [[false, pawn_due, false], [false, !pawn_due, false]];
        let rank = |kind: &[bool; 3]| wishes.iter().position(|wish| wish == kind).unwrap_or(wishes.len());
        moves.sort_by_cached_key(|(kind, _)| (rank(kind), rng.random::<u32>()));
        let mut played = false;
        for (_, mv) in moves {
            game.apply(Action::Move(mv))?;
            if game.outcome().is_none() {
                played = true;
                break;
            }
            *game = game.without_last_moves(1).context("the move just played")?;
        }
        if !played {
            bail!("the game ended by force after {} moves", game.actions().len());
        }
    }
    Ok(())
}

/// A chess game whose replay GIF is about 30% over [`ATTACHMENT_MAX`]: a
/// sample sizes a frame, then the game grows to the length that needs.
fn oversized_game() -> Result<Game> {
    let mut rng = StdRng::seed_from_u64(34);
    let mut game = Game::new(Variant::Chess)?;
    extend(&mut game, &mut rng, SAMPLE_PLIES)?;
    let sample = game_gif(&game, false, Theme::Light, None)?.len();
    let per_ply = sample / SAMPLE_PLIES;
    let plies = ATTACHMENT_MAX * 13 / 10 / per_ply.max(1);
    extend(&mut game, &mut rng, plies.saturating_sub(SAMPLE_PLIES))?;
    Ok(game)
}

/// What a user sees of a replay too big to send whole: a GIF of the game's
/// end within the limit, and a note saying so. The number of moves it shows.
fn the_end_of_the_replay(answer: &Answer, plies: usize) -> Result<usize> {
    let files = &answer.first.files;
    let gif = files.iter().find(|f| f.is_gif).context("a GIF of the game's end")?;
    assert!(gif.size <= ATTACHMENT_MAX, "{gif:?}");
    assert!(files.iter().map(|f| f.size).sum::<usize>() <= UPLOAD_LIMIT, "{files:?}");
    answer.says(&["The whole replay would be", "more than Discord takes", "`/pgn` has the whole game."]);
    let text = answer.text();
    let shown = text.split("the GIF shows the last ").nth(1).and_then(|rest| rest.split(' ').next());
    let shown: usize = shown.context("how many moves the GIF shows")?.parse()?;
    assert!((10..plies).contains(&shown), "{shown} of {plies} moves: {text}");
    Ok(shown)
}

pub async fn an_oversized_replay() -> Result<Tour> {
    let game = oversized_game()?;
    let tour = Tour::start(ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() }).await?;
    let challenge = tour.command(ALICE, "play", vec![string("variant", "chess"), user("opponent", BOB)]).await?;
    tour.click(BOB, &challenge.button("accept")?).await?;
    let actions = game.record().actions;
    let plies = actions.len();
    tour.stage(|record| record.actions = actions.clone())?;

    let resigned = tour.command(ALICE, "resign", vec![]).await?;
    resigned.says(&["0-1 · bob wins by resignation."]);
    let shown = the_end_of_the_replay(&resigned, plies)?;
    let pgn = resigned.first.files.iter().find(|f| f.filename.ends_with(".pgn")).context("the whole game's PGN")?;
    assert!(pgn.size > plies, "the whole game: {pgn:?}");

    let replay = tour.command(BOB, "replay", vec![]).await?;
    // Without the final board and the PGN beside it, the GIF has more room.
    assert!(the_end_of_the_replay(&replay, plies)? >= shown, "at least as many moves as at the end");
    assert!(tour.fake().take_invalid().is_empty(), "every upload within Discord's limits");
    Ok(tour)
}
