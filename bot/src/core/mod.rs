//! The command core: plain requests in, plain replies out. Everything Discord
//! specific stays in the adapter, so every command is testable offline.
//!
//! Each command reads the channel's record, replays it into an engine game,
//! decides, and stores the result in one storage transaction that is flushed
//! before the reply goes out.

mod archive;
pub mod buttons;
pub(crate) mod calendar;
mod clock;
mod dice;
mod game_dice;
mod games;
mod info;
pub mod limits;
mod lineup;
pub mod live;
mod message;
mod moderation;
mod opponent;
mod pace;
mod price;
mod promotion_question;
pub mod puzzle;
pub mod rating;
mod rematch;
mod replays;
pub mod request;
mod takeback;
mod threads;
mod tournament;
mod turns;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use rookery_storage::{ChannelKey, Storage, StorageError};

use crate::config::BackupConfig;
use crate::telemetry::{self, ErrorKind, Handled};

pub use buttons::{Button, ButtonAction, ButtonStyle};
pub use dice::{AgainMode, AliasCommand, AliasScope, DiceCommand, StatsPeriod};
pub use opponent::{level_choices, DEFAULT_LEVEL, TOP_LEVEL};
pub use request::{
    Attachment, Command, DrawAction, EventPostUpdate, Handler, HintOf, PendingReplay, Picture, Place, PostFailure,
    PuzzleCommand, Reply, Request, ScheduledPost, TakebackAction, ThreadStart, User,
};
pub use tournament::{StandingRow, TournamentCommand};

/// Unix seconds; injectable so tests can move time.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// The system clock.
pub fn system_clock() -> Clock {
    Arc::new(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64))
}

/// The system clock in Unix milliseconds, for [`Core::with_millis`].
pub fn system_millis() -> Clock {
    Arc::new(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64))
}

/// A refusal the user should read: a wrong move, a missing game, a second click.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal(pub String);

impl Refusal {
    pub fn new(text: impl Into<String>) -> Refusal {
        Refusal(text.into())
    }
}

/// Library errors are written mid-sentence (`the game is over`); a reply
/// starts with a capital letter.
impl<E: std::error::Error> From<E> for Refusal {
    fn from(error: E) -> Refusal {
        let text = error.to_string();
        let mut chars = text.chars();
        Refusal(chars.next().map_or_else(String::new, |first| first.to_uppercase().chain(chars).collect()))
    }
}

pub(crate) use calendar::date as civil_date;
pub(crate) use games::engine_record;

type Outcome = Result<Vec<Reply>, Refusal>;

/// The command core shared by every front end.
pub struct Core {
    storage: Storage,
    clock: Clock,
    /// Today's table ledgers, cached per channel (see `dice::Tables`).
    tables: dice::Tables,
    /// How long an open challenge waits before it expires.
    challenge_seconds: i64,
    /// Rate limits, when the front end wants them (off for drivers and tests).
    limits: Option<limits::Limits>,
    /// Unix milliseconds for real-time clocks; `None`: `clock` times 1000.
    millis: Option<Clock>,
    /// Engine games of recently used records, so a move does not replay the game.
    live: live::LiveGames,
    /// Rookery's own account, for games against the engine.
    account: opponent::Account,
    /// The engine's thinking threads.
    thinkers: opponent::Thinkers,
    /// Messages of the engine's own making waiting for [`Handler::due`].
    outbox: Mutex<Vec<(Place, Reply)>>,
    /// Where `/admin backup` writes (none: the command says backups are off).
    backups: Option<BackupConfig>,
}

impl Core {
    /// The core on `storage`; an empty puzzle pool gets the shipped seed set.
    pub fn new(storage: Storage, clock: Clock) -> Core {
        puzzle::seed_empty_pool(&storage);
        Core {
            storage,
            clock,
            tables: dice::Tables::default(),
            challenge_seconds: moderation::DEFAULT_CHALLENGE_SECONDS,
            limits: None,
            millis: None,
            live: live::LiveGames::new(live::DEFAULT_CAPACITY),
            account: opponent::Account::default(),
            thinkers: opponent::Thinkers::new(None),
            outbox: Mutex::default(),
            backups: None,
        }
    }

    /// The core whose engine draws its randomness from `seed` (and each
    /// position), so games against Rookery can be replayed in tests.
    pub fn with_engine_seed(mut self, seed: u64) -> Core {
        self.thinkers = opponent::Thinkers::new(Some(seed));
        self
    }

