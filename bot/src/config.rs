//! Settings: a TOML file (see `config.example.toml`), then the environment,
//! then command-line flags, each overriding the one before.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Where the database lives (`ROOKERY_DATA_DIR`).
    pub data_dir: PathBuf,
    /// The bot's token (`DISCORD_TOKEN`); without one, Rookery starts the console.
    pub discord_token: Option<String>,
    /// Where the console writes pictures and files (`ROOKERY_IMAGE_DIR`).
    pub image_dir: PathBuf,
    /// How often the scheduler checks clocks and move deadlines, in seconds
    /// (`ROOKERY_TICK_SECONDS`); a fallen flag is posted within one tick.
    pub tick_seconds: u64,
    /// A server (guild) id to register the slash commands in, instead of
    /// globally: they appear there at once, for testing (`ROOKERY_TEST_GUILD`).
    pub test_guild: Option<u64>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            data_dir: PathBuf::from("rookery-data"),
            discord_token: None,
            image_dir: PathBuf::from("rookery-images"),
            tick_seconds: 1,
            test_guild: None,
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
                toml::from_str(&text).with_context(|| format!("in {}", path.display()))?
            }
            None => Config::default(),
        };
        if let Some(dir) = env("ROOKERY_DATA_DIR") {
            config.data_dir = dir.into();
        }
        if let Some(token) = env("DISCORD_TOKEN").filter(|t| !t.trim().is_empty()) {
            config.discord_token = Some(token);
        }
        if let Some(dir) = env("ROOKERY_IMAGE_DIR") {
            config.image_dir = dir.into();
        }
        if let Some(seconds) = env("ROOKERY_TICK_SECONDS") {
            config.tick_seconds = seconds.parse().context("ROOKERY_TICK_SECONDS must be a whole number")?;
        }
        if let Some(guild) = env("ROOKERY_TEST_GUILD").filter(|g| !g.trim().is_empty()) {
            config.test_guild =
                Some(guild.trim().parse().context("ROOKERY_TEST_GUILD must be a server id (a number)")?);
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_is_complete_and_valid() {
        let example = Path::new(env!("CARGO_MANIFEST_DIR")).join("../config.example.toml");
        let config = Config::load(Some(&example), |_| None).unwrap();
        assert_eq!(config, Config::default());
    }

    #[test]
    fn environment_overrides_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("rookery.toml");
        std::fs::write(&file, "data_dir = \"/srv/rookery\"\ntick_seconds = 30\n").unwrap();
        let env = |name: &str| match name {
            "DISCORD_TOKEN" => Some("secret".to_string()),
            "ROOKERY_IMAGE_DIR" => Some("/tmp/pictures".to_string()),
            _ => None,
        };
        let config = Config::load(Some(&file), env).unwrap();
        assert_eq!(config.data_dir, PathBuf::from("/srv/rookery"));
        assert_eq!(config.tick_seconds, 30);
        assert_eq!(config.discord_token.as_deref(), Some("secret"));
        assert_eq!(config.image_dir, PathBuf::from("/tmp/pictures"));
        std::fs::write(&file, "data_dirr = \"x\"\n").unwrap();
        assert!(format!("{:#}", Config::load(Some(&file), |_| None).unwrap_err()).contains("unknown field"));
    }
}
