//! What the command core takes in and gives back: plain data, no Discord types.
//! The serenity adapter and the local console both translate to and from these.

pub use super::puzzle::HintOf;
use super::{Button, ButtonAction};

/// Someone using Rookery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: u64,
    /// Display name, used in replies and PGN tags.
    pub name: String,
    /// Whether the user may configure this channel (Discord's Manage Channels).
    pub can_manage_channel: bool,
}

/// Where a request comes from: one game lives in each channel or thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// `0` outside a guild (direct messages, the local console).
    pub guild: u64,
    pub channel: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub place: Place,
    pub user: User,
    pub command: Command,
}

/// Every slash command and button, with typed arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `/play variant [opponent] [options] [clock]`: a challenge; without an
    /// opponent anyone may accept. `options` switches on optional rules of the
    /// variant; `clock` (`5+3`: minutes and seconds of increment) adds real-time clocks.
    Play {
        variant: String,
        opponent: Option<User>,
        move_days: Option<u32>,
        options: Option<String>,
        clock: Option<String>,
    },
    /// The Accept button of a challenge.
    Accept,
    /// The Decline button of a challenge (or its author withdrawing it).
    Decline,
    /// `/move text`.
    Move {
        text: String,
    },
    /// `/board`: the current position, from the asker's side if they play.
    Board,
    Resign,
    /// `/abort` or the Abort button: end a game of fewer than two plies, unrated.
    Abort,
    /// The Rematch button: the channel's last finished game again, colours swapped.
    Rematch,
    /// `/games [user]`: recent finished games of this channel, or of a player.
    Games {
        user: Option<User>,
    },
    /// `/pgn id`: a finished (or the channel's current) game as PGN.
    Pgn {
        id: String,
    },
    /// `/replay [id]`: a game as an animated GIF; the channel's last finished
    /// game if no id is given.
    Replay {
        id: Option<String>,
    },
    /// `/review [id]`: the engine's marks on a finished game's moves.
    Review {
        id: Option<String>,
    },
    Draw(DrawAction),
    Takeback(TakebackAction),
    /// `/roll expression`: table dice; `sealed` sends the result only to the roller.
    Roll {
        expression: String,
        sealed: bool,
        /// Public entropy for the roll's derivation: on Discord, the id of the
        /// interaction that asked for it (unknown to anybody before the click).
        entropy: Option<u64>,
    },
    /// The Roll button, or `/roll` with no expression during a dice game: the
    /// game's first kind of roll (Luck Dragon's Luck Dice).
    RollForGame,
    /// The button of a game's second kind of roll (Luck Dragon's Lucky 8).
    RollSecondForGame,
    /// The button of any kind of roll of a game (its index in the variant's
    /// roll kinds): the third and later kinds have no command of their own.
    RollKindForGame {
        kind: usize,
    },
    /// The "Roll anyway" button, or `roll!`: the voluntary roll whose risk
    /// the player was warned about (Dice Landing: rolling in check).
    ConfirmRoll,
    /// A button answering "which move did you mean?" (New chess: knight or
    /// not): the move `text`, in coordinates, in game `game`.
    ChosenMove {
        game: u64,
        text: String,
    },
    /// `/pass`, the Pass button: give up this turn, where the rules allow it.
    Pass,
    /// `/choose option`: a secret choice (New chess: the true king). Only the
    /// chooser is told the option; the channel sees a commitment.
    Choose {
        option: String,
    },
    /// The secret choice's buttons (private to the chooser): option `index`
    /// of the rules' secret, from the first.
    ChooseOption {
        index: usize,
    },
    /// `price OPTION SQUARES` (as a move) or a price button: pay for a
    /// forfeited royal piece (New chess: a mated brother king) with the
    /// pieces on these squares. A button names its game.
    Price {
        text: String,
        game: Option<u64>,
    },
    /// `/seed text`: player entropy for the channel's next ledger.
    Seed {
        text: String,
    },
    /// `/play … seed:` or `/accept seed:`: the challenge or acceptance
    /// `command`, with the player's seed added to the game's dice ledger in
    /// the same step (before any roll; an accepted game may roll at once).
    /// A wrapper rather than a field, so `Play` and `Accept` stay as they were.
    Seeded {
        seed: String,
        command: Box<Command>,
    },
    /// `/verify`: the channel's revealed ledgers as a checkable transcript.
    Verify,
    /// `/dice ...`: dice settings and history.
    Dice(super::DiceCommand),
    /// `/game`: players, ledger commitment, PGN and FEN.
    Game,
    Stats {
        user: Option<User>,
    },
    Leaderboard {
        variant: String,
    },
    Rules {
        variant: String,
    },
    Help,
    /// `/puzzle ...`: the daily mate puzzle.
    Puzzle(PuzzleCommand),
    /// `/settings [threads]`: the channel's settings (Manage Channels to
    /// change them); `threads` on: each new game opens its own thread.
    Settings {
        threads: Option<bool>,
    },
    /// `/moves`: every move of the channel's game so far, for anyone watching.
    Moves,
    /// `/play … level:` against Rookery: the challenge `command` (a `Play`)
    /// with the engine's strength, 1 to 8. A wrapper rather than a field, so
    /// `Play` stays as it was.
    Leveled {
        level: u8,
        command: Box<Command>,
    },
    /// `/admin end [reason]`: a moderator ends the channel's game (unrated)
    /// or clears its challenge.
    AdminEnd {
        reason: Option<String>,
    },
    /// `/admin backup`: a moderator has a verified backup taken now.
    AdminBackup,
    /// `/tournament ...`: Swiss and Arena events run by the bot.
    Tournament(super::TournamentCommand),
    /// A button of the message about game (or challenge) `game`: refused
    /// unless that is still the channel's game.
    Clicked {
        action: ButtonAction,
        game: u64,
    },
}

