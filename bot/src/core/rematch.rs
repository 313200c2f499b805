//! The ends of a game night: aborting a game that has barely begun, and a
//! rematch after one that finished.

use rookery_storage::{Change, ChannelGame, Phase, Player};

use super::archive::ABORTED;
use super::clock;
use super::games::{replay, side_of};
use super::message::{challenge_message, game_message};
use super::{channel, storage_failure, Core, Outcome, Place, Refusal, User};

/// A game may be aborted while fewer than this many moves were played.
const ABORT_BEFORE_PLIES: usize = 2;

impl Core {
    /// `/abort`: a player ends a game of fewer than two plies. It is archived
    /// as aborted, with no result, and not rated.
    pub(super) fn abort(&self, place: Place, user: &User) -> Outcome {
        let now = self.now();
        self.update(place, |current| {
            let Some(mut record) = current.filter(|r| r.phase == Phase::Playing) else {
                return Err(Refusal::new(
                    "There is no game in play here to abort. An open challenge is withdrawn with `/decline`.",
                ));
            };
            if side_of(&record, user.id).is_none() {
                return Err(Refusal::new("Only the two players can abort their game."));
            }
            let game = replay(&record)?;
            if game.moves_san().len() >= ABORT_BEFORE_PLIES {
                return Err(Refusal::new(
                    "A game can only be aborted before each side has moved; now you can `/resign` or offer a draw.",
                ));
            }
            record.phase = Phase::Finished { result: "*".into(), reason: ABORTED.into() };
            record.last_activity = now;
            let mut reply = game_message(&record, &game);
            reply.text = format!("{} aborted the game; it is not rated.\n{}", user.name, reply.text);
            Ok(Change::Finish { game: record, rated: Vec::new(), rate: Box::new(|_| Vec::new()), reply: vec![reply] })
        })
    }

    /// The Rematch button under finished game `game`: a rematch while that
    /// is still the channel's last finished game; a later one's button is
    /// the one to use after that.
    pub(super) fn rematch_after(&self, place: Place, user: &User, game: u64) -> Outcome {
        let last = self.storage.recent_channel_games(channel(place), 1).map_err(storage_failure)?;
        match last.first() {
            Some(last) if last.id != game => Err(Refusal(format!(
                "That Rematch button belongs to game #{game}; the last game here was #{}, and its Rematch button \
                 starts the next one.",
                last.id
            ))),
            _ => self.rematch(place, user),
        }
    }

    /// The Rematch button: the channel's last finished game again, same
    /// variant, options and time, colours swapped, offered to the other
    /// player. Clicking Rematch on the other's offer accepts it.
    pub(super) fn rematch(&self, place: Place, user: &User) -> Outcome {
        if let Some(current) = self.current(place)? {
            return match &current.phase {
                Phase::Challenge { opponent: Some(o), .. } if o.id == user.id => self.accept(place, user, None),
                Phase::Challenge { challenger, .. } if challenger.id == user.id => {
                    Err(Refusal::new("Your rematch offer is already waiting; its Decline button withdraws it."))
                }
                Phase::Challenge { .. } => Err(Refusal::new("There is already an open challenge in this channel.")),
                _ => Err(Refusal::new("A game is already being played in this channel.")),
            };
        }
        let last = self.storage.recent_channel_games(channel(place), 1).map_err(storage_failure)?;
        let Some(last) = last.into_iter().next() else {
            return Err(Refusal::new(
                "There is no finished game in this channel to play again. Start one with `/play`.",
            ));
        };
        let (Some(white), Some(black)) = (last.white.clone(), last.black.clone()) else {
            return Err(Refusal::new("The last game here had no two players to rematch."));
        };
        let opponent = match side_of(&last, user.id) {
            Some(side) => side.fold(&black, &white).clone(),
            None => return Err(Refusal(format!("Only {} and {} can ask for a rematch.", white.name, black.name))),
        };
        let id = self.storage.new_id().map_err(storage_failure)?;
        let now = self.now();
        let challenger = Player { id: user.id, name: user.name.clone() };
        let challenge = Phase::Challenge { challenger: challenger.clone(), opponent: Some(opponent.clone()) };
        let next = ChannelGame {
            options: last.options.clone(),
            start: last.start.clone(),
            // Colours swapped: the challenge keeps them, and accepting does too.
            white: Some(black.clone()),
            black: Some(white.clone()),
            move_seconds: last.move_seconds,
            clock: last.clock.as_ref().map(|c| clock::started(c.initial, c.increment, self.now_ms())),
            // The one who asked sees their own side, as with any challenge.
            black_at_bottom: white.id == user.id,
            ..ChannelGame::new(id, last.variant.clone(), challenge, now)
        };
        self.update(place, |current| {
            if current.is_some() {
                return Err(Refusal::new("Someone started something here a moment ago; look at the channel."));
            }
            let mut reply = challenge_message(&next, &challenger, Some(&opponent));
            reply.text = format!("Rematch! {}", reply.text);
            Ok(Change::Put(next.clone(), vec![reply]))
        })
    }
}
