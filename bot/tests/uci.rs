//! `rookery uci` as chess software drives it: the protocol through the
//! library with scripted input, and the binary under python-chess's engine
//! module, a real UCI client that checks every line and every move it gets
//! (skipped, saying so, when `python3` or its `chess` package is missing).

use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};

use rookery_engine::game::{parse_action, Game};
use rookery_engine::player::Level;
use rookery_engine::Variant;

/// The engine's answers to `input`, line by line. A line `<bestmove>` is not
/// sent: it waits until the engine has answered the `go` before it with
/// `bestmove`, as an interface waits before its next command.
fn session(input: &str) -> Vec<String> {
    let written: Arc<Mutex<Vec<u8>>> = Arc::default();
    let out: rookery::uci::Out = Arc::new(Mutex::new(Shared(written.clone())));
    let script =
        Script { lines: input.lines().map(str::to_owned).rev().collect(), written: written.clone(), waited: 0 };
    rookery::uci::run(std::io::BufReader::new(script), out).expect("the session runs");
    let bytes = written.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap().lines().map(str::to_owned).collect()
}

/// What the engine wrote so far.
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The interface's side: lines to send, last first.
struct Script {
    lines: Vec<String>,
    written: Arc<Mutex<Vec<u8>>>,
    /// The `<bestmove>` lines passed so far.
    waited: usize,
}

impl std::io::Read for Script {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let Some(line) = self.lines.pop() else { return Ok(0) };
        if line == "<bestmove>" {
            self.waited += 1;
            let answered = |w: &Vec<u8>| String::from_utf8_lossy(w).matches("bestmove ").count() >= self.waited;
            while !answered(&self.written.lock().unwrap()) {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            return self.read(buffer);
        }
        let bytes = format!("{line}\n").into_bytes();
        // Lines are short; one read takes one whole line.
        buffer[..bytes.len()].copy_from_slice(&bytes);
        Ok(bytes.len())
    }
}

#[test]
fn the_handshake_names_the_engine_and_its_options() {
    let lines = session("uci\nisready\nquit\n");
    assert!(lines[0].starts_with("id name Rookery"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "option name Skill Level type spin default 8 min 1 max 8"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("option name UCI_Variant type combo default chess var chess")));
    let ok = lines.iter().position(|l| l == "uciok").expect("uciok");
    assert_eq!(lines[ok + 1], "readyok");
}

/// The lowest and highest chess ratings of Rookery's levels.
fn rating_range() -> (u32, u32) {
    let rating = |level: Level| level.elo(Variant::Chess).expect("chess levels are rated");
    (rating(Level::WEAKEST), rating(Level::TOP))
}

#[test]
fn limited_strength_is_offered_within_the_levels_ratings() {
    let lines = session("uci\nquit\n");
    let (lowest, highest) = rating_range();
    assert!(lowest < highest);
    assert!(lines.iter().any(|l| l == "option name UCI_LimitStrength type check default false"), "{lines:?}");
    let elo = format!("option name UCI_Elo type spin default {highest} min {lowest} max {highest}");
    assert!(lines.contains(&elo), "{lines:?}");
}

#[test]
fn a_limited_strength_plays_the_nearest_rated_level() {
    let (lowest, _) = rating_range();
    // The top level is the searcher and reports its iterations; a lower
    // level is the player, which does not.
    let limited = format!(
        "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value {lowest}\n\
         go depth 2\n<bestmove>\nquit\n"
    );
    let lines = session(&limited);
    assert!(lines.iter().any(|l| l.starts_with("bestmove ")), "{lines:?}");
    assert!(!lines.iter().any(|l| l.starts_with("info depth")), "the weakest level played: {lines:?}");
    let unlimited = format!(
        "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value {lowest}\n\
         setoption name UCI_LimitStrength value false\ngo depth 2\n<bestmove>\nquit\n"
    );
    let lines = session(&unlimited);
    assert!(lines.iter().any(|l| l.starts_with("info depth")), "Skill Level 8 played again: {lines:?}");
    assert_eq!(Level::nearest_chess_elo(lowest), Level::WEAKEST);
}

