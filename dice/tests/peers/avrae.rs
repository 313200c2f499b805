//! Avrae: its README and d20 test suite, with the totals and errors they state.

use super::{avrae, error, range, scripted, total, DiceErrorKind, Seeded};

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
