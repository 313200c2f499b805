//! The readings `docs/dice-notation.md` spells out so that a verifier can re-derive
//! every total: the points where the binary and the docs once disagreed, and those
//! the docs used to leave open. Each is checked with scripted faces, or with the seed
//! the docs quote.

use std::collections::VecDeque;

use rookery_dice::{evaluate, parse, render, DiceErrorKind, DieSource, Ledger, LedgerId, RollResult, ServerSeed};

/// Hands out scripted faces in order and records the sides asked for.
struct Scripted {
    faces: VecDeque<u32>,
    asked: Vec<u32>,
}

impl DieSource for Scripted {
    fn roll(&mut self, sides: u32) -> u32 {
        self.asked.push(sides);
        let face = self.faces.pop_front().expect("the script ran out of faces");
        assert!((1..=sides).contains(&face), "scripted {face} for a d{sides}");
        face
    }
}

fn scripted(faces: &[u32]) -> Scripted {
    Scripted { faces: faces.iter().copied().collect(), asked: Vec::new() }
}

/// The results of `line` with exactly the faces `faces`.
fn roll(line: &str, faces: &[u32]) -> Vec<RollResult> {
    let parsed = parse(line).unwrap_or_else(|e| panic!("{line:?} should parse:\n{e}"));
    let mut source = scripted(faces);
    let results = evaluate(&parsed, &mut source).unwrap_or_else(|e| panic!("{line:?} should roll:\n{e}"));
    assert!(source.faces.is_empty(), "{line}: unused faces {:?}", source.faces);
    results
}

fn total(line: &str, faces: &[u32]) -> i64 {
    let results = roll(line, faces);
    assert_eq!(results.len(), 1, "{line}");
    results[0].total
}

fn refusal(line: &str) -> DiceErrorKind {
    parse(line).expect_err(line).kind().clone()
}

/// The total `rookery roll --seed SEED -- LINE` gives: the line is roll 0 of the
/// ledger `cli`.
fn cli_total(line: &str, seed_hex: &str) -> i64 {
    let seed = ServerSeed::from_hex(seed_hex).unwrap();
    let mut ledger = Ledger::new(LedgerId::new("cli").unwrap(), seed);
    ledger.roll_notation(line).unwrap().results[0].total
}

const SEED_1: &str = "0000000000000000000000000000000000000000000000000000000000000001";
const SEED_5: &str = "0000000000000000000000000000000000000000000000000000000000000005";

#[test]
fn a_die_on_both_targets_counts_as_neither_even_when_doubled() {
    // Faces 3 and 3: each is a success (doubled) and a failure, so neither.
    assert_eq!(total("2d6t3f3ds", &[3, 3]), 0);
    assert_eq!(total("8d2t1f1ds", &[2, 1, 2, 2, 1, 2, 1, 2]), 10);
    // The seeds: the binary gave 2 and 13, the docs 0 and 10.
    assert_eq!(cli_total("2d6t3f3ds", SEED_5), 0);
    assert_eq!(cli_total("8d2t1f1ds", SEED_1), 10);
}

#[test]
fn ds_alone_doubles_every_success_and_counts_towards_the_target() {
    // `ds` alone marks the target itself: every success counts twice.
    assert_eq!(total("4d10t7ds", &[7, 10, 3, 8]), 6);
    // With `tl`, `<` or `<=` successes lie below the target, and so does the mark.
    assert_eq!(total("4d10tl3ds1", &[1, 2, 5, 3]), 4);
    assert_eq!(total("3d6<3ds1", &[1, 2, 5]), 3);
    assert_eq!(total("3d6<=2ds", &[1, 2, 5]), 4);
}

#[test]
fn avrae_floor_division_is_pythons() {
    assert_eq!(total("avrae: 4 // 0.1", &[]), 39);
    assert_eq!(total("avrae: 4 % 0.1 * 100", &[]), 9);
    assert_eq!(total("avrae: -7.5 // 2", &[]), -4);
    assert_eq!(total("avrae: 7 // -0.3", &[]), -24);
}

