//! docs/verify.html's "Game systems" block in headless Chromium (Debian's `chromium`
//! package): transcripts of every game-system roll the bot reads, rolled by the real
//! ledger under several seeds, verify with every total and every reading (the bot's
//! note) re-derived; the same transcripts with each total changed are caught row by
//! row; and every roll the bot refuses as out of its game's range is a mismatch on the
//! page. Skipped, saying so, when Chromium is missing.

mod browser;

use browser::{chromium, page_dir, page_verdict};
use rookery_dice::{DiceErrorKind, Ledger, LedgerId, ServerSeed};

/// Every system form with its variants (modifiers, bonus and penalty dice, wrath dice,
/// soak/exempt/dmg, both dialects, labels, comments, roll sets, any case).
const SYSTEM_LINES: &[&str] = &[
    "alien5",
    "alien4s2",
    "alien6s3p",
    "alien2s10",
    "3 alien5s4",
    "vtm5h2",
    "vtm6h0",
    "vtm3h3",
    "vtm12h4",
    "conan",
    "conan3",
    "conan4cd3",
    "conan5cd2",
    "conan + 3",
    "conan3 - 2",
    "cd",
    "cd5",
    "sil",
    "sil4",
    "sil10 + 2",
    "sil3 - 1",
    "wit",
    "wit + 5",
    "wit - 3",
    "2x wit + 1",
    "gb",
    "gb + 2",
    "gb 3d8",
    "gb 2d10 - 1",
    "4d6 gb",
    "2d8 gbs",
    "gbs + 3",
    "gbs 3d6",
    "3lf4",
    "5lf3l",
    "4lf2f",
    "20lf5",
    "dheart",
    "dheartgm",
    "ww4",
    "ww6c2",
    "ww1",
    "ww20c19",
    "mnm",
    "mnm + 8",
    "mnm - 4",
    "ol0",
    "ol0a2",
    "ol0d1",
    "ol1",
    "ol3",
    "ol5a2",
    "ol7d1",
    "ol10a3",
    "bnw3",
    "bnw5 + 2",
    "bnw6 - 1",
    "tdh3",
    "tdh2b",
    "tdh4n",
    "tdh3c",
    "tdh1bc + 2",
    "tdh5nc - 1",
    "wfrp45",
    "wfrp45 + 20",
    "wfrp30 - 10",
    "wfrp100",
    "wfrp1",
    "ms",
    "ms40",
    "+ms35",
    "-ms60",
    "cs 3",
    "cs 1 + 2",
    "cs 10 - 1",
    "dp",
    "3dp",
    "12dp",
    "hsn",
    "2hsn",
    "2.5hsn",
    ".5hsn",
    "hsk",
    "3hsk",
    "2.5hsk",
    "2hsk1",
    "hsh",
    "3hsh",
    "fitd0",
    "fitd1",
    "fitd3",
    "fitd6",
    "dh",
    "dh 3d10",
    "dh 2d6",
    "cpd3",
    "cpd6 + 2",
    "cpd4 * 2",
    "cpd5 / 2",
    "cpd2 - 1",
    "wng",
    "wng 4d6",
    "wng w2 5d6",
    "wng dn3 4d6",
    "wng w3 dn4 6d6",
    "wng 4d6 !soak",
    "wng w2 5d6 !exempt",
    "wng dn10 6d6 !dmg",
    "wng 3d6 ! dmg",
    "mm",
    "mm e",
    "mm t",
    "mm 2e",
    "mm 3t",
    "mm 2e 1t",
    "mm 1e 3t",
    "mm 0e",
    "essd8",
    "ess1d6",
    "ess2d8",
    "ess3d6",
    "+essd10",
    "-essd12",
    "essd8s",
    "ess3d6s + 2",
    "+ess2d8s - 1",
    "ess1d2",
    "a5e + 3 ex1",
    "a5e ex2",
    "+a5e + 5 ex3",
    "-a5e - 1 ex8",
    "a5e ex20",
    "ex5",
    "ex6t8",
    "ex10t10",
    "sp4",
    "sp6t7",
    "snm5",
    "4yz",
    "6wh4+",
    "3d6l",
    "1d6l",
    "6d6l",
    "d6s3",
    "d6s4 + 2",
    "coc 45",
    "coc45",
    "coc 50 b1",
    "coc 60 b2",
    "coc 30 p1",
    "coc 70 p2",
    "coc 40 bonus:1",
    "coc 55 penalty 2",
    "coc 65 b2 p1",
    "coc 80 bonus 1 penalty:1",
    "coc 5",
    "coc 99 p1",
    "COC 45 B1",
    "3 coc 50 p2",
    "ALIEN3S2",
    "Wng W2 DN3 4D6 !Soak",
    "alien3 # shadows",
    "coc 45 b1; vtm4h1; 2 wit",
    "maiden: attack",
    "maiden: attack + 4",
    "maiden: skill - 2",
    "maiden: save + 1",
    "maiden: age",
    "maiden: (Stealth check) alien5s2 ! the corridor",
    "maiden: wng w2 dn3 4d6 !soak",
    "maiden: 3 coc 50 b1",
    "maiden: vtm6h2 ! hunger",
    "maiden: cpd3 ! hits",
];