impl Command {
    /// The challenge with the engine's `level` for a game against Rookery,
    /// if one was given (`/play … level:`).
    pub fn with_level(self, level: Option<u8>) -> Command {
        match level {
            Some(level) => Command::Leveled { level, command: Box::new(self) },
            None => self,
        }
    }

    /// The command with the player's `seed` for the game's dice, if one was
    /// given (`/play … seed:`, `/accept seed:`).
    pub fn with_seed(self, seed: Option<String>) -> Command {
        match seed {
            Some(seed) => Command::Seeded { seed, command: Box::new(self) },
            None => self,
        }
    }
}

/// The `/puzzle` subcommands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// `/puzzle today`: today's puzzle, to everyone.
    Today,
    /// `/puzzle solve moves`: an answer, judged privately.
    Solve { moves: String },
    /// `/puzzle leaderboard`: streaks and solves in this server.
    Leaderboard,
    /// `/puzzle schedule channel time variants time_zone`: post the puzzle
    /// daily at `time` (`HH:MM` in `time_zone`, an IANA name; or `off`) in
    /// `channel`, the variants taking turns. An empty `time_zone` keeps the
    /// server's (UTC at first). Needs Manage Channels.
    Schedule { channel: u64, time: String, rotation: String, time_zone: String },
    /// `/puzzle solve moves daily:True`: an answer to today's puzzle even
    /// while a practice puzzle is open (plain `Solve` answers that one first).
    SolveToday { moves: String },
    /// `/puzzle random [game]`: a practice puzzle near the user's rating in
    /// that game (any game without one), privately.
    Random { variant: Option<String> },
    /// `/puzzle stats [user]`: puzzle ratings, streak and solves.
    Stats { user: Option<User> },
    /// `/puzzle hint` or a Hint button: which piece moves first, privately.
    Hint { of: HintOf },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawAction {
    Offer,
    Accept,
    Decline,
    Claim,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakebackAction {
    Request,
    Accept,
    Decline,
}

/// A message the front end should send.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pub text: String,
    /// Embed fields: name and value.
    pub fields: Vec<(String, String)>,
    /// A board picture, shown in the embed.
    pub image: Option<Attachment>,
    /// A board picture still to draw: the core draws it into `image` after
    /// the storage commit, so no transaction waits on a picture. Front ends
    /// never see one.
    pub picture: Option<Picture>,
    /// Other files (PGN, transcripts).
    pub files: Vec<Attachment>,
    /// An animated replay still to draw into `files`, after the commit like
    /// `picture`. Front ends never see one.
    pub replay: Option<PendingReplay>,
    pub buttons: Vec<Button>,
    /// Only the requesting user sees it.
    pub ephemeral: bool,
    /// This reply starts a game that should get a thread of its own: the
    /// front end opens it, moves the game there ([`Handler::move_to_thread`])
    /// and posts this reply in it; if it cannot, the game stays here.
    pub thread: Option<ThreadStart>,
    /// This reply is a scheduled daily puzzle post: the front end opens its
    /// discussion thread from the posted message and says whether the post
    /// arrived ([`Handler::scheduled_post_arrived`],
    /// [`Handler::scheduled_post_failed`]).
    pub scheduled: Option<ScheduledPost>,
    /// This reply is a tournament's event post, kept current by editing one
    /// message rather than posting anew.
    pub event_post: Option<EventPostUpdate>,
}

/// Which tournament an event post shows, and the message showing it if one
/// is known: the front end edits that message; with none, or when it was
/// deleted, it posts the reply and reports the new message
/// ([`Handler::event_post_posted`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventPostUpdate {
    pub guild: u64,
    pub event: u64,
    pub message: Option<u64>,
}

