//! Arena events, by lichess's rules: players who finish a game wait to be
//! paired again, against a waiting player close in the standings but not the
//! opponent they just played. A win scores 2, a draw 1; after two wins in a
//! row a player is "on fire" and scores double until they fail to win. A
//! player who berserks (gives up half their clock before their first move)
//! scores one extra point for a win. Pairing stops a little before the end
//! time; games still running finish and count. [`rules`] holds the scoring
//! and clock rules; docs/tournaments.md ("Arena") lists every rule.
//!
//! Time is the caller's: every call that depends on it takes `now` in
//! milliseconds on the same clock as the event's start and end.

mod rules;
mod sheet;
#[cfg(test)]
mod tests;

use thiserror::Error;

pub use rules::{
    on_fire, score_game, ArenaClock, BerserkClock, SheetEntry, BERSERK_BONUS_PLIES, LONG_GAME_PLIES, MANY_WAITING,
    QUICK_DRAW_PLIES, SMALL_EVENT,
};
pub use sheet::{sheet_line, sheet_text};

use crate::matching::max_weight_matching;
use crate::types::{Colour, GameResult, Player};

/// Why an Arena operation was refused. Nothing changed.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ArenaError {
    #[error("the arena is over")]
    Over,
    #[error("that player is already in the arena")]
    AlreadyJoined,
    #[error("there is no such player in the arena")]
    UnknownPlayer,
    #[error("there is no such game in the arena")]
    UnknownGame,
    #[error("that game is already over")]
    GameOver,
    #[error("only a player of the game can berserk, once")]
    CannotBerserk,
    #[error("berserk is not allowed in this arena")]
    BerserkNotAllowed,
    #[error("berserk is only possible before your first move")]
    BerserkTooLate,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArenaPlayer {
    pub player: Player,
    pub sheet: Vec<SheetEntry>,
    pub score: u32,
    /// Whites minus blacks, to balance colours.
    pub colour_balance: i32,
    pub last_opponent: Option<usize>,
    pub in_game: bool,
    /// A player who left (or paused) is not paired until they come back.
    pub present: bool,
    /// When the player last became free to be paired (joined, came back or
    /// finished a game).
    pub waiting_since: u64,
}

