//! The local console: one channel in the terminal, where anyone can type the
//! same commands as on Discord, as any user (`/as alice`). Pictures and files
//! are written to a folder and their paths printed. It reads a pipe too, one
//! command per line, and ends at the end of input, so it can be scripted.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use crate::core::{
    AliasCommand, AliasScope, Command, DiceCommand, DrawAction, Handler, Place, PuzzleCommand, Reply, Request,
    StatsPeriod, TakebackAction, User,
};

/// The console's single channel.
pub const CHANNEL: Place = Place { guild: 0, channel: 1 };

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

/// The console's users: named on first use, numbered in order of appearance.
/// Whoever sits at the console runs Rookery, so every console user may manage
/// the channel (schedule the daily puzzle, for one).
#[derive(Default)]
pub struct Users {
    names: Vec<String>,
}

/// Rookery's own account in the console: `/play chess rookery` plays the engine.
pub fn rookery() -> User {
    User { id: ROOKERY_ID, name: "Rookery".into(), can_manage_channel: false }
}

/// The console's id for Rookery, far from the numbers people get.
const ROOKERY_ID: u64 = u64::MAX;

impl Users {
    pub fn get(&mut self, name: &str) -> User {
        let name = name.trim_start_matches('@').to_string();
        if name.eq_ignore_ascii_case("rookery") {
            return rookery();
        }
        let index = match self.names.iter().position(|n| *n == name) {
            Some(i) => i,
            None => {
                self.names.push(name.clone());
                self.names.len() - 1
            }
        };
        User { id: index as u64 + 1, name, can_manage_channel: true }
    }
}

/// Reads one console line. `users` resolves `@name` arguments.
pub fn parse_line(line: &str, users: &mut Users) -> Result<Line, String> {
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
            let opponent = words.iter().find(|w| w.starts_with('@') || is_rookery(w)).map(|w| users.get(w));
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
                .filter(|w| {
                    !w.starts_with('@') && !is_rookery(w) && w.parse::<u32>().is_err() && !is_clock(w) && !is_level(w)
                })
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
        "games" => Command::Games { user: words.first().map(|w| users.get(w)) },
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
        "stats" => Command::Stats { user: words.first().map(|w| users.get(w)) },
        "leaderboard" => Command::Leaderboard { variant: words.first().unwrap_or(&"chess").to_string() },
        "rules" => Command::Rules { variant: words.first().unwrap_or(&"chess").to_string() },
        "help" => Command::Help,
        "puzzle" => Command::Puzzle(puzzle_command(&words, args)?),
        "button" => crate::core::ButtonAction::parse_custom_id(args).ok_or("no such button")?,
        "dice" => Command::Dice(match words.first() {
            Some(&"dialect") => DiceCommand::Dialect { name: words.get(1).map(|w| (*w).to_string()) },
            Some(&"history") => DiceCommand::History,
            Some(&"stats") => DiceCommand::Stats {
                user: None,
                die: words.get(1).and_then(|w| w.trim_start_matches('d').parse().ok()),
                period: StatsPeriod::AllTime,
            },
            _ => return Err("/dice takes dialect [rookery|avrae|maiden], history or stats [dN]".into()),
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

/// `/alias set NAME ROLL`, `/alias remove NAME`, `/alias list`, `/alias export`,
/// `/alias import NAME = ROLL; ...` (the console's aliases are the user's own).
fn alias_command(words: &[&str], args: &str) -> Result<AliasCommand, String> {
    let rest = |n: usize| args.splitn(n + 1, ' ').nth(n).unwrap_or("").trim().to_string();
    Ok(match words.first() {
        Some(&"set") if words.len() >= 3 => {
            AliasCommand::Set { scope: AliasScope::User, name: words[1].to_string(), roll: rest(2) }
        }
        Some(&"remove") if words.len() == 2 => {
            AliasCommand::Remove { scope: AliasScope::User, name: words[1].to_string() }
        }
        Some(&"list") => AliasCommand::List,
        Some(&"export") => AliasCommand::Export,
        Some(&"import") => AliasCommand::Import { scope: AliasScope::User, text: rest(1).replace(" | ", "\n") },
        _ => {
            return Err("/alias takes set NAME ROLL, remove NAME, list, export or import LINES (separated by |)".into())
        }
    })
}

/// `/puzzle [today]`, `/puzzle solve MOVES`, `/puzzle leaderboard` and
/// `/puzzle schedule TIME [VARIANTS]`, which posts in the console's channel.
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
        Some("solve") if words.len() > 1 => PuzzleCommand::Solve { moves: rest("solve") },
        Some("solve") => return Err("say your moves: /puzzle solve Qxh7+ Rh3#".into()),
        Some("leaderboard") => PuzzleCommand::Leaderboard,
        Some("schedule") if words.len() > 1 => PuzzleCommand::Schedule {
            channel: CHANNEL.channel,
            time: words[1].to_string(),
            rotation: words[2..].join(" "),
        },
        Some("schedule") => return Err("say when (UTC): /puzzle schedule 09:00 [chess,dragonchess] or off".into()),
        Some(other) => return Err(format!("/puzzle takes today, solve, leaderboard or schedule, not `{other}`")),
    })
}

