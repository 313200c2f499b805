//! Whole tournaments through the command core, every game played by random
//! players on both sides (random legal moves, then a resignation or a draw
//! by agreement), with the scheduler's ticks between: a Swiss and an Arena
//! in the suite, and the full-size ones (64 players over 7 rounds, 100
//! players for 60 minutes, and 200 players over 7 rounds) as ignored tests
//! that print, per round, the time of the tournament crate's pairing call
//! alone (as the core reports it in `rookery_tournament_pairing_seconds`)
//! beside the whole tick's:
//!
//! `cargo test -p rookery --release --test tournament_sim -- --ignored --nocapture`

mod common;
mod tour;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use metrics::{Counter, Gauge, Histogram, Key, KeyName, Metadata, Recorder, SharedString, Unit};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery::core::{Command, DrawAction, Place, TournamentCommand as T, User};
use rookery_engine::game::{Choice, Game, GameRecord};
use rookery_engine::{notation, Color};
use rookery_storage::{ChannelKey, EventStatus, Phase};

use common::{Table, HERE};
use tour::{event_id, organiser, player, Event};

/// The time of each pairing call the core makes, as it reports them
/// ([`rookery::telemetry::PAIRING_SECONDS`]), while a run is [`Self::during`].
#[derive(Clone, Default)]
struct PairingTimes(Arc<Mutex<Vec<Duration>>>);

impl PairingTimes {
    /// Runs `run` (on this thread) with the core's pairing times recorded here.
    fn during<T>(&self, run: impl FnOnce() -> T) -> T {
        metrics::with_local_recorder(self, run)
    }

    /// The pairing calls recorded since the last take, added up.
    fn take(&self) -> Duration {
        std::mem::take(&mut *self.0.lock().unwrap()).into_iter().sum()
    }
}

impl metrics::HistogramFn for PairingTimes {
    fn record(&self, seconds: f64) {
        self.0.lock().unwrap().push(Duration::from_secs_f64(seconds));
    }
}

impl Recorder for PairingTimes {
    fn describe_counter(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}
    fn describe_gauge(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}
    fn describe_histogram(&self, _: KeyName, _: Option<Unit>, _: SharedString) {}

    fn register_counter(&self, _: &Key, _: &Metadata<'_>) -> Counter {
        Counter::noop()
    }

    fn register_gauge(&self, _: &Key, _: &Metadata<'_>) -> Gauge {
        Gauge::noop()
    }

    fn register_histogram(&self, key: &Key, _: &Metadata<'_>) -> Histogram {
        if key.name() == rookery::telemetry::PAIRING_SECONDS {
            Histogram::from_arc(Arc::new(self.clone()))
        } else {
            Histogram::noop()
        }
    }
}

/// A round's pairing: the tournament crate's call alone, and the whole
/// tick around it (results in, the pairing stored, its games made and posted).
#[derive(Debug)]
struct Pairing {
    call: Duration,
    tick: Duration,
}

/// Plays the game in `thread` out: a few random plies, then one side
/// resigns or both agree a draw. Nothing if it is over already.
fn play_out(t: &Table, thread: Place, rng: &mut StdRng) {
    let key = ChannelKey { guild: thread.guild, channel: thread.channel };
    let seat = |color: Color| {
        let record = t.core.storage().channel_game(key).unwrap()?;
        let seat = if color == Color::White { record.white } else { record.black }?;
        Some(User { id: seat.id, name: seat.name, can_manage_channel: false })
    };
    for _ in 0..rng.random_range(0..8) {
        let Some(record) = t.core.storage().channel_game(key).unwrap() else { return };
        if record.phase != Phase::Playing {
            return;
        }
        let engine = GameRecord {
            variant: record.variant.parse().unwrap(),
            options: record.options.clone(),
            start: record.start.clone(),
            actions: record.actions.clone(),
        };
        let game = Game::replay(&engine).unwrap();
        let Some(turn) = game.turn() else { return };
        let Some(mover) = seat(turn.side) else { return };
        t.send_at(thread, mover, random_action(&game, rng));
    }
    let (Some(white), Some(black)) = (seat(Color::White), seat(Color::Black)) else { return };
    match rng.random_range(0..3) {
        0 => drop(t.send_at(thread, white, Command::Resign)),
        1 => drop(t.send_at(thread, black, Command::Resign)),
        _ => {
            t.send_at(thread, white, Command::Draw(DrawAction::Offer));
            t.send_at(thread, black, Command::Draw(DrawAction::Accept));
        }
    }
}

