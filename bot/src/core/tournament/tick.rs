//! How an event moves on: its start, results coming back from its games,
//! no-shows, the next pairings and its end. The scheduler runs
//! [`Core::tournament_tick`]; commands that change an event call the same
//! steps at once. Each step reads the event afresh and commits one change,
//! so a step cut short by a restart is simply done again.

use rookery_storage::{ArenaStep, EventFormat, EventGame, EventRecord, EventStatus, Player};

use super::games::Ended;
use super::state::{self, parse_result, result_text};
use super::{format_name, standings, Core, Place, Refusal, Reply};
use crate::core::{storage_failure, Attachment, User};

impl Core {
    /// Starts event scheduled to start, and moves every running one on:
    /// the messages for the events' channels and games' threads.
    pub(crate) fn tournament_tick(&self) -> Result<Vec<(Place, Reply)>, Refusal> {
        let now = self.now();
        let mut out = Vec::new();
        for event in self.storage.active_events().map_err(storage_failure)? {
            let here = Place { guild: event.guild, channel: event.channel };
            let moved = match event.status {
                EventStatus::Open if event.starts.is_some_and(|at| at <= now) => self.begin_event(&event),
                EventStatus::Running | EventStatus::Paused => self.advance_event(&event),
                _ => Ok(Vec::new()),
            };
            match moved {
                Ok(replies) => out.extend(replies.into_iter().map(|reply| (here, reply))),
                Err(Refusal(reason)) => tracing::warn!(%reason, event = event.id, "a tournament could not move on"),
            }
        }
        Ok(out)
    }

    /// Starts an open event: Running from now, first pairings made. An
    /// event without enough players when it should start is called off.
    pub(super) fn begin_event(&self, event: &EventRecord) -> Result<Vec<Reply>, Refusal> {
        let now = self.now();
        let (event, started) = self.change_event(event.guild, event.id, |event| {
            if event.status != EventStatus::Open {
                return Err(Refusal(format!("“{}” has already started.", event.name)));
            }
            if super::player_count(event) < 2 {
                if event.starts.is_some_and(|at| at <= now) {
                    event.status = EventStatus::Finished;
                    return Ok(false);
                }
                return Err(Refusal(format!("“{}” needs at least two players to start.", event.name)));
            }
            event.status = EventStatus::Running;
            event.started = Some(now);
            if let EventFormat::Arena { steps, .. } = &mut event.format {
                // Players who joined before the start are in from its first moment.
                for step in steps.iter_mut() {
                    if let ArenaStep::Join { at_ms, .. } = step {
                        *at_ms = (*at_ms).max(now.max(0) as u64 * 1000);
                    }
                }
            }
            Ok(true)
        })?;
        if !started {
            return Ok(vec![Reply::text(format!("“{}” was called off: fewer than two players joined.", event.name))]);
        }
        let mut replies = self.advance_event(&event)?;
        // Pairing a Swiss's first round updated the post already.
        if !replies.iter().any(|r| r.event_post.is_some()) {
            replies.insert(0, self.refreshed_post(&event)?.0);
        }
        Ok(replies)
    }

    /// Settles berserks a restart cut short, brings finished games' results
    /// into the event, forfeits no-shows, pairs who is due and ends the
    /// event when it is over.
    pub(super) fn advance_event(&self, event: &EventRecord) -> Result<Vec<Reply>, Refusal> {
        self.settle_berserks(event)?;
        let mut replies = Vec::new();
        let mut results = Vec::new();
        for held in event.games.iter().filter(|g| g.result.is_none()) {
            if let Some(ended) = self.game_result(event, held)? {
                results.push((held.round, held.board, ended));
            } else if event.status == EventStatus::Running {
                if let Some((ended, place, note)) = self.forfeit_no_show(event, held)? {
                    self.outbox().push((place, note));
                    results.push((held.round, held.board, ended));
                }
            }
        }
        let (now, now_ms) = (self.now(), self.now_ms().max(0) as u64);
        let (event, (paired, refresh)) = self.change_event(event.guild, event.id, |event| {
            for (round, board, ended) in &results {
                record_result(event, (*round, *board), ended, now_ms)?;
            }
            if event.status != EventStatus::Running {
                return Ok((false, false));
            }
            let paired = pair_due(event, now_ms)?;
            Ok((paired, super::post::refresh_due(event, !results.is_empty(), paired, now)))
        })?;
        let over = match &event.format {
            EventFormat::Swiss { .. } => state::swiss(&event)?.is_some_and(|s| s.is_finished()),
            EventFormat::Arena { .. } => state::arena(&event)?.is_some_and(|a| a.is_finished(now_ms)),
        };
        // The end brings its own post; otherwise the standings go up now.
        if refresh && !over {
            let (post, picture) = self.refreshed_post(&event)?;
            replies.push(post);
            if paired {
                replies.extend(self.round_announcement(&event, picture));
            }
        }
        replies.extend(self.make_missing_games(&event)?);
        if over && event.status == EventStatus::Running {
            replies.extend(self.finish_event(&event, None)?);
        }
        Ok(replies)
    }