    /// Rookery's own account: see [`Handler::play_as`].
    pub fn play_as(&self, user: User) {
        let mut taken = self.take_seat(user);
        for (_, reply) in &mut taken {
            crate::picture::draw_pending(std::slice::from_mut(reply));
        }
        self.outbox().extend(taken);
    }

    fn outbox(&self) -> std::sync::MutexGuard<'_, Vec<(Place, Reply)>> {
        self.outbox.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The core taking `/admin backup` backups as configured.
    pub fn with_backups(mut self, config: BackupConfig) -> Core {
        self.backups = Some(config);
        self
    }

    /// The core keeping at most `games` live games in memory (0: none, every
    /// request replays its game's record).
    pub fn with_live_games(mut self, games: usize) -> Core {
        self.live = live::LiveGames::new(games);
        self
    }

    /// The core with per-user and per-channel rate limits on every request.
    pub fn with_limits(mut self, config: limits::LimitConfig) -> Core {
        self.limits = Some(limits::Limits::new(config));
        self
    }

    /// The core with open challenges expiring after `hours` (at least one).
    pub fn with_challenge_hours(mut self, hours: u64) -> Core {
        self.challenge_seconds = i64::try_from(hours.max(1)).unwrap_or(i64::MAX / 3_600) * 3_600;
        self
    }

    /// The core with a millisecond clock for games with real-time clocks
    /// (the bot's is the system's; tests keep whole seconds).
    pub fn with_millis(mut self, millis: Clock) -> Core {
        self.millis = Some(millis);
        self
    }

    pub fn storage(&self) -> &Storage {
        &self.storage
    }

    fn now(&self) -> i64 {
        (self.clock)()
    }

    fn now_ms(&self) -> i64 {
        self.millis.as_ref().map_or_else(|| self.now() * 1000, |millis| millis())
    }

    fn run(&self, request: &Request) -> Outcome {
        let place = request.place;
        let user = &request.user;
        match &request.command {
            Command::Play { .. } | Command::Accept | Command::Leveled { .. } => {
                self.challenge_step(place, user, &request.command, None)
            }
            Command::Seeded { seed, command } => self.challenge_step(place, user, command, Some(seed)),
            Command::Decline => self.decline(place, user),
            Command::Move { text } => self.play_move(place, user, text),
            Command::Board => self.board(place, user),
            Command::Abort => self.abort(place, user),
            Command::Rematch => self.rematch(place, user),
            Command::Games { user: whose } => self.games(place, whose.as_ref()),
            Command::Pgn { id } => self.pgn(place, id),
            Command::Replay { id } => self.replay_game(place, id.as_deref()),
            Command::Review { id } => self.review_game(place, id.as_deref()),
            Command::Resign => self.resign(place, user),
            Command::Draw(action) => self.draw(place, user, *action),
            Command::Takeback(action) => self.takeback(place, user, *action),
            Command::Game => self.game_info(place),
            Command::Stats { user: whom } => self.stats(place, whom.as_ref().unwrap_or(user)),
            Command::Leaderboard { variant } => self.leaderboard(place, variant),
            Command::Rules { variant } => info::rules(variant),
            Command::Help => Ok(info::help()),
            Command::Roll { expression, sealed, entropy } => self.roll(place, user, expression, *sealed, *entropy),
            Command::RollForGame => self.roll_for_game(place, user, 0),
            Command::RollSecondForGame => self.roll_for_game(place, user, 1),
            Command::RollKindForGame { kind } => self.roll_for_game(place, user, *kind),
            Command::ConfirmRoll => self.confirm_roll(place, user),
            Command::ChosenMove { game, text } => {
                self.still_current(place, *game)?;
                self.play_move(place, user, text)
            }
            Command::Pass => self.pass(place, user),
            Command::Choose { option } => self.choose(place, user, option),
            Command::ChooseOption { index } => self.choose_option(place, user, *index),
            Command::Price { text, game } => {
                if let Some(game) = game {
                    self.still_current(place, *game)?;
                }
                self.pay_price(place, user, text)
            }
            Command::Seed { text } => match self.game_seed(place, user, text) {
                Some(outcome) => outcome,
                None => self.seed(place, user, text),
            },
            Command::Verify => self.verify(place),
            Command::Puzzle(command) => self.puzzle(place, user, command),
            Command::Dice(command) => self.dice_command(place, user, command),
            Command::AdminEnd { reason } => self.admin_end(place, user, reason.as_deref()),
            Command::Settings { threads } => self.settings(place, user, *threads),
            Command::Moves => self.moves(place),
            Command::AdminBackup => self.admin_backup(user),
            Command::Tournament(command) => self.tournament(place, user, command),
            // A Rematch button follows a finished game, so it names no current one.
            Command::Clicked { action: ButtonAction::Rematch, game } => self.rematch_after(place, user, *game),
            Command::Clicked { action, game } => {
                self.still_current(place, *game)?;
                self.run(&Request { command: action.command(), ..request.clone() })
            }
        }
    }
}

