//! A Swiss event's state: who entered and when, who withdrew, each round's
//! games and results. Pairings are computed from this state alone, so the same
//! state always gives the same next round.

use thiserror::Error;

use super::dutch::{self, Contender, Float};
use crate::types::{Colour, GameResult, Outcome, Player, Score};

/// How an event is set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissConfig {
    /// How many rounds the event has.
    pub rounds: u32,
    /// The colour the top seed gets when the rules leave it open (FIDE draws
    /// it by lot before round one; lichess and most arbiters use White).
    pub first_colour: Colour,
    /// What a late entrant scores for each round played before they joined.
    pub late_entry: LateEntry,
}

impl SwissConfig {
    pub fn new(rounds: u32) -> Self {
        SwissConfig { rounds, first_colour: Colour::White, late_entry: LateEntry::Zero }
    }
}

/// The score given for rounds missed by a late entrant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LateEntry {
    Zero,
    /// Half a point per missed round, as many organisers do for late entries.
    HalfPoint,
}

/// One entrant: their player, the round they joined before, and whether they
/// withdrew (and before which round).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    pub player: Player,
    /// How many rounds had been paired when they joined.
    pub joined_at: u32,
    /// How many rounds had been paired when they withdrew.
    pub withdrew_at: Option<u32>,
}

/// A game of a round. `white` and `black` are entrant indexes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    pub white: usize,
    pub black: usize,
    pub result: Option<GameResult>,
}

/// One round: the games on their boards (board 1 first) and the bye.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Round {
    pub games: Vec<Game>,
    pub bye: Option<usize>,
}

/// Why a Swiss operation was refused. Nothing changed.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum SwissError {
    #[error("the event has already played all its rounds")]
    Finished,
    #[error("the current round still has games without a result")]
    RoundInProgress,
    #[error("at least two players are needed to pair a round")]
    NotEnoughPlayers,
    #[error("that player is already in the event")]
    AlreadyEntered,
    #[error("there is no such player in the event")]
    UnknownPlayer,
    #[error("that player has already withdrawn")]
    AlreadyWithdrawn,
    #[error("there is no such game in that round")]
    UnknownGame,
    #[error("no pairing of the remaining players respects the rules (everyone has already met)")]
    NoPairing,
}

/// A Swiss event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissEvent {
    config: SwissConfig,
    entrants: Vec<Entrant>,
    rounds: Vec<Round>,
}

impl SwissEvent {
    pub fn new(config: SwissConfig) -> Self {
        SwissEvent { config, entrants: Vec::new(), rounds: Vec::new() }
    }

    /// Rebuilds an event from its parts (a TRF file, a stored record). The
    /// games must name entrants that exist, as `trf::import` checks.
    pub fn from_parts(config: SwissConfig, entrants: Vec<Entrant>, rounds: Vec<Round>) -> Self {
        SwissEvent { config, entrants, rounds }
    }

    pub fn config(&self) -> &SwissConfig {
        &self.config
    }

    pub fn entrants(&self) -> &[Entrant] {
        &self.entrants
    }

    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Enters a player; between rounds this is a late entry. Returns their index.
    pub fn add_player(&mut self, player: Player) -> Result<usize, SwissError> {
        if self.entrants.iter().any(|e| e.player.id == player.id) {
            return Err(SwissError::AlreadyEntered);
        }
        self.entrants.push(Entrant { player, joined_at: self.rounds.len() as u32, withdrew_at: None });
        Ok(self.entrants.len() - 1)
    }

    /// Withdraws a player from the rounds still to be paired; their games so
    /// far stand.
    pub fn withdraw(&mut self, entrant: usize) -> Result<(), SwissError> {
        let paired = self.rounds.len() as u32;
        let entrant = self.entrants.get_mut(entrant).ok_or(SwissError::UnknownPlayer)?;
        if entrant.withdrew_at.is_some() {
            return Err(SwissError::AlreadyWithdrawn);
        }
        entrant.withdrew_at = Some(paired);
        Ok(())
    }

    /// Records (or corrects) the result of a game of a round.
    pub fn record_result(&mut self, round: usize, board: usize, result: GameResult) -> Result<(), SwissError> {
        let game = self.rounds.get_mut(round).and_then(|r| r.games.get_mut(board)).ok_or(SwissError::UnknownGame)?;
        game.result = Some(result);
        Ok(())
    }

    pub fn is_finished(&self) -> bool {
        self.rounds.len() as u32 >= self.config.rounds && self.round_complete()
    }

    fn round_complete(&self) -> bool {
        self.rounds.last().is_none_or(|r| r.games.iter().all(|g| g.result.is_some()))
    }

    /// Whether the entrant takes part in round `round` (0-based).
    pub fn is_active_in(&self, entrant: usize, round: usize) -> bool {
        let Some(e) = self.entrants.get(entrant) else { return false };
        e.joined_at as usize <= round && e.withdrew_at.is_none_or(|w| round < w as usize)
    }

