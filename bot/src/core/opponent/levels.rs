//! The levels a player chooses from when challenging Rookery, named with
//! their measured rating where the game has one.

use rookery_engine::player::Level;
use rookery_engine::Variant;

use super::TOP_LEVEL;

/// Every level with the name `/play` shows for it in `variant` (as typed so
/// far): `3 (≈1350)` in chess, whose levels are rated, and the plain `3` in
/// games whose levels are not (yet).
pub fn level_choices(variant: &str) -> Vec<(String, u8)> {
    let variant = variant.trim().parse::<Variant>().ok();
    (1..=TOP_LEVEL)
        .filter_map(|n| Level::new(n).ok())
        .map(|level| {
            let name = match variant.and_then(|variant| level.elo(variant)) {
                Some(elo) => format!("{} (≈{elo})", level.get()),
                None => level.get().to_string(),
            };
            (name, level.get())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess_levels_show_their_rating_and_other_games_the_plain_level() {
        let chess = level_choices("Chess");
        assert_eq!(chess.len(), usize::from(TOP_LEVEL));
        let third = Level::new(3).unwrap().elo(Variant::Chess).unwrap();
        assert_eq!(chess[2], (format!("3 (≈{third})"), 3));
        assert!(chess.iter().all(|(name, _)| name.chars().count() <= 100), "{chess:?}");
        let guardener = level_choices("guardener");
        assert_eq!(guardener[2], ("3".to_string(), 3));
        // Nothing chosen yet (or a misspelt game): plain levels.
        assert_eq!(level_choices("")[7], ("8".to_string(), 8));
        assert_eq!(level_choices("chezz")[0], ("1".to_string(), 1));
    }
}