/// The console's own words, added to `/help`.
const CONSOLE_HELP: &str = "In this console:\n  \
    /as NAME      speak as another player from now on (everyone starts as alice)\n  \
    a bare line   is a move: `e4` is `/move e4`; in a dice game `roll` and `lucky8` roll the game's dice\n  \
    /roll-second  the game's second kind of roll (Luck Dragon's Lucky 8), like its button\n  \
    /rematch      the Rematch button of the last finished game\n  \
    /play chess rookery 3   play Rookery itself, at level 3 of 8 (4 if left out)\n  \
    /choose       a secret choice (New chess's true king), asked without echoing it\n  \
    roll!         roll after the bot's warning (Dice Landing: rolling in check)\n  \
    /quit         leave (so does the end of the input)\n\
    Buttons are shown as [Label] /command: type the command to click one. \
    Pictures and files are saved in the image folder, never over earlier ones.";

/// Runs the console until `quit` or the end of input.
pub fn run(handler: &dyn Handler, input: impl BufRead, out: &mut impl Write, images: &Path) -> std::io::Result<()> {
    let interactive = std::io::stdin().is_terminal();
    let mut users = Users::default();
    let mut speaker = users.get("alice");
    handler.play_as(rookery());
    std::fs::create_dir_all(images)?;
    let mut saved = 0usize;
    // Games against Rookery left waiting by an earlier session go on first.
    handler.settle();
    for (_, reply) in handler.due().into_iter().filter(|(place, _)| *place == CHANNEL) {
        print_reply(&reply, &speaker, images, &mut saved, out)?;
    }
    if interactive {
        writeln!(out, "Rookery console: one local channel. Type /help, /as NAME to switch players, /quit to leave.")?;
    }
    let mut input = input;
    let mut bytes = Vec::new();
    loop {
        if interactive {
            write!(out, "{}> ", speaker.name)?;
            out.flush()?;
        }
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        // Any byte sequence is a line: invalid UTF-8 is read with replacement
        // characters (and then refused as a move or command like any typo).
        let line = String::from_utf8_lossy(&bytes);
        match parse_line(&line, &mut users) {
            Ok(Line::Nothing) => {}
            Ok(Line::Quit) => break,
            Ok(Line::As(name)) => speaker = users.get(&name),
            Ok(Line::ChooseHidden) => {
                let Some(option) = hidden_choice(interactive, &mut input)? else { break };
                let command = Command::Choose { option: option.clone() };
                for reply in handler.handle(Request { place: CHANNEL, user: speaker.clone(), command }) {
                    if reply.ephemeral && names_choice(&reply.text, &option) {
                        writeln!(out, "(only {}) {SEALED}", speaker.name)?;
                    } else {
                        print_reply(&reply, &speaker, images, &mut saved, out)?;
                    }
                }
            }
            Ok(Line::Run(command)) => {
                let help = command == Command::Help;
                for reply in handler.handle(Request { place: CHANNEL, user: speaker.clone(), command }) {
                    print_reply(&reply, &speaker, images, &mut saved, out)?;
                }
                if help {
                    writeln!(out, "{CONSOLE_HELP}")?;
                }
                // Rookery's answer comes before the next line is read.
                handler.settle();
                for (_, reply) in handler.due().into_iter().filter(|(place, _)| *place == CHANNEL) {
                    print_reply(&reply, &speaker, images, &mut saved, out)?;
                }
            }
            Err(problem) => writeln!(out, "(only {}) {problem}", speaker.name)?,
        }
    }
    Ok(())
}

