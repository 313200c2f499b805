//! `rookery`: the Discord bot, its local console and the command-line tools.

use std::process::ExitCode;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use std::sync::Arc;

use rookery::cli::{admin, dice as dice_cli, migrate, puzzles as puzzles_cli, tools};
use rookery::config::{Config, LogFormat};
use rookery::core::limits::LimitConfig;
use rookery::core::puzzle::{Reserve, ReserveKeeper, RESERVE_TARGET};
use rookery::core::{system_clock, system_millis, Core};
use rookery::telemetry::endpoint::Endpoint;
use rookery::telemetry::shutdown::Shutdown;
use rookery::{bench, console as local, control, discord, restore};
use rookery_storage::Storage;

#[derive(Parser, Debug)]
#[command(name = "rookery", version, about = "Chess variants and fair dice for Discord communities")]
struct Cli {
    /// Without a command: serve Discord if a token is configured, otherwise
    /// start the local console.
    #[command(subcommand)]
    command: Option<Command>,
}

/// Where settings come from, for the commands that run Rookery.
#[derive(clap::Args, Debug, Clone, Default)]
struct Settings {
    /// A TOML settings file (default: rookery.toml if present).
    #[arg(long)]
    config: Option<std::path::PathBuf>,
    /// Where the database lives; overrides the file and ROOKERY_DATA_DIR.
    #[arg(long)]
    data_dir: Option<std::path::PathBuf>,
    /// If the database is damaged, refuse to start instead of moving it
    /// aside and restoring the newest good backup.
    #[arg(long)]
    no_restore: bool,
}

