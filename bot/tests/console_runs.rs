//! The console as a newcomer pipes into it, run after run on one data folder:
//! a name is the same player in every run, a script is never rate limited,
//! and pictures sort in the order they were made.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Runs `rookery console` on the folders under `root` with `script` piped in.
fn console(root: &Path, script: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["console", "--data-dir", root.join("data").to_str().unwrap()])
        .current_dir(root)
        .env("ROOKERY_IMAGE_DIR", root.join("images"))
        .env_remove("DISCORD_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn names_are_players_across_runs_and_a_script_is_never_slowed_down() {
    let root = tempfile::tempdir().unwrap();
    console(root.path(), "/play chess @bob\n/as bob\n/accept\n/as alice\ne4\n");
    // Another run, in which carol is named first: she is still not bob.
    let said = console(root.path(), "/as carol\ne5\n/as zed\n/stats\n/as bob\ne5\n");
    assert!(said.contains("(only carol) You are not playing in this game"), "{said}");
    assert!(said.contains("Moves: 1. e4 e5"), "bob's move was his: {said}");
    assert!(said.contains("zed\nNo rated games yet."), "zed has no record of his own: {said}");
    let said = console(root.path(), "/as rookery\n");
    assert!(said.contains("Rookery plays its own moves"), "{said}");

    let rolls = "/roll 1d20\n".repeat(25);
    let said = console(root.path(), &rolls);
    assert_eq!(said.matches("alice rolls:").count(), 25, "{said}");
    assert!(!said.contains("Slow down"), "{said}");

    // A later run's first picture, of another name, sorts after every earlier one.
    console(root.path(), "/dice stats d20\n");
    let mut pictures: Vec<String> = std::fs::read_dir(root.path().join("images"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let made = pictures.clone();
    pictures.sort();
    assert_eq!(pictures.iter().filter(|p| p.contains("histogram")).count(), 1, "{pictures:?}");
    assert!(pictures.len() >= 3, "{pictures:?}");
    assert_eq!(pictures.last().map(|p| p.contains("histogram")), Some(true), "{pictures:?}");
    assert_eq!(pictures.len(), made.len());
}
