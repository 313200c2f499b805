//! A bounded loopback load test: `rookery serve` processes, each running a
//! block of shards, against the fake Discord (its gateway routes each server to
//! its shard), play many games at once and roll on table ledgers, as players
//! would: each move is a `/move` interaction, and it counts as acknowledged
//! when the bot's public answer arrives. Optionally one process is killed with
//! SIGKILL (or stopped gracefully with SIGTERM) in the middle of the run and
//! started again.
//!
//! Afterwards the database is read back: every acknowledged move must be in
//! its game, in order (none lost), and a game may hold at most one move more,
//! the one in flight when the process died, and never a move twice; every
//! acknowledged roll must be in its channel's ledger exactly once. After a
//! graceful stop not even that one move may be missing its answer.
//!
//! Used by the end-to-end suite (a small run) and by `cargo bench -p
//! rookery-tests --bench load` (the full one, figures printed).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{bail, Context as _, Result};
use axum::http::Method;
use rookery_engine::game::{Game, GameRecord};
use rookery_storage::{test_server, ChannelKey, Storage};
use serde_json::{json, Value};
use tokio::sync::oneshot;

use crate::fake_discord::{Call, FakeDiscord};
use crate::interactions::{slash, string, user, Player, BOB};

/// The opening every game plays, as typed; 8 plies at most.
const OPENING: [&str; 8] = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6"];
/// The first of the servers the games are spread over, one game per channel.
const FIRST_GUILD: u64 = 810_000_000_000_000_000;

/// What to run.
pub struct Plan {
    /// The `rookery` binary.
    pub binary: PathBuf,
    /// Concurrent games, each in its own channel, with a table roll each.
    pub games: usize,
    /// Moves per game (up to 8).
    pub plies: usize,
    /// `rookery serve` processes, a shard each.
    pub processes: u32,
    /// Kill the last process with SIGKILL, no sooner than this and once a
    /// third of the moves are in, then start it again.
    pub kill_after: Option<Duration>,
    /// How that process is stopped.
    pub stop: Stop,
    /// `DATABASE_URL` for PostgreSQL; without it, one sled folder (then only
    /// one process may run).
    pub database_url: Option<String>,
    /// Where the processes run (their sled folder, logs).
    pub dir: PathBuf,
}

/// How a process is stopped in the middle of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// SIGKILL: a crash.
    Kill,
    /// SIGTERM: a graceful stop, which must end the process by itself, successfully.
    Terminate,
}

/// How long a graceful stop may take: the bot's own limit for the commands in
/// flight (20 s by default) and then some.
const GRACEFUL_EXIT: Duration = Duration::from_secs(30);

/// What a run measured and found.
#[derive(Debug)]
pub struct Report {
    pub elapsed: Duration,
    /// Move latencies, interaction sent to public answer, sorted.
    pub latencies: Vec<Duration>,
    pub acknowledged_rolls: usize,
    /// Acknowledged moves per process, by shard.
    pub moves_by_process: Vec<usize>,
    /// Moves sent that never got an answer (their process was killed).
    pub unanswered: usize,
    /// Acknowledged moves or rolls missing from the database afterwards.
    pub lost: Vec<String>,
    /// Moves or rolls stored more often than they were sent.
    pub twice: Vec<String>,
    /// Moves stored whose answer never came: the one in flight when a
    /// process died (allowed after a kill, never after a graceful stop).
    pub unanswered_but_stored: Vec<String>,
    /// How long the stopped process took to exit after SIGTERM.
    pub graceful_exit: Option<Duration>,
}

impl Report {
    pub fn percentile(&self, p: f64) -> Duration {
        let at = ((self.latencies.len() as f64 - 1.0) * p).round() as usize;
        self.latencies.get(at).copied().unwrap_or_default()
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let seconds = self.elapsed.as_secs_f64();
        writeln!(
            f,
            "{} moves acknowledged in {seconds:.1} s; {} rolls",
            self.latencies.len(),
            self.acknowledged_rolls
        )?;
        writeln!(f, "move latency p50 {:?}, p99 {:?}", self.percentile(0.5), self.percentile(0.99))?;
        for (shard, moves) in self.moves_by_process.iter().enumerate() {
            writeln!(f, "process {shard}: {moves} moves, {:.1} durable moves/s", *moves as f64 / seconds)?;
        }
        if let Some(took) = self.graceful_exit {
            writeln!(f, "graceful stop: exited {took:?} after SIGTERM")?;
        }
        write!(
            f,
            "unanswered {}, lost {}, applied twice {}, stored without an answer {}",
            self.unanswered,
            self.lost.len(),
            self.twice.len(),
            self.unanswered_but_stored.len()
        )
    }
}