impl Settings {
    fn load(&self) -> Result<Config> {
        let mut config = Config::load(self.config.as_deref(), |name| std::env::var(name).ok())?;
        if let Some(dir) = &self.data_dir {
            config.data_dir = dir.clone();
        }
        config.settle_paths();
        config.restore &= !self.no_restore;
        Ok(config)
    }
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Connect to Discord (needs DISCORD_TOKEN or `discord_token` in the settings).
    Serve {
        #[command(flatten)]
        settings: Settings,
        /// The gateway shards this process runs, `0-3` or `5` (docs/scaling.md);
        /// the process holding shard 0 also registers the commands and runs the
        /// schedulers. Default: all of them.
        #[arg(long, requires = "total_shards")]
        shards: Option<discord::ShardRange>,
        /// How many shards all processes run together.
        #[arg(long, requires = "shards")]
        total_shards: Option<u32>,
    },
    /// A local channel in the terminal; reads commands from a pipe too.
    Console {
        #[command(flatten)]
        settings: Settings,
    },
    /// Speak the Universal Chess Interface on standard input and output, for
    /// chess interfaces and match runners (docs/uci.md).
    Uci,
    /// Count the leaves of the legal move tree (a move-generator check).
    Perft {
        #[command(flatten)]
        setup: tools::Setup,
        #[arg(long)]
        depth: u32,
        /// One `MOVE COUNT` line per root move before the total.
        #[arg(long)]
        divide: bool,
    },
    /// List every legal move in canonical notation, sorted.
    Moves {
        #[command(flatten)]
        setup: tools::Setup,
    },
    /// Print the position text after the given moves.
    Fen {
        #[command(flatten)]
        setup: tools::Setup,
    },
    /// Draw the position after the given moves as a PNG, or with --gif the
    /// whole game as an animated GIF.
    Render {
        #[command(flatten)]
        setup: tools::Setup,
        /// Show the board from Black's side.
        #[arg(long)]
        flip: bool,
        /// Use the dark theme.
        #[arg(long)]
        dark: bool,
        /// Write an animated GIF of the whole game, one frame a move.
        #[arg(long)]
        gif: bool,
        /// With --gif: the game of this PGN file (any PGN Rookery writes; its
        /// tags give the variant, options and start position).
        #[arg(long, requires = "gif", conflicts_with_all = ["variant", "fen", "moves", "roll", "options"])]
        pgn: Option<std::path::PathBuf>,
        /// With --gif: the finished game with this id (`/games` lists them),
        /// from the database at --data-dir.
        #[arg(long, requires_all = ["gif", "data_dir"], conflicts_with = "pgn")]
        game: Option<u64>,
        /// The bot's database directory, for --game (the bot must not be running on it).
        #[arg(long)]
        data_dir: Option<std::path::PathBuf>,
        /// Where to write the picture.
        #[arg(short, long)]
        output: std::path::PathBuf,
    },
    /// Roll dice notation on a fresh provably fair ledger and print the proof.
    Roll {
        /// Dice notation, for example "4d6kh3" or "1d20+5 # stealth".
        expression: String,
        /// A 64-digit hex server seed, to reproduce a roll.
        #[arg(long)]
        seed: Option<String>,
        /// Whose notation the line is read in (a prefix in the line, like `avrae:`, wins).
        #[arg(long, default_value = "rookery", value_parser = ["rookery", "avrae", "maiden"])]
        dialect: String,
        /// Print only the revealed transcript, without the results as comments.
        #[arg(long)]
        transcript_only: bool,
    },
    /// Re-derive every roll of a revealed ledger transcript and report
    /// mismatches; or, given a game's PGN, check its secret choices' reveals
    /// against their commitments.
    Verify {
        /// The transcript file, or a game's PGN.
        transcript: std::path::PathBuf,
        /// The roll chain from the ledger's reveal post (all 64 hex digits, or
        /// at least its first 8): the transcript must end on it.
        #[arg(long)]
        chain: Option<String>,
    },
    /// Write every stored record as JSON lines (a backup).
    Export {
        /// The bot's database directory, or a `postgres://` URL.
        #[arg(long)]
        data_dir: std::path::PathBuf,
        /// Write to this file instead of standard output.
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
    },
    /// Restore a backup written by `export` or `backup` as a new database,
    /// all at once: it is loaded aside and moved into place only when whole.
    Import {
        /// The new database directory (it must not hold anything yet).
        #[arg(long)]
        data_dir: std::path::PathBuf,
        /// The damaged database this one replaces: the backup must be its
        /// own, and no id it ever handed out is handed out again.
        #[arg(long)]
        replaces: Option<std::path::PathBuf>,
        /// The backup file.
        file: std::path::PathBuf,
    },
    /// Take a verified backup now into the backup directory (through the
    /// running bot's control socket when a bot holds the database).
    Backup {
        #[command(flatten)]
        settings: Settings,
    },
    /// Verify a database directory or a backup file and report what it holds.
    Check {
        /// A database directory, a backup file or a `postgres://` URL.
        path: std::path::PathBuf,
    },
    /// Copy a whole database from one backend to the other
    /// (`--from sled:rookery-data --to postgres://...`), counting every kind
    /// of record before and after. Stop the bot using a data folder first.
    Migrate {
        /// `sled:FOLDER` or `postgres://user:password@host/database`.
        #[arg(long)]
        from: migrate::Location,
        /// The same kinds; it must be empty unless --force is given.
        #[arg(long)]
        to: migrate::Location,
        /// Copy into a database that already holds records (same keys are replaced).
        #[arg(long)]
        force: bool,
    },
    /// Daily-puzzle tools.
    Puzzles {
        #[command(subcommand)]
        action: PuzzlesAction,
    },
    /// Measure move latency, durable moves per second and how late fallen flags are posted, on a fresh database.
    Bench {
        /// A fresh directory for the bench database (default: a temporary one).
        #[arg(long)]
        data_dir: Option<std::path::PathBuf>,
        /// Bench on this empty PostgreSQL database instead of a data folder.
        #[arg(long)]
        database_url: Option<String>,
        /// Moves to time one at a time.
        #[arg(long, default_value_t = 2000)]
        moves: usize,
        /// Moves to play for the throughput run.
        #[arg(long, default_value_t = 5000)]
        throughput_moves: usize,
        /// Channels the throughput run plays in, a game each.
        #[arg(long, default_value_t = 100)]
        channels: u64,
        /// Threads sending moves at once (default: one per channel). A
        /// channel's players wait for each reply, and the Discord adapter runs
        /// every request on a blocking thread of its own, so busy channels
        /// mean that many requests in flight.
        #[arg(long)]
        threads: Option<u64>,
        /// Games with 3-second clocks whose flags are timed.
        #[arg(long, default_value_t = 200)]
        clock_games: u64,
        /// Live games without clocks beside them (the scheduler reads them all).
        #[arg(long, default_value_t = 1000)]
        idle_games: u64,
        /// The late ply of the long game whose move latency is compared with ply 10.
        #[arg(long, default_value_t = 500)]
        long_game_ply: usize,
    },
}

