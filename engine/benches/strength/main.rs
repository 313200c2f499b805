//! How strong Rookery's player is, in fast games of every variant.
//!
//! `cargo bench -p rookery-engine --bench strength -- [GAMES] [MILLIS] [ELO] [PART] [VARIANT...] [divide=N] [level=N...] [against=N] [skip=N] [longest=N]`
//! - `ladder` (the default with `stockfish`): in each variant (all six unless
//!   named), each level k+1 against level k, and level 8 against level 6,
//!   GAMES games a match (default 40), each level at its budget / N (default
//!   20). Targets: at least 60% a step, and 75% for 8 against 6. With
//!   `level=N`, only the matches of level N against those below it; with
//!   `against=N`, only the matches against level N (`level=8 against=6`);
//!   with both, any match, on the ladder or not (`level=8 against=1`).
//! - `stockfish`: level 8 against Stockfish at `UCI_Elo` ELO (default 1800),
//!   MILLIS a move each (default 100). Target: at least 50%. The score comes
//!   with two standard errors either side and the Elo difference it implies.
//! - `ab`: in chess (or the variants named), level 8 with the game's own
//!   evaluation weights against level 8 with the weights derived from the
//!   rules (`Weights::derived`: what a game without tuned weights plays
//!   with), MILLIS a move each: what tuning the weights gained. With
//!   `set=NAME:VALUE` (a weight's name as `Weights::tunable` gives it; may be
//!   repeated), level 8 with its own weights so changed against level 8 with
//!   its own weights: what a change of weights gains.
//! - `elo`: each chess level (or only the `level=N` ones) against Stockfish
//!   at `UCI_Elo` 1320, 1600, 1900 and 2200, both at the level's budget / N;
//!   each level's rating is the logistic fit of its scores. A level scoring
//!   under 30% against 1320, Stockfish's floor, is rated from the level above
//!   through a match between the two (a fit that far below the floor says
//!   little), and the bench says so.
//!
//! Colours alternate; game g of a match is played with seed g (g + N with
//! `skip=N`, which plays a match's next games rather than the same ones):
//! its two random opening moves, the players' random choices and its dice
//! ledger's server seed, so dice games are played with real rolls on a fair
//! ledger. Games end by their own rules; one still running after 1000 moves
//! (`longest=N` sets another number; the figures before 28 November 2026
//! were played with 240) is adjudicated on material. Stockfish is
//! `/usr/games/stockfish` (Debian's `stockfish` package) or `$STOCKFISH`;
//! without it those matches are skipped and the bench says so.

mod games;
mod stockfish;
mod summary;

use std::time::Duration;

use games::{match_results, match_score, Schedule, Side, LONGEST, OPENING_MOVES};
use rookery_engine::player::{Level, Player};
use rookery_engine::search::Weights;
use rookery_engine::Variant;
use stockfish::Stockfish;
use summary::Summary;

/// Stockfish's ratings the `elo` part plays at (1320 is its floor).
const STOCKFISH_ELOS: [u32; 4] = [1320, 1600, 1900, 2200];
/// The least share of points against Stockfish's floor for a level to be
/// rated by its Stockfish games; below it, by its match with the level above.
const FLOOR_SHARE: f64 = 0.3;
/// Seeds of a match start here, so a match is the same from run to run.
const SEED: u64 = 2026;

struct Options {
    schedule: Schedule,
    movetime: Duration,
    /// Stockfish's `UCI_Elo` in the `stockfish` part.
    elo: u32,
    divide: u32,
    variants: Vec<Variant>,
    levels: Vec<u8>,
    /// The lower levels of the ladder's matches to play (all if empty).
    against: Vec<u8>,
    /// Weights changed by name for the `ab` part (`set=NAME:VALUE`).
    changed_weights: Vec<(String, i32)>,
    parts: Vec<String>,
}

