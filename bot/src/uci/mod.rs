//! `rookery uci`: Rookery's engine behind the Universal Chess Interface, so
//! any chess interface (or a match runner such as cutechess-cli, or
//! python-chess) can play it, analyse with it and rate it.
//!
//! Variants are chosen as Fairy-Stockfish does, with the `UCI_Variant`
//! option; positions are the variant's own position text. In the dice games
//! a roll, a pass or a price is one word of `position … moves` and of
//! `bestmove` (`actions`): the interface rolls and tells the engine, which
//! never rolls. New chess is not offered: its secret kings cannot be kept
//! from the engine.
//!
//! The search runs on its own thread, so `stop` and `isready` are answered
//! while it thinks. At `Skill Level` 8 (the default) it is the full searcher,
//! reporting each iteration (`info depth … score … pv …`); below, it is the
//! level's player, which misses tactics as Rookery's weaker levels do.
//! `UCI_LimitStrength` with `UCI_Elo` plays the level whose measured chess
//! rating is nearest.

mod actions;
mod command;
mod limits;

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result};
use rand::rngs::StdRng;
use rand::SeedableRng;
use rookery_engine::game::{Game, GameRecord};
use rookery_engine::moves::Move;
use rookery_engine::player::{Decision, Level, Player};
use rookery_engine::position::Position;
use rookery_engine::search::{Iteration, SearchResult, Searcher};
use rookery_engine::{notation, Variant};

use command::{parse, Go, UciCommand};

/// Where the engine's lines go, shared with the search thread.
pub type Out = Arc<Mutex<dyn Write + Send>>;

