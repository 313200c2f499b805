//! The `/tournament` commands players and organisers type or click.

use rookery_engine::Variant;
use rookery_storage::{ArenaStep, EventFormat, EventRecord, EventStatus, ManualResult, Player};
use rookery_tournament::swiss::SwissEvent;

use super::state::{self, parse_result, result_text};
use super::{event_post, organiser_only, standings, Core, Place, Refusal, Reply, User};
use crate::core::{clock, storage_failure, Attachment, Outcome};

/// The longest event name: it goes into thread names of at most 100 characters.
const NAME_MAX: usize = 50;
/// The rounds a Swiss may have.
const ROUNDS: std::ops::RangeInclusive<u32> = 1..=20;
/// An Arena's length in minutes: on a clock, and by correspondence.
const ARENA_MINUTES: std::ops::RangeInclusive<u32> = 10..=24 * 60;
const SLOW_ARENA_MINUTES: std::ops::RangeInclusive<u32> = 10..=30 * 24 * 60;
/// How long a paired player has for a first move, unless the organiser
/// says: real-time, and otherwise.
const NO_SHOW_CLOCK: u64 = 5 * 60;
const NO_SHOW_SLOW: u64 = 24 * 60 * 60;
/// The waits for a first move an organiser may set, in minutes: up to a week.
const NO_SHOW_MINUTES: std::ops::RangeInclusive<u32> = 1..=7 * 24 * 60;
/// The rating of a player without one in the game.
const UNRATED: u32 = 1500;

/// What a `create` asks for, in the user's words.
pub(super) struct Terms<'a> {
    pub name: &'a str,
    pub game: &'a str,
    pub clock: Option<&'a str>,
    pub move_days: Option<u32>,
    pub starts: &'a Option<String>,
    pub no_show_minutes: Option<u32>,
}

fn player(user: &User) -> Player {
    Player { id: user.id, name: user.name.clone() }
}

/// When an event starts: `30m` or `2h` from now, or `HH:MM` (UTC, the next
/// such time); `None`: when the organiser starts it.
fn parse_start(text: &str, now: i64) -> Result<i64, Refusal> {
    let text = text.trim().to_lowercase();
    let bad = || {
        Refusal(format!(
            "`{text}` is not a start time. Write minutes or hours from now (`30m`, `2h`) or a UTC time (`18:30`)."
        ))
    };
    if let Some((hours, minutes)) = text.split_once(':') {
        let (hours, minutes): (i64, i64) = (hours.parse().map_err(|_| bad())?, minutes.parse().map_err(|_| bad())?);
        if !(0..24).contains(&hours) || !(0..60).contains(&minutes) {
            return Err(bad());
        }
        let day_start = now - now.rem_euclid(86_400);
        let at = day_start + hours * 3_600 + minutes * 60;
        return Ok(if at > now { at } else { at + 86_400 });
    }
    let (number, unit) = text.split_at(text.len().saturating_sub(1));
    let number: i64 = number.parse().map_err(|_| bad())?;
    let seconds = match unit {
        "m" => number * 60,
        "h" => number * 3_600,
        _ => return Err(bad()),
    };
    if !(1..=14 * 86_400).contains(&seconds) {
        return Err(Refusal::new("An event starts within two weeks."));
    }
    Ok(now + seconds)
}

/// Whether `user` may enter `swiss` now: before the start, or between
/// rounds of a running one, from the next round on (not in its last round,
/// nor back after leaving it).
fn late_entry_allowed(event: &EventRecord, swiss: &SwissEvent, user: u64) -> Result<(), Refusal> {
    if swiss.entrants().iter().any(|e| e.player.id == user && e.withdrew_at.is_some()) {
        return Err(Refusal(format!("You left “{}”; a player who left cannot come back.", event.name)));
    }
    if event.status == EventStatus::Open || swiss.entrants().iter().any(|e| e.player.id == user) {
        return Ok(());
    }
    let paired = swiss.rounds().len();
    if paired >= swiss.config().rounds as usize {
        return Err(Refusal(format!(
            "“{}” is in its last round ({paired} of {paired}); there is no round left to enter.",
            event.name
        )));
    }
    Ok(())
}

