//! Arena events, by lichess's rules: players who finish a game wait to be
//! paired again at once, against a waiting player close in the standings but
//! never the opponent they just played. A win scores 2, a draw 1; after two
//! wins in a row a player is "on fire" and scores double (4 and 2) until they
//! fail to win. A player who berserks (the bot halves their clock) scores one
//! extra point if they win. At the end time nobody is paired again; games
//! still running finish and count.
//!
//! Time is the caller's: every call that depends on it takes `now` in
//! milliseconds on the same clock as the event's start and end.

use thiserror::Error;

use crate::matching::max_weight_matching;
use crate::types::{Colour, GameResult, Outcome, Player};

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
}

/// One game's result on a player's sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetEntry {
    pub outcome: Outcome,
    /// Whether the game was scored double (the player was on fire).
    pub on_fire: bool,
    pub berserked: bool,
    pub points: u32,
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
}

impl ArenaPlayer {
    /// On fire: the last two games were wins.
    pub fn on_fire(&self) -> bool {
        let wins = |e: &SheetEntry| matches!(e.outcome, Outcome::Win | Outcome::ForfeitWin);
        self.sheet.len() >= 2 && self.sheet.iter().rev().take(2).all(wins)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArenaGame {
    pub white: usize,
    pub black: usize,
    pub started_at: u64,
    pub berserk: [bool; 2],
    pub result: Option<GameResult>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arena {
    starts_at: u64,
    ends_at: u64,
    berserk_allowed: bool,
    players: Vec<ArenaPlayer>,
    games: Vec<ArenaGame>,
}

impl Arena {
    pub fn new(starts_at: u64, duration_ms: u64, berserk_allowed: bool) -> Self {
        Arena { starts_at, ends_at: starts_at + duration_ms, berserk_allowed, players: Vec::new(), games: Vec::new() }
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

    /// Whether new games may still start.
    pub fn is_running(&self, now: u64) -> bool {
        (self.starts_at..self.ends_at).contains(&now)
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
            if self.players[i].present {
                return Err(ArenaError::AlreadyJoined);
            }
            self.players[i].present = true;
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

    /// Pairs the players who are waiting and returns the new games' indexes.
    /// Pairs are as close in the standings as possible (a weighted matching
    /// on the squared rank distance) and nobody meets their last opponent
    /// again straight away; a player left over waits for the next call.
    pub fn pair_waiting(&mut self, now: u64) -> Result<Vec<usize>, ArenaError> {
        if !self.is_running(now) {
            return Err(ArenaError::Over);
        }
        let ranking = self.standings();
        let waiting: Vec<usize> =
            ranking.iter().copied().filter(|&i| self.players[i].present && !self.players[i].in_game).collect();
        let rank_of = |i: usize| ranking.iter().position(|&r| r == i).expect("ranked") as i128;
        let field = self.players.len() as i128;
        let mut edges = Vec::new();
        for (a, &pa) in waiting.iter().enumerate() {
            for (b, &pb) in waiting.iter().enumerate().skip(a + 1) {
                let rematch = self.players[pa].last_opponent == Some(pb) || self.players[pb].last_opponent == Some(pa);
                if rematch {
                    continue;
                }
                let distance = rank_of(pa) - rank_of(pb);
                // Pairing as many as possible comes first, then closeness.
                edges.push((a, b, field * field * (field + 1) - distance * distance + 1));
            }
        }
        let mate = max_weight_matching(waiting.len(), &edges);
        let mut started = Vec::new();
        for (a, m) in mate.iter().enumerate() {
            let Some(b) = *m else { continue };
            if b < a {
                continue;
            }
            let (white, black) = self.colours(waiting[a], waiting[b]);
            for p in [white, black] {
                self.players[p].in_game = true;
            }
            self.players[white].last_opponent = Some(black);
            self.players[black].last_opponent = Some(white);
            self.players[white].colour_balance += 1;
            self.players[black].colour_balance -= 1;
            self.games.push(ArenaGame { white, black, started_at: now, berserk: [false; 2], result: None });
            started.push(self.games.len() - 1);
        }
        Ok(started)
    }

    /// White to the player who has had fewer whites; the higher ranked on a tie.
    fn colours(&self, a: usize, b: usize) -> (usize, usize) {
        if self.players[a].colour_balance <= self.players[b].colour_balance {
            (a, b)
        } else {
            (b, a)
        }
    }

    /// A player of a running game berserks (the bot halves their clock).
    pub fn berserk(&mut self, game: usize, player: usize) -> Result<(), ArenaError> {
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
        if !allowed || g.berserk[side] {
            return Err(ArenaError::CannotBerserk);
        }
        g.berserk[side] = true;
        Ok(())
    }

    /// Records a game's result and scores it for both players; the two wait
    /// for a new opponent. Games that started before the end still count.
    pub fn finish_game(&mut self, game: usize, result: GameResult) -> Result<(), ArenaError> {
        let g = self.games.get_mut(game).ok_or(ArenaError::UnknownGame)?;
        if g.result.is_some() {
            return Err(ArenaError::GameOver);
        }
        g.result = Some(result);
        let g = *g;
        for (side, (player, colour)) in [(g.white, Colour::White), (g.black, Colour::Black)].into_iter().enumerate() {
            let outcome = result.outcome_for(colour);
            let p = &mut self.players[player];
            let entry = score(outcome, p.on_fire(), g.berserk[side]);
            p.score += entry.points;
            p.sheet.push(entry);
            p.in_game = false;
        }
        Ok(())
    }
}

/// The points for one game: 2 a win, 1 a draw, doubled on fire; one more for
/// a berserked win.
pub fn score(outcome: Outcome, on_fire: bool, berserked: bool) -> SheetEntry {
    let base = match outcome {
        Outcome::Win | Outcome::ForfeitWin => 2,
        Outcome::Draw => 1,
        _ => 0,
    };
    let bonus = u32::from(berserked && matches!(outcome, Outcome::Win));
    let points = if on_fire { base * 2 } else { base } + bonus;
    SheetEntry { outcome, on_fire, berserked, points }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arena_of(n: u32) -> Arena {
        let mut arena = Arena::new(0, 60_000, true);
        for k in 0..n {
            arena.join(Player { id: u64::from(k), name: format!("A{k}"), rating: 2000 - k }, 0).unwrap();
        }
        arena
    }

    #[test]
    fn scoring_follows_lichess() {
        assert_eq!(score(Outcome::Win, false, false).points, 2);
        assert_eq!(score(Outcome::Draw, false, false).points, 1);
        assert_eq!(score(Outcome::Win, true, false).points, 4);
        assert_eq!(score(Outcome::Draw, true, false).points, 2);
        assert_eq!(score(Outcome::Win, true, true).points, 5);
        assert_eq!(score(Outcome::Loss, true, true).points, 0);
        assert_eq!(score(Outcome::ForfeitWin, false, true).points, 2, "no berserk bonus without a game");
    }

    #[test]
    fn two_wins_set_a_player_on_fire_until_they_fail_to_win() {
        let mut arena = arena_of(4);
        let mut points = Vec::new();
        for result in [GameResult::WhiteWins, GameResult::WhiteWins, GameResult::WhiteWins, GameResult::Draw] {
            // Player 0 plays whoever is waiting; make them White and winning.
            let games = arena.pair_waiting(1).unwrap();
            for g in games {
                let game = arena.games()[g];
                let r = if game.white == 0 {
                    result
                } else if game.black == 0 {
                    mirror(result)
                } else {
                    GameResult::Draw
                };
                arena.finish_game(g, r).unwrap();
            }
            points.push(arena.players()[0].sheet.last().unwrap().points);
        }
        assert_eq!(points, [2, 2, 4, 2]);
        assert!(!arena.players()[0].on_fire());
    }

    fn mirror(result: GameResult) -> GameResult {
        match result {
            GameResult::WhiteWins => GameResult::BlackWins,
            other => other,
        }
    }

    #[test]
    fn no_immediate_rematch_even_if_it_means_waiting() {
        let mut arena = arena_of(2);
        let g = arena.pair_waiting(1).unwrap()[0];
        arena.finish_game(g, GameResult::Draw).unwrap();
        assert!(arena.pair_waiting(2).unwrap().is_empty());
        arena.join(Player { id: 9, name: "Late".into(), rating: 1500 }, 3).unwrap();
        assert_eq!(arena.pair_waiting(4).unwrap().len(), 1);
    }

    #[test]
    fn waiting_players_meet_their_neighbours_in_the_standings() {
        let mut arena = arena_of(6);
        let games = arena.pair_waiting(1).unwrap();
        let mut pairs: Vec<(usize, usize)> =
            games.iter().map(|&g| arena.games()[g]).map(|g| (g.white.min(g.black), g.white.max(g.black))).collect();
        pairs.sort();
        assert_eq!(pairs, [(0, 1), (2, 3), (4, 5)]);
    }

    #[test]
    fn the_end_stops_pairing_but_running_games_count() {
        let mut arena = arena_of(2);
        let g = arena.pair_waiting(59_000).unwrap()[0];
        assert_eq!(arena.pair_waiting(60_000).unwrap_err(), ArenaError::Over);
        assert!(!arena.is_finished(61_000));
        arena.berserk(g, arena.games()[g].white).unwrap();
        arena.finish_game(g, GameResult::WhiteWins).unwrap();
        assert!(arena.is_finished(61_000));
        assert_eq!(arena.players()[arena.games()[g].white].score, 3);
        assert_eq!(arena.finish_game(g, GameResult::Draw).unwrap_err(), ArenaError::GameOver);
    }
}