/// Said instead of the private answer to a hidden choice, which names the
/// choice and its nonce: anyone else at this screen could read them.
const SEALED: &str = "Your secret choice is sealed; the channel sees only its commitment. Its details are not \
    shown on this shared screen, and the bot reveals them when the rules need it or the game ends.";

/// The secret choice, read without echo: from the terminal with a hidden
/// prompt, or from the next input line when the input is a pipe (nothing is
/// echoed there). `None` at the end of the input.
fn hidden_choice(interactive: bool, input: &mut impl BufRead) -> std::io::Result<Option<String>> {
    if interactive {
        return rpassword::prompt_password("Your secret choice (hidden as you type): ").map(Some);
    }
    let mut line = Vec::new();
    if input.read_until(b'\n', &mut line)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&line).trim().to_string()))
}

/// Whether a private reply names `option` as the choice made (`**E**`).
fn names_choice(text: &str, option: &str) -> bool {
    let option = option.trim().to_lowercase();
    !option.is_empty() && text.to_lowercase().contains(&format!("**{option}**"))
}

fn print_reply(
    reply: &Reply,
    to: &User,
    images: &Path,
    saved: &mut usize,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let prefix = if reply.ephemeral { format!("(only {}) ", to.name) } else { String::new() };
    let now = crate::core::system_clock()();
    let channel = |id: u64| if id == CHANNEL.channel { "this channel".to_string() } else { format!("#channel-{id}") };
    let plain = |text: &str| crate::plain::plain(text, now, channel);
    writeln!(out, "{prefix}{}", plain(&reply.text))?;
    for (name, value) in &reply.fields {
        writeln!(out, "  {}: {}", plain(name), plain(value))?;
    }
    for file in reply.image.iter().chain(&reply.files) {
        let path = save_new(images, saved, file)?;
        writeln!(out, "  [file] {}", path.display())?;
    }
    if !reply.buttons.is_empty() {
        let labels: Vec<String> = reply.buttons.iter().map(|b| format!("[{}] /{}", b.label, button_line(b))).collect();
        writeln!(out, "  {}", labels.join("  "))?;
    }
    Ok(())
}

/// Writes `file` as `NNN-name` in `images` under the next number no file
/// has yet, so a later session never overwrites an earlier one's pictures.
fn save_new(images: &Path, saved: &mut usize, file: &crate::core::Attachment) -> std::io::Result<PathBuf> {
    loop {
        *saved += 1;
        let path = images.join(format!("{:03}-{}", saved, file.name));
        match std::fs::OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut created) => {
                created.write_all(&file.bytes)?;
                return Ok(path);
            }
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
}