fn say(out: &Out, line: &str) {
    let mut out = out.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    // The interface is gone if this fails; the next read ends the session.
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// The session's settings and position.
struct Session {
    out: Out,
    variant: Variant,
    /// `Skill Level`, played unless `UCI_LimitStrength` is on.
    level: Level,
    /// `UCI_Elo`, played (as the nearest rated level) while it is on.
    limit_strength: bool,
    elo: u32,
    hash_megabytes: usize,
    /// `Use Network`: off, a game with a network is scored by its weights alone.
    use_network: bool,
    game: Game,
    /// The searcher kept between moves (its table carries over), while idle.
    searcher: Option<Searcher>,
    thinking: Option<Thinking>,
}

/// A search under way.
struct Thinking {
    stop: Arc<AtomicBool>,
    /// Cleared while pondering; `ponderhit` sets it, and the search then has
    /// `budget` from that moment.
    hit: Arc<AtomicBool>,
    budget: Option<Duration>,
    done: JoinHandle<Option<Searcher>>,
}

/// Reads commands from `input` until `quit` or its end, answering on `out`.
pub fn run(input: impl BufRead, out: Out) -> Result<()> {
    let mut session = Session {
        out,
        variant: Variant::Chess,
        level: Level::TOP,
        limit_strength: false,
        elo: rating_range().1,
        hash_megabytes: DEFAULT_HASH_MEGABYTES,
        use_network: true,
        game: Game::new(Variant::Chess)?,
        searcher: None,
        thinking: None,
    };
    for line in input.lines() {
        let Some(command) = parse(&line?) else { continue };
        if command == UciCommand::Quit {
            break;
        }
        session.obey(command);
    }
    session.stop();
    Ok(())
}

const DEFAULT_HASH_MEGABYTES: usize = 16;

/// The lowest and highest chess ratings of Rookery's levels, `UCI_Elo`'s bounds.
fn rating_range() -> (u32, u32) {
    let rating = |level: Level| level.elo(Variant::Chess).unwrap_or_default();
    (rating(Level::WEAKEST), rating(Level::TOP))
}

/// The variants UCI can play: those without secret choices, which the
/// engine could not be kept from seeing.
fn uci_variants() -> Vec<Variant> {
    Variant::ALL.into_iter().filter(|variant| variant.rules().is_ok_and(|rules| rules.turns.secret.is_none())).collect()
}

/// Whether every turn of `variant` is a move alone (no dice, no passes), so
/// the full searcher can answer it with its `info` lines; other games are
/// played by Rookery's player, which rolls, passes and pays as in Discord.
fn moves_alone(variant: Variant) -> bool {
    variant.rules().is_ok_and(|rules| rules.chance.is_none() && rules.turns.passes.is_none())
}

impl Session {
    fn obey(&mut self, command: UciCommand) {
        match command {
            UciCommand::Uci => self.introduce(),
            UciCommand::IsReady => say(&self.out, "readyok"),
            UciCommand::Debug(_) | UciCommand::Quit => {}
            UciCommand::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            UciCommand::NewGame => {
                self.stop();
                self.searcher = None;
                self.set_position(None, &[]);
            }
            UciCommand::Position { fen, moves } => self.set_position(fen.as_deref(), &moves),
            UciCommand::Go(go) => self.go(go),
            UciCommand::Stop => self.stop(),
            UciCommand::PonderHit => self.ponder_hit(),
        }
    }

    fn introduce(&self) {
        say(&self.out, &format!("id name Rookery {}", env!("CARGO_PKG_VERSION")));
        say(&self.out, "id author the Rookery developers");
        say(&self.out, &format!("option name Hash type spin default {DEFAULT_HASH_MEGABYTES} min 1 max 4096"));
        say(&self.out, "option name Skill Level type spin default 8 min 1 max 8");
        say(&self.out, "option name UCI_LimitStrength type check default false");
        let (lowest, highest) = rating_range();
        say(&self.out, &format!("option name UCI_Elo type spin default {highest} min {lowest} max {highest}"));
        say(&self.out, "option name Ponder type check default false");
        say(&self.out, "option name Use Network type check default true");
        let variants: Vec<String> = uci_variants().iter().map(|v| format!("var {}", v.name())).collect();
        say(&self.out, &format!("option name UCI_Variant type combo default chess {}", variants.join(" ")));
        say(&self.out, "uciok");
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let number = || value.and_then(|v| v.trim().parse::<usize>().ok());
        let check = || match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
            Some("true") => Some(true),
            Some("false") => Some(false),
            _ => None,
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => match number() {
                Some(megabytes) if megabytes >= 1 => {
                    self.hash_megabytes = megabytes;
                    self.searcher = None;
                }
                _ => self.tell(&format!("Hash must be a number of megabytes, not {value:?}")),
            },
            "skill level" => match number().and_then(|n| u8::try_from(n).ok()).map(Level::new) {
                Some(Ok(level)) => self.level = level,
                _ => self.tell("Skill Level is a level from 1 to 8"),
            },
            "uci_limitstrength" => match check() {
                Some(on) => self.limit_strength = on,
                None => self.tell("UCI_LimitStrength is true or false"),
            },
            "uci_elo" => {
                let (lowest, highest) = rating_range();
                match number().and_then(|n| u32::try_from(n).ok()) {
                    Some(elo) if (lowest..=highest).contains(&elo) => self.elo = elo,
                    _ => self.tell(&format!("UCI_Elo is a rating from {lowest} to {highest}")),
                }
            }
            "uci_variant" => match value.and_then(|v| v.trim().parse::<Variant>().ok()) {
                Some(variant) if uci_variants().contains(&variant) => {
                    self.variant = variant;
                    self.searcher = None;
                    self.set_position(None, &[]);
                }
                Some(variant) => self.tell(&format!(
                    "UCI_Variant {variant} is not offered over UCI: its secret choices could not be kept from the engine"
                )),
                None => self.tell(&format!("UCI_Variant {} is not one Rookery plays over UCI", value.unwrap_or(""))),
            },
            "use network" => match check() {
                // The searcher kept between moves scores by the other evaluation.
                Some(on) if on != self.use_network => {
                    self.use_network = on;
                    self.searcher = None;
                }
                Some(_) => {}
                None => self.tell("Use Network is true or false"),
            },
            "ponder" => {}
            _ => self.tell(&format!("no option named {name}")),
        }
    }

    /// The level that plays: the one rated nearest `UCI_Elo` while strength
    /// is limited, else `Skill Level`.
    fn playing_level(&self) -> Level {
        if self.limit_strength {
            Level::nearest_chess_elo(self.elo)
        } else {
            self.level
        }
    }

    /// A line for the person watching the interface's engine log.
    fn tell(&self, text: &str) {
        say(&self.out, &format!("info string {text}"));
    }

    /// The position text may end with the roll of the side to move
    /// (`… w - - 0 1 roll:3,5,8`): it is played first, as if it led `moves`.
    fn set_position(&mut self, fen: Option<&str>, moves: &[String]) {
        self.stop();
        let (fen, rolls): (Vec<&str>, Vec<&str>) =
            fen.unwrap_or_default().split_whitespace().partition(|word| !word.starts_with("roll:"));
        let record = GameRecord {
            variant: self.variant,
            options: String::new(),
            start: (!fen.is_empty()).then(|| fen.join(" ")),
            actions: Vec::new(),
        };
        let mut game = match Game::replay(&record) {
            Ok(game) => game,
            Err(error) => return self.tell(&format!("position refused, kept the last one: {error}")),
        };
        for token in rolls.into_iter().chain(moves.iter().map(String::as_str)) {
            if let Err(error) = actions::parse_token(&game, token).and_then(|action| game.apply(action)) {
                let what =
                    if token.contains(':') || token == "0000" { token.to_owned() } else { format!("move {token}") };
                return self.tell(&format!("{what} refused, kept the last position: {error}"));
            }
        }
        self.game = game;
    }

    fn go(&mut self, go: Go) {
        self.stop();
        let stop = Arc::new(AtomicBool::new(false));
        let hit = Arc::new(AtomicBool::new(!go.ponder));
        let searcher = self.searcher.take();
        let limits = limits::Limits::of(&go, self.game.position().turn());
        let job = Job {
            out: self.out.clone(),
            game: self.game.clone(),
            level: self.playing_level(),
            hash_megabytes: self.hash_megabytes,
            use_network: self.use_network,
            limits,
            stop: stop.clone(),
            hit: hit.clone(),
        };
        let done = std::thread::spawn(move || job.run(searcher));
        self.thinking = Some(Thinking { stop, hit, budget: limits.budget, done });
    }

    /// The opponent played the move pondered on: the search is now on this
    /// side's own clock, so it stops when the budget `go` gave runs out.
    fn ponder_hit(&mut self) {
        let Some(thinking) = &self.thinking else { return };
        if thinking.hit.swap(true, Ordering::SeqCst) {
            return;
        }
        if let Some(budget) = thinking.budget {
            let stop = thinking.stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(budget);
                stop.store(true, Ordering::SeqCst);
            });
        }
    }

    /// Stops a search under way; it answers `bestmove` before this returns.
    fn stop(&mut self) {
        if let Some(thinking) = self.thinking.take() {
            thinking.hit.store(true, Ordering::SeqCst);
            thinking.stop.store(true, Ordering::SeqCst);
            if let Ok(searcher) = thinking.done.join() {
                self.searcher = searcher;
            }
        }
    }
}

