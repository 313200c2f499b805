//! What a console line asks for: the same commands as on Discord, typed as
//! words, and `/as NAME` to speak as another player.

use rookery_engine::variant::Variant;
use sha2::{Digest, Sha256};

use super::CHANNEL;
use crate::core::{
    AliasCommand, AliasScope, Command, DiceCommand, DrawAction, HintOf, PuzzleCommand, StatsPeriod, TakebackAction,
    User,
};

/// What one line asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// Speak as this user from now on.
    As(String),
    Run(Command),
    /// `/choose` alone: ask for the secret choice without echoing it.
    ChooseHidden,
    Quit,
    Nothing,
}

/// A console player by name. The id is derived from the name (case aside),
/// so `bob` is the same player in every run of the console, whoever else was
/// named first. Whoever sits at the console runs Rookery, so every console
/// user may manage the channel (schedule the daily puzzle, for one).
pub fn user(name: &str) -> User {
    let name = name.trim_start_matches('@').to_string();
    if name.eq_ignore_ascii_case("rookery") {
        return rookery();
    }
    let digest = Sha256::digest(format!("rookery console player\0{}", name.to_lowercase()));
    let mut id = [0u8; 8];
    id.copy_from_slice(&digest[..8]);
    // 52 bits, never 0 and far below Rookery's own id.
    let id = (u64::from_be_bytes(id) >> 12).max(1);
    User { id, name, can_manage_channel: true }
}

/// Rookery's own account in the console: `/play chess rookery` plays the engine.
pub fn rookery() -> User {
    User { id: ROOKERY_ID, name: "Rookery".into(), can_manage_channel: false }
}

/// The console's id for Rookery, above every id a name is given.
const ROOKERY_ID: u64 = u64::MAX;