impl ArenaPlayer {
    /// On fire: the last two games were wins.
    pub fn on_fire(&self) -> bool {
        on_fire(&self.sheet)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArenaGame {
    pub white: usize,
    pub black: usize,
    pub started_at: u64,
    pub berserk: [bool; 2],
    pub result: Option<GameResult>,
    /// Plies played, when the caller gave them at the end.
    pub plies: Option<u32>,
}

/// How a game ended, for [`Arena::finish_game_at`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameEnd {
    pub result: GameResult,
    /// Plies (half-moves) played: short draws and short berserked wins
    /// score less.
    pub plies: u32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arena {
    starts_at: u64,
    ends_at: u64,
    berserk_allowed: bool,
    /// Without a clock, nobody waits for more players and pairing runs to
    /// the end time; with one, lichess's timings apply.
    clock: Option<ArenaClock>,
    players: Vec<ArenaPlayer>,
    games: Vec<ArenaGame>,
}

impl Arena {
    /// An arena without a known time control: players are paired as soon as
    /// two wait, and until the end time.
    pub fn new(starts_at: u64, duration_ms: u64, berserk_allowed: bool) -> Self {
        Arena {
            starts_at,
            ends_at: starts_at + duration_ms,
            berserk_allowed,
            clock: None,
            players: Vec::new(),
            games: Vec::new(),
        }
    }

    /// An arena played at `clock`, with all of lichess's timings: finished
    /// players wait [`ArenaClock::wait_ms`] for others, pairing closes
    /// [`ArenaClock::pairing_closes_before_end_ms`] before the end, and
    /// berserk is refused when the clock cannot be berserked.
    pub fn with_clock(starts_at: u64, duration_ms: u64, berserk_allowed: bool, clock: ArenaClock) -> Self {
        let berserk_allowed = berserk_allowed && clock.berserkable();
        Arena { clock: Some(clock), ..Arena::new(starts_at, duration_ms, berserk_allowed) }
    }

    pub fn players(&self) -> &[ArenaPlayer] {
        &self.players
    }

    pub fn games(&self) -> &[ArenaGame] {
        &self.games
    }

    pub fn ends_at(&self) -> u64 {
        self.ends_at
    }

    pub fn clock(&self) -> Option<ArenaClock> {
        self.clock
    }

    /// Whether berserk can be used in this arena's games.
    pub fn berserk_allowed(&self) -> bool {
        self.berserk_allowed
    }

    /// Whether the event is under way (between its start and end times).
    pub fn is_running(&self, now: u64) -> bool {
        (self.starts_at..self.ends_at).contains(&now)
    }

    /// Whether new games may still start: running, and not yet in the last
    /// moments where a new game could not finish in time.
    pub fn pairings_open(&self, now: u64) -> bool {
        let closing = self.clock.map_or(0, |c| c.pairing_closes_before_end_ms());
        self.is_running(now) && now < self.ends_at.saturating_sub(closing)
    }

    /// Over: past the end time and every game finished.
    pub fn is_finished(&self, now: u64) -> bool {
        now >= self.ends_at && self.games.iter().all(|g| g.result.is_some())
    }

    /// Joins a player (or brings back one who left). Returns their index.
    pub fn join(&mut self, player: Player, now: u64) -> Result<usize, ArenaError> {
        if now >= self.ends_at {
            return Err(ArenaError::Over);
        }
        if let Some(i) = self.players.iter().position(|p| p.player.id == player.id) {
            let p = &mut self.players[i];
            if p.present {
                return Err(ArenaError::AlreadyJoined);
            }
            p.present = true;
            p.waiting_since = now;
            return Ok(i);
        }
        self.players.push(ArenaPlayer {
            player,
            sheet: Vec::new(),
            score: 0,
            colour_balance: 0,
            last_opponent: None,
            in_game: false,
            present: true,
            waiting_since: now,
        });
        Ok(self.players.len() - 1)
    }

    /// Stops pairing a player; their points stay and a running game finishes.
    pub fn leave(&mut self, player: usize) -> Result<(), ArenaError> {
        self.players.get_mut(player).ok_or(ArenaError::UnknownPlayer)?.present = false;
        Ok(())
    }

    /// Standings: score, then rating, then who joined first. Returns indexes.
    pub fn standings(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by_key(|&i| {
            (std::cmp::Reverse(self.players[i].score), std::cmp::Reverse(self.players[i].player.rating), i)
        });
        order
    }

    /// Pairs the players who are waiting and returns the new games' indexes;
    /// refused once the event is over, empty while pairing is closed.
    ///
    /// As lichess does: at the start everyone waiting is paired at once;
    /// later, only once two players have waited [`ArenaClock::wait_ms`] (or
    /// more than [`MANY_WAITING`] wait), so that pairs come from more than the
    /// first two to finish. With an odd number waiting, the last to arrive
    /// waits. Pairs are as close in the standings as possible (a weighted
    /// matching on the squared rank distance) and nobody meets their last
    /// opponent straight away, unless the event has at most [`SMALL_EVENT`]
    /// players and those two are the only ones waiting.
    pub fn pair_waiting(&mut self, now: u64) -> Result<Vec<usize>, ArenaError> {
        if !self.is_running(now) {
            return Err(ArenaError::Over);
        }
        if !self.pairings_open(now) {
            return Ok(Vec::new());
        }
        let ranking = self.standings();
        let waiting: Vec<usize> =
            ranking.iter().copied().filter(|&i| self.players[i].present && !self.players[i].in_game).collect();
        if waiting.len() < 2 || !self.waited_enough(&waiting, now) {
            return Ok(Vec::new());
        }
        let mut pairs = Vec::new();
        if waiting.len() % 2 == 1 {
            let newest = waiting.iter().copied().max_by_key(|&p| (self.players[p].waiting_since, p));
            let others: Vec<usize> = waiting.iter().copied().filter(|&p| Some(p) != newest).collect();
            pairs = self.closest_pairs(&ranking, &others);
        }
        if pairs.is_empty() {
            pairs = self.closest_pairs(&ranking, &waiting);
        }
        Ok(pairs.into_iter().map(|(a, b)| self.start_game(a, b, now)).collect())
    }

    /// Whether the waiting players may be paired now (see [`Arena::pair_waiting`]).
    fn waited_enough(&self, waiting: &[usize], now: u64) -> bool {
        let Some(clock) = self.clock else { return true };
        let first_pairings = waiting.iter().all(|&p| self.players[p].last_opponent.is_none());
        let long_waiters =
            waiting.iter().filter(|&&p| now.saturating_sub(self.players[p].waiting_since) >= clock.wait_ms()).count();
        first_pairings || waiting.len() > MANY_WAITING || long_waiters >= 2
    }

    /// A maximum matching of `players` that pairs as many as possible, then
    /// the closest in `ranking`, without immediate rematches.
    fn closest_pairs(&self, ranking: &[usize], players: &[usize]) -> Vec<(usize, usize)> {
        let rank_of = |i: usize| ranking.iter().position(|&r| r == i).expect("ranked") as i128;
        let field = self.players.len() as i128;
        let rematch_allowed = self.players.len() <= SMALL_EVENT && players.len() == 2;
        let mut edges = Vec::new();
        for (a, &pa) in players.iter().enumerate() {
            for (b, &pb) in players.iter().enumerate().skip(a + 1) {
                let rematch = self.players[pa].last_opponent == Some(pb) || self.players[pb].last_opponent == Some(pa);
                if rematch && !rematch_allowed {
                    continue;
                }
                let distance = rank_of(pa) - rank_of(pb);
                // Pairing as many as possible comes first, then closeness.
                edges.push((a, b, field * field * (field + 1) - distance * distance + 1));
            }
        }
        let mate = max_weight_matching(players.len(), &edges);
        mate.iter().enumerate().filter_map(|(a, m)| m.filter(|&b| a < b).map(|b| (players[a], players[b]))).collect()
    }

    fn start_game(&mut self, a: usize, b: usize, now: u64) -> usize {
        let (white, black) = self.colours(a, b);
        for p in [white, black] {
            self.players[p].in_game = true;
        }
        self.players[white].last_opponent = Some(black);
        self.players[black].last_opponent = Some(white);
        self.players[white].colour_balance += 1;
        self.players[black].colour_balance -= 1;
        self.games.push(ArenaGame { white, black, started_at: now, berserk: [false; 2], result: None, plies: None });
        self.games.len() - 1
    }

    /// White to the player who has had fewer whites; the higher ranked on a tie.
    fn colours(&self, a: usize, b: usize) -> (usize, usize) {
        if self.players[a].colour_balance <= self.players[b].colour_balance {
            (a, b)
        } else {
            (b, a)
        }
    }

    /// A player berserks at the very start of their game, before any move.
    pub fn berserk(&mut self, game: usize, player: usize) -> Result<(), ArenaError> {
        self.berserk_before_move(game, player, 0)
    }

    /// A player berserks when `plies_played` plies of the game have been
    /// played: only before their own first move (White at ply 0, Black at
    /// ply 0 or 1), once, and only if the arena allows berserk. The bot then
    /// sets that side's clock to [`ArenaClock::berserked`].
    pub fn berserk_before_move(&mut self, game: usize, player: usize, plies_played: u32) -> Result<(), ArenaError> {
        let allowed = self.berserk_allowed;
        let g = self.games.get_mut(game).ok_or(ArenaError::UnknownGame)?;
        if g.result.is_some() {
            return Err(ArenaError::GameOver);
        }
        let side = if g.white == player {
            0
        } else if g.black == player {
            1
        } else {
            return Err(ArenaError::CannotBerserk);
        };
        if !allowed {
            return Err(ArenaError::BerserkNotAllowed);
        }
        if g.berserk[side] {
            return Err(ArenaError::CannotBerserk);
        }
        // White's first move is ply 1, Black's ply 2.
        if plies_played > side as u32 {
            return Err(ArenaError::BerserkTooLate);
        }
        g.berserk[side] = true;
        Ok(())
    }

    /// Records a game's result when its length and end time are not known:
    /// it scores as a game of ordinary length (see [`score_game`]), and its
    /// players count as waiting since the game began. Prefer
    /// [`Arena::finish_game_at`].
    pub fn finish_game(&mut self, game: usize, result: GameResult) -> Result<(), ArenaError> {
        let started = self.games.get(game).ok_or(ArenaError::UnknownGame)?.started_at;
        self.record(game, result, None, started)
    }

    /// Records how a game ended at `now` and scores it for both players, who
    /// then wait for a new opponent. Games that started before the end count.
    pub fn finish_game_at(&mut self, game: usize, end: GameEnd, now: u64) -> Result<(), ArenaError> {
        self.record(game, end.result, Some(end.plies), now)
    }

    fn record(&mut self, game: usize, result: GameResult, plies: Option<u32>, now: u64) -> Result<(), ArenaError> {
        let g = self.games.get_mut(game).ok_or(ArenaError::UnknownGame)?;
        if g.result.is_some() {
            return Err(ArenaError::GameOver);
        }
        g.result = Some(result);
        g.plies = plies;
        let g = *g;
        for (side, (player, colour)) in [(g.white, Colour::White), (g.black, Colour::Black)].into_iter().enumerate() {
            let p = &mut self.players[player];
            let entry = score_game(&p.sheet, result.outcome_for(colour), g.berserk[side], plies);
            p.score += entry.points;
            p.sheet.push(entry);
            p.in_game = false;
            p.waiting_since = now;
        }
        Ok(())
    }
}