#[test]
fn avrae_sets_keep_and_drop_by_exact_values() {
    let results = roll("avrae: (9, 6/.5)kh1", &[]);
    assert_eq!(results[0].total, 12);
    assert_eq!(render(&results), "(~~9~~, 6 / 0.5) = **12**");
    assert_eq!(total("avrae: (2.4, 2.6)kh1 * 10", &[]), 26);
    assert_eq!(total("avrae: (2.5,)k>2 * 10", &[]), 25);
    assert_eq!(total("avrae: (2.5, 2.4)kl1 * 10", &[]), 24);
}

#[test]
fn avrae_percentile_is_d20s_tens_die() {
    // d20 rolls `d%` as 0, 10, ..., 90; the face is drawn as a d10.
    let parsed = parse("avrae: 2d%").unwrap();
    let mut source = scripted(&[1, 10]);
    assert_eq!(evaluate(&parsed, &mut source).unwrap()[0].total, 90);
    assert_eq!(source.asked, [10, 10]);
    // Everywhere else it is a d100.
    assert_eq!(total("1d%", &[100]), 100);
}

#[test]
fn implosions_skip_the_dice_advantage_dropped() {
    // 1, 5, 4 drawn; adv1 drops the 1, which therefore neither implodes nor draws.
    assert_eq!(total("maiden: 2d6 adv1 i1", &[1, 5, 4]), 9);
    // A kept die showing 1 still implodes: one fresh d6 subtracted.
    assert_eq!(total("maiden: 2d6 adv1 i1", &[1, 5, 1, 3]), 5 + 1 - 3);
}

#[test]
fn a_parenthesised_sum_with_operations_is_a_one_item_set() {
    assert_eq!(total("avrae: (1d6+2)kh1", &[4]), 6);
    assert_eq!(total("avrae: (1d6+2)kl1 + (1d4)kh1", &[4, 3]), 9);
    assert_eq!(total("(1d6+2)kh1", &[4]), 6);
    assert_eq!(total("avrae: (1d6+2)ph1", &[4]), 0);
}

#[test]
fn a_failed_roll_stops_drawing_where_its_dialect_stops() {
    // Rookery and Dice Maiden stop at the failing operation: its operands were drawn,
    // nothing after it (not the 1d8, not the next roll).
    for line in ["1d6/0 + 1d8; 1d4", "maiden: 1d6/0 + 1d8; 1d4"] {
        let mut source = scripted(&[3]);
        let error = evaluate(&parse(line).unwrap(), &mut source).unwrap_err();
        assert_eq!(error.kind(), &DiceErrorKind::DivisionByZero);
        assert_eq!(source.asked, [6], "{line}");
    }
    // Avrae works out the whole roll first (its exact arithmetic is a second pass),
    // so every die of the failing roll is drawn; the next roll is not.
    let mut source = scripted(&[3, 5]);
    let error = evaluate(&parse("avrae: 1d6/0 + 1d8; 1d4").unwrap(), &mut source).unwrap_err();
    assert_eq!(error.kind(), &DiceErrorKind::DivisionByZero);
    assert_eq!(source.asked, [6, 8]);
    // An overflow fails the same way, after drawing.
    let mut source = scripted(&[2]);
    assert!(evaluate(&parse("1000000*1000000*1000000*10 + 1d6").unwrap(), &mut source).is_err());
    assert!(source.asked.is_empty());
}

#[test]
fn maiden_reads_a_label_from_words_in_parentheses() {
    let results = roll("maiden: (Attack roll) 1d20+5", &[10]);
    assert_eq!((results[0].label.as_deref(), results[0].total), (Some("Attack roll"), 15));
    // Dice or numbers inside make it an expression, not a label.
    assert_eq!(total("maiden: (1d6+2)*2", &[4]), 12);
    assert_eq!(total("maiden: (d20)", &[7]), 7);
    assert_eq!(total("maiden: (2+3)", &[]), 5);
    assert_eq!(roll("maiden: () 1d4", &[2])[0].label, None);
}

#[test]
fn a_count_before_a_signed_die_repeats_only_in_maiden() {
    assert_eq!(roll("maiden: 3 +d20", &[1, 2, 3, 4, 5, 6]).len(), 3);
    assert_eq!(total("maiden: 11 + 1", &[]), 12);
    assert_eq!(total("3 +d20", &[7]), 10);
    assert_eq!(total("11 + 1", &[]), 12);
}