#[derive(Subcommand, Debug)]
enum PuzzlesAction {
    /// Find verified mate puzzles (self-play and finished games) and add them
    /// to the pool, or write them to a seed file with --output.
    Generate {
        /// Which variant's puzzles.
        #[arg(long, default_value = "chess")]
        variant: String,
        /// How many new puzzles.
        #[arg(long, default_value_t = 20)]
        count: usize,
        /// Drives self-play; the same seed gives the same puzzles.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The longest mate to look for, in the solver's moves (1 to 4).
        #[arg(long, default_value_t = 4)]
        max_mate: u32,
        /// Write the puzzles here as JSON lines instead of adding them to the
        /// pool (this is how bot/puzzles/seed.jsonl is made).
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
        #[command(flatten)]
        settings: Settings,
    },
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // The whole chain, one line, no backtrace: these are user errors.
            eprintln!("error: {error:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    let Some(command) = cli.command else {
        let settings = Settings::default();
        let config = settings.load()?;
        return if config.discord_token.is_some() {
            serve(config, discord::ShardBlock::ALL_OF_ONE)
        } else {
            console(config)
        };
    };
    let output = match &command {
        Command::Serve { settings, shards, total_shards } => {
            let shards = match (shards, total_shards) {
                (Some(shards), Some(total)) => discord::ShardBlock::new(shards.0.clone(), *total)?,
                _ => discord::ShardBlock::ALL_OF_ONE,
            };
            return serve(settings.load()?, shards);
        }
        Command::Console { settings } => return console(settings.load()?),
        Command::Uci => {
            let out: rookery::uci::Out = std::sync::Arc::new(std::sync::Mutex::new(std::io::stdout()));
            return rookery::uci::run(std::io::stdin().lock(), out);
        }
        Command::Perft { setup, depth, divide } => tools::perft(setup, *depth, *divide)?,
        Command::Moves { setup } => tools::moves(setup)?,
        Command::Fen { setup } => tools::fen(setup)?,
        Command::Render { setup, flip, dark, gif: false, output, .. } => tools::render(setup, *flip, *dark, output)?,
        Command::Render { setup, flip, dark, gif: true, pgn, game, data_dir, output } => {
            let source = match (game, data_dir, pgn) {
                (Some(id), Some(data_dir), _) => tools::GifSource::Stored { data_dir, id: *id },
                (_, _, Some(file)) => tools::GifSource::Pgn(file),
                _ => tools::GifSource::Moves(setup),
            };
            tools::render_gif(source, *flip, *dark, output)?
        }
        Command::Roll { expression, seed, dialect, transcript_only } => {
            let now = system_clock()();
            let channel = |id: u64| format!("#channel-{id}");
            let dialect =
                rookery_dice::Dialect::from_name(dialect).context("the dialect is rookery, avrae or maiden")?;
            let rolled = dice_cli::roll(expression, seed.as_deref(), dialect)?;
            if *transcript_only {
                print!("{}", rolled.transcript());
            } else {
                print!("{}", rolled.text(|shown| rookery::plain::plain(shown, now, channel)));
            }
            // The roll is on the ledger either way; a failed one still ends in an error.
            if let Some(why) = &rolled.failure {
                anyhow::bail!("the roll failed to evaluate ({why}); its transcript is above");
            }
            return Ok(());
        }
        Command::Verify { transcript, chain } => {
            let text =
                std::fs::read_to_string(transcript).with_context(|| format!("reading {}", transcript.display()))?;
            if rookery::cli::secret::is_pgn(&text) {
                let (report, ok) = rookery::cli::secret::verify(&text);
                println!("{report}");
                anyhow::ensure!(ok, "the secret choices do not verify");
                return Ok(());
            }
            let (report, ok) = dice_cli::verify_against(&text, chain.as_deref())?;
            println!("{report}");
            anyhow::ensure!(ok, "the transcript does not verify");
            return Ok(());
        }
        Command::Export { data_dir, output: Some(file) } => {
            let count = admin::export_to_file(data_dir, file)?;
            format!("exported {count} records to {}\n", file.display())
        }
        Command::Export { data_dir, output: None } => {
            // The records go to stdout, so the count goes to stderr.
            let count = admin::export(data_dir, &mut std::io::stdout().lock())?;
            eprintln!("exported {count} records");
            return Ok(());
        }
        Command::Import { data_dir, replaces, file } => {
            let count = admin::import(data_dir, file, replaces.as_deref())?;
            format!("imported {count} records into {}\n", data_dir.display())
        }
        Command::Backup { settings } => {
            let config = settings.load()?;
            // A running bot holds a data folder: it takes the backup itself.
            if config.database_url.is_some() {
                let storage = admin::open_configured(&config)?;
                let backup = restore::backup_now(&storage, &config.backup)?;
                format!("backed up {} records to {} (verified)\n", backup.records, backup.path.display())
            } else if let Some(backup) = control::request_backup(&config.data_dir)? {
                format!(
                    "the running bot backed up {} records to {} (verified)\n",
                    backup.records,
                    backup.path.display()
                )
            } else {
                let storage = admin::open_existing(&config.data_dir)?;
                let backup = restore::backup_now(&storage, &config.backup)?;
                format!("backed up {} records to {} (verified)\n", backup.records, backup.path.display())
            }
        }
        Command::Check { path } => {
            let (report, verdict) = admin::check(path)?;
            print!("{report}");
            // A URL may hold a password: it is never printed.
            let what = match admin::postgres_url(path) {
                Some(_) => "the PostgreSQL database".to_string(),
                None => path.display().to_string(),
            };
            match verdict {
                admin::Verdict::Sound => return Ok(()),
                admin::Verdict::Damaged => anyhow::bail!("{what} is damaged"),
                admin::Verdict::Unchecked => anyhow::bail!("{what} could not be checked"),
            }
        }
        Command::Migrate { from, to, force } => migrate::migrate(from, to, *force)?,
        Command::Puzzles { action } => return puzzles(action),
        Command::Bench {
            data_dir,
            database_url,
            moves,
            throughput_moves,
            channels,
            threads,
            clock_games,
            idle_games,
            long_game_ply,
        } => {
            let temporary = std::env::temp_dir().join(format!("rookery-bench-{}", std::process::id()));
            let dir = data_dir.clone().unwrap_or_else(|| temporary.clone());
            let plan = bench::Plan {
                moves: *moves,
                throughput_moves: *throughput_moves,
                channels: *channels,
                threads: threads.unwrap_or(*channels),
                clock_games: *clock_games,
                idle_games: *idle_games,
                long_game_ply: *long_game_ply,
                database_url: database_url.clone(),
            };
            let result = bench::run(&dir, &plan);
            if data_dir.is_none() {
                // Best effort: a leftover temporary directory is harmless.
                let _ = std::fs::remove_dir_all(&temporary);
            }
            result?
        }
    };
    print!("{output}");
    Ok(())
}

