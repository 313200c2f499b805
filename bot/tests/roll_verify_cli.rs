//! `rookery roll` and `rookery verify` end to end, as a player uses them: the output
//! of `rookery roll … > f.txt` is checked by `rookery verify f.txt` as it is.

use std::path::Path;
use std::process::{Command, Output};

const SEED: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

fn rookery(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rookery")).args(args).env_remove("DISCORD_TOKEN").output().unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// `rookery verify` on `text` written to a file: its report and whether it passed.
fn verify(dir: &Path, name: &str, text: &str) -> (String, bool) {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    let output = rookery(&["verify", file.to_str().unwrap()]);
    (stdout(&output), output.status.success())
}

#[test]
fn a_rolls_output_verifies_as_it_is_and_a_cut_or_edit_does_not() {
    let dir = tempfile::tempdir().unwrap();
    for (dialect, line) in
        [("rookery", "4d6kh3 # **strength** ~~x~~"), ("avrae", "(9, 6/.5)kh1"), ("maiden", "4d6 k3 ! str")]
    {
        let output = rookery(&["roll", "--seed", SEED, "--dialect", dialect, "--", line]);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let printed = stdout(&output);
        assert!(printed.starts_with("# "), "{printed}");
        let (report, ok) = verify(dir.path(), &format!("{dialect}.txt"), &printed);
        assert!(ok, "{dialect}: {report}\n{printed}");
        // The transcript keeps the line exactly, markdown and dialect included.
        let prefix = if dialect == "rookery" { String::new() } else { format!("{dialect}: ") };
        assert!(printed.contains(&format!(" expr {prefix}{line}\n")), "{printed}");
        let forged = printed.replacen("totals=", "totals=1", 1);
        assert!(!verify(dir.path(), "forged.txt", &forged).1, "a forged total passed:\n{forged}");
    }
}

#[test]
fn transcript_only_prints_just_the_transcript() {
    let dir = tempfile::tempdir().unwrap();
    let output = rookery(&["roll", "--seed", SEED, "--transcript-only", "--", "avrae: 4 // 0.1 + 1d4"]);
    assert!(output.status.success());
    let printed = stdout(&output);
    assert!(printed.starts_with("rookery-dice-transcript v1\n"), "{printed}");
    assert!(!printed.contains("\n#"));
    assert!(verify(dir.path(), "only.txt", &printed).1);
}

#[test]
fn a_failed_roll_prints_its_transcript_and_fails() {
    let dir = tempfile::tempdir().unwrap();
    let output = rookery(&["roll", "--seed", SEED, "--", "1d6/0"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("division by zero"));
    let printed = stdout(&output);
    assert!(printed.contains("roll 0 faces=6:") && printed.contains(" failed expr 1d6/0\n"), "{printed}");
    let (report, ok) = verify(dir.path(), "failed.txt", &printed);
    assert!(ok, "{report}");
}

#[test]
fn nonsense_and_unknown_dialects_are_refused_without_a_transcript() {
    let output = rookery(&["roll", "--dialect", "maiden", "--", "sw5"]);
    assert!(!output.status.success());
    assert!(stdout(&output).is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("Savage Worlds trait die is a d4"));
    let output = rookery(&["roll", "--dialect", "roll20", "--", "1d6"]);
    assert!(!output.status.success());
}

/// `rookery verify FILE [--chain VALUE]` with its arguments: report and success.
fn verify_with(dir: &Path, name: &str, text: &str, extra: &[&str]) -> (String, bool) {
    let file = dir.join(name);
    std::fs::write(&file, text).unwrap();
    let mut args = vec!["verify", file.to_str().unwrap()];
    args.extend(extra);
    let output = rookery(&args);
    (stdout(&output), output.status.success())
}

/// A day at the table: three labelled rolls, revealed, and the chain its reveal post gave.
fn table_day() -> (String, String) {
    use rookery_dice::{Ledger, LedgerId, ServerSeed};
    let mut ledger = Ledger::new(LedgerId::new("table:10:2026-11-26").unwrap(), ServerSeed::from_hex(SEED).unwrap());
    for line in ["1d20+5 # stealth", "avrae: 2d6+3 [fire] # damage", "maiden: 4d6 k3 ! strength"] {
        ledger.roll_notation(line).unwrap();
    }
    let posted = ledger.chain().value.to_string();
    (ledger.reveal().to_string(), posted)
}

#[test]
fn a_cut_transcript_or_an_edited_label_no_longer_matches_the_chain() {
    let dir = tempfile::tempdir().unwrap();
    let (genuine, posted) = table_day();
    let (report, ok) = verify_with(dir.path(), "day.txt", &genuine, &["--chain", &posted[..8]]);
    assert!(ok, "{report}");
    assert!(report.contains(&format!("chain: 3 rolls, chain {posted}")), "{report}");
    assert!(report.contains("The chain matches the reveal post: 3 rolls"), "{report}");

    // The last roll deleted: every remaining line still recomputes, but not the chain.
    let cut: String = genuine.lines().filter(|l| !l.starts_with("roll 2 ")).map(|l| format!("{l}\n")).collect();
    let (report, ok) = verify_with(dir.path(), "cut.txt", &cut, &[]);
    assert!(!ok, "a cut transcript passed: {report}");
    assert!(report.contains("says 3 rolls") && report.contains("give 2 rolls"), "{report}");
    assert!(report.contains("rolls were cut or edited after the fact"), "{report}");
    assert!(report.contains("2 rolls checked, 0 differ"), "the remaining rolls recompute: {report}");

    // Cut again with the chain line deleted too: it reads as a transcript from
    // before the chain, which says what it cannot check; the reveal post's chain fails it.
    let without_chain: String = cut.lines().filter(|l| !l.starts_with("chain ")).map(|l| format!("{l}\n")).collect();
    let (report, ok) = verify_with(dir.path(), "bare.txt", &without_chain, &[]);
    assert!(ok && report.contains("cannot be checked"), "{report}");
    let (report, ok) = verify_with(dir.path(), "bare.txt", &without_chain, &["--chain", &posted]);
    assert!(!ok, "{report}");
    assert!(report.contains("The chain does NOT match the reveal post"), "{report}");

    // A label edited: its total still recomputes, the chain does not.
    let edited = genuine.replace("# stealth", "# perception");
    let (report, ok) = verify_with(dir.path(), "edited.txt", &edited, &[]);
    assert!(!ok, "an edited label passed: {report}");
    assert!(report.contains("rolls were cut or edited"), "{report}");

    let (report, ok) = verify_with(dir.path(), "day.txt", &genuine, &["--chain", "12"]);
    assert!(!ok && report.is_empty(), "a chain too short to mean anything is refused: {report}");
}
