//! Playing Rookery itself through the command core: a whole game in every
//! variant at level 1, the console's `/play V rookery`, thoughts dropped when
//! the game changed meanwhile, draw offers answered, and games picked up again
//! after a restart. The engine's randomness is seeded, and so is the test's.

mod common;

use std::sync::atomic::AtomicI64;
use std::sync::Arc;

use common::{alice, bob, HERE, START};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery::core::{Command, Core, DrawAction, Handler, Reply, Request, TakebackAction, User};
use rookery_engine::game::{Choice, Game, GameRecord};
use rookery_engine::{notation, Color, Variant};
use rookery_storage::{Change, ChannelGame, ChannelKey, Phase, Storage};

const SEED: u64 = 18;
/// The most actions the test's player makes before resigning: a game is
/// played to its end either way.
const PATIENCE: usize = 80;

fn rookery() -> User {
    User { id: 99, name: "Rookery".into(), can_manage_channel: false }
}

fn key() -> ChannelKey {
    ChannelKey { guild: HERE.guild, channel: HERE.channel }
}

struct Table {
    core: Core,
    _dir: tempfile::TempDir,
}

fn open(dir: &tempfile::TempDir) -> Core {
    let clock = Arc::new(AtomicI64::new(START));
    let core = Core::new(
        Storage::open(dir.path()).unwrap(),
        Arc::new(move || clock.load(std::sync::atomic::Ordering::SeqCst)),
    );
    core.with_engine_seed(SEED)
}

impl Table {
    /// A core that knows Rookery's account.
    fn new() -> Table {
        let dir = tempfile::tempdir().unwrap();
        let core = open(&dir);
        core.play_as(rookery());
        Table { core, _dir: dir }
    }

    fn send(&self, user: User, command: Command) -> Vec<Reply> {
        self.core.handle(Request { place: HERE, user, command })
    }

    /// The replies of a command that must succeed: something public comes
    /// of it (a secret choice also answers its maker privately).
    fn ok(&self, user: User, command: Command) -> Vec<Reply> {
        let replies = self.send(user, command.clone());
        assert!(replies.iter().any(|r| !r.ephemeral), "{command:?} was refused: {:?}", texts(&replies));
        replies
    }

    /// What the engine posts once it has thought: every message of the
    /// engine's making, in order.
    fn rookery_answers(&self) -> Vec<Reply> {
        self.core.settle();
        self.core.due().into_iter().filter(|(place, _)| *place == HERE).map(|(_, reply)| reply).collect()
    }

    fn record(&self) -> Option<ChannelGame> {
        self.core.storage().channel_game(key()).unwrap()
    }
}

/// The texts of `replies`, for failure messages (pictures are long).
fn texts(replies: &[Reply]) -> Vec<&str> {
    replies.iter().map(|r| r.text.as_str()).collect()
}

fn play_rookery(variant: &str, level: u8) -> Command {
    let play = Command::Play {
        variant: variant.into(),
        opponent: Some(rookery()),
        move_days: None,
        options: None,
        clock: None,
    };
    play.with_level(Some(level))
}

fn replay(record: &ChannelGame) -> Game {
    let variant: Variant = record.variant.parse().unwrap();
    let record = GameRecord {
        variant,
        options: record.options.clone(),
        start: record.start.clone(),
        actions: record.actions.clone(),
    };
    Game::replay(&record).unwrap()
}

/// What the test's player does on its turn: a random legal move, the rolls
/// and secret choices its rules ask for; resigning when a price is due.
fn human_action(game: &Game, rng: &mut StdRng) -> Command {
    let turn = game.turn().expect("the game goes on");
    for choice in &turn.choices {
        match choice {
            Choice::ChooseSecret { options } => return Command::Choose { option: options[0].clone() },
            Choice::Roll { kind, required: true, .. } => return Command::RollKindForGame { kind: *kind },
            Choice::PayPrice => return Command::Resign,
            _ => {}
        }
    }
    let moves = game.position().legal_moves();
    if turn.choices.contains(&Choice::Move) && !moves.is_empty() {
        let mv = moves[rng.random_range(0..moves.len())];
        return Command::Move { text: notation::coordinates(game.position(), mv) };
    }
    if turn.choices.iter().any(|c| matches!(c, Choice::Pass { .. })) {
        return Command::Pass;
    }
    Command::Resign
}

