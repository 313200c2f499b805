//! Seeds with the challenge and the acceptance, and a button for every roll
//! kind, through the real adapter and the fake Discord, on a toy dice variant
//! the test registers: the bot rolls a turn die, the player three others.

use std::sync::Arc;

use anyhow::Result;
use rookery_engine::grants::Grants;
use rookery_engine::rules::{Chance, InTree, RollKind, TurnRoll};
use rookery_engine::variant::register;
use rookery_engine::{GameOptions, Position, Rules, Variant};

use crate::fake_discord::Call;
use crate::interactions::{click, slash, string, user, ALICE, BOB};
use crate::{connect, core};

const KINDS: &[RollKind] = &[
    RollKind { dice: &[4], word: "turn", label: "turn die", automatic: true },
    RollKind { dice: &[6], word: "six", label: "d6", automatic: false },
    RollKind { dice: &[8], word: "eight", label: "d8", automatic: false },
    RollKind { dice: &[10], word: "ten", label: "d10", automatic: false },
];

fn turn_die_first(_: &Position, _: &GameOptions, rolls: &[TurnRoll]) -> Option<usize> {
    rolls.is_empty().then_some(0)
}

fn each_once(_: &Position, _: &GameOptions, rolls: &[TurnRoll], kind: usize) -> Result<(), String> {
    match kind {
        0 => Err("the turn die is the bot's".into()),
        _ if rolls.iter().any(|(k, _)| *k == kind) => Err("each die is rolled once a turn".into()),
        _ => Ok(()),
    }
}

fn nothing(_: &Position, _: &GameOptions, _: &[TurnRoll]) -> Grants {
    Grants::NONE
}

fn show((_, faces): &TurnRoll) -> String {
    format!("[{}]", faces[0])
}

fn toy(_: &GameOptions) -> Arc<Rules> {
    let mut rules = (*Variant::Chess.rules().expect("chess")).clone();
    rules.variant = Variant::Registered("seededdice");
    rules.chance = Some(Chance {
        kinds: KINDS,
        allowed: each_once,
        required: turn_die_first,
        grant: nothing,
        describe: show,
        in_tree: InTree::Never,
    });
    Arc::new(rules)
}

fn text(call: &Call) -> String {
    call.payload.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeds_with_challenge_and_acceptance_and_a_button_per_roll_kind() -> Result<()> {
    register("seededdice", toy);
    let (handler, _database) = core()?;
    let connected = connect(handler).await?;
    let fake = &connected.fake;

    let play = vec![string("variant", "seededdice"), user("opponent", BOB), string("seed", "alice's words")];
    fake.dispatch(slash(3001, ALICE, "play", play))?;
    let challenge = text(&fake.callback(3001).await?);
    assert!(challenge.contains("**alice** added a player seed"), "{challenge}");

    fake.dispatch(slash(3002, BOB, "accept", vec![string("seed", "bob's words")]))?;
    let started = fake.callback(3002).await?;
    let shown = text(&started);
    let seeded = shown.find("**bob** added a player seed").expect("bob's seed is announced");
    assert!(seeded < shown.find("**alice**'s turn die, rolled by Rookery").expect("the first roll"), "{shown}");

    // Every die Alice may roll has its button; the third kind's names its kind.
    let ids = started.button_ids();
    let ten = ids.iter().find(|id| id.starts_with("roll-kind:") && id.ends_with(":3"));
    let ten = ten.unwrap_or_else(|| panic!("no d10 button in {ids:?}")).clone();
    assert!(ids.iter().any(|id| id.starts_with("roll-second:")), "{ids:?}");
    assert!(ids.iter().any(|id| id.starts_with("roll-kind:") && id.ends_with(":2")), "{ids:?}");
    fake.dispatch(click(3003, ALICE, &ten))?;
    let rolled = text(&fake.callback(3003).await?);
    assert!(rolled.contains("**alice**'s d10: "), "{rolled}");
    Ok(())
}
