//! The small types every tournament format shares.

use std::fmt;

/// Which side a player had in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// A score in half points, so that draws stay exact: `Score(7)` is 3½.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Score(pub u32);

impl Score {
    pub const ZERO: Score = Score(0);
    pub const HALF: Score = Score(1);
    pub const ONE: Score = Score(2);

    pub fn half_points(self) -> u32 {
        self.0
    }
}

impl std::ops::Add for Score {
    type Output = Score;
    fn add(self, other: Score) -> Score {
        Score(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Score {
    fn add_assign(&mut self, other: Score) {
        self.0 += other.0;
    }
}

impl std::iter::Sum for Score {
    fn sum<I: Iterator<Item = Score>>(iter: I) -> Score {
        Score(iter.map(|s| s.0).sum())
    }
}

impl fmt::Display for Score {
    /// "3.5", "4", "0": the form TRF files and standings use.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0 / 2)
        }
    }
}

/// A player as a tournament knows them. `id` is the caller's own key (a
/// Discord user id, say); the tournament refers to players by their index in
/// the order they entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    pub id: u64,
    pub name: String,
    pub rating: u32,
}

/// How one game ended, from White's side of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    Draw,
    BlackWins,
    /// Black did not play: White scores the point without a game.
    WhiteWinsByForfeit,
    BlackWinsByForfeit,
    /// Neither came: both score zero.
    DoubleForfeit,
}

/// One player's result in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
    ForfeitWin,
    ForfeitLoss,
    /// The pairing-allocated bye of an odd round: one point, no game.
    Bye,
    /// Not paired but given half a point (a late entry's missed rounds).
    HalfBye,
    /// Not paired this round (withdrawn, not yet entered): no points.
    Absent,
}

impl Outcome {
    pub fn points(self) -> Score {
        match self {
            Outcome::Win | Outcome::ForfeitWin | Outcome::Bye => Score::ONE,
            Outcome::Draw | Outcome::HalfBye => Score::HALF,
            Outcome::Loss | Outcome::ForfeitLoss | Outcome::Absent => Score::ZERO,
        }
    }

    /// Whether a game was actually played over the board.
    pub fn was_played(self) -> bool {
        matches!(self, Outcome::Win | Outcome::Draw | Outcome::Loss)
    }
}

impl GameResult {
    /// The outcome for the player who had `colour`.
    pub fn outcome_for(self, colour: Colour) -> Outcome {
        let white = match self {
            GameResult::WhiteWins => Outcome::Win,
            GameResult::Draw => Outcome::Draw,
            GameResult::BlackWins => Outcome::Loss,
            GameResult::WhiteWinsByForfeit => Outcome::ForfeitWin,
            GameResult::BlackWinsByForfeit | GameResult::DoubleForfeit => Outcome::ForfeitLoss,
        };
        match (colour, white) {
            (Colour::White, outcome) => outcome,
            (Colour::Black, _) => match self {
                GameResult::WhiteWins => Outcome::Loss,
                GameResult::Draw => Outcome::Draw,
                GameResult::BlackWins => Outcome::Win,
                GameResult::BlackWinsByForfeit => Outcome::ForfeitWin,
                GameResult::WhiteWinsByForfeit | GameResult::DoubleForfeit => Outcome::ForfeitLoss,
            },
        }
    }

    /// Whether the game was played over the board (forfeits were not).
    pub fn was_played(self) -> bool {
        matches!(self, GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_print_like_a_crosstable() {
        assert_eq!(Score(7).to_string(), "3.5");
        assert_eq!(Score(8).to_string(), "4");
        assert_eq!(Score(1).to_string(), "0.5");
    }

    #[test]
    fn each_result_reads_both_ways() {
        assert_eq!(GameResult::WhiteWins.outcome_for(Colour::Black), Outcome::Loss);
        assert_eq!(GameResult::BlackWinsByForfeit.outcome_for(Colour::Black), Outcome::ForfeitWin);
        assert_eq!(GameResult::BlackWinsByForfeit.outcome_for(Colour::White), Outcome::ForfeitLoss);
        assert_eq!(GameResult::DoubleForfeit.outcome_for(Colour::Black), Outcome::ForfeitLoss);
        assert_eq!(GameResult::Draw.outcome_for(Colour::White).points(), Score::HALF);
    }
}
