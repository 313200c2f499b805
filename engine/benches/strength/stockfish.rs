//! Stockfish over UCI at a limited strength and a fixed time per move.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::Duration;

use rookery_engine::game::{Action, Game};
use rookery_engine::notation;

/// `/usr/games/stockfish` (Debian's `stockfish` package) or `$STOCKFISH`.
pub fn path() -> String {
    std::env::var("STOCKFISH").unwrap_or_else(|_| "/usr/games/stockfish".to_string())
}

pub struct Stockfish {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    movetime: Duration,
}

impl Stockfish {
    pub fn start(path: &str, elo: u32, movetime: Duration) -> std::io::Result<Stockfish> {
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

    /// Stockfish's move in a chess game.
    pub fn pick(&mut self, game: &Game) -> Action {
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
