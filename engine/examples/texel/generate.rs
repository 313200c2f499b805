//! Self-play positions for tuning: the player's searcher at a fixed shallow
//! depth plays games from random openings; the quiet positions of each game
//! are written with the game's result.

use std::io::Write;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::game::{Action, Choice, Game};
use rookery_engine::search::Searcher;
use rookery_engine::{Color, Variant};

/// Random moves at the start of a game, at least and at most.
const RANDOM_PLIES: (usize, usize) = (6, 10);
/// A game this long is stopped and counted a draw.
const LONGEST_PLIES: usize = 300;
/// A side whose searched score stays beyond this many centipawns...
const DECIDED: i32 = 1000;
/// ...for this many plies in a row is counted the winner (it would convert).
const DECIDED_PLIES: usize = 6;

/// One finished game: its quiet positions' texts and White's score.
pub struct Played {
    pub positions: Vec<String>,
    pub white_score: f64,
}

/// Plays one game of `variant` at `depth` plies, seeded by `seed`. Only games
/// whose turns are plain moves (no dice, secrets or passes) can be played.
pub fn play(variant: Variant, depth: u32, seed: u64) -> Result<Played, String> {
    let mut game = Game::new(variant).map_err(|e| e.to_string())?;
    let mut searcher = Searcher::new(game.position().rules()).positional();
    let mut rng = StdRng::seed_from_u64(seed);
    let random_plies = rng.random_range(RANDOM_PLIES.0..=RANDOM_PLIES.1);
    let mut positions = Vec::new();
    // Plies in a row White's score was beyond DECIDED, signed by who is ahead.
    let mut decided = (0usize, 0i32);
    for ply in 0..LONGEST_PLIES {
        let Some(turn) = game.turn() else { break };
        if turn.choices.iter().any(|choice| matches!(choice, Choice::ClaimDraw(_))) {
            return Ok(Played { positions, white_score: 0.5 });
        }
        if turn.choices != [Choice::Move] {
            return Err(format!("{variant} has turns other than moves; only such games can be generated"));
        }
        let mut position = game.position().clone();
        let moves = position.legal_moves();
        let mv = if ply < random_plies {
            moves[rng.random_range(0..moves.len())]
        } else {
            if searcher.quiet_score(&mut position).is_some() {
                positions.push(game.fen());
            }
            // Without the game's positions a side ahead shuffles into a third
            // occurrence, and a won game is labelled a draw.
            searcher.set_game(game.earlier_positions(), game.options());
            let result = searcher.search(&mut position, depth);
            let white = if position.turn() == Color::White { result.score } else { -result.score };
            let sign = white.signum();
            decided = if white.abs() >= DECIDED && sign == decided.1 { (decided.0 + 1, sign) } else { (1, sign) };
            if white.abs() >= DECIDED && decided.0 >= DECIDED_PLIES {
                return Ok(Played { positions, white_score: if sign > 0 { 1.0 } else { 0.0 } });
            }
            result.best.ok_or("a side to move without a move")?
        };
        game.apply(Action::Move(mv)).map_err(|e| e.to_string())?;
    }
    let white_score = match game.outcome().map(|outcome| outcome.winner) {
        Some(Some(Color::White)) => 1.0,
        Some(Some(Color::Black)) => 0.0,
        _ => 0.5,
    };
    Ok(Played { positions, white_score })
}

/// Plays `games` games with seeds `first_seed..`, appending each game's
/// positions to `out` as `position text | White's score` lines.
pub fn generate(variant: Variant, depth: u32, games: u64, first_seed: u64, out: &mut impl Write) -> Result<(), String> {
    let started = std::time::Instant::now();
    let mut written = 0;
    for seed in first_seed..first_seed + games {
        let played = play(variant, depth, seed)?;
        for text in &played.positions {
            writeln!(out, "{text} | {}", played.white_score).map_err(|e| e.to_string())?;
        }
        out.flush().map_err(|e| e.to_string())?;
        written += played.positions.len();
        eprintln!(
            "game {seed}: {} positions, White {}; {written} in {:.0} s",
            played.positions.len(),
            played.white_score,
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
