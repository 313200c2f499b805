//! Lichess's Arena rules that do not depend on the event's state: what a game
//! scores given the player's earlier games, and the clock rules (berserk, how
//! long a finished player waits, when pairing stops). docs/tournaments.md
//! ("Arena") gives each rule and where lichess states it.

use crate::types::Outcome;

/// Fewer plies than this: a draw scores nothing (lichess: fewer than 10 moves).
pub const QUICK_DRAW_PLIES: u32 = 20;
/// At least this many plies for a berserked win to earn its extra point
/// (lichess: 7 moves).
pub const BERSERK_BONUS_PLIES: u32 = 14;
/// From this many plies a draw scores even right after another draw
/// (lichess: 30 moves in standard chess).
pub const LONG_GAME_PLIES: u32 = 60;

/// One game's result on a player's sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SheetEntry {
    pub outcome: Outcome,
    /// Whether the game was scored double (the player was on fire).
    pub on_fire: bool,
    pub berserked: bool,
    pub points: u32,
    /// Plies played, when the caller said; `None` for a game of unknown
    /// length (see [`score_game`]).
    pub plies: Option<u32>,
}

impl SheetEntry {
    /// Whether a berserk earned its extra point in this game.
    pub fn berserk_bonus(&self) -> bool {
        self.berserked && is_win(self.outcome) && self.points % 2 == 1
    }

    /// A draw that scored nothing: too short, or a second draw in a row.
    pub fn voided_draw(&self) -> bool {
        self.outcome == Outcome::Draw && self.points == 0
    }
}

fn is_win(outcome: Outcome) -> bool {
    matches!(outcome, Outcome::Win | Outcome::ForfeitWin)
}

/// On fire: the last two games were wins, so the next one scores double.
pub fn on_fire(earlier: &[SheetEntry]) -> bool {
    earlier.len() >= 2 && earlier.iter().rev().take(2).all(|e| is_win(e.outcome))
}

/// Whether the player's last game that was not a loss was a draw: a draw now
/// would be the second of a draw streak (losses do not break one, a win does).
fn in_draw_streak(earlier: &[SheetEntry]) -> bool {
    earlier
        .iter()
        .rev()
        .find(|e| !matches!(e.outcome, Outcome::Loss | Outcome::ForfeitLoss))
        .is_some_and(|e| e.outcome == Outcome::Draw)
}

/// What a game scores after the player's `earlier` games, as lichess scores it:
///
/// * a win 2, a draw 1, a loss 0; on fire (two wins just before) 4 and 2;
/// * a draw of fewer than [`QUICK_DRAW_PLIES`] plies scores 0;
/// * a draw that follows a draw (losses between do not count) scores 0 unless
///   it lasted [`LONG_GAME_PLIES`] plies; on fire it is never the second of a
///   streak, as the last game was a win;
/// * a berserked win played over at least [`BERSERK_BONUS_PLIES`] plies scores
///   one more (a forfeit has no game, so no bonus).
///
/// `plies: None` is a game whose length the caller does not know: it counts
/// as neither quick nor long, and long enough for the berserk point.
pub fn score_game(earlier: &[SheetEntry], outcome: Outcome, berserked: bool, plies: Option<u32>) -> SheetEntry {
    let doubled = on_fire(earlier);
    let quick = plies.is_some_and(|p| p < QUICK_DRAW_PLIES);
    let long = plies.is_some_and(|p| p >= LONG_GAME_PLIES);
    let base = match outcome {
        Outcome::Win | Outcome::ForfeitWin => 2,
        Outcome::Draw if quick || (!doubled && !long && in_draw_streak(earlier)) => 0,
        Outcome::Draw => 1,
        _ => 0,
    };
    let berserk_counts = plies.is_none_or(|p| p >= BERSERK_BONUS_PLIES);
    let bonus = u32::from(berserked && outcome == Outcome::Win && berserk_counts);
    let points = if doubled { base * 2 } else { base } + bonus;
    SheetEntry { outcome, on_fire: doubled, berserked, points, plies }
}

/// The event's time control, which sets the clock rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArenaClock {
    /// Starting time per player.
    pub base_ms: u64,
    /// Added after each move.
    pub increment_ms: u64,
}

/// A side's clock after berserking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BerserkClock {
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl ArenaClock {
    /// Lichess estimates a game as the base time plus 40 increments.
    fn estimated_game_ms(&self) -> u64 {
        self.base_ms + 40 * self.increment_ms
    }

    /// Whether berserk is possible at all: not when the clock starts at zero
    /// and lives on its increment (0+1, 0+2): halving nothing costs nothing.
    pub fn berserkable(&self) -> bool {
        self.base_ms > 0 || self.increment_ms == 0
    }

    /// The clock of a player who berserked: no increment, and half the base
    /// time, except when the increment outweighs the base (base under 40
    /// increments) where only the increment goes.
    pub fn berserked(&self) -> BerserkClock {
        let keeps_base = self.base_ms < 40 * self.increment_ms;
        let base_ms = if keeps_base { self.base_ms } else { self.base_ms / 2 };
        BerserkClock { base_ms, increment_ms: 0 }
    }

    /// How long players who finished a game wait for others to finish theirs
    /// before being paired (unless more than [`MANY_WAITING`] wait): 8 s for
    /// games under 30 s, 10 s under a minute, else a tenth of the game plus
    /// 6 s, kept within 15–50 s.
    pub fn wait_ms(&self) -> u64 {
        let game = self.estimated_game_ms();
        if game < 30_000 {
            8_000
        } else if game < 60_000 {
            10_000
        } else {
            (game / 10 + 6_000).clamp(15_000, 50_000)
        }
    }

    /// No game starts this close to the end: half the base time, kept within
    /// 30 s – 2 min, so that games started can finish in the event's time.
    pub fn pairing_closes_before_end_ms(&self) -> u64 {
        (self.base_ms / 2).clamp(30_000, 120_000)
    }
}