/// What to type in the console for a button.
fn button_line(button: &crate::core::Button) -> String {
    use crate::core::ButtonAction as A;
    let line = match button.action {
        A::Accept => "accept",
        A::Decline => "decline",
        A::Resign => "resign",
        A::OfferDraw => "draw offer",
        A::AcceptDraw => "draw accept",
        A::DeclineDraw => "draw decline",
        A::Roll => "roll",
        A::RollSecond => "roll-second",
        A::ConfirmRoll => "move roll!",
        A::Pass => "pass",
        A::Board => "board",
        A::Abort => "abort",
        A::Rematch => "rematch",
        A::Secret => "choose",
        A::ChooseFirst | A::ChooseSecond => return format!("choose {}", button.label.rsplit(' ').next().unwrap_or("")),
        A::Price => {
            return format!(
                "move price {}",
                button
                    .payload
                    .as_deref()
                    .and_then(|p| p.split_once(':'))
                    .map_or(String::new(), |(_, s)| s.replace(',', " "))
            )
        }
        A::ChosenMove => {
            let payload = button.payload.as_deref().and_then(|p| p.split_once(':'));
            return format!("move {}", payload.map_or("", |(_, text)| text));
        }
        A::RollKind(_) | A::RollAgain | A::RollAdvantage | A::RollDisadvantage => {
            return format!("button {}", button.custom_id())
        }
    };
    line.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_commands() {
        let mut users = Users::default();
        let bob = users.get("bob");
        assert_eq!(parse_line("  ", &mut users), Ok(Line::Nothing));
        assert_eq!(parse_line("/as @carol", &mut users), Ok(Line::As("carol".into())));
        assert_eq!(parse_line("e4", &mut users), Ok(Line::Run(Command::Move { text: "e4".into() })));
        assert_eq!(parse_line("/move Nf3", &mut users), Ok(Line::Run(Command::Move { text: "Nf3".into() })));
        assert_eq!(
            parse_line("/play chess @bob 3", &mut users),
            Ok(Line::Run(Command::Play {
                variant: "chess".into(),
                opponent: Some(bob.clone()),
                move_days: Some(3),
                options: None,
                clock: None
            }))
        );
        assert_eq!(
            parse_line("/play dragonchess dwarf_reversal @bob quiet_plies=0", &mut users),
            Ok(Line::Run(Command::Play {
                variant: "dragonchess".into(),
                opponent: Some(bob.clone()),
                move_days: None,
                options: Some("dwarf_reversal,quiet_plies=0".into()),
                clock: None
            }))
        );
        assert_eq!(
            parse_line("/play dicelanding @bob die=PPPPPP lineup=custom:4k3/8/8/8/8/8/8/R7[K] w - - 0 1 -", &mut users),
            Ok(Line::Run(Command::Play {
                variant: "dicelanding".into(),
                opponent: Some(bob.clone()),
                move_days: None,
                options: Some("die=PPPPPP,lineup=custom:4k3/8/8/8/8/8/8/R7[K] w - - 0 1 -".into()),
                clock: None
            }))
        );
        assert_eq!(parse_line("/draw claim", &mut users), Ok(Line::Run(Command::Draw(DrawAction::Claim))));
        assert_eq!(
            parse_line("/roll 2d6+1 sealed", &mut users),
            Ok(Line::Run(Command::Roll { expression: "2d6+1".into(), sealed: true, entropy: None }))
        );
        assert_eq!(parse_line("/roll", &mut users), Ok(Line::Run(Command::RollForGame)));
        assert_eq!(parse_line("/roll-second", &mut users), Ok(Line::Run(Command::RollSecondForGame)));
        assert_eq!(
            parse_line("/play luckdragon lucky8=off @bob", &mut users),
            Ok(Line::Run(Command::Play {
                variant: "luckdragon".into(),
                opponent: Some(bob.clone()),
                move_days: None,
                options: Some("lucky8=off".into()),
                clock: None
            }))
        );
        assert_eq!(
            parse_line("/play luckdragon @bob seed:my lucky words", &mut users),
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
            parse_line("/accept seed: 42 ", &mut users),
            Ok(Line::Run(Command::Seeded { seed: "42".into(), command: Box::new(Command::Accept) }))
        );
        assert_eq!(parse_line("/accept", &mut users), Ok(Line::Run(Command::Accept)));
        assert_eq!(parse_line("/quit", &mut users), Ok(Line::Quit));
        assert_eq!(parse_line("/choose", &mut users), Ok(Line::ChooseHidden));
        assert_eq!(parse_line("/choose F", &mut users), Ok(Line::Run(Command::Choose { option: "F".into() })));
        assert!(parse_line("/draw maybe", &mut users).unwrap_err().contains("offer, accept, decline, claim"));
        assert!(parse_line("/dance", &mut users).unwrap_err().contains("no /dance"));
        assert!(parse_line("/play", &mut users).is_err());
        assert_eq!(users.get("bob").id, 1, "the same name is the same user");
        let puzzle = |line: &str| parse_line(line, &mut Users::default());
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
                rotation: "chess dragonchess".into()
            })))
        );
        assert!(puzzle("/puzzle solve").is_err());
        assert!(puzzle("/puzzle hint").unwrap_err().contains("today, solve"));
        assert!(puzzle("/puzzle today dragonchess").unwrap_err().contains("takes no variant"));
        assert_eq!(
            parse_line("/play chess @bob clock:5+3", &mut users),
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