/// The servers' processes, started and restarted as the plan says.
struct Processes<'a> {
    plan: &'a Plan,
    fake: &'a FakeDiscord,
    children: Vec<Child>,
}

impl Processes<'_> {
    fn spawn(&self, shard: u32) -> Result<Child> {
        let log = std::fs::File::create(self.plan.dir.join(format!("process-{shard}.log")))?;
        let mut command = Command::new(&self.plan.binary);
        command
            .args(["serve", "--shards", &shard.to_string(), "--total-shards", &self.plan.processes.to_string()])
            .current_dir(&self.plan.dir)
            .env("DISCORD_TOKEN", "fake-token")
            .env("ROOKERY_REST_PROXY", self.fake.rest_url())
            .env("ROOKERY_GATEWAY_URL", self.fake.gateway_url())
            .env("ROOKERY_DATA_DIR", self.plan.dir.join("data"))
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(log);
        if let Some(url) = &self.plan.database_url {
            command.env("DATABASE_URL", url);
        }
        command.spawn().with_context(|| format!("starting {}", self.plan.binary.display()))
    }

    /// Stops the last process as the plan says and starts it again; a
    /// graceful stop's duration is returned.
    async fn stop_and_restart(&mut self) -> Result<Option<Duration>> {
        let shard = self.children.len() - 1;
        let child = &mut self.children[shard];
        let mut graceful_exit = None;
        match self.plan.stop {
            Stop::Kill => {
                child.kill()?;
                child.wait()?;
            }
            Stop::Terminate => {
                let asked = Instant::now();
                rustix::process::kill_process(rustix::process::Pid::from_child(child), rustix::process::Signal::TERM)?;
                let status = loop {
                    if let Some(status) = child.try_wait()? {
                        break status;
                    }
                    if asked.elapsed() > GRACEFUL_EXIT {
                        child.kill()?;
                        bail!("the process did not stop within {GRACEFUL_EXIT:?} of SIGTERM");
                    }
                    tokio::time::sleep(Duration::from_millis(20)).await;
                };
                if !status.success() {
                    bail!("after SIGTERM the process ended with {status}, not success");
                }
                graceful_exit = Some(asked.elapsed());
            }
        }
        let identified = self.fake.identified().len();
        self.children[shard] = self.spawn(shard as u32)?;
        self.fake.wait_identified(identified + 1).await?;
        Ok(graceful_exit)
    }
}

impl Drop for Processes<'_> {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// How long a player waits for any sign of life (an answer or a deferral)
/// before deciding the interaction was lost, and then for a deferred answer.
const FIRST_SIGN: Duration = Duration::from_secs(5);
const DEFERRED: Duration = Duration::from_secs(60);
/// What a process that is stopping says to a command it turned away.
const RESTARTING: &str = "Rookery is restarting";
/// How often a player sends a lost step again.
const RETRIES: usize = 5;

/// The two moments of an answer: any sign of it, then the message itself.
struct Waiter {
    seen: Option<oneshot::Sender<()>>,
    answered: oneshot::Sender<Value>,
}

/// Answers by interaction id, read from the fake's call feed.
#[derive(Clone, Default)]
struct Answers {
    waiting: Arc<Mutex<HashMap<u64, Waiter>>>,
    /// Interactions whose answer was deferred, with whether it will be private.
    deferred: Arc<Mutex<HashMap<u64, bool>>>,
}

impl Answers {
    fn expect(&self, id: u64) -> (oneshot::Receiver<()>, oneshot::Receiver<Value>) {
        let (seen, first) = oneshot::channel();
        let (answered, last) = oneshot::channel();
        self.waiting.lock().unwrap().insert(id, Waiter { seen: Some(seen), answered });
        (first, last)
    }