/// A random legal thing to do on this turn.
fn random_action(game: &Game, rng: &mut StdRng) -> Command {
    let turn = game.turn().expect("the game goes on");
    for choice in &turn.choices {
        if let Choice::Roll { kind, required: true, .. } = choice {
            return Command::RollKindForGame { kind: *kind };
        }
    }
    let moves = game.position().legal_moves();
    if turn.choices.contains(&Choice::Move) && !moves.is_empty() {
        let mv = moves[rng.random_range(0..moves.len())];
        return Command::Move { text: notation::coordinates(game.position(), mv) };
    }
    Command::Resign
}

/// The games of the event still being played, by thread.
fn running_threads(t: &Table, event: &Event) -> Vec<Place> {
    event
        .threads
        .values()
        .copied()
        .filter(|thread| {
            let key = ChannelKey { guild: thread.guild, channel: thread.channel };
            t.core.storage().channel_game(key).unwrap().is_some_and(|r| r.phase == Phase::Playing)
        })
        .collect()
}

/// A Swiss of `players` and `rounds`, played to its end; each round's pairing.
fn swiss(game: &str, players: u64, rounds: u32, seed: u64) -> Vec<Pairing> {
    let t = Table::new();
    let times = PairingTimes::default();
    let mut rng = StdRng::seed_from_u64(seed);
    let created = t.ok(
        organiser(),
        Command::Tournament(T::CreateSwiss {
            name: "Simulated".into(),
            game: game.into(),
            rounds,
            clock: Some("10+5".into()),
            move_days: None,
            starts: None,
            late_half_point: false,
            no_show_minutes: None,
        }),
    );
    let mut event = Event::of(event_id(&created));
    for n in 1..=players {
        t.ok(player(n), Command::Tournament(T::Join { event: event.id }));
    }
    let started = Instant::now();
    let replies = times.during(|| t.send(organiser(), Command::Tournament(T::Start { event: event.id })));
    let mut pairing = vec![Pairing { call: times.take(), tick: started.elapsed() }];
    event.posted(&t, replies);
    loop {
        for thread in running_threads(&t, &event) {
            play_out(&t, thread, &mut rng);
        }
        let tick = Instant::now();
        let posted = times.during(|| event.tick(&t));
        if posted.iter().any(|r| r.text.contains("**Round ")) {
            pairing.push(Pairing { call: times.take(), tick: tick.elapsed() });
        }
        if posted.iter().any(|r| r.text.contains("Final standings")) {
            break;
        }
    }
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    assert_eq!(stored.status, EventStatus::Finished);
    let boards = (players / 2) as usize * rounds as usize;
    assert_eq!(stored.games.len(), boards, "every board of every round had its game");
    assert!(stored.games.iter().all(|g| g.result.is_some()));
    assert_eq!(pairing.len(), rounds as usize);
    pairing
}

