//! A toy dice variant through the real adapter and the fake Discord: the core
//! never names it, the test registers it. Secret choices are answered
//! privately and never reach a public message before the end; the bot rolls
//! every turn's die and passes for a side that cannot move.

use std::sync::Arc;

use anyhow::Result;
use axum::http::Method;
use rookery::core::ButtonAction;
use rookery_engine::grants::Grants;
use rookery_engine::rules::{Chance, InTree, RollKind, TurnRoll};
use rookery_engine::turns::{PassRule, SecretRule, TurnRules};
use rookery_engine::variant::register;
use rookery_engine::{Color, GameOptions, Position, Rules, Variant};

use crate::fake_discord::{webhook, Call};
use crate::interactions::{click, slash, string, user, ALICE, BOB};
use crate::{connect, core};

const D6: &[RollKind] = &[RollKind { dice: &[6], word: "d6", label: "turn die", automatic: true }];

/// One d6 at the start of every turn.
fn one_per_turn(_: &Position, _: &GameOptions, rolls: &[TurnRoll]) -> Option<usize> {
    rolls.is_empty().then_some(0)
}

fn bot_only(_: &Position, _: &GameOptions, _: &[TurnRoll], _: usize) -> Result<(), String> {
    Err("the bot rolls the turn die".into())
}

fn nothing(_: &Position, _: &GameOptions, _: &[TurnRoll]) -> Grants {
    Grants::NONE
}

fn show((_, faces): &TurnRoll) -> String {
    format!("({})", faces[0])
}

fn at_the_end(_: &Position) -> Option<Color> {
    None
}

fn decides_nothing(_: &Position, _: Color, _: &str) -> Option<Color> {
    None
}

/// Chess from a start where White cannot move, a die every turn, one pass
/// each (voluntary or forced), and a secret `left`/`right`.
fn toy(_: &GameOptions) -> Arc<Rules> {
    let mut rules = (*Variant::Chess.rules().expect("chess")).clone();
    rules.variant = Variant::Registered("wheelbarrow");
    rules.start = "K7/8/1q6/8/8/8/8/7k w - - 0 1";
    rules.chance = Some(Chance {
        kinds: D6,
        allowed: bot_only,
        required: one_per_turn,
        grant: nothing,
        describe: show,
        in_tree: InTree::Never,
    });
    rules.turns = TurnRules {
        passes: Some(PassRule { per_game: Some(1), voluntary: true, forced: true }),
        secret: Some(SecretRule {
            options: &["left", "right"],
            label: "hand",
            reveal_due: at_the_end,
            revealed: decides_nothing,
        }),
        forfeit: None,
    };
    Arc::new(rules)
}

fn text(call: &Call) -> String {
    call.payload.to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_toy_dice_game_with_secrets_through_the_fake_discord() -> Result<()> {
    register("wheelbarrow", toy);
    let (handler, _database) = core()?;
    let connected = connect(handler).await?;
    let fake = &connected.fake;

    fake.dispatch(slash(2001, ALICE, "play", vec![string("variant", "wheelbarrow"), user("opponent", BOB)]))?;
    let challenge = fake.callback(2001).await?;
    assert!(text(&challenge).contains("ledger `game:"));
    fake.dispatch(click(2002, BOB, &button_of(&challenge, ButtonAction::Accept)))?;
    assert!(text(&fake.callback(2002).await?).contains("/choose left|right"));

    // Alice's choice: the answer is hers alone; the channel gets a follow-up
    // with the commitment.
    fake.dispatch(slash(2003, ALICE, "choose", vec![string("option", "left")]))?;
    let private = fake.callback(2003).await?;
    assert!(private.is_ephemeral() && text(&private).contains("**left**"), "{}", text(&private));
    let public = fake.wait_for("alice's commitment", |c| c.method == Method::POST && c.path == webhook(2003)).await?;
    assert!(!public.is_ephemeral() && text(&public).contains("has made their secret choice (commitment `"));
    let nonce: String = {
        let shown = text(&private);
        let at = shown.find("|left|").expect("the preimage") + "|left|".len();
        shown[at..].chars().take_while(char::is_ascii_hexdigit).collect()
    };
    assert_eq!(nonce.len(), 32);

    // Bob's choice starts play: the bot rolls White's die, White cannot move
    // and passes, the bot rolls Black's die.
    fake.dispatch(slash(2004, BOB, "choose", vec![string("option", "right")]))?;
    assert!(fake.callback(2004).await?.is_ephemeral());
    let opening = fake.wait_for("the opening", |c| c.method == Method::POST && c.path == webhook(2004)).await?;
    for expected in
        ["**alice**'s turn die, rolled by Rookery", "**alice** has no move and passes.", "**bob**'s turn die"]
    {
        assert!(text(&opening).contains(expected), "{expected} missing from {}", text(&opening));
    }
    let pass = button_of(&opening, ButtonAction::Pass);

    // Nothing public so far names a choice or a nonce.
    for call in fake.calls().iter().filter(|c| !c.is_ephemeral()) {
        let shown = text(call);
        assert!(!shown.contains(&nonce) && !shown.contains("**left**") && !shown.contains("**right**"), "{shown}");
    }

    // Bob passes with the button: White's die, no move, no pass left: a draw,
    // and both hands are shown.
    fake.dispatch(click(2005, BOB, &pass))?;
    let end = text(&fake.callback(2005).await?);
    assert!(end.contains("**bob** passes.") && end.contains("Draw by stalemate"), "{end}");
    assert!(end.contains(&format!("**alice** reveals their hand: **left** (nonce `{nonce}`")), "{end}");
    assert!(end.contains("**bob** reveals their hand: **right**"), "{end}");
    Ok(())
}

/// The custom id of the `action` button of a message (it names its game).
fn button_of(call: &crate::fake_discord::Call, action: ButtonAction) -> String {
    let ids = call.button_ids();
    let id = ids.iter().find(|id| id.split(':').next() == Some(action.id()));
    id.unwrap_or_else(|| panic!("no {action:?} button in {ids:?}")).clone()
}