/// Reads one console line.
pub fn parse_line(line: &str) -> Result<Line, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return Ok(Line::Nothing);
    }
    let Some(rest) = line.strip_prefix('/') else {
        // A bare line is a move: the most common thing typed at a board.
        return Ok(Line::Run(Command::Move { text: line.to_string() }));
    };
    let (verb, args) = rest.split_once(char::is_whitespace).map_or((rest, ""), |(v, a)| (v, a.trim()));
    let (args, seed) = if matches!(verb, "play" | "accept") { seed_part(args) } else { (args, None) };
    let words: Vec<&str> = args.split_whitespace().collect();
    let one_of = |options: &[&str]| -> Result<usize, String> {
        let word = words.first().copied().unwrap_or("");
        options.iter().position(|o| *o == word).ok_or_else(|| format!("/{verb} takes one of: {}", options.join(", ")))
    };
    let command = match verb {
        "as" if words.len() == 1 && user(words[0]).id == ROOKERY_ID => {
            return Err(
                "Rookery plays its own moves; you cannot speak for it. Play it with /play chess rookery 3".into()
            )
        }
        "as" if words.len() == 1 => return Ok(Line::As(words[0].trim_start_matches('@').to_string())),
        "as" => return Err("say who: /as alice".into()),
        "quit" | "exit" => return Ok(Line::Quit),
        "play" => {
            // A custom start (`lineup=custom:<position>`) is the rest of the
            // line: position text has spaces and numbers of its own.
            let (args, custom) = match args.find("=custom:") {
                Some(at) => {
                    let name_starts = args[..at].rfind(char::is_whitespace).map_or(0, |i| i + 1);
                    (&args[..name_starts], Some(&args[name_starts..]))
                }
                None => (args, None),
            };
            let words: Vec<&str> = args.split_whitespace().collect();
            let variant =
                words.first().ok_or("say which variant: /play chess [@opponent] [days per move] [options]")?;
            let is_rookery = |w: &str| w.trim_start_matches('@').eq_ignore_ascii_case("rookery");
            // `@bob`, or a bare `bob` that is no option of the variant: people
            // type names without the `@` too.
            let option_names: Vec<&str> = variant
                .parse::<Variant>()
                .ok()
                .and_then(|v| v.rules().ok())
                .map_or(Vec::new(), |rules| rules.options.iter().map(|o| o.name).collect());
            let is_name = |w: &str| {
                w.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '.')
                    && w.parse::<u32>().is_err()
                    && !option_names.contains(&w)
            };
            let named = words[1..].iter().copied().find(|w| w.starts_with('@') || is_rookery(w));
            let named = named.or_else(|| words[1..].iter().copied().find(|w| is_name(w)));
            let opponent = named.map(user);
            let engine = opponent.as_ref().is_some_and(|o| o.id == ROOKERY_ID);
            let is_level = |w: &str| w.starts_with("level:") || w.starts_with("level=");
            // Against Rookery a bare number is its level; otherwise days per move.
            let number = words.iter().find_map(|w| w.parse::<u32>().ok());
            let level = words.iter().find(|w| is_level(w)).map(|w| &w[6..]);
            let level = match (level, engine) {
                (Some(text), _) => Some(text.parse::<u8>().map_err(|_| "a level is a number from 1 to 8")?),
                (None, true) => number.map(|n| u8::try_from(n).unwrap_or(u8::MAX)),
                (None, false) => None,
            };
            let days = number.filter(|_| !engine);
            let is_clock = |w: &str| w.starts_with("clock:") || w.starts_with("clock=");
            let clock = words.iter().find(|w| is_clock(w)).map(|w| w[6..].to_string());
            // Any other word is an option of the variant (`dwarf_reversal`, `quiet_plies=0`).
            let options: Vec<&str> = words[1..]
                .iter()
                .copied()
                .filter(|w| Some(*w) != named && w.parse::<u32>().is_err() && !is_clock(w) && !is_level(w))
                .chain(custom)
                .collect();
            let options = (!options.is_empty()).then(|| options.join(","));
            Command::Play { variant: variant.to_string(), opponent, move_days: days, options, clock }.with_level(level)
        }
        "accept" => Command::Accept,
        "decline" => Command::Decline,
        "move" if !args.is_empty() => Command::Move { text: args.to_string() },
        "move" => return Err("say which move: /move e4".into()),
        "board" => Command::Board,
        "abort" => Command::Abort,
        "rematch" => Command::Rematch,
        "games" => Command::Games { user: words.first().map(|w| user(w)) },
        "pgn" if !args.is_empty() => Command::Pgn { id: args.to_string() },
        "pgn" => return Err("say which game: /pgn 12 (/games lists them)".into()),
        "replay" => Command::Replay { id: words.first().map(|w| (*w).to_string()) },
        "review" => Command::Review { id: words.first().map(|w| (*w).to_string()) },
        "resign" => Command::Resign,
        "draw" => Command::Draw(
            [DrawAction::Offer, DrawAction::Accept, DrawAction::Decline, DrawAction::Claim]
                [one_of(&["offer", "accept", "decline", "claim"])?],
        ),
        "takeback" => Command::Takeback(
            [TakebackAction::Request, TakebackAction::Accept, TakebackAction::Decline]
                [one_of(&["request", "accept", "decline"])?],
        ),
        "roll" if args.is_empty() => Command::RollForGame,
        "roll-second" => Command::RollSecondForGame,
        "pass" => Command::Pass,
        "choose" if !args.is_empty() => Command::Choose { option: args.to_string() },
        "choose" => return Ok(Line::ChooseHidden),
        "roll" => {
            let sealed = args.ends_with(" sealed");
            Command::Roll { expression: args.trim_end_matches(" sealed").to_string(), sealed, entropy: None }
        }
        "seed" => Command::Seed { text: args.to_string() },
        "verify" => Command::Verify,
        "game" => Command::Game,
        "stats" => Command::Stats { user: words.first().map(|w| user(w)) },
        "leaderboard" => Command::Leaderboard { variant: words.first().unwrap_or(&"chess").to_string() },
        "rules" => Command::Rules { variant: words.first().unwrap_or(&"chess").to_string() },
        "help" => Command::Help,
        "puzzle" => Command::Puzzle(puzzle_command(&words, args)?),
        "button" => crate::core::ButtonAction::parse_custom_id(args).ok_or("no such button")?,
        "dice" => Command::Dice(match words.first() {
            Some(&"dialect") => DiceCommand::Dialect { name: words.get(1).map(|w| (*w).to_string()) },
            Some(&"history") => DiceCommand::History,
            Some(&"stats") => dice_stats(&words[1..])?,
            _ => {
                return Err(
                    "/dice takes dialect [rookery|avrae|maiden], history, or stats [player] [dN] [today|week|all]"
                        .into(),
                )
            }
        }),
        "alias" => Command::Dice(DiceCommand::Alias(alias_command(&words, args)?)),
        "admin" if words.first() == Some(&"end") => {
            let reason = args.strip_prefix("end").unwrap_or_default().trim();
            Command::AdminEnd { reason: (!reason.is_empty()).then(|| reason.to_string()) }
        }
        "admin" if words.first() == Some(&"backup") => Command::AdminBackup,
        "admin" => return Err("/admin takes: end [reason], or backup".into()),
        "settings" => Command::Settings {
            threads: match (words.first(), words.get(1)) {
                (None, _) => None,
                (Some(&"threads"), Some(&"on")) => Some(true),
                (Some(&"threads"), Some(&"off")) => Some(false),
                _ => return Err("/settings takes: threads on|off".into()),
            },
        },
        "moves" => Command::Moves,
        other => return Err(format!("there is no /{other}; type /help")),
    };
    Ok(Line::Run(command.with_seed(seed)))
}