    /// Makes the games of pairings that have none yet (just paired, or
    /// paired before a restart cut the making short).
    fn make_missing_games(&self, event: &EventRecord) -> Result<Vec<Reply>, Refusal> {
        let mut replies = Vec::new();
        for (round, board, white, black) in unmade_pairings(event)? {
            let (made, message) = self.pairing_game(event, (round, board), &white, &black)?;
            self.change_event(event.guild, event.id, |event| {
                if !event.games.iter().any(|g| (g.round, g.board) == (made.round, made.board)) {
                    event.games.push(made.clone());
                }
                Ok(())
            })?;
            replies.extend(message);
        }
        Ok(replies)
    }

    /// The pairings of a new Swiss round, with mentions, and the standings
    /// `picture` after the rounds before it.
    fn round_announcement(&self, event: &EventRecord, picture: Option<Attachment>) -> Option<Reply> {
        let swiss = state::swiss(event).ok()??;
        let round = swiss.rounds().last()?;
        let name = |e: usize| swiss.entrants()[e].player.id;
        let mut lines = vec![format!("**Round {}** of “{}”:", swiss.rounds().len(), event.name)];
        for (board, game) in round.games.iter().enumerate() {
            lines.push(format!(
                "Board {}: <@{}> (White) vs <@{}> (Black)",
                board + 1,
                name(game.white),
                name(game.black)
            ));
        }
        if let Some(bye) = round.bye {
            lines.push(format!("Bye: <@{}>", name(bye)));
        }
        let mut reply = Reply::text(super::cut(&lines.join("\n"), super::MESSAGE_MAX));
        reply.image = picture;
        Some(reply)
    }

    /// Ends the event: final standings, the crosstable and all games' PGN.
    pub(super) fn finish_event(&self, event: &EventRecord, by: Option<&User>) -> Result<Vec<Reply>, Refusal> {
        let (event, ()) = self.change_event(event.guild, event.id, |event| {
            if event.status == EventStatus::Finished {
                return Err(Refusal(format!("“{}” is already over.", event.name)));
            }
            event.status = EventStatus::Finished;
            Ok(())
        })?;
        let table = standings::text(&standings::labels(&event), &standings::rows(&event)?);
        let ended = match by {
            Some(user) => format!("{} ended “{}”.", user.name, event.name),
            None => format!("“{}” is over.", event.name),
        };
        let (post, picture) = self.refreshed_post(&event)?;
        let mut reply = Reply::text(super::post::with_table(&format!("{ended} Final standings:"), &table));
        reply.image = picture;
        reply.files.push(Attachment {
            name: format!("tournament-{}-crosstable.txt", event.id),
            bytes: standings::crosstable_file(&event)?.into_bytes(),
        });
        reply.files.push(Attachment {
            name: format!("tournament-{}-games.pgn", event.id),
            bytes: self.event_pgn(&event)?.into_bytes(),
        });
        Ok(vec![post, reply])
    }

    /// Every finished game of the event, as one PGN file.
    fn event_pgn(&self, event: &EventRecord) -> Result<String, Refusal> {
        let mut pgn = String::new();
        for held in &event.games {
            let Some((_, record)) = self.storage.finished_game(held.game).map_err(storage_failure)? else { continue };
            let game = crate::core::games::replay(&record)?;
            pgn.push_str(&crate::core::archive::pgn_text(&record, &game));
            pgn.push('\n');
        }
        Ok(pgn)
    }

