//! What holds a level back from its best play: how often it misses a tactic
//! and how much it misjudges quiet moves. Weak levels lose by these, not by
//! moves no player would make (see `Thinker::judged`).

use super::Level;
use crate::rules::Rules;

/// A level's handicap in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Handicap {
    /// The chance, in percent, that the level misses on its turn what its
    /// moves allow: it then judges each move by how the position looks right
    /// after it, not by the replies its search found.
    pub missed_tactics: u32,
    /// How much the level misjudges quiet moves, in centipawns: each move's
    /// value is shifted by up to this much either way (most often little), so
    /// it varies its play among natural moves, never picking one that a
    /// search plainly shows to be bad.
    pub calm_noise: i32,
    /// Whether, on a turn it misses what its moves allow, the level misses
    /// its own follow-ups too (a fork it could set up, a mate in two), not
    /// only the opponent's: it then judges every move by the look of the
    /// position right after it.
    pub misses_own_tactics: bool,
}

/// Chess's handicaps and those of every game whose turns the player chooses
/// freely, level 1 first. A level that misses a tactic misses the
/// opponent's only: its own it still finds.
const CHOSEN_TURNS: [Handicap; 8] = table([70, 30, 18, 10, 5, 2, 0, 0], [24, 18, 14, 10, 6, 3, 0, 0], false);

/// The handicaps of a game whose every turn starts with a roll
/// ([`Rules::rolls_every_turn`], Guardener), level 1 first. The roll leaves
/// most turns one evident move, so a handicap bites only on the few turns
/// with a real choice, and a deeper look or more time separates levels
/// little. Missing only the opponent's tactics, no table met every step of
/// Guardener's ladder (docs/player.md, "Guardener's handicaps"): the dice
/// washed the gaps out. A level here misses its own tactics on the same
/// turns, which widens every gap; the misses are spaced about evenly by
/// their square roots, as the steps were found to go ("Guardener's levels
/// miss their own tactics too").
const ROLLED_TURNS: [Handicap; 8] = table([100, 76, 45, 31, 18, 8, 2, 0], [50, 42, 36, 30, 26, 22, 14, 0], true);

/// A table from its two columns, and whether its levels miss their own
/// tactics too.
const fn table(missed_tactics: [u32; 8], calm_noise: [i32; 8], misses_own_tactics: bool) -> [Handicap; 8] {
    let mut handicaps = [Handicap { missed_tactics: 0, calm_noise: 0, misses_own_tactics: false }; 8];
    let mut i = 0;
    while i < 8 {
        handicaps[i] = Handicap { missed_tactics: missed_tactics[i], calm_noise: calm_noise[i], misses_own_tactics };
        i += 1;
    }
    handicaps
}

impl Handicap {
    /// `level`'s handicap in a game of `rules`.
    pub fn of(level: Level, rules: &Rules) -> Handicap {
        let table = if rules.rolls_every_turn() { &ROLLED_TURNS } else { &CHOSEN_TURNS };
        table[usize::from(level.get() - 1)]
    }

    /// Whether it holds nothing back: the level plays the move its search
    /// rates best, as it is.
    pub fn is_none(self) -> bool {
        self.missed_tactics == 0 && self.calm_noise == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn handicaps(variant: Variant) -> Vec<Handicap> {
        let rules = variant.rules().unwrap();
        (1..=8).map(|level| Handicap::of(Level::new(level).unwrap(), &rules)).collect()
    }

    #[test]
    fn each_level_is_held_back_less_than_the_one_below_and_level_8_not_at_all() {
        for variant in Variant::ALL {
            let table = handicaps(variant);
            for pair in table.windows(2) {
                assert!(pair[1].missed_tactics <= pair[0].missed_tactics, "{variant}: {pair:?}");
                assert!(pair[1].calm_noise <= pair[0].calm_noise, "{variant}: {pair:?}");
            }
            assert!(table[7].is_none(), "{variant}");
        }
    }

    #[test]
    fn a_game_whose_every_turn_is_rolled_holds_its_levels_back_more() {
        let (chess, guardener) = (handicaps(Variant::Chess), handicaps(Variant::Guardener));
        for (level, (chess, guardener)) in chess.iter().zip(&guardener).enumerate().take(7) {
            assert!(guardener.missed_tactics >= chess.missed_tactics, "level {}", level + 1);
            assert!(guardener.calm_noise > chess.calm_noise, "level {}", level + 1);
            assert!(guardener.misses_own_tactics && !chess.misses_own_tactics, "level {}", level + 1);
        }
        assert_eq!(handicaps(Variant::DiceLanding), chess);
        assert_eq!(handicaps(Variant::LuckDragon), chess);
    }
}
