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

    // The bot kept the database all along and ends normally.
    drop(console);
    assert!(bot.wait().unwrap().success());
}
