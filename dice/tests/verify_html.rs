//! docs/verify.html, the browser verifier, run in headless Chromium (Debian's
//! `chromium` package): the published vectors verify, and tampered ones (a face, a
//! total, the seed, the entropy, an unopened sealed roll) are marked as mismatches;
//! transcripts of every kind of row the notation writes, made by the ledger, verify
//! with each row's totals and reading equal to the bot's, and every forged total is
//! caught; a line the bot refuses is a mismatch and a total the page cannot read is
//! never passed. Skipped, saying so, when Chromium is missing.

mod browser;

use browser::{chromium, page_dir, page_verdict, page_verdict_against, table_rows};

const DOC: &str = include_str!("../../docs/fairness.md");

fn block_after(marker: &str) -> String {
    let start = format!("{marker}\n```text\n");
    let from = DOC.find(&start).expect("the marker") + start.len();
    DOC[from..from + DOC[from..].find("```").expect("the block's end")].to_owned()
}

#[test]
fn the_browser_verifier_checks_the_published_vectors() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: Chromium is not installed (apt-get install -y chromium); docs/verify.html was not run");
        return;
    };
    let dir = page_dir("vectors");
    let example = block_after("<!-- example-transcript -->");
    let entropy = block_after("<!-- entropy-transcript -->");

    let (state, dom) = page_verdict(browser, &dir, &example);
    assert_eq!(state, "verified", "{dom}");
    assert!(dom.contains("All 3 rolls check out"), "{dom}");
    assert!(dom.contains("<td>9,24</td>"), "the totals are re-derived: {dom}");
    let (state, dom) = page_verdict(browser, &dir, &entropy);
    assert_eq!(state, "verified", "{dom}");

    let tampered = [
        ("a face", example.replace("6:3,6:2,6:1,6:4", "6:3,6:2,6:1,6:5")),
        ("a total", example.replace("totals=9,24", "totals=9,25")),
        ("the seed", example.replace("seed 000102", "seed 100102")),
        ("the entropy", entropy.replace("entropy=1181551392518402089", "entropy=1181551392518402088")),
        ("a sealed roll's line", example.replace("# ambush", "# ambush!")),
        (
            "an unopened sealed roll",
            example.lines().filter(|l| !l.starts_with("roll 2")).collect::<Vec<_>>().join("\n")
                + "\nsealed 2 72dac080232cba0592544dfb51d8bdca19e11d94dd3a9d9c0ccdf66571ed43cd\n",
        ),
    ];
    for (what, transcript) in tampered {
        let (state, dom) = page_verdict(browser, &dir, &transcript);
        assert_eq!(state, "mismatch", "tampering with {what} went unnoticed:\n{dom}");
        assert!(dom.contains("MISMATCH"), "{what}: {dom}");
    }
}

/// A transcript of Avrae and Dice Maiden lines, rolled by the ledger.
fn dialect_transcript() -> String {
    use rookery_dice::{Ledger, LedgerId, ServerSeed};
    let mut ledger = Ledger::new(LedgerId::new("doc:dialects").unwrap(), ServerSeed::from_bytes([7; 32]));
    for line in DIALECT_LINES {
        ledger.roll_notation(line).unwrap();
    }
    ledger.reveal().to_string()
}

const DIALECT_LINES: &[&str] = &[
    "avrae: (1d4/2)*2 + 1.5",
    "avrae: 3*0.5 + 1d6/4",
    "avrae: (1d4, 2+2, 3d6kl1)kh1",
    "avrae: 4d6e6kh3 [fire] - 7 // 2",
    "avrae: 10d6rr<3ro>5ra6mi2",
    "avrae: ((10d6kh5)kl2)kh1 % 4",
    "avrae: 2d20kh1 + 5 >= 15; 6x 1d6p1",
    "maiden: (Attack) 4d6 k3 ! strength",
    "maiden: 4d6 e6 + 2",
    "maiden: 2d6 r2 - 1d4",
    "maiden: 3 4d6 ie6 d1",
    "maiden: 1d20 ir1; 10d10 t7 f1",
    "avrae: 4 // 0.1 + 1d4 // 0.3 + 7.5 % 2",
    "avrae: (9, 6/.5)kh1 + (2.4, 2.6)kh1 * 10 + (2.5,)k>2 * 10",
    "avrae: 3d%kh2 - 1d% // 7.5",
    "maiden: 4d20 k2d1",
    "6d6k4d1 + 1",
];

