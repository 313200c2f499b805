//! Settings: a TOML file (see `config.example.toml`), then the environment,
//! then command-line flags, each overriding the one before.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Deserialize;

use crate::core::limits::LimitConfig;

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Where the database lives (`ROOKERY_DATA_DIR`).
    pub data_dir: PathBuf,
    /// A PostgreSQL database to keep the records in instead of the data
    /// folder (`DATABASE_URL`), `postgres://user:password@host/database`:
    /// one database that several Rookery processes share (docs/storage.md).
    pub database_url: Option<String>,
    /// The bot's token (`DISCORD_TOKEN`); without one, Rookery starts the console.
    pub discord_token: Option<String>,
    /// Where the console writes pictures and files (`ROOKERY_IMAGE_DIR`).
    pub image_dir: PathBuf,
    /// How often the scheduler checks clocks and move deadlines, in seconds
    /// (`ROOKERY_TICK_SECONDS`); a fallen flag is posted within one tick.
    pub tick_seconds: u64,
    /// Hours an open challenge waits for an answer before it expires.
    pub challenge_hours: u64,
    /// How many live games are kept in memory, so a move does not replay its
    /// game's record; the least recently used go first. 0: none.
    pub live_games: usize,
    /// Automatic verified backups (the `[backup]` table).
    pub backup: BackupConfig,
    /// Rate limits per user and per channel (the `[limits]` table). On
    /// Discord the defaults apply when it is left out; the console, one
    /// trusted person at a keyboard (or a script piped in), has none unless
    /// the table is given.
    pub limits: Option<LimitConfig>,
    /// Whether a damaged database is replaced by its newest good backup at
    /// startup (`--no-restore` turns it off). Not a file setting.
    #[serde(skip)]
    pub restore: bool,
    /// A server (guild) id to register the slash commands in, instead of
    /// globally: they appear there at once, for testing (`ROOKERY_TEST_GUILD`).
    pub test_guild: Option<u64>,
    /// The channel id where notices for admins go (a restored database);
    /// without it, each server's system channel.
    pub admin_channel: Option<u64>,
    /// Per server, a role whose members moderate games (the
    /// `[moderator_roles]` table: `"SERVER_ID" = ROLE_ID`).
    pub moderator_roles: BTreeMap<String, u64>,
    /// A base URL that replaces `https://discord.com` in every REST call
    /// (`ROOKERY_REST_PROXY`): a rate-limiting proxy that several processes
    /// share (docs/scaling.md), which must then do the rate limiting.
    pub rest_proxy: Option<String>,
    /// The gateway's WebSocket URL, instead of the one Discord names
    /// (`ROOKERY_GATEWAY_URL`): for a gateway proxy, or a test double.
    pub gateway_url: Option<String>,
    /// How log lines are written (`ROOKERY_LOG_FORMAT`): `text` for people,
    /// `json` (one object a line) for log collectors.
    pub log_format: LogFormat,
    /// The operations endpoint (the `[metrics]` table).
    pub metrics: MetricsConfig,
    /// How long a stop (SIGTERM, Ctrl-C) waits for the commands in flight,
    /// in seconds (`ROOKERY_SHUTDOWN_SECONDS`).
    pub shutdown_seconds: u64,
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}

impl std::str::FromStr for LogFormat {
    type Err = anyhow::Error;

    fn from_str(text: &str) -> Result<LogFormat> {
        match text.trim().to_ascii_lowercase().as_str() {
            "text" => Ok(LogFormat::Text),
            "json" => Ok(LogFormat::Json),
            _ => anyhow::bail!("the log format is `text` or `json`, not {text:?}"),
        }
    }
}

/// Where `/metrics`, `/healthz` and `/readyz` are served.
#[derive(Debug, Clone, Default, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct MetricsConfig {
    /// `host:port` to listen on (`ROOKERY_METRICS_ADDRESS`); left out, no
    /// endpoint runs. Metrics carry no secrets but no access control either,
    /// so keep it on a private address such as `127.0.0.1:9184`.
    pub address: Option<std::net::SocketAddr>,
}

/// Where and how often backups are taken, and how many are kept.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct BackupConfig {
    /// The backup directory (`ROOKERY_BACKUP_DIR`); best on another disk.
    /// Left empty, it is `<data_dir>-backups`, beside the data folder (see
    /// [`Config::settle_paths`]), never the working directory.
    pub dir: PathBuf,
    /// Minutes between backups while Rookery runs; 0 turns them off.
    pub interval_minutes: u64,
    /// How many backups to keep; older ones are deleted.
    pub keep: usize,
}

impl Default for BackupConfig {
    fn default() -> BackupConfig {
        BackupConfig { dir: PathBuf::new(), interval_minutes: 60, keep: 48 }
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            data_dir: PathBuf::from("rookery-data"),
            database_url: None,
            discord_token: None,
            image_dir: PathBuf::from("rookery-images"),
            tick_seconds: 1,
            challenge_hours: 24,
            live_games: crate::core::live::DEFAULT_CAPACITY,
            backup: BackupConfig::default(),
            limits: None,
            restore: true,
            test_guild: None,
            admin_channel: None,
            moderator_roles: BTreeMap::new(),
            rest_proxy: None,
            gateway_url: None,
            log_format: LogFormat::Text,
            metrics: MetricsConfig::default(),
            shutdown_seconds: 20,
        }
    }
}