#[test]
fn use_network_switches_chess_between_its_two_evaluations() {
    let lines = session("uci\nquit\n");
    assert!(lines.iter().any(|l| l == "option name Use Network type check default true"), "{lines:?}");
    // The score of the same two-ply search, as each evaluation sees it.
    let scored = |options: &str| {
        let script = format!(
            "{options}position fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 9\n\
             go depth 2\n<bestmove>\nquit\n"
        );
        let lines = session(&script);
        let last = lines.iter().rfind(|l| l.starts_with("info depth 2 ")).cloned();
        (last.expect("an iteration two plies deep").split(" nodes").next().unwrap().to_owned(), lines)
    };
    let (network, _) = scored("");
    let (terms, _) = scored("setoption name Use Network value false\n");
    assert_ne!(network, terms, "switched off, the terms score the position");
    let (again, _) = scored("setoption name Use Network value false\nsetoption name Use Network value true\n");
    assert_eq!(again, network);
    let (kept, lines) = scored("setoption name Use Network value maybe\n");
    assert!(lines.iter().any(|l| l == "info string Use Network is true or false"), "{lines:?}");
    assert_eq!(kept, network, "a value it does not know changes nothing");
}

#[test]
fn a_rating_out_of_range_is_explained_and_changes_nothing() {
    let (lowest, highest) = rating_range();
    let script = format!(
        "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value {}\n\
         setoption name UCI_LimitStrength value maybe\ngo depth 2\n<bestmove>\nquit\n",
        lowest - 1
    );
    let lines = session(&script);
    let said = format!("info string UCI_Elo is a rating from {lowest} to {highest}");
    assert!(lines.contains(&said), "{lines:?}");
    assert!(lines.iter().any(|l| l == "info string UCI_LimitStrength is true or false"), "{lines:?}");
    // UCI_Elo stayed at its default, the top level's rating: the searcher plays.
    assert!(lines.iter().any(|l| l.starts_with("info depth")), "{lines:?}");
}

