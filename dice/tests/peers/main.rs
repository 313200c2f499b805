//! The forms the two most used dice bots document, read in their dialects: every
//! expression of Avrae's d20 test suite and README, and Dice Maiden's roll_syntax.md
//! core forms, with the totals those sources state. Faces come from scripted or
//! seeded sources, so each total is exact or checked over many rolls.

use std::collections::VecDeque;

#[path = "../common/mod.rs"]
mod common;

mod avrae;
mod coverage;
mod maiden;
mod systems;

use common::Seeded;
use rookery_dice::{evaluate, parse, DiceErrorKind, DieSource, RollResult};
/// Hands out the scripted faces in order.
struct Scripted(VecDeque<u32>);

impl DieSource for Scripted {
    fn roll(&mut self, sides: u32) -> u32 {
        let face = self.0.pop_front().expect("the script ran out of faces");
        assert!((1..=sides).contains(&face), "scripted {face} for a d{sides}");
        face
    }
}

fn results(line: &str, source: &mut dyn DieSource) -> Vec<RollResult> {
    let parsed = parse(line).unwrap_or_else(|e| panic!("{line:?} should parse:\n{e}"));
    evaluate(&parsed, source).unwrap_or_else(|e| panic!("{line:?} should roll:\n{e}"))
}

fn total(line: &str, source: &mut dyn DieSource) -> i64 {
    let results = results(line, source);
    assert_eq!(results.len(), 1, "{line}");
    results[0].total
}

fn scripted(line: &str, faces: &[u32]) -> i64 {
    let mut source = Scripted(faces.iter().copied().collect());
    let value = total(line, &mut source);
    assert!(source.0.is_empty(), "{line}: unused faces {:?}", source.0);
    value
}

/// The lowest and highest totals over 400 seeded rolls.
fn range(line: &str) -> (i64, i64) {
    let totals: Vec<i64> = (0..400).map(|seed| total(line, &mut Seeded::new(seed))).collect();
    (*totals.iter().min().unwrap(), *totals.iter().max().unwrap())
}

fn error(line: &str) -> DiceErrorKind {
    match parse(line) {
        Err(error) => error.kind().clone(),
        Ok(parsed) => evaluate(&parsed, &mut Seeded::new(1)).expect_err(line).kind().clone(),
    }
}

fn avrae(expr: &str) -> String {
    format!("avrae: {expr}")
}

fn maiden(expr: &str) -> String {
    format!("maiden: {expr}")
}

/// The forms on which the two bots disagree read differently per dialect.
#[test]
fn conflicts_follow_the_dialect() {
    // `!`: an explosion for Rookery and Avrae's `e`, a comment for Dice Maiden.
    assert_eq!(scripted("1d6! # x", &[6, 2]), 8);
    assert_eq!(scripted(&maiden("1d6 ! x"), &[6]), 6);
    // `k3`: the highest three (Rookery, Dice Maiden), or the dice showing 3 (Avrae).
    assert_eq!(scripted("4d6k3", &[3, 5, 3, 6]), 14);
    assert_eq!(scripted(&avrae("4d6k3"), &[3, 5, 3, 6]), 6);
    // `e6`: explode while (Rookery) or once (Dice Maiden).
    assert_eq!(scripted("1d6e6", &[6, 6, 1]), 13);
    assert_eq!(scripted(&maiden("1d6 e6"), &[6, 6]), 12);
    // `r1`: reroll while (Rookery) or once (Dice Maiden).
    assert_eq!(scripted("1d6r1", &[1, 1, 4]), 4);
    assert_eq!(scripted(&maiden("1d6 r1"), &[1, 1]), 1);
    // `/`: floored in Rookery's reading, truncated like Avrae's total.
    assert_eq!(scripted("-7/2", &[]), -4);
    assert_eq!(scripted(&avrae("-7/2"), &[]), -3);
    // `0d6` is refused in Rookery's reading, as it always was.
    assert_eq!(error("0d6"), DiceErrorKind::NoDice);
}