#[test]
fn every_variant_is_played_to_its_end_against_rookery_at_level_1() {
    for variant in Variant::ALL {
        let t = Table::new();
        let mut rng = StdRng::seed_from_u64(SEED);
        let started = t.ok(alice(), play_rookery(variant.name(), 1));
        assert!(started[0].text.contains("Rookery (level 1)"), "{variant}: {}", started[0].text);
        assert!(started.iter().all(|r| r.buttons.iter().all(|b| b.label != "Accept")), "no acceptance needed");
        let mut rookery_moved = false;
        for done in 0.. {
            rookery_moved |= t.rookery_answers().iter().any(|r| r.text.contains("Rookery (level 1)"));
            let Some(record) = t.record() else { break };
            assert_eq!(record.phase, Phase::Playing, "{variant}");
            let game = replay(&record);
            let turn = game.turn().expect("a game in play has a turn");
            assert_eq!(turn.side, Color::White, "{variant}: after settling it is alice's turn: {:?}", record.actions);
            let action = if done >= PATIENCE { Command::Resign } else { human_action(&game, &mut rng) };
            t.ok(alice(), action);
        }
        assert!(rookery_moved, "{variant}: Rookery acted");
        let finished = t.core.storage().archived_games(key()).unwrap();
        assert_eq!(finished.len(), 1, "{variant}");
        assert!(matches!(finished[0].phase, Phase::Finished { .. }), "{variant}");
        assert_eq!(finished[0].black.as_ref().map(|p| p.id), Some(rookery().id));
        // Rated like anyone: the engine has its own rating in the variant.
        let rating = t.core.storage().player_stats(HERE.guild, variant.name(), rookery().id).unwrap();
        let rating = rating.unwrap_or_else(|| panic!("{variant}: Rookery is rated"));
        assert_eq!(rating.wins + rating.losses + rating.draws, 1);
        // Every roll of a dice game, Rookery's too, re-derives from its ledger.
        let verified = t.send(alice(), Command::Verify);
        if finished[0].ledger.is_some() {
            assert!(verified.iter().any(|r| !r.files.is_empty()), "{variant}: {:?}", texts(&verified));
        }
    }
}

#[test]
fn against_rookery_the_commitment_comes_before_the_first_roll() {
    let t = Table::new();
    let started = t.ok(alice(), play_rookery("guardener", 2));
    let text = texts(&started).join("\n");
    let commitment = text.find("Every roll of this game comes from ledger").expect("the commitment is posted");
    let roll = text.find("**alice**'s 2d4, rolled by Rookery").expect("the first roll is posted");
    assert!(commitment < roll, "{text}");
}

#[test]
fn levels_are_checked() {
    let t = Table::new();
    let refused = t.send(alice(), play_rookery("chess", 9));
    assert!(refused[0].ephemeral && refused[0].text.contains("levels 1 to 8"), "{:?}", texts(&refused));
    let play =
        Command::Play { variant: "chess".into(), opponent: Some(bob()), move_days: None, options: None, clock: None };
    let refused = t.send(alice(), play.with_level(Some(3)));
    assert!(refused[0].ephemeral && refused[0].text.contains("against Rookery"), "{:?}", texts(&refused));
    assert!(t.record().is_none(), "nothing was started");
    // Without a level Rookery plays at the default one.
    let play = Command::Play {
        variant: "chess".into(),
        opponent: Some(rookery()),
        move_days: None,
        options: None,
        clock: None,
    };
    let started = t.ok(alice(), play);
    assert!(started[0].text.contains("Rookery (level 4)"), "{}", started[0].text);
}

#[test]
fn a_thought_about_a_game_that_changed_is_dropped() {
    // Resigned while Rookery was thinking: nothing is played after the end.
    let t = Table::new();
    t.ok(alice(), play_rookery("chess", 1));
    t.ok(alice(), Command::Move { text: "e4".into() });
    t.ok(alice(), Command::Resign);
    let answers = t.rookery_answers();
    assert!(answers.iter().all(|r| !r.text.contains("plays")), "{:?}", texts(&answers));
    let finished = t.core.storage().archived_games(key()).unwrap();
    let actions = &finished[0].actions;
    assert_eq!(actions.len(), 2, "{actions:?}");
    assert!(actions[1].starts_with("resign"), "{actions:?}");

    // A takeback while it thinks: granted at once, and the thought about the
    // position before it is never played.
    let t = Table::new();
    t.ok(alice(), play_rookery("chess", 1));
    t.ok(alice(), Command::Move { text: "d4".into() });
    let granted = t.ok(alice(), Command::Takeback(TakebackAction::Request));
    assert!(granted.iter().any(|r| r.text.contains("agrees to take back")), "{:?}", texts(&granted));
    let answers = t.rookery_answers();
    assert!(answers.is_empty(), "{:?}", texts(&answers));
    assert!(t.record().unwrap().actions.is_empty(), "back at the start, alice to move");
    t.ok(alice(), Command::Move { text: "e4".into() });
    let answers = t.rookery_answers();
    assert!(answers.iter().any(|r| r.text.contains("Rookery (level 1)** plays")), "{:?}", texts(&answers));
    assert_eq!(t.record().unwrap().actions.len(), 2);

    // A moderator's end: the thought is dropped too.
    let t = Table::new();
    t.ok(alice(), play_rookery("chess", 1));
    t.ok(alice(), Command::Move { text: "c4".into() });
    let moderator = User { id: 5, name: "mod".into(), can_manage_channel: true };
    t.ok(moderator, Command::AdminEnd { reason: Some("closing time".into()) });
    assert!(t.rookery_answers().is_empty());
    assert_eq!(t.core.storage().archived_games(key()).unwrap()[0].actions.len(), 1);
}

