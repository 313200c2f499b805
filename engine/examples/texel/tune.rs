//! Fits the evaluation's weights to self-play results (Texel's method): the
//! logistic scale K first, then the weights, minimising the mean squared
//! error between each position's result and `sigmoid(K · score)`.
//!
//! The whole static score is linear in the weights (the phase that tapers
//! them depends on the derived piece values only), so each position's
//! features are measured once from the real evaluator, by raising one weight
//! at a time; the square tables' hundreds of weights are read from where the
//! pieces stand and the evaluator's phase instead. The fit is then gradient
//! descent (Adam) on that linear model, with the square bonuses pulled
//! towards 0 (an L2 penalty: a square seldom stood on keeps a small bonus),
//! and the rounded weights are scored again by the real evaluator.

use std::sync::Arc;

use rookery_engine::search::{own_view, Searcher, Weights};
use rookery_engine::{fen, Color, Position, Rules};

/// How far each weight is raised to measure its feature.
const PROBE: i32 = 32;
/// Every this-many-th block of positions is held out to check the fit on...
const HOLD_OUT: usize = 10;
/// ...blocks this long: a game's positions follow each other in the file, so
/// a held-out position's game is mostly held out too (its neighbours in one
/// game are much alike, and holding out single positions let a fit that
/// learnt the training games by heart look sound).
const BLOCK: usize = 500;

fn held_out(position: usize) -> bool {
    (position / BLOCK) % HOLD_OUT == 0
}
const STEPS: usize = 3000;
/// Adam's step, in centipawns.
const LEARNING_RATE: f64 = 1.0;
/// The L2 penalty on each square bonus, per centipawn squared, added to the
/// mean squared error unless `penalty=` says otherwise (chosen by the
/// held-out error; see docs/player.md).
pub const SQUARE_PENALTY: f64 = 2e-8;

/// Positions and results read from the generator's files.
pub struct Sample {
    /// White's score of each position, by the evaluator the features were measured with.
    features: Vec<Vec<f32>>,
    /// Each position's score left over by the linear model (rounding).
    rest: Vec<f32>,
    /// Each position's pieces as `(kind * box + square seen from its side, +1 White / −1 Black)`...
    placed: Vec<Vec<(u32, f32)>>,
    /// ...and its phase, 1 in full middlegame to 0 in a bare endgame.
    phases: Vec<f32>,
    results: Vec<f32>,
    texts: Vec<(String, f32)>,
}

fn searcher(rules: &Arc<Rules>, weights: &Weights) -> Searcher {
    let mut searcher = Searcher::new(rules).positional().with_weights(weights.clone());
    searcher.resize_table(1);
    searcher
}

fn white_score(searcher: &mut Searcher, position: &mut Position) -> Option<i32> {
    let score = searcher.static_score(position)?;
    Some(if position.turn() == Color::White { score } else { -score })
}

/// The tunable weights, then the square tables as `[2 · slot]` opening and
/// `[2 · slot + 1]` endgame.
fn values(rules: &Rules, weights: &Weights) -> Vec<i32> {
    let mut weights = weights.clone();
    let mut values: Vec<i32> = weights.tunable(rules).into_iter().map(|(_, w)| *w).collect();
    values.extend(weights.squares.iter().flat_map(|bonus| [bonus.opening, bonus.endgame]));
    values
}

fn set_values(rules: &Rules, weights: &mut Weights, values: &[f64]) {
    let mut values = values.iter().map(|value| value.round() as i32);
    for (_, weight) in weights.tunable(rules) {
        *weight = values.next().unwrap_or(*weight);
    }
    for bonus in &mut weights.squares {
        bonus.opening = values.next().unwrap_or(bonus.opening);
        bonus.endgame = values.next().unwrap_or(bonus.endgame);
    }
}

/// Each value's name, as `keep=` matches it: the tunable weights' own, then
/// `square.KIND.opening` and `square.KIND.endgame` for the square tables.
fn names(rules: &Rules, weights: &Weights) -> Vec<String> {
    let mut weights = weights.clone();
    let mut names: Vec<String> = weights.tunable(rules).into_iter().map(|(name, _)| name).collect();
    let box_size = rules.geometry.box_size();
    for slot in 0..weights.squares.len() {
        let kind = rules.kinds.get(slot / box_size).map_or("?", |kind| kind.name);
        names.extend(["opening", "endgame"].map(|phase| format!("square.{kind}.{phase}")));
    }
    names
}

