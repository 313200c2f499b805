//! Operations: what Rookery measures, the endpoint that serves it beside the
//! health checks, and the bookkeeping for a graceful shutdown
//! (docs/operations.md).
//!
//! Measurements go through the `metrics` facade, which drops them unless an
//! exporter is installed ([`endpoint::install`]), so the core, the console and
//! the tests record freely at no cost.
//!
//! - `endpoint`: the Prometheus recorder and `/metrics`, `/healthz`, `/readyz`.
//! - `shutdown`: the shutdown request and the count of commands in flight.

pub mod endpoint;
pub mod shutdown;

use std::time::Duration;

use crate::core::{Command, DiceCommand};

/// Seconds the core took per command, labelled `command`.
pub const COMMAND_SECONDS: &str = "rookery_command_seconds";
/// Moves played (accepted by the core).
pub const MOVES: &str = "rookery_moves_total";
/// Dice rolled on a ledger: `/roll`, rolls for a game, rolls again.
pub const ROLLS: &str = "rookery_rolls_total";
/// Daily puzzles posted by the scheduler.
pub const PUZZLE_POSTS: &str = "rookery_puzzle_posts_total";
/// Failures and refusals, labelled `kind`.
pub const ERRORS: &str = "rookery_errors_total";
/// Games in progress in all channels, as the scheduler last counted them.
pub const ACTIVE_GAMES: &str = "rookery_active_games";
/// Seconds a stored update of a channel's game took: read, decide, commit and
/// flush to disk (the reply waits for all of it).
pub const DB_COMMIT_SECONDS: &str = "rookery_db_commit_seconds";
/// Seconds the tournament crate took to pair a Swiss round or an Arena's
/// waiting players (the pairing call alone), labelled `format`.
pub const PAIRING_SECONDS: &str = "rookery_tournament_pairing_seconds";
/// The gateway's heartbeat round trip per shard, labelled `shard`.
pub const GATEWAY_LATENCY_SECONDS: &str = "rookery_gateway_latency_seconds";
/// Commands being worked on right now (they hold off a shutdown).
pub const IN_FLIGHT: &str = "rookery_commands_in_flight";

/// The kinds of [`ERRORS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The core refused a request (a wrong move, a missing game): the user's
    /// mistake or a race, answered with a private message.
    Refused,
    /// A request beyond the rate limits.
    RateLimited,
    /// The database could not be reached or written.
    Storage,
    /// A change was committed but its flush to disk failed.
    NotDurable,
    /// A stored record was damaged and set aside.
    Quarantined,
    /// The core panicked.
    CorePanic,
    /// A call to Discord failed.
    Discord,
}

impl ErrorKind {
    pub fn label(self) -> &'static str {
        match self {
            ErrorKind::Refused => "refused",
            ErrorKind::RateLimited => "rate_limited",
            ErrorKind::Storage => "storage",
            ErrorKind::NotDurable => "not_durable",
            ErrorKind::Quarantined => "quarantined",
            ErrorKind::CorePanic => "core_panic",
            ErrorKind::Discord => "discord",
        }
    }
}

/// Counts one failure of `kind`.
pub fn error(kind: ErrorKind) {
    metrics::counter!(ERRORS, "kind" => kind.label()).increment(1);
}

/// How the core answered a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handled {
    Done,
    Refused,
    RateLimited,
}

/// Records one command the core answered: its latency, and what it did.
pub fn command_handled(command: &Command, took: Duration, handled: Handled) {
    let name = command_name(command);
    metrics::histogram!(COMMAND_SECONDS, "command" => name).record(took);
    match handled {
        Handled::Done if name == "move" => metrics::counter!(MOVES).increment(1),
        Handled::Done if is_roll(command) => metrics::counter!(ROLLS).increment(1),
        Handled::Done => {}
        Handled::Refused => error(ErrorKind::Refused),
        Handled::RateLimited => error(ErrorKind::RateLimited),
    }
}

/// The command's label: its slash command's name, or the command a button
/// stands for, so a move by button and by `/move` count alike.
pub fn command_name(command: &Command) -> &'static str {
    match command {
        Command::Play { .. } => "play",
        Command::Accept => "accept",
        Command::Decline => "decline",
        Command::Move { .. } | Command::ChosenMove { .. } => "move",
        Command::Board => "board",
        Command::Resign => "resign",
        Command::Abort => "abort",
        Command::Rematch => "rematch",
        Command::Games { .. } => "games",
        Command::Pgn { .. } => "pgn",
        Command::Replay { .. } => "replay",
        Command::Review { .. } => "review",
        Command::Draw(_) => "draw",
        Command::Takeback(_) => "takeback",
        Command::Roll { .. } => "roll",
        Command::RollForGame | Command::RollSecondForGame | Command::RollKindForGame { .. } => "roll_for_game",
        Command::ConfirmRoll => "confirm_roll",
        Command::Pass => "pass",
        Command::Choose { .. } | Command::ChooseOption { .. } => "choose",
        Command::Price { .. } => "price",
        Command::Seed { .. } => "seed",
        Command::Seeded { command, .. } | Command::Leveled { command, .. } => command_name(command),
        Command::Verify => "verify",
        Command::Dice(DiceCommand::Again { .. }) => "roll_again",
        Command::Dice(_) => "dice",
        Command::Game => "game",
        Command::Stats { .. } => "stats",
        Command::Leaderboard { .. } => "leaderboard",
        Command::Rules { .. } => "rules",
        Command::Help => "help",
        Command::Puzzle(_) => "puzzle",
        Command::Settings { .. } => "settings",
        Command::Moves => "moves",
        Command::AdminEnd { .. } => "admin_end",
        Command::AdminBackup => "admin_backup",
        Command::Tournament(_) => "tournament",
        Command::Clicked { action, .. } => command_name(&action.command()),
    }
}

fn is_roll(command: &Command) -> bool {
    matches!(command_name(command), "roll" | "roll_for_game" | "roll_again")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ButtonAction;

    #[test]
    fn buttons_and_wrappers_count_as_the_command_they_stand_for() {
        let moved = Command::ChosenMove { game: 3, text: "e4".into() };
        assert_eq!(command_name(&moved), "move");
        let seeded = Command::Seeded { seed: "abc".into(), command: Box::new(Command::Accept) };
        assert_eq!(command_name(&seeded), "accept");
        let clicked = Command::Clicked { action: ButtonAction::Resign, game: 3 };
        assert_eq!(command_name(&clicked), "resign");
        assert!(is_roll(&Command::RollForGame));
        assert!(!is_roll(&Command::Board));
    }
}
