//! docs/verify.html against the bot on lines made up at random from every form of
//! Rookery's and Dice Maiden's notation (seeded, so each run checks the same lines):
//! every line the bot rolls must verify in headless Chromium with the bot's totals
//! and readings, and every line it refuses must be a mismatch that says so. Skipped,
//! saying so, when Chromium is missing.

mod browser;

use browser::{chromium, page_dir, page_verdict, table_rows};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rookery_dice::{verdict, Ledger, LedgerError, LedgerId, ServerSeed};

const MODIFIERS: &[&str] = &[
    "kh2", "kl1", "k2", "d1", "dh1", "dl2", "km2", "!", "!!", "e", "ie", "e5", "ie>4", "i", "i2", "r", "rr1", "ro2",
    "r<2", "ir", "irg6", "rg5", "t4", "tl3", "f1", "t5f1", "t4ds", "t4ds6", "b", "b2", "c", "mi2", "ma5", "adv1",
    "dis2", ">=4", "<3", "=6", "k2d1",
];
const HEADS: &[&str] =
    &["", "", "", "p ", "s ", "nr ", "ul ", "s nr ", "2 ", "3x ", "(Hit) ", "2 (Hit) ", "(Ätt) ", "s (Roll it) "];
const WORDS: &[&str] = &[
    "4cod",
    "5cod8",
    "3cod9",
    "4codr",
    "5wod6",
    "6wod7c",
    "sw8",
    "sw6",
    "fitd2",
    "fitd0",
    "dd66",
    "dd34",
    "dndstats",
    "pbta",
    "pbta+1",
    "sr4",
    "sr12",
    "+d20",
    "-d20",
    "+d%",
    "-d%",
    "cpr",
    "adv",
    "dis",
    "1d20 adv",
    "1d20+3 dis",
];

fn dice(rng: &mut StdRng) -> String {
    let count = ["", "1", "2", "3", "4", "6", "10"].choose(rng).unwrap();
    let sides = ["4", "6", "8", "10", "12", "20", "%", "F", "3"].choose(rng).unwrap();
    let spaced = rng.random_bool(0.4);
    let how_many = [0, 0, 1, 1, 2, 3][rng.random_range(0..6)];
    let modifiers: Vec<&str> = MODIFIERS.choose_multiple(rng, how_many).copied().collect();
    let joined = if spaced { modifiers.iter().map(|m| format!(" {m}")).collect() } else { modifiers.concat() };
    format!("{count}d{sides}{joined}")
}

fn atom(rng: &mut StdRng, depth: u32) -> String {
    let roll: f64 = rng.random();
    if roll < 0.5 || depth > 2 {
        dice(rng)
    } else if roll < 0.6 {
        WORDS.choose(rng).unwrap().to_string()
    } else if roll < 0.72 {
        rng.random_range(0..=12).to_string()
    } else if roll < 0.86 {
        let keep = ["kh1", "kl1", "dh1", "dl1", ""].choose(rng).unwrap();
        format!("({}, {}){keep}", expr(rng, depth + 1), expr(rng, depth + 1))
    } else {
        format!("({}){}", expr(rng, depth + 1), ["kh1", "kl1", ""].choose(rng).unwrap())
    }
}

fn expr(rng: &mut StdRng, depth: u32) -> String {
    let mut out = atom(rng, depth);
    for _ in 0..[0, 1, 1, 2][rng.random_range(0..4)] {
        out.push_str(&format!("{}{}", [" + ", "-", "*", " / ", "%", "//"].choose(rng).unwrap(), atom(rng, depth)));
    }
    out
}

fn line(rng: &mut StdRng) -> String {
    let prefix = if rng.random_bool(0.5) { "maiden: " } else { "" };
    let mut line = format!("{prefix}{}{}", HEADS.choose(rng).unwrap(), expr(rng, 0));
    line.push_str(["", "", " adv", " dis", " # note", " ! note", " t4"].choose(rng).unwrap());
    if rng.random_bool(0.2) {
        line.push_str(&format!("; {}", expr(rng, 1)));
    }
    line
}

#[test]
fn the_browser_verifier_agrees_with_the_bot_on_random_lines() {
    let Some(browser) = chromium() else {
        eprintln!("SKIPPED: Chromium is not installed (apt-get install -y chromium); docs/verify.html was not run");
        return;
    };
    let dir = page_dir("random");
    let mut rng = StdRng::seed_from_u64(30);
    let mut ledger = Ledger::new(LedgerId::new("doc:random").unwrap(), ServerSeed::from_bytes([30; 32]));
    let (mut tried, mut readings, mut refused) = (0, Vec::new(), Vec::new());
    while readings.len() < 300 {
        tried += 1;
        let line = line(&mut rng);
        match ledger.roll_notation(&line) {
            Ok(roll) => {
                let mut notes: Vec<String> = roll.results.iter().filter_map(|r| r.note.clone()).collect();
                notes.extend(verdict(&line, &roll.results));
                readings.push(notes.join("; "));
            }
            Err(LedgerError::RollFailed { .. }) => readings.push(String::new()),
            Err(_) => refused.push(line),
        }
    }
    let transcript = ledger.reveal().to_string();
    let started = std::time::Instant::now();
    let (state, dom) = page_verdict(browser, &dir, &transcript);
    let with_reading = readings.iter().filter(|r| !r.is_empty()).count();
    eprintln!(
        "{} of {tried} random lines rolled ({with_reading} with a reading); Chromium checked them in {:.1?}",
        readings.len(),
        started.elapsed()
    );
    assert_eq!(state, "verified", "{dom}");
    let rows = table_rows(&dom);
    let records: Vec<&str> = transcript.lines().filter(|l| l.starts_with("roll ")).collect();
    assert_eq!(rows.len(), records.len(), "{dom}");
    for (((state, cells), record), reading) in rows.iter().zip(&records).zip(&readings) {
        let totals = record.split(" totals=").nth(1).map_or("failed", |t| t.split(' ').next().unwrap());
        assert_eq!(state, "ok", "{record}: {cells:?}");
        // The totals cell, and the reading cell right after it.
        assert_eq!((&cells[3], &cells[4]), (&totals.to_owned(), reading), "{record}: {cells:?}");
    }

    // The lines the bot refused, put in place of genuine ones: each is a mismatch.
    let mut plain = Ledger::new(LedgerId::new("doc:refused").unwrap(), ServerSeed::from_bytes([31; 32]));
    for _ in &refused {
        plain.roll_notation("1d6").unwrap();
    }
    let mut lines = refused.iter();
    let forged: String = plain
        .reveal()
        .to_string()
        .lines()
        .filter(|l| !l.starts_with("chain "))
        .map(|l| match l.split_once(" expr 1d6") {
            Some((head, _)) => format!("{head} expr {}\n", lines.next().unwrap()),
            None => format!("{l}\n"),
        })
        .collect();
    let (state, dom) = page_verdict(browser, &dir, &forged);
    assert_eq!(state, "mismatch", "{dom}");
    let rows = table_rows(&dom);
    assert_eq!(rows.len(), refused.len(), "{dom}");
    for ((_, cells), line) in rows.iter().zip(&refused) {
        assert!(cells.iter().any(|c| c.contains("MISMATCH: the bot refuses this line")), "{line}: {cells:?}");
    }
    eprintln!("{} refused lines: each a mismatch", refused.len());
}
