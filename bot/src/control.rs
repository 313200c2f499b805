//! The control socket: how `rookery backup` reaches a running bot. sled locks
//! its directory, so a second process cannot open the database while the bot
//! runs; instead the bot listens on a Unix socket in its data directory
//! (`rookery-control.sock`, mode 0600: only the owner may connect), and the
//! CLI asks it to take the backup.
//!
//! The protocol is one line each way: the request `backup`, the answer
//! `ok\t<records>\t<path>` or `error\t<message>`; or the request `check`
//! (`rookery check` on a folder the bot holds), the answer
//! `ok\t<sound|damaged>\t<the report as a JSON string>`.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context, Result};
use rookery_storage::Storage;

use crate::config::BackupConfig;
use crate::restore::backup_now;

/// The socket's name inside the data directory.
pub const SOCKET: &str = "rookery-control.sock";

/// The prefix of the private folder the socket is bound in.
const STAGING: &str = ".control-";

/// How long either side waits for the other's line; a backup of a large
/// database takes seconds, so the client waits longer.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
const ANSWER_TIMEOUT: Duration = Duration::from_secs(300);

/// What a backup taken through the socket was.
#[derive(Debug, PartialEq, Eq)]
pub struct RemoteBackup {
    pub records: usize,
    pub path: PathBuf,
}

/// Listens on the control socket of `data_dir` on a background thread for
/// as long as the process runs. The caller holds the database open, so no
/// other bot serves this directory: a socket file left by a crash is replaced.
pub fn serve(storage: Storage, backups: BackupConfig, data_dir: &Path) -> Result<()> {
    let path = data_dir.join(SOCKET);
    let listener = bind_private(data_dir, &path)?;
    std::thread::Builder::new().name("control".into()).spawn(move || {
        for stream in listener.incoming() {
            match stream {
                Ok(stream) => {
                    if let Err(error) = answer(stream, &storage, &backups) {
                        tracing::warn!("a control connection failed: {error:#}");
                    }
                }
                Err(error) => tracing::warn!(%error, "could not accept a control connection"),
            }
        }
    })?;
    tracing::info!(path = %path.display(), "control socket ready (`rookery backup` works while the bot runs)");
    Ok(())
}