/// What the front end needs to know about a scheduled daily puzzle post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduledPost {
    pub guild: u64,
    /// The name of the discussion thread opened from the post.
    pub thread_name: String,
}

/// Why a scheduled post did not arrive, in the front end's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PostFailure {
    /// The bot cannot see the channel.
    NoAccess,
    /// The bot sees the channel but lacks a permission the post needs.
    MissingPermission,
    /// The channel no longer exists.
    ChannelGone,
    /// Anything else (an outage, a refused message), as the front end words it.
    Other(String),
}

/// A thread to open for a game that is starting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadStart {
    /// The thread's name: the players and the variant.
    pub name: String,
    /// The game that moves into it.
    pub game: u64,
}

/// What a board picture will show, and the file name it will have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    pub name: String,
    pub view: rookery_render::BoardView,
    /// The game whose board this is: consecutive boards of a game share
    /// most rows, which the renderer then need not compress again.
    pub game: Option<u64>,
}

/// A game to draw as an animated GIF, and the file name it will have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingReplay {
    pub name: String,
    pub record: rookery_engine::game::GameRecord,
    /// Black (or the second side) at the bottom.
    pub flipped: bool,
    /// The result, written on the last frame (`1-0 · White wins by
    /// checkmate`); `None` while the game goes on.
    pub result: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// What front ends need from the command core. The Discord adapter and the
/// console are written against this, so they can be tested with the real core
/// and nothing else.
pub trait Handler: Send + Sync + 'static {
    /// Runs one command. The first reply answers the request; any further
    /// replies are follow-ups in the same channel.
    fn handle(&self, request: Request) -> Vec<Reply>;

    /// Legal moves in this channel's game that start with `partial`, for the
    /// move box's autocomplete (at most 25, Discord's limit).
    fn complete_move(&self, place: Place, user: u64, partial: &str) -> Vec<String>;

    /// Messages that are due without anyone asking (move reminders, time
    /// forfeits), each with the channel to post it in. Front ends call this
    /// periodically.
    fn due(&self) -> Vec<(Place, Reply)> {
        Vec::new()
    }

    /// The part of [`Handler::due`] that comes from this process's own work
    /// (the engine's moves, replies waiting to be posted), without what the
    /// schedulers find due (clocks, deadlines, daily puzzles): for a process
    /// that shares the database with the one running the schedulers.
    fn own_due(&self) -> Vec<(Place, Reply)> {
        Vec::new()
    }

    /// Waits at most `timeout` for messages to become due (the engine's
    /// moves, thought out in the background), returning early when some are.
    /// Front ends call it between calls to [`Handler::due`].
    fn wait_due(&self, timeout: std::time::Duration) {
        std::thread::sleep(timeout);
    }

    /// Waits until the background work started by earlier requests (the
    /// engine thinking) is done, so [`Handler::due`] holds its messages: for
    /// front ends that answer one line at a time, like the console.
    fn settle(&self) {}

    /// Rookery's own account, once known (Discord: the bot user, from the
    /// gateway's READY): challenges to it start games against the engine,
    /// and games where it is this account's turn are picked up again.
    fn play_as(&self, _user: User) {}

    /// Moves game `game` of `from` into the thread `thread`, just opened for
    /// it at a reply's request ([`Reply::thread`]). The answer is the note
    /// for the channel the game left, or why the game stays where it is.
    fn move_to_thread(&self, _from: Place, _game: u64, _thread: Place) -> Result<Reply, String> {
        Err("this front end keeps games where they start".into())
    }

    /// Event `event`'s post ([`Reply::event_post`]) is now message `message`
    /// of `channel`: later updates edit it.
    fn event_post_posted(&self, _guild: u64, _event: u64, _channel: u64, _message: u64) {}

    /// A scheduled puzzle post of `guild` arrived.
    fn scheduled_post_arrived(&self, _guild: u64) {}

    /// A scheduled puzzle post of `guild` in `channel` failed. The answer is
    /// the message for the server's admins, the first time only (until a
    /// post arrives again); the schedule stays and the next day tries again.
    fn scheduled_post_failed(&self, _guild: u64, _channel: u64, _failure: PostFailure) -> Option<Reply> {
        None
    }
}

impl Reply {
    /// A plain public message.
    pub fn text(text: impl Into<String>) -> Reply {
        Reply { text: text.into(), ..Reply::default() }
    }

    /// A message only the requester sees: errors, private results.
    pub fn private(text: impl Into<String>) -> Reply {
        Reply { text: text.into(), ephemeral: true, ..Reply::default() }
    }
}
