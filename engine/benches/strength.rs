//! How strong Rookery's player is, in fast chess games: each level against the
//! one below it, and the top level against Stockfish limited to 1800 Elo.
//! Targets: level k+1 scores at least 60% against level k; the top level
//! scores at least 50% against Stockfish at the same time per move.
//!
//! `cargo bench -p rookery-engine --bench strength [-- GAMES [MILLIS] [ladder|stockfish]]`:
//! GAMES per match (default 40), MILLIS per move against Stockfish (default
//! 100), and `ladder` or `stockfish` to run only that part; the ladder gives
//! each level a twentieth of its own budget. Stockfish
//! is `/usr/games/stockfish` (Debian's `stockfish` package) or `$STOCKFISH`;
//! without it that match is skipped and the bench says so.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::game::{Action, Game};
use rookery_engine::notation;
use rookery_engine::player::{Decision, Level, Player};
use rookery_engine::{Color, Variant};

/// Plies after which a game is scored by material (a draw within a pawn).
const LONGEST: usize = 240;
/// Random plies before either side thinks, so games differ.
const OPENING_PLIES: usize = 2;

/// Something that picks a chess move for the side to move.
trait Mover {
    fn pick(&mut self, game: &Game, rng: &mut StdRng) -> Action;
}

impl Mover for Player {
    fn pick(&mut self, game: &Game, rng: &mut StdRng) -> Action {
        let side = game.position().turn();
        match self.decide(game, side, rng).expect("chess always has a decision") {
            Decision::Act(action) => action,
            other => panic!("chess needs no {other:?}"),
        }
    }
}

/// Stockfish over UCI, at a fixed time per move.
struct Stockfish {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    movetime: Duration,
}

impl Stockfish {
    fn start(path: &str, elo: u32, movetime: Duration) -> std::io::Result<Stockfish> {
        let mut child = Command::new(path).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        let mut engine = Stockfish { child, input, output, movetime };
        engine.send("uci")?;
        engine.wait_for("uciok")?;
        engine.send("setoption name Threads value 1")?;
        engine.send("setoption name UCI_LimitStrength value true")?;
        engine.send(&format!("setoption name UCI_Elo value {elo}"))?;
        engine.send("isready")?;
        engine.wait_for("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> std::io::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    fn wait_for(&mut self, prefix: &str) -> std::io::Result<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other("stockfish closed its output"));
            }
            if line.starts_with(prefix) {
                return Ok(line.trim().to_string());
            }
        }
    }
}

impl Mover for Stockfish {
    fn pick(&mut self, game: &Game, _: &mut StdRng) -> Action {
        let position = game.position();
        self.send(&format!("position fen {}", game.fen())).expect("stockfish takes positions");
        self.send(&format!("go movetime {}", self.movetime.as_millis())).expect("stockfish searches");
        let line = self.wait_for("bestmove").expect("stockfish answers");
        let uci = line.split_whitespace().nth(1).unwrap_or_default();
        let mv = position
            .legal_moves()
            .into_iter()
            .find(|&mv| notation::coordinates(position, mv) == uci)
            .unwrap_or_else(|| panic!("stockfish's {uci} is not legal in {}", game.fen()));
        Action::Move(mv)
    }
}

impl Drop for Stockfish {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// White's score in one game: 1, 0.5 or 0.
fn play(white: &mut dyn Mover, black: &mut dyn Mover, rng: &mut StdRng) -> f64 {
    let mut game = Game::new(Variant::Chess).expect("chess is built in");
    for _ in 0..OPENING_PLIES {
        let moves = game.position().legal_moves();
        game.apply(Action::Move(moves[rng.random_range(0..moves.len())])).expect("a legal move");
    }
    while game.outcome().is_none() && game.moves_san().len() < LONGEST {
        let mover: &mut dyn Mover = if game.position().turn() == Color::White { white } else { black };
        let action = mover.pick(&game, rng);
        game.apply(action).expect("movers play legal moves");
    }
    match game.outcome() {
        Some(outcome) => match outcome.winner {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        },
        None => adjudicate(&game),
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

/// `first`'s score over `games` games, colours alternating.
fn match_score(first: &mut dyn Mover, second: &mut dyn Mover, games: usize, rng: &mut StdRng) -> f64 {
    (0..games).map(|index| if index % 2 == 0 { play(first, second, rng) } else { 1.0 - play(second, first, rng) }).sum()
}

fn player(level: u8, budget: Duration) -> Player {
    Player::new(Variant::Chess, Level::new(level).expect("1..=8")).expect("chess is built in").with_budget(budget)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let numbers: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
    // `ladder` or `stockfish` runs only that part; both run by default.
    let only = |part: &str| !args.iter().any(|a| a == "ladder" || a == "stockfish") || args.iter().any(|a| a == part);
    let games = numbers.first().copied().unwrap_or(40) as usize;
    let movetime = Duration::from_millis(numbers.get(1).copied().unwrap_or(100));
    let mut rng = StdRng::seed_from_u64(2026);
    println!(
        "strength: {games} chess games per match, {OPENING_PLIES} random opening plies, adjudicated at {LONGEST} plies"
    );
    for level in (1..8u8).filter(|_| only("ladder")) {
        let (low, high) = (Level::new(level).expect("1..=8"), Level::new(level + 1).expect("1..=8"));
        let mut weaker = player(level, low.budget() / 20);
        let mut stronger = player(level + 1, high.budget() / 20);
        let score = match_score(&mut stronger, &mut weaker, games, &mut rng);
        println!(
            "  level {} vs level {level}: {score}/{games} = {:.0}% (target >= 60%)",
            level + 1,
            100.0 * score / games as f64
        );
    }
    if !only("stockfish") {
        return;
    }
    let path = std::env::var("STOCKFISH").unwrap_or_else(|_| "/usr/games/stockfish".to_string());
    match Stockfish::start(&path, 1800, movetime) {
        Ok(mut stockfish) => {
            let mut top = player(8, movetime);
            let score = match_score(&mut top, &mut stockfish, games, &mut rng);
            println!(
                "  level 8 vs Stockfish UCI_Elo 1800 at {} ms a move: {score}/{games} = {:.0}% (target >= 50%)",
                movetime.as_millis(),
                100.0 * score / games as f64
            );
        }
        Err(error) => {
            println!("  level 8 vs Stockfish: SKIPPED, cannot start {path} ({error}); apt-get install -y stockfish")
        }
    }
}