/// Roll sets, so that the rarer branches of the readings occur.
const ROLL_SETS: &[&str] = &[
    "40 bnw4",
    "40 wit",
    "30 coc 30 p2",
    "30 coc 60 b2",
    "30 wfrp50",
    "20 alien3s8",
    "30 vtm4h2",
    "20 mm 2t",
    "20 -ms50",
    "20 +ms50",
    "20 dheart",
    "20 ww3",
    "20x 2.5hsn",
    "20 wng w3 dn4 3d6",
    "20 cs 2",
    "20 ess2d8s",
    "20 tdh3",
    "20 cpd3",
    "20 fitd3",
    "20 dh",
    "20x 4lf3",
    "20x 4lf3f",
];

/// Earthdawn: every step of the first edition's table and the fourth's.
fn earthdawn_lines() -> Vec<String> {
    (1..=50).map(|step| format!("ed{step}")).chain((1..=100).map(|step| format!("ed4e{step}"))).collect()
}

/// Words that show each branch of a reading occurred somewhere in the transcripts.
const BRANCHES: &[&str] = &[
    "PANIC ROLL",
    "push available",
    "MESSY CRITICAL",
    "BESTIAL FAILURE",
    "; critical success",
    "critical success: added",
    "critical failure: subtracted",
    "LASER FEELINGS",
    "Critical Success!",
    "with Hope",
    "with Fear",
    "Twist (doubles)",
    "Triumph",
    "Disaster (",
    "6s became",
    "Disaster! a majority of 1s",
    "the House acts",
    "the House waits",
    "automatic success",
    "automatic failure",
    "ASTOUNDING SUCCESS",
    "ASTOUNDING FAILURE",
    "CRITICAL SUCCESS",
    "CRITICAL FAILURE",
    "GM Intrusion",
    "minor effect",
    "major effect",
    "Opportunity",
    "Complication +4",
    "zero dice: desperate",
    "Righteous Fury!",
    "Critical Injury",
    "wrath die 1: Complication!",
    "wrath die 6: Critical!",
    ": PASS",
    ": FAIL",
    "Fantastic (counts 6)",
    "edge rerolls",
    "(kept)",
    "specialisation: kept",
    "CRITICAL SUCCESS: maximum",
    "natural 20 on the d20",
    "extreme success",
    "hard success",
    "regular success",
    "fumble",
    "failure, 2 degrees",
];

/// Seeds of the ledgers the transcripts are rolled on.
const SEEDS: [u8; 3] = [11, 42, 200];

/// A revealed transcript of `lines` rolled on a ledger with `seed`, and the bot's notes
/// per roll line (one per result that has one).
fn rolled(seed: u8, lines: &[String]) -> (String, Vec<Vec<String>>) {
    let mut ledger = Ledger::new(LedgerId::new("doc:systems").unwrap(), ServerSeed::from_bytes([seed; 32]));
    let notes = lines
        .iter()
        .map(|line| {
            let roll = ledger.roll_notation(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            roll.results.iter().filter_map(|result| result.note.clone()).collect()
        })
        .collect();
    (ledger.reveal().to_string(), notes)
}

/// Text as Chromium writes it into the DOM it dumps.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('\u{a0}', "&nbsp;")
}

/// The page's table rows in order: each row's state and its HTML.
fn rows(dom: &str) -> Vec<(String, String)> {
    let body = &dom[dom.find("<tbody>").expect("the table")..];
    body.split("<tr data-state=\"")
        .skip(1)
        .map(|row| {
            let state = &row[..row.find('"').unwrap()];
            (state.to_owned(), row[..row.find("</tr>").unwrap_or(row.len())].to_owned())
        })
        .collect()
}

/// `roll N ... totals=T expr LINE`: the totals.
fn totals_of(roll_line: &str) -> &str {
    roll_line.split(" totals=").nth(1).and_then(|t| t.split(' ').next()).expect("a totals field")
}

fn all_lines() -> Vec<String> {
    SYSTEM_LINES.iter().chain(ROLL_SETS).map(|l| (*l).to_owned()).chain(earthdawn_lines()).collect()
}

