//! The local console: one channel in the terminal, where anyone can type the
//! same commands as on Discord, as any user (`/as alice`). Pictures and files
//! are written to a folder and their paths printed. It reads a pipe too, one
//! command per line, and ends at the end of input, so it can be scripted.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use crate::core::{Command, Handler, Place, Reply, Request, User};

mod parse;

pub use parse::{parse_line, rookery, user, Line};

/// The console's single channel.
pub const CHANNEL: Place = Place { guild: 0, channel: 1 };

/// The console's own words, added to `/help`.
const CONSOLE_HELP: &str = "In this console:\n  \
    /as NAME      speak as another player from now on (everyone starts as alice; a name is the same \
    player in every run)\n  \
    a bare line   is a move: `e4` is `/move e4`; in a dice game `roll` and `lucky8` roll the game's dice\n  \
    /roll-second  the game's second kind of roll (Luck Dragon's Lucky 8), like its button\n  \
    /rematch      the Rematch button of the last finished game\n  \
    /play chess rookery 3   play Rookery itself, at level 3 of 8 (4 if left out)\n  \
    /choose       a secret choice (New chess's true king), asked without echoing it\n  \
    /alias set NAME ROLL [channel|server]   save a roll for you, this channel or the server\n  \
    /dice stats [player] [dN] [today|week|all]   how the dice have fallen here\n  \
    roll!         roll after the bot's warning (Dice Landing: rolling in check)\n  \
    /quit         leave (so does the end of the input)\n\
    Buttons are shown as [Label] /command: type the command to click one. \
    Pictures and files are saved in the image folder, never over earlier ones.";

/// Runs the console until `quit` or the end of input.
pub fn run(handler: &dyn Handler, input: impl BufRead, out: &mut impl Write, images: &Path) -> std::io::Result<()> {
    let interactive = std::io::stdin().is_terminal();
    let mut speaker = user("alice");
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
        match parse_line(&line) {
            Ok(Line::Nothing) => {}
            Ok(Line::Quit) => break,
            Ok(Line::As(name)) => speaker = user(&name),
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

/// Writes `file` in `images` as `YYYY-MM-DD_HHMMSS.mmm-NNN-name`: the time
/// it was saved, then this run's count, so the folder lists pictures in the
/// order they were made across runs, and a file is never overwritten.
fn save_new(images: &Path, saved: &mut usize, file: &crate::core::Attachment) -> std::io::Result<PathBuf> {
    let stamp = file_stamp(crate::core::system_millis()());
    loop {
        *saved += 1;
        let path = images.join(format!("{stamp}-{:03}-{}", saved, file.name));
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

/// `2026-11-26_134900.250` for a time in Unix milliseconds: sorts as the time does.
fn file_stamp(millis: i64) -> String {
    let unix = millis.div_euclid(1000);
    let seconds = unix.rem_euclid(86_400);
    let date = crate::core::calendar::utc_time(unix);
    let day = date.split(' ').next().unwrap_or_default();
    let (h, m, s) = (seconds / 3_600, seconds / 60 % 60, seconds % 60);
    format!("{day}_{h:02}{m:02}{s:02}.{:03}", millis.rem_euclid(1000))
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
        A::RollKind(_)
        | A::RollAgain
        | A::RollAdvantage
        | A::RollDisadvantage
        | A::PuzzleHint
        | A::JoinEvent
        | A::LeaveEvent
        | A::Berserk => return format!("button {}", button.custom_id()),
    };
    line.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_sort_as_the_time_they_were_saved() {
        assert_eq!(file_stamp(1_764_164_940_250), "2025-11-26_134900.250");
        let times = [999, 1_000, 59_999, 86_400_000, 1_764_164_940_250, 1_764_164_940_251, 4_102_444_800_000];
        let stamps: Vec<String> = times.iter().map(|&t| file_stamp(t)).collect();
        let mut sorted = stamps.clone();
        sorted.sort();
        assert_eq!(stamps, sorted);
    }
}
