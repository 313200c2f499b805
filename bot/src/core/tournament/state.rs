//! The stored event and the tournament crate's state: a Swiss rebuilt from
//! its entrants and rounds, an Arena by replaying its steps; results written
//! as players read them (`1-0`, `+/-` for a forfeit).

use rookery_storage::{ArenaStep, EventFormat, EventRecord, SwissBoard, SwissEntrant, SwissRound};
use rookery_tournament::arena::{Arena, ArenaClock, GameEnd};
use rookery_tournament::swiss::{Entrant, Game, LateEntry, Round, SwissConfig, SwissEvent};
use rookery_tournament::{GameResult, Player};

use crate::core::Refusal;

/// A result as stored and shown.
pub(super) fn result_text(result: GameResult) -> &'static str {
    match result {
        GameResult::WhiteWins => "1-0",
        GameResult::Draw => "1/2-1/2",
        GameResult::BlackWins => "0-1",
        GameResult::WhiteWinsByForfeit => "+/-",
        GameResult::BlackWinsByForfeit => "-/+",
        GameResult::DoubleForfeit => "-/-",
    }
}

/// A result as stored, or as an organiser types it.
pub(super) fn parse_result(text: &str) -> Option<GameResult> {
    Some(match text.trim().to_lowercase().replace(' ', "").as_str() {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        "1/2-1/2" | "½-½" | "1/2" | "draw" | "=" => GameResult::Draw,
        "+/-" | "+-" | "1f-0f" | "1-0f" => GameResult::WhiteWinsByForfeit,
        "-/+" | "-+" | "0f-1f" | "0-1f" => GameResult::BlackWinsByForfeit,
        "-/-" | "--" | "0f-0f" => GameResult::DoubleForfeit,
        _ => return None,
    })
}

/// What a stored record no longer replaying tells the players.
fn damaged(name: &str) -> Refusal {
    Refusal(format!(
        "The saved state of “{name}” no longer adds up, so Rookery cannot go on with it; an organiser can end it."
    ))
}

/// The event's Swiss state, if it is a Swiss.
pub(super) fn swiss(event: &EventRecord) -> Result<Option<SwissEvent>, Refusal> {
    let EventFormat::Swiss { rounds, entrants, played, late_half_point } = &event.format else { return Ok(None) };
    let entrants = entrants
        .iter()
        .map(|e| Entrant {
            player: Player { id: e.id, name: e.name.clone(), rating: e.rating },
            joined_at: e.joined_at,
            withdrew_at: e.withdrew_at,
        })
        .collect::<Vec<_>>();
    let mut out = Vec::with_capacity(played.len());
    for round in played {
        let mut games = Vec::with_capacity(round.boards.len());
        for board in &round.boards {
            let result = match &board.result {
                Some(text) => Some(parse_result(text).ok_or_else(|| damaged(&event.name))?),
                None => None,
            };
            if board.white >= entrants.len() || board.black >= entrants.len() {
                return Err(damaged(&event.name));
            }
            games.push(Game { white: board.white, black: board.black, result });
        }
        out.push(Round { games, bye: round.bye });
    }
    let late_entry = if *late_half_point { LateEntry::HalfPoint } else { LateEntry::Zero };
    let config = SwissConfig { late_entry, ..SwissConfig::new(*rounds) };
    Ok(Some(SwissEvent::from_parts(config, entrants, out)))
}

/// Writes a Swiss state back into the event.
pub(super) fn store_swiss(event: &mut EventRecord, state: &SwissEvent) {
    let entrants = state
        .entrants()
        .iter()
        .map(|e| SwissEntrant {
            id: e.player.id,
            name: e.player.name.clone(),
            rating: e.player.rating,
            joined_at: e.joined_at,
            withdrew_at: e.withdrew_at,
        })
        .collect();
    let played = state
        .rounds()
        .iter()
        .map(|round| SwissRound {
            boards: round
                .games
                .iter()
                .map(|g| SwissBoard { white: g.white, black: g.black, result: g.result.map(|r| result_text(r).into()) })
                .collect(),
            bye: round.bye,
        })
        .collect();
    let late_half_point = state.config().late_entry == LateEntry::HalfPoint;
    event.format = EventFormat::Swiss { rounds: state.config().rounds, entrants, played, late_half_point };
}

