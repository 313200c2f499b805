//! Tournaments run by the bot (`/tournament`): Swiss events paired by the
//! FIDE Dutch system and lichess-style Arenas, on top of the
//! `rookery-tournament` crate.
//!
//! An event is one stored record ([`rookery_storage::EventRecord`]); every
//! change of it is one compare-and-swap of that record, so a double click
//! applies once and a restart resumes exactly where the last change left
//! it. Each pairing is an ordinary Rookery game, made by the challenge and
//! acceptance code in a holding place of its own and moved into a thread
//! of the event's channel by the front end (see `games`). The scheduler
//! ([`Core::tournament_tick`]) brings finished games' results back into the
//! event, forfeits no-shows, pairs the next round and ends the event.

mod berserk;
mod commands;
mod games;
mod post;
mod standings;
mod state;
mod tick;

use rookery_storage::{EventFormat, EventRecord, EventStatus};

use super::{Button, ButtonAction, ButtonStyle, Core, Place, Refusal, Reply, User};

pub use standings::StandingRow;

/// The `/tournament` subcommands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentCommand {
    /// `/tournament create swiss name game rounds [clock] [days] [starts] [late] [wait]`.
    CreateSwiss {
        name: String,
        game: String,
        rounds: u32,
        clock: Option<String>,
        move_days: Option<u32>,
        starts: Option<String>,
        /// Late entrants score half a point for each round missed (else nothing).
        late_half_point: bool,
        /// Minutes a paired player has for a first move before forfeiting
        /// (else 5 with a clock, a day by correspondence).
        no_show_minutes: Option<u32>,
    },
    /// `/tournament create arena name game minutes [clock] [days] [starts] [berserk] [wait]`:
    /// a clock, or days per move for a correspondence Arena.
    CreateArena {
        name: String,
        game: String,
        minutes: u32,
        clock: Option<String>,
        move_days: Option<u32>,
        starts: Option<String>,
        /// Whether players may berserk (lichess's default: yes).
        berserk: bool,
        /// As for a Swiss.
        no_show_minutes: Option<u32>,
    },
    /// The Join button, or `/tournament join id`.
    Join {
        event: u64,
    },
    /// The Leave button, or `/tournament leave id`.
    Leave {
        event: u64,
    },
    /// Organiser controls.
    Start {
        event: u64,
    },
    Pause {
        event: u64,
    },
    Resume {
        event: u64,
    },
    Remove {
        event: u64,
        player: User,
    },
    /// Sets a result by hand: Swiss round and board (1-based), or an Arena's game number.
    SetResult {
        event: u64,
        round: u32,
        board: u32,
        result: String,
    },
    End {
        event: u64,
    },
    /// `/tournament me`: your next game.
    Me,
    /// `/tournament list`: the server's events.
    List,
    /// `/tournament show id`: an event and its standings.
    Show {
        event: u64,
    },
    /// `/tournament export id`: the event as a FIDE TRF file.
    Export {
        event: u64,
    },
    /// An Arena game's Berserk button.
    Berserk {
        game: u64,
    },
}

/// Discord's longest message, less room for what a front end adds.
const MESSAGE_MAX: usize = 1900;