/// `args` without its `seed:TEXT`, and the seed: the rest of the line after
/// `seed:`, since a seed may hold spaces (`/accept seed:my lucky words`).
fn seed_part(args: &str) -> (&str, Option<String>) {
    let starts_word = |at: usize| at == 0 || args[..at].ends_with(char::is_whitespace);
    match args.match_indices("seed:").map(|(at, _)| at).find(|at| starts_word(*at)) {
        Some(at) => (args[..at].trim_end(), Some(args[at + "seed:".len()..].trim().to_string())),
        None => (args, None),
    }
}

/// `/dice stats [player] [dN] [today|week|all]`, in any order.
fn dice_stats(words: &[&str]) -> Result<DiceCommand, String> {
    let (mut who, mut die, mut period) = (None, None, StatsPeriod::AllTime);
    for word in words {
        let faces = word.strip_prefix('d').or_else(|| word.strip_prefix('D')).and_then(|n| n.parse::<u32>().ok());
        match (*word, faces) {
            (_, Some(0 | 1)) => return Err(format!("a die has at least 2 faces, not `{word}`")),
            (_, Some(faces)) => die = Some(faces),
            ("today" | "day", _) => period = StatsPeriod::Day,
            ("week", _) => period = StatsPeriod::Week,
            ("all" | "alltime" | "all-time", _) => period = StatsPeriod::AllTime,
            (name, None) if who.is_none() => who = Some(user(name)),
            (other, None) => return Err(format!("/dice stats takes [player] [dN] [today|week|all], not `{other}`")),
        }
    }
    Ok(DiceCommand::Stats { user: who, die, period })
}

/// A level named by its word: `mine`, `channel`, `server`.
fn alias_scope(word: &str) -> Option<AliasScope> {
    match word.trim_start_matches("scope:") {
        "mine" | "user" | "me" => Some(AliasScope::User),
        "channel" => Some(AliasScope::Channel),
        "server" => Some(AliasScope::Server),
        _ => None,
    }
}