#[test]
fn the_browser_verifier_re_derives_every_game_system_total_and_reading() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: Chromium is not installed (apt-get install -y chromium); docs/verify.html was not run");
        return;
    };
    let dir = page_dir("systems");
    let lines = all_lines();
    let mut seen = vec![0usize; BRANCHES.len()];
    let (mut rows_checked, mut readings_checked, mut forged_caught) = (0, 0, 0);
    for seed in SEEDS {
        let (transcript, notes) = rolled(seed, &lines);
        let (state, dom) = page_verdict(browser, &dir, &transcript);
        assert_eq!(state, "verified", "seed {seed}: {dom}");
        let table = rows(&dom);
        let roll_lines: Vec<&str> = transcript.lines().filter(|l| l.starts_with("roll ")).collect();
        assert_eq!(table.len(), lines.len(), "seed {seed}: one row per roll: {dom}");
        for (((line, roll_line), (state, row)), notes) in lines.iter().zip(&roll_lines).zip(&table).zip(&notes) {
            assert_eq!(state, "ok", "seed {seed}, {line}: {row}");
            assert!(!row.contains("not re-derived"), "seed {seed}, {line}: left unchecked: {row}");
            assert!(row.contains(&format!("<td>{}", totals_of(roll_line))), "seed {seed}, {line}: the totals: {row}");
            // Each reading appears, in order, as the bot wrote it.
            let mut rest = row.as_str();
            for note in notes {
                let note = escaped(note);
                let at = rest
                    .find(&note)
                    .unwrap_or_else(|| panic!("seed {seed}, {line}: the reading {note:?} is missing from {row}"));
                rest = &rest[at + note.len()..];
                for (count, branch) in seen.iter_mut().zip(BRANCHES) {
                    *count += usize::from(note.contains(&escaped(branch)));
                }
            }
            readings_checked += notes.len();
        }
        rows_checked += table.len();

        // Every total changed: each row is caught on its own.
        let forged: String = transcript
            .lines()
            .map(|line| {
                if !line.starts_with("roll ") {
                    return format!("{line}\n");
                }
                let totals = totals_of(line);
                let first: i64 = totals.split(',').next().unwrap().parse().unwrap();
                let changed = if line.ends_with(" expr coc 45 b1") && first != 99 { 99 } else { first + 1 };
                let rest = totals.split_once(',').map_or(String::new(), |(_, rest)| format!(",{rest}"));
                format!("{}\n", line.replacen(&format!("totals={totals}"), &format!("totals={changed}{rest}"), 1))
            })
            .collect();
        let (state, dom) = page_verdict(browser, &dir, &forged);
        assert_eq!(state, "mismatch", "seed {seed}: {dom}");
        for (line, (state, row)) in lines.iter().zip(rows(&dom)) {
            assert_eq!(state, "bad", "seed {seed}: a forged total of {line} passed: {row}");
            assert!(row.contains("totals differ"), "seed {seed}, {line}: {row}");
            forged_caught += 1;
        }
    }
    let missing: Vec<&str> = BRANCHES.iter().zip(&seen).filter(|(_, &n)| n == 0).map(|(b, _)| *b).collect();
    assert!(missing.is_empty(), "readings that never occurred: {missing:?}");
    println!(
        "{} system lines ({} forms and variants, {} roll sets, {} Earthdawn steps) x {} seeds: {rows_checked} rows verified with \
         {readings_checked} readings equal to the bot's; {forged_caught} forged totals caught; \
         {} reading branches seen",
        lines.len(),
        SYSTEM_LINES.len(),
        ROLL_SETS.len(),
        earthdawn_lines().len(),
        SEEDS.len(),
        BRANCHES.len()
    );
}

/// Every roll the bot refuses as outside its game's range (dice/src/systems.rs
/// `refused`), written into a row as if the bot had rolled it: the page refuses it too.
const REFUSED: &[&str] = &[
    "wfrp",
    "WFRP",
    "wfrp0",
    "wfrp101",
    "wfrp0 + 20",
    "wfrp200 - 5",
    "wfrp99999999999",
    "0lf4",
    "21lf4",
    "2lf1",
    "2lf6",
    "25lf4l",
    "3lf9f",
    "wng w0 4d6",
    "wng w6 4d6",
    "wng w9",
    "wng  w7 dn3 4d6 !soak",
    "ww0",
    "ww21",
    "ww3c3",
    "ww4c9",
    "sil0",
    "sil11",
    "sil12 + 2",
    "cs 0",
    "cs11",
    "cs 12 - 1",
    "cpd0",
    "cpd501",
    "cpd999 * 2",
    "maiden: wfrp0 ! a comment",
    "coc 45; wfrp101",
];

