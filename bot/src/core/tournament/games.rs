//! The Rookery game of each pairing.
//!
//! A pairing's game is made by the ordinary challenge and acceptance code,
//! in a holding place of its own: a channel id no Discord channel has (the
//! top bit set; Discord's ids are below 2^63) derived from the event, round
//! and board. So making it twice (a retry after a crash, two ticks at
//! once) finds the first one instead. Its first message asks the front end
//! for a thread in the event's channel; [`Core::tournament_holding`] tells
//! the thread move where the game is held.

use rookery_engine::game::Action;
use rookery_engine::Color;
use rookery_storage::{Change, ChannelGame, EventFormat, EventGame, EventRecord, Phase, Player};
use rookery_tournament::GameResult;

use super::{cut, format_name, state, Core, Place, Refusal, Reply};
use crate::core::games::{replay, Terms};
use crate::core::{channel, storage_failure, ThreadStart, User};

/// Discord's longest thread name.
const THREAD_NAME_MAX: usize = 100;
/// The bit that marks a holding place's channel id.
const HOLDING: u64 = 1 << 63;

/// Where the game of `round` and `board` of `event` is made.
pub(super) fn holding(event: &EventRecord, round: u32, board: u32) -> Place {
    let slot = (u64::from(round) & 0xffff) << 16 | u64::from(board) & 0xffff;
    Place { guild: event.guild, channel: HOLDING | (event.id & 0x7fff_ffff) << 32 | slot }
}

fn user(player: &Player) -> User {
    User { id: player.id, name: player.name.clone(), can_manage_channel: false }
}

/// The game's thread name: `Round 2 · alice vs bob · Swiss: Autumn Cup`.
fn thread_name(event: &EventRecord, round: u32, white: &Player, black: &Player) -> String {
    let players = format!("{} vs {}", white.name, black.name);
    let name = match event.format {
        EventFormat::Swiss { .. } => format!("Round {} · {players} · Swiss: {}", round + 1, event.name),
        EventFormat::Arena { .. } => format!("{players} · Arena: {}", event.name),
    };
    cut_name(&name)
}

fn cut_name(name: &str) -> String {
    if name.chars().count() <= THREAD_NAME_MAX {
        return name.to_string();
    }
    let mut out: String = name.chars().take(THREAD_NAME_MAX - 1).collect();
    out.push('…');
    out
}

/// The plies (moves, not rolls or passes) played in the game.
pub(super) fn plies(game: &rookery_engine::game::Game) -> u32 {
    game.actions().iter().filter(|a| matches!(a, Action::Move(_))).count() as u32
}

/// How a pairing's game ended: its result as stored (`1-0`, `-/-`...) and
/// the plies played, when there was a game to count them in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Ended {
    pub result: String,
    pub plies: Option<u32>,
}

/// Whether the side to move has not moved yet in the game (a no-show).
pub(super) fn waiting_for_first_move(game: &rookery_engine::game::Game) -> Option<Color> {
    let side = game.turn()?.side;
    let moves = plies(game);
    let before_first = match side {
        Color::White => moves == 0,
        Color::Black => moves <= 1,
    };
    before_first.then_some(side)
}

impl Core {
    /// Makes (or finds, if it was made already) the game of a pairing; its
    /// first message, asking for its thread, when it was made now.
    pub(super) fn pairing_game(
        &self,
        event: &EventRecord,
        (round, board): (u32, u32),
        white: &Player,
        black: &Player,
    ) -> Result<(EventGame, Option<Reply>), Refusal> {
        let place = holding(event, round, board);
        let made =
            |id: u64| EventGame { round, board, game: id, channel: place.channel, paired_at: self.now(), result: None };
        if let Some(existing) = self.current(place)? {
            return Ok((made(existing.id), None));
        }
        let terms = Terms {
            variant: &event.variant,
            opponent: Some(&user(black)),
            move_days: event.move_days,
            options: None,
            time_control: event.time_control.as_deref(),
            seed: None,
        };
        let started = self.play(place, &user(white), terms).and_then(|_| self.accept(place, &user(black), None));
        let record = self.current(place)?.filter(|r| r.phase == Phase::Playing);
        let (replies, record) = match (started, record) {
            (Ok(replies), Some(record)) => (replies, record),
            // Made at the same moment by another tick: that one posts it.
            (Err(_), Some(record)) => return Ok((made(record.id), None)),
            (Err(refusal), None) => return Err(refusal),
            (Ok(_), None) => return Err(Refusal::new("A tournament game could not be started.")),
        };
        let mut message = replies.into_iter().find(|r| !r.ephemeral).unwrap_or_default();
        let mentions = format!("<@{}> (White) vs <@{}> (Black)", white.id, black.id);
        message.text = cut(&format!("{mentions}\n{}", message.text), super::MESSAGE_MAX);
        message.thread = Some(ThreadStart { name: thread_name(event, round, white, black), game: record.id });
        if super::state::arena(event)?.is_some_and(|arena| arena.berserk_allowed()) {
            message.buttons.push(super::berserk::berserk_button(record.id));
        }
        Ok((made(record.id), Some(message)))
    }