impl Config {
    /// Reads `file` if given (or `rookery.toml` if it exists), then applies
    /// environment overrides from `env`.
    pub fn load(file: Option<&Path>, env: impl Fn(&str) -> Option<String>) -> Result<Config> {
        let default_file = Path::new("rookery.toml");
        let mut config = match file.or_else(|| default_file.exists().then_some(default_file)) {
            Some(path) => {
                let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
                toml::from_str(&text).map_err(|e| anyhow::anyhow!("in {}, {}", path.display(), describe(&text, &e)))?
            }
            None => Config::default(),
        };
        if let Some(dir) = env("ROOKERY_DATA_DIR") {
            config.data_dir = dir.into();
        }
        if let Some(url) = env("DATABASE_URL").filter(|u| !u.trim().is_empty()) {
            config.database_url = Some(url);
        }
        if let Some(token) = env("DISCORD_TOKEN").filter(|t| !t.trim().is_empty()) {
            config.discord_token = Some(token);
        }
        if let Some(dir) = env("ROOKERY_IMAGE_DIR") {
            config.image_dir = dir.into();
        }
        if let Some(dir) = env("ROOKERY_BACKUP_DIR") {
            config.backup.dir = dir.into();
        }
        if let Some(seconds) = env("ROOKERY_TICK_SECONDS") {
            config.tick_seconds = seconds.parse().context("ROOKERY_TICK_SECONDS must be a whole number")?;
        }
        if let Some(guild) = env("ROOKERY_TEST_GUILD").filter(|g| !g.trim().is_empty()) {
            config.test_guild =
                Some(guild.trim().parse().context("ROOKERY_TEST_GUILD must be a server id (a number)")?);
        }
        if let Some(url) = env("ROOKERY_REST_PROXY").filter(|u| !u.trim().is_empty()) {
            config.rest_proxy = Some(url);
        }
        if let Some(url) = env("ROOKERY_GATEWAY_URL").filter(|u| !u.trim().is_empty()) {
            config.gateway_url = Some(url);
        }
        if let Some(format) = env("ROOKERY_LOG_FORMAT").filter(|f| !f.trim().is_empty()) {
            config.log_format = format.parse().context("ROOKERY_LOG_FORMAT")?;
        }
        if let Some(address) = env("ROOKERY_METRICS_ADDRESS").filter(|a| !a.trim().is_empty()) {
            let address =
                address.trim().parse().context("ROOKERY_METRICS_ADDRESS must be host:port, like 127.0.0.1:9184")?;
            config.metrics.address = Some(address);
        }
        if let Some(seconds) = env("ROOKERY_SHUTDOWN_SECONDS") {
            config.shutdown_seconds = seconds.parse().context("ROOKERY_SHUTDOWN_SECONDS must be a whole number")?;
        }
        config.moderator_role_ids()?;
        Ok(config)
    }

    /// Fills in the paths that follow from others, once the data folder is
    /// final (after the command line): a backup folder left unset sits beside
    /// the data folder, named after it, so two data folders never share one
    /// by accident.
    pub fn settle_paths(&mut self) {
        if self.backup.dir.as_os_str().is_empty() {
            self.backup.dir = rookery_storage::beside(&self.data_dir, "-backups");
        }
    }

    /// The `[moderator_roles]` table by numeric server id; a key that is not
    /// a server id is an error (checked when the file is loaded).
    pub fn moderator_role_ids(&self) -> Result<HashMap<u64, u64>> {
        self.moderator_roles
            .iter()
            .map(|(guild, &role)| {
                let guild = guild
                    .trim()
                    .parse()
                    .with_context(|| format!("[moderator_roles]: {guild:?} is not a server id (a number in quotes)"))?;
                Ok((guild, role))
            })
            .collect()
    }
}

