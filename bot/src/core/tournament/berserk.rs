//! Berserk in an Arena's games (lichess's rule): before their first move a
//! player may give up half their clock for an extra point if they win. The
//! Berserk button is on the pairing's first post in the game's thread.
//!
//! The event records the berserk first (one compare-and-swap, so a second
//! click is refused and changes nothing), then the game's clock pays: half
//! the base time off the time left, and no increment from then on. A restart between the two
//! writes is caught by the tick ([`Core::settle_berserks`]): the clock pays
//! for every recorded berserk exactly once.

use rookery_engine::Color;
use rookery_storage::{ArenaStep, Change, EventFormat, EventGame, EventRecord, GameClock, Phase};
use rookery_tournament::arena::{ArenaClock, ArenaError};

use super::games::plies;
use super::{state, Button, ButtonAction, ButtonStyle, Core, Place, Refusal, Reply, User};
use crate::core::clock::hms;
use crate::core::games::{replay, side_of};
use crate::core::{storage_failure, Outcome};

/// The Berserk button under an Arena game's first post.
pub(super) fn berserk_button(game: u64) -> Button {
    Button { game: Some(game), ..Button::new(ButtonAction::Berserk, "Berserk", ButtonStyle::Danger) }
}

/// What a refused berserk tells the player, in their words.
fn refusal(error: ArenaError, event: &EventRecord) -> Refusal {
    Refusal(match error {
        ArenaError::BerserkNotAllowed => format!("“{}” is played without berserk.", event.name),
        ArenaError::BerserkTooLate => "Berserk is only possible before your first move.".into(),
        ArenaError::CannotBerserk => "You have already berserked in this game.".into(),
        ArenaError::GameOver | ArenaError::Over => "This game is over.".into(),
        ArenaError::UnknownGame | ArenaError::UnknownPlayer | ArenaError::AlreadyJoined => {
            "Only the two players of this game can berserk.".into()
        }
    })
}

/// Takes berserk's cost from `side` at `now_ms`, as lichess's clock does:
/// the half of the base time that [`ArenaClock::berserked`] gives up comes
/// off the time left (its clock brought up to date first if it is running),
/// and the side is marked, so it gets no increment from then on. The time
/// left afterwards, or `None` if the side had berserked already.
fn charge_berserk(clock: &mut GameClock, side: Color, now_ms: i64) -> Option<i64> {
    let index = side.index();
    if clock.berserked[index] {
        return None;
    }
    if clock.running == index {
        clock.remaining_ms[index] -= (now_ms - clock.since_ms).max(0);
        clock.since_ms = now_ms;
    }
    let rules = ArenaClock { base_ms: clock.initial * 1000, increment_ms: clock.increment * 1000 };
    let given_up = rules.base_ms.saturating_sub(rules.berserked().base_ms) as i64;
    clock.remaining_ms[index] = (clock.remaining_ms[index] - given_up).max(0);
    clock.berserked[index] = true;
    Some(clock.remaining_ms[index])
}

impl Core {
    /// The Berserk button of tournament game `game`, clicked by `user`.
    pub(super) fn berserk(&self, place: Place, user: &User, game: u64) -> Outcome {
        let (event, held) = self.event_of_game(place.guild, game)?;
        let not_arena = || Refusal::new("Berserk is for Arena games.");
        let arena = state::arena(&event)?.ok_or_else(not_arena)?;
        let over = || Refusal::new("This game is over.");
        if held.result.is_some() {
            return Err(over());
        }
        let at = Place { guild: event.guild, channel: held.channel };
        let record = self.current(at)?.filter(|r| r.id == game && r.phase == Phase::Playing).ok_or_else(over)?;
        let side =
            side_of(&record, user.id).ok_or_else(|| Refusal::new("Only the two players of this game can berserk."))?;
        let played = plies(&replay(&record)?);
        let player = arena.players().iter().position(|p| p.player.id == user.id).ok_or_else(over)?;
        let index = held.round as usize;
        let now_ms = self.now_ms();
        let at_ms = Some(now_ms.max(0) as u64);
        let (event, ()) = self.change_event(event.guild, event.id, |event| {
            let mut arena = state::arena(event)?.ok_or_else(not_arena)?;
            arena.berserk_before_move(index, player, played).map_err(|e| refusal(e, event))?;
            state::push_step(event, ArenaStep::Berserk { game: index, player, plies: played, at_ms });
            Ok(())
        })?;
        let left = self.charge_berserk_in_game(at, game, side)?;
        let time = left.map_or(String::new(), |ms| format!(" ({} left)", hms(ms)));
        Ok(vec![Reply::text(format!(
            "{} berserks: half the clock{time} for an extra point on a win in “{}”.",
            user.name, event.name
        ))])
    }