#[test]
fn the_browser_verifier_refuses_what_the_bot_refuses() {
    // Each is refused by the bot, with the reason the page must give.
    let reasons: Vec<String> = REFUSED
        .iter()
        .map(|line| match rookery_dice::parse(line) {
            Err(error) => match error.kind() {
                DiceErrorKind::SystemOutOfRange(why) => (*why).to_owned(),
                other => panic!("{line} is refused for another reason: {other}"),
            },
            Ok(_) => panic!("the bot rolls {line}"),
        })
        .collect();
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: Chromium is not installed (apt-get install -y chromium); docs/verify.html was not run");
        return;
    };
    let dir = page_dir("refused");
    let mut ledger = Ledger::new(LedgerId::new("doc:refused").unwrap(), ServerSeed::from_bytes([5; 32]));
    for _ in REFUSED {
        ledger.roll_notation("wfrp45").unwrap();
    }
    let genuine = ledger.reveal().to_string();
    let mut refused_rows = genuine.lines().filter(|l| l.starts_with("roll ")).zip(REFUSED);
    let forged: String = genuine
        .lines()
        .map(|line| match line.starts_with("roll ") {
            true => {
                let (_, refused) = refused_rows.next().unwrap();
                format!("{}\n", line.replace(" expr wfrp45", &format!(" expr {refused}")))
            }
            false => format!("{line}\n"),
        })
        .collect();
    let (state, dom) = page_verdict(browser, &dir, &forged);
    assert_eq!(state, "mismatch", "{dom}");
    let table = rows(&dom);
    assert_eq!(table.len(), REFUSED.len(), "{dom}");
    for ((line, why), (state, row)) in REFUSED.iter().zip(&reasons).zip(&table) {
        assert_eq!(state, "bad", "the page accepted {line}: {row}");
        assert!(row.contains(&escaped(why)), "{line}: the page does not say {why:?}: {row}");
    }
    println!("{} refused system rolls refused by the page with the bot's reason", REFUSED.len());
}

/// Records the sides of every die asked for and shows each a 1, so nothing explodes.
struct Ones(Vec<u32>);

impl rookery_dice::DieSource for Ones {
    fn roll(&mut self, sides: u32) -> u32 {
        self.0.push(sides);
        1
    }
}

/// The sides of the dice in a list like `2d20 1d8 d6` or `` `1d12 + 2d6` ``, in order.
fn sides_of(dice: &str) -> Vec<u32> {
    dice.split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|term| term.split_once('d'))
        .flat_map(|(count, sides)| {
            let count: usize = if count.is_empty() { 1 } else { count.parse().unwrap() };
            std::iter::repeat_n(sides.parse::<u32>().unwrap(), count)
        })
        .collect()
}

/// The dice docs/dice-notation.md gives Earthdawn step `step`, from its text alone.
fn documented_step(doc: &str, step: usize, fourth: bool) -> Vec<u32> {
    let doc = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    let doc = doc.as_str();
    let between = |from: &str, to: &str| {
        let start = doc.find(from).unwrap_or_else(|| panic!("the docs say {from:?}")) + from.len();
        &doc[start..start + doc[start..].find(to).unwrap()]
    };
    let base: Vec<Vec<u32>> =
        between("Steps 1–18, both editions: ", " (each die").split('`').skip(1).step_by(2).map(sides_of).collect();
    assert_eq!(base.len(), 18);
    if step <= 18 {
        return base[step - 1].clone();
    }
    if fourth {
        let d20s = (step - 19) / 11 + 1;
        return std::iter::repeat_n(20, d20s).chain(base[7 + (step - 19) % 11].iter().copied()).collect();
    }
    let first = between("steps 19–50 (the d20s, then the rest): ", " (a die without");
    let rows: Vec<Vec<u32>> = first
        .split("; ")
        .map(|row| match (row.strip_prefix("19–35 one d20 with "), row.strip_prefix("36–50 two d20s with ")) {
            (Some(rest), _) => [20].into_iter().chain(sides_of(rest)).collect(),
            (_, Some(rest)) => [20, 20].into_iter().chain(sides_of(rest)).collect(),
            _ => sides_of(row),
        })
        .collect();
    assert_eq!(rows.len(), 32, "steps 19 to 50");
    // A row after the first of each group has that group's d20s.
    let group = if step <= 35 { vec![20] } else { vec![20, 20] };
    let row = &rows[step - 19];
    if row.first() == Some(&20) {
        row.clone()
    } else {
        group.into_iter().chain(row.iter().copied()).collect()
    }
}

/// docs/dice-notation.md's Earthdawn step tables are the dice the bot rolls, step by
/// step, in both editions: a verifier working from the docs alone draws the same dice.
#[test]
fn the_documented_earthdawn_steps_are_the_dice_the_bot_rolls() {
    let doc = include_str!("../../docs/dice-notation.md");
    for (fourth, last) in [(false, 50), (true, 100)] {
        for step in 1..=last {
            let line = format!("ed{}{step}", if fourth { "4e" } else { "" });
            let mut asked = Ones(Vec::new());
            rookery_dice::evaluate(&rookery_dice::parse(&line).unwrap(), &mut asked).unwrap();
            assert_eq!(asked.0, documented_step(doc, step, fourth), "{line}");
        }
    }
}