    /// Routes one recorded call: an immediate answer, a deferral, or the
    /// message that completes a deferred answer.
    fn route(&self, call: &Call) {
        let segments: Vec<&str> = call.path.trim_start_matches("/api/v10/").split('/').collect();
        let (id, message) = match (call.method.clone(), segments.as_slice()) {
            (Method::POST, ["interactions", id, _, "callback"]) => {
                let Ok(id) = id.parse::<u64>() else { return };
                if call.payload["type"] == 5 {
                    self.deferred.lock().unwrap().insert(id, call.is_ephemeral());
                    if let Some(seen) = self.waiting.lock().unwrap().get_mut(&id).and_then(|w| w.seen.take()) {
                        let _ = seen.send(());
                    }
                    return;
                }
                (id, call.data().clone())
            }
            (Method::POST, ["webhooks", _, token]) | (Method::PATCH, ["webhooks", _, token, "messages", _]) => {
                let Some(id) = token.strip_prefix("token-").and_then(|id| id.parse::<u64>().ok()) else { return };
                let Some(private) = self.deferred.lock().unwrap().remove(&id) else { return };
                let mut message = call.payload.clone();
                if private {
                    message["flags"] = json!(64);
                }
                (id, message)
            }
            _ => return,
        };
        if let Some(waiter) = self.waiting.lock().unwrap().remove(&id) {
            if let Some(seen) = waiter.seen {
                let _ = seen.send(());
            }
            let _ = waiter.answered.send(message);
        }
    }
}

/// What became of one interaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    Public,
    Private,
    /// No sign of it: the process holding its server was down.
    Lost,
}

/// Sends `interaction` and waits for its answer.
async fn ask(fake: &FakeDiscord, answers: &Answers, interaction: Value) -> Result<Answer> {
    let id: u64 = interaction["id"].as_str().context("an interaction id")?.parse()?;
    let (seen, answered) = answers.expect(id);
    if fake.dispatch(interaction).is_err() {
        // No process connected (one is between a stop and its restart):
        // Discord drops the interaction, and the player sees no sign of it.
        answers.waiting.lock().unwrap().remove(&id);
        tokio::time::sleep(FIRST_SIGN).await;
        return Ok(Answer::Lost);
    }
    if !matches!(tokio::time::timeout(FIRST_SIGN, seen).await, Ok(Ok(()))) {
        answers.waiting.lock().unwrap().remove(&id);
        return Ok(Answer::Lost);
    }
    Ok(match tokio::time::timeout(DEFERRED, answered).await {
        Ok(Ok(message)) if message["flags"].as_u64().unwrap_or(0) & 64 == 0 => Answer::Public,
        // Turned away unread by a stopping process: to be sent again.
        Ok(Ok(message)) if message["content"].as_str().is_some_and(|text| text.starts_with(RESTARTING)) => Answer::Lost,
        Ok(Ok(_)) => Answer::Private,
        _ => Answer::Lost,
    })
}

/// One game's channel and players.
#[derive(Clone, Copy)]
struct Table {
    guild: u64,
    channel: u64,
    white: Player,
    black: Player,
}

impl Table {
    fn new(index: usize) -> Table {
        let index = index as u64;
        // Consecutive servers fall on consecutive shards (the shard is the id >> 22).
        let guild = FIRST_GUILD + (index << 22);
        let player =
            |n: u64, name| Player { id: 720_000_000_000_000_000 + 2 * index + n, name, moderator: false, roles: &[] };
        Table { guild, channel: guild + 1, white: player(0, "white"), black: player(1, "black") }
    }

    fn key(self) -> ChannelKey {
        ChannelKey { guild: self.guild, channel: self.channel }
    }

    /// `/name` by `by` in this table's channel.
    fn slash(self, id: u64, by: Player, name: &str, options: Vec<Value>) -> Value {
        let mut interaction = slash(id, by, name, options);
        interaction["guild_id"] = json!(self.guild.to_string());
        interaction["channel_id"] = json!(self.channel.to_string());
        interaction
    }

    /// White challenges Black: the opponent option resolved to Black, as Discord resolves it.
    fn challenge(self, id: u64) -> Value {
        let mut play = self.slash(id, self.white, "play", vec![string("variant", "chess"), user("opponent", BOB)]);
        play["data"]["options"][1]["value"] = json!(self.black.id.to_string());
        let mut resolved = play["data"]["resolved"]["users"][BOB.id.to_string()].take();
        resolved["id"] = json!(self.black.id.to_string());
        resolved["username"] = json!(self.black.name);
        play["data"]["resolved"]["users"] = json!({ self.black.id.to_string(): resolved });
        play
    }
}