#[test]
fn a_mate_is_found_reported_and_played() {
    let lines = session("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n<bestmove>\nquit\n");
    assert!(lines.iter().any(|l| l.starts_with("info depth 1 score mate 1 ") && l.ends_with("pv a1a8")), "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("bestmove")).collect::<Vec<_>>(), ["bestmove a1a8"]);
}

#[test]
fn an_infinite_search_answers_only_when_stopped() {
    let lines = session("position startpos moves e2e4\ngo infinite\nisready\nstop\nquit\n");
    let ready = lines.iter().position(|l| l == "readyok").expect("readyok while thinking");
    let best = lines.iter().position(|l| l.starts_with("bestmove ")).expect("bestmove after stop");
    assert!(ready < best, "isready is answered during the search: {lines:?}");
    assert_eq!(lines.iter().filter(|l| l.starts_with("bestmove")).count(), 1);
}

#[test]
fn wrong_input_is_explained_and_changes_nothing() {
    let lines = session(
        "position startpos moves e2e5\nsetoption name Skill Level value 9\nsetoption name UCI_Variant value newchess\n\
         go depth 1\n<bestmove>\nquit\n",
    );
    assert!(lines.iter().any(|l| l.starts_with("info string move e2e5 refused")), "{lines:?}");
    assert!(lines.iter().any(|l| l == "info string Skill Level is a level from 1 to 8"), "{lines:?}");
    let secret = "info string UCI_Variant newchess is not offered over UCI: its secret choices could not be kept from the engine";
    assert!(lines.iter().any(|l| l == secret), "{lines:?}");
    // Still chess from the start: a first move of White's.
    let best = lines.iter().find_map(|l| l.strip_prefix("bestmove ")).expect("a move");
    assert!(best.ends_with('3') || best.ends_with('4'), "{best}");
}

/// The `bestmove` answers of a session, in order.
fn answers(lines: &[String]) -> Vec<&str> {
    lines.iter().filter_map(|l| l.strip_prefix("bestmove ")).collect()
}

/// A game of `variant` after these actions, as Rookery's records write them.
fn game_after(variant: Variant, actions: &[&str]) -> Game {
    let mut game = Game::new(variant).expect("a built variant");
    for text in actions {
        let action = parse_action(game.position(), text).expect("a readable action");
        game.apply(action).expect("a legal action");
    }
    game
}

/// Whether `word` is a legal move of `game` in UCI coordinates.
fn is_legal_move(game: &Game, word: &str) -> bool {
    let position = game.position();
    position.legal_moves().iter().any(|mv| rookery_engine::notation::coordinates(position, *mv) == word)
}

#[test]
fn the_dice_games_are_offered_and_secret_ones_are_not() {
    let lines = session("uci\nquit\n");
    let combo = lines.iter().find(|l| l.starts_with("option name UCI_Variant")).expect("the variant option");
    for offered in ["chess", "dragonchess", "luckdragon", "guardener", "dicelanding"] {
        assert!(combo.contains(&format!("var {offered}")), "{combo}");
    }
    assert!(!combo.contains("newchess"), "New chess's secret kings cannot be kept from the engine: {combo}");
}

#[test]
fn a_roll_is_asked_for_and_played_from_the_position() {
    // Guardener's turns start with 2d4, which the engine never rolls itself.
    let lines = session(
        "setoption name UCI_Variant value guardener\nposition startpos\ngo movetime 100\n<bestmove>\n\
         position startpos moves roll:1,2\ngo movetime 100\n<bestmove>\nquit\n",
    );
    let said = "info string White rolls 2d4: send the faces as roll:roll:a,b";
    assert!(lines.iter().any(|l| l == said), "{lines:?}");
    let answered = answers(&lines);
    assert_eq!(answered[0], "roll:roll", "{lines:?}");
    // After 1 and 2 (no double), a move the roll allows, and not the one pass.
    let rolled = game_after(Variant::Guardener, &["roll white 1,2"]);
    assert!(is_legal_move(&rolled, answered[1]), "{} after the roll: {lines:?}", answered[1]);

    // The roll may also end the position text; the pass is `0000`.
    let fen = Game::new(Variant::Guardener).expect("Guardener").fen();
    let script = format!(
        "setoption name UCI_Variant value guardener\nposition fen {fen} roll:1,2 moves 0000\n\
         go movetime 100\n<bestmove>\nquit\n"
    );
    let lines = session(&script);
    assert!(lines.iter().any(|l| l.starts_with("info string Black rolls 2d4")), "White passed: {lines:?}");
    assert_eq!(answers(&lines), ["roll:roll"]);
}

#[test]
fn a_wrong_roll_is_explained_and_changes_nothing() {
    // The Luck Dice only in check (Luck Dragon), a face off the die.
    let lines = session(
        "setoption name UCI_Variant value luckdragon\nposition startpos moves roll:3,5,8\n\
         position startpos moves roll:9\ngo movetime 100\n<bestmove>\nquit\n",
    );
    let refusals: Vec<&String> = lines.iter().filter(|l| l.starts_with("info string roll:")).collect();
    assert_eq!(refusals.len(), 2, "{lines:?}");
    assert!(refusals[0].contains("only be rolled while your king is in check"), "{lines:?}");
    // Still the start: a legal first move, or the engine's choice to try its Lucky 8.
    let start = Game::new(Variant::LuckDragon).expect("Luck Dragon");
    let best = answers(&lines)[0];
    assert!(best == "roll:lucky8" || is_legal_move(&start, best), "{best}: {lines:?}");
}

#[test]
fn a_lucky_roll_is_played_and_answered_with_a_move() {
    let lines =
        session("setoption name UCI_Variant value luckdragon\nposition startpos moves roll:lucky8:8\ngo movetime 100\n<bestmove>\nquit\n");
    let after = game_after(Variant::LuckDragon, &["roll white lucky8 8"]);
    let best = answers(&lines)[0];
    assert!(is_legal_move(&after, best), "{best}: {lines:?}");
}

/// Plays Rookery against itself through python-chess at two skill levels,
/// analyses a position, and prints what it saw; python-chess raises on any
/// malformed line or illegal move.
const CLIENT: &str = r#"
import sys, chess, chess.engine
engine = chess.engine.SimpleEngine.popen_uci([sys.argv[1], "uci"])
assert engine.id["name"].startswith("Rookery"), engine.id
assert "Skill Level" in engine.options and "UCI_Variant" in engine.options
info = engine.analyse(chess.Board("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), chess.engine.Limit(depth=3))
assert info["score"].white().mate() == 1, info
assert info["pv"][0] == chess.Move.from_uci("a1a8"), info
board = chess.Board()
weak = chess.engine.SimpleEngine.popen_uci([sys.argv[1], "uci"])
weak.configure({"Skill Level": 2})
rated = engine.options["UCI_Elo"]
assert rated.min < rated.max, rated
engine.configure({"UCI_LimitStrength": True, "UCI_Elo": rated.max})
while not board.is_game_over() and board.ply() < 60:
    player = engine if board.turn == chess.WHITE else weak
    result = player.play(board, chess.engine.Limit(time=0.05))
    board.push(result.move)
print("played", board.ply(), board.fen())
engine.quit()
weak.quit()
"#;

#[test]
fn python_chess_plays_and_analyses_with_it() {
    let available = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !available {
        eprintln!(
            "SKIPPED: python3 with the chess package is missing (pip install chess); the UCI client test did not run"
        );
        return;
    }
    let output =
        Command::new("python3").args(["-c", CLIENT, env!("CARGO_BIN_EXE_rookery")]).output().expect("python3 runs");
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "python-chess refused the engine: {said}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(said.starts_with("played "), "{said}");
}

/// cutechess-cli, the match runner engine testers use: `$CUTECHESS_CLI`, or
/// `cutechess-cli` on the path.
fn cutechess_cli() -> Option<String> {
    let program = std::env::var("CUTECHESS_CLI").unwrap_or_else(|_| "cutechess-cli".to_owned());
    let runs = Command::new(&program).arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status();
    runs.is_ok_and(|s| s.success()).then_some(program)
}

#[test]
fn cutechess_cli_runs_a_match_without_a_protocol_fault() {
    let Some(program) = cutechess_cli() else {
        eprintln!(
            "SKIPPED: cutechess-cli is missing (no Debian package; build it from its source and set CUTECHESS_CLI); \
             the match-runner test did not run"
        );
        return;
    };
    let rookery = env!("CARGO_BIN_EXE_rookery");
    // Level 8 against level 2, two games with colours reversed, at ten
    // seconds and a tenth a move: cutechess-cli adjudicates any illegal move,
    // malformed line, stall or disconnection as a loss and says so.
    let output = Command::new(program)
        .args(["-engine", "name=top", &format!("cmd={rookery}"), "arg=uci"])
        .args(["-engine", "name=weak", &format!("cmd={rookery}"), "arg=uci", "option.Skill Level=2"])
        .args(["-each", "proto=uci", "tc=10+0.1", "-games", "2", "-repeat", "-recover"])
        .output()
        .expect("cutechess-cli runs");
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{said}\n{}", String::from_utf8_lossy(&output.stderr));
    let finished: Vec<&str> = said.lines().filter(|l| l.starts_with("Finished game")).collect();
    assert_eq!(finished.len(), 2, "{said}");
    for fault in ["illegal", "disconnects", "stalls", "crashed", "on time", "Unknown"] {
        assert!(!said.contains(fault), "cutechess-cli saw a fault ({fault}): {said}");
    }
}
