//! Rookery's chess PGN read back by an independent reader: python-chess.
//!
//! Each game is written with every tag Rookery writes, read with
//! `chess.pgn.read_game`, and must come back without errors, with the same
//! moves, final position, result and tags. The test is skipped, saying so,
//! when `python3` or its `chess` package is missing (`pip install chess`).

use std::io::Write;
use std::process::{Command, Stdio};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::game::{Action, Game};
use rookery_engine::pgn::{self, Tags};
use rookery_engine::{notation, Color, Variant};

/// Reads every game on stdin; prints per game: errors, result, the
/// Termination and Variant tags, the moves in SAN and the final FEN.
const READER: &str = r#"
import sys, chess.pgn
while True:
    game = chess.pgn.read_game(sys.stdin)
    if game is None:
        break
    board = game.end().board()
    moves = " ".join(node.san() for node in game.mainline())
    errors = "; ".join(str(e) for e in game.errors) or "-"
    h = game.headers
    print("|".join([errors, h["Result"], h.get("Termination", "?"), h.get("Variant", "?"), h.get("UTCTime", "?"), moves, board.fen()]))
"#;

fn python_chess_available() -> bool {
    Command::new("python3")
        .args(["-c", "import chess.pgn"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn read_with_python(pgn_text: &str) -> Vec<String> {
    let mut child = Command::new("python3")
        .args(["-c", READER])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    child.stdin.take().expect("stdin").write_all(pgn_text.as_bytes()).expect("write PGN");
    let out = child.wait_with_output().expect("python3 finishes");
    assert!(out.status.success(), "python-chess failed");
    String::from_utf8(out.stdout).expect("utf-8").lines().map(str::to_string).collect()
}

/// A game of random legal moves, ending by the rules or at `plies`, with a
/// resignation or a flag fall to finish some of them.
fn random_game(seed: u64, start: Option<&str>, plies: usize) -> Game {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = match start {
        Some(fen) => Game::from_fen(Variant::Chess, fen).unwrap(),
        None => Game::new(Variant::Chess).unwrap(),
    };
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let position = game.position();
        let legal = position.legal_moves();
        let side = position.turn();
        let san = notation::san_among(position, legal[rng.random_range(0..legal.len())], &legal);
        game.play_move(side, &san).unwrap();
    }
    if game.outcome().is_none() {
        let side = game.position().turn();
        match seed % 3 {
            0 => game.apply(Action::Resign(side)).unwrap(),
            1 => game.apply(Action::Timeout(side)).unwrap(),
            _ => {}
        }
    }
    game
}

#[test]
fn python_chess_reads_rookery_pgn_unchanged() {
    if !python_chess_available() {
        eprintln!("SKIPPED: python3 with the `chess` package is not installed (pip install chess)");
        return;
    }
    let starts = [None, Some("r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq - 3 8")];
    let mut games = Vec::new();
    for seed in 0..40u64 {
        games.push(random_game(seed, starts[seed as usize % 2], 60 + seed as usize * 7));
    }
    let mut text = String::new();
    for (i, game) in games.iter().enumerate() {
        let tags = Tags {
            event: Some("Rated chess game".into()),
            site: Some("Rookery on Discord".into()),
            date: Some("2026.11.23".into()),
            time: Some("16:05:09".into()),
            white: Some(format!("alice {i}")),
            black: Some("bob \"the rook\"".into()),
            time_control: Some("300+3".into()),
            abandoned: false,
        };
        text.push_str(&pgn::write(game, &tags));
        text.push('\n');
    }
    let read = read_with_python(&text);
    assert_eq!(read.len(), games.len(), "every game is read back");
    for (game, line) in games.iter().zip(&read) {
        let fields: Vec<&str> = line.split('|').collect();
        let result = game.outcome().map_or("*", |o| o.result());
        assert_eq!(fields[0], "-", "python-chess reports errors: {line}");
        assert_eq!(fields[1], result);
        let termination = match game.outcome() {
            None => "Unterminated",
            Some(o) if o.reason.to_string().contains("time") => "Time forfeit",
            Some(_) => "Normal",
        };
        assert_eq!(fields[2], termination);
        assert_eq!(fields[3], "Standard");
        assert_eq!(fields[4], "16:05:09");
        assert_eq!(fields[5], game.moves_san().join(" "), "python-chess's SAN of the moves it read");
        assert_eq!(fields[6], game.fen(), "the final position agrees");
    }
    // Both sides of the colour convention are covered.
    assert!(games.iter().any(|g| g.start_position().turn() == Color::Black));
}
