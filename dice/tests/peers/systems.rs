//! Game systems: Dice Maiden's aliases, and Rookery's own Call of Cthulhu preset.

use rookery_dice::parse;

use super::{maiden, results, Scripted, Seeded};

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