#[test]
fn the_browser_verifier_re_derives_avrae_and_dice_maiden_totals() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: Chromium is not installed (apt-get install -y chromium); docs/verify.html was not run");
        return;
    };
    let dir = page_dir("dialects");
    let transcript = dialect_transcript();
    let (state, dom) = page_verdict(browser, &dir, &transcript);
    assert_eq!(state, "verified", "{dom}");
    assert!(!dom.contains("<tr data-state=\"unchecked\">"), "every row is checked: {dom}");
    for line in transcript.lines().filter(|l| l.starts_with("roll ")) {
        let totals = line.split(" totals=").nth(1).and_then(|t| t.split(' ').next()).unwrap();
        assert!(dom.contains(&format!("<td>{totals}</td>")), "{totals} re-derived for {line}: {dom}");
    }
    // A changed total of each dialect is caught.
    for dialect in ["avrae:", "maiden:"] {
        let line = transcript.lines().find(|l| l.contains(dialect)).unwrap();
        let totals = line.split(" totals=").nth(1).and_then(|t| t.split(' ').next()).unwrap();
        let first: i64 = totals.split(',').next().unwrap().parse().unwrap();
        let forged = line.replacen(&format!("totals={first}"), &format!("totals={}", first + 1), 1);
        let (state, dom) = page_verdict(browser, &dir, &transcript.replace(line, &forged));
        assert_eq!(state, "mismatch", "a forged {dialect} total went unnoticed: {dom}");
    }
}

/// A roll whose total leaves 64 bits fails in the bot, and the page agrees
/// that it failed rather than computing a bigger number.
#[test]
fn the_browser_verifier_agrees_a_total_beyond_64_bits_fails() {
    use rookery_dice::{Ledger, LedgerId, ServerSeed};
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: Chromium is not installed (apt-get install -y chromium); docs/verify.html was not run");
        return;
    };
    let dir = page_dir("overflow");
    let mut ledger = Ledger::new(LedgerId::new("doc:overflow").unwrap(), ServerSeed::from_bytes([9; 32]));
    assert!(ledger.roll_notation("1000000*1000000*1000000*10").is_err(), "the bot fails it");
    ledger.roll_notation("1d6 + 1000000*1000000*1000000").unwrap();
    let transcript = ledger.reveal().to_string();
    assert!(transcript.lines().any(|l| l.starts_with("roll 0 ") && l.contains(" failed ")), "{transcript}");
    let (state, dom) = page_verdict(browser, &dir, &transcript);
    assert_eq!(state, "verified", "{dom}");
}

/// The roll chain: each row shows the chain after it; a transcript with its last
/// roll cut, or a roll's expression, label and total edited together, fails against
/// its own chain line, and, with that line rewritten to suit, against the reveal
/// post's chain; a transcript from before the chain passes and says what it cannot check.
#[test]
fn the_browser_verifier_checks_the_roll_chain() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: Chromium is not installed (apt-get install -y chromium); docs/verify.html was not run");
        return;
    };
    let dir = page_dir("chain");
    let genuine = block_after("<!-- entropy-transcript -->");
    let final_chain = genuine.lines().find_map(|l| l.strip_prefix("chain 5 ")).expect("the chain line").to_owned();

    let (state, dom) = page_verdict_against(browser, &dir, &genuine, Some(&final_chain));
    assert_eq!(state, "verified", "{dom}");
    assert!(dom.contains(&format!("5 rolls, chain {final_chain}")), "{dom}");
    assert!(dom.contains("the chain matches the reveal post"), "{dom}");
    assert!(dom.contains(&format!("<td>4 (chain {})</td>", &final_chain[..8])), "each row shows its chain: {dom}");
    let (state, dom) = page_verdict_against(browser, &dir, &genuine, Some(&final_chain[..8]));
    assert_eq!(state, "verified", "the short form of the post is enough: {dom}");

    let without_last: String =
        genuine.lines().filter(|l| !l.starts_with("roll 4 ")).map(|l| format!("{l}\n")).collect();
    let recomputed = {
        let mut cut: rookery_dice::Transcript = without_last.parse().unwrap();
        cut.chain = Some(cut.recompute_chain());
        cut.to_string()
    };
    let edited = genuine.replace("totals=6 expr 1d20+5 # perception", "totals=7 expr 1d20+6 # persuasion");
    let cases = [
        ("the last roll cut", without_last.as_str(), None),
        ("a roll's expression, label and total edited", edited.as_str(), None),
        ("the last roll cut and the chain line rewritten", recomputed.as_str(), Some(final_chain.as_str())),
    ];
    for (what, transcript, reveal_chain) in cases {
        let (state, dom) = page_verdict_against(browser, &dir, transcript, reveal_chain);
        assert_eq!(state, "mismatch", "{what} went unnoticed:\n{dom}");
        assert!(dom.contains("rolls were cut or edited"), "{what}: {dom}");
    }
    let (state, dom) = page_verdict_against(browser, &dir, &recomputed, None);
    assert_eq!(state, "verified", "a consistent cut transcript passes on its own; only the post tells: {dom}");

    let before_chains: String =
        genuine.lines().filter(|l| !l.starts_with("chain ")).map(|l| format!("{l}\n")).collect();
    let (state, dom) = page_verdict(browser, &dir, &before_chains);
    assert_eq!(state, "verified", "{dom}");
    assert!(dom.contains("cannot be checked"), "{dom}");
}