    /// What the entrant got in round `round`; `None` while their game is
    /// unfinished, or for a round or entrant that does not exist.
    pub fn outcome(&self, entrant: usize, round: usize) -> Option<Outcome> {
        let r = self.rounds.get(round)?;
        let joined_at = self.entrants.get(entrant)?.joined_at;
        if r.bye == Some(entrant) {
            return Some(Outcome::Bye);
        }
        if let Some(game) = r.games.iter().find(|g| g.white == entrant || g.black == entrant) {
            let colour = if game.white == entrant { Colour::White } else { Colour::Black };
            return game.result.map(|res| res.outcome_for(colour));
        }
        let missed_before_joining = (round as u32) < joined_at;
        Some(if missed_before_joining && self.config.late_entry == LateEntry::HalfPoint {
            Outcome::HalfBye
        } else {
            Outcome::Absent
        })
    }

    /// The opponent and colour of the entrant in round `round`, if they had a game.
    pub fn game_of(&self, entrant: usize, round: usize) -> Option<(usize, Colour, Option<GameResult>)> {
        self.rounds.get(round)?.games.iter().find_map(|g| {
            if g.white == entrant {
                Some((g.black, Colour::White, g.result))
            } else if g.black == entrant {
                Some((g.white, Colour::Black, g.result))
            } else {
                None
            }
        })
    }

    /// The entrant's score after the first `rounds` rounds (finished games only).
    pub fn score_after(&self, entrant: usize, rounds: usize) -> Score {
        (0..rounds.min(self.rounds.len())).filter_map(|r| self.outcome(entrant, r)).map(Outcome::points).sum()
    }

    pub fn score(&self, entrant: usize) -> Score {
        self.score_after(entrant, self.rounds.len())
    }

    /// Pairing numbers: entrants ordered by rating (highest first), then by
    /// the order they entered. Returns each entrant's 0-based pairing number.
    pub fn pairing_numbers(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.entrants.len()).collect();
        order.sort_by_key(|&e| (std::cmp::Reverse(self.entrants[e].player.rating), e));
        let mut numbers = vec![0; order.len()];
        for (number, &e) in order.iter().enumerate() {
            numbers[e] = number;
        }
        numbers
    }

    /// Pairs the next round by the Dutch system and returns it.
    pub fn pair_next_round(&mut self) -> Result<&Round, SwissError> {
        if self.rounds.len() as u32 >= self.config.rounds {
            return Err(SwissError::Finished);
        }
        if !self.round_complete() {
            return Err(SwissError::RoundInProgress);
        }
        let round =
            dutch::pair(&self.contenders(), self.config.first_colour, self.rounds.len() as u32, self.is_last_round())?;
        self.rounds.push(round);
        Ok(self.rounds.last().expect("just pushed"))
    }

    fn is_last_round(&self) -> bool {
        self.rounds.len() as u32 + 1 == self.config.rounds
    }

    /// Everything the pairing needs to know about the players of the next round.
    pub(crate) fn contenders(&self) -> Vec<Contender> {
        let next = self.rounds.len();
        let numbers = self.pairing_numbers();
        (0..self.entrants.len())
            .filter(|&e| self.is_active_in(e, next))
            .map(|e| {
                let mut colours = Vec::new();
                let mut opponents = Vec::new();
                let mut floats = Vec::new();
                let mut had_bye_or_forfeit_win = false;
                for r in 0..next {
                    let outcome = self.outcome(e, r);
                    let mut float = Float::None;
                    if let Some((opponent, colour, result)) = self.game_of(e, r) {
                        if result.is_none_or(GameResult::was_played) {
                            colours.push(colour);
                            opponents.push(opponent);
                        }
                        let (mine, theirs) = (self.score_after(e, r), self.score_after(opponent, r));
                        float = match mine.cmp(&theirs) {
                            std::cmp::Ordering::Greater => Float::Down,
                            std::cmp::Ordering::Less => Float::Up,
                            std::cmp::Ordering::Equal => Float::None,
                        };
                    }
                    if matches!(outcome, Some(Outcome::Bye | Outcome::ForfeitWin)) {
                        had_bye_or_forfeit_win = true;
                    }
                    // A player who does not play a round, forfeits included,
                    // counts as floating down (A.4).
                    if !outcome.is_some_and(Outcome::was_played) {
                        float = Float::Down;
                    }
                    floats.push(float);
                }
                Contender {
                    entrant: e,
                    pairing_number: numbers[e],
                    score: self.score(e),
                    colours,
                    opponents,
                    can_have_bye: !had_bye_or_forfeit_win,
                    last_float: floats.last().copied().unwrap_or(Float::None),
                    float_before_last: floats.iter().rev().nth(1).copied().unwrap_or(Float::None),
                }
            })
            .collect()
    }
}