impl Core {
    /// Runs a `/tournament` subcommand.
    pub(super) fn tournament(&self, place: Place, user: &User, command: &TournamentCommand) -> super::Outcome {
        if place.guild == 0 {
            return Err(Refusal::new("Tournaments are run in a server's channels."));
        }
        match command {
            TournamentCommand::CreateSwiss {
                name,
                game,
                rounds,
                clock,
                move_days,
                starts,
                late_half_point,
                no_show_minutes,
            } => {
                let format = EventFormat::Swiss {
                    rounds: *rounds,
                    entrants: Vec::new(),
                    played: Vec::new(),
                    late_half_point: *late_half_point,
                };
                let clock = clock.as_deref();
                let terms = commands::Terms {
                    name,
                    game,
                    clock,
                    move_days: *move_days,
                    starts,
                    no_show_minutes: *no_show_minutes,
                };
                self.create_event(place, user, terms, format)
            }
            TournamentCommand::CreateArena {
                name,
                game,
                minutes,
                clock,
                move_days,
                starts,
                berserk,
                no_show_minutes,
            } => {
                let format =
                    EventFormat::Arena { minutes: *minutes, steps: Vec::new(), berserk: *berserk, paced: true };
                let terms = commands::Terms {
                    name,
                    game,
                    clock: clock.as_deref(),
                    move_days: *move_days,
                    starts,
                    no_show_minutes: *no_show_minutes,
                };
                self.create_event(place, user, terms, format)
            }
            TournamentCommand::Join { event } => self.join_event(place, user, *event),
            TournamentCommand::Leave { event } => self.leave_event(place, user, *event),
            TournamentCommand::Start { event } => self.start_event(place, user, *event),
            TournamentCommand::Pause { event } => self.pause_event(place, user, *event, true),
            TournamentCommand::Resume { event } => self.pause_event(place, user, *event, false),
            TournamentCommand::Remove { event, player } => self.remove_player(place, user, *event, player),
            TournamentCommand::SetResult { event, round, board, result } => {
                self.set_result(place, user, *event, (*round, *board), result)
            }
            TournamentCommand::End { event } => self.end_event(place, user, *event),
            TournamentCommand::Me => self.my_next_game(place, user),
            TournamentCommand::List => self.list_events(place),
            TournamentCommand::Show { event } => self.show_event(place, *event),
            TournamentCommand::Export { event } => self.export_event(place, *event),
            TournamentCommand::Berserk { game } => self.berserk(place, user, *game),
        }
    }

    /// `replies` for the event's channel: returned when the request came
    /// from there, else posted there by the scheduler.
    /// The event post's update always goes by the scheduler, which edits it.
    fn deliver(&self, place: Place, event: &EventRecord, replies: Vec<Reply>) -> Vec<Reply> {
        let channel = Place { guild: event.guild, channel: event.channel };
        let (edits, replies): (Vec<Reply>, Vec<Reply>) = replies.into_iter().partition(|r| r.event_post.is_some());
        self.outbox().extend(edits.into_iter().map(|reply| (channel, reply)));
        if place == channel {
            return replies;
        }
        self.outbox().extend(replies.into_iter().map(|reply| (channel, reply)));
        Vec::new()
    }

    /// A server's event, or the refusal that it has none of that number.
    fn event(&self, guild: u64, id: u64) -> Result<EventRecord, Refusal> {
        self.storage.event(guild, id).map_err(super::storage_failure)?.ok_or_else(|| {
            Refusal(format!("There is no tournament #{id} in this server; `/tournament list` shows them."))
        })
    }

    /// Changes event `id` of `guild` in one durable update: `change` gets
    /// the stored event and edits it, or refuses.
    fn change_event<T>(
        &self,
        guild: u64,
        id: u64,
        change: impl Fn(&mut EventRecord) -> Result<T, Refusal>,
    ) -> Result<(EventRecord, T), Refusal> {
        let updated = self.storage.update_event(guild, id, |stored| {
            let mut event = stored.ok_or_else(|| {
                Refusal(format!("There is no tournament #{id} in this server; `/tournament list` shows them."))
            })?;
            let answer = change(&mut event)?;
            Ok((Some(event.clone()), (event, answer)))
        });
        updated.map_err(super::storage_failure)?
    }
}

/// Whether `user` runs `event`: its organiser, or a moderator (Manage
/// Events, Manage Messages or the configured moderator role, which the
/// front end reports as `can_manage_channel`).
fn organises(event: &EventRecord, user: &User) -> bool {
    event.organiser.id == user.id || user.can_manage_channel
}

fn organiser_only(event: &EventRecord, user: &User) -> Result<(), Refusal> {
    if organises(event, user) {
        Ok(())
    } else {
        Err(Refusal(format!(
            "Only {} (the organiser) or a moderator can do that in “{}”.",
            event.organiser.name, event.name
        )))
    }
}

fn format_name(event: &EventRecord) -> &'static str {
    match event.format {
        EventFormat::Swiss { .. } => "Swiss",
        EventFormat::Arena { .. } => "Arena",
    }
}

fn status_name(status: EventStatus) -> &'static str {
    match status {
        EventStatus::Open => "open for entries",
        EventStatus::Running => "running",
        EventStatus::Paused => "paused",
        EventStatus::Finished => "finished",
    }
}