/// Every kind of row Rookery's and Dice Maiden's notation writes: sets, advantage,
/// every modifier, output flags, shortcuts with their readings, repeats, `;` parts,
/// labels, the extra-dice cap and failed rolls. Lines with `p` are sealed, as the bot
/// seals them; `SEALED` lines are sealed rolls, `ENTROPY` lines carry a click's id.
const NOTATION_LINES: &[&str] = &[
    "(1d6, 1d8, 5)kh1",
    "maiden: (1d6, 1d8, 5)kh1",
    "(2d6, 1d12)kl1 + (1d4)dh1",
    "maiden: (2d6, 1d12)dl1",
    "(1d6+2)kh1",
    "(3d6)kh1 + (2d6)",
    "maiden: (1d6+2)kh1 + (1d4+1)kl1",
    "4d6adv2",
    "maiden: 4d6 adv2 e6",
    "3d6dis1!",
    "maiden: 2d20 dis1",
    "1d20+5 adv # perception",
    "maiden: 1d20+5 adv ! perception",
    "1d20 - 2 dis",
    "adv+5",
    "maiden: dis + 3",
    "6d6ie5",
    "maiden: 6d6 ie",
    "10d6i1",
    "maiden: 8d6 i2 k5",
    "7d6km4",
    "maiden: 6d10 km3",
    "5d10 tl4",
    "maiden: 5d10 tl4",
    "maiden: 6d6 b2",
    "8d10t8f1c",
    "5d6irg5",
    "maiden: 6d6 ir1",
    "nr 3d6",
    "ul 5d6 + 1",
    "maiden: fitd3 - 1",
    "4d10t7ds9",
    "maiden: 6d10 t7 ds",
    "6d10tl3ds1",
    "8d6b",
    "maiden: 8d10 t8 f1 c",
    "8d10t6f1b2",
    "5d6rg5",
    "maiden: 5d6 rg5",
    "maiden: 5d6 irg5",
    "6d6ir1",
    "maiden: 6d6 r1",
    "6d6!!",
    "4d6!!5",
    "6d6mi2ma5",
    "maiden: 6d6 mi3 ma4 e4",
    "6d6r<3",
    "maiden: 6d6 ro2",
    "4dF + 2d% + d100",
    "p 1d20+3",
    "maiden: p 2d6+1",
    "s 4d6k3",
    "maiden: s 4d6 k3",
    "maiden: nr 3d6",
    "maiden: ul 5d6",
    "4cod",
    "maiden: 6cod8",
    "5cod9",
    "maiden: 4codr",
    "5wod6",
    "maiden: 6wod7c",
    "sw8",
    "maiden: sw6",
    "fitd2 + 1",
    "dd66",
    "maiden: dd34",
    "dndstats",
    "maiden: dndstats",
    "pbta",
    "pbta+2",
    "pbta ; 1d6",
    "maiden: pbta-1",
    "sr6",
    "maiden: sr4",
    "maiden: +d20 + 3",
    "maiden: -d20",
    "maiden: +d% + 0",
    "maiden: -d%",
    "maiden: cpr",
    "maiden: 3 +d20",
    "3x 2d6+1; 1d4 # both",
    "maiden: 2 (Damage) 1d8+3 ! slashing; (Save) 1d20",
    "maiden: 4 4d6 k3",
    "1d20 >= 10; 2d6 == 7",
    "1d6 / 2 + 7 % 3 - 9 // 4 - (1d6) * 3",
    "maiden: 4d20 k2d1",
    "1d12+2 t8",
    "1d6!=3",
    "maiden: 0d6 + 2",
    "maiden: (Ätt) 1d20",
    "100d6!>1",
    "maiden: 100d6 ie2",
    "1d6/0 + 1d8; 1d4",
    "maiden: 2d6 % (1d4 - 1d4)",
    "1d1000000 * 1000000000 * 1000000000 * 10",
    "SEALED 2d20kh1 + 4 # stealth",
    "ENTROPY 1d20+5 adv # perception",
];

