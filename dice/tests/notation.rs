//! Every notation feature and every notation error, driven by scripted faces.

use std::collections::VecDeque;

use rookery_dice::{
    evaluate, parse, render, DiceErrorKind, DieSource, Evaluated, ExplosionKind, RollResult, Tally,
    MAX_EXTRA_DICE_PER_ROLL,
};

/// Hands out the scripted faces in order and remembers which dice were asked for.
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

/// Rolls `line` with exactly the faces `faces`; returns the results and the sides
/// asked for.
fn roll_asking(line: &str, faces: &[u32]) -> (Vec<RollResult>, Vec<u32>) {
    let parsed = parse(line).unwrap_or_else(|e| panic!("{line:?} should parse:\n{e}"));
    let mut source = Scripted { faces: faces.iter().copied().collect(), asked: Vec::new() };
    let results = evaluate(&parsed, &mut source).unwrap_or_else(|e| panic!("{e}"));
    assert!(source.faces.is_empty(), "unused faces {:?}", source.faces);
    (results, source.asked)
}

fn roll(line: &str, faces: &[u32]) -> Vec<RollResult> {
    roll_asking(line, faces).0
}

fn total(line: &str, faces: &[u32]) -> i64 {
    let results = roll(line, faces);
    assert_eq!(results.len(), 1);
    results[0].total
}

fn shown(line: &str, faces: &[u32]) -> String {
    render(&roll(line, faces))
}

fn error(line: &str) -> (DiceErrorKind, usize, usize) {
    let error = parse(line).expect_err(line);
    (error.kind().clone(), error.span().start, error.span().end)
}

fn error_kind(line: &str) -> DiceErrorKind {
    error(line).0
}

/// A source that always shows the same face, for explosion caps.
struct Always(u32);

impl DieSource for Always {
    fn roll(&mut self, _sides: u32) -> u32 {
        self.0
    }
}

#[test]
fn plain_dice_and_arithmetic() {
    assert_eq!(shown("1d20+5", &[17]), "1d20 (17) + 5 = **22**");
    assert_eq!(total("d20", &[4]), 4);
    assert_eq!(total("3d6", &[1, 2, 3]), 6);
    assert_eq!(total("2+3*4", &[]), 14);
    assert_eq!(total("(2+3)*4", &[]), 20);
    assert_eq!(total("10-2-3", &[]), 5);
    assert_eq!(total("(1d4+2)*3", &[3]), 15);
    assert_eq!(total("--3", &[]), 3);
    assert_eq!(total("+3", &[]), 3);
    assert_eq!(total(" 2 *\t-1d6 ", &[5]), -10);
    assert_eq!(shown("-(1d4)", &[2]), "-(1d4 (2)) = **-2**");
}

#[test]
fn division_rounds_down() {
    assert_eq!(total("10/3", &[]), 3);
    assert_eq!(total("-7/2", &[]), -4);
    assert_eq!(total("7/-2", &[]), -4);
    assert_eq!(total("-7/-2", &[]), 3);
    assert_eq!(total("1d20/2", &[7]), 3);
}

#[test]
fn percentile_and_fudge_dice() {
    let (results, asked) = roll_asking("d%", &[73]);
    assert_eq!((results[0].total, asked), (73, vec![100]));
    let (results, asked) = roll_asking("4dF", &[1, 2, 3, 3]);
    assert_eq!(results[0].total, 1);
    assert_eq!(asked, vec![3; 4]);
    assert_eq!(render(&results), "4dF (-1, 0, 1, 1) = **1**");
    assert_eq!(total("dF", &[1]), -1);
}

