//! New chess in the console: the true king is chosen with `/choose` alone,
//! which asks for it without echoing it (a hidden prompt on a terminal, the
//! next line of a pipe), and the console never prints the choice or its nonce.

mod common;

use common::Table;
use rookery::core::Handler;

fn run(script: &str) -> String {
    let t = Table::new();
    let images = tempfile::tempdir().unwrap();
    let mut out = Vec::new();
    rookery::console::run(&t.core as &dyn Handler, script.as_bytes(), &mut out, images.path()).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn the_secret_choice_is_read_hidden_and_never_printed() {
    let out = run("/play newchess @bob\n/as bob\n/accept\n/as alice\n/choose\nE\n/as bob\n/choose\nf\n/as alice\ne4\n");
    assert_eq!(out.matches("Your secret choice is sealed").count(), 2, "{out}");
    assert!(out.contains("alice has made their secret choice (commitment `"), "{out}");
    assert!(out.contains("bob has made their secret choice (commitment `"), "{out}");
    assert!(out.contains("1. e4"), "play goes on once both have chosen:\n{out}");
    // (The console prints text plain: `**E**` would show as `E`.)
    for leak in ["king: E", "king: F", "|E|", "|F|", "nonce", "only you see this"] {
        assert!(!out.contains(leak), "{leak:?} printed:\n{out}");
    }
    // The choice's line itself is never echoed back either.
    assert!(!out.lines().any(|line| line.trim() == "E" || line.trim() == "f"), "{out}");
}

#[test]
fn a_wrong_hidden_choice_is_refused_and_an_open_one_still_works() {
    let out = run("/play newchess @bob\n/as bob\n/accept\n/as alice\n/choose\nX\n/choose E\n");
    assert!(out.contains("(only alice) Choose one of: E, F."), "{out}");
    assert!(out.contains("alice has made their secret choice"), "{out}");
}
