//! The forms the two most used dice bots document, read in their dialects: every
//! expression of Avrae's d20 test suite and README, and Dice Maiden's roll_syntax.md
//! core forms, with the totals those sources state. Faces come from scripted or
//! seeded sources, so each total is exact or checked over many rolls.

use std::collections::VecDeque;

mod common;

use common::SplitMix as Seeded;
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
    let totals: Vec<i64> = (0..400).map(|seed| total(line, &mut Seeded(seed))).collect();
    (*totals.iter().min().unwrap(), *totals.iter().max().unwrap())
}

fn error(line: &str) -> DiceErrorKind {
    match parse(line) {
        Err(error) => error.kind().clone(),
        Ok(parsed) => evaluate(&parsed, &mut Seeded(1)).expect_err(line).kind().clone(),
    }
}

fn avrae(expr: &str) -> String {
    format!("avrae: {expr}")
}

fn maiden(expr: &str) -> String {
    format!("maiden: {expr}")
}

/// Avrae's README and tests/test_dice.py: every expression, with the stated totals.
#[test]
fn avrae_documented_totals() {
    let exact: &[(&str, i64)] = &[
        ("1 + 3 * 6", 19),
        ("1 + (3 * 6)", 19),
        ("(1 + 3) * 6", 24),
        ("1 + 2 + 3", 6),
        ("(1 + 2) + 3", 6),
        ("1 + (2 + 3)", 6),
        ("1 + 2 == 2", 0),
        ("1 + (2 == 2)", 2),
        ("1", 1),
        ("10000", 10000),
        ("1.5", 1),
        ("0.5", 0),
        (".5", 0),
        ("0d6", 0),
        ("(1)", 1),
        ("(1,)", 1),
        ("(1, 1)", 2),
        ("()", 0),
        ("+1", 1),
        ("-1", -1),
        ("--1", 1),
        ("-+-++---+1", -1),
        ("2 + 2", 4),
        ("2 - 2", 0),
        ("2 * 5", 10),
        ("15 / 2", 7),
        ("15 // 2", 7),
        ("13 % 2", 1),
        ("1 == 1", 1),
        ("1 == 2", 0),
        ("1 > 1", 0),
        ("2 > 1", 1),
        ("1 < 1", 0),
        ("1 < 2", 1),
        ("1 >= 1", 1),
        ("1 >= 2", 0),
        ("1 <= 1", 1),
        ("2 <= 1", 0),
        ("1 != 1", 0),
        ("1 != 2", 1),
        ("(1, 2, 3, 4, 5)k3", 3),
        ("(1, 2, 3, 4, 5)k<3", 3),
        ("(1, 2, 3, 4, 5)k>3", 9),
        ("(1, 2, 3, 4, 5)kl2", 3),
        ("(1, 2, 3, 4, 5)kh2", 9),
        ("(1)k1", 1),
        ("(1)k2", 0),
        ("(1, 2, 3, 4, 5)k1k2", 3),
        ("(1, 2, 3, 4, 5)kh1kl1", 6),
        ("(1, 2, 3, 4, 5)p3", 12),
        ("(1, 2, 3, 4, 5)p1p2", 12),
        ("(1, 2, 3, 4, 5)ph1pl1", 9),
        ("(1, 2, 3)k1k2", 3),
        ("1d1ro1", 1),
        ("1d1ra1", 2),
        ("10d6mi6", 60),
        ("10d6mi10", 100),
        ("10d6ma1", 10),
        ("10d6ma0", 0),
        ("(1 [one], 2 [two], 3 [three])", 6),
    ];
    for &(expr, expected) in exact {
        assert_eq!(total(&avrae(expr), &mut Seeded(7)), expected, "{expr}");
    }
    let ranges: &[(&str, i64, i64)] = &[
        ("1d20", 1, 20),
        ("1+1", 2, 2),
        ("4d6kh3", 3, 18),
        ("((1d6))", 1, 6),
        ("(((1d6)))", 1, 6),
        ("d6", 1, 6),
        ("1d6", 1, 6),
        ("2d6", 2, 12),
        ("(1d4, 2+2, 3d6kl1)kh1", 4, 6),
        ("((10d6kh5)kl2)kh1", 1, 6),
        ("10d6k1k2k3", 0, 30),
        ("10d6k1ph1", 0, 9),
        ("1d6rol1", 1, 6),
        ("1d6ral1", 2, 12),
        ("10d6mi2", 20, 60),
        ("10d6ma5", 10, 50),
        ("4*(3d8kh2+9[fire]+(9d2e2+3[cold])/2)", 4 * (2 + 9 + 6), 1000),
        ("2d6ro<3", 2, 12),
        ("8d6mi2", 16, 48),
        ("(1d4 + 1, 3, 2d6kl1)kh1", 3, 6),
        ("3d6 [fire] + 1d4 [piercing]", 4, 22),
        ("-(1d8 + 3) [healing]", -11, -4),
        ("-1d8 + 4 - (3, 1d4)kh1", -8, 0),
        ("4d6e6kh3", 3, 1000),
    ];
    for &(expr, low, high) in ranges {
        let (min, max) = range(&avrae(expr));
        assert!(low <= min && max <= high, "{expr}: {min}..={max} outside {low}..={high}");
    }
    for seed in 0..200 {
        assert_eq!(total(&avrae("1d2e2"), &mut Seeded(seed)) % 2, 1, "1d2e2 is odd");
    }
    assert_eq!(scripted(&avrae("1d20rr<20"), &[3, 19, 20]), 20);
    assert_eq!(scripted(&avrae("1d20rr>1"), &[7, 1]), 1);
    assert_eq!(scripted(&avrae("4d6kh3"), &[4, 4, 6, 3]), 14);
    assert_eq!(scripted(&avrae("2d6ro<3"), &[1, 3, 6]), 9);
    assert_eq!(scripted(&avrae("8d6mi2"), &[1, 6, 4, 2, 6, 2, 5, 6]), 33);
    assert_eq!(scripted(&avrae("(1d4 + 1, 3, 2d6kl1)kh1"), &[2, 2, 5]), 3);
    assert_eq!(scripted(&avrae("-1d8 + 4 - (3, 1d4)kh1"), &[8, 3]), -7);
    assert_eq!(scripted(&avrae("4d6e6kh3"), &[5, 6, 6, 1, 2, 3]), 17);
    assert_eq!(scripted(&avrae("1d6ral1"), &[4, 5]), 9);
}