#[test]
fn keep_and_drop() {
    assert_eq!(shown("4d6kh3", &[2, 5, 6, 4]), "4d6kh3 (~~2~~, 5, 6, 4) = **15**");
    assert_eq!(total("4d6k3", &[2, 5, 6, 4]), 15);
    assert_eq!(total("2d20k", &[3, 17]), 17);
    assert_eq!(total("4d6kl2", &[2, 5, 6, 4]), 6);
    assert_eq!(total("4d6kl", &[2, 5, 6, 4]), 2);
    assert_eq!(total("4d6dh1", &[2, 5, 6, 4]), 11);
    assert_eq!(total("4d6dl1", &[2, 5, 6, 4]), 15);
    assert_eq!(total("4d6d2", &[2, 5, 6, 4]), 11);
    assert_eq!(total("2d6kh5", &[2, 5]), 7);
    assert_eq!(total("2d6dl5", &[2, 5]), 0);
    // Among equal dice the earlier one counts as higher.
    assert_eq!(shown("2d6kh1", &[4, 4]), "2d6kh1 (4, ~~4~~) = **4**");
    assert_eq!(shown("2d6kl1", &[4, 4]), "2d6kl1 (4, ~~4~~) = **4**");
}

#[test]
fn exploding_dice() {
    let results = roll("3d6!", &[6, 2, 3, 1]);
    assert_eq!(render(&results), "3d6! (6!, 2, 3, 1) = **12**");
    let Evaluated::Dice(dice) = &results[0].expr else { panic!("expected a dice term") };
    assert_eq!(dice.dice[0].explosion, Some(ExplosionKind::Exploded));
    assert_eq!(total("1d6e", &[6, 6, 2]), 14);
    assert_eq!(total("2d6!>5", &[6, 1, 2]), 9);
    assert_eq!(total("1d10!5", &[5, 9, 1]), 15);
    assert_eq!(total("1d10!=5", &[9]), 9);
    assert_eq!(total("1d10!<2", &[1, 1, 4]), 6);
    // Explosions take part in keep/drop.
    assert_eq!(shown("2d6!kh2", &[6, 1, 3]), "2d6!kh2 (6!, ~~1~~, 3) = **9**");
}

#[test]
fn compounding_dice() {
    let results = roll("2d6!!", &[6, 6, 3, 2]);
    assert_eq!(render(&results), "2d6!! (15!!, 2) = **17**");
    assert_eq!(total("1d6!!>4", &[5, 4]), 9);
}

#[test]
fn explosions_stop_at_the_cap() {
    let line = parse("1d2!").unwrap();
    let results = evaluate(&line, &mut Always(2)).unwrap();
    let extra = i64::from(MAX_EXTRA_DICE_PER_ROLL);
    assert_eq!(results[0].total, 2 * (extra + 1));
    assert!(results[0].capped);
    assert!(render(&results).ends_with("(explosions and rerolls stopped after 100 extra dice)"));
    // The cap is per roll: each repetition gets its own budget.
    let line = parse("2x 1d2!!").unwrap();
    let results = evaluate(&line, &mut Always(2)).unwrap();
    assert!(results.iter().all(|r| r.capped && r.total == 2 * (extra + 1)));
    // Rerolls share the budget.
    let line = parse("1d6r<6").unwrap();
    let results = evaluate(&line, &mut Always(1)).unwrap();
    assert!(results[0].capped);
    assert_eq!(results[0].total, 1);
    // Not capped when the budget was not needed.
    assert!(!roll("1d6!", &[3])[0].capped);
}