#[test]
fn draw_offers_get_an_answer() {
    let t = Table::new();
    t.ok(alice(), play_rookery("chess", 2));
    t.ok(alice(), Command::Draw(DrawAction::Offer));
    let answers = t.rookery_answers();
    assert!(answers.iter().any(|r| r.text.contains("declines the draw offer")), "{:?}", texts(&answers));

    // A queen down, Rookery takes the draw.
    let t = Table::new();
    t.ok(alice(), play_rookery("chess", 2));
    t.core
        .storage()
        .update_channel(key(), |current| {
            let mut record = current.unwrap();
            record.start = Some("4k3/8/8/8/8/8/8/3QK3 w - - 0 1".into());
            Ok::<_, ()>(Change::Put(record, ()))
        })
        .unwrap()
        .unwrap();
    t.ok(alice(), Command::Draw(DrawAction::Offer));
    let answers = t.rookery_answers();
    assert!(answers.iter().any(|r| r.text.contains("accepts the draw offer")), "{:?}", texts(&answers));
    let finished = t.core.storage().archived_games(key()).unwrap();
    assert_eq!(finished[0].phase, Phase::Finished { result: "1/2-1/2".into(), reason: finished_reason(&finished[0]) });
}

fn finished_reason(record: &ChannelGame) -> String {
    match &record.phase {
        Phase::Finished { reason, .. } => reason.clone(),
        other => panic!("not finished: {other:?}"),
    }
}

#[test]
fn games_waiting_for_rookery_are_picked_up_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    {
        let core = open(&dir);
        core.play_as(rookery());
        core.handle(Request { place: HERE, user: alice(), command: play_rookery("chess", 1) });
        core.handle(Request { place: HERE, user: alice(), command: Command::Move { text: "e4".into() } });
        // Stopped before the thought was applied.
    }
    let core = open(&dir);
    let stored = core.storage().channel_game(key()).unwrap().unwrap();
    assert_eq!(stored.actions.len(), 1, "Rookery's move was never stored");
    core.play_as(rookery());
    core.settle();
    let posted: Vec<Reply> = core.due().into_iter().filter(|(p, _)| *p == HERE).map(|(_, r)| r).collect();
    assert!(posted.iter().any(|r| r.text.contains("Rookery (level 1)** plays")), "{:?}", texts(&posted));
    assert_eq!(core.storage().channel_game(key()).unwrap().unwrap().actions.len(), 2);
}

#[test]
fn a_challenge_to_rookery_made_before_it_was_seated_is_accepted_when_it_is() {
    let dir = tempfile::tempdir().unwrap();
    {
        // A core that does not know Rookery's account yet: a plain challenge.
        let core = open(&dir);
        let play = Command::Play {
            variant: "luckdragon".into(),
            opponent: Some(rookery()),
            move_days: None,
            options: None,
            clock: None,
        };
        let replies = core.handle(Request { place: HERE, user: alice(), command: play });
        assert!(replies[0].text.contains("challenges"), "{:?}", texts(&replies));
    }
    let core = open(&dir);
    core.play_as(rookery());
    core.settle();
    let posted: Vec<Reply> = core.due().into_iter().filter(|(p, _)| *p == HERE).map(|(_, r)| r).collect();
    assert!(!posted.is_empty());
    let record = core.storage().channel_game(key()).unwrap().unwrap();
    assert_eq!(record.phase, Phase::Playing);
    assert_eq!(record.black.map(|p| p.id), Some(rookery().id));
}

#[test]
fn the_console_plays_rookery() {
    let dir = tempfile::tempdir().unwrap();
    let images = tempfile::tempdir().unwrap();
    let core = Core::new(Storage::open(dir.path()).unwrap(), rookery::core::system_clock()).with_engine_seed(SEED);
    let input = "/play chess rookery 1\ne4\n/moves\n/resign\n";
    let mut out = Vec::new();
    rookery::console::run(&core, input.as_bytes(), &mut out, images.path()).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("alice (White) vs Rookery (level 1) (Black)"), "{out}");
    assert!(out.contains("Rookery (level 1) plays"), "{out}");
    assert!(out.contains("1. e4 "), "{out}");
    assert!(out.contains("0-1"), "{out}");
}

#[test]
fn a_rematch_with_rookery_starts_at_once_with_colours_swapped() {
    let t = Table::new();
    t.ok(alice(), play_rookery("chess", 1));
    t.ok(alice(), Command::Resign);
    let rematch = t.ok(alice(), Command::Rematch);
    assert!(rematch.iter().any(|r| r.text.contains("**Rookery (level 1)** (White)")), "{:?}", texts(&rematch));
    let answers = t.rookery_answers();
    assert!(
        answers.iter().any(|r| r.text.contains("Rookery (level 1)** plays")),
        "Rookery opens: {:?}",
        texts(&answers)
    );
    let record = t.record().unwrap();
    assert_eq!(record.phase, Phase::Playing);
    assert_eq!(record.white.map(|p| p.id), Some(rookery().id));
    assert_eq!(record.actions.len(), 1);
}