/// One `go`, run on the search thread.
struct Job {
    out: Out,
    game: Game,
    level: Level,
    hash_megabytes: usize,
    use_network: bool,
    limits: limits::Limits,
    stop: Arc<AtomicBool>,
    hit: Arc<AtomicBool>,
}

impl Job {
    /// Thinks, answers `bestmove`, and gives the searcher back.
    fn run(self, searcher: Option<Searcher>) -> Option<Searcher> {
        let started = Instant::now();
        let (best, searcher) = if self.game.turn().is_none() {
            (None, searcher)
        } else if self.level == Level::TOP && moves_alone(self.game.variant()) {
            let searcher = searcher.map_or_else(|| self.new_searcher(), Ok);
            match searcher {
                Ok(mut searcher) => {
                    let best = self.search(&mut searcher, started);
                    (best.map(|mv| notation::coordinates(self.game.position(), mv)), Some(searcher))
                }
                Err(error) => {
                    say(&self.out, &format!("info string cannot search this variant: {error}"));
                    (None, None)
                }
            }
        } else {
            (self.play_at_level(started), searcher)
        };
        // In infinite or ponder mode, `bestmove` waits for `stop` or `ponderhit`.
        while (self.limits.infinite || !self.hit.load(Ordering::SeqCst)) && !self.stop.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(2));
        }
        // Nothing to play (the game is over): Stockfish's answer, as `0000` is a pass here.
        say(&self.out, &format!("bestmove {}", best.as_deref().unwrap_or("(none)")));
        searcher
    }

    fn new_searcher(&self) -> Result<Searcher> {
        let rules = self.game.variant().rules().context("the variant's rules")?;
        let searcher = Searcher::new(&rules).positional().weighing_rolls();
        let mut searcher = if self.use_network { searcher } else { searcher.without_network() };
        searcher.resize_table(self.hash_megabytes);
        Ok(searcher)
    }

    /// The time to think from `started`: none while pondering (`ponderhit`
    /// starts the clock then).
    fn deadline(&self, started: Instant) -> Option<Instant> {
        self.limits.budget.filter(|_| self.hit.load(Ordering::SeqCst)).map(|budget| started + budget)
    }

    /// The full searcher with `info` after each iteration.
    fn search(&self, searcher: &mut Searcher, started: Instant) -> Option<Move> {
        let mut position = self.game.position().clone();
        let before = searcher.nodes();
        searcher.set_stop(Some(self.stop.clone()));
        searcher.set_node_limit(self.limits.nodes);
        match self.deadline(started) {
            Some(deadline) if self.limits.per_move => searcher.set_move_time(deadline),
            deadline => searcher.set_deadline(deadline),
        }
        searcher.set_game(self.game.earlier_positions(), self.game.options());
        let root = self.game.position();
        let mut report = |iteration: &Iteration| say(&self.out, &info_line(root, iteration, before));
        let result = searcher.search_reporting(&mut position, self.limits.depth, &mut report);
        searcher.set_stop(None);
        searcher.set_node_limit(None);
        searcher.set_deadline(None);
        result.best
    }

    /// The player's choice at the level, within the time the limits give:
    /// a weaker level's move, or any turn of a game with dice or passes.
    fn play_at_level(&self, started: Instant) -> Option<String> {
        let budget = self.deadline(started).map_or(self.level.budget(), |deadline| deadline - started);
        let player = Player::new(self.game.variant(), self.level).ok()?.with_budget(budget);
        let mut player = if self.use_network { player } else { player.without_network() };
        let side = self.game.turn()?.side;
        // Seeded by the position, so an analysis can be repeated.
        let mut rng = StdRng::seed_from_u64(self.game.position().hash());
        let decision = player.decide(&self.game, side, &mut rng).ok()?;
        say(&self.out, &format!("info time {}", started.elapsed().as_millis()));
        if let Decision::Roll { kind } = decision {
            if let Some(request) = actions::roll_request(&self.game, side, kind) {
                say(&self.out, &format!("info string {request}"));
            }
        }
        actions::decision_token(&self.game, &decision)
    }
}

/// `info depth … score … nodes … nps … time … pv …` for one iteration.
fn info_line(position: &Position, iteration: &Iteration, nodes_before: u64) -> String {
    let result = SearchResult { best: iteration.pv.first().copied(), score: iteration.score, depth: iteration.depth };
    let score = match result.mate_in() {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", iteration.score),
    };
    let nodes = iteration.nodes - nodes_before;
    let millis = iteration.elapsed.as_millis().max(1);
    let mut line = format!(
        "info depth {} score {score} nodes {nodes} nps {} time {millis} pv",
        iteration.depth,
        u128::from(nodes) * 1000 / millis
    );
    let mut position = position.clone();
    for &mv in &iteration.pv {
        line.push(' ');
        line.push_str(&notation::coordinates(&position, mv));
        position.make(mv);
    }
    line
}