#[test]
fn endless_explosions_and_rerolls_are_refused() {
    assert_eq!(error("1d1!"), (DiceErrorKind::EndlessExplosion, 3, 4));
    assert_eq!(error_kind("1d1!!"), DiceErrorKind::EndlessExplosion);
    assert_eq!(error_kind("1d6e>0"), DiceErrorKind::EndlessExplosion);
    assert_eq!(error_kind("1d6mi6!"), DiceErrorKind::EndlessExplosion);
    assert_eq!(error_kind("1d6!<9"), DiceErrorKind::EndlessExplosion);
    assert_eq!(error_kind("dF!>=0mi0"), DiceErrorKind::EndlessExplosion);
    assert_eq!(error("2d6r<7"), (DiceErrorKind::EndlessReroll, 3, 6));
    assert_eq!(error_kind("1d1r"), DiceErrorKind::EndlessReroll);
    // These can stop, so they are fine.
    assert!(parse("1d6ma5!5").is_ok());
    assert!(parse("1d6ro<6").is_ok());
    // These would change nothing, or every die the same way: refused as meaningless.
    assert_eq!(error("1d6ma5!"), (DiceErrorKind::NeverMatches("explode"), 6, 7));
    assert_eq!(error_kind("1d6ro<7"), DiceErrorKind::AlwaysMatches("be rerolled"));
    assert_eq!(error_kind("1d1ro"), DiceErrorKind::AlwaysMatches("be rerolled"));
    assert_eq!(error_kind("maiden: 1d6 e0"), DiceErrorKind::AlwaysMatches("explode"));
    assert_eq!(error_kind("maiden: 1d6 rg0"), DiceErrorKind::AlwaysMatches("be rerolled"));
    assert_eq!(error_kind("1d6 rg0"), DiceErrorKind::EndlessReroll);
    assert_eq!(error_kind("maiden: 4d6 i0"), DiceErrorKind::NeverMatches("implode"));
    assert_eq!(error_kind("4d6i0"), DiceErrorKind::NeverMatches("implode"));
    assert_eq!(error_kind("4d6r0"), DiceErrorKind::NeverMatches("be rerolled"));
    assert_eq!(error_kind("1d6!7"), DiceErrorKind::NeverMatches("explode"));
}

#[test]
fn rerolls() {
    assert_eq!(shown("1d6r1", &[1, 1, 4]), "1d6r1 (~~1~~, ~~1~~, 4) = **4**");
    assert_eq!(total("1d6r", &[1, 3]), 3);
    assert_eq!(total("1d6rr2", &[2, 1, 5]), 5);
    assert_eq!(total("1d6r=3", &[3, 1]), 1);
    // Reroll once keeps the second face even if it matches again.
    assert_eq!(shown("2d6ro<3", &[2, 1, 6]), "2d6ro<3 (~~2~~, 1, 6) = **7**");
    assert_eq!(total("1d6ro", &[1, 1]), 1);
}

#[test]
fn minimum_and_maximum_per_die() {
    assert_eq!(shown("3d6mi2ma5", &[1, 6, 3]), "3d6mi2ma5 (2, 5, 3) = **10**");
    assert_eq!(total("1d6ma5", &[6]), 5);
    assert_eq!(total("1d6ma5!5", &[6, 2]), 7);
    assert_eq!(total("2d20mi10", &[3, 15]), 25);
}

#[test]
fn success_counting() {
    let results = roll("5d10>=7", &[7, 3, 10, 1, 8]);
    assert_eq!(results[0].total, 3);
    assert_eq!(render(&results), "5d10>=7 (**7**, 3, **10**, 1, **8**) = **3**");
    assert_eq!(shown("5d10t7f1", &[7, 3, 10, 1, 8]), "5d10t7f1 (**7**, 3, **10**, *1*, **8**) = **2**");
    assert_eq!(total("4d6>4", &[4, 5, 6, 1]), 2);
    assert_eq!(total("4d6<3", &[4, 2, 1, 1]), 3);
    assert_eq!(total("4d6<=2", &[4, 2, 1, 1]), 3);
    assert_eq!(total("4d6=6", &[6, 2, 6, 1]), 2);
    assert_eq!(total("3d6f2", &[1, 2, 3]), -2);
    // Dropped dice do not count; a die that is both success and failure is neither.
    assert_eq!(total("3d6kh2t5", &[6, 5, 1]), 2);
    let results = roll("1d6t3f3", &[3]);
    assert_eq!(results[0].total, 0);
    let Evaluated::Dice(dice) = &results[0].expr else { panic!("expected a dice term") };
    assert_eq!(dice.dice[0].tally, None);
    assert!(dice.counts_successes);
    let results = roll("1d10t7", &[9]);
    let Evaluated::Dice(dice) = &results[0].expr else { panic!("expected a dice term") };
    assert_eq!(dice.dice[0].tally, Some(Tally::Success));
    // Exploding success pools, as in World of Darkness.
    assert_eq!(total("3d10!t8", &[10, 8, 2, 1]), 2);
}

