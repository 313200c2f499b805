//! The test suites of the two dice bots Rookery reads, as data: every expression
//! Avrae's d20 tests roll (with what they require of the total) or require to fail,
//! and every expression Dice Maiden's tests require to roll or to be refused
//! (`peer_suites/*.txt`, transcribed from their repositories). Each side of each
//! suite must pass at 98% or more; the shares are printed:
//!
//! ```text
//! cargo test -p rookery-dice --test peer_suites -- --nocapture
//! ```

mod common;

use common::Seeded;
use rookery_dice::{evaluate, parse, RollResult};

const AVRAE: &str = include_str!("peer_suites/avrae_d20.txt");
const DICE_MAIDEN: &str = include_str!("peer_suites/dice_maiden.txt");

/// How many seeded rolls a range, a set of totals or a parity is checked over.
const SEEDS: u64 = 400;

/// Rolls `line` with faces from `seed`; the error's text when it is refused or fails.
fn roll(line: &str, seed: u64) -> Result<Vec<RollResult>, String> {
    let parsed = parse(line).map_err(|error| error.to_string())?;
    evaluate(&parsed, &mut Seeded::new(seed)).map_err(|error| error.to_string())
}

/// The single total of `line` rolled with `seed`.
fn total(line: &str, seed: u64) -> Result<i64, String> {
    let results = roll(line, seed)?;
    match results.as_slice() {
        [only] => Ok(only.total),
        _ => Err(format!("{} results, expected one", results.len())),
    }
}

/// What a suite requires of one expression, and whether Rookery does it.
fn passes(requirement: &str, line: &str) -> Result<(), String> {
    let words: Vec<&str> = requirement.split_whitespace().collect();
    let number = |i: usize| -> i64 { words[i].parse().unwrap_or_else(|_| panic!("bad number in {requirement:?}")) };
    let all_totals = |test: &dyn Fn(i64) -> bool| -> Result<(), String> {
        for seed in 0..SEEDS {
            let value = total(line, seed)?;
            if !test(value) {
                return Err(format!("total {value} with seed {seed}"));
            }
        }
        Ok(())
    };
    match words.as_slice() {
        ["roll"] => roll(line, 1).map(|_| ()),
        ["refuse"] => match roll(line, 1) {
            Ok(results) => Err(format!("rolled, totals {:?}", results.iter().map(|r| r.total).collect::<Vec<_>>())),
            Err(_) => Ok(()),
        },
        ["total", _] => {
            let value = total(line, 1)?;
            if value == number(1) {
                Ok(())
            } else {
                Err(format!("total {value}"))
            }
        }
        ["range", _, _] => all_totals(&|v| (number(1)..=number(2)).contains(&v)),
        ["tens", _, _] => all_totals(&|v| (number(1)..=number(2)).contains(&v) && v % 10 == 0),
        ["among", values] => {
            let allowed: Vec<i64> = values.split(',').map(|v| v.parse().expect("a number")).collect();
            all_totals(&|v| allowed.contains(&v))
        }
        ["odd"] => all_totals(&|v| v % 2 != 0),
        _ => panic!("unknown requirement {requirement:?}"),
    }
}

/// The share of each side passed, and the failures, for a suite read in `dialect`.
struct Outcome {
    valid: (usize, usize),
    invalid: (usize, usize),
    failures: Vec<String>,
}

fn run(suite: &str, dialect: &str) -> Outcome {
    let mut outcome = Outcome { valid: (0, 0), invalid: (0, 0), failures: Vec::new() };
    for entry in suite.lines().filter(|line| !line.starts_with('#') && !line.trim().is_empty()) {
        let (requirement, expression) = entry.split_once('\t').expect("kind<TAB>expression");
        let line = format!("{dialect}: {expression}");
        let side = if requirement == "refuse" { &mut outcome.invalid } else { &mut outcome.valid };
        side.1 += 1;
        match passes(requirement, &line) {
            Ok(()) => side.0 += 1,
            Err(why) => outcome.failures.push(format!("{requirement} {line:?}: {why}")),
        }
    }
    outcome
}

fn share((passed, all): (usize, usize)) -> f64 {
    100.0 * passed as f64 / all as f64
}

fn report(name: &str, outcome: &Outcome) {
    let (valid, invalid) = (outcome.valid, outcome.invalid);
    println!(
        "{name}: rolled as required {}/{} ({:.1}%), refused as required {}/{} ({:.1}%)",
        valid.0,
        valid.1,
        share(valid),
        invalid.0,
        invalid.1,
        share(invalid)
    );
    for failure in &outcome.failures {
        println!("  not as required: {failure}");
    }
    assert!(share(valid) >= 98.0 && share(invalid) >= 98.0, "{name} below 98%: {:#?}", outcome.failures);
}

#[test]
fn avraes_d20_suite() {
    let outcome = run(AVRAE, "avrae");
    assert!(outcome.valid.1 >= 90 && outcome.invalid.1 >= 10, "the transcription lost lines");
    report("Avrae d20 tests/test_dice.py", &outcome);
}

#[test]
fn dice_maidens_suite() {
    let outcome = run(DICE_MAIDEN, "maiden");
    assert!(outcome.valid.1 >= 160 && outcome.invalid.1 >= 40, "the transcription lost lines");
    report("Dice Maiden tests (assert_valid / assert_invalid)", &outcome);
}

/// The requirements themselves work: a wrong expectation fails.
#[test]
fn a_wrong_requirement_fails() {
    assert!(passes("total 3", "avrae: 1 + 1").is_err());
    assert!(passes("refuse", "avrae: 1 + 1").is_err());
    assert!(passes("range 1 5", "avrae: 1d6").is_err());
    assert!(passes("tens 0 90", "1d100").is_err());
    assert!(passes("odd", "avrae: 2 * 1d6").is_err());
    assert!(passes("roll", "maiden: 1d6 xyz").is_err());
}