/// ` from round N` for a late entrant of a Swiss, else nothing.
fn late_from(event: &EventRecord, user: u64) -> String {
    let EventFormat::Swiss { entrants, .. } = &event.format else { return String::new() };
    match entrants.iter().find(|e| e.id == user) {
        Some(entrant) if entrant.joined_at > 0 => format!(" from round {}", entrant.joined_at + 1),
        _ => String::new(),
    }
}

impl Core {
    /// A player's rating in the event's game (the pairing seeds by it).
    fn rating_of(&self, guild: u64, variant: &str, user: u64) -> Result<u32, Refusal> {
        let stats = self.storage.player_stats(guild, variant, user).map_err(storage_failure)?;
        Ok(stats.map_or(UNRATED, |s| s.rating.round().clamp(0.0, 4000.0) as u32))
    }

    pub(super) fn create_event(&self, place: Place, user: &User, terms: Terms<'_>, format: EventFormat) -> Outcome {
        let name = terms.name.trim();
        if name.is_empty() || name.chars().count() > NAME_MAX {
            return Err(Refusal(format!("An event's name has 1 to {NAME_MAX} characters.")));
        }
        let variant: Variant = terms.game.parse()?;
        match &format {
            EventFormat::Swiss { rounds, .. } if !ROUNDS.contains(rounds) => {
                return Err(Refusal(format!("A Swiss has {} to {} rounds.", ROUNDS.start(), ROUNDS.end())))
            }
            EventFormat::Arena { .. } if terms.clock.is_none() && terms.move_days.is_none() => {
                return Err(Refusal::new("An Arena needs a clock (such as 3+2) or days per move."))
            }
            EventFormat::Arena { minutes, .. } if terms.clock.is_some() && !ARENA_MINUTES.contains(minutes) => {
                return Err(Refusal(format!(
                    "An Arena on a clock lasts {} to {} minutes (a day).",
                    ARENA_MINUTES.start(),
                    ARENA_MINUTES.end()
                )))
            }
            EventFormat::Arena { minutes, .. } if !SLOW_ARENA_MINUTES.contains(minutes) => {
                return Err(Refusal(format!(
                    "An Arena by days per move lasts {} to {} minutes (30 days).",
                    SLOW_ARENA_MINUTES.start(),
                    SLOW_ARENA_MINUTES.end()
                )))
            }
            _ => {}
        }
        if terms.move_days.is_some_and(|d| d == 0 || d > 30) {
            return Err(Refusal::new("The time per move must be between 1 and 30 days."));
        }
        if terms.clock.is_some() && terms.move_days.is_some() {
            return Err(Refusal::new("Give a clock or days per move, not both."));
        }
        let time_control = match terms.clock {
            Some(text) => {
                clock::parse_time_control(text)?;
                Some(text.trim().to_string())
            }
            None => None,
        };
        if terms.no_show_minutes.is_some_and(|m| !NO_SHOW_MINUTES.contains(&m)) {
            return Err(Refusal::new("The wait for a first move is 1 minute to 7 days (10080 minutes)."));
        }
        let default_wait = if time_control.is_some() { NO_SHOW_CLOCK } else { NO_SHOW_SLOW };
        let now = self.now();
        let starts = terms.starts.as_deref().map(|text| parse_start(text, now)).transpose()?;
        let id = self.storage.new_id().map_err(storage_failure)?;
        let event = EventRecord {
            id,
            guild: place.guild,
            channel: place.channel,
            post: None,
            name: name.to_string(),
            organiser: player(user),
            variant: variant.name().to_string(),
            no_show_seconds: terms.no_show_minutes.map_or(default_wait, |m| u64::from(m) * 60),
            time_control,
            move_days: terms.move_days,
            created: now,
            starts,
            started: None,
            status: EventStatus::Open,
            format,
            games: Vec::new(),
            manual_results: Vec::new(),
        };
        if !self.storage.create_event(&event).map_err(storage_failure)? {
            return Err(Refusal::new("That tournament was just created; nothing more was done."));
        }
        // Answering with the post makes it the event post, kept current from now on.
        let mut post = event_post(&event);
        post.event_post = Some(super::post::marker(&event));
        Ok(vec![post])
    }