/// What the bot shows of a roll beside its totals: the game systems' notes, then the
/// preset's reading (bot/src/core/dice.rs).
fn reading(line: &str, results: &[rookery_dice::RollResult]) -> String {
    let mut notes: Vec<String> = results.iter().filter_map(|r| r.note.clone()).collect();
    notes.extend(rookery_dice::verdict(line, results));
    notes.join("; ")
}

/// Counts of what the dice did, to show the transcript exercises every path.
#[derive(Default, Debug)]
struct Happened {
    rerolls: usize,
    explosions: usize,
    implosions: usize,
    ties_split: usize,
    capped: usize,
    failed: usize,
}

fn tally_dice(expr: &rookery_dice::Evaluated, happened: &mut Happened) {
    use rookery_dice::Evaluated;
    match expr {
        Evaluated::Dice(term) => {
            happened.rerolls += term.dice.iter().filter(|d| !d.rerolled.is_empty()).count();
            happened.explosions += term.dice.iter().filter(|d| d.explosion.is_some()).count();
            happened.implosions += term.implosions.len();
            let split =
                |a: &rookery_dice::RolledDie, b: &rookery_dice::RolledDie| a.value == b.value && a.kept != b.kept;
            happened.ties_split +=
                term.dice.iter().enumerate().filter(|(i, a)| term.dice[i + 1..].iter().any(|b| split(a, b))).count();
        }
        Evaluated::Negate(inner) | Evaluated::Group(inner) => tally_dice(inner, happened),
        Evaluated::Binary { lhs, rhs, .. } => {
            tally_dice(lhs, happened);
            tally_dice(rhs, happened);
        }
        Evaluated::Set(items) => items.iter().for_each(|(item, _)| tally_dice(item, happened)),
        Evaluated::Number(_) | Evaluated::Decimal(_) => {}
    }
}

/// The notation transcript under `seed`, and per roll the reading the bot showed.
fn notation_transcript(seed: u8, happened: &mut Happened) -> (String, Vec<String>) {
    use rookery_dice::{Ledger, LedgerError, LedgerId, ServerSeed};
    let mut ledger = Ledger::new(LedgerId::new("doc:notation").unwrap(), ServerSeed::from_bytes([seed; 32]));
    ledger.add_player_seed("a player's seed").unwrap();
    let mut readings = Vec::new();
    for (i, written) in NOTATION_LINES.iter().enumerate() {
        let (line, sealed, entropy) = match written.split_once(' ') {
            Some(("SEALED", line)) => (line, true, None),
            Some(("ENTROPY", line)) => (line, false, Some(format!("click-{i}"))),
            _ => (*written, written.split(' ').any(|w| w == "p"), None),
        };
        let rolled = match (&entropy, sealed) {
            (Some(entropy), _) => ledger.roll_notation_with_entropy(line, sealed, entropy),
            (None, true) => ledger.roll_sealed(line),
            (None, false) => ledger.roll_notation(line),
        };
        match rolled {
            Ok(roll) => {
                readings.push(reading(line, &roll.results));
                for result in &roll.results {
                    tally_dice(&result.expr, happened);
                    happened.capped += usize::from(result.capped);
                }
            }
            Err(LedgerError::RollFailed { .. }) => {
                readings.push(String::new());
                happened.failed += 1;
            }
            Err(error) => panic!("the bot refuses {line}: {error}"),
        }
    }
    (ledger.reveal().to_string(), readings)
}