#[test]
fn several_rolls_repeats_and_labels() {
    let results = roll("1d20; 1d6 # damage;", &[12, 3]);
    assert_eq!(results.len(), 2);
    assert_eq!(results[0].label, None);
    assert_eq!(results[1].label.as_deref(), Some("damage"));
    let results = roll("6x 4d6kh3", &[1; 24]);
    assert_eq!(results.len(), 6);
    assert!(results.iter().all(|r| r.total == 3));
    assert_eq!(roll("3X1d6", &[1, 2, 3]).len(), 3);
    assert_eq!(roll("3 1d6", &[1, 2, 3]).len(), 3);
    assert_eq!(roll("2 d6 # pair", &[1, 2]).len(), 2);
    // `3 + 1` is arithmetic, not a repeat.
    assert_eq!(total("3 + 1", &[]), 4);
    assert_eq!(shown("1d20+5 # stealth", &[17]), "stealth: 1d20 (17) + 5 = **22**");
    assert_eq!(roll("1d20 #   ", &[3])[0].label, None);
    assert_eq!(
        shown("2x d4 # a #1; 1d4 # b", &[1, 2, 3]),
        "a #1: d4 (1) = **1**\na #1: d4 (2) = **2**\nb: 1d4 (3) = **3**"
    );
}

#[test]
fn advantage_and_disadvantage() {
    assert_eq!(shown("adv", &[3, 17]), "2d20kh1 (~~3~~, 17) = **17**");
    assert_eq!(total("dis", &[3, 17]), 3);
    assert_eq!(total("ADV+2", &[3, 17]), 19);
    assert_eq!(shown("1d20+5 adv", &[3, 17]), "2d20kh1 (~~3~~, 17) + 5 = **22**");
    assert_eq!(total("1d20+5 dis # save", &[3, 17]), 8);
    // Only the first plain 1d20 gets advantage.
    assert_eq!(total("1d20+1d20 adv", &[3, 17, 5]), 22);
    assert_eq!(error("2d20 adv"), (DiceErrorKind::AdvantageWithoutD20("adv"), 5, 8));
    assert_eq!(error_kind("1d20kh1 dis"), DiceErrorKind::AdvantageWithoutD20("dis"));
}

#[test]
fn notation_is_case_insensitive() {
    assert_eq!(total("2D6KH1", &[2, 5]), 5);
    assert_eq!(total("4Df", &[3, 3, 3, 3]), 4);
    assert_eq!(total("1D6R1", &[1, 2]), 2);
}

#[test]
fn runtime_errors_point_at_their_cause() {
    let line = parse("1d6/(1d2-1)").unwrap();
    let mut source = Always(1);
    let error = evaluate(&line, &mut source).unwrap_err();
    assert_eq!(*error.kind(), DiceErrorKind::DivisionByZero);
    assert_eq!((error.span().start, error.span().end), (4, 11));
    let line = parse("1000000000*1000000000*1000000000").unwrap();
    let error = evaluate(&line, &mut source).unwrap_err();
    assert_eq!(*error.kind(), DiceErrorKind::Overflow);
    assert_eq!(error.column(), 22);
}

#[test]
fn error_display_shows_a_caret() {
    let error = parse("4d6z").unwrap_err();
    assert_eq!(error.to_string(), "unknown modifier \"z\" (column 4)\n  4d6z\n     ^");
    let error = parse("1d20 +").unwrap_err();
    assert_eq!(error.to_string(), "expected a number, a die or '(' (column 7)\n  1d20 +\n        ^");
    // Columns count characters, not bytes.
    let error = parse("1d6 # é; 1d0").unwrap_err();
    assert_eq!(error.column(), 12);
    assert!(error.to_string().ends_with("\n  1d6 # é; 1d0\n             ^"));
}