    /// Where a tournament game about to move into a thread of `from` is
    /// held, if `game` is one.
    pub(crate) fn tournament_holding(&self, from: Place, game: u64) -> Option<Place> {
        let events = self.storage.guild_events(from.guild).ok()?;
        let event = events.iter().find(|e| e.channel == from.channel && e.games.iter().any(|g| g.game == game))?;
        let held = event.games.iter().find(|g| g.game == game)?;
        Some(Place { guild: from.guild, channel: held.channel })
    }

    /// Notes in its event that `game` is now played in `thread`.
    pub(crate) fn tournament_game_moved(&self, guild: u64, game: u64, thread: Place) {
        let Ok(events) = self.storage.guild_events(guild) else { return };
        let Some(event) = events.iter().find(|e| e.games.iter().any(|g| g.game == game)) else { return };
        let moved = self.change_event(guild, event.id, |event| {
            if let Some(held) = event.games.iter_mut().find(|g| g.game == game) {
                held.channel = thread.channel;
            }
            Ok(())
        });
        if let Err(Refusal(reason)) = moved {
            tracing::error!(%reason, game, "a tournament game's thread was not noted");
        }
    }

    /// How a pairing's game ended, from the archive: its result (`1-0`,
    /// `0-1`, `1/2-1/2`) and plies; `-/-` if it vanished unfinished (aborted
    /// or ended by a moderator); `None` while it is played.
    pub(super) fn game_result(&self, event: &EventRecord, held: &EventGame) -> Result<Option<Ended>, Refusal> {
        if let Some((_, record)) = self.storage.finished_game(held.game).map_err(storage_failure)? {
            if let Phase::Finished { result, .. } = &record.phase {
                let plies = replay(&record).ok().map(|game| plies(&game));
                return Ok(Some(Ended { result: result.clone(), plies }));
            }
        }
        // Where the event says, or still in its holding place while it moves
        // into the thread the event already names.
        let noted = Place { guild: event.guild, channel: held.channel };
        for place in [noted, holding(event, held.round, held.board)] {
            if self.current(place)?.is_some_and(|r| r.id == held.game && r.phase == Phase::Playing) {
                return Ok(None);
            }
        }
        Ok(Some(Ended { result: "-/-".into(), plies: None }))
    }

    /// Ends a no-show's game: the player to move who never moved within the
    /// event's wait forfeits. The forfeit result and the note for its thread.
    pub(super) fn forfeit_no_show(
        &self,
        event: &EventRecord,
        held: &EventGame,
    ) -> Result<Option<(Ended, Place, Reply)>, Refusal> {
        let place = Place { guild: event.guild, channel: held.channel };
        let Some(record) = self.current(place)?.filter(|r| r.id == held.game && r.phase == Phase::Playing) else {
            return Ok(None);
        };
        let waited = self.now() - record.last_activity.max(held.paired_at);
        if waited < event.no_show_seconds as i64 {
            return Ok(None);
        }
        let game = replay(&record)?;
        let Some(side) = waiting_for_first_move(&game) else { return Ok(None) };
        let played = plies(&game);
        let (absent, result) = match side {
            Color::White => (record.white.clone(), "-/+"),
            Color::Black => (record.black.clone(), "+/-"),
        };
        let game = held.game;
        let cleared = self.update(place, |current| match current {
            Some(current) if current.id == game && current.phase == Phase::Playing => {
                Ok(rookery_storage::Change::Clear(true))
            }
            _ => Ok(rookery_storage::Change::Keep(false)),
        })?;
        if !cleared {
            return Ok(None);
        }
        let name = absent.map_or_else(|| "?".into(), |p| p.name);
        let note = Reply::text(format!(
            "{name} did not make a first move within {} and forfeits this {} game.",
            super::wait_text(event.no_show_seconds),
            format_name(event)
        ));
        Ok(Some((Ended { result: result.into(), plies: Some(played) }, place, note)))
    }
}

