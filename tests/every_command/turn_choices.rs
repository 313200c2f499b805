//! The tour's turns beyond a move: Dice Landing's deploy roll and its
//! "Roll anyway" in check, Luck Dragon's Lucky 8 and a roll kind it does not
//! have; Guardener's one pass by command and by button; New chess's secret
//! choices by command and a price paid by button.

use std::time::Duration;

use anyhow::{Context as _, Result};
use rookery::discord::ServeOptions;

use super::{Answer, Tour};
use crate::interactions::{string, user, ALICE, BOB};

fn quick() -> ServeOptions {
    ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() }
}

/// Alice challenges Bob to `variant` (with `options`, if any) and Bob
/// accepts by button: the game's first message.
async fn started(tour: &Tour, variant: &str, options: Option<&str>) -> Result<Answer> {
    let mut play = vec![string("variant", variant), user("opponent", BOB)];
    play.extend(options.map(|options| string("options", options)));
    let challenge = tour.command(ALICE, "play", play).await?;
    tour.click(BOB, &challenge.button("accept")?).await
}

/// Dice Landing DL6: White in check with a reserve, every face a knight,
/// which cannot block the rook.
const IN_CHECK: &str = "k7/8/4r3/8/8/8/3P1P2/4K3[QRBNP] w e1 - 0 1 -";

pub async fn rolls() -> Result<Tour> {
    let tour = Tour::start(quick()).await?;

    // The deploy roll in check is warned about privately; "Roll anyway" rolls it.
    let options = format!("die=NNNNNN lineup=custom:{IN_CHECK}");
    let game = started(&tour, "dicelanding", Some(&options)).await?;
    let warned = tour.click(ALICE, &game.button("roll")?).await?;
    warned.says_privately(&["lose at once", "Roll anyway"]);
    assert!(tour.stored()?.actions.is_empty(), "nothing rolled before the confirmation");
    let lost = tour.click(ALICE, &warned.button("roll-confirm")?).await?;
    lost.says(&["0-1", "bob wins by a roll in check that could not block"]);

    // Luck Dragon's Lucky 8 from its button, once a turn.
    let game = started(&tour, "luckdragon", None).await?;
    let lucky = game.button("roll-second")?;
    let rolled = tour.click(ALICE, &lucky).await?;
    rolled.says(&["alice's Lucky 8: {d8 ", "roll #1 of ledger `game:"]);
    assert!(rolled.button("roll-second").is_err(), "once a turn: {:?}", rolled.first.button_ids());
    let actions = tour.stored()?.actions;
    assert!(actions.len() == 1 && actions[0].starts_with("roll white "), "{actions:?}");
    // A third roll kind's button, which no Luck Dragon message shows (the
    // kind a variant with three kinds of roll would get): refused, nothing rolled.
    let game_id = lucky.split(':').nth(1).context("the game in the button")?;
    let third = tour.click(ALICE, &format!("roll-kind:{game_id}:2")).await?;
    third.says_privately(&["This game has no such roll."]);
    assert_eq!(tour.stored()?.actions, actions, "nothing changed");
    tour.click(BOB, &lucky).await?.says_privately(&["not your turn"]);
    Ok(tour)
}

/// Guardener: one pass a game each, by `/pass` and by the Pass button.
pub async fn passes() -> Result<Tour> {
    let tour = Tour::start(quick()).await?;
    let game = started(&tour, "guardener", None).await?;
    game.says(&["alice may pass (`pass`)."]);
    game.button("pass")?;

    let passed = tour.command(ALICE, "pass", vec![]).await?;
    passed.says(&["alice passes.", "bob may pass (`pass`)."]);
    let actions = tour.stored()?.actions;
    assert!(actions.iter().any(|a| a == "pass white"), "{actions:?}");
    let passed = tour.click(BOB, &passed.button("pass")?).await?;
    passed.says(&["bob passes.", "alice to move"]);
    assert!(!passed.text().contains("alice may pass"), "her pass is used: {}", passed.text());
    assert!(passed.button("pass").is_err(), "no Pass button for alice now: {:?}", passed.first.button_ids());
    let actions = tour.stored()?.actions;
    assert!(actions.iter().any(|a| a == "pass black"), "{actions:?}");

    tour.command(ALICE, "pass", vec![]).await?.says_privately(&["used your 1 pass"]);
    assert_eq!(tour.stored()?.actions, actions, "the refused pass changed nothing");
    Ok(tour)
}

/// New chess, staged as in tests/newchess_game.rs: White mates Black's
/// brother king on a10 at once, and Black pays a price for it.
const BROTHER_MATE: &str = "j8k/7Pt1/8P1/10/10/5c4/3F6/10/1T8/2T1KJ4[] w - 0 1";

/// New chess: each player's secret choice of true king by `/choose`, then
/// the price for a mated brother paid with its button.
pub async fn choices_and_prices() -> Result<Tour> {
    let tour = Tour::start(quick()).await?;
    let game = started(&tour, "newchess", None).await?;
    game.says(&["/choose E|F"]);
    tour.stage(|record| record.start = Some(BROTHER_MATE.to_string()))?;

    tour.command(ALICE, "choose", vec![string("option", "G")]).await?.says_privately(&["Choose one of: E, F."]);
    assert!(tour.stored()?.actions.is_empty(), "a refused choice changes nothing");
    for (player, option, side) in [(ALICE, "F", "white"), (BOB, "e", "black")] {
        let chosen = tour.command(player, "choose", vec![string("option", option)]).await?;
        chosen.says_privately(&["Your secret choice for true king", &option.to_uppercase()]);
        let public = chosen.followups.first().context("the channel's commitment")?;
        let shown = super::shown(public);
        assert!(!public.is_ephemeral() && shown.contains("commitment `"), "{shown}");
        assert!(!shown.contains(&format!(": {}", option.to_uppercase())), "the choice stays secret: {shown}");
        let actions = tour.stored()?.actions;
        assert!(actions.iter().any(|a| a.starts_with(&format!("choose {side} "))), "{actions:?}");
    }
    tour.command(BOB, "choose", vec![string("option", "F")]).await?.says_privately(&["cannot be changed"]);

    let mated = tour.command(ALICE, "move", vec![string("text", "Ta1")]).await?;
    mated.says(&["bob reveals their true king: E", "bob must pay a price"]);
    let ids = mated.first.button_ids();
    let cannon = ids.iter().find(|id| id.starts_with("price:") && id.ends_with(":f5")).context("the cannon's price")?;
    tour.click(BOB, cannon).await?.says(&["bob pays a cannon (f5)"]);
    let actions = tour.stored()?.actions;
    assert_eq!(actions.last().map(String::as_str), Some("price black f5"), "{actions:?}");
    Ok(tour)
}