#[test]
fn rg_rerolls_once_in_maiden_and_until_it_stops_matching_elsewhere() {
    assert_eq!(total("maiden: 1d6 rg5", &[6, 5]), 5);
    assert_eq!(total("1d6rg5", &[6, 5, 2]), 2);
    assert_eq!(total("maiden: 1d6 irg5", &[6, 5, 2]), 2);
}

#[test]
fn exclamation_equals_after_a_die_depends_on_the_dialect() {
    // Rookery: `!` explodes, `=3` is its condition.
    assert_eq!(total("1d6!=3", &[3, 4]), 7);
    // Dice Maiden: `!` starts a comment.
    let results = roll("maiden: 1d6!=3", &[3]);
    assert_eq!((results[0].total, results[0].label.as_deref()), (3, Some("=3")));
    // Avrae: a comparison.
    assert_eq!(total("avrae: 1d6!=3", &[3]), 0);
    assert_eq!(total("avrae: 1d6!=3", &[5]), 1);
}

#[test]
fn literals_stop_at_a_billion_but_results_reach_64_bits() {
    assert_eq!(total("1000000000", &[]), 1_000_000_000);
    assert_eq!(refusal("1000000001"), DiceErrorKind::NumberTooLarge { max: 1_000_000_000 });
    assert_eq!(refusal("avrae: 1000000001"), DiceErrorKind::NumberTooLarge { max: 1_000_000_000 });
    assert_eq!(total("1000000000 * 1000000000", &[]), 1_000_000_000_000_000_000);
}

#[test]
fn dice_maiden_keep_then_drop_chains() {
    // k2 keeps 17 and 12, then d1 drops the lower of those.
    assert_eq!(total("maiden: 4d20 k2d1", &[5, 17, 12, 3]), 17);
    assert_eq!(total("4d20k2d1", &[5, 17, 12, 3]), 17);
    // km3 keeps 3, 4, 5 (two low and three high dropped); d2 then drops 3 and 4.
    assert_eq!(total("maiden: 8d6 km3d2", &[1, 2, 3, 4, 5, 6, 6, 6]), 5);
}

#[test]
fn nonsense_is_refused_in_every_dialect_with_the_reason() {
    for dialect in ["", "maiden: "] {
        for line in ["sw2", "sw5", "sw14", "sw5 + 2"] {
            let error = parse(&format!("{dialect}{line}")).unwrap_err();
            assert!(error.to_string().starts_with("a Savage Worlds trait die is a d4"), "{line}: {error}");
        }
        for line in ["wfrp0", "wfrp101", "wfrp", "wfrp0 + 20"] {
            let error = parse(&format!("{dialect}{line}")).unwrap_err();
            assert!(error.to_string().contains("Warhammer Fantasy"), "{line}: {error}");
        }
        for line in [
            "wng w0 4d6",
            "wng w6 4d6",
            "25lf4",
            "2lf6",
            "0lf4",
            "sil11",
            "cs 11",
            "cpd501",
            "cpd0",
            "ww0",
            "ww25",
            "ww3c3",
        ] {
            let line = format!("{dialect}{line}");
            assert!(matches!(refusal(&line), DiceErrorKind::SystemOutOfRange(_)), "{line}");
        }
        assert!(parse(&format!("{dialect}cpd500")).is_ok());
        assert!(parse(&format!("{dialect}sw12")).is_ok());
    }
    assert_eq!(refusal("maiden: 1d6 e0"), DiceErrorKind::AlwaysMatches("explode"));
    // Dice Maiden's other refusals: a ds mark short of the target or off the die, no
    // extra dice for advantage.
    assert_eq!(refusal("maiden: 4d6 t6ds4"), DiceErrorKind::DoubleBeforeTarget);
    assert_eq!(refusal("maiden: 4d6 tl3ds5"), DiceErrorKind::DoubleBeforeTarget);
    assert!(matches!(refusal("maiden: 4d6 tl3ds0"), DiceErrorKind::LimitOutsideFaces { value: 0, .. }));
    assert!(matches!(refusal("4d6t6ds7"), DiceErrorKind::LimitOutsideFaces { value: 7, .. }));
    for line in ["maiden: 3d6 adv0", "maiden: 3d6 dis0"] {
        assert!(matches!(refusal(line), DiceErrorKind::Expected(_)), "{line}");
    }
    assert_eq!(refusal("maiden: 4d6 i0"), DiceErrorKind::NeverMatches("implode"));
    for line in ["1d6mi0", "1d6ma7", "maiden: 1d6 mi0", "maiden: 1d6 ma7"] {
        assert!(matches!(refusal(line), DiceErrorKind::LimitOutsideFaces { .. }), "{line}");
    }
    // Avrae's own minimum and maximum may lie outside the faces, as d20 allows.
    assert_eq!(total("avrae: 2d6mi10", &[1, 2]), 20);
    let error = parse("maiden: (Fire) sw5 ! burns").unwrap_err();
    assert_eq!(&"maiden: (Fire) sw5 ! burns"[error.span().start..error.span().end], "sw5");
}