/// `/alias set NAME ROLL [mine|channel|server]`, `/alias remove NAME [level]`,
/// `/alias list`, `/alias export`, `/alias import [level] LINES` (lines
/// separated by `|`). The level is the user's own unless named; changing the
/// channel's or the server's needs Manage Channels, which the console's
/// players have.
fn alias_command(words: &[&str], args: &str) -> Result<AliasCommand, String> {
    let rest = |n: usize| args.splitn(n + 1, ' ').nth(n).unwrap_or("").trim().to_string();
    Ok(match words.first() {
        Some(&"set") if words.len() >= 3 => {
            let mut roll = rest(2);
            // A level last, outside any `# label`: `/alias set fireball 8d6 channel`.
            let last = words.last().copied().filter(|_| words.len() >= 4).and_then(alias_scope);
            let scope = match last {
                Some(scope) if !roll.contains('#') => {
                    roll = roll.rsplit_once(' ').map_or(roll.as_str(), |(before, _)| before).trim().to_string();
                    scope
                }
                _ => AliasScope::User,
            };
            AliasCommand::Set { scope, name: words[1].to_string(), roll }
        }
        Some(&"remove") if words.len() == 2 || words.len() == 3 => {
            let scope = match words.get(2) {
                None => AliasScope::User,
                Some(word) => alias_scope(word).ok_or("say which saved rolls: mine, channel or server")?,
            };
            AliasCommand::Remove { scope, name: words[1].to_string() }
        }
        Some(&"list") => AliasCommand::List,
        Some(&"export") => AliasCommand::Export,
        Some(&"import") => {
            let (scope, lines) = match words.get(1).and_then(|w| alias_scope(w)) {
                Some(scope) => (scope, rest(2)),
                None => (AliasScope::User, rest(1)),
            };
            AliasCommand::Import { scope, text: lines.replace(" | ", "\n") }
        }
        _ => {
            return Err("/alias takes set NAME ROLL [mine|channel|server], remove NAME [level], list, export or \
                        import [level] LINES (separated by |)"
                .into())
        }
    })
}