impl Options {
    fn from_args() -> Options {
        let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
        let numbers: Vec<u64> = args.iter().filter_map(|a| a.parse().ok()).collect();
        let setting = |name: &str| -> Vec<u64> {
            args.iter().filter_map(|a| a.strip_prefix(name)?.strip_prefix('=')?.parse().ok()).collect()
        };
        let variants: Vec<Variant> = args.iter().filter_map(|a| a.parse::<Variant>().ok()).collect();
        let levels: Vec<u8> = setting("level").into_iter().filter_map(|n| u8::try_from(n).ok()).collect();
        let against: Vec<u8> = setting("against").into_iter().filter_map(|n| u8::try_from(n).ok()).collect();
        Options {
            // The first game's seed is SEED plus the games `skip=N` leaves
            // out, so a second run of a match plays new games.
            schedule: Schedule {
                games: numbers.first().copied().unwrap_or(40) as usize,
                first_seed: SEED + setting("skip").first().copied().unwrap_or(0),
                longest: setting("longest").first().map_or(LONGEST, |&n| n.max(1) as usize),
            },
            movetime: Duration::from_millis(numbers.get(1).copied().unwrap_or(100)),
            elo: numbers.get(2).map_or(1800, |&n| n as u32),
            divide: setting("divide").first().map_or(20, |&n| n.max(1) as u32),
            variants: if variants.is_empty() { Variant::ALL.to_vec() } else { variants },
            levels: if levels.is_empty() { (1..=8).collect() } else { levels },
            against,
            changed_weights: args
                .iter()
                .filter_map(|a| {
                    let (name, value) = a.strip_prefix("set=")?.split_once(':')?;
                    Some((name.to_string(), value.parse().ok()?))
                })
                .collect(),
            parts: ["ladder", "stockfish", "elo", "ab"]
                .iter()
                .filter(|p| args.iter().any(|a| a == *p))
                .map(|p| p.to_string())
                .collect(),
        }
    }

    fn runs(&self, part: &str) -> bool {
        if self.parts.is_empty() {
            part != "elo" && part != "ab"
        } else {
            self.parts.iter().any(|p| p == part)
        }
    }

    fn player(&self, variant: Variant, level: u8) -> Player {
        let level = Level::new(level).expect("levels 1 to 8");
        Player::new(variant, level).expect("a built variant").with_budget(level.budget() / self.divide)
    }
}

fn main() {
    // `cargo test --benches` passes no `--bench` and should not play for hours.
    if !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let options = Options::from_args();
    println!(
        "strength: {} games per match, {OPENING_MOVES} random opening moves, adjudicated at {} moves, levels at their budget / {}",
        options.schedule.games, options.schedule.longest, options.divide
    );
    if options.runs("ladder") {
        for &variant in &options.variants {
            ladder(&options, variant);
        }
    }
    if options.runs("stockfish") {
        top_against_stockfish(&options);
    }
    if options.runs("elo") {
        ratings(&options);
    }
    if options.runs("ab") {
        let named = std::env::args().any(|a| a.parse::<Variant>().is_ok());
        for variant in if named { options.variants.clone() } else { vec![Variant::Chess] } {
            own_against_derived_weights(&options, variant);
        }
    }
}

fn percent(score: f64, games: usize) -> f64 {
    100.0 * score / games as f64
}

/// `high`'s score against `low` in `variant`.
fn level_match(options: &Options, variant: Variant, high: u8, low: u8) -> f64 {
    let mut stronger = Side::Rookery(Box::new(options.player(variant, high)));
    let mut weaker = Side::Rookery(Box::new(options.player(variant, low)));
    match_score(variant, &mut stronger, &mut weaker, &options.schedule)
}

fn ladder(options: &Options, variant: Variant) {
    let games = options.schedule.games;
    let pairs: Vec<(u8, u8)> = if options.against.is_empty() {
        let ladder = (1..8u8).map(|low| (low + 1, low)).chain([(8, 6)]);
        ladder.filter(|(high, _)| options.levels.contains(high)).collect()
    } else {
        // `level=H against=L` names any match, on the ladder or not.
        let named = options.levels.iter().flat_map(|&high| options.against.iter().map(move |&low| (high, low)));
        named.filter(|&(high, low)| high > low).collect()
    };
    for (high, low) in pairs {
        let score = level_match(options, variant, high, low);
        let share = percent(score, games);
        let target = match (high, low) {
            (8, 6) => Some(75.0),
            _ if high == low + 1 => Some(60.0),
            _ => None,
        };
        let verdict = match target {
            Some(target) if share >= target => format!("(target >= {target}%) ok"),
            Some(target) => format!("(target >= {target}%) BELOW TARGET"),
            None => "(off the ladder, no target)".to_string(),
        };
        println!("  {variant}: level {high} vs level {low}: {score}/{games} = {share:.0}% {verdict}");
    }
}

fn top_against_stockfish(options: &Options) {
    let path = stockfish::path();
    let elo = options.elo;
    match Stockfish::start(&path, elo, options.movetime) {
        Ok(stockfish) => {
            let mut top = Side::Rookery(Box::new(options.player(Variant::Chess, 8).with_budget(options.movetime)));
            let results = match_results(Variant::Chess, &mut top, &mut Side::Stockfish(stockfish), &options.schedule);
            print_match(&format!("level 8 vs Stockfish UCI_Elo {elo}"), options, &results);
        }
        Err(error) => {
            println!("  level 8 vs Stockfish: SKIPPED, cannot start {path} ({error}); apt-get install -y stockfish")
        }
    }
}

