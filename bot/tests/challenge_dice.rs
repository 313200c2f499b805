//! A toy dice variant the test registers (the core never names it), with a
//! turn die the bot rolls at the start of every turn and three dice the
//! player to move may roll: seeds given with the challenge and with the
//! acceptance reach the game's ledger before its first roll (which comes in
//! the same step as the acceptance), and every player-rolled kind has a button.

mod common;

use std::sync::Arc;

use common::{alice, bob, carol, Table, HERE};
use rookery::core::{ButtonAction, Command, Reply};
use rookery_engine::grants::Grants;
use rookery_engine::rules::{Chance, InTree, RollKind, TurnRoll};
use rookery_engine::variant::register;
use rookery_engine::{GameOptions, Position, Rules, Variant};
use rookery_storage::{ChannelKey, Phase};

const KINDS: &[RollKind] = &[
    RollKind { dice: &[4], word: "turn", label: "turn die", automatic: true },
    RollKind { dice: &[6], word: "six", label: "d6", automatic: false },
    RollKind { dice: &[8], word: "eight", label: "d8", automatic: false },
    RollKind { dice: &[10], word: "ten", label: "d10", automatic: false },
];

/// The turn die first thing every turn.
fn required(_: &Position, _: &GameOptions, rolls: &[TurnRoll]) -> Option<usize> {
    rolls.is_empty().then_some(0)
}

/// Each player-rolled die once a turn, in any order.
fn allowed(_: &Position, _: &GameOptions, rolls: &[TurnRoll], kind: usize) -> Result<(), String> {
    match kind {
        0 => Err("the turn die is the bot's".into()),
        _ if rolls.iter().any(|(k, _)| *k == kind) => Err("each die is rolled once a turn".into()),
        _ => Ok(()),
    }
}

fn grant(_: &Position, _: &GameOptions, _: &[TurnRoll]) -> Grants {
    Grants::NONE
}

fn describe((_, faces): &TurnRoll) -> String {
    format!("[{}]", faces[0])
}

/// Chess with the toy's dice.
fn toy(_: &GameOptions) -> Arc<Rules> {
    let mut rules = (*Variant::Chess.rules().unwrap()).clone();
    rules.variant = Variant::Registered("fourdice");
    rules.chance = Some(Chance { kinds: KINDS, allowed, required, grant, describe, in_tree: InTree::Never });
    Arc::new(rules)
}

fn play(seed: Option<&str>) -> Command {
    register("fourdice", toy);
    let play = Command::Play {
        variant: "fourdice".into(),
        opponent: Some(bob()),
        move_days: None,
        options: None,
        clock: None,
    };
    play.with_seed(seed.map(str::to_string))
}

fn accept(seed: &str) -> Command {
    Command::Accept.with_seed(Some(seed.to_string()))
}

fn stored(t: &Table) -> rookery_storage::ChannelGame {
    let key = ChannelKey { guild: HERE.guild, channel: HERE.channel };
    t.core.storage().channel_game(key).unwrap().unwrap()
}

/// The buttons of a reply that roll a game's dice.
fn roll_buttons(reply: &Reply) -> Vec<(ButtonAction, &str)> {
    reply
        .buttons
        .iter()
        .filter(|b| matches!(b.action, ButtonAction::Roll | ButtonAction::RollSecond | ButtonAction::RollKind(_)))
        .map(|b| (b.action, b.label.as_str()))
        .collect()
}

/// The command a click on the `action` button of `reply` sends, read back
/// from its custom id as the Discord adapter and the console read it.
fn click(reply: &Reply, action: ButtonAction) -> Command {
    let button = reply.buttons.iter().find(|b| b.action == action).unwrap_or_else(|| panic!("no {action:?} button"));
    ButtonAction::parse_custom_id(&button.custom_id()).expect("a custom id the adapter reads")
}

#[test]
fn seeds_come_with_the_challenge_and_the_acceptance_before_the_first_roll() {
    let t = Table::new();
    let chess = Command::Play { variant: "chess".into(), opponent: None, move_days: None, options: None, clock: None };
    let refused = t.refused(alice(), chess.with_seed(Some("lucky".into())));
    assert!(refused.contains("rolls no dice"), "{refused}");
    let key = ChannelKey { guild: HERE.guild, channel: HERE.channel };
    assert!(t.core.storage().channel_game(key).unwrap().is_none(), "a refused challenge stores nothing");
    assert!(t.refused(alice(), play(Some(" "))).contains("seed"), "a blank seed");
    assert!(t.core.storage().channel_game(key).unwrap().is_none());

    let challenge = t.ok(alice(), play(Some("alice at the challenge")));
    assert!(challenge.text.contains("Every roll of this game comes from ledger `game:"), "{}", challenge.text);
    assert!(challenge.text.contains("**alice** added a player seed"), "{}", challenge.text);
    assert_eq!(stored(&t).seeds, ["alice at the challenge"]);

    // A seed is no way around the challenge's own rules.
    assert!(t.refused(carol(), accept("carol's")).contains("This challenge is for bob"));
    assert!(t.refused(bob(), accept("alice at the challenge")).contains("already added"), "a duplicate seed");
    assert!(matches!(stored(&t).phase, Phase::Challenge { .. }), "a refused acceptance starts nothing");
    assert!(t.refused(bob(), Command::Resign.with_seed(Some("x".into()))).contains("/play` or `/accept"));

    // The acceptance adds Bob's seed, and in the same step the bot rolls
    // White's turn die on the ledger both seeds feed.
    let started = t.ok(bob(), accept("bob at the acceptance"));
    let seeded = started.text.find("**bob** added a player seed").expect("bob's seed is announced");
    let rolled = started.text.find("**alice**'s turn die, rolled by Rookery").expect("the first roll");
    assert!(seeded < rolled, "{}", started.text);
    assert_eq!(stored(&t).seeds, ["alice at the challenge", "bob at the acceptance"]);
    assert!(t.refused(alice(), Command::Seed { text: "too late".into() }).contains("already rolled"));

    // The revealed ledger lists both seeds and re-derives every roll with them.
    let first_chain = chain_after(&started.text[rolled..], "rolled by Rookery: ", 8);
    t.ok(alice(), Command::Move { text: "e4".into() });
    let resigned = t.ok(bob(), Command::Resign);
    // The post that ends the game gives the ledger's roll count and final chain.
    let final_chain = chain_after(&resigned.text, "is revealed (", 64);
    let verified = t.ok(carol(), Command::Verify);
    let transcript = verified.files.iter().find(|f| f.name.starts_with("game-")).expect("the game's transcript");
    let transcript = String::from_utf8(transcript.bytes.clone()).unwrap();
    assert!(transcript.contains("player-seed alice at the challenge"), "{transcript}");
    assert!(transcript.contains("player-seed bob at the acceptance"), "{transcript}");
    let (report, ok) = rookery::cli::dice::verify_against(&transcript, Some(&final_chain)).unwrap();
    assert!(ok, "{report}");
    assert!(report.contains(&format!("(transcript `roll 0`, chain {first_chain}): ok")), "{first_chain}: {report}");
}

