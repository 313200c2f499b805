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

/// Moves after which a game that its own rules have not ended is scored by
/// material (a draw within a pawn). Far above a typical game: a game cut
/// short is a draw that the stronger side might have won, and Guardener's
/// games, whose captures wait for a 1 on the dice, last twice as long as
/// chess's (a cap of 240, used before, ended 18 of 40 games of level 8
/// against level 6, 12 of them as draws).
pub const LONGEST: usize = 1000;
/// Random moves before either side thinks, so games differ.
pub const OPENING_MOVES: usize = 2;
/// Decisions per move allowed before a game is adjudicated whatever
/// happened (rolls and passes without moves).
const DECISIONS_PER_MOVE: usize = 4;

/// Which games a match plays: how many, the first one's seed (game g is
/// played with seed `first_seed + g`), and the moves after which a game is
/// adjudicated.
pub struct Schedule {
    pub games: usize,
    pub first_seed: u64,
    pub longest: usize,
}

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

/// One game of `variant`, adjudicated after `longest` moves. `seed` draws
/// the opening moves, the players' random choices and the ledger's server
/// seed.
pub fn play(variant: Variant, white: &mut Side, black: &mut Side, seed: u64, longest: usize) -> Played {
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
    for _ in 0..DECISIONS_PER_MOVE * longest {
        if game.outcome().is_some() || moves >= longest {
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
            (score, outcome.reason.describe(&game.position().rules().draws))
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

/// `first`'s score in each game of `variant` that `schedule` names, colours
/// alternating.
pub fn match_results(variant: Variant, first: &mut Side, second: &mut Side, schedule: &Schedule) -> Vec<f64> {
    (0..schedule.games)
        .map(|g| {
            let seed = schedule.first_seed + g as u64;
            let first_is_white = g % 2 == 0;
            let (white, black) = if first_is_white { (&mut *first, &mut *second) } else { (&mut *second, &mut *first) };
            let played = play(variant, white, black, seed, schedule.longest);
            let score = if first_is_white { played.white_score } else { 1.0 - played.white_score };
            // Progress on stderr, so a long match can be watched.
            eprintln!("{variant} game {}: {score} ({}, {} moves)", g + 1, played.ending, played.moves);
            score
        })
        .collect()
}

/// `first`'s total score over the games of `variant` that `schedule` names.
pub fn match_score(variant: Variant, first: &mut Side, second: &mut Side, schedule: &Schedule) -> f64 {
    match_results(variant, first, second, schedule).iter().sum()
}