    pub(super) fn join_event(&self, place: Place, user: &User, id: u64) -> Outcome {
        let rating = self.rating_of(place.guild, &self.event(place.guild, id)?.variant, user.id)?;
        let now_ms = self.now_ms().max(0) as u64;
        let (event, ()) = self.change_event(place.guild, id, |event| {
            let already = || Refusal(format!("You are already in “{}”.", event.name));
            if event.status == EventStatus::Finished {
                return Err(Refusal(format!("“{}” is over.", event.name)));
            }
            let entrant = rookery_tournament::Player { id: user.id, name: user.name.clone(), rating };
            if let Some(mut swiss) = state::swiss(event)? {
                late_entry_allowed(event, &swiss, user.id)?;
                swiss.add_player(entrant).map_err(|_| already())?;
                state::store_swiss(event, &swiss);
            } else if let Some(mut arena) = state::arena(event)? {
                let at_ms = now_ms.max(state::arena_start_ms(event));
                arena.join(entrant, at_ms).map_err(|e| match e {
                    rookery_tournament::arena::ArenaError::AlreadyJoined => already(),
                    other => Refusal::from(other),
                })?;
                state::push_step(event, ArenaStep::Join { id: user.id, name: user.name.clone(), rating, at_ms });
            }
            Ok(())
        })?;
        Ok(vec![self.post_after_click(&event, &format!("{} joined{}.", user.name, late_from(&event, user.id)))?])
    }

    pub(super) fn leave_event(&self, place: Place, user: &User, id: u64) -> Outcome {
        let (event, ()) = self.change_event(place.guild, id, |event| self.drop_player(event, user.id))?;
        let games_stand = if event.status == EventStatus::Open { "" } else { " Their games so far stand." };
        Ok(vec![self.post_after_click(&event, &format!("{} left.{games_stand}", user.name))?])
    }

    /// Takes a player out: before the start their entry goes, after it they
    /// are not paired again and their games so far stand.
    fn drop_player(&self, event: &mut EventRecord, user: u64) -> Result<(), Refusal> {
        let absent = || Refusal(format!("That player is not in “{}”.", event.name));
        if event.status == EventStatus::Finished {
            return Err(Refusal(format!("“{}” is over.", event.name)));
        }
        if let Some(mut swiss) = state::swiss(event)? {
            let index = swiss.entrants().iter().position(|e| e.player.id == user).ok_or_else(absent)?;
            if swiss.rounds().is_empty() {
                if let EventFormat::Swiss { entrants, .. } = &mut event.format {
                    entrants.remove(index);
                }
                return Ok(());
            }
            swiss.withdraw(index).map_err(|_| absent())?;
            state::store_swiss(event, &swiss);
        } else if let Some(arena) = state::arena(event)? {
            let index = arena.players().iter().position(|p| p.player.id == user && p.present).ok_or_else(absent)?;
            state::push_step(event, ArenaStep::Leave { player: index });
        }
        Ok(())
    }

    pub(super) fn remove_player(&self, place: Place, user: &User, id: u64, whom: &User) -> Outcome {
        let (event, ()) = self.change_event(place.guild, id, |event| {
            organiser_only(event, user)?;
            self.drop_player(event, whom.id)
        })?;
        Ok(vec![Reply::text(format!("{} removed {} from “{}”.", user.name, whom.name, event.name))])
    }

