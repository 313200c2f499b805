//! The tour's dice: table rolls with their buttons, sealed rolls, seeds,
//! the notation dialect, the history and statistics; saved rolls.

use std::time::Duration;

use anyhow::Result;
use rookery::discord::ServeOptions;

use super::Tour;
use crate::interactions::{boolean, integer, string, user, ALICE, BOB, CAROL};

fn quick() -> ServeOptions {
    ServeOptions { tick: Duration::from_millis(50), ..ServeOptions::default() }
}

pub async fn table_dice() -> Result<Tour> {
    let tour = Tour::start(quick()).await?;
    tour.command(BOB, "seed", vec![string("text", "bob's words")]).await?.says(&["bob added a player seed"]);
    let rolled = tour.command(ALICE, "roll", vec![string("expression", "d20")]).await?;
    rolled.says(&["alice rolls: d20 (", "roll #1 on table ledger"]);

    // The buttons under a table roll: again, with advantage, with disadvantage.
    tour.click(BOB, &rolled.button("roll-again")?).await?.says(&["bob rolls: d20 (", "roll #2"]);
    tour.click(BOB, &rolled.button("roll-adv")?).await?.says(&["bob rolls: 2d20kh1 (", "roll #3"]);
    tour.click(BOB, &rolled.button("roll-dis")?).await?.says(&["bob rolls: 2d20kl1 (", "roll #4"]);

    let sealed = tour.command(ALICE, "roll", vec![string("expression", "3d6"), boolean("sealed", true)]).await?;
    sealed.says_privately(&["Your sealed roll (only you see this): 3d6 ("]);
    assert!(sealed.all_text().contains("alice made a sealed roll"), "the channel sees that: {}", sealed.all_text());
    tour.command(ALICE, "roll", vec![string("expression", "nonsense((")])
        .await?
        .says_privately(&["I cannot roll that"]);
    tour.command(CAROL, "roll", vec![]).await?.says_privately(&["There is no game here. For table dice"]);

    tour.sub(CAROL, "dice", "history", vec![])
        .await?
        .says(&["Latest rolls on today's table ledger", "roll #1 alice: `d20`"]);
    let stats =
        tour.sub(CAROL, "dice", "stats", vec![user("user", BOB), integer("die", 20), integer("period", 2)]).await?;
    stats.says(&["d20", "Mean"]);
    assert!(stats.first.files.iter().any(|f| f.is_png), "the histogram");
    tour.sub(CAROL, "dice", "dialect", vec![]).await?.says(&["`/roll` here reads Rookery's notation"]);
    tour.sub(BOB, "dice", "dialect", vec![string("name", "avrae")])
        .await?
        .says_privately(&["Only members who may manage channels"]);
    tour.sub(ALICE, "dice", "dialect", vec![string("name", "avrae")])
        .await?
        .says(&["alice set this server's dice to Avrae's notation"]);
    tour.sub(ALICE, "dice", "dialect", vec![string("name", "klingon")]).await?.says_privately(&["not `klingon`"]);
    tour.command(CAROL, "verify", vec![])
        .await?
        .says(&["No table ledger of this channel has been revealed yet", "rolls so far"]);
    Ok(tour)
}

pub async fn saved_rolls() -> Result<Tour> {
    let tour = Tour::start(quick()).await?;
    let set = vec![string("name", "attack"), string("roll", "1d20+7 # longsword")];
    tour.sub(ALICE, "alias", "set", set).await?.says_privately(&["Saved `attack` in your saved rolls"]);
    let channel = vec![string("name", "fire"), string("roll", "8d6"), integer("level", 1)];
    tour.sub(BOB, "alias", "set", channel.clone()).await?.says_privately(&["Only members who may manage channels"]);
    tour.sub(ALICE, "alias", "set", channel).await?.says_privately(&["Saved `fire` in this channel's saved rolls"]);
    tour.command(ALICE, "roll", vec![string("expression", "attack")]).await?.says(&["alice rolls: longsword: 1d20 ("]);
    let import = vec![string("text", "hit = 1d6\nbad line")];
    let refused = tour.sub(ALICE, "alias", "import", import).await?;
    refused.says_privately(&["Line 2 is not `name = roll`; nothing was imported."]);
    let import = vec![string("text", "hit = 1d6")];
    tour.sub(ALICE, "alias", "import", import).await?.says_privately(&["Imported 1 saved roll"]);
    let exported = tour.sub(ALICE, "alias", "export", vec![]).await?;
    exported.says_privately(&["Your saved rolls"]);
    let file = exported.first.files.iter().find(|f| f.filename == "saved-rolls.txt");
    assert!(file.is_some_and(|f| f.size > 0), "{:?}", exported.first.files);
    tour.sub(ALICE, "alias", "remove", vec![string("name", "attack")]).await?.says_privately(&["Removed `attack`"]);
    tour.sub(ALICE, "alias", "remove", vec![string("name", "attack")])
        .await?
        .says_privately(&["There is no `attack` in your saved rolls."]);
    let listed = tour.sub(ALICE, "alias", "list", vec![]).await?;
    listed.says_privately(&["`hit`: `1d6`", "`fire`: `8d6`"]);
    assert!(!listed.text().contains("`attack`"), "{}", listed.text());
    Ok(tour)
}