#[test]
fn every_parse_error() {
    use DiceErrorKind as K;
    let long = "1+".repeat(128) + "1";
    let cases: Vec<(&str, K, usize, usize)> = vec![
        ("", K::Empty, 0, 0),
        ("   ", K::Empty, 3, 3),
        ("1d20;;1d6", K::Empty, 5, 5),
        ("# just a label", K::Empty, 0, 0),
        (&long, K::LineTooLong { len: 257, max: 256 }, 256, 257),
        ("1d20 +", K::Expected("a number, a die or '('"), 6, 6),
        ("1d20)", K::UnexpectedChar(')'), 4, 5),
        ("1d20 & 2", K::UnexpectedChar('&'), 5, 6),
        ("(1d20", K::UnclosedParenthesis, 0, 1),
        ("99999999999", K::NumberTooLarge { max: 1_000_000_000 }, 0, 11),
        ("0d6", K::NoDice, 0, 1),
        ("1001d6", K::TooManyDice { count: 1001, max: 1000 }, 0, 4),
        ("600d6+500d6", K::TooManyDice { count: 1100, max: 1000 }, 0, 11),
        ("1d6; 11x 100d6", K::TooManyDice { count: 1101, max: 1000 }, 5, 14),
        ("1d0", K::ZeroSides, 2, 3),
        ("1d1000001", K::TooManySides { max: 1_000_000 }, 2, 9),
        ("d", K::Expected("the die's sides after 'd', like d20, d% or dF"), 1, 1),
        ("4d6z", K::UnknownModifier("z".into()), 3, 4),
        ("4d6mx", K::UnknownModifier("mx".into()), 3, 5),
        ("4d6kh3kl1d1", K::TooManySelections, 9, 11),
        ("1d6 + + 5", K::DoubledOperator, 4, 7),
        ("1d6++5", K::DoubledOperator, 3, 5),
        ("4d6!e", K::DuplicateModifier("an explosion"), 4, 5),
        ("4d6t5>=3", K::DuplicateModifier("a success target"), 5, 8),
        ("4d6kh0", K::ZeroSelection, 5, 6),
        ("4d6d", K::Expected("'h', 'l' or a number after 'd' (drop)"), 4, 4),
        ("1d6mi", K::Expected("a number after mi/ma"), 5, 5),
        ("1d6t", K::Expected("a number, like t7 or >=7"), 4, 4),
        ("1d6>", K::Expected("a number after the comparison"), 4, 4),
        ("1d6!<", K::Expected("a number after the comparison"), 5, 5),
        ("1d6mi7", K::LimitOutsideFaces { value: 7, lowest: 1, highest: 6 }, 3, 6),
        ("1d6ma0", K::LimitOutsideFaces { value: 0, lowest: 1, highest: 6 }, 3, 6),
        ("1d6mi0", K::LimitOutsideFaces { value: 0, lowest: 1, highest: 6 }, 3, 6),
        ("1d6ma7", K::LimitOutsideFaces { value: 7, lowest: 1, highest: 6 }, 3, 6),
        ("maiden: 1d6 mi0", K::LimitOutsideFaces { value: 0, lowest: 1, highest: 6 }, 12, 15),
        ("1d6mi4ma3", K::MinimumAboveMaximum { min: 4, max: 3 }, 3, 9),
        ("0x 1d6", K::BadRepeat { max: 100 }, 0, 1),
        ("101x 1d6", K::BadRepeat { max: 100 }, 0, 3),
        ("foo", K::UnknownWord("foo".into()), 0, 3),
        ("1d20 bar", K::UnknownWord("bar".into()), 5, 8),
        ("1d20 # bad\u{7}", K::UnexpectedChar('\u{7}'), 10, 11),
    ];
    for (line, kind, start, end) in cases {
        assert_eq!(error(line), (kind, start, end), "for {line:?}");
    }
    let deep = "(".repeat(33) + "1" + &")".repeat(33);
    assert_eq!(error(&deep), (K::TooDeep { max: 32 }, 32, 33));
    let deep_signs = "-".repeat(40) + "1";
    assert_eq!(error_kind(&deep_signs), K::TooDeep { max: 32 });
    assert!(parse(&("(".repeat(32) + "1" + &")".repeat(32))).is_ok());
}
