//! The turn protocol through the command core, on a toy dice variant the test
//! registers (the core never names it): player seeds before the first roll,
//! secret choices whose value reaches only the chooser until the game ends,
//! automatic 2d4 chains rolled by the bot from the game's ledger, a forced
//! pass, an optional roll with its button, and stalemate once the pass is
//! spent; then the same in the console.

mod common;

use std::sync::Arc;

use common::{alice, bob, carol, Table, HERE};
use rookery::core::{ButtonAction, Command, Handler, Reply};
use rookery_engine::game::{Action, Game, GameRecord};
use rookery_engine::grants::Grants;
use rookery_engine::rules::{Chance, InTree, RollKind, TurnRoll};
use rookery_engine::turns::{PassRule, SecretRule, TurnRules};
use rookery_engine::variant::register;
use rookery_engine::{Color, GameOptions, Position, Rules, Variant};
use rookery_storage::{ChannelKey, Phase};

const KINDS: &[RollKind] = &[
    RollKind { dice: &[4, 4], word: "chain", label: "2d4", automatic: true },
    RollKind { dice: &[6], word: "bonus", label: "bonus die", automatic: false },
];

/// 2d4 at the start of every turn and again after every double.
fn required(_: &Position, _: &GameOptions, rolls: &[TurnRoll]) -> Option<usize> {
    match rolls.last() {
        None => Some(0),
        Some((0, faces)) if faces[0] == faces[1] => Some(0),
        Some(_) => None,
    }
}

/// The bonus die once a turn, after the chain.
fn allowed(_: &Position, _: &GameOptions, rolls: &[TurnRoll], kind: usize) -> Result<(), String> {
    match (kind, rolls.iter().any(|(k, _)| *k == 1)) {
        (1, false) => Ok(()),
        (1, true) => Err("the bonus die is rolled once a turn".into()),
        _ => Err("the 2d4 are the bot's".into()),
    }
}

fn grant(_: &Position, _: &GameOptions, _: &[TurnRoll]) -> Grants {
    Grants::NONE
}

fn describe((_, faces): &TurnRoll) -> String {
    let shown: Vec<String> = faces.iter().map(u32::to_string).collect();
    format!("[{}]", shown.join(","))
}

fn never_due(_: &Position) -> Option<Color> {
    None
}

fn no_winner(_: &Position, _: Color, _: &str) -> Option<Color> {
    None
}

/// Chess from a start where White is stalemated, with the toy's dice, one
/// pass each and a secret E/F choice.
fn toy(_: &GameOptions) -> Arc<Rules> {
    let mut rules = (*Variant::Chess.rules().unwrap()).clone();
    rules.variant = Variant::Registered("toydice");
    rules.start = "K7/8/1q6/8/8/8/8/7k w - - 0 1";
    rules.chance = Some(Chance { kinds: KINDS, allowed, required, grant, describe, in_tree: InTree::Never });
    rules.turns = TurnRules {
        passes: Some(PassRule { per_game: Some(1), voluntary: true, forced: true }),
        secret: Some(SecretRule {
            options: &["E", "F"],
            label: "sealed letter",
            reveal_due: never_due,
            revealed: no_winner,
        }),
        forfeit: None,
    };
    Arc::new(rules)
}

fn play_toy(t: &Table) -> Reply {
    register("toydice", toy);
    let play =
        Command::Play { variant: "toydice".into(), opponent: Some(bob()), move_days: None, options: None, clock: None };
    t.ok(alice(), play)
}

fn stored(t: &Table) -> rookery_storage::ChannelGame {
    let key = ChannelKey { guild: HERE.guild, channel: HERE.channel };
    t.core.storage().channel_game(key).unwrap().unwrap()
}

/// `(private, public)` replies of a secret choice.
fn choose(t: &Table, who: rookery::core::User, option: &str) -> (Reply, Vec<Reply>) {
    let mut replies = t.send(who, Command::Choose { option: option.into() }).into_iter();
    let private = replies.next().unwrap();
    assert!(private.ephemeral, "{}", private.text);
    let public: Vec<Reply> = replies.collect();
    assert!(public.iter().all(|r| !r.ephemeral) && !public.is_empty());
    (private, public)
}