fn puzzles(action: &PuzzlesAction) -> Result<()> {
    let PuzzlesAction::Generate { variant, count, seed, max_mate, output, settings } = action;
    let request = puzzles_cli::Request { variant: variant.parse()?, count: *count, seed: *seed, max_mate: *max_mate };
    let mut progress = std::io::stderr();
    match output {
        Some(file) => {
            let found = puzzles_cli::generate(&request, None, &[], &mut progress)?;
            let mut out = std::fs::File::create(file).with_context(|| format!("creating {}", file.display()))?;
            puzzles_cli::write_jsonl(&found, &mut out)?;
            println!("wrote {} puzzles to {}", found.len(), file.display());
        }
        None => {
            let config = settings.load()?;
            let storage = match config.database_url {
                Some(_) => admin::open_configured(&config)?,
                None => Storage::open(&config.data_dir).with_context(|| {
                    format!("opening the database in {} (is Rookery running on it?)", config.data_dir.display())
                })?,
            };
            let known = storage.puzzle_pool(request.variant.name())?;
            let found = puzzles_cli::generate(&request, Some(&storage), &known, &mut progress)?;
            let added = storage.add_puzzles(&found)?;
            let place = match config.database_url {
                Some(_) => "the PostgreSQL database".to_string(),
                None => config.data_dir.display().to_string(),
            };
            println!("added {} {} puzzles to the pool in {place}", added.len(), request.variant);
        }
    }
    Ok(())
}

/// The core on the configured database (restored from a backup if it is
/// damaged, which is returned too), with scheduled backups running, and
/// `limits` on every request if given.
fn open_core(config: &Config, limits: Option<LimitConfig>) -> Result<(Core, Option<restore::Restored>)> {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
    let opened = restore::open_configured(config, now)?;
    if let Some(restored) = &opened.restored {
        // Loudly, on the terminal too, whatever the log filter.
        eprintln!("WARNING: {}", restored.notice());
    }
    restore::schedule_backups(opened.storage.clone(), config.backup.clone());
    // Several processes share a PostgreSQL database; `rookery backup` and
    // `rookery check` reach it directly, with no socket to a process.
    let socket = (!opened.storage.is_shared())
        .then(|| control::serve(opened.storage.clone(), config.backup.clone(), &config.data_dir));
    if let Some(Err(error)) = socket {
        tracing::warn!("no control socket, so `rookery backup` cannot reach this bot: {error:#}");
    }
    let core = Core::new(opened.storage, system_clock())
        .with_challenge_hours(config.challenge_hours)
        .with_live_games(config.live_games)
        .with_backups(config.backup.clone())
        .with_millis(system_millis());
    let core = match limits {
        Some(limits) => core.with_limits(limits),
        None => core,
    };
    Ok((core, opened.restored))
}