/// With more players waiting than this, nobody waits for more to arrive.
pub const MANY_WAITING: usize = 100;

/// Players of events this small may meet the same opponent twice in a row
/// when they are the only two waiting, rather than wait for the end.
pub const SMALL_EVENT: usize = 12;

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(games: &[(Outcome, Option<u32>)]) -> Vec<SheetEntry> {
        let mut sheet = Vec::new();
        for &(outcome, plies) in games {
            let entry = score_game(&sheet, outcome, false, plies);
            sheet.push(entry);
        }
        sheet
    }

    fn points(games: &[(Outcome, Option<u32>)]) -> Vec<u32> {
        sheet(games).iter().map(|e| e.points).collect()
    }

    const W: (Outcome, Option<u32>) = (Outcome::Win, Some(40));
    const D: (Outcome, Option<u32>) = (Outcome::Draw, Some(40));
    const L: (Outcome, Option<u32>) = (Outcome::Loss, Some(40));

    #[test]
    fn two_wins_light_the_fire_and_anything_but_a_win_puts_it_out() {
        assert_eq!(points(&[W, W, W, W, D, W, W, L, W]), [2, 2, 4, 4, 2, 2, 2, 0, 2]);
        let fired = sheet(&[W, W, W, D, W]);
        assert_eq!(fired.iter().map(|e| e.on_fire).collect::<Vec<_>>(), [false, false, true, true, false]);
        assert!(on_fire(&fired[..3]) && !on_fire(&fired[..4]));
    }

    #[test]
    fn a_second_draw_in_a_row_scores_nothing_unless_long() {
        // Losses between two draws do not break the streak; a win does.
        assert_eq!(points(&[D, D, L, D, W, D]), [1, 0, 0, 0, 2, 1]);
        assert_eq!(points(&[D, (Outcome::Draw, Some(59)), (Outcome::Draw, Some(60))]), [1, 0, 1]);
        // Drawing while on fire scores double, never zero.
        assert_eq!(points(&[D, W, W, D]), [1, 2, 2, 2]);
    }

    #[test]
    fn a_draw_under_ten_moves_scores_nothing_even_on_fire() {
        let quick = (Outcome::Draw, Some(19));
        assert_eq!(points(&[quick, (Outcome::Draw, Some(20))]), [0, 0], "a quick draw still starts a draw streak");
        assert_eq!(points(&[W, W, quick, W]), [2, 2, 0, 2]);
        assert!(sheet(&[quick])[0].voided_draw());
        assert_eq!(points(&[(Outcome::Draw, None), (Outcome::Draw, None)]), [1, 0], "unknown length is not long");
    }

    #[test]
    fn a_berserked_win_earns_its_point_only_after_seven_moves() {
        let score = |plies| score_game(&[], Outcome::Win, true, plies).points;
        assert_eq!([score(Some(13)), score(Some(14)), score(None)], [2, 3, 3]);
        let fired = sheet(&[W, W]);
        let entry = score_game(&fired, Outcome::Win, true, Some(30));
        assert_eq!(entry.points, 5);
        assert!(entry.berserk_bonus());
        assert!(!score_game(&fired, Outcome::Win, true, Some(3)).berserk_bonus());
        assert_eq!(score_game(&[], Outcome::ForfeitWin, true, None).points, 2, "no bonus without a game");
        assert_eq!(score_game(&[], Outcome::Draw, true, Some(40)).points, 1, "berserk pays only on a win");
    }

    #[test]
    fn clock_rules_follow_lichess() {
        let clock = |base_s: u64, inc_s: u64| ArenaClock { base_ms: base_s * 1000, increment_ms: inc_s * 1000 };
        assert!(clock(60, 0).berserkable() && clock(180, 2).berserkable() && clock(0, 0).berserkable());
        assert!(!clock(0, 1).berserkable());
        assert_eq!(clock(180, 2).berserked(), BerserkClock { base_ms: 90_000, increment_ms: 0 });
        assert_eq!(clock(60, 2).berserked(), BerserkClock { base_ms: 60_000, increment_ms: 0 }, "base under 40 incs");
        // 1/4+0, 1/2+0, 1+0, 3+0, 5+0, 10+0 (lichess's own table).
        let waits: Vec<u64> = [15, 30, 60, 180, 300, 600].map(|s| clock(s, 0).wait_ms() / 1000).to_vec();
        assert_eq!(waits, [8, 10, 15, 24, 36, 50]);
        assert_eq!(clock(30, 0).pairing_closes_before_end_ms(), 30_000);
        assert_eq!(clock(180, 0).pairing_closes_before_end_ms(), 90_000);
        assert_eq!(clock(600, 5).pairing_closes_before_end_ms(), 120_000);
    }
}