    pub(super) fn pause_event(&self, place: Place, user: &User, id: u64, pause: bool) -> Outcome {
        let (event, ()) = self.change_event(place.guild, id, |event| {
            organiser_only(event, user)?;
            match (event.status, pause) {
                (EventStatus::Running, true) => event.status = EventStatus::Paused,
                (EventStatus::Paused, false) => event.status = EventStatus::Running,
                (_, true) => return Err(Refusal(format!("“{}” is not running.", event.name))),
                (_, false) => return Err(Refusal(format!("“{}” is not paused.", event.name))),
            }
            Ok(())
        })?;
        let verb = if pause { "paused: games in progress go on, no new pairings" } else { "resumed" };
        Ok(vec![Reply::text(format!("“{}” is {verb}.", event.name))])
    }

    /// An organiser sets a result by hand (a dispute, a lost connection):
    /// recorded with who set it; the game, if still played, ends in its
    /// thread, and its own end no longer counts.
    pub(super) fn set_result(&self, place: Place, user: &User, id: u64, at: (u32, u32), text: &str) -> Outcome {
        let result = parse_result(text).ok_or_else(|| {
            Refusal(format!(
                "`{text}` is not a result. Write `1-0`, `0-1`, `1/2-1/2`, or `+/-`, `-/+`, `-/-` for forfeits."
            ))
        })?;
        let (round, board) = (at.0.saturating_sub(1), at.1.saturating_sub(1));
        let now = self.now();
        let now_ms = self.now_ms().max(0) as u64;
        // The game still being played, if any: its plies count for an Arena's rules.
        let before = self.event(place.guild, id)?;
        let held = super::games::held_game(&before, (round, board));
        let plies = held.as_ref().and_then(|held| self.plies_so_far(&before, held));
        let (event, ()) = self.change_event(place.guild, id, |event| {
            organiser_only(event, user)?;
            let missing = || Refusal(format!("“{}” has no such game.", event.name));
            if let Some(mut swiss) = state::swiss(event)? {
                swiss.record_result(round as usize, board as usize, result).map_err(|_| missing())?;
                state::store_swiss(event, &swiss);
            } else {
                // An Arena's games are numbered in order; the board is not used.
                let game = round;
                let arena = state::arena(event)?.ok_or_else(missing)?;
                let decided = arena.games().get(game as usize).ok_or_else(missing)?.result.is_some();
                if decided || event.games.iter().any(|g| g.round == game && g.result.is_some()) {
                    return Err(Refusal::new("That Arena game already has its result; it cannot be changed."));
                }
                state::push_step(event, state::finish_step(game as usize, result, plies, now_ms));
            }
            let game_round =
                if matches!(event.format, EventFormat::Swiss { .. }) { (round, board) } else { (round, 0) };
            if let Some(game) = event.games.iter_mut().find(|g| (g.round, g.board) == game_round) {
                game.result = Some(result_text(result).into());
            }
            event.manual_results.push(ManualResult {
                round: game_round.0,
                board: game_round.1,
                result: result_text(result).into(),
                by: player(user),
                at: now,
            });
            Ok(())
        })?;
        let mut replies = vec![Reply::text(format!(
            "{} set the result of round {} board {} of “{}” to {}.",
            user.name,
            at.0,
            at.1,
            event.name,
            result_text(result)
        ))];
        if let Some(held) = held {
            self.stop_game_by_hand(&event, &held, result, user)?;
        }
        let moved = self.advance_event(&event)?;
        replies.extend(self.deliver(place, &event, moved));
        Ok(replies)
    }

    pub(super) fn start_event(&self, place: Place, user: &User, id: u64) -> Outcome {
        let event = self.event(place.guild, id)?;
        organiser_only(&event, user)?;
        if event.status != EventStatus::Open {
            return Err(Refusal(format!("“{}” has already started.", event.name)));
        }
        let mut replies = vec![Reply::text(format!("{} started “{}”.", user.name, event.name))];
        let begun = self.begin_event(&event)?;
        replies.extend(self.deliver(place, &event, begun));
        Ok(replies)
    }