/// Logs to standard error, filtered by `RUST_LOG` or else `default`, as
/// text or as one JSON object a line.
fn init_logging(default: &str, format: LogFormat) {
    let logs = tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| default.into()))
        .with_writer(std::io::stderr);
    match format {
        // Colour codes only for a terminal, never into a pipe or a log file.
        LogFormat::Text => logs.with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr())).init(),
        // The event's fields at the top level, where collectors look for them.
        LogFormat::Json => logs.json().flatten_event(true).init(),
    }
}

fn console(config: Config) -> Result<()> {
    // Warnings (an unreadable record, a restored database) reach the
    // terminal; the routine lines a server logs would only clutter the board.
    init_logging("warn", config.log_format);
    let data_dir = config.data_dir.clone();
    // Stopped from the keyboard or by the system, the console still leaves
    // no socket behind; an exit mid-write is as safe as a crash. Set before
    // the socket exists, so no signal can come between the two.
    let on_signal = data_dir.clone();
    if let Err(error) = ctrlc::set_handler(move || {
        control::remove_socket(&on_signal);
        std::process::exit(130);
    }) {
        tracing::warn!(%error, "no Ctrl-C handler; the control socket may be left behind if the console is killed");
    }
    // One trusted person at the keyboard: no rate limits unless configured.
    let (core, _restored) = open_core(&config, config.limits)?;
    let stdin = std::io::stdin();
    let ran = local::run(&core, stdin.lock(), &mut std::io::stdout(), &config.image_dir);
    control::remove_socket(&data_dir);
    Ok(ran?)
}

fn serve(config: Config, shards: discord::ShardBlock) -> Result<()> {
    init_logging("info,serenity=warn", config.log_format);
    let token =
        config.discord_token.clone().context("no Discord token: set DISCORD_TOKEN (or run `rookery console`)")?;
    let (core, restored) = open_core(&config, Some(config.limits.unwrap_or_default()))?;
    let admin_notice =
        restored.map(|restored| discord::AdminNotice { text: restored.notice(), channel: config.admin_channel });
    let options = discord::ServeOptions {
        tick: std::time::Duration::from_secs(config.tick_seconds.max(1)),
        test_guild: config.test_guild,
        moderator_roles: config.moderator_role_ids()?,
        admin_notice,
        shards,
        rest_url: config.rest_proxy.clone(),
        gateway_url: config.gateway_url.clone(),
        shutdown: stop_on_signal(),
        drain_limit: std::time::Duration::from_secs(config.shutdown_seconds),
        ..discord::ServeOptions::default()
    };
    let health = options.health.clone();
    health.set_storage_open(true);
    // The process that posts the daily puzzles keeps their reserve.
    let _reserve = shards.coordinates().then(|| puzzle_reserve(core.storage())).flatten();
    let core = Arc::new(core);
    let runtime = tokio::runtime::Runtime::new()?;
    let served = runtime.block_on(async {
        let _endpoint = match config.metrics.address {
            Some(address) => Some(Endpoint::start(address, health).await?),
            None => None,
        };
        anyhow::Ok(discord::serve(core.clone(), &token, options).await?)
    });
    // Every acknowledged write was flushed already; this covers the rest
    // (a scheduler's bookkeeping) before the process goes.
    if let Err(error) = core.storage().flush() {
        tracing::error!(%error, "the final flush failed");
    }
    control::remove_socket(&config.data_dir);
    // Background waits on the blocking pool end within a tick; do not hang on one.
    runtime.shutdown_timeout(std::time::Duration::from_secs(5));
    served
}

/// A shutdown requested by SIGTERM or Ctrl-C (SIGINT). A second signal
/// stops at once, for when the graceful stop takes too long.
fn stop_on_signal() -> Shutdown {
    let shutdown = Shutdown::default();
    let on_signal = shutdown.clone();
    let handled = ctrlc::set_handler(move || {
        if on_signal.request() {
            eprintln!("stopping at once (second signal)");
            std::process::exit(130);
        }
    });
    if let Err(error) = handled {
        tracing::warn!(%error, "no signal handler; SIGTERM and Ctrl-C stop the bot without waiting for commands in flight");
    }
    shutdown
}

/// Generates puzzles for the daily posts in the background, at the lowest
/// priority; the bot runs without the reserve if it cannot start.
fn puzzle_reserve(storage: &Storage) -> Option<ReserveKeeper> {
    let seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    ReserveKeeper::spawn(Reserve::new(storage.clone(), RESERVE_TARGET, seed))
        .inspect_err(
            |error| tracing::error!(%error, "no puzzle reserve thread; daily puzzles come from the pool as it is"),
        )
        .ok()
}