/// The pairing at (`round`, `board`) (an Arena's game number and any board)
/// whose game has no result in the event yet.
pub(super) fn held_game(event: &EventRecord, (round, board): (u32, u32)) -> Option<EventGame> {
    let board = if matches!(event.format, EventFormat::Swiss { .. }) { board } else { 0 };
    event.games.iter().find(|g| (g.round, g.board) == (round, board) && g.result.is_none()).cloned()
}

/// A result as a PGN writes it: a forfeit is a win, a double forfeit no result.
fn pgn_result(result: GameResult) -> &'static str {
    match result {
        GameResult::WhiteWins | GameResult::WhiteWinsByForfeit => "1-0",
        GameResult::BlackWins | GameResult::BlackWinsByForfeit => "0-1",
        GameResult::Draw => "1/2-1/2",
        GameResult::DoubleForfeit => "*",
    }
}

impl Core {
    /// The pairing's game while it is played: its record and where.
    fn game_in_play(&self, event: &EventRecord, held: &EventGame) -> Result<Option<(Place, ChannelGame)>, Refusal> {
        let place = Place { guild: event.guild, channel: held.channel };
        let record = self.current(place)?.filter(|r| r.id == held.game && r.phase == Phase::Playing);
        Ok(record.map(|record| (place, record)))
    }

    /// The plies played so far in the pairing's game, if it is played.
    pub(super) fn plies_so_far(&self, event: &EventRecord, held: &EventGame) -> Option<u32> {
        let (_, record) = self.game_in_play(event, held).ok()??;
        replay(&record).ok().map(|game| plies(&game))
    }

    /// Ends the pairing's game in its thread after an organiser set its
    /// result by hand, as a moderator's end does: archived with the result
    /// and who set it, unrated, and a note in the thread. Nothing if the
    /// game is over already. The event has the result, so the scheduler
    /// does not count the game's end again.
    pub(super) fn stop_game_by_hand(
        &self,
        event: &EventRecord,
        held: &EventGame,
        result: GameResult,
        by: &User,
    ) -> Result<(), Refusal> {
        let Some((place, record)) = self.game_in_play(event, held)? else { return Ok(()) };
        let ledger = self.stored_ledger(channel(place), &record);
        let role = if event.organiser.id == by.id { "organiser" } else { "moderator" };
        let now = self.now();
        let game = held.game;
        let note = self.update(place, |current| {
            let Some(record) = current.filter(|r| r.id == game && r.phase == Phase::Playing) else {
                return Ok(Change::Keep(Vec::new()));
            };
            let shown = state::result_text(result);
            let text = format!("The {role} {} set this game's result: {shown}. The game is over.", by.name);
            let phase = Phase::Finished {
                result: pgn_result(result).into(),
                reason: format!("result {shown} set by {role} {}", by.name),
            };
            Ok(self.finish_unrated(record, phase, now, text, ledger.as_ref()))
        })?;
        self.outbox().extend(note.into_iter().map(|reply| (place, reply)));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holding_places_are_no_discord_channel_and_differ_per_board() {
        let event = |id| EventRecord {
            id,
            name: "x".into(),
            started: None,
            status: rookery_storage::EventStatus::Open,
            ..super::super::test_event(EventFormat::Swiss {
                rounds: 3,
                entrants: Vec::new(),
                played: Vec::new(),
                late_half_point: false,
            })
        };
        let places =
            [holding(&event(5), 0, 0), holding(&event(5), 0, 1), holding(&event(5), 1, 0), holding(&event(6), 0, 0)];
        for (i, a) in places.iter().enumerate() {
            assert!(a.channel >= HOLDING);
            assert!(places[i + 1..].iter().all(|b| b != a));
        }
    }

    #[test]
    fn a_long_thread_name_is_cut_to_discords_limit() {
        let long = "x".repeat(150);
        assert_eq!(cut_name(&long).chars().count(), THREAD_NAME_MAX);
        assert_eq!(cut_name("Round 1 · a vs b · Swiss: Cup"), "Round 1 · a vs b · Swiss: Cup");
    }
}