/// The nonce a private choice reply names (`…|E|<nonce>`).
fn nonce(private: &Reply) -> String {
    let start = private.text.rfind('|').unwrap() + 1;
    private.text[start..].chars().take_while(char::is_ascii_hexdigit).collect()
}

#[test]
fn seeds_secrets_automatic_rolls_a_forced_pass_and_stalemate() {
    let t = Table::new();
    let challenge = play_toy(&t);
    assert!(challenge.text.contains("Every roll of this game comes from ledger `game:"), "{}", challenge.text);
    assert!(challenge.text.contains("/seed"), "{}", challenge.text);
    let seeded = t.ok(alice(), Command::Seed { text: "alice's luck".into() });
    assert!(seeded.text.contains("this game's dice ledger"), "{}", seeded.text);
    t.ok(bob(), Command::Seed { text: "bob's luck".into() });
    assert!(t.refused(bob(), Command::Seed { text: "bob's luck".into() }).contains("already"), "a duplicate seed");
    // Carol plays no part in the challenge: her seed goes to the table ledger.
    assert!(t.ok(carol(), Command::Seed { text: "carol".into() }).text.contains("table ledger"));
    assert_eq!(stored(&t).seeds, ["alice's luck", "bob's luck"]);

    let started = t.ok(bob(), Command::Accept);
    assert!(started.text.contains("alice makes a secret choice first, privately: `/choose E|F`."), "{}", started.text);
    assert!(!started.text.contains("rolled by Rookery"), "no roll before the secret choices");
    assert!(t.refused(alice(), Command::Move { text: "Ka7".into() }).contains("secret choice"));
    assert!(t.refused(alice(), Command::Choose { option: "G".into() }).contains("Choose one of: E, F"));
    assert!(t.core.complete_move(HERE, 1, "").is_empty(), "no move is offered before the choices");

    let (alice_private, alice_public) = choose(&t, alice(), "e");
    assert!(alice_private.text.contains("**E**"), "{}", alice_private.text);
    let alice_nonce = nonce(&alice_private);
    assert_eq!(alice_nonce.len(), 32);
    assert!(alice_public[0].text.contains("**alice** has made their secret choice (commitment `"));
    assert!(alice_public[0].text.contains("bob makes a secret choice first"), "{}", alice_public[0].text);
    assert!(t.refused(alice(), Command::Choose { option: "F".into() }).contains("cannot be changed"));

    let (_, bob_public) = choose(&t, bob(), "F");
    let opening = &bob_public[0].text;
    // Both chose: the bot rolls White's 2d4 at once; White has no move and
    // passes by force; Black's 2d4 follow, all in the same transaction.
    assert!(opening.contains("**alice**'s 2d4, rolled by Rookery: ["), "{opening}");
    assert!(opening.contains("**alice** has no move and passes."), "{opening}");
    assert!(opening.contains("**bob**'s 2d4, rolled by Rookery: ["), "{opening}");
    assert!(opening.contains("bob to move (Black)."), "{opening}");
    let offered = t.core.complete_move(HERE, 2, "");
    assert_eq!(offered[..2], ["bonus", "pass"], "{offered:?}");
    assert!(offered.contains(&"Kg1".to_string()) && t.core.complete_move(HERE, 1, "").is_empty());
    let buttons: Vec<ButtonAction> = bob_public[0].buttons.iter().map(|b| b.action).collect();
    assert!(buttons.contains(&ButtonAction::RollSecond) && buttons.contains(&ButtonAction::Pass), "{buttons:?}");
    assert!(!buttons.contains(&ButtonAction::Roll), "the automatic 2d4 have no button");
    assert!(t.refused(bob(), Command::RollForGame).contains("rolls the 2d4 itself"));
    let bonus = t.ok(bob(), Command::Move { text: "bonus".into() });
    assert!(bonus.text.contains("**bob**'s bonus die: ["), "{}", bonus.text);
    assert!(t.refused(bob(), Command::RollSecondForGame).contains("once a turn"));

    // Until the end, no public reply and no stored action names a choice.
    let record = stored(&t);
    for text in record.actions.iter().chain([&alice_public[0].text, opening, &bonus.text]) {
        assert!(!text.contains(&alice_nonce) && !text.contains("**E**") && !text.contains("**F**"), "{text}");
    }

    let last = t.ok(bob(), Command::Move { text: "Kg1".into() });
    // White is stuck again and the pass is spent: stalemate, then both
    // secrets are revealed and check against their commitments.
    assert!(last.text.contains("**1/2-1/2** · Draw by stalemate."), "{}", last.text);
    assert!(last.text.contains(&format!("**alice** reveals their sealed letter: **E** (nonce `{alice_nonce}`")));
    assert!(last.text.contains("**bob** reveals their sealed letter: **F**"), "{}", last.text);

    let key = ChannelKey { guild: HERE.guild, channel: HERE.channel };
    let archived = t.core.storage().archived_games(key).unwrap().pop().unwrap();
    assert!(matches!(archived.phase, Phase::Finished { .. }));
    let variant: Variant = archived.variant.parse().unwrap();
    let record = GameRecord { variant, options: archived.options, start: None, actions: archived.actions.clone() };
    let game = Game::replay(&record).unwrap();
    assert_eq!((game.revealed_secret(Color::White), game.revealed_secret(Color::Black)), (Some("E"), Some("F")));
    assert!(archived.actions.iter().any(|a| a == "pass white"), "{:?}", archived.actions);
    let rolls = game.actions().iter().filter(|a| matches!(a, Action::Roll { kind: 0, .. })).count();
    assert!(rolls >= 3, "{:?}", archived.actions);
    // The revealed ledger re-derives every roll, seeds included.
    let verified = t.ok(carol(), Command::Verify);
    let transcript = verified.files.iter().find(|f| f.name.starts_with("game-")).expect("the game's transcript");
    let transcript = String::from_utf8(transcript.bytes.clone()).unwrap();
    assert!(transcript.contains("alice's luck") && transcript.contains("bob's luck"), "{transcript}");
}

