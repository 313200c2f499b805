//! The puzzles Rookery ships with, so a fresh install has a daily puzzle.
//! `bot/puzzles/seed.jsonl` is written by `rookery puzzles generate --output`
//! (see `docs/puzzles.md` for the exact command) and loaded into an empty pool.

use rookery_storage::{Storage, StoredPuzzle};

/// One puzzle per line, as `rookery puzzles generate --output` writes them.
pub const SEED: &str = include_str!("../../../puzzles/seed.jsonl");

/// The shipped puzzles; a line that does not read is logged and skipped.
pub fn seed_puzzles() -> Vec<StoredPuzzle> {
    SEED.lines()
        .filter(|line| !line.trim().is_empty())
        .filter_map(|line| match serde_json::from_str(line) {
            Ok(puzzle) => Some(puzzle),
            Err(error) => {
                tracing::error!(%error, "a shipped puzzle does not read");
                None
            }
        })
        .collect()
}

/// Loads the shipped puzzles of every variant whose pool is empty. A failure
/// is logged, not fatal: without puzzles only the puzzle commands are
/// affected, and they say so.
pub fn seed_empty_pool(storage: &Storage) {
    let shipped = seed_puzzles();
    let mut variants: Vec<&str> = shipped.iter().map(|p| p.variant.as_str()).collect();
    variants.sort_unstable();
    variants.dedup();
    for variant in variants {
        let loaded = storage.puzzle_pool(variant).and_then(|pool| {
            let missing: Vec<StoredPuzzle> =
                shipped.iter().filter(|p| pool.is_empty() && p.variant == variant).cloned().collect();
            storage.add_puzzles(&missing)
        });
        match loaded {
            Ok(added) if added.is_empty() => {}
            Ok(added) => tracing::info!(count = added.len(), variant, "loaded the shipped puzzles into an empty pool"),
            Err(error) => tracing::error!(%error, variant, "could not load the shipped puzzles"),
        }
    }
}