/// What one table's players saw.
#[derive(Default)]
struct Played {
    latencies: Vec<Duration>,
    /// Moves answered publicly.
    acknowledged: usize,
    /// Moves the table knows are played: acknowledged, or refused when sent
    /// again after a lost answer because the first one had been applied.
    played: usize,
    roll: Option<u64>,
    /// Interactions that got no answer.
    unanswered: usize,
}

/// One table: a roll, a challenge, its acceptance and the opening, in turn.
/// A step whose answer is lost is sent again, as a player would; refused
/// then, it had been applied the first time.
async fn play(
    fake: &FakeDiscord,
    answers: &Answers,
    index: usize,
    plies: usize,
    moved: &AtomicUsize,
) -> Result<Played> {
    let table = Table::new(index);
    let mut next_id = 1_000_000 + (index as u64) * 1_000;
    let mut id = move || {
        next_id += 1;
        next_id
    };
    let mut played = Played::default();
    let roll_id = id();
    match ask(fake, answers, table.slash(roll_id, table.white, "roll", vec![string("expression", "1d20")])).await? {
        Answer::Public => played.roll = Some(roll_id),
        Answer::Private => bail!("table {index}: the roll was refused"),
        Answer::Lost => played.unanswered += 1,
    }
    let mut steps: Vec<(Player, &str, Vec<Value>)> =
        vec![(table.white, "play", Vec::new()), (table.black, "accept", Vec::new())];
    steps.extend(OPENING.iter().take(plies).enumerate().map(|(ply, text)| {
        let by = if ply % 2 == 0 { table.white } else { table.black };
        (by, "move", vec![string("text", text)])
    }));
    for (step, (by, name, options)) in steps.into_iter().enumerate() {
        let sent = Instant::now();
        let mut answer = Answer::Lost;
        for attempt in 0..=RETRIES {
            let interaction =
                if name == "play" { table.challenge(id()) } else { table.slash(id(), by, name, options.clone()) };
            answer = ask(fake, answers, interaction).await?;
            match (answer, attempt) {
                (Answer::Lost, _) => played.unanswered += 1,
                // Refused at once: a real refusal, which the opening never meets.
                (Answer::Private, 0) => bail!("table {index}: /{name} {options:?} was refused"),
                _ => break,
            }
        }
        let is_move = step >= 2;
        match answer {
            Answer::Public if is_move => {
                played.latencies.push(sent.elapsed());
                played.acknowledged += 1;
                played.played += 1;
                moved.fetch_add(1, Ordering::Relaxed);
            }
            Answer::Private if is_move => played.played += 1,
            Answer::Public | Answer::Private => {}
            Answer::Lost => break,
        }
    }
    Ok(played)
}

/// The opening's moves as the record stores them.
fn opening_actions() -> Result<Vec<String>> {
    let start = GameRecord { variant: "chess".parse()?, options: String::new(), start: None, actions: Vec::new() };
    let mut game = Game::replay(&start)?;
    for text in OPENING {
        let side = game.position().turn();
        game.play_move(side, text)?;
    }
    Ok(game.record().actions.clone())
}

/// Runs the plan and checks the database afterwards.
pub async fn run(plan: &Plan) -> Result<Report> {
    if plan.database_url.is_none() && plan.processes > 1 {
        bail!("several processes need a shared PostgreSQL database; sled serves one process");
    }
    let actions = opening_actions()?;
    let fake = Arc::new(FakeDiscord::start().await?);
    let answers = Answers::default();
    let mut feed = fake.feed();
    let router = answers.clone();
    let routing = tokio::spawn(async move {
        while let Ok(call) = feed.recv().await {
            router.route(&call);
        }
    });
    let mut processes = Processes { plan, fake: &fake, children: Vec::new() };
    for shard in 0..plan.processes {
        let child = processes.spawn(shard)?;
        processes.children.push(child);
    }
    fake.wait_identified(plan.processes as usize).await?;

    let started = Instant::now();
    let moved = Arc::new(AtomicUsize::new(0));
    let tables: Vec<_> = (0..plan.games)
        .map(|index| {
            let (fake, answers, plies, moved) = (fake.clone(), answers.clone(), plan.plies, moved.clone());
            tokio::spawn(async move { play(&fake, &answers, index, plies, &moved).await })
        })
        .collect();
    let mut graceful_exit = None;
    if let Some(after) = plan.kill_after {
        // Mid-run: once a third of the moves are in, and not before `after`.
        tokio::time::sleep(after).await;
        while moved.load(Ordering::Relaxed) < plan.games * plan.plies / 3 && !tables.iter().all(|t| t.is_finished()) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        graceful_exit = processes.stop_and_restart().await?;
    }
    let mut results = Vec::new();
    for table in tables {
        results.push(table.await??);
    }
    let elapsed = started.elapsed();
    drop(processes);
    routing.abort();
    // The PostgreSQL client blocks: off the runtime's own threads.
    let mut report = tokio::task::block_in_place(|| check(plan, &actions, results, elapsed))?;
    report.graceful_exit = graceful_exit;
    Ok(report)
}