/// A settings file error by line and column, without the line's text: the
/// line may hold the token, and an error message must never leak it. The
/// parser's own message is kept unless the line sets a secret (its message
/// may quote the value).
fn describe(text: &str, error: &toml::de::Error) -> String {
    let Some(span) = error.span() else { return error.message().to_string() };
    let before = &text[..span.start.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    let line_text = text.lines().nth(line - 1).unwrap_or_default();
    let key = line_text.split('=').next().unwrap_or_default().to_ascii_lowercase();
    let secret = ["token", "secret", "password", "key"].iter().any(|word| key.contains(word));
    let message = if secret {
        "this value is not valid (it is not shown, as it may be a secret)".to_string()
    } else {
        error.message().trim().replace('\n', "; ")
    };
    format!("line {line}, column {column}: {message}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_is_complete_and_valid() {
        let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config.example.toml");
        let config = Config::load(Some(&example), |_| None).unwrap();
        // The example spells the limits out, at their defaults.
        assert_eq!(config, Config { limits: Some(LimitConfig::default()), ..Config::default() });
    }

    #[test]
    fn environment_overrides_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("rookery.toml");
        std::fs::write(&file, "data_dir = \"/srv/rookery\"\ntick_seconds = 30\n").unwrap();
        let env = |name: &str| match name {
            "DISCORD_TOKEN" => Some("secret".to_string()),
            "ROOKERY_IMAGE_DIR" => Some("/tmp/pictures".to_string()),
            "DATABASE_URL" => Some("postgres://rookery@db/rookery".to_string()),
            _ => None,
        };
        let config = Config::load(Some(&file), env).unwrap();
        assert_eq!(config.data_dir, PathBuf::from("/srv/rookery"));
        assert_eq!(config.tick_seconds, 30);
        assert_eq!(config.discord_token.as_deref(), Some("secret"));
        assert_eq!(config.image_dir, PathBuf::from("/tmp/pictures"));
        assert_eq!(config.database_url.as_deref(), Some("postgres://rookery@db/rookery"));
        let mut settled = config.clone();
        settled.settle_paths();
        assert_eq!(settled.backup.dir, PathBuf::from("/srv/rookery-backups"), "beside the data folder");
        settled.data_dir = "/elsewhere/data".into();
        settled.settle_paths();
        assert_eq!(settled.backup.dir, PathBuf::from("/srv/rookery-backups"), "a chosen folder stays");
        std::fs::write(&file, "data_dirr = \"x\"\n").unwrap();
        assert!(format!("{:#}", Config::load(Some(&file), |_| None).unwrap_err()).contains("unknown field"));
    }

    #[test]
    fn operations_settings_come_from_the_file_or_the_environment() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("rookery.toml");
        std::fs::write(&file, "log_format = \"json\"\nshutdown_seconds = 5\n[metrics]\naddress = \"127.0.0.1:9184\"\n")
            .unwrap();
        let config = Config::load(Some(&file), |_| None).unwrap();
        assert_eq!(config.log_format, LogFormat::Json);
        assert_eq!(config.shutdown_seconds, 5);
        assert_eq!(config.metrics.address, Some("127.0.0.1:9184".parse().unwrap()));
        let env = |name: &str| match name {
            "ROOKERY_LOG_FORMAT" => Some("Text".to_string()),
            "ROOKERY_METRICS_ADDRESS" => Some("0.0.0.0:9000".to_string()),
            _ => None,
        };
        let config = Config::load(Some(&file), env).unwrap();
        assert_eq!(config.log_format, LogFormat::Text);
        assert_eq!(config.metrics.address, Some("0.0.0.0:9000".parse().unwrap()));
        let wrong = |name: &str| (name == "ROOKERY_LOG_FORMAT").then(|| "yaml".to_string());
        let error = format!("{:#}", Config::load(Some(&file), wrong).unwrap_err());
        assert!(error.contains("`text` or `json`"), "{error}");
        std::fs::write(&file, "[metrics]\naddress = \"localhost\"\n").unwrap();
        assert!(Config::load(Some(&file), |_| None).is_err(), "an address needs a port");
    }

    #[test]
    fn moderator_roles_and_the_admin_channel_are_read_by_server_id() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("rookery.toml");
        std::fs::write(&file, "admin_channel = 42\n[moderator_roles]\n\"800\" = 77\n").unwrap();
        let config = Config::load(Some(&file), |_| None).unwrap();
        assert_eq!(config.admin_channel, Some(42));
        assert_eq!(config.moderator_role_ids().unwrap(), HashMap::from([(800, 77)]));
        std::fs::write(&file, "[moderator_roles]\nmain = 77\n").unwrap();
        let error = format!("{:#}", Config::load(Some(&file), |_| None).unwrap_err());
        assert!(error.contains("not a server id"), "{error}");
    }

    #[test]
    fn errors_never_show_a_secret() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("rookery.toml");
        for broken in [
            "discord_token = \"MTIz.secret-value\nx = 1\n",
            "discord_token = MTIz.secret-value\n",
            "discord_token = 'MTIz.secret-value\n",
            "discord_token = 12345678901234\n",
            "[backup]\nkeep = \"MTIz.secret-value\"\ndiscord_token = \"MTIz.secret-value\"\nx = \n",
        ] {
            std::fs::write(&file, broken).unwrap();
            let error = format!("{:#}", Config::load(Some(&file), |_| None).unwrap_err());
            assert!(!error.contains("secret-value") && !error.contains("12345678901234"), "{error}");
            assert!(error.contains("line "), "{error}");
        }
        std::fs::write(&file, "tick_seconds = \"soon\"\n").unwrap();
        let error = format!("{:#}", Config::load(Some(&file), |_| None).unwrap_err());
        assert!(error.contains("line 1") && error.contains("invalid type"), "{error}");
    }
}
