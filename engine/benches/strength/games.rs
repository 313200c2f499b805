//! Whole games of any variant between two sides, through `Game`'s turn
//! protocol as the bot plays them: dice rolled on a seeded fair ledger,
//! secrets sealed and revealed, games that run long adjudicated on material.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_dice::{Ledger, LedgerId, ServerSeed};
use rookery_engine::game::{Action, Choice, Game};
use rookery_engine::player::{Decision, Player};
use rookery_engine::turns::commitment;
use rookery_engine::{Color, Variant};

use crate::stockfish::Stockfish;

/// Moves after which a game is scored by material (a draw within a pawn).
pub const LONGEST: usize = 240;
/// Random moves before either side thinks, so games differ.
pub const OPENING_MOVES: usize = 2;
/// Decisions after which a game is adjudicated whatever happened (rolls and
/// passes without moves).
const MOST_DECISIONS: usize = 4 * LONGEST;

/// One side of a game.
pub enum Side {
    Rookery(Box<Player>),
    Stockfish(Stockfish),
}

/// The game's dice and what the sides keep secret.
struct Table {
    ledger: Ledger,
    sealed: [Option<(String, String)>; 2],
    rng: StdRng,
}

/// How one game went: White's score (1, 0.5 or 0), how it ended, in how many moves.
pub struct Played {
    pub white_score: f64,
    pub ending: String,
    pub moves: usize,
}

/// One game of `variant`. `seed` draws the opening moves, the players'
/// random choices and the ledger's server seed.
pub fn play(variant: Variant, white: &mut Side, black: &mut Side, seed: u64) -> Played {
    let mut game = Game::new(variant).expect("a built variant");
    let mut server = [0u8; 32];
    server[..8].copy_from_slice(&seed.to_le_bytes());
    let id = LedgerId::new(&format!("ladder-{variant}-{seed}")).expect("a plain ledger id");
    let mut table = Table {
        ledger: Ledger::new(id, ServerSeed::from_bytes(server)),
        sealed: [None, None],
        rng: StdRng::seed_from_u64(seed),
    };
    let mut moves = 0;
    for _ in 0..MOST_DECISIONS {
        if game.outcome().is_some() || moves >= LONGEST {
            break;
        }
        let side = game.turn().expect("a running game").side;
        let mover = if side == Color::White { &mut *white } else { &mut *black };
        if step(&mut game, mover, &mut table, moves < OPENING_MOVES) {
            moves += 1;
        }
    }
    let (white_score, ending) = match game.outcome() {
        Some(outcome) => {
            let score = match outcome.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
            (score, outcome.reason.to_string())
        }
        None => (adjudicate(&game), "adjudicated on material".to_string()),
    };
    Played { white_score, ending, moves }
}

/// One decision of the side to move, applied; whether it was a move.
fn step(game: &mut Game, mover: &mut Side, table: &mut Table, opening: bool) -> bool {
    let turn = game.turn().expect("a running game");
    let side = turn.side;
    let index = side.fold(0, 1);
    if turn.choices == [Choice::Reveal] {
        let (option, nonce) = table.sealed[index].clone().expect("a sealed secret");
        game.apply(Action::Reveal { side, option, nonce }).expect("the sealed secret reveals");
        return false;
    }
    let decision = match mover {
        Side::Stockfish(stockfish) => Decision::Act(stockfish.pick(game)),
        Side::Rookery(player) => player.decide(game, side, &mut table.rng).expect("the player decides"),
    };
    match decision {
        Decision::Act(Action::Move(chosen)) => {
            let moves = game.position().legal_moves();
            let mv = if opening { moves[table.rng.random_range(0..moves.len())] } else { chosen };
            game.apply(Action::Move(mv)).expect("a legal move");
            true
        }
        Decision::Act(action) => {
            game.apply(action).expect("the player's action is legal");
            false
        }
        Decision::Roll { kind } => {
            let dice = game.position().rules().chance.expect("a dice game").kinds[kind].dice;
            let record = table.ledger.roll_dice(dice).expect("game dice roll");
            let faces = record.faces.iter().map(|face| face.face).collect();
            game.apply(Action::Roll { side, kind, faces }).expect("a rolled roll applies");
            false
        }
        Decision::Secret { option } => {
            let nonce = format!("{:016x}", table.rng.random::<u64>());
            let context = "strength-bench".to_string();
            let sealed = commitment(&context, side, &option, &nonce);
            game.apply(Action::ChooseSecret { side, context, commitment: sealed }).expect("a sealed choice");
            table.sealed[index] = Some((option, nonce));
            false
        }
    }
}

/// A game that ran too long goes to the side ahead by more than a pawn.
fn adjudicate(game: &Game) -> f64 {
    let values = rookery_engine::search::piece_values(game.position().rules());
    let material = |side| game.position().pieces(side).map(|(_, kind)| values[kind.0 as usize]).sum::<i32>();
    match material(Color::White) - material(Color::Black) {
        lead if lead > 100 => 1.0,
        lead if lead < -100 => 0.0,
        _ => 0.5,
    }
}

/// `first`'s score in each of `games` games of `variant`, colours
/// alternating; game `g` is played with seed `seed + g`.
pub fn match_results(variant: Variant, first: &mut Side, second: &mut Side, games: usize, seed: u64) -> Vec<f64> {
    (0..games)
        .map(|g| {
            let seed = seed + g as u64;
            let first_is_white = g % 2 == 0;
            let played =
                if first_is_white { play(variant, first, second, seed) } else { play(variant, second, first, seed) };
            let score = if first_is_white { played.white_score } else { 1.0 - played.white_score };
            // Progress on stderr, so a long match can be watched.
            eprintln!("{variant} game {}: {score} ({}, {} moves)", g + 1, played.ending, played.moves);
            score
        })
        .collect()
}

/// `first`'s total score over `games` games of `variant`.
pub fn match_score(variant: Variant, first: &mut Side, second: &mut Side, games: usize, seed: u64) -> f64 {
    match_results(variant, first, second, games, seed).iter().sum()
}
