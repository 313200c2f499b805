//! Live games kept in memory, so a move costs the same at ply 500 as at ply 10.
//!
//! Rebuilding a game means replaying its whole record (a 300-ply Dragonchess
//! game took 15-30 ms), so every request used to cost O(plies). The cache
//! keeps the engine game of recently used records, least recently used out
//! first. An entry is used only when the stored record it was built from is
//! exactly the record read now: same game id, variant, options, start and
//! every action. The record is its own version: a takeback, a moderator's
//! end, a restored backup or any writer that knows nothing of the cache
//! changes the record, and the entry is ignored and rebuilt. The cache is
//! memory only; what a restart (or a crash) sees is the durable record.

use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};

use lru::LruCache;
use rookery_engine::game::Game;
use rookery_storage::ChannelGame;

use super::games::replay;
use super::{Core, Refusal};

/// How many live games are kept when the settings do not say.
pub const DEFAULT_CAPACITY: usize = 256;

/// The engine games of recently used records, by game id.
pub(super) struct LiveGames {
    /// `None`: caching is off (a capacity of 0), every request replays.
    games: Option<Mutex<LruCache<u64, Entry>>>,
}

/// A game and the record it is the replay of.
struct Entry {
    source: Source,
    game: Arc<Game>,
}

/// What of a stored record decides its engine game.
#[derive(PartialEq, Eq)]
struct Source {
    variant: String,
    options: String,
    start: Option<String>,
    actions: Vec<String>,
}

impl Source {
    fn of(record: &ChannelGame) -> Source {
        Source {
            variant: record.variant.clone(),
            options: record.options.clone(),
            start: record.start.clone(),
            actions: record.actions.clone(),
        }
    }

    fn matches(&self, record: &ChannelGame) -> bool {
        self.variant == record.variant
            && self.options == record.options
            && self.start == record.start
            && self.actions == record.actions
    }
}

impl LiveGames {
    /// A cache of at most `capacity` games; 0 turns it off.
    pub fn new(capacity: usize) -> LiveGames {
        LiveGames { games: NonZeroUsize::new(capacity).map(|capacity| Mutex::new(LruCache::new(capacity))) }
    }

    /// The game `record` replays to, if it is cached. The caller gets its own
    /// copy to play on: a decision may be retried or refused, and the cached
    /// game must stay the replay of the stored record.
    pub fn get(&self, record: &ChannelGame) -> Option<Game> {
        let shared = {
            let mut games = self.lock()?;
            let entry = games.get(&record.id)?;
            if !entry.source.matches(record) {
                // Stale: the stored record moved on without this process.
                games.pop(&record.id);
                return None;
            }
            Arc::clone(&entry.game)
        };
        Some(Game::clone(&shared))
    }

    /// Remembers that `record` replays to `game`. Correct whether or not the
    /// record is ever stored: an entry is only used for an equal record.
    pub fn put(&self, record: &ChannelGame, game: Game) {
        if let Some(mut games) = self.lock() {
            games.put(record.id, Entry { source: Source::of(record), game: Arc::new(game) });
        }
    }

    /// Forgets game `id` (it is over; its channel will hold another).
    pub fn forget(&self, id: u64) {
        if let Some(mut games) = self.lock() {
            games.pop(&id);
        }
    }

    /// How many games are cached.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.lock().map_or(0, |games| games.len())
    }

    fn lock(&self) -> Option<std::sync::MutexGuard<'_, LruCache<u64, Entry>>> {
        // A panic while holding the lock cannot leave an entry half written
        // (`put` replaces whole entries), so a poisoned lock is still usable.
        self.games.as_ref().map(|games| games.lock().unwrap_or_else(|poisoned| poisoned.into_inner()))
    }
}

impl Core {
    /// The engine game of a stored record: the cached one, or a replay
    /// (then cached for the requests that follow).
    pub(super) fn live_game(&self, record: &ChannelGame) -> Result<Game, Refusal> {
        if let Some(game) = self.live.get(record) {
            return Ok(game);
        }
        let game = replay(record)?;
        self.live.put(record, game.clone());
        Ok(game)
    }

    /// Keeps `game`, the replay of `record` as it is about to be stored, for
    /// the next request; a finished game is dropped instead.
    pub(super) fn keep_live(&self, record: &ChannelGame, game: Game) {
        if game.outcome().is_some() {
            self.live.forget(record.id);
        } else {
            self.live.put(record, game);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rookery_engine::Color;
    use rookery_storage::Phase;

    fn record(id: u64, actions: &[&str]) -> ChannelGame {
        ChannelGame {
            actions: actions.iter().map(|a| a.to_string()).collect(),
            ..ChannelGame::new(id, "chess", Phase::Playing, 0)
        }
    }

    fn played(moves: &[&str]) -> Game {
        let mut game = Game::new("chess".parse().unwrap()).unwrap();
        for (ply, text) in moves.iter().enumerate() {
            let side = if ply % 2 == 0 { Color::White } else { Color::Black };
            game.play_move(side, text).unwrap();
        }
        game
    }

    #[test]
    fn a_game_is_found_only_for_the_very_record_it_replays() {
        let cache = LiveGames::new(4);
        let game = played(&["e4", "e5"]);
        let stored = record(1, &[]);
        let mut stored = stored;
        stored.actions = game.record().actions;
        cache.put(&stored, game);
        let found = cache.get(&stored).expect("the stored record's game");
        assert_eq!(found.record().actions, stored.actions);

        // A takeback (or any writer that bypassed this process) changed the
        // record: the entry is stale, dropped, and never served again.
        let mut taken_back = stored.clone();
        taken_back.actions.pop();
        assert!(cache.get(&taken_back).is_none());
        assert!(cache.get(&stored).is_none(), "a stale entry is dropped");

        // Same length, different move: still stale.
        let mut other = stored.clone();
        cache.put(&stored, played(&["e4", "e5"]));
        *other.actions.last_mut().unwrap() = "c7c5".into();
        assert!(cache.get(&other).is_none());
        // A different start or options never match either.
        cache.put(&stored, played(&["e4", "e5"]));
        let mut custom = stored.clone();
        custom.start = Some("8/8/8/8/8/8/8/K6k w - - 0 1".into());
        assert!(cache.get(&custom).is_none());
    }

    #[test]
    fn the_least_recently_used_game_goes_first_and_zero_turns_it_off() {
        let cache = LiveGames::new(2);
        let records: Vec<ChannelGame> = (1..=3).map(|id| record(id, &[])).collect();
        cache.put(&records[0], played(&[]));
        cache.put(&records[1], played(&[]));
        assert!(cache.get(&records[0]).is_some());
        cache.put(&records[2], played(&[]));
        assert_eq!(cache.len(), 2);
        assert!(cache.get(&records[1]).is_none(), "game 2 was used least recently");
        assert!(cache.get(&records[0]).is_some() && cache.get(&records[2]).is_some());
        cache.forget(1);
        assert!(cache.get(&records[0]).is_none());

        let off = LiveGames::new(0);
        off.put(&records[0], played(&[]));
        assert!(off.get(&records[0]).is_none());
        assert_eq!(off.len(), 0);
    }
}
