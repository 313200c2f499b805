//! Labels generated positions with another engine's judgement instead of
//! (or beside) their games' results: a UCI engine searches each position to
//! a fixed depth, and its score becomes White's expected result. A game's
//! result says the same thing of forty positions, most of which it did not
//! decide; a deeper engine's score speaks of each position on its own, so
//! the fit needs far fewer positions.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Centipawns the scores are scaled by: White's expected result is
/// `1 / (1 + 10^(−score / SCALE))`, the Elo curve with a pawn worth what it
/// usually is. The tuner fits its own scale K to whatever curve this draws.
const SCALE: f64 = 400.0;

struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(command: &str) -> Result<Engine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("no engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("{program}: {e}"))?;
        let input = child.stdin.take().ok_or("no engine input")?;
        let output = BufReader::new(child.stdout.take().ok_or("no engine output")?);
        let mut engine = Engine { child, input, output };
        engine.send("uci")?;
        engine.read_until("uciok")?;
        engine.send("setoption name Threads value 1")?;
        engine.send("isready")?;
        engine.read_until("readyok")?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}").and_then(|()| self.input.flush()).map_err(|e| e.to_string())
    }

    /// Reads lines up to one starting with `word`, returning the lines read before it.
    fn read_until(&mut self, word: &str) -> Result<Vec<String>, String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
                return Err(format!("the engine stopped before `{word}`"));
            }
            if line.starts_with(word) {
                return Ok(lines);
            }
            lines.push(line);
        }
    }

    /// The side to move's score of `fen` at `depth`: centipawns, or a mate
    /// as ±`MATE_SCORE`.
    fn score(&mut self, fen: &str, depth: u32) -> Result<i32, String> {
        self.send(&format!("position fen {fen}"))?;
        self.send(&format!("go depth {depth}"))?;
        let lines = self.read_until("bestmove")?;
        lines.iter().rev().find_map(|line| score_of(line)).ok_or_else(|| format!("no score for {fen}"))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// What a mate counts as, beyond any centipawn score that matters.
const MATE_SCORE: i32 = 10_000;

/// The score an `info` line gives, if any.
fn score_of(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace().skip_while(|word| *word != "score").skip(1);
    let unit = words.next()?;
    let value: i32 = words.next()?.parse().ok()?;
    match unit {
        "cp" => Some(value),
        "mate" => Some(if value > 0 { MATE_SCORE } else { -MATE_SCORE }),
        _ => None,
    }
}

/// Writes each `position text | result` line of `input` to `output` as
/// `position text | label`, the label being `mix` parts the game's result
/// and `1 − mix` parts the expected result that `engine`'s score at `depth`
/// gives White.
pub fn label(engine: &str, depth: u32, input: &str, output: &str, mix: f64) -> Result<(), String> {
    let mut engine = Engine::start(engine)?;
    let text = std::fs::read_to_string(input).map_err(|e| format!("{input}: {e}"))?;
    let mut out = std::fs::File::create(output).map_err(|e| format!("{output}: {e}"))?;
    let started = std::time::Instant::now();
    for (count, line) in text.lines().enumerate() {
        let Some((fen, result)) = line.rsplit_once(" | ") else { continue };
        let result: f64 = result.trim().parse().map_err(|_| format!("not a result: {line}"))?;
        let black_to_move = fen.split_whitespace().nth(1) == Some("b");
        let score = engine.score(fen, depth)?;
        let white = f64::from(if black_to_move { -score } else { score });
        let expected = 1.0 / (1.0 + 10f64.powf(-white / SCALE));
        writeln!(out, "{fen} | {:.4}", mix * result + (1.0 - mix) * expected).map_err(|e| e.to_string())?;
        if (count + 1) % 10_000 == 0 {
            eprintln!("{} positions labelled in {:.0} s", count + 1, started.elapsed().as_secs_f64());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(score_of("info depth 8 seldepth 10 multipv 1 score cp -35 nodes 2000 pv e2e4"), Some(-35));
        assert_eq!(score_of("info depth 12 score mate -3 nodes 9 pv a1a2"), Some(-MATE_SCORE));
        assert_eq!(score_of("info depth 3 currmove e2e4 currmovenumber 1"), None);
    }
}