    /// One line about `user`'s next game in `event`, if they play in it.
    pub(super) fn next_game_line(&self, event: &EventRecord, user: u64) -> Result<Option<String>, Refusal> {
        let plays = |g: &&EventGame| {
            self.storage
                .channel_seats(crate::core::channel(Place { guild: event.guild, channel: g.channel }))
                .ok()
                .flatten()
                .is_some_and(|seats| [seats.white, seats.black].iter().flatten().any(|p| p.id == user))
        };
        if let Some(held) = event.games.iter().filter(|g| g.result.is_none()).find(plays) {
            let label = match event.format {
                EventFormat::Swiss { .. } => format!("round {}, ", held.round + 1),
                EventFormat::Arena { .. } => String::new(),
            };
            return Ok(Some(format!(
                "{label}game #{} in <#{}>, waiting for your move or your opponent's.",
                held.game, held.channel
            )));
        }
        let entered = match &event.format {
            EventFormat::Swiss { entrants, .. } => entrants.iter().any(|e| e.id == user && e.withdrew_at.is_none()),
            EventFormat::Arena { .. } => {
                state::arena(event)?.is_some_and(|a| a.players().iter().any(|p| p.player.id == user && p.present))
            }
        };
        if !entered {
            return Ok(None);
        }
        Ok(Some(match event.status {
            EventStatus::Open => match event.starts {
                Some(at) => format!("you are in; it starts <t:{at}:R>."),
                None => "you are in; it starts when the organiser starts it.".into(),
            },
            EventStatus::Paused => "the event is paused; you will be paired when it resumes.".into(),
            _ => format!("you are waiting for your next {} pairing.", format_name(event)),
        }))
    }
}

/// Puts a game's end (at `now_ms`) into the event's pairing state and its
/// game map; a result already there (set by hand, say) stays.
fn record_result(
    event: &mut EventRecord,
    (round, board): (u32, u32),
    ended: &Ended,
    now_ms: u64,
) -> Result<(), Refusal> {
    let Some(held) = event.games.iter_mut().find(|g| (g.round, g.board) == (round, board) && g.result.is_none()) else {
        return Ok(());
    };
    let text = &ended.result;
    let result = parse_result(text).ok_or_else(|| Refusal(format!("A game ended with an unknown result `{text}`.")))?;
    held.result = Some(result_text(result).into());
    if let Some(mut swiss) = state::swiss(event)? {
        swiss.record_result(round as usize, board as usize, result)?;
        state::store_swiss(event, &swiss);
    } else {
        state::push_step(event, state::finish_step(round as usize, result, ended.plies, now_ms));
    }
    Ok(())
}

/// Pairs whoever is due: a Swiss's next round once the last is complete,
/// an Arena's waiting players while it runs. Whether a Swiss round was paired.
fn pair_due(event: &mut EventRecord, now_ms: u64) -> Result<bool, Refusal> {
    if let Some(mut swiss) = state::swiss(event)? {
        let complete = swiss.rounds().last().is_none_or(|r| r.games.iter().all(|g| g.result.is_some()));
        if !complete || swiss.is_finished() || swiss.rounds().len() as u32 >= swiss.config().rounds {
            return Ok(false);
        }
        timed_pairing("swiss", || swiss.pair_next_round())?;
        state::store_swiss(event, &swiss);
        return Ok(true);
    }
    if let Some(mut arena) = state::arena(event)? {
        if arena.is_running(now_ms) && !timed_pairing("arena", || arena.pair_waiting(now_ms))?.is_empty() {
            state::push_step(event, ArenaStep::Pair { at_ms: now_ms });
        }
    }
    Ok(false)
}

/// Runs the tournament crate's pairing `pair` of a `format`, timed for
/// [`crate::telemetry::PAIRING_SECONDS`].
fn timed_pairing<T>(format: &'static str, pair: impl FnOnce() -> T) -> T {
    let started = std::time::Instant::now();
    let paired = pair();
    metrics::histogram!(crate::telemetry::PAIRING_SECONDS, "format" => format).record(started.elapsed());
    paired
}

/// Pairings without their game yet: round, board and the two players.
fn unmade_pairings(event: &EventRecord) -> Result<Vec<(u32, u32, Player, Player)>, Refusal> {
    let made = |round: u32, board: u32| event.games.iter().any(|g| (g.round, g.board) == (round, board));
    let mut out = Vec::new();
    if let Some(swiss) = state::swiss(event)? {
        let Some(round) = swiss.rounds().len().checked_sub(1) else { return Ok(out) };
        let player =
            |e: usize| Player { id: swiss.entrants()[e].player.id, name: swiss.entrants()[e].player.name.clone() };
        for (board, game) in swiss.rounds()[round].games.iter().enumerate() {
            if game.result.is_none() && !made(round as u32, board as u32) {
                out.push((round as u32, board as u32, player(game.white), player(game.black)));
            }
        }
    } else if let Some(arena) = state::arena(event)? {
        let player =
            |i: usize| Player { id: arena.players()[i].player.id, name: arena.players()[i].player.name.clone() };
        for (index, game) in arena.games().iter().enumerate() {
            if game.result.is_none() && !made(index as u32, 0) {
                out.push((index as u32, 0, player(game.white), player(game.black)));
            }
        }
    }
    Ok(out)
}