/// Reads every table's game and ledger back and compares them with what the
/// players were told.
fn check(plan: &Plan, opening: &[String], results: Vec<Played>, elapsed: Duration) -> Result<Report> {
    let storage = open_database(plan)?;
    let mut report = Report {
        elapsed,
        latencies: Vec::new(),
        acknowledged_rolls: 0,
        moves_by_process: vec![0; plan.processes as usize],
        unanswered: 0,
        lost: Vec::new(),
        twice: Vec::new(),
        unanswered_but_stored: Vec::new(),
        graceful_exit: None,
    };
    for (index, played) in results.into_iter().enumerate() {
        let table = Table::new(index);
        report.moves_by_process[(table.guild >> 22) as usize % plan.processes as usize] += played.acknowledged;
        report.unanswered += played.unanswered;
        report.latencies.extend(played.latencies);
        let stored = storage.channel_game(table.key())?.map(|game| game.actions).unwrap_or_default();
        let told = format!(
            "table {index}: {} moves acknowledged, {} played, stored {stored:?}",
            played.acknowledged, played.played
        );
        if stored.len() < played.played || stored[..played.played] != opening[..played.played] {
            report.lost.push(told);
        } else if stored.len() > played.played + 1
            || stored.len() > opening.len()
            || stored[..] != opening[..stored.len()]
        {
            report.twice.push(told);
        } else if stored.len() > played.played {
            // One more than played: the move whose answer was lost with its process.
            report.unanswered_but_stored.push(told);
        }
        let Some(roll) = played.roll else { continue };
        report.acknowledged_rolls += 1;
        let entropy = roll.to_string();
        let mut times = 0;
        for ledger in storage.channel_ledgers(table.key())? {
            if let rookery_storage::LedgerRecord::Table(ledger) = ledger {
                let rolls = storage.rolls(table.key(), ledger.id)?;
                times += rolls.iter().filter(|r| r.entropy.as_deref() == Some(entropy.as_str())).count();
            }
        }
        match times {
            1 => {}
            0 => report.lost.push(format!("table {index}: the acknowledged roll {roll} is not in the ledger")),
            _ => report.twice.push(format!("table {index}: roll {roll} is in the ledger {times} times")),
        }
    }
    report.latencies.sort_unstable();
    Ok(report)
}

/// The database the processes shared, opened once they are gone.
fn open_database(plan: &Plan) -> Result<Storage> {
    Ok(match &plan.database_url {
        Some(url) => Storage::connect(url)?,
        None => Storage::open(&plan.dir.join("data"))?,
    })
}

/// An empty schema named `schema` on the PostgreSQL server at `server`, and
/// the URL that makes it every connection's own: a run starts from nothing
/// without a database of its own. Called on a multi-threaded runtime.
pub fn empty_schema(server: &str, schema: &str) -> Result<String> {
    tokio::task::block_in_place(|| test_server::empty_schema(server, schema)).context("preparing PostgreSQL")
}

/// The `rookery` binary beside this test or bench binary's folder
/// (`target/<profile>/rookery`), which `cargo test --workspace` builds.
pub fn rookery_binary() -> Result<PathBuf> {
    let exe = std::env::current_exe()?;
    let profile = exe.parent().and_then(Path::parent).context("the target folder")?;
    let binary = profile.join("rookery");
    if !binary.exists() {
        bail!(
            "{} is missing: build it first with `cargo build -p rookery` (add --release for the bench)",
            binary.display()
        );
    }
    Ok(binary)
}