impl Core {
    /// A challenge or its acceptance, with the player's seed for the game's
    /// dice if one was given.
    fn challenge_step(&self, place: Place, user: &User, command: &Command, seed: Option<&str>) -> Outcome {
        self.challenge_at_level(place, user, command, seed, None)
    }

    /// [`Core::challenge_step`] with the engine's level for a game against Rookery.
    fn challenge_at_level(
        &self,
        place: Place,
        user: &User,
        command: &Command,
        seed: Option<&str>,
        level: Option<u8>,
    ) -> Outcome {
        match command {
            Command::Leveled { level, command } => self.challenge_at_level(place, user, command, seed, Some(*level)),
            Command::Play { variant, opponent, move_days, options, clock } => {
                let opponent = self.opponent_seat(opponent.as_ref(), level)?;
                let against_rookery = opponent.as_ref().is_some_and(|o| self.account.is(o.id));
                let terms = games::Terms {
                    variant,
                    opponent: opponent.as_ref(),
                    move_days: *move_days,
                    options: options.as_deref(),
                    time_control: clock.as_deref(),
                    seed,
                };
                let replies = self.play(place, user, terms)?;
                if against_rookery {
                    return self.engine_accepts(place, replies);
                }
                Ok(replies)
            }
            Command::Accept => self.accept(place, user, seed).and_then(|replies| self.open_thread(place, replies)),
            _ => Err(Refusal::new("A seed goes with `/play` or `/accept`; otherwise use `/seed`.")),
        }
    }
}

impl Handler for Core {
    fn handle(&self, request: Request) -> Vec<Reply> {
        let started = std::time::Instant::now();
        let handled = |how| telemetry::command_handled(&request.command, started.elapsed(), how);
        if let Some(Err(Refusal(text))) = self.limits.as_ref().map(|l| l.check(request.place, request.user.id)) {
            handled(Handled::RateLimited);
            return vec![Reply::private(text)];
        }
        match self.run(&request) {
            Ok(mut replies) => {
                replies.extend(self.engine_turn(request.place));
                crate::picture::draw_pending(&mut replies);
                handled(Handled::Done);
                replies
            }
            Err(Refusal(text)) => {
                handled(Handled::Refused);
                vec![Reply::private(text)]
            }
        }
    }

    fn complete_move(&self, place: Place, user: u64, partial: &str) -> Vec<String> {
        self.move_suggestions(place, user, partial).unwrap_or_default()
    }

    fn move_to_thread(&self, from: Place, game: u64, thread: Place) -> Result<Reply, String> {
        // A tournament's game waits in a holding place of its own, not in the channel.
        let held = self.tournament_holding(from, game);
        // The event notes the thread first: a tick in between then finds the
        // game still held (see `game_result`), never neither place.
        if held.is_some() {
            self.tournament_game_moved(from.guild, game, thread);
        }
        let moved = self.relocate(held.unwrap_or(from), game, thread);
        if let (Err(_), Some(held)) = (&moved, held) {
            self.tournament_game_moved(from.guild, game, held);
        }
        let note = moved.map_err(|Refusal(reason)| reason)?;
        // A thought about the game where it was is dropped as stale: think again there.
        let answered = self.engine_turn(thread);
        self.outbox().extend(answered.into_iter().map(|reply| (thread, reply)));
        Ok(note)
    }

    fn wait_due(&self, timeout: Duration) {
        if self.outbox().is_empty() {
            self.thinkers.wait_done(timeout);
        }
    }

    fn settle(&self) {
        loop {
            self.thinkers.wait_idle(SETTLE_LIMIT);
            let results = self.engine_results();
            if results.is_empty() {
                return;
            }
            self.outbox().extend(results);
        }
    }

    fn play_as(&self, user: User) {
        Core::play_as(self, user);
    }

    fn event_post_posted(&self, guild: u64, event: u64, channel: u64, message: u64) {
        self.tournament_post_posted(guild, event, channel, message);
    }

    fn scheduled_post_arrived(&self, guild: u64) {
        self.puzzle_post_arrived(guild);
    }

    fn scheduled_post_failed(&self, guild: u64, channel: u64, failure: PostFailure) -> Option<Reply> {
        self.puzzle_post_failed(guild, channel, &failure)
    }

