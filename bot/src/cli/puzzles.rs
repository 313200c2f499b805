//! `rookery puzzles generate`: verified puzzles from self-play and from the
//! finished games in storage, into the pool or a seed file, with a progress bar.

use std::collections::HashSet;
use std::io::Write;
use std::time::Instant;

use anyhow::{bail, Result};
use rookery_engine::game::{Game, GameRecord};
use rookery_engine::puzzle::Generator;
use rookery_engine::Variant;
use rookery_storage::{Phase, Storage, StoredPuzzle};

use crate::core::puzzle::stored;

/// Self-play games allowed per puzzle before giving up (a variant in which
/// self-play never mates).
const GAMES_PER_PUZZLE: u64 = 500;
const BAR_WIDTH: usize = 30;

/// What to generate.
pub struct Request {
    pub variant: Variant,
    pub count: usize,
    /// Drives self-play; the same seed and games give the same puzzles.
    pub seed: u64,
    /// The longest mate to look for, in the solver's moves.
    pub max_mate: u32,
}

/// Generates `request.count` puzzles not already in `known`, drawing on the
/// finished games in `storage` first, then on self-play. Progress goes to
/// `progress` as a bar redrawn in place.
pub fn generate(
    request: &Request,
    storage: Option<&Storage>,
    known: &[StoredPuzzle],
    progress: &mut impl Write,
) -> Result<Vec<StoredPuzzle>> {
    request.variant.rules()?;
    let mut generator = Generator::new(request.variant, request.seed)?.with_max_mate(request.max_mate);
    if let Some(storage) = storage {
        for record in storage.all_archived_games()? {
            // Puzzles are played by the variant's default rules, so games with
            // other options are no source.
            let default_rules = record.options.is_empty();
            if !matches!(record.phase, Phase::Finished { .. })
                || record.variant != request.variant.name()
                || !default_rules
            {
                continue;
            }
            let game = GameRecord {
                variant: request.variant,
                options: String::new(),
                start: record.start.clone(),
                actions: record.actions,
            };
            // An archived game that no longer replays is simply no source.
            if let Ok(game) = Game::replay(&game) {
                generator.add_game(&game, &format!("game {}", record.id));
            }
        }
    }
    let mut seen: HashSet<String> = known.iter().map(|p| p.position.clone()).collect();
    let mut out = Vec::with_capacity(request.count);
    let started = Instant::now();
    draw(progress, 0, request.count, &started)?;
    while out.len() < request.count {
        let Some(found) = generator.next_puzzle(GAMES_PER_PUZZLE) else {
            writeln!(progress)?;
            bail!("no {} puzzle in {GAMES_PER_PUZZLE} self-play games; stopping", request.variant);
        };
        if seen.insert(found.puzzle.position.clone()) {
            out.push(stored(&found));
            draw(progress, out.len(), request.count, &started)?;
        }
    }
    let stats = generator.stats();
    writeln!(
        progress,
        "\n{} self-play games, {} positions searched, {} mates rejected as not unique, {} skipped as too costly \
         to prove",
        stats.games, stats.positions, stats.rejected, stats.too_hard
    )?;
    Ok(out)
}

/// `[#########.....] 12/40 puzzles · 3.1 min · 4.0/min`, redrawn in place.
fn draw(out: &mut impl Write, done: usize, total: usize, started: &Instant) -> std::io::Result<()> {
    let filled = (done * BAR_WIDTH).checked_div(total).unwrap_or(BAR_WIDTH);
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    let rate = if minutes > 0.0 { done as f64 / minutes } else { 0.0 };
    write!(
        out,
        "\r[{}{}] {done}/{total} puzzles · {minutes:.1} min · {rate:.1}/min",
        "#".repeat(filled),
        ".".repeat(BAR_WIDTH - filled)
    )?;
    out.flush()
}

/// The puzzles as a seed file: one JSON object per line.
pub fn write_jsonl(puzzles: &[StoredPuzzle], out: &mut impl Write) -> Result<()> {
    for puzzle in puzzles {
        let mut value = serde_json::to_value(puzzle)?;
        // Ids are given by the pool a seed is loaded into.
        if let Some(object) = value.as_object_mut() {
            object.remove("id");
        }
        writeln!(out, "{value}")?;
    }
    Ok(())
}