    pub(super) fn end_event(&self, place: Place, user: &User, id: u64) -> Outcome {
        let event = self.event(place.guild, id)?;
        organiser_only(&event, user)?;
        if event.status == EventStatus::Finished {
            return Err(Refusal(format!("“{}” is already over.", event.name)));
        }
        let finished = self.finish_event(&event, Some(user))?;
        let delivered = self.deliver(place, &event, finished);
        if delivered.is_empty() {
            return Ok(vec![Reply::private(format!(
                "“{}” is over; the final standings are in its channel.",
                event.name
            ))]);
        }
        Ok(delivered)
    }

    pub(super) fn list_events(&self, place: Place) -> Outcome {
        let events = self.storage.guild_events(place.guild).map_err(storage_failure)?;
        if events.is_empty() {
            return Ok(vec![Reply::text("No tournaments in this server yet. `/tournament create` starts one.")]);
        }
        let lines: Vec<String> = events
            .iter()
            .rev()
            .map(|e| {
                format!(
                    "#{} · **{}** · {} · {} · {} · {} player(s)",
                    e.id,
                    e.name,
                    super::format_name(e),
                    e.variant,
                    super::status_name(e.status),
                    super::player_count(e)
                )
            })
            .collect();
        Ok(vec![Reply::text(super::cut(&lines.join("\n"), super::MESSAGE_MAX))])
    }

    pub(super) fn show_event(&self, place: Place, id: u64) -> Outcome {
        let event = self.event(place.guild, id)?;
        let (mut reply, _) = self.refreshed_post(&event)?;
        // A copy of the post, not the one kept current.
        reply.event_post = None;
        if !standings::exist(&event) {
            let table = standings::text(&standings::labels(&event), &standings::rows(&event)?);
            reply.text = super::post::with_table(&reply.text, &table);
        }
        Ok(vec![reply])
    }

    pub(super) fn export_event(&self, place: Place, id: u64) -> Outcome {
        let event = self.event(place.guild, id)?;
        let Some(swiss) = state::swiss(&event)? else {
            return Err(Refusal::new("TRF files are for Swiss events; `/tournament show` has the Arena's standings."));
        };
        let mut reply = Reply::text(format!("“{}” as a FIDE TRF file.", event.name));
        reply.files.push(Attachment {
            name: format!("tournament-{}.trf", event.id),
            bytes: rookery_tournament::trf::export(&swiss, &event.name).into_bytes(),
        });
        Ok(vec![reply])
    }

    /// `/tournament me`: the user's game in progress, or what they wait for.
    pub(super) fn my_next_game(&self, place: Place, user: &User) -> Outcome {
        let events = self.storage.guild_events(place.guild).map_err(storage_failure)?;
        let mut lines = Vec::new();
        for event in events.iter().filter(|e| e.status != EventStatus::Finished) {
            let Some(line) = self.next_game_line(event, user.id)? else { continue };
            lines.push(format!("**{}** (#{}): {line}", event.name, event.id));
        }
        if lines.is_empty() {
            return Ok(vec![Reply::private(
                "You are not playing in any tournament here. `/tournament list` shows them.",
            )]);
        }
        Ok(vec![Reply::private(super::cut(&lines.join("\n"), super::MESSAGE_MAX))])
    }
}

#[cfg(test)]
mod tests {
    use super::parse_start;

    #[test]
    fn a_start_is_read_as_from_now_or_as_the_next_such_utc_time() {
        let now = 1_700_000_000; // 22:13:20 UTC
        assert_eq!(parse_start("30m", now), Ok(now + 1_800));
        assert_eq!(parse_start("2h", now), Ok(now + 7_200));
        assert_eq!(parse_start("23:00", now), Ok(now - now % 86_400 + 23 * 3_600));
        assert_eq!(parse_start("08:00", now), Ok(now - now % 86_400 + 86_400 + 8 * 3_600));
        assert!(parse_start("soon", now).is_err());
        assert!(parse_start("25:00", now).is_err());
        assert!(parse_start("0m", now).is_err());
    }
}