    /// Charges berserk to `side`'s clock in game `game` at `at`, unless it
    /// was charged already or the game is over: the time left, if charged now.
    fn charge_berserk_in_game(&self, at: Place, game: u64, side: Color) -> Result<Option<i64>, Refusal> {
        let now_ms = self.now_ms();
        self.update(at, |current| {
            let Some(mut record) = current.filter(|r| r.id == game && r.phase == Phase::Playing) else {
                return Ok(Change::Keep(None));
            };
            match record.clock.as_mut().and_then(|clock| charge_berserk(clock, side, now_ms)) {
                Some(left) => Ok(Change::Put(record, Some(left))),
                None => Ok(Change::Keep(None)),
            }
        })
    }

    /// Charges the clocks of the berserks `event` recorded whose games were
    /// not charged yet: a restart came between the two writes. Berserks
    /// recorded before their time was noted were charged at once, and are left.
    pub(super) fn settle_berserks(&self, event: &EventRecord) -> Result<(), Refusal> {
        let EventFormat::Arena { steps, .. } = &event.format else { return Ok(()) };
        let mut arena = None;
        for step in steps {
            let ArenaStep::Berserk { game, player, at_ms: Some(_), .. } = step else { continue };
            let Some(held) = event.games.iter().find(|g| g.round as usize == *game && g.result.is_none()) else {
                continue;
            };
            let at = Place { guild: event.guild, channel: held.channel };
            let Some(record) = self.current(at)?.filter(|r| r.id == held.game && r.phase == Phase::Playing) else {
                continue;
            };
            if arena.is_none() {
                arena = state::arena(event)?;
            }
            let Some(user) = arena.as_ref().and_then(|a| a.players().get(*player)).map(|p| p.player.id) else {
                continue;
            };
            let unpaid = |side: Color| record.clock.as_ref().is_some_and(|clock| !clock.berserked[side.index()]);
            if let Some(side) = side_of(&record, user).filter(|&side| unpaid(side)) {
                tracing::info!(
                    event = event.id,
                    game = held.game,
                    "a recorded berserk charged to its clock after a restart"
                );
                self.charge_berserk_in_game(at, held.game, side)?;
            }
        }
        Ok(())
    }

    /// The event and pairing that game `game` plays, in this server.
    fn event_of_game(&self, guild: u64, game: u64) -> Result<(EventRecord, EventGame), Refusal> {
        let events = self.storage.guild_events(guild).map_err(storage_failure)?;
        events
            .into_iter()
            .filter(|e| matches!(e.format, EventFormat::Arena { .. }))
            .find_map(|e| {
                let held = e.games.iter().find(|g| g.game == game)?.clone();
                Some((e, held))
            })
            .ok_or_else(|| Refusal::new("That game is not an Arena game of this server."))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock() -> GameClock {
        GameClock {
            initial: 180,
            increment: 2,
            remaining_ms: [180_000, 180_000],
            running: 0,
            since_ms: 1_000_000,
            berserked: [false; 2],
        }
    }

    #[test]
    fn berserk_takes_half_the_base_time_off_what_is_left_once() {
        // White's clock ran 10 s before the click: half of 3 minutes comes off the rest.
        let mut running = clock();
        assert_eq!(charge_berserk(&mut running, Color::White, 1_010_000), Some(80_000));
        assert_eq!((running.remaining_ms, running.since_ms), ([80_000, 180_000], 1_010_000));
        assert_eq!(running.berserked, [true, false]);
        // Black's clock waits: charged as it stands, White's still running.
        let mut waiting = clock();
        assert_eq!(charge_berserk(&mut waiting, Color::Black, 1_010_000), Some(90_000));
        assert_eq!((waiting.remaining_ms, waiting.since_ms), ([180_000, 90_000], 1_000_000));
        // A side pays once, however often it is asked.
        assert_eq!(charge_berserk(&mut waiting, Color::Black, 1_020_000), None);
        assert_eq!(waiting.remaining_ms, [180_000, 90_000]);
    }

    #[test]
    fn a_base_under_forty_increments_loses_only_the_increment() {
        let mut one_plus_two = GameClock { initial: 60, remaining_ms: [60_000, 60_000], ..clock() };
        assert_eq!(charge_berserk(&mut one_plus_two, Color::Black, 1_000_000), Some(60_000));
        assert_eq!(one_plus_two.berserked, [false, true]);
    }
}
