//! `rookery backup` while a bot runs on the database: sled's lock keeps the
//! second process out, so it asks the running bot through its control socket,
//! and the backup it gets verifies with `rookery check`.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn rookery(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(args)
        .current_dir(dir)
        .env("ROOKERY_BACKUP_DIR", dir.join("backups"))
        .env("ROOKERY_IMAGE_DIR", dir.join("images"))
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("rookery runs")
}

#[test]
fn a_second_process_gets_a_verified_backup_from_the_running_bot() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    let data_arg = data.to_str().unwrap();
    let mut bot = Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["console", "--data-dir", data_arg])
        .current_dir(root.path())
        .env("ROOKERY_BACKUP_DIR", root.path().join("backups"))
        .env("ROOKERY_IMAGE_DIR", root.path().join("images"))
        .env_remove("DISCORD_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut console = bot.stdin.take().unwrap();
    console.write_all(b"/play chess\n/roll 3d6\n").unwrap();
    console.flush().unwrap();

    // The bot is up once its control socket is.
    let started = Instant::now();
    while !data.join(rookery::control::SOCKET).exists() {
        assert!(started.elapsed() < Duration::from_secs(30), "the bot never opened its control socket");
        std::thread::sleep(Duration::from_millis(50));
    }
    let backup = rookery(root.path(), &["backup", "--data-dir", data_arg]);
    let said = String::from_utf8_lossy(&backup.stdout).to_string();
    assert!(backup.status.success(), "{said}{}", String::from_utf8_lossy(&backup.stderr));
    assert!(said.starts_with("the running bot backed up"), "{said}");
    let file = said.trim_end().rsplit_once(" to ").unwrap().1.trim_end_matches(" (verified)").to_string();

    let check = rookery(root.path(), &["check", &file]);
    let report = String::from_utf8_lossy(&check.stdout).to_string();
    assert!(check.status.success(), "{report}{}", String::from_utf8_lossy(&check.stderr));
    assert!(report.contains("a sound backup of"), "{report}");

    // Checking the folder the bot holds: in use, not damaged; the bot reads it through.
    let check = rookery(root.path(), &["check", data_arg]);
    let report = String::from_utf8_lossy(&check.stdout).to_string();
    assert!(check.status.success(), "{report}{}", String::from_utf8_lossy(&check.stderr));
    assert!(report.contains("in use by a running Rookery, which read it through"), "{report}");
    assert!(!report.contains("damaged"), "{report}");

    // The bot kept the database all along, ends normally and leaves no socket.
    drop(console);
    assert!(bot.wait().unwrap().success());
    assert!(!data.join(rookery::control::SOCKET).exists(), "the control socket outlived the console");
}

/// Starts a console on `data` that waits for input, and waits for its control socket.
fn console(root: &Path, data: &Path) -> std::process::Child {
    let bot = Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["console", "--data-dir", data.to_str().unwrap()])
        .current_dir(root)
        .env("ROOKERY_IMAGE_DIR", root.join("images"))
        .env_remove("DISCORD_TOKEN")
        .env_remove("RUST_LOG")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !data.join(rookery::control::SOCKET).exists() {
        assert!(started.elapsed() < Duration::from_secs(30), "the console never opened its control socket");
        std::thread::sleep(Duration::from_millis(50));
    }
    bot
}

#[test]
fn a_console_stopped_by_a_signal_leaves_no_socket_and_logs_its_warnings() {
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    {
        let storage = rookery_storage::Storage::open(&data).unwrap();
        // A channel's game record that is JSON but no game.
        let key = "00".repeat(16);
        let line = format!("{{\"tree\":\"games\",\"key\":\"{key}\",\"value\":{{\"version\":1,\"game\":7}}}}\n");
        rookery_storage::import(&storage, line.as_bytes()).unwrap();
    }
    let bot = console(root.path(), &data);
    let stopped = Command::new("kill").args(["-TERM", &bot.id().to_string()]).status().unwrap();
    assert!(stopped.success());
    let output = bot.wait_with_output().unwrap();
    assert!(!data.join(rookery::control::SOCKET).exists(), "SIGTERM left the control socket behind");
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(log.contains("unreadable record"), "the start-up warning did not reach the terminal: {log}");
    // With no backup folder chosen, backups sit beside the data folder,
    // wherever Rookery is started from.
    let elsewhere = tempfile::tempdir().unwrap();
    let backup = Command::new(env!("CARGO_BIN_EXE_rookery"))
        .args(["backup", "--data-dir", data.to_str().unwrap()])
        .current_dir(elsewhere.path())
        .env_remove("ROOKERY_BACKUP_DIR")
        .output()
        .unwrap();
    assert!(backup.status.success(), "{}", String::from_utf8_lossy(&backup.stderr));
    assert_eq!(std::fs::read_dir(root.path().join("data-backups")).unwrap().count(), 1);
    assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0);
}