#[test]
fn avrae_documented_errors() {
    use DiceErrorKind as K;
    assert_eq!(error(&avrae("1001d6")), K::TooManyDice { count: 1001, max: 1000 });
    assert_eq!(error(&avrae("6d0")), K::ZeroSides);
    assert!(matches!(error(&avrae("10d6mil1")), K::Expected(_)));
    assert_eq!(error(&avrae("10 / 0")), K::DivisionByZero);
    assert_eq!(error(&avrae("10 // 0")), K::DivisionByZero);
    assert_eq!(error(&avrae("10 % 0")), K::DivisionByZero);
    assert_eq!(error(&avrae("1d20rr<21")), K::EndlessReroll);
    assert_eq!(error(&avrae("1d1rr1")), K::EndlessReroll);
    assert_eq!(error(&avrae("1d20e<21")), K::EndlessExplosion);
    assert_eq!(error(&avrae("1d1e1")), K::EndlessExplosion);
    assert_eq!(error(&avrae("(1, 2)rr1")), K::DiceOnlyOperation);
}

/// Dice Maiden's roll_syntax.md: basic usage, core modifiers, special forms and
/// the shortcuts Rookery knows, each with scripted faces and the total it gives.
#[test]
fn dice_maiden_documented_totals() {
    let cases: &[(&str, &[u32], i64)] = &[
        ("2d6", &[3, 4], 7),
        ("3d6 + 5", &[1, 2, 3], 11),
        ("4d6 k3", &[6, 1, 4, 3], 13),
        ("d%", &[42], 42),
        ("d100", &[42], 42),
        ("4d6 e6", &[6, 6, 2, 3, 4], 21),
        ("4d6 e", &[6, 6, 2, 3, 4], 21),
        ("1d6 ie6", &[6, 6, 2], 14),
        ("4d6 i1", &[1, 5, 3, 6, 4], 11),
        ("4d6 i", &[1, 5, 3, 6, 4], 11),
        ("6d10 i3", &[3, 9, 9, 9, 9, 9, 7], 41),
        ("1d10 i1 e10", &[10, 1], 11),
        ("1d10 e10 i1", &[1, 4], -3),
        ("4d6 kl2", &[6, 1, 4, 3], 4),
        ("5d6 km2", &[6, 1, 4, 3, 2], 5),
        ("4d6 d1", &[6, 1, 4, 3], 13),
        ("2d6 ie6 adv1", &[6, 1, 4, 2], 12),
        ("2d6 dis1", &[6, 1, 4], 5),
        ("4d6 r2", &[1, 1, 4, 5, 6], 16),
        ("2d6 ir2", &[1, 2, 5, 3], 8),
        ("2d6 rg5", &[6, 5, 6, 2], 7),
        ("2d6 irg5", &[6, 5, 2, 4], 6),
        ("10d10 t7", &[7, 8, 1, 2, 3, 10, 4, 5, 6, 9], 4),
        ("10d10 tl6", &[7, 8, 1, 2, 3, 10, 4, 5, 6, 9], 6),
        ("10d10 t7 f1", &[7, 8, 1, 2, 3, 10, 4, 5, 6, 9], 3),
        ("4d10 t7ds10", &[7, 10, 1, 3], 3),
        ("4d10 tl6ds5", &[5, 6, 7, 1], 5),
        ("4d10 t8 b1", &[1, 1, 9, 3], 1),
        ("4d10 t8 b", &[1, 1, 9, 3], 1),
        ("2d6 + 3", &[1, 2], 6),
        ("2d6 - 3", &[1, 2], 0),
        ("2d6 * 2", &[1, 2], 6),
        ("2d6 / 2", &[1, 2], 1),
        ("+2d6", &[1, 2], 3),
        ("-1d4", &[3], -3),
        ("2d6 ! Fire damage", &[1, 2], 3),
        ("(Attack) 1d20 + 5", &[11], 16),
        ("1d12+2 t8", &[9], 3),
        ("4cod", &[8, 10, 3, 2, 1], 2),
        ("4cod8", &[8, 1, 2, 3, 4], 1),
        ("4cod9", &[9, 1, 2, 3, 4], 1),
        ("4codr", &[1, 9, 2, 3, 4, 5, 6, 7], 1),
        ("4wod8", &[8, 1, 1, 9], 0),
        ("4wod8c", &[10, 1, 8, 2], 2),
        ("sw8", &[8, 3, 2], 11),
        ("+d20", &[4, 17], 17),
        ("-d20", &[4, 17], 4),
        ("+d%", &[3, 7, 5], 25),
        ("-d%", &[3, 7, 5], 65),
        ("cpr", &[10, 4], 14),
        ("cpr + 5", &[1, 4], 2),
        ("fitd2", &[3, 5], 5),
        ("fitd0", &[3, 5], 3),
        ("dd66", &[3, 5], 35),
        ("0d6", &[], 0),
    ];
    for &(expr, faces, expected) in cases {
        assert_eq!(scripted(&maiden(expr), faces), expected, "{expr}");
    }
    let stats: Vec<i64> = results(&maiden("dndstats"), &mut Seeded(3)).iter().map(|r| r.total).collect();
    assert_eq!(stats.len(), 6);
    assert!(stats.iter().all(|&t| (3..=18).contains(&t)));
    let sets: Vec<i64> = results(&maiden("6 4d6"), &mut Seeded(3)).iter().map(|r| r.total).collect();
    assert_eq!(sets.len(), 6);
    let multi = results(&maiden("2d6 ; 3d8 ; 1d20; 4d10"), &mut Seeded(3));
    assert_eq!(multi.len(), 4);
    let labelled = results(&maiden("(Attack) 1d20 + 5 ! With sword"), &mut Seeded(3));
    assert_eq!(labelled[0].label.as_deref(), Some("Attack: With sword"));
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