/// How many players are in the event (not counting those who left).
fn player_count(event: &EventRecord) -> usize {
    match &event.format {
        EventFormat::Swiss { entrants, .. } => entrants.iter().filter(|e| e.withdrew_at.is_none()).count(),
        EventFormat::Arena { .. } => state::arena(event).ok().flatten().map_or(0, |a| a.players().len()),
    }
}

/// Whether a started Swiss still takes late entries: a round is left to
/// pair after the one being played.
fn late_entry_open(event: &EventRecord) -> bool {
    let EventFormat::Swiss { rounds, played, .. } = &event.format else { return false };
    matches!(event.status, EventStatus::Running | EventStatus::Paused) && played.len() < *rounds as usize
}

/// A wait for a first move in the largest whole unit: `5 minutes`, `2 hours`, `1 day`.
fn wait_text(seconds: u64) -> String {
    let minutes = (seconds / 60).max(1);
    let (count, unit) = match minutes {
        m if m % (24 * 60) == 0 => (m / (24 * 60), "day"),
        m if m % 60 == 0 => (m / 60, "hour"),
        m => (m, "minute"),
    };
    format!("{count} {unit}{}", if count == 1 { "" } else { "s" })
}

/// The event's post: what it is, who is in, and Join/Leave while one can.
pub(super) fn event_post(event: &EventRecord) -> Reply {
    let pace = match (&event.time_control, event.move_days) {
        (Some(clock), _) => format!("clock {clock}"),
        (None, Some(days)) => format!("{days} day(s) per move"),
        (None, None) => "no clock".to_string(),
    };
    let pace = format!("{pace} · first move within {}", wait_text(event.no_show_seconds));
    let length = match &event.format {
        EventFormat::Swiss { rounds, .. } => format!("{rounds} rounds"),
        EventFormat::Arena { minutes, .. } => format!("{minutes} minutes"),
    };
    let mut text = format!(
        "**{}** · tournament #{} · {} · {} · {length} · {pace}\nOrganiser: {} · {} · {} player(s)",
        event.name,
        event.id,
        format_name(event),
        event.variant,
        event.organiser.name,
        status_name(event.status),
        player_count(event)
    );
    if let (EventStatus::Open, Some(starts)) = (event.status, event.starts) {
        text.push_str(&format!("\nStarts <t:{starts}:R>."));
    }
    let mut reply = Reply::text(cut(&text, MESSAGE_MAX));
    let joinable = match event.format {
        EventFormat::Swiss { .. } => event.status == EventStatus::Open || late_entry_open(event),
        EventFormat::Arena { .. } => matches!(event.status, EventStatus::Open | EventStatus::Running),
    };
    if joinable {
        for (action, label, style) in [
            (ButtonAction::JoinEvent, "Join", ButtonStyle::Success),
            (ButtonAction::LeaveEvent, "Leave", ButtonStyle::Secondary),
        ] {
            let mut button = Button::new(action, label, style);
            button.payload = Some(event.id.to_string());
            reply.buttons.push(button);
        }
    }
    reply
}

/// `text` cut to at most `max` characters, saying it was cut.
pub(super) fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(2)).collect();
    out.push_str("\n…");
    out
}

/// A running event in `format` with nobody entered and no games, for the
/// unit tests of this folder to vary.
#[cfg(test)]
fn test_event(format: EventFormat) -> EventRecord {
    EventRecord {
        id: 1,
        guild: 1,
        channel: 2,
        post: None,
        name: "Cup".into(),
        organiser: rookery_storage::Player { id: 1, name: "o".into() },
        variant: "chess".into(),
        time_control: None,
        move_days: None,
        no_show_seconds: 60,
        created: 0,
        starts: None,
        started: Some(0),
        status: EventStatus::Running,
        format,
        games: Vec::new(),
        manual_results: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wait_reads_in_its_largest_whole_unit() {
        assert_eq!(wait_text(60), "1 minute");
        assert_eq!(wait_text(5 * 60), "5 minutes");
        assert_eq!(wait_text(90 * 60), "90 minutes");
        assert_eq!(wait_text(2 * 3600), "2 hours");
        assert_eq!(wait_text(24 * 3600), "1 day");
        assert_eq!(wait_text(7 * 24 * 3600), "7 days");
    }
}