/// The Arena's start, in Unix milliseconds (its clock is the core's).
pub(super) fn arena_start_ms(event: &EventRecord) -> u64 {
    event.started.or(event.starts).unwrap_or(event.created).max(0) as u64 * 1000
}

/// The event's Arena, rebuilt by replaying its steps, if it is an Arena.
pub(super) fn arena(event: &EventRecord) -> Result<Option<Arena>, Refusal> {
    let EventFormat::Arena { minutes, steps, berserk, paced } = &event.format else { return Ok(None) };
    let clock = arena_clock(event);
    // Berserk needs a clock that can be halved.
    let berserk = *berserk && clock.is_some_and(|clock| clock.berserkable());
    let (start, duration) = (arena_start_ms(event), u64::from(*minutes) * 60_000);
    let mut arena = match clock.filter(|_| *paced) {
        Some(clock) => Arena::with_clock(start, duration, berserk, clock),
        None => Arena::new(start, duration, berserk),
    };
    for step in steps {
        let replayed = match step {
            ArenaStep::Join { id, name, rating, at_ms } => {
                arena.join(Player { id: *id, name: name.clone(), rating: *rating }, *at_ms).map(drop)
            }
            ArenaStep::Leave { player } => arena.leave(*player),
            ArenaStep::Pair { at_ms } => arena.pair_waiting(*at_ms).map(drop),
            ArenaStep::Finish { game, result, plies, at_ms } => {
                let result = parse_result(result).ok_or_else(|| damaged(&event.name))?;
                match (plies, at_ms) {
                    (Some(plies), Some(at_ms)) => {
                        arena.finish_game_at(*game, GameEnd { result, plies: *plies }, *at_ms)
                    }
                    _ => arena.finish_game(*game, result),
                }
            }
            ArenaStep::Berserk { game, player, plies, .. } => arena.berserk_before_move(*game, *player, *plies),
        };
        replayed.map_err(|_| damaged(&event.name))?;
    }
    Ok(Some(arena))
}

/// The event's clock in the crate's terms, if it is played on one.
pub(super) fn arena_clock(event: &EventRecord) -> Option<ArenaClock> {
    let (seconds, increment) = crate::core::clock::parse_time_control(event.time_control.as_deref()?).ok()?;
    Some(ArenaClock { base_ms: seconds * 1000, increment_ms: increment * 1000 })
}

/// The step that ends an Arena game at `now_ms`: with its plies, so that
/// the rules that need them apply (a game without plies, such as one
/// decided without being played, counts as of ordinary length).
pub(super) fn finish_step(game: usize, result: GameResult, plies: Option<u32>, now_ms: u64) -> ArenaStep {
    ArenaStep::Finish { game, result: result_text(result).into(), plies, at_ms: plies.map(|_| now_ms) }
}

/// Appends an Arena step to the event.
pub(super) fn push_step(event: &mut EventRecord, step: ArenaStep) {
    if let EventFormat::Arena { steps, .. } = &mut event.format {
        steps.push(step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_result_reads_back_as_written() {
        for result in [
            GameResult::WhiteWins,
            GameResult::Draw,
            GameResult::BlackWins,
            GameResult::WhiteWinsByForfeit,
            GameResult::BlackWinsByForfeit,
            GameResult::DoubleForfeit,
        ] {
            assert_eq!(parse_result(result_text(result)), Some(result));
        }
        assert_eq!(parse_result(" ½-½ "), Some(GameResult::Draw));
        assert_eq!(parse_result("2-0"), None);
    }
}
