//! The lines a UCI graphical interface sends, read into commands. Unknown
//! commands and tokens are skipped, as the protocol asks of engines.

use std::time::Duration;

/// One line from the interface.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    Uci,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    NewGame,
    /// `position startpos|fen <text> [moves …]`; `fen: None` is the start.
    Position {
        fen: Option<String>,
        moves: Vec<String>,
    },
    Go(Go),
    Stop,
    PonderHit,
    Quit,
}

/// What `go` asks for; every field is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub white_time: Option<Duration>,
    pub black_time: Option<Duration>,
    pub white_increment: Option<Duration>,
    pub black_increment: Option<Duration>,
    pub moves_to_go: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub move_time: Option<Duration>,
    pub infinite: bool,
    pub ponder: bool,
}

/// Reads one line; `None` for a blank line or an unknown command.
pub fn parse(line: &str) -> Option<UciCommand> {
    let mut words = line.split_whitespace();
    // Engines skip unknown tokens before the command ("joho debug on" is "debug on").
    let command = loop {
        let word = words.next()?;
        if let Some(command) = command_of(word, &mut words) {
            break command;
        }
    };
    Some(command)
}

fn command_of<'a>(word: &str, rest: &mut impl Iterator<Item = &'a str>) -> Option<UciCommand> {
    Some(match word {
        "uci" => UciCommand::Uci,
        "debug" => UciCommand::Debug(rest.next() != Some("off")),
        "isready" => UciCommand::IsReady,
        "setoption" => set_option(rest)?,
        "ucinewgame" => UciCommand::NewGame,
        "position" => position(rest)?,
        "go" => UciCommand::Go(go(rest)),
        "stop" => UciCommand::Stop,
        "ponderhit" => UciCommand::PonderHit,
        "quit" => UciCommand::Quit,
        _ => return None,
    })
}

/// `setoption name <words> [value <words>]`: names and values may hold spaces.
fn set_option<'a>(rest: &mut impl Iterator<Item = &'a str>) -> Option<UciCommand> {
    if rest.next() != Some("name") {
        return None;
    }
    let (mut name, mut value): (Vec<&str>, Option<Vec<&str>>) = (Vec::new(), None);
    for word in rest {
        match &mut value {
            None if word == "value" => value = Some(Vec::new()),
            None => name.push(word),
            Some(value) => value.push(word),
        }
    }
    (!name.is_empty()).then(|| UciCommand::SetOption { name: name.join(" "), value: value.map(|v| v.join(" ")) })
}

fn position<'a>(rest: &mut impl Iterator<Item = &'a str>) -> Option<UciCommand> {
    let fen = match rest.next()? {
        "startpos" => None,
        "fen" => {
            let mut fields = Vec::new();
            for word in rest.by_ref() {
                if word == "moves" {
                    return Some(UciCommand::Position {
                        fen: Some(fields.join(" ")),
                        moves: rest.map(str::to_owned).collect(),
                    });
                }
                fields.push(word);
            }
            return Some(UciCommand::Position { fen: Some(fields.join(" ")), moves: Vec::new() });
        }
        _ => return None,
    };
    let moves = match rest.next() {
        Some("moves") => rest.map(str::to_owned).collect(),
        _ => Vec::new(),
    };
    Some(UciCommand::Position { fen, moves })
}

fn go<'a>(rest: &mut impl Iterator<Item = &'a str>) -> Go {
    let mut go = Go::default();
    let mut rest = rest.peekable();
    while let Some(word) = rest.next() {
        let mut number = || rest.next_if(|w| w.parse::<i64>().is_ok()).and_then(|w| w.parse::<i64>().ok());
        // Interfaces may send a negative time left when a clock ran over: none left.
        let millis = |n: Option<i64>| n.map(|n| Duration::from_millis(n.max(0) as u64));
        match word {
            "wtime" => go.white_time = millis(number()),
            "btime" => go.black_time = millis(number()),
            "winc" => go.white_increment = millis(number()),
            "binc" => go.black_increment = millis(number()),
            "movestogo" => go.moves_to_go = number().and_then(|n| u32::try_from(n).ok()),
            "depth" => go.depth = number().and_then(|n| u32::try_from(n).ok()),
            "nodes" => go.nodes = number().and_then(|n| u64::try_from(n).ok()),
            "movetime" => go.move_time = millis(number()),
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            _ => {}
        }
    }
    go
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_are_read_as_interfaces_send_them() {
        assert_eq!(parse("uci"), Some(UciCommand::Uci));
        assert_eq!(parse("  isready  "), Some(UciCommand::IsReady));
        assert_eq!(parse("joho debug on"), Some(UciCommand::Debug(true)));
        assert_eq!(parse("nonsense"), None);
        assert_eq!(parse(""), None);
        assert_eq!(
            parse("setoption name Skill Level value 3"),
            Some(UciCommand::SetOption { name: "Skill Level".into(), value: Some("3".into()) })
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            Some(UciCommand::SetOption { name: "Clear Hash".into(), value: None })
        );
    }

    #[test]
    fn positions_carry_their_moves() {
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            Some(UciCommand::Position { fen: None, moves: vec!["e2e4".into(), "e7e5".into()] })
        );
        assert_eq!(
            parse("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8"),
            Some(UciCommand::Position {
                fen: Some("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".into()),
                moves: vec!["a1a8".into()]
            })
        );
        assert_eq!(parse("position startpos"), Some(UciCommand::Position { fen: None, moves: vec![] }));
        assert_eq!(parse("position"), None);
    }

    #[test]
    fn go_reads_every_limit() {
        let Some(UciCommand::Go(go)) = parse("go wtime 60000 btime -20 winc 1000 binc 1000 movestogo 12 depth 9")
        else {
            panic!("not a go")
        };
        assert_eq!(go.white_time, Some(Duration::from_secs(60)));
        assert_eq!(go.black_time, Some(Duration::ZERO), "a clock run over is no time left");
        assert_eq!((go.moves_to_go, go.depth), (Some(12), Some(9)));
        let Some(UciCommand::Go(go)) = parse("go infinite searchmoves e2e4") else { panic!("not a go") };
        assert!(go.infinite);
        let Some(UciCommand::Go(go)) = parse("go nodes 5000 movetime 100 ponder") else { panic!("not a go") };
        assert_eq!((go.nodes, go.move_time, go.ponder), (Some(5000), Some(Duration::from_millis(100)), true));
    }
}
