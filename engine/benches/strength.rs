//! How strong Rookery's player is, in fast chess games: each level against the
//! one below it, and the top level against Stockfish limited to some Elo.
//! Targets: level k+1 scores at least 60% against level k; the top level
//! scores at least 50% against Stockfish at the same time per move.
//!
//! `cargo bench -p rookery-engine --bench strength [-- GAMES [MILLIS [ELO]] [ladder|stockfish]]`:
//! GAMES per match (default 40), MILLIS per move against Stockfish (default
//! 100), Stockfish's `UCI_Elo` (default 1800), and `ladder` or `stockfish`
//! to run only that part; the score comes with two standard errors either
//! side and the Elo difference it implies. The ladder gives
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

/// `first`'s score in each of `games` games, colours alternating.
fn match_results(first: &mut dyn Mover, second: &mut dyn Mover, games: usize, rng: &mut StdRng) -> Vec<f64> {
    (0..games)
        .map(|index| {
            let score = if index % 2 == 0 { play(first, second, rng) } else { 1.0 - play(second, first, rng) };
            // Progress on stderr, so a long match can be watched: game number and score.
            eprintln!("game {}: {score}", index + 1);
            score
        })
        .collect()
}

/// `first`'s total score over `games` games, colours alternating.
fn match_score(first: &mut dyn Mover, second: &mut dyn Mover, games: usize, rng: &mut StdRng) -> f64 {
    match_results(first, second, games, rng).iter().sum()
}

/// A match's result as a score with its uncertainty.
struct Summary {
    points: f64,
    wins: usize,
    draws: usize,
    losses: usize,
    /// The mean score per game, 0 to 1.
    fraction: f64,
    /// The standard error of `fraction`, from the games' own spread.
    standard_error: f64,
}

impl Summary {
    fn of(results: &[f64]) -> Summary {
        let games = results.len().max(1) as f64;
        let points: f64 = results.iter().sum();
        let fraction = points / games;
        let variance = results.iter().map(|r| (r - fraction).powi(2)).sum::<f64>() / games;
        let count = |value: f64| results.iter().filter(|&&r| r == value).count();
        Summary {
            points,
            wins: count(1.0),
            draws: count(0.5),
            losses: count(0.0),
            fraction,
            standard_error: (variance / games).sqrt(),
        }
    }

    /// The Elo difference the score implies, with the range two standard
    /// errors either side imply (an all-won or all-lost match has no finite one).
    fn elo_text(&self) -> String {
        let elo = |p: f64| {
            if p <= 0.0 || p >= 1.0 {
                None
            } else {
                Some(-400.0 * (1.0 / p - 1.0).log10())
            }
        };
        let show = |p: f64| {
            elo(p).map_or_else(|| if p <= 0.0 { "-inf".into() } else { "+inf".into() }, |e| format!("{e:+.0}"))
        };
        let margin = 2.0 * self.standard_error;
        format!("{} (from {} to {})", show(self.fraction), show(self.fraction - margin), show(self.fraction + margin))
    }
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
    let elo = numbers.get(2).copied().unwrap_or(1800) as u32;
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
    match Stockfish::start(&path, elo, movetime) {
        Ok(mut stockfish) => {
            let mut top = player(8, movetime);
            let results = match_results(&mut top, &mut stockfish, games, &mut rng);
            let summary = Summary::of(&results);
            println!(
                "  level 8 vs Stockfish UCI_Elo {elo} at {} ms a move: {}/{games} = {:.1}% +- {:.1}% \
                 (2 standard errors; +{} ={} -{}), Elo difference {} (target >= 50%)",
                movetime.as_millis(),
                summary.points,
                100.0 * summary.fraction,
                100.0 * 2.0 * summary.standard_error,
                summary.wins,
                summary.draws,
                summary.losses,
                summary.elo_text(),
            );
        }
        Err(error) => {
            println!("  level 8 vs Stockfish: SKIPPED, cannot start {path} ({error}); apt-get install -y stockfish")
        }
    }
}
