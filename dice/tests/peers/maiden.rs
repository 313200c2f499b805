//! Dice Maiden's roll_syntax.md core forms, with the totals it states.

use super::{maiden, results, scripted, Seeded};

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