/// Which of the dice equal in value keep/drop chooses (docs "Order of application",
/// step 6, and `advN`/`disN`), as the systems' readings see them through `kept`.
#[test]
fn among_equal_dice_keep_and_drop_choose_the_earlier_and_km_the_later_as_lower() {
    let kept = |line: &str, faces: &[u32]| -> Vec<bool> {
        match &roll(line, faces)[0].expr {
            rookery_dice::Evaluated::Dice(term) => term.dice.iter().map(|d| d.kept).collect(),
            other => panic!("{line}: {other:?}"),
        }
    };
    assert_eq!(kept("2d20kl1", &[7, 7]), [true, false]);
    assert_eq!(kept("2d20kh1", &[7, 7]), [true, false]);
    assert_eq!(kept("3d6dl1", &[4, 2, 2]), [true, false, true]);
    assert_eq!(kept("3d6dh1", &[5, 2, 5]), [false, true, true]);
    // km ranks 3, 3 with the later one lower: dropping one low die drops the second 3.
    assert_eq!(kept("4d6km2", &[3, 3, 5, 6]), [true, false, true, false]);
    // adv1 drops the earlier of two equal lowest dice.
    assert_eq!(kept("2d6adv1", &[2, 2, 5]), [false, true, true]);
}

/// In Rookery's and Dice Maiden's readings a keep/drop after parentheses makes a set,
/// even around a single dice term; an implosion draws a plain face.
#[test]
fn a_keep_after_parentheses_keeps_items_and_implosions_draw_plain_faces() {
    assert_eq!(total("(3d6)kh1", &[1, 2, 6]), 9);
    assert_eq!(total("maiden: (3d6)kh1", &[1, 2, 6]), 9);
    assert_eq!(total("avrae: (3d6)kh1", &[1, 2, 6]), 6);
    assert_eq!(total("(1d6, 2)", &[5]), 7);
    assert!(matches!(refusal("(1d6, 2)d1"), DiceErrorKind::Expected(_)));
    // The die (its 1 rerolled to 2) implodes; the fresh face 1 is neither rerolled
    // nor clamped by mi.
    assert_eq!(total("1d6i2r1", &[1, 2, 1]), 1);
    assert_eq!(total("1d6mi2i2", &[1, 1]), 1);
}

/// A preset's reading (docs "System presets and their readings") applies when the
/// line's first word is the preset, to every roll of the line.
#[test]
fn a_preset_reads_every_roll_of_a_line_that_starts_with_it() {
    use rookery_dice::verdict;
    assert_eq!(verdict("pbta ; 1d6", &roll("pbta ; 1d6", &[3, 4, 6])).as_deref(), Some("7: weak hit; 6: miss"));
    // The first word runs up to a space, `+` or `-`: here it is `pbta;`.
    assert_eq!(verdict("pbta; 1d6", &roll("pbta; 1d6", &[3, 4, 6])), None);
    assert_eq!(verdict("s pbta", &roll("s pbta", &[3, 4])), None);
    assert_eq!(verdict("maiden: sr4", &roll("maiden: sr4", &[1, 1, 1, 5])).as_deref(), Some("1 hit, glitch"));
    assert_eq!(verdict("sw8", &roll("sw8", &[8, 4, 2])).as_deref(), Some("success with 2 raises"));
}