    fn own_due(&self) -> Vec<(Place, Reply)> {
        let mut due = std::mem::take(&mut *self.outbox());
        due.extend(self.engine_results());
        if let Some(limits) = &self.limits {
            limits.forget_idle();
        }
        for (_, reply) in &mut due {
            crate::picture::draw_pending(std::slice::from_mut(reply));
        }
        due
    }

    fn due(&self) -> Vec<(Place, Reply)> {
        let mut scheduled = self.flag_falls().unwrap_or_else(|Refusal(reason)| {
            tracing::error!(%reason, "clock check failed");
            Vec::new()
        });
        scheduled.extend(self.tick().unwrap_or_else(|Refusal(reason)| {
            tracing::error!(%reason, "deadline check failed");
            Vec::new()
        }));
        scheduled.extend(self.expire_challenges().unwrap_or_else(|Refusal(reason)| {
            tracing::error!(%reason, "challenge expiry failed");
            Vec::new()
        }));
        scheduled.extend(self.puzzle_posts().unwrap_or_else(|Refusal(reason)| {
            tracing::error!(%reason, "daily puzzle posting failed");
            Vec::new()
        }));
        scheduled.extend(self.tournament_tick().unwrap_or_else(|Refusal(reason)| {
            tracing::error!(%reason, "tournament check failed");
            Vec::new()
        }));
        for (_, reply) in &mut scheduled {
            crate::picture::draw_pending(std::slice::from_mut(reply));
        }
        let mut due = self.own_due();
        due.extend(scheduled);
        due
    }
}

/// How long [`Handler::settle`] waits for the engine at most: well beyond
/// the top level's budget, so only a stuck engine is given up on.
const SETTLE_LIMIT: Duration = Duration::from_secs(60);

fn channel(place: Place) -> ChannelKey {
    ChannelKey { guild: place.guild, channel: place.channel }
}

/// What players are told when the channel's game was saved by a newer Rookery.
const NEWER_GAME: &str = "This channel's game was saved by a newer version of Rookery, which this one cannot read, so \
                          it is left as it is. A moderator can end it with `/admin end` to free the channel.";
/// What players are told when the channel's game could not be read.
const DAMAGED_GAME: &str = "This channel's game was damaged, so Rookery set it aside for the bot's operator. The \
                            channel is free: start a new game with `/play`.";

/// [`storage_failure`] for a read or update of the channel's own game,
/// which can say what the stored record is to the channel.
fn channel_failure(error: StorageError) -> Refusal {
    match error {
        StorageError::TooNew(_) => Refusal::new(NEWER_GAME),
        StorageError::Quarantined(_) => {
            telemetry::error(ErrorKind::Quarantined);
            Refusal::new(DAMAGED_GAME)
        }
        other => storage_failure(other),
    }
}

/// Storage failures are ours, not the user's: log them, apologise.
fn storage_failure(error: StorageError) -> Refusal {
    telemetry::error(match error {
        StorageError::Quarantined(_) => ErrorKind::Quarantined,
        StorageError::NotDurable(_) => ErrorKind::NotDurable,
        _ => ErrorKind::Storage,
    });
    match error {
        // Set aside already (storage logged the record and why).
        StorageError::Quarantined(_) => Refusal::new(
            "Some of Rookery's saved data here was damaged, so it was set aside for the bot's operator; the rest \
             keeps working. Please try again.",
        ),
        StorageError::TooNew(_) => Refusal::new(
            "This was saved by a newer version of Rookery, which this one cannot read; it is left as it is.",
        ),
        StorageError::InUse(_) => Refusal::from(error),
        StorageError::NotDurable(_) => {
            tracing::error!(%error, "a committed change could not be flushed");
            Refusal::new(
                "Your change was made, but Rookery could not confirm it is saved to disk; it may be lost if \
                 the bot restarts now. Please check with `/board` in a moment.",
            )
        }
        other => {
            tracing::error!(%other, "storage failure");
            Refusal::new("Rookery could not reach its database just now; nothing was changed. Please try again.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_flush_after_a_commit_never_says_nothing_changed() {
        let failed = storage_failure(StorageError::NotDurable(std::io::Error::other("disk gone").into()));
        assert!(failed.0.contains("Your change was made"), "{}", failed.0);
        assert!(!failed.0.contains("nothing was changed"), "{}", failed.0);
        let unreachable = storage_failure(StorageError::Damaged("cut".into()));
        assert!(unreachable.0.contains("nothing was changed"), "{}", unreachable.0);
    }
}