/// `/puzzle [today]`, `/puzzle solve [today] MOVES`, `/puzzle random [GAME]`,
/// `/puzzle hint`, `/puzzle stats [PLAYER]`, `/puzzle leaderboard` and
/// `/puzzle schedule TIME [ZONE] [VARIANTS]`, which posts in the console's channel.
fn puzzle_command(words: &[&str], args: &str) -> Result<PuzzleCommand, String> {
    let rest = |word: &str| args.strip_prefix(word).unwrap_or("").trim().to_string();
    Ok(match words.first().copied() {
        Some("today") if words.len() > 1 => {
            return Err(format!(
                "/puzzle today takes no variant: it shows the one puzzle of the day (`{}` is not used). \
                 /puzzle schedule chooses which variants take turns.",
                words[1..].join(" ")
            ))
        }
        None | Some("today") => PuzzleCommand::Today,
        Some("solve") if words.get(1) == Some(&"today") && words.len() > 2 => {
            PuzzleCommand::SolveToday { moves: rest("solve").strip_prefix("today").unwrap_or("").trim().to_string() }
        }
        Some("solve") if words.len() > 1 => PuzzleCommand::Solve { moves: rest("solve") },
        Some("solve") => return Err("say your moves: /puzzle solve Qxh7+ Rh3#".into()),
        Some("leaderboard") => PuzzleCommand::Leaderboard,
        Some("random") => PuzzleCommand::Random { variant: words.get(1).map(|w| (*w).to_string()) },
        Some("stats") => PuzzleCommand::Stats { user: words.get(1).map(|w| user(w)) },
        Some("hint") => PuzzleCommand::Hint { of: HintOf::Open },
        Some("schedule") if words.len() > 1 => {
            // A time zone is the word with a `/` in it (`Europe/Berlin`), or `UTC`.
            let is_zone = |w: &&str| w.contains('/') || w.eq_ignore_ascii_case("utc");
            let time_zone = words[2..].iter().find(|w| is_zone(w)).copied().unwrap_or_default().to_string();
            let rotation: Vec<&str> = words[2..].iter().filter(|w| !is_zone(w)).copied().collect();
            PuzzleCommand::Schedule {
                channel: CHANNEL.channel,
                time: words[1].to_string(),
                rotation: rotation.join(" "),
                time_zone,
            }
        }
        Some("schedule") => {
            return Err("say when: /puzzle schedule 09:00 [Europe/Berlin] [chess,dragonchess] or off".into())
        }
        Some(other) => {
            return Err(format!(
                "/puzzle takes today, solve [today], random [game], hint, stats [player], leaderboard or schedule, \
                 not `{other}`"
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_commands() {
        let bob = user("bob");
        assert_eq!(parse_line("  "), Ok(Line::Nothing));
        assert_eq!(parse_line("/as @carol"), Ok(Line::As("carol".into())));
        assert_eq!(parse_line("e4"), Ok(Line::Run(Command::Move { text: "e4".into() })));
        assert_eq!(parse_line("/move Nf3"), Ok(Line::Run(Command::Move { text: "Nf3".into() })));
        assert_eq!(
            parse_line("/play chess @bob 3"),
            Ok(Line::Run(Command::Play {
                variant: "chess".into(),
                opponent: Some(bob.clone()),
                move_days: Some(3),
                options: None,
                clock: None
            }))
        );
        assert_eq!(
            parse_line("/play dragonchess dwarf_reversal @bob quiet_plies=0"),
            Ok(Line::Run(Command::Play {
                variant: "dragonchess".into(),
                opponent: Some(bob.clone()),
                move_days: None,
                options: Some("dwarf_reversal,quiet_plies=0".into()),
                clock: None
            }))
        );
        assert_eq!(
            parse_line("/play dicelanding @bob die=PPPPPP lineup=custom:4k3/8/8/8/8/8/8/R7[K] w - - 0 1 -"),
            Ok(Line::Run(Command::Play {
                variant: "dicelanding".into(),
                opponent: Some(bob.clone()),
                move_days: None,
                options: Some("die=PPPPPP,lineup=custom:4k3/8/8/8/8/8/8/R7[K] w - - 0 1 -".into()),
                clock: None
            }))
        );
        assert_eq!(parse_line("/draw claim"), Ok(Line::Run(Command::Draw(DrawAction::Claim))));
        assert_eq!(
            parse_line("/roll 2d6+1 sealed"),
            Ok(Line::Run(Command::Roll { expression: "2d6+1".into(), sealed: true, entropy: None }))
        );
        assert_eq!(parse_line("/roll"), Ok(Line::Run(Command::RollForGame)));
        assert_eq!(parse_line("/roll-second"), Ok(Line::Run(Command::RollSecondForGame)));
        assert_eq!(
            parse_line("/play luckdragon lucky8=off @bob"),
            Ok(Line::Run(Command::Play {
                variant: "luckdragon".into(),
                opponent: Some(bob.clone()),
                move_days: None,
                options: Some("lucky8=off".into()),
                clock: None
            }))
        );
        assert_eq!(
            parse_line("/play luckdragon @bob seed:my lucky words"),
            Ok(Line::Run(Command::Seeded {
                seed: "my lucky words".into(),
                command: Box::new(Command::Play {
                    variant: "luckdragon".into(),
                    opponent: Some(bob.clone()),
                    move_days: None,
                    options: None,
                    clock: None
                })
            }))
        );
        assert_eq!(
            parse_line("/accept seed: 42 "),
            Ok(Line::Run(Command::Seeded { seed: "42".into(), command: Box::new(Command::Accept) }))
        );
        assert_eq!(parse_line("/accept"), Ok(Line::Run(Command::Accept)));
        assert_eq!(parse_line("/quit"), Ok(Line::Quit));
        assert_eq!(parse_line("/choose"), Ok(Line::ChooseHidden));
        assert_eq!(parse_line("/choose F"), Ok(Line::Run(Command::Choose { option: "F".into() })));
        assert!(parse_line("/draw maybe").unwrap_err().contains("offer, accept, decline, claim"));
        assert!(parse_line("/dance").unwrap_err().contains("no /dance"));
        assert!(parse_line("/play").is_err());
        assert_eq!(user("bob"), bob, "the same name is the same user");
        assert_eq!(user("@Bob").id, bob.id, "whatever the case or @");
        assert_ne!(user("carol").id, bob.id);
        assert_ne!(user("carol").id, rookery().id);
        assert!(parse_line("/as Rookery").unwrap_err().contains("Rookery plays its own moves"));
        // A name without @ is the opponent, an option's name is an option.
        assert_eq!(
            parse_line("/play dragonchess bob dwarf_reversal"),
            Ok(Line::Run(Command::Play {
                variant: "dragonchess".into(),
                opponent: Some(bob.clone()),
                move_days: None,
                options: Some("dwarf_reversal".into()),
                clock: None
            }))
        );
        let stats = |line: &str| match parse_line(line) {
            Ok(Line::Run(Command::Dice(DiceCommand::Stats { user, die, period }))) => {
                (user.map(|u| u.name), die, period)
            }
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(stats("/dice stats alice d20"), (Some("alice".into()), Some(20), StatsPeriod::AllTime));
        assert_eq!(stats("/dice stats bob"), (Some("bob".into()), None, StatsPeriod::AllTime));
        assert_eq!(stats("/dice stats d6 today"), (None, Some(6), StatsPeriod::Day));
        assert_eq!(stats("/dice stats week"), (None, None, StatsPeriod::Week));
        assert!(parse_line("/dice stats d0").unwrap_err().contains("at least 2 faces"));
        let alias = |line: &str| match parse_line(line) {
            Ok(Line::Run(Command::Dice(DiceCommand::Alias(alias)))) => alias,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(
            alias("/alias set fireball 8d6 channel"),
            AliasCommand::Set { scope: AliasScope::Channel, name: "fireball".into(), roll: "8d6".into() }
        );
        assert_eq!(
            alias("/alias set hit 1d20 # server"),
            AliasCommand::Set { scope: AliasScope::User, name: "hit".into(), roll: "1d20 # server".into() },
            "a word in a label is the label's"
        );
        assert_eq!(
            alias("/alias remove fireball server"),
            AliasCommand::Remove { scope: AliasScope::Server, name: "fireball".into() }
        );
        assert_eq!(
            alias("/alias import channel a = 1d4 | b = 1d6"),
            AliasCommand::Import { scope: AliasScope::Channel, text: "a = 1d4\nb = 1d6".into() }
        );
        let puzzle = |line: &str| parse_line(line);
        assert_eq!(puzzle("/puzzle"), Ok(Line::Run(Command::Puzzle(PuzzleCommand::Today))));
        assert_eq!(
            puzzle("/puzzle solve 1. Qxh7+ Kxh7 2. Rh3#"),
            Ok(Line::Run(Command::Puzzle(PuzzleCommand::Solve { moves: "1. Qxh7+ Kxh7 2. Rh3#".into() })))
        );
        assert_eq!(
            puzzle("/puzzle schedule 09:00 chess dragonchess"),
            Ok(Line::Run(Command::Puzzle(PuzzleCommand::Schedule {
                channel: CHANNEL.channel,
                time: "09:00".into(),
                rotation: "chess dragonchess".into(),
                time_zone: String::new(),
            })))
        );
        assert_eq!(
            puzzle("/puzzle schedule 09:00 chess Europe/Berlin dragonchess"),
            Ok(Line::Run(Command::Puzzle(PuzzleCommand::Schedule {
                channel: CHANNEL.channel,
                time: "09:00".into(),
                rotation: "chess dragonchess".into(),
                time_zone: "Europe/Berlin".into(),
            })))
        );
        assert!(puzzle("/puzzle solve").is_err());
        assert!(puzzle("/puzzle dance").unwrap_err().contains("today, solve"));
        assert_eq!(puzzle("/puzzle hint"), Ok(Line::Run(Command::Puzzle(PuzzleCommand::Hint { of: HintOf::Open }))));
        assert_eq!(
            puzzle("/puzzle solve today Qh5 Rh8#"),
            Ok(Line::Run(Command::Puzzle(PuzzleCommand::SolveToday { moves: "Qh5 Rh8#".into() })))
        );
        assert_eq!(
            puzzle("/puzzle random dragonchess"),
            Ok(Line::Run(Command::Puzzle(PuzzleCommand::Random { variant: Some("dragonchess".into()) })))
        );
        assert_eq!(
            puzzle("/puzzle stats @bob"),
            Ok(Line::Run(Command::Puzzle(PuzzleCommand::Stats { user: Some(user("bob")) })))
        );
        assert!(puzzle("/puzzle today dragonchess").unwrap_err().contains("takes no variant"));
        assert_eq!(
            parse_line("/play chess @bob clock:5+3"),
            Ok(Line::Run(Command::Play {
                variant: "chess".into(),
                opponent: Some(bob.clone()),
                move_days: None,
                options: None,
                clock: Some("5+3".into())
            }))
        );
    }
}
