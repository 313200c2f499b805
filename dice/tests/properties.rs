//! Property tests: totals stay within the computed bounds, and no input, however
//! malformed, makes the parser or evaluator panic or stall.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::sample::select;
mod common;

use common::Seeded;
use rookery_dice::{evaluate, parse, render, DiceErrorKind, DieSource};

/// Always shows the same face.
struct Always(u32);

impl DieSource for Always {
    fn roll(&mut self, sides: u32) -> u32 {
        self.0.min(sides)
    }
}

/// A dice term that always parses: modifiers are chosen to be valid for the die.
fn dice_term() -> impl Strategy<Value = String> {
    let sided = (
        1u32..=12,
        select(vec![2u32, 3, 4, 6, 8, 10, 12, 20, 100, 1000]),
        select(vec!["", "kh2", "kl1", "dh1", "dl1", "k1", "d1"]),
        select(vec![
            "", "!", "!!", "e", "!>1", "!!<2", "r1", "rr1", "ro<2", "mi2", "ma2", ">=3", "t4f1", "f1", "<2", "=1",
        ]),
    )
        .prop_map(|(count, sides, selection, extra)| format!("{count}d{sides}{selection}{extra}"));
    let special = (
        1u32..=12,
        select(vec!["d%", "dF"]),
        select(vec!["", "kh1", "dl2"]),
        select(vec!["", "!", "!!", "ro", "ma1", "mi1", "=0", "t1f0"]),
    )
        .prop_map(|(count, die, selection, extra)| format!("{count}{die}{selection}{extra}"));
    prop_oneof![3 => sided, 1 => special, 1 => select(vec!["adv".to_owned(), "dis".to_owned()])]
}

/// Arithmetic over dice terms and small numbers.
fn expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![dice_term(), (0i64..=20).prop_map(|n| n.to_string())];
    leaf.prop_recursive(4, 8, 2, |inner| {
        prop_oneof![
            (inner.clone(), select(vec!["+", "-", "*", "/"]), inner.clone())
                .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
            inner.clone().prop_map(|a| format!("({a})")),
            inner.prop_map(|a| format!("-{a}")),
        ]
    })
    .prop_filter("fits in a line", |text| text.len() <= 200)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn totals_stay_within_bounds(text in expression(), repeat in 1u32..=3, seed in any::<u64>()) {
        let text = format!("{repeat}x {text} # prop");
        let line = parse(&text).unwrap_or_else(|e| panic!("generated {text:?} should parse:\n{e}"));
        let bounds = line.rolls[0].expr.bounds();
        prop_assert!(bounds.min <= bounds.max);
        match evaluate(&line, &mut Seeded::new(seed)) {
            Ok(results) => {
                prop_assert_eq!(results.len(), repeat as usize);
                for result in results {
                    prop_assert!(bounds.contains(result.total),
                        "{} gave {} outside {:?}", text, result.total, bounds);
                }
            }
            Err(error) => prop_assert!(
                matches!(error.kind(), DiceErrorKind::DivisionByZero | DiceErrorKind::Overflow),
                "unexpected {error}"
            ),
        }
    }

    #[test]
    fn plain_dice_bounds_are_exact_and_reached(count in 1u32..=60, sides in 1u32..=1000, keep in 1u32..=70) {
        let plain = parse(&format!("{count}d{sides}")).unwrap();
        let bounds = plain.rolls[0].expr.bounds();
        let (count, sides) = (i128::from(count), i128::from(sides));
        prop_assert_eq!((bounds.min, bounds.max), (count, count * sides));
        let lowest = evaluate(&plain, &mut Always(1)).unwrap()[0].total;
        let highest = evaluate(&plain, &mut Always(u32::MAX)).unwrap()[0].total;
        prop_assert_eq!((i128::from(lowest), i128::from(highest)), (bounds.min, bounds.max));

        let kept = parse(&format!("{count}d{sides}kh{keep}")).unwrap();
        let bounds = kept.rolls[0].expr.bounds();
        let kept_count = count.min(i128::from(keep));
        prop_assert_eq!((bounds.min, bounds.max), (kept_count, kept_count * sides));
    }
}

/// Parses `text` and, if it is valid, rolls and renders it; checks that errors point
/// inside the line and that nothing takes long.
fn exercise(text: &str, seed: u64) {
    let started = Instant::now();
    match parse(text) {
        Ok(line) => {
            for roll in &line.rolls {
                let _ = roll.expr.bounds();
            }
            if let Ok(results) = evaluate(&line, &mut Seeded::new(seed)) {
                assert!(!render(&results).is_empty());
            }
        }
        Err(error) => {
            let span = error.span();
            assert!(span.start <= span.end && span.end <= text.len(), "{error:?}");
            assert!(error.to_string().contains('^'));
        }
    }
    assert!(started.elapsed() < Duration::from_secs(1), "{text:?} took too long");
}

/// Valid lines that the mutation fuzzer starts from.
const VALID_LINES: &[&str] =
    &["1d20+5 # stealth", "6x 4d6kh3", "10d10!>8t8f1", "(2d6+3)*2/3; d% ; 4dF", "1d20 adv", "3d6!!mi2ma5ro<2dl1"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>(), seed in any::<u64>()) {
        exercise(&text, seed);
    }

    #[test]
    fn near_valid_text_never_panics(
        text in "[0-9dDfFkKhHlL%!eErRoOmMiIaAvVsSxXtT<>=+*/() ;#\t-]{0,80}",
        seed in any::<u64>(),
    ) {
        exercise(&text, seed);
    }

    #[test]
    fn mutated_valid_lines_never_panic(
        base in select(VALID_LINES),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<char>(), any::<bool>()), 1..4),
        seed in any::<u64>(),
    ) {
        let mut text: Vec<char> = base.chars().collect();
        for (at, c, insert) in edits {
            let at = at.index(text.len() + 1);
            if insert || at == text.len() {
                text.insert(at, c);
            } else {
                text[at] = c;
            }
        }
        exercise(&text.into_iter().collect::<String>(), seed);
    }
}
