//! Dice Landing through the real adapter and the fake Discord: a custom
//! lineup pasted with the challenge is previewed, the Roll button rolls a face
//! on the game's ledger, and the landing square is played with `/move`; a
//! roll in check is warned about privately and rolled on "Roll anyway".

use anyhow::Result;
use rookery::core::ButtonAction;

use crate::fake_discord::Call;
use crate::interactions::{click, slash, string, user, ALICE, BOB};
use crate::{connect, core};

fn text(call: &Call) -> String {
    call.payload.to_string()
}

fn button_of(call: &Call, action: ButtonAction) -> Option<String> {
    call.button_ids().into_iter().find(|id| id.split(':').next() == Some(action.id()))
}

/// White's knights alone in reserve, everything else as the standard lineup.
const LINEUP: &str = "4k3/2pppp2/8/8/8/8/2PPPP2/4K3[NNqrrbbnnpppp] w e1e8 - 0 1 -";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_custom_lineup_and_a_deploy_roll_through_the_fake_discord() -> Result<()> {
    let (handler, _database) = core()?;
    let connected = connect(handler).await?;
    let fake = &connected.fake;

    let options = format!("die=NNNNNN lineup=custom:{LINEUP}");
    fake.dispatch(slash(
        3001,
        ALICE,
        "play",
        vec![string("variant", "dicelanding"), user("opponent", BOB), string("options", &options)],
    ))?;
    let challenge = fake.callback(3001).await?;
    assert!(text(&challenge).contains(LINEUP), "{}", text(&challenge));
    let accept = button_of(&challenge, ButtonAction::Accept).expect("an Accept button");
    fake.dispatch(click(3002, BOB, &accept))?;
    let started = fake.callback(3002).await?;
    let roll = button_of(&started, ButtonAction::Roll).expect("a Roll button while the reserve can deploy");

    fake.dispatch(click(3003, ALICE, &roll))?;
    let rolled = text(&fake.callback(3003).await?);
    assert!(rolled.contains("{d6 ") && rolled.contains(": N}"), "{rolled}");

    fake.dispatch(slash(3004, ALICE, "move", vec![string("text", "g1")]))?;
    let deployed = fake.callback(3004).await?;
    assert!(text(&deployed).contains("[N]>Ng1"), "{}", text(&deployed));
    assert!(button_of(&deployed, ButtonAction::Roll).is_some(), "Black may roll");
    Ok(())
}

/// DL6: White in check, with board moves and a reserve; every face is N,
/// which lands a knight that cannot block.
const IN_CHECK: &str = "k7/8/4r3/8/8/8/3P1P2/4K3[QRBNP] w e1 - 0 1 -";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_roll_in_check_is_warned_about_then_confirmed_through_the_fake_discord() -> Result<()> {
    let (handler, _database) = core()?;
    let connected = connect(handler).await?;
    let fake = &connected.fake;

    let options = format!("die=NNNNNN lineup=custom:{IN_CHECK}");
    fake.dispatch(slash(
        3101,
        ALICE,
        "play",
        vec![string("variant", "dicelanding"), user("opponent", BOB), string("options", &options)],
    ))?;
    let challenge = fake.callback(3101).await?;
    let accept = button_of(&challenge, ButtonAction::Accept).expect("an Accept button");
    fake.dispatch(click(3102, BOB, &accept))?;
    let started = fake.callback(3102).await?;
    let roll = button_of(&started, ButtonAction::Roll).expect("a voluntary roll in check");

    fake.dispatch(click(3103, ALICE, &roll))?;
    let warned = fake.callback(3103).await?;
    assert!(warned.is_ephemeral(), "only the roller is warned: {}", text(&warned));
    assert!(text(&warned).contains("lose at once"), "{}", text(&warned));
    let confirm = button_of(&warned, ButtonAction::ConfirmRoll).expect("a Roll anyway button");

    fake.dispatch(click(3104, ALICE, &confirm))?;
    let lost = text(&fake.callback(3104).await?);
    assert!(lost.contains("bob wins by a roll in check that could not block"), "{lost}");
    Ok(())
}
