//! The forms the two most used dice bots document, read in their dialects: every
//! expression of Avrae's d20 test suite and README, and Dice Maiden's roll_syntax.md
//! core forms, with the totals those sources state. Faces come from scripted or
//! seeded sources, so each total is exact or checked over many rolls.

use std::collections::VecDeque;

mod common;

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
        assert_eq!(total(&avrae(expr), &mut Seeded::new(7)), expected, "{expr}");
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
        assert_eq!(total(&avrae("1d2e2"), &mut Seeded::new(seed)) % 2, 1, "1d2e2 is odd");
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

/// Avrae's d20 computes with Python numbers: fractions stay until the total, which
/// drops its fraction (`int(total)`).
#[test]
fn avrae_keeps_fractions_until_the_total() {
    let exact: &[(&str, i64)] = &[
        ("1.5 + 1.5", 3),
        ("3*0.5", 1),
        ("3 * 0.5 * 2", 3),
        ("1 / 0.5", 2),
        ("7 // 2.0", 3),
        ("-7 // 2", -4),
        ("-7 % 3", 2),
        ("5.5 % 2", 1),
        ("0.1 + 0.2 == 0.3", 0),
        ("1.5 == 1.5", 1),
        ("-(1.5)", -1),
        ("(1.5, 2.5)", 4),
        ("15 / 2 * 2", 15),
        ("1 / 3 * 3", 1),
        ("10 / 4 + 10 / 4", 5),
    ];
    for &(expr, expected) in exact {
        assert_eq!(total(&avrae(expr), &mut Seeded::new(1)), expected, "{expr}");
    }
    assert_eq!(scripted(&avrae("1d4/2"), &[3]), 1);
    assert_eq!(scripted(&avrae("(1d4/2)*2"), &[3]), 3);
    assert_eq!(scripted(&avrae("1d4/2 + 1d4/2"), &[3, 3]), 3);
    assert_eq!(scripted(&avrae("-1d4/2"), &[3]), -1);
    // Rookery's own reading stays in whole numbers: 3/2 is 1, doubled 2.
    assert_eq!(scripted("(1d4/2)*2", &[3]), 2);
    assert_eq!(error(&avrae("1 / (1d1 - 1)")), DiceErrorKind::DivisionByZero);
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
    // d20's Roller stops at 1,000 dice rolled in all (rerolls and explosions too).
    assert_eq!(error(&avrae("1000d6rr<6")), K::TooManyRolls { max: 1000 });
    assert_eq!(error(&avrae("500d6e>1")), K::TooManyRolls { max: 1000 });
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
    let stats: Vec<i64> = results(&maiden("dndstats"), &mut Seeded::new(3)).iter().map(|r| r.total).collect();
    assert_eq!(stats.len(), 6);
    assert!(stats.iter().all(|&t| (3..=18).contains(&t)));
    let sets: Vec<i64> = results(&maiden("6 4d6"), &mut Seeded::new(3)).iter().map(|r| r.total).collect();
    assert_eq!(sets.len(), 6);
    let multi = results(&maiden("2d6 ; 3d8 ; 1d20; 4d10"), &mut Seeded::new(3));
    assert_eq!(multi.len(), 4);
    let labelled = results(&maiden("(Attack) 1d20 + 5 ! With sword"), &mut Seeded::new(3));
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

/// The total and the system's note of a Dice Maiden roll with scripted faces.
fn system_roll(expr: &str, faces: &[u32]) -> (i64, String) {
    let line = maiden(expr);
    let mut source = Scripted(faces.iter().copied().collect());
    let results = results(&line, &mut source);
    assert!(source.0.is_empty(), "{expr}: unused faces {:?}", source.0);
    assert_eq!(results.len(), 1, "{expr}");
    (results[0].total, results[0].note.clone().unwrap_or_default())
}

/// Dice Maiden's game-system aliases (roll_syntax.md, "Game System Aliases" and "Other
/// Popular Systems"), each with scripted faces, the result Dice Maiden's rules give
/// and a word of the note it shows.
#[test]
fn dice_maiden_game_systems() {
    let cases: &[(&str, &[u32], i64, &str)] = &[
        ("alien4", &[6, 6, 2, 1], 2, "2 successes"),
        ("alien5s2", &[6, 1, 2, 3, 4, 6, 1, 5], 2, "1d6 + 2 = 7: Tremble"),
        ("alien5s1", &[6, 6, 6, 3, 4, 2], 3, "push available"),
        ("alien3s2p", &[6, 2, 3, 2, 6, 3], 2, "push available"),
        ("alien6s3p", &[1, 1, 1, 1, 1, 1, 2, 2, 1, 2, 6], 0, "= 10: Seek Cover"),
        ("vtm5h2", &[6, 10, 3, 10, 1], 5, "MESSY CRITICAL"),
        ("vtm3h1", &[2, 3, 1], 0, "BESTIAL FAILURE"),
        ("vtm7h2", &[10, 10, 6, 2, 3, 5, 7], 6, "critical success"),
        ("vtm5h0", &[6, 7, 8, 1, 2], 3, "3 successes"),
        ("conan", &[5, 17], 2, "2 d20s"),
        ("conan4", &[5, 17, 1, 20], 4, "4 d20s"),
        ("conan3cd5", &[1, 2, 3, 2, 5, 3, 4, 6], 3 + 4, "4 combat damage, 2 special"),
        ("cd", &[2], 2, "2 damage"),
        ("cd4", &[1, 2, 3, 5], 4, "1 special"),
        ("sil", &[4], 4, "highest 4"),
        ("sil3", &[6, 6, 2], 7, "extra 6s add +1"),
        ("sil5", &[1, 2, 3, 4, 5], 5, "highest 5"),
        ("sil10", &[6, 6, 6, 1, 1, 1, 1, 1, 1, 1], 8, "+2"),
        ("attack +5", &[11], 16, ""),
        ("skill -2", &[11], 9, ""),
        ("save +3", &[11], 14, ""),
        ("a5e +5 ex1", &[12, 3], 20, ""),
        ("a5e +7 ex2", &[12, 6], 25, ""),
        ("a5e +3 ex3", &[12, 8], 23, ""),
        ("+a5e +5 ex1", &[4, 17, 2], 24, ""),
        ("-a5e +3 ex2", &[4, 17, 2], 9, ""),
        ("a5e ex1", &[10, 4], 14, ""),
        ("a5e +2 ex6", &[10, 6], 18, ""),
        ("a5e +1 ex8", &[10, 8], 19, ""),
        ("a5e +3 ex10", &[10, 10], 23, ""),
        ("vtm7h2", &[1, 1, 1, 1, 1, 2, 2], 0, "0 successes"),
        ("cpd3", &[6, 6, 1], 13, "Critical Injury"),
        ("cpd4 + 2", &[1, 2, 3, 4], 12, "no Critical Injury"),
        ("cpd2 * 3", &[6, 5], 33, "no Critical Injury"),
        ("cpd3 * 2", &[6, 6, 6], 36, "Critical Injury"),
        ("cs 1", &[3], 3, "success (3 vs target 3)"),
        ("cs 3", &[17], 17, "minor effect"),
        ("cs 6", &[1], 1, "GM Intrusion"),
        ("2hsn", &[6, 1], 7, "2 BODY, 7 STUN"),
        ("3hsk", &[4, 5, 6, 2], 30, "15 BODY, 30 STUN (×2)"),
        ("2.5hsk", &[3, 4, 2, 3], 27, "9 BODY, 27 STUN (×3)"),
        ("2hsk1", &[3, 4, 2, 1], 9, "9 BODY, 9 STUN (×1)"),
        ("3hsh", &[3, 4, 5], 12, "roll-under"),
        ("hsn", &[4], 4, "1 BODY, 4 STUN"),
        ("hsk", &[4, 3], 12, "4 BODY, 12 STUN"),
        ("gb", &[7], 2, "2 damage"),
        ("gbs", &[7], 7, "straight"),
        ("gb 3d8", &[1, 5, 8], 3, "3 damage"),
        ("gbs 2d10 +5", &[3, 4], 12, "straight"),
        ("3d8 gb", &[2, 6, 1], 3, "3 damage"),
        ("2d10 gbs", &[10, 9], 19, "straight"),
        ("gb+5", &[7], 4, "4 damage"),
        ("fitd1", &[4], 4, "partial success"),
        ("fitd2", &[6, 6], 6, "critical success"),
        ("fitd0", &[6, 2], 2, "failure (zero dice"),
        ("bnw3", &[6, 2, 3, 4], 10, "6s became 10"),
        ("bnw4 + 2", &[1, 1, 1, 6, 5], 2, "Disaster"),
        ("wfrp67", &[45], 2, "success, +2 SL"),
        ("wfrp67 + 20", &[93], -1, "failure, -1 SL (target 87)"),
        ("wfrp67 - 30", &[35], 0, "success, +0 SL (target 37)"),
        ("wfrp45", &[49], 0, "failure, -0 SL"),
        ("wfrp30", &[3], 3, "automatic success"),
        ("wfrp50", &[44], 1, "ASTOUNDING SUCCESS"),
        ("wfrp99", &[100], -1, "automatic failure"),
        ("wit", &[5], 5, "no critical"),
        ("wit", &[10, 10, 3], 23, "critical success: added 10, 3"),
        ("wit + 5", &[1, 1, 4], 1, "critical failure: subtracted 1, 4"),
        ("dh 4d10", &[10, 3, 2, 1, 5], 21, "Righteous Fury"),
        ("dh", &[7], 7, "no Righteous Fury"),
        ("2lf4", &[4, 5], 1, "1 LASER FEELINGS"),
        ("2lf4l", &[1, 5], 1, "Lasers, target 4: 1 success"),
        ("2lf4f", &[4, 5], 2, "Feelings, target 4: 2 successes"),
        ("dheart", &[7, 3], 10, "10 with Hope"),
        ("dheart", &[3, 7], 10, "10 with Fear"),
        ("dheart", &[5, 5], 10, "Critical Success"),
        ("dheartgm", &[13], 13, ""),
        ("ww3", &[2, 6, 6], 6, "Triumph (6) + Twist"),
        ("ww4c2", &[6, 5, 3, 2], 3, "cut 2 highest; Disaster (3)"),
        ("mnm", &[4], 4, "failure, 2 degrees"),
        ("mnm +5", &[12], 17, "success, 2 degrees"),
        ("ol5", &[20, 7, 3, 6, 2], 38, ""),
        ("ol5a2", &[10, 1, 2, 3, 4], 17, ""),
        ("ol5d1", &[10, 1, 2, 5], 13, ""),
        ("ol0", &[12], 12, ""),
        ("ol5a1", &[10, 6, 1, 4, 3], 23, ""),
        ("ol7d2", &[10, 1, 2, 9, 10], 13, ""),
        ("ol5a1 ! Attack the ogre", &[10, 6, 1, 4, 3], 23, ""),
        ("ess1d8", &[10, 6], 16, ""),
        ("+ess1d8", &[3, 15, 8], 23, ""),
        ("-ess1d8", &[3, 15, 8], 11, ""),
        ("ess1d8 + 3", &[10, 6], 19, "skill die 6"),
        ("essd8", &[10, 8], 18, "CRITICAL SUCCESS: maximum on 1d8"),
        ("ess1d8s", &[10, 3, 5, 4, 2], 15, "kept 1d6 (5), highest of 1d8, 1d6, 1d4, 1d2"),
        (
            "ess1d8s ! Swimming",
            &[10, 5, 5, 1, 2],
            15,
            "kept 1d8 (5), highest of 1d8, 1d6, 1d4, 1d2; CRITICAL SUCCESS: maximum on 1d2",
        ),
        ("ess1d10", &[20, 4], 24, "natural 20"),
        ("+ess3d6s + 2", &[4, 17, 1, 1, 1, 6, 6, 3, 4, 6, 2, 1, 1], 17 + 12 + 2, "kept 2d8 (12)"),
        ("ess2d8", &[5, 8, 8], 21, "CRITICAL SUCCESS: maximum on 2d8"),
        ("tdh4", &[3, 5, 6], 12, "the House acts"),
        ("tdh4b", &[2, 5, 4, 1], 13, "the House waits"),
        ("tdh4n", &[2, 5, 4, 5], 10, "House Die 5: the House acts"),
        ("tdh4 +1", &[3, 5, 5], 13, "the House waits"),
        ("tdh4c", &[3, 5, 2], 14, "you gain 1 Doom"),
        ("tdh4 ! Pick the lock", &[3, 5, 6], 12, "the House acts"),
        ("tdh4nc", &[2, 5, 4, 6], 16, "you gain 1 Doom"),
        ("ms", &[51], 51, "failure"),
        ("ms45", &[44], 44, "CRITICAL SUCCESS"),
        ("ms30", &[12], 12, "success"),
        ("+ms45", &[50, 33], 33, "kept 33: CRITICAL SUCCESS"),
        ("-ms45", &[20, 66], 66, "kept 66: CRITICAL FAILURE"),
        ("dp", &[2], 4, "Complication +4"),
        ("3dp", &[1, 2, 5], 6, "Opportunity"),
        ("ex5", &[7, 10, 3, 2, 8], 4, ""),
        ("ex5t8", &[7, 10, 3, 2, 8], 3, ""),
        ("ex3t6", &[6, 10, 5], 3, ""),
        ("sp4", &[8, 10, 3, 2, 9], 3, ""),
        ("sp4t6", &[8, 6, 3, 2], 2, ""),
        ("snm3", &[6, 4, 1, 2], 2, ""),
        ("6yz", &[6, 6, 1, 2, 3, 4], 2, ""),
        ("3wh4+", &[4, 3, 6], 2, ""),
        ("age", &[1, 2, 3], 6, ""),
        ("1d6l", &[6, 1], 0, ""),
        ("8d6l", &[4, 5, 1, 2, 3, 6, 6, 6, 3], 5, ""),
        ("3df", &[1, 2, 3], 0, ""),
        ("ed1", &[3], 1, ""),
        ("ed15", &[4, 6, 3, 2], 15, ""),
        ("ed4e15", &[4, 6, 3, 2], 15, ""),
        ("ed21", &[20, 3, 10, 1, 6, 2], 42, ""),
        ("ed4e21", &[20, 3, 8, 1, 6], 38, ""),
        ("d6s4", &[1, 2, 3, 4, 6, 2], 18, ""),
        ("d6s4 + 2", &[1, 2, 3, 4, 5], 17, ""),
        ("wng 4d6", &[1, 4, 6, 2], 3, "Complication"),
        ("wng", &[6], 2, "Critical"),
        ("wng w2 4d6", &[6, 5, 3, 3], 3, "Critical"),
        ("wng dn3 5d6", &[2, 4, 5, 6, 1], 4, "DN 3: PASS"),
        ("wng 4d6 !soak", &[1, 4, 6, 2], 13, "total 13; wrath die 1"),
        ("wng dn4 6d6 !exempt", &[2, 2, 2, 2, 2, 1], 11, "DN 4: PASS"),
        ("mm", &[3, 1, 4], 13, "Fantastic"),
        ("mm e", &[3, 4, 2, 5], 12, "edge rerolls 2→5"),
        ("mm 2e", &[3, 4, 2, 1, 6], 13, "2→1 (kept), 2→6"),
        ("mm t", &[3, 4, 5, 1], 8, "trouble rerolls 5→1"),
        ("mm 3t", &[6, 6, 2, 3, 6, 1], 6, "trouble"),
        ("mm 2e 3t", &[2, 4, 6, 6], 12, "6→6 (kept)"),
        ("s 4d6 k3", &[6, 1, 4, 3], 13, ""),
        ("p 3d6 + 2d4", &[1, 2, 3, 4, 4], 14, ""),
        ("nr 2d6", &[1, 2], 3, ""),
        ("ul 3d100", &[50, 2, 99], 151, ""),
    ];
    for &(expr, faces, expected, note) in cases {
        let (total, shown) = system_roll(expr, faces);
        assert_eq!(total, expected, "{expr}: {shown}");
        assert!(shown.contains(note), "{expr}: {shown:?} lacks {note:?}");
    }
    let sets = results(&maiden("3 alien4s2"), &mut Seeded::new(5));
    assert_eq!(sets.len(), 3);
    assert!(sets.iter().all(|r| r.note.is_some()));
    assert_eq!(results(&maiden("3 wfrp45"), &mut Seeded::new(5)).len(), 3);
    assert_eq!(results(&maiden("5 cpd6"), &mut Seeded::new(5)).len(), 5);
    assert_eq!(results(&maiden("3 tdh4"), &mut Seeded::new(5)).len(), 3);
    let flags = results(&maiden("p 3d6 + 2d4"), &mut Seeded::new(5));
    assert!(flags[0].flags.private);
    let multi = results(&maiden("4d100 ; 10d6 e6 k8 +4; 3d10 k2; ul 3d100"), &mut Seeded::new(5));
    assert_eq!(multi.len(), 4);
    assert!(multi[3].flags.unsorted);
    let shown = rookery_dice::render(&results(&maiden("s 4d6 k3"), &mut Seeded::new(5)));
    assert!(!shown.contains('('), "simple output shows the total only: {shown}");
}

/// Every roll form roll_syntax.md documents (its examples and its aliases' forms);
/// the measured share Rookery reads is printed and must stay at 95% or more.
#[test]
fn dice_maiden_documented_form_coverage() {
    const FORMS: &[&str] = &[
        "2d6",
        "3d6 + 5",
        "4d6 k3",
        "d%",
        "d100",
        "4d6 e6",
        "4d6 e",
        "4d6 ie6",
        "4d6 i",
        "4d6 i3",
        "4d6 k3",
        "4d6 kl2",
        "5d6 km2",
        "4d6 d1",
        "2d6 ie6 adv1",
        "2d6 dis1",
        "4d6 r2",
        "4d6 ir2",
        "4d6 rg2",
        "4d6 irg2",
        "10d10 t7",
        "10d10 tl6",
        "10d10 f1",
        "5d10 t7ds10",
        "5d10 tl6ds5",
        "5d10 b1",
        "5d10 b",
        "2d6 + 5",
        "2d6 - 3",
        "2d6 * 2",
        "2d6 / 2",
        "2d6 +2d6",
        "2d6 -1d4",
        "p 2d6",
        "s 2d6",
        "nr 2d6",
        "ul 2d6",
        "6 4d6",
        "2d6 ; 3d8 ; 1d20; 4d10",
        "2d6 ! Fire damage",
        "(Attack) 1d20 + 5",
        "alien4",
        "alien5s2",
        "alien6s3p",
        "alien5s1",
        "alien3s2p",
        "3 alien4s2",
        "sw4",
        "sw6",
        "sw8",
        "sw10",
        "sw12",
        "1d6l",
        "8d6l",
        "conan",
        "conan4",
        "cd",
        "cd4",
        "conan3cd5",
        "sil",
        "sil3",
        "sil5",
        "sil10",
        "dndstats",
        "attack +5",
        "skill -2",
        "save +3",
        "+d20",
        "-d20",
        "+d%",
        "-d%",
        "a5e +5 ex1",
        "a5e +7 ex2",
        "a5e +3 ex3",
        "+a5e +5 ex1",
        "-a5e +3 ex2",
        "a5e ex1",
        "a5e +2 ex6",
        "a5e +1 ex8",
        "a5e +3 ex10",
        "4cod",
        "4cod8",
        "4cod9",
        "4codr",
        "4wod8",
        "4wod8c",
        "vtm7h2",
        "vtm5h0",
        "cpr",
        "cpr + 5",
        "cpd3",
        "cpd4 + 2",
        "cpd2 * 3",
        "cpd3 * 2",
        "5 cpd6",
        "cs 1",
        "cs 3",
        "cs 6",
        "2hsn",
        "3hsk",
        "2.5hsk",
        "2hsk1",
        "3hsh",
        "hsn",
        "hsk",
        "hsh",
        "gb",
        "gbs",
        "gb 3d8",
        "gbs 2d10 +5",
        "fitd1",
        "fitd2",
        "fitd0",
        "bnw3",
        "bnw4 + 2",
        "wng 4d6",
        "wng w2 4d6",
        "wng dn3 5d6",
        "wng 4d6 !soak",
        "wng dn4 6d6 !exempt",
        "wfrp67",
        "wfrp67 + 20",
        "wfrp67 - 30",
        "3 wfrp45",
        "mm",
        "mm e",
        "mm 2e",
        "mm t",
        "mm 3t",
        "mm 2e 3t",
        "wit",
        "wit + 5",
        "dh 4d10",
        "2lf4",
        "2lf4l",
        "2lf4f",
        "dheart",
        "dheartgm",
        "ww3",
        "ww4c2",
        "mnm",
        "ol5",
        "ol5a2",
        "ol5d1",
        "ol0",
        "ol5a1",
        "ol7d2",
        "3 ol5",
        "ol5a1 ! Attack the ogre",
        "ess1d8",
        "ess1d8s",
        "+ess1d8",
        "-ess1d8",
        "ess1d8 + 3",
        "ess1d8s ! Swimming",
        "3 ess1d10",
        "+ess3d6s + 2",
        "tdh4",
        "tdh4b",
        "tdh4n",
        "tdh4 +1",
        "tdh4c",
        "tdh4 ! Pick the lock",
        "3 tdh4",
        "tdh4nc",
        "ms",
        "ms45",
        "ms30",
        "+ms45",
        "-ms45",
        "ex5",
        "ex5t8",
        "ex10",
        "ex3t6",
        "ex12t6",
        "3 ex5",
        "sr6",
        "3df",
        "4df",
        "age",
        "6yz",
        "3wh4+",
        "ed15",
        "ed4e15",
        "dd34",
        "sp4",
        "sp4t6",
        "snm5",
        "d6s4",
        "dp",
        "3dp",
        "3d8 gb",
        "2d10 gbs",
        "wng dn2 6d6 !exempt",
        "10d6 e6 k8 +4",
        "p 3d6 + 2d4",
        "s 4d6 k3",
        "(Fireball) 8d6 ! AOE",
        "4d100 ; 10d6 e6 k8 +4; 3d10 k2; ul 3d100",
        "4d10 t8 ie10 f1",
        "4d6 i1 e6 + 2",
    ];
    let unread: Vec<&str> = FORMS
        .iter()
        .copied()
        .filter(|form| parse(&maiden(form)).and_then(|line| evaluate(&line, &mut Seeded::new(1))).is_err())
        .collect();
    let read = FORMS.len() - unread.len();
    let share = 100.0 * read as f64 / FORMS.len() as f64;
    println!("Dice Maiden roll_syntax.md forms read: {read} of {} ({share:.1}%); not read: {unread:?}", FORMS.len());
    assert!(share >= 95.0, "{share:.1}% < 95%: {unread:?}");
}

/// Call of Cthulhu 7e (Rookery's preset; neither peer has one): the units die is drawn
/// first, then the tens dice; a d10 showing 10 reads 0 and 00 + 0 is 100.
#[test]
fn call_of_cthulhu_bonus_penalty_and_success_levels() {
    let cases: &[(&str, &[u32], i64, &str)] = &[
        ("coc 45", &[3, 2], 23, "23 vs 45: regular success"),
        ("coc45", &[2, 2], 22, "hard success"),
        ("coc 45", &[9, 10], 9, "extreme success"),
        ("coc 45", &[1, 10], 1, "critical success"),
        ("coc 45", &[6, 9], 96, "fumble"),
        ("coc 60", &[6, 9], 96, "failure"),
        ("coc 60", &[10, 10], 100, "fumble"),
        ("coc 45", &[6, 4], 46, "failure"),
        ("coc 45 bonus:1", &[3, 7, 2], 23, "1 bonus die; tens 70, 20"),
        ("coc 45 b2", &[10, 10, 5, 3], 30, "2 bonus dice"),
        ("coc 45 penalty:1", &[3, 7, 2], 73, "1 penalty die"),
        ("coc 45 p1", &[10, 10, 2], 100, "fumble"),
        ("coc 45 b1 p1", &[3, 7], 73, "failure"),
        ("coc 45 bonus 1", &[5, 1, 10], 5, "extreme success"),
    ];
    for &(expr, faces, expected, note) in cases {
        for line in [expr.to_owned(), maiden(expr)] {
            let mut source = Scripted(faces.iter().copied().collect());
            let result = &results(&line, &mut source)[0];
            assert_eq!(result.total, expected, "{line}");
            assert!(result.note.as_deref().unwrap_or("").contains(note), "{line}: {:?}", result.note);
        }
    }
    assert!(parse("coc 45 b3").is_err(), "at most two bonus dice");
}