#[test]
fn a_player_may_pass_once_by_word_or_button() {
    let t = Table::new();
    play_toy(&t);
    t.ok(bob(), Command::Accept);
    choose(&t, alice(), "F");
    choose(&t, bob(), "E");
    // Black moved... after White's forced pass; now Black may pass voluntarily.
    let passed = t.ok(bob(), Command::Move { text: "pass".into() });
    assert!(passed.text.contains("**bob** passes."), "{}", passed.text);
    assert!(passed.text.contains("**alice**'s 2d4, rolled by Rookery"), "{}", passed.text);
    // White is stuck with the pass spent: stalemate at once.
    assert!(passed.text.contains("Draw by stalemate"), "{}", passed.text);
    assert!(t.refused(bob(), ButtonAction::Pass.command()).contains("no game"), "the game is over");
}

#[test]
fn the_console_plays_the_toy_with_private_choices() {
    let t = Table::new();
    register("toydice", toy);
    let script = "/play toydice @bob\n/seed table talk\n/as bob\n/accept\n/as alice\n/choose E\n/as bob\n/choose F\n\
                  /board\npass\n";
    let images = tempfile::tempdir().unwrap();
    let mut out = Vec::new();
    rookery::console::run(&t.core as &dyn Handler, script.as_bytes(), &mut out, images.path()).unwrap();
    let out = String::from_utf8(out).unwrap();
    for expected in [
        "added a player seed to this game's dice ledger",
        "(only alice) Your secret choice for sealed letter: E",
        "alice has made their secret choice (commitment `",
        "alice's 2d4, rolled by Rookery",
        "alice has no move and passes.",
        "bob passes.",
        "Draw by stalemate",
        "alice reveals their sealed letter: E",
    ] {
        assert!(out.contains(expected), "{expected:?} missing from:\n{out}");
    }
    let before_end = &out[..out.find("bob passes.").unwrap()];
    // Public lines may list the options (`/choose E|F`), never name the choice.
    let shown_to_all: Vec<&str> =
        before_end.lines().filter(|l| !l.contains("(only ") && !l.contains("/choose E|F")).collect();
    let names_a_letter =
        |line: &&str| line.split(|c: char| !c.is_alphanumeric()).any(|word| word == "E" || word == "F");
    assert!(!shown_to_all.iter().any(names_a_letter), "{shown_to_all:?}");
}
