//! Time to review a game with the default settings (a node budget per move),
//! as `/review` runs it: a 60-move chess game and a 20-move Dragonchess game,
//! both played by the searcher against itself at depth 2, and a 60-move Luck
//! Dragon game (dice: one move deep). No target; the figures go to the report.
//!
//! `cargo bench -p rookery-engine --bench review`

use std::time::Instant;

use rookery_engine::game::{Action, Game};
use rookery_engine::review::{review, ReviewSettings};
use rookery_engine::search::Searcher;
use rookery_engine::Variant;

/// Up to `plies` moves of self-play at depth 2.
fn self_play(variant: Variant, plies: usize) -> Game {
    let mut game = Game::new(variant).expect("built in");
    let mut searcher = Searcher::new(game.position().rules());
    while game.moves_san().len() < plies && game.outcome().is_none() {
        let mut position = game.position().scratch();
        let Some(best) = searcher.search(&mut position, 2).best else { break };
        game.apply(Action::Move(best)).expect("the searcher's move is legal");
    }
    game
}

fn main() {
    for (variant, plies) in [(Variant::Chess, 120), (Variant::Dragonchess, 40), (Variant::LuckDragon, 120)] {
        let game = self_play(variant, plies);
        let started = Instant::now();
        let reviews = review(&game, &ReviewSettings::default()).expect("the game replays");
        let elapsed = started.elapsed().as_secs_f64();
        let marked = reviews.iter().filter(|r| r.judgement.is_some()).count();
        println!(
            "review {variant}: {} plies in {elapsed:.2} s ({:.0} ms a move), {marked} marked",
            reviews.len(),
            elapsed * 1000.0 / reviews.len().max(1) as f64
        );
    }
}
