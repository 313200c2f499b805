//! docs/verify.html, the browser verifier, run in headless Chromium (Debian's
//! `chromium` package) on the published vectors: the documented transcripts verify,
//! and tampered ones (a face, a total, the seed, the entropy, an unopened sealed
//! roll) are marked as mismatches. Skipped, saying so, when Chromium is missing.

mod browser;

use browser::{chromium, page_dir, page_verdict, page_verdict_against};

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

/// A transcript of Avrae and Dice Maiden lines (and one game-system roll, which the
/// page's "Game systems" block reads), rolled by the ledger.
fn dialect_transcript() -> String {
    use rookery_dice::{Ledger, LedgerId, ServerSeed};
    let mut ledger = Ledger::new(LedgerId::new("doc:dialects").unwrap(), ServerSeed::from_bytes([7; 32]));
    for line in DIALECT_LINES {
        ledger.roll_notation(line).unwrap();
    }
    ledger.roll_notation("maiden: wfrp45").unwrap();
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
    assert_eq!(dom.matches("use rookery verify</td>").count(), 0, "no roll is left to rookery verify: {dom}");
    for line in transcript.lines().filter(|l| l.starts_with("roll ")) {
        let totals = line.split(" totals=").nth(1).and_then(|t| t.split(' ').next()).unwrap();
        if !line.contains("wfrp") {
            assert!(dom.contains(&format!("<td>{totals}</td>")), "{totals} re-derived for {line}: {dom}");
        }
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