/// Binds the socket where nobody else can reach it, even for a moment: in a
/// fresh folder only the owner may enter, made 0600, then renamed into place.
fn bind_private(data_dir: &Path, path: &Path) -> Result<UnixListener> {
    // Staging folders left by a bot killed mid-start are stale: this process
    // holds the database, so no other is binding here.
    for entry in std::fs::read_dir(data_dir)?.flatten() {
        if entry.file_name().to_string_lossy().starts_with(STAGING) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    let staging = data_dir.join(format!("{STAGING}{}", std::process::id()));
    std::fs::DirBuilder::new()
        .mode(0o700)
        .create(&staging)
        .with_context(|| format!("creating {}", staging.display()))?;
    let staged = staging.join(SOCKET);
    let bound = (|| -> Result<UnixListener> {
        let listener = UnixListener::bind(&staged).with_context(|| format!("binding {}", staged.display()))?;
        std::fs::set_permissions(&staged, std::fs::Permissions::from_mode(0o600))?;
        std::fs::rename(&staged, path).with_context(|| format!("moving the control socket to {}", path.display()))?;
        Ok(listener)
    })();
    let _ = std::fs::remove_dir_all(&staging);
    bound
}

fn answer(stream: UnixStream, storage: &Storage, backups: &BackupConfig) -> Result<()> {
    stream.set_read_timeout(Some(REQUEST_TIMEOUT))?;
    let mut line = String::new();
    // A request is one short line; never read an unbounded one.
    BufReader::new(std::io::Read::take(&stream, 256)).read_line(&mut line)?;
    let reply = match line.trim() {
        "backup" => match backup_now(storage, backups) {
            Ok(backup) => {
                tracing::info!(path = %backup.path.display(), records = backup.records, "backup taken on request");
                format!("ok\t{}\t{}\n", backup.records, backup.path.display())
            }
            Err(error) => format!("error\t{}\n", one_line(&format!("{error:#}"))),
        },
        "check" => match storage.check() {
            Ok(report) => {
                let verdict = if report.unreadable.is_empty() { "sound" } else { "damaged" };
                format!("ok\t{verdict}\t{}\n", serde_json::Value::String(report.to_string()))
            }
            Err(error) => format!("error\t{}\n", one_line(&error.to_string())),
        },
        other => format!("error\tunknown request {:?}\n", one_line(other)),
    };
    (&stream).write_all(reply.as_bytes())?;
    Ok(())
}

fn one_line(text: &str) -> String {
    text.replace(['\n', '\t'], " ")
}

/// What the bot running on a folder says of its database.
#[derive(Debug, PartialEq, Eq)]
pub struct RemoteCheck {
    /// Whether every record decodes.
    pub sound: bool,
    pub report: String,
}

/// Sends one request to the bot running on `data_dir` and returns the two
/// fields of its `ok` answer. `Ok(None)`: no bot listens there (no socket,
/// or a stale one nobody answers).
fn ask(data_dir: &Path, request: &str, what: &str) -> Result<Option<(String, String)>> {
    let path = data_dir.join(SOCKET);
    let stream = match UnixStream::connect(&path) {
        Ok(stream) => stream,
        Err(error) if matches!(error.kind(), std::io::ErrorKind::NotFound | std::io::ErrorKind::ConnectionRefused) => {
            return Ok(None)
        }
        Err(error) => return Err(error).with_context(|| format!("connecting to {}", path.display())),
    };
    stream.set_read_timeout(Some(ANSWER_TIMEOUT))?;
    (&stream).write_all(format!("{request}\n").as_bytes())?;
    let mut line = String::new();
    BufReader::new(&stream).read_line(&mut line).with_context(|| format!("waiting for the running bot's {what}"))?;
    let mut fields = line.trim_end_matches('\n').splitn(3, '\t');
    match (fields.next(), fields.next(), fields.next()) {
        (Some("ok"), Some(first), Some(second)) => Ok(Some((first.to_string(), second.to_string()))),
        (Some("error"), Some(message), _) => bail!("the running bot could not make the {what}: {message}"),
        _ => bail!("the running bot answered something unexpected: {:?}", line.trim()),
    }
}

/// Asks the bot running on `data_dir` for a verified backup; `Ok(None)` when
/// no bot listens there.
pub fn request_backup(data_dir: &Path) -> Result<Option<RemoteBackup>> {
    let Some((records, path)) = ask(data_dir, "backup", "backup")? else { return Ok(None) };
    Ok(Some(RemoteBackup { records: records.parse().context("the bot's answer")?, path: path.into() }))
}

/// Asks the bot running on `data_dir` to read its whole database through;
/// `Ok(None)` when no bot listens there.
pub fn request_check(data_dir: &Path) -> Result<Option<RemoteCheck>> {
    let Some((verdict, report)) = ask(data_dir, "check", "check")? else { return Ok(None) };
    let report: String = serde_json::from_str(&report).context("the bot's answer")?;
    Ok(Some(RemoteCheck { sound: verdict == "sound", report }))
}

/// Removes the control socket of `data_dir`, when the process that serves it
/// ends (a socket left behind would only be replaced by the next bot, but it
/// should not outlive the process that made it).
pub fn remove_socket(data_dir: &Path) {
    let _ = std::fs::remove_file(data_dir.join(SOCKET));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::MetadataExt;

    #[test]
    fn a_second_client_gets_a_verified_backup_from_the_running_bot() {
        let root = tempfile::tempdir().unwrap();
        let data = root.path().join("data");
        let storage = Storage::open(&data).unwrap();
        storage.set_setting(1, "dialect", &"avrae").unwrap();
        let config = BackupConfig { dir: root.path().join("backups"), interval_minutes: 0, keep: 5 };
        assert_eq!(request_backup(&data).unwrap(), None, "no bot listens yet");
        // A staging folder left by a bot killed while starting.
        std::fs::create_dir(data.join(format!("{STAGING}1"))).unwrap();
        serve(storage.clone(), config, &data).unwrap();

        let socket = std::fs::metadata(data.join(SOCKET)).unwrap();
        assert_eq!(socket.mode() & 0o777, 0o600, "only the owner may connect");
        let backup = request_backup(&data).unwrap().expect("the bot answered");
        let verified = rookery_storage::verify_backup(&backup.path).unwrap();
        assert_eq!(verified.records, backup.records);
        assert!(backup.records >= 1);
        let check = request_check(&data).unwrap().expect("the bot answered");
        assert!(check.sound, "{}", check.report);
        assert!(check.report.contains("every record decodes"), "{}", check.report);
        // The directory is still the bot's, and nothing was left beside the socket.
        assert!(Storage::open(&data).is_err());
        assert!(std::fs::read_dir(&data).unwrap().all(|e| !e
            .unwrap()
            .file_name()
            .to_string_lossy()
            .starts_with(STAGING)));
    }

    #[test]
    fn unknown_requests_are_refused() {
        let root = tempfile::tempdir().unwrap();
        let data = root.path().join("data");
        let storage = Storage::open(&data).unwrap();
        let config = BackupConfig { dir: root.path().join("backups"), interval_minutes: 0, keep: 5 };
        serve(storage, config, &data).unwrap();
        let stream = UnixStream::connect(data.join(SOCKET)).unwrap();
        (&stream).write_all(b"drop tables\n").unwrap();
        let mut line = String::new();
        BufReader::new(&stream).read_line(&mut line).unwrap();
        assert!(line.starts_with("error\tunknown request"), "{line}");
    }
}
