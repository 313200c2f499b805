//! Texel tuning of the player's evaluation weights (see docs/player.md).
//!
//! `cargo run --release -p rookery-engine --example texel -- generate VARIANT FILE GAMES DEPTH SEED`
//! appends self-play quiet positions with their games' results to FILE;
//! `cargo run --release -p rookery-engine --example texel -- tune VARIANT FILE... [keep=NAME,...] [penalty=L2] [from=own]`
//! fits the weights to them (but those whose names start with a kept one),
//! starting from the derived weights, or with `from=own` from the variant's
//! own (its tuned weights, kept ones staying as they are there),
//! the square tables' bonuses held towards 0 by an L2 penalty of L2 per
//! centipawn squared, and prints them as Rust source;
//! `cargo run --release -p rookery-engine --example texel -- label ENGINE DEPTH IN OUT [mix=M]`
//! writes IN's positions to OUT labelled by a UCI engine's score at DEPTH
//! (`mix` parts the game's result beside it, 0 unless given).

mod generate;
mod label;
mod tune;

use std::fs::OpenOptions;

use rookery_engine::search::Weights;
use rookery_engine::{Rules, Variant};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: texel generate VARIANT FILE GAMES DEPTH SEED | texel tune VARIANT FILE... [keep=NAME,...] \
                 [penalty=L2] [from=own] | texel label ENGINE DEPTH IN OUT [mix=M]";
    let number = |at: usize| -> Result<u64, String> {
        args.get(at).ok_or(usage)?.parse().map_err(|_| format!("not a number: {}", args[at]))
    };
    if args.first().map(String::as_str) == Some("label") {
        let [engine, input, output] = [1, 3, 4].map(|at| args.get(at).ok_or(usage));
        let depth = u32::try_from(number(2)?).map_err(|e| e.to_string())?;
        let mix = match args.get(5).and_then(|arg| arg.strip_prefix("mix=")) {
            Some(text) => text.parse().map_err(|_| format!("not a number: {text}"))?,
            None => 0.0,
        };
        return label::label(engine?, depth, input?, output?, mix);
    }
    let variant: Variant = args.get(1).ok_or(usage)?.parse().map_err(|e| format!("{e}"))?;
    match args.first().map(String::as_str) {
        Some("generate") => {
            let path = args.get(2).ok_or(usage)?;
            let mut out = OpenOptions::new().create(true).append(true).open(path).map_err(|e| e.to_string())?;
            let depth = u32::try_from(number(4)?).map_err(|e| e.to_string())?;
            generate::generate(variant, depth, number(3)?, number(5)?, &mut out)
        }
        Some("tune") => {
            let rules = variant.rules().map_err(|e| e.to_string())?;
            let (options, paths): (Vec<String>, Vec<String>) = args
                .iter()
                .skip(2)
                .cloned()
                .partition(|arg| ["keep=", "penalty=", "from="].iter().any(|option| arg.starts_with(option)));
            let kept: Vec<&String> = options.iter().filter(|arg| arg.starts_with("keep=")).collect();
            let penalty = match options.iter().find_map(|arg| arg.strip_prefix("penalty=")) {
                Some(text) => text.parse().map_err(|_| format!("not a number: {text}"))?,
                None => tune::SQUARE_PENALTY,
            };
            let keep: Vec<String> =
                kept.iter().flat_map(|arg| arg.trim_start_matches("keep=").split(',').map(str::to_string)).collect();
            if paths.is_empty() {
                return Err(usage.to_string());
            }
            let start = match options.iter().find_map(|arg| arg.strip_prefix("from=")) {
                None => Weights::derived(&rules),
                Some("own") => Weights::for_rules(&rules),
                Some(other) => return Err(format!("from={other}: only from=own is known")),
            };
            let tuned = tune::tune(&rules, &paths, &start, &keep, penalty)?;
            println!("{}", rust_source(&rules, &tuned));
            Ok(())
        }
        _ => Err(usage.to_string()),
    }
}

/// `weights` as the body of a variant's `tuned_weights` function, with the
/// square tables as a separate constant `SQUARES` to build `squares` from.
fn rust_source(rules: &Rules, weights: &Weights) -> String {
    let material: String = weights
        .material
        .iter()
        .zip(&rules.kinds)
        .map(|(value, kind)| {
            format!(
                "            Phased {{ opening: {}, endgame: {} }}, // {}\n",
                value.opening, value.endgame, kind.name
            )
        })
        .collect();
    let mut named = weights.clone();
    let mut scalars = String::new();
    // The by-kind vectors, one value a kind.
    let mobility: Vec<String> = weights
        .piece_mobility
        .iter()
        .map(|w| format!("Phased {{ opening: {}, endgame: {} }}", w.opening, w.endgame))
        .collect();
    scalars += &format!("        piece_mobility: vec![{}],\n", mobility.join(", "));
    for (field, values) in weights.kind_vectors() {
        let values: Vec<String> = values.iter().map(i32::to_string).collect();
        scalars += &format!("        {field}: vec![{}],\n", values.join(", "));
    }
    // Written above: every weight named `FIELD[index] (kind)` or `FIELD[index].phase (kind)`.
    let in_vector = |name: &str| name.split_once('[').is_some();
    let tunable = named.tunable(rules);
    for (name, value) in tunable.into_iter().filter(|(name, _)| !in_vector(name)) {
        match name.strip_suffix(".opening") {
            Some(field) => scalars += &format!("        {field}: Phased {{ opening: {value}, "),
            None => match name.strip_suffix(".endgame") {
                Some(_) => scalars += &format!("endgame: {value} }},\n"),
                None => scalars += &format!("        {name}: {value},\n"),
            },
        }
    }
    format!(
        "{}\n    Weights {{\n        material: vec![\n{material}        ],\n{scalars}        squares: ...,\n    }}",
        square_tables(rules, weights)
    )
}

/// The square tables as `const SQUARES: [[i32; BOX]; 2 · KINDS]`, each kind's
/// middlegame table then its endgame one, one rank a line from White's first.
fn square_tables(rules: &Rules, weights: &Weights) -> String {
    let box_size = rules.geometry.box_size();
    let width = rules.geometry.width().max(1);
    let mut out = format!("#[rustfmt::skip]\nconst SQUARES: [[i32; {box_size}]; {}] = [\n", 2 * rules.kinds.len());
    for (index, kind) in rules.kinds.iter().enumerate() {
        let table = weights.squares.get(index * box_size..(index + 1) * box_size).unwrap_or_default();
        for (phase, pick) in [("middlegame", false), ("endgame", true)] {
            out += &format!("    // {} ({phase})\n    [\n", kind.name);
            for rank in table.chunks(width) {
                let cells: Vec<String> = rank
                    .iter()
                    .map(|bonus| format!("{:4}", if pick { bonus.endgame } else { bonus.opening }))
                    .collect();
                out += &format!("        {},\n", cells.join(","));
            }
            out += "    ],\n";
        }
    }
    out + "];"
}