/// Where `position`'s pieces stand, as [`Sample::placed`] holds them.
fn placed(rules: &Rules, position: &Position) -> Vec<(u32, f32)> {
    let box_size = rules.geometry.box_size();
    [(Color::White, 1.0), (Color::Black, -1.0)]
        .into_iter()
        .flat_map(|(color, sign)| {
            position.pieces(color).map(move |(square, kind)| {
                let seen = own_view(&rules.geometry, color, square).index();
                ((kind.0 as usize * box_size + seen) as u32, sign)
            })
        })
        .collect()
}

/// Reads `path`'s `position text | White's score` lines.
pub fn read(rules: &Arc<Rules>, paths: &[String], weights: &Weights) -> Result<Sample, String> {
    let base = values(rules, weights);
    let scalars = base.len() - 2 * weights.squares.len();
    let mut base_searcher = searcher(rules, weights);
    let mut probes: Vec<Searcher> = (0..scalars)
        .map(|i| {
            let mut raised = weights.clone();
            *raised.tunable(rules)[i].1 += PROBE;
            searcher(rules, &raised)
        })
        .collect();
    let mut sample = Sample {
        features: Vec::new(),
        rest: Vec::new(),
        placed: Vec::new(),
        phases: Vec::new(),
        results: Vec::new(),
        texts: Vec::new(),
    };
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for line in text.lines() {
            let Some((position_text, result)) = line.rsplit_once(" | ") else { continue };
            let result: f32 = result.trim().parse().map_err(|_| format!("not a result: {line}"))?;
            let mut position = fen::parse(rules, position_text).map_err(|e| format!("{line}: {e}"))?;
            let Some(score) = white_score(&mut base_searcher, &mut position) else { continue };
            let features: Vec<f32> = probes
                .iter_mut()
                .map(|probe| {
                    let raised = white_score(probe, &mut position).unwrap_or(score);
                    (raised - score) as f32 / PROBE as f32
                })
                .collect();
            let phase = base_searcher.phase(&position).ok_or("a plain searcher")? as f32 / 256.0;
            let pieces = placed(rules, &position);
            let squares = &base[scalars..];
            let linear: f32 = features.iter().zip(&base).map(|(f, w)| f * *w as f32).sum::<f32>()
                + square_score(&pieces, phase, |at| squares[at] as f64) as f32;
            sample.rest.push(score as f32 - linear);
            sample.features.push(features);
            sample.placed.push(pieces);
            sample.phases.push(phase);
            sample.results.push(result);
            sample.texts.push((position_text.to_string(), result));
        }
    }
    Ok(sample)
}

fn sigmoid(k: f64, score: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * score / 400.0))
}

/// The square tables' part of a score: `bonus(at)` is the value at index
/// `at` of the tables as [`values`] lays them out.
fn square_score(pieces: &[(u32, f32)], phase: f32, bonus: impl Fn(usize) -> f64) -> f64 {
    let phase = phase as f64;
    pieces
        .iter()
        .map(|&(slot, sign)| {
            let at = 2 * slot as usize;
            sign as f64 * (phase * bonus(at) + (1.0 - phase) * bonus(at + 1))
        })
        .sum()
}

fn model(sample: &Sample, i: usize, weights: &[f64]) -> f64 {
    let features = &sample.features[i];
    let (scalars, squares) = weights.split_at(features.len());
    sample.rest[i] as f64
        + features.iter().zip(scalars).map(|(f, w)| *f as f64 * w).sum::<f64>()
        + square_score(&sample.placed[i], sample.phases[i], |at| squares[at])
}

fn error(sample: &Sample, k: f64, weights: &[f64], chosen_held_out: bool) -> f64 {
    let chosen = (0..sample.results.len()).filter(|&i| held_out(i) == chosen_held_out);
    let (sum, count) = chosen.fold((0.0, 0usize), |(sum, count), i| {
        let miss = sample.results[i] as f64 - sigmoid(k, model(sample, i, weights));
        (sum + miss * miss, count + 1)
    });
    sum / count.max(1) as f64
}

