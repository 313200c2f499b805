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