/// A match's score with two standard errors either side and the Elo
/// difference it implies, against the target of 50%.
fn print_match(label: &str, options: &Options, results: &[f64]) {
    let summary = Summary::of(results);
    println!(
        "  {label} at {} ms a move: {}/{} = {:.1}% +- {:.1}% \
         (2 standard errors; +{} ={} -{}), Elo difference {} (target >= 50%)",
        options.movetime.as_millis(),
        summary.points,
        results.len(),
        100.0 * summary.fraction,
        100.0 * 2.0 * summary.standard_error,
        summary.wins,
        summary.draws,
        summary.losses,
        summary.elo_text(),
    );
}

/// Level 8 with `variant`'s own weights against level 8 with the derived
/// ones, or, with weights to change, its own weights changed against them.
fn own_against_derived_weights(options: &Options, variant: Variant) {
    let top = |options: &Options| options.player(variant, 8).with_budget(options.movetime);
    let rules = variant.rules().expect("a built variant");
    let (first, second, label) = if options.changed_weights.is_empty() {
        (Weights::for_rules(&rules), Weights::derived(&rules), "own weights vs derived weights".to_string())
    } else {
        let mut changed = Weights::for_rules(&rules);
        let mut named = changed.tunable(&rules);
        let mut said = Vec::new();
        for (name, value) in &options.changed_weights {
            match named.iter_mut().find(|(weight, _)| weight == name) {
                Some((_, weight)) => {
                    said.push(format!("{name} {} -> {value}", **weight));
                    **weight = *value;
                }
                None => {
                    println!("  ab: SKIPPED, no weight named {name} (see Weights::tunable)");
                    return;
                }
            }
        }
        drop(named);
        (changed, Weights::for_rules(&rules), format!("own weights with {} vs own weights", said.join(", ")))
    };
    let mut one = Side::Rookery(Box::new(top(options).with_weights(first)));
    let mut other = Side::Rookery(Box::new(top(options).with_weights(second)));
    let results = match_results(variant, &mut one, &mut other, &options.schedule);
    print_match(&format!("{variant}: level 8, {label}"), options, &results);
}

/// Each chess level's rating against Stockfish, highest level first so a
/// level too weak for Stockfish's floor is rated from the one above.
fn ratings(options: &Options) {
    let path = stockfish::path();
    let mut above: Option<(u8, f64)> = None;
    for &level in options.levels.iter().rev() {
        let budget = Level::new(level).expect("levels 1 to 8").budget() / options.divide;
        let mut results = Vec::new();
        for elo in STOCKFISH_ELOS {
            let stockfish = match Stockfish::start(&path, elo, budget) {
                Ok(stockfish) => stockfish,
                Err(error) => {
                    println!("  elo: SKIPPED, cannot start {path} ({error}); apt-get install -y stockfish");
                    return;
                }
            };
            let mut player = Side::Rookery(Box::new(options.player(Variant::Chess, level)));
            let score = match_score(Variant::Chess, &mut player, &mut Side::Stockfish(stockfish), &options.schedule);
            println!(
                "  level {level} vs Stockfish UCI_Elo {elo} at {} ms a move: {score}/{}",
                budget.as_millis(),
                options.schedule.games
            );
            results.push((f64::from(elo), score, options.schedule.games as f64));
            // Far below the next setting already: the higher ones teach nothing more.
            if score < 0.5 {
                break;
            }
        }
        let at_floor = results.first().map_or(0.0, |(_, score, games)| score / games);
        let rating = match above {
            Some((higher, rating)) if at_floor < FLOOR_SHARE => {
                let score = level_match(options, Variant::Chess, higher, level);
                let games = options.schedule.games as f64;
                let share = (score / games).clamp(0.5 / games, 1.0 - 0.5 / games);
                let estimate = rating - 400.0 * (share / (1.0 - share)).log10();
                println!(
                    "  level {level}: {:.0}% against Stockfish's floor, rated from level {higher}'s {rating:.0} by their match, {score}/{}",
                    100.0 * at_floor,
                    options.schedule.games
                );
                estimate
            }
            _ => fit(&results),
        };
        println!("  level {level}: about {rating:.0} Elo");
        above = Some((level, rating));
    }
}

/// The rating that makes the scores most likely, each game's expected score
/// being 1 / (1 + 10^((opponent - rating) / 400)).
fn fit(results: &[(f64, f64, f64)]) -> f64 {
    let likelihood = |rating: f64| -> f64 {
        results
            .iter()
            .map(|&(opponent, score, games)| {
                let expected = (1.0 / (1.0 + 10f64.powf((opponent - rating) / 400.0))).clamp(1e-9, 1.0 - 1e-9);
                score * expected.ln() + (games - score) * (1.0 - expected).ln()
            })
            .sum()
    };
    (0..=3500).map(f64::from).max_by(|a, b| likelihood(*a).total_cmp(&likelihood(*b))).unwrap_or(0.0)
}