#[test]
fn the_browser_verifier_re_derives_every_row_of_rookery_and_dice_maiden_notation() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: Chromium is not installed (apt-get install -y chromium); docs/verify.html was not run");
        return;
    };
    let dir = page_dir("notation");
    let mut happened = Happened::default();
    let mut checked_rows = 0;
    let started = std::time::Instant::now();
    for seed in [3, 11, 42] {
        let (transcript, readings) = notation_transcript(seed, &mut happened);
        let records: Vec<&str> = transcript.lines().filter(|l| l.starts_with("roll ")).collect();
        assert_eq!(records.len(), NOTATION_LINES.len(), "{transcript}");

        let (state, dom) = page_verdict(browser, &dir, &transcript);
        assert_eq!(state, "verified", "seed {seed}: {dom}");
        let rows = table_rows(&dom);
        assert_eq!(rows.len(), records.len(), "{dom}");
        for ((state, cells), (record, reading)) in rows.iter().zip(records.iter().zip(&readings)) {
            let totals = record.split(" totals=").nth(1).map_or("failed", |t| t.split(' ').next().unwrap());
            assert_eq!(state, "ok", "{record}: {cells:?}");
            assert_eq!(cells[3], totals, "the totals of {record}");
            assert_eq!(&cells[4], reading, "the reading of {record}");
            checked_rows += 1;
        }

        let forged: String = transcript
            .lines()
            .map(|line| match line.split_once(" totals=") {
                Some((head, rest)) => {
                    let (first, tail) = rest.split_at(rest.find([',', ' ']).unwrap());
                    format!("{head} totals={}{tail}\n", first.parse::<i64>().unwrap() + 1)
                }
                None if line.starts_with("roll ") => format!("{}\n", line.replacen(" failed ", " totals=0 ", 1)),
                None => format!("{line}\n"),
            })
            .collect();
        let (state, dom) = page_verdict(browser, &dir, &forged);
        assert_eq!(state, "mismatch", "{dom}");
        let rows = table_rows(&dom);
        assert_eq!(rows.len(), records.len(), "{dom}");
        for (record, (state, cells)) in records.iter().zip(rows) {
            assert_eq!(state, "bad", "a forged total of {record} passed: {cells:?}");
            let result = &cells[5];
            assert!(result.contains("totals differ") || result.contains("the roll fails"), "{record}: {result}");
        }
    }
    eprintln!(
        "{} lines, {checked_rows} rows re-derived under 3 seeds and forged; the dice did {happened:?}; \
         6 Chromium runs took {:.1?}",
        NOTATION_LINES.len(),
        started.elapsed()
    );
    assert!(happened.rerolls > 0 && happened.explosions > 0 && happened.implosions > 0, "{happened:?}");
    assert!(happened.ties_split > 0 && happened.capped > 0 && happened.failed >= 2 * 3, "{happened:?}");
}

/// A line the bot refuses (so never writes) is a mismatch, and a roll the page
/// cannot read says so in its row and in the summary, which is not "verified".
#[test]
fn the_browser_verifier_never_passes_a_row_it_cannot_read() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: Chromium is not installed (apt-get install -y chromium); docs/verify.html was not run");
        return;
    };
    let dir = page_dir("unreadable");
    let transcript = dialect_transcript();
    let line = transcript.lines().find(|l| l.contains("expr maiden: 4d6 e6 + 2")).unwrap();
    let refused = line.replace("expr maiden: 4d6 e6 + 2", "expr maiden: 4d6 e6 + + 2");
    let (state, dom) = page_verdict(browser, &dir, &transcript.replace(line, &refused));
    assert_eq!(state, "mismatch", "{dom}");
    assert!(dom.contains("the bot refuses this line: two operators in a row"), "{dom}");

    // Avrae's `[fire` (an unclosed annotation) is beyond the page's Avrae reading; the
    // chain line goes too, so that only the row is in question.
    let line = transcript.lines().find(|l| l.contains("expr avrae: 4d6e6kh3 [fire] - 7 // 2")).unwrap();
    let unreadable: String = transcript
        .replace(line, &line.replace("[fire]", "[fire"))
        .lines()
        .filter(|l| !l.starts_with("chain "))
        .map(|l| format!("{l}\n"))
        .collect();
    let (state, dom) = page_verdict(browser, &dir, &unreadable);
    assert_eq!(state, "unchecked", "{dom}");
    let rows = table_rows(&dom);
    let (row_state, cells) = rows.iter().find(|(_, cells)| cells[1].contains("[fire")).unwrap();
    assert_eq!(row_state, "unchecked", "{cells:?}");
    assert!(cells[3].starts_with("this page cannot check this total"), "{cells:?}");
    assert!(dom.contains("NOT FULLY CHECKED: this page cannot check 1 total"), "{dom}");
}