/// The scale that fits the untuned scores best, by golden-section search.
fn fit_k(sample: &Sample, weights: &[f64]) -> f64 {
    let (mut low, mut high) = (0.05, 4.0);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    while high - low > 1e-4 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if error(sample, a, weights, false) < error(sample, b, weights, false) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Adam over the training positions' mean squared error; weights whose
/// `kept` entry is true stay as they start.
fn descend(sample: &Sample, k: f64, start: &[f64], kept: &[bool], square_penalty: f64) -> Vec<f64> {
    let mut weights = start.to_vec();
    let n = weights.len();
    let (mut first, mut second) = (vec![0.0; n], vec![0.0; n]);
    let (beta1, beta2) = (0.9f64, 0.999f64);
    let training: Vec<usize> = (0..sample.results.len()).filter(|&i| !held_out(i)).collect();
    let slope = k * std::f64::consts::LN_10 / 400.0;
    for step in 1..=STEPS {
        let mut gradient = vec![0.0; n];
        for &i in &training {
            let p = sigmoid(k, model(sample, i, &weights));
            let factor = 2.0 * (p - sample.results[i] as f64) * p * (1.0 - p) * slope;
            let features = &sample.features[i];
            for (g, f) in gradient.iter_mut().zip(features) {
                *g += factor * *f as f64;
            }
            let phase = sample.phases[i] as f64;
            for &(slot, sign) in &sample.placed[i] {
                let at = features.len() + 2 * slot as usize;
                gradient[at] += factor * sign as f64 * phase;
                gradient[at + 1] += factor * sign as f64 * (1.0 - phase);
            }
        }
        let squares_from = sample.features.first().map_or(n, Vec::len);
        for j in (0..n).filter(|&j| !kept[j]) {
            let penalty = if j >= squares_from { 2.0 * square_penalty * weights[j] } else { 0.0 };
            let g = gradient[j] / training.len() as f64 + penalty;
            first[j] = beta1 * first[j] + (1.0 - beta1) * g;
            second[j] = beta2 * second[j] + (1.0 - beta2) * g * g;
            let unbiased = first[j] / (1.0 - beta1.powi(step as i32));
            let spread = second[j] / (1.0 - beta2.powi(step as i32));
            weights[j] -= LEARNING_RATE * unbiased / (spread.sqrt() + 1e-12);
        }
        if step % 500 == 0 {
            eprintln!("step {step}: training error {:.6}", error(sample, k, &weights, false));
        }
    }
    weights
}

/// The real evaluator's error over the positions with `weights` (training, held out).
fn real_error(rules: &Arc<Rules>, sample: &Sample, k: f64, weights: &Weights) -> Result<(f64, f64), String> {
    let mut scorer = searcher(rules, weights);
    let mut sums = [(0.0, 0usize); 2];
    for (i, (text, result)) in sample.texts.iter().enumerate() {
        let mut position = fen::parse(rules, text).map_err(|e| e.to_string())?;
        let score = white_score(&mut scorer, &mut position).ok_or("a position in check")?;
        let miss = *result as f64 - sigmoid(k, score as f64);
        let slot = &mut sums[usize::from(held_out(i))];
        *slot = (slot.0 + miss * miss, slot.1 + 1);
    }
    Ok((sums[0].0 / sums[0].1.max(1) as f64, sums[1].0 / sums[1].1.max(1) as f64))
}

/// Fits `start`'s weights to the positions in `paths`, printing the errors
/// before and after; weights whose names start with one of `keep` stay as
/// they are. Returns the tuned weights.
pub fn tune(
    rules: &Arc<Rules>,
    paths: &[String],
    start: &Weights,
    keep: &[String],
    square_penalty: f64,
) -> Result<Weights, String> {
    let started = std::time::Instant::now();
    let sample = read(rules, paths, start)?;
    eprintln!("{} positions read and measured in {:.0} s", sample.results.len(), started.elapsed().as_secs_f64());
    let initial: Vec<f64> = values(rules, start).into_iter().map(f64::from).collect();
    let k = fit_k(&sample, &initial);
    let before = real_error(rules, &sample, k, start)?;
    println!("K = {k:.4}; before: training error {:.6}, held-out error {:.6}", before.0, before.1);
    let kept: Vec<bool> =
        names(rules, start).iter().map(|name| keep.iter().any(|prefix| name.starts_with(prefix))).collect();
    let fitted = descend(&sample, k, &initial, &kept, square_penalty);
    let mut tuned = start.clone();
    set_values(rules, &mut tuned, &fitted);
    let after = real_error(rules, &sample, k, &tuned)?;
    println!("after: training error {:.6}, held-out error {:.6}", after.0, after.1);
    Ok(tuned)
}