/// An Arena of `players` for `minutes`, a tick a simulated minute; the
/// number of games played and each tick that paired players.
fn arena(players: u64, minutes: u32, seed: u64) -> (usize, Vec<Pairing>) {
    let t = Table::new();
    let times = PairingTimes::default();
    let mut rng = StdRng::seed_from_u64(seed);
    let created = t.ok(
        organiser(),
        Command::Tournament(T::CreateArena {
            name: "Simulated".into(),
            game: "chess".into(),
            minutes,
            clock: Some("3+2".into()),
            move_days: None,
            starts: None,
            berserk: true,
            no_show_minutes: None,
        }),
    );
    let mut event = Event::of(event_id(&created));
    for n in 1..=players {
        t.ok(player(n), Command::Tournament(T::Join { event: event.id }));
    }
    let started = Instant::now();
    let replies = times.during(|| t.send(organiser(), Command::Tournament(T::Start { event: event.id })));
    let mut pairings = vec![Pairing { call: times.take(), tick: started.elapsed() }];
    event.posted(&t, replies);
    for _ in 0..minutes + 10 {
        for thread in running_threads(&t, &event) {
            // About half the games end in any minute.
            if rng.random_bool(0.5) {
                play_out(&t, thread, &mut rng);
            }
        }
        t.advance(60);
        let tick = Instant::now();
        let posted = times.during(|| event.tick(&t));
        let (tick, call) = (tick.elapsed(), times.take());
        if call > Duration::ZERO {
            pairings.push(Pairing { call, tick });
        }
        if posted.iter().any(|r| r.text.contains("Final standings")) {
            break;
        }
        if t.core.storage().event(HERE.guild, event.id).unwrap().unwrap().status != EventStatus::Running {
            break;
        }
    }
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    assert_eq!(stored.status, EventStatus::Finished, "the Arena ends at its time");
    assert!(stored.games.iter().all(|g| g.result.is_some()), "every game counted");
    let last_start = stored.games.iter().map(|g| g.paired_at).max().unwrap();
    let ends = stored.started.unwrap() + i64::from(minutes) * 60;
    assert!(last_start < ends, "nobody is paired after the end");
    (stored.games.len(), pairings)
}

/// Prints each round's pairing call and tick, and returns the slowest call.
fn report(what: &str, pairings: &[Pairing]) -> Duration {
    for (round, pairing) in pairings.iter().enumerate() {
        eprintln!("{what}, pairing {}: pairing call {:?}, whole tick {:?}", round + 1, pairing.call, pairing.tick);
    }
    let slowest = pairings.iter().map(|p| p.call).max().unwrap_or_default();
    eprintln!("{what}: slowest pairing call {slowest:?}");
    slowest
}

#[test]
fn a_16_player_swiss_of_4_rounds_is_played_to_its_end() {
    let pairing = swiss("chess", 16, 4, 7);
    assert!(pairing.iter().all(|p| p.call > Duration::ZERO && p.call <= p.tick), "{pairing:?}");
    report("16 players, 4 rounds", &pairing);
}

#[test]
fn a_swiss_of_a_dice_game_is_played_to_its_end() {
    swiss("luckdragon", 6, 3, 11);
}

#[test]
fn a_20_player_arena_of_20_minutes_is_played_to_its_end() {
    let (games, pairings) = arena(20, 20, 5);
    assert!(games > 20, "players are paired again and again: {games}");
    assert!(pairings.len() > 1 && pairings.iter().all(|p| p.call <= p.tick), "{pairings:?}");
    eprintln!("20 players, 20 minutes: {games} games");
    report("20 players, 20 minutes", &pairings);
}

#[test]
#[ignore = "the full-size Swiss: run with --ignored"]
fn a_64_player_swiss_of_7_rounds_is_played_to_its_end() {
    report("64 players, 7 rounds", &swiss("chess", 64, 7, 64));
}

#[test]
#[ignore = "a bench of 200 players' pairings: run with --ignored"]
fn a_200_player_swiss_of_7_rounds_is_played_to_its_end() {
    report("200 players, 7 rounds", &swiss("chess", 200, 7, 200));
}

#[test]
#[ignore = "the full-size Arena: run with --ignored"]
fn a_100_player_arena_of_60_minutes_is_played_to_its_end() {
    let (games, pairings) = arena(100, 60, 100);
    eprintln!("100 players, 60 minutes: {games} games");
    report("100 players, 60 minutes", &pairings);
}