/// The page with its "Game systems" block (between the Avrae block and the checking
/// block) replaced by `block`.
fn page_with_systems(dir: &std::path::Path, block: &str) {
    let page = browser::PAGE;
    let avrae = page.find("function evaluateAvrae").expect("the Avrae block");
    let after_avrae = avrae + page[avrae..].find("</script>").unwrap() + "</script>".len();
    let checking = page.find("<script>\n\"use strict\";\n// ---- Checking ----").expect("the checking block");
    let replaced = format!("{}\n{block}\n{}", &page[..after_avrae], &page[checking..]);
    std::fs::write(dir.join("verify.html"), replaced).unwrap();
}

/// The contract with the "Game systems" block: a probe system standing for
/// `(2d6, 1d4)kh1 + 3` that draws one d8 more gets the roll's dice terms in order, its
/// total, and the faces after the roll's own, after flags, a label and a comment.
#[test]
fn the_browser_verifier_hands_game_systems_the_roll_as_the_bot_does() {
    use rookery_dice::{Evaluated, Ledger, LedgerId, ServerSeed};
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: Chromium is not installed (apt-get install -y chromium); docs/verify.html was not run");
        return;
    };
    let dir = page_dir("systems-contract");
    page_with_systems(
        &dir,
        r#"<script>
"use strict";
const refusedSystem = () => null;
const recogniseSystem = (rest) => (rest.trim() === "probe" ? { notation: "(2d6, 1d4)kh1 + 3", system: { probe: true } } : null);
const finishSystem = (system, evaluated, draw) => {
  const extra = draw(8);
  const terms = evaluated.terms.map((t) => t.sides + ":" + t.total + ":" + t.dice.map((d) => d.value + (d.kept ? "" : "x")).join(","));
  return { total: evaluated.total + BigInt(extra), note: "total " + evaluated.total + ", terms " + terms.join(" ") + ", drew " + extra };
};
</script>"#,
    );
    let mut ledger = Ledger::new(LedgerId::new("doc:systems").unwrap(), ServerSeed::from_bytes([5; 32]));
    let written = [
        ("(2d6, 1d4)kh1 + 3 + 1d8", "probe"),
        ("maiden: s (Check) (2d6, 1d4)kh1 + 3 + 1d8 ! why", "maiden: s (Check) probe ! why"),
    ];
    let mut notes = Vec::new();
    for (rolled, _) in written {
        let result = ledger.roll_notation(rolled).unwrap().results.remove(0);
        let Evaluated::Binary { lhs, rhs, .. } = &result.expr else { panic!("{:?}", result.expr) };
        let (Evaluated::Binary { lhs: set, .. }, Evaluated::Dice(d8)) = (&**lhs, &**rhs) else { panic!("{lhs:?}") };
        let Evaluated::Set(items) = &**set else { panic!("{set:?}") };
        let terms: Vec<String> = items
            .iter()
            .zip([6, 4])
            .map(|((item, _), sides)| {
                let Evaluated::Dice(term) = item else { panic!("{item:?}") };
                let values: Vec<String> = term.dice.iter().map(|d| d.value.to_string()).collect();
                format!("{sides}:{}:{}", term.total, values.join(","))
            })
            .collect();
        let extra = d8.total;
        notes.push((result.total, format!("total {}, terms {}, drew {extra}", result.total - extra, terms.join(" "))));
    }
    let mut transcript: String =
        ledger.reveal().to_string().lines().filter(|l| !l.starts_with("chain ")).map(|l| format!("{l}\n")).collect();
    for (rolled, typed) in written {
        transcript = transcript.replace(&format!("expr {rolled}\n"), &format!("expr {typed}\n"));
    }
    let (state, dom) = page_verdict(browser, &dir, &transcript);
    assert_eq!(state, "verified", "{dom}");
    let rows = table_rows(&dom);
    assert_eq!(rows.len(), notes.len(), "{dom}");
    for ((_, cells), (total, note)) in rows.iter().zip(&notes) {
        assert_eq!(cells[3], total.to_string(), "{cells:?}");
        assert_eq!(&cells[4], note, "{cells:?}");
    }
}