/// The `digits` hex digits of the first `, chain ` after `marker` in `text`.
fn chain_after(text: &str, marker: &str, digits: usize) -> String {
    let from = text.find(marker).unwrap_or_else(|| panic!("no {marker:?} in {text}"));
    let at = from + text[from..].find(", chain ").unwrap_or_else(|| panic!("no chain in {text}")) + ", chain ".len();
    text[at..at + digits].to_owned()
}

#[test]
fn an_open_challenge_takes_the_seed_of_whoever_accepts_it() {
    let t = Table::new();
    register("fourdice", toy);
    let open =
        Command::Play { variant: "fourdice".into(), opponent: None, move_days: None, options: None, clock: None };
    let challenge = t.ok(alice(), open);
    assert!(!challenge.text.contains("added a player seed"));
    let started = t.ok(carol(), accept("carol's"));
    assert!(started.text.contains("**carol** added a player seed"), "{}", started.text);
    assert_eq!(stored(&t).seeds, ["carol's"]);
}

#[test]
fn every_roll_kind_a_player_rolls_has_its_button() {
    let t = Table::new();
    t.ok(alice(), play(None));
    let started = t.ok(bob(), Command::Accept);
    // The bot's turn die has none; each of the three others has its own.
    assert_eq!(
        roll_buttons(&started),
        [
            (ButtonAction::RollSecond, "d6 (d6)"),
            (ButtonAction::RollKind(2), "d8 (d8)"),
            (ButtonAction::RollKind(3), "d10 (d10)")
        ]
    );
    let ten = t.ok(alice(), click(&started, ButtonAction::RollKind(3)));
    assert!(ten.text.contains("**alice**'s d10: "), "{}", ten.text);
    assert_eq!(roll_buttons(&ten).len(), 2, "the d10 is spent this turn: {:?}", roll_buttons(&ten));
    // The button of an earlier message still names the kind it rolls.
    assert!(t.refused(alice(), click(&started, ButtonAction::RollKind(3))).contains("once a turn"));
    assert!(t.refused(bob(), click(&ten, ButtonAction::RollKind(2))).contains("not your turn"));
    let eight = t.ok(alice(), click(&ten, ButtonAction::RollKind(2)));
    assert!(eight.text.contains("**alice**'s d8: "), "{}", eight.text);
    assert_eq!(roll_buttons(&eight), [(ButtonAction::RollSecond, "d6 (d6)")]);

    // After the game a button of it acts on nothing.
    t.ok(alice(), Command::Resign);
    assert!(t.refused(alice(), click(&started, ButtonAction::RollKind(2))).contains("is over"), "stale");
}

#[test]
fn the_console_takes_seeds_with_play_and_accept_and_rolls_by_button() {
    let t = Table::new();
    register("fourdice", toy);
    let images = tempfile::tempdir().unwrap();
    let console = |script: &str| {
        let mut out = Vec::new();
        let core = &t.core as &dyn rookery::core::Handler;
        rookery::console::run(core, script.as_bytes(), &mut out, images.path()).unwrap();
        String::from_utf8(out).unwrap()
    };
    let out = console("/play fourdice @bob seed:alice's lucky words\n/as bob\n/accept seed:bob's own\n");
    assert!(out.contains("alice added a player seed"), "{out}");
    assert!(out.contains("bob added a player seed"), "{out}");
    let key = ChannelKey { guild: rookery::console::CHANNEL.guild, channel: rookery::console::CHANNEL.channel };
    let record = t.core.storage().channel_game(key).unwrap().unwrap();
    assert_eq!(record.seeds, ["alice's lucky words", "bob's own"]);
    // The game's buttons are shown as lines to type; the d10's names its kind.
    let d10 = format!("/button roll-kind:{}:3", record.id);
    assert!(out.contains(&d10), "{out}");
    let rolled = console(&format!("{d10}\n"));
    assert!(rolled.contains("alice's d10: "), "{rolled}");
}
