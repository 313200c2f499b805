//! Table dice for tabletop groups through the command core: replies that fit in a
//! Discord message, bad input that is not echoed, fair shares of player seeds, the
//! server's notation dialect with transcripts that still verify, and roll history.

mod common;

use common::{alice, bob, carol, Table};
use rookery::core::{Command, DiceCommand, User};

const DAY: i64 = 86_400;

fn roll(expression: &str) -> Command {
    Command::Roll { expression: expression.into(), sealed: false, entropy: None }
}

fn moderator() -> User {
    User { id: 9, name: "mod".into(), can_manage_channel: true }
}

fn dialect(name: Option<&str>) -> Command {
    Command::Dice(DiceCommand::Dialect { name: name.map(str::to_owned) })
}

#[test]
fn a_thousand_huge_dice_fit_in_one_message_with_the_dice_attached() {
    let t = Table::new();
    let reply = t.ok(alice(), roll("1000d1000000"));
    assert!(reply.text.chars().count() <= 2000, "{} characters", reply.text.chars().count());
    assert!(reply.text.contains("roll #1 on table ledger"), "the proof line stays: {}", reply.text);
    assert!(reply.text.contains("**"), "the total stays: {}", reply.text);
    assert_eq!(reply.files.len(), 1);
    let dice = String::from_utf8(reply.files[0].bytes.clone()).unwrap();
    assert!(dice.starts_with("1000d1000000 ("), "{}", &dice[..40]);
    assert_eq!(dice.matches(", ").count(), 999);
}

#[test]
fn a_huge_bad_input_is_not_echoed_back() {
    let t = Table::new();
    let junk = format!("1d6+{}", "z".repeat(100_000));
    let refusal = t.refused(alice(), roll(&junk));
    assert!(refusal.len() < 600, "{} bytes: {}", refusal.len(), &refusal[..200]);
    assert!(refusal.contains("at most 256"), "{refusal}");
    // Nothing was rolled: the next roll is still the first.
    assert!(t.ok(alice(), roll("1d6")).text.contains("roll #1"));
}

#[test]
fn one_person_cannot_take_every_seed_slot() {
    let t = Table::new();
    for n in 0..4 {
        t.ok(alice(), Command::Seed { text: format!("alice {n}") });
    }
    let refused = t.refused(alice(), Command::Seed { text: "alice 4".into() });
    assert!(refused.contains("at most 4"), "{refused}");
    t.ok(bob(), Command::Seed { text: "bob".into() });
    // After a restart the count is still known.
    let t = t.restart();
    assert!(t.refused(alice(), Command::Seed { text: "alice 5".into() }).contains("at most 4"));
    t.ok(carol(), Command::Seed { text: "carol".into() });
}

#[test]
fn the_servers_dialect_reads_rolls_and_transcripts_still_verify() {
    let t = Table::new();
    assert!(t.ok(alice(), dialect(None)).text.contains("Rookery's notation"));
    assert!(t.refused(alice(), dialect(Some("maiden"))).contains("manage channels"));
    assert!(t.refused(moderator(), dialect(Some("roll20"))).contains("`rookery`, `avrae` and `maiden`"));
    t.ok(moderator(), dialect(Some("maiden")));
    let first = t.ok(alice(), roll("(Strength) 4d6 k3 ! primary stat"));
    assert!(first.text.contains("Strength: primary stat: 4d6 k3 ("), "{}", first.text);
    assert!(first.text.contains("read as maiden notation"), "{}", first.text);
    t.ok(bob(), roll("4cod"));
    t.ok(moderator(), dialect(Some("avrae")));
    t.ok(alice(), roll("(1d4, 2+2, 3d6kl1)kh1"));
    let history = t.ok(bob(), Command::Dice(DiceCommand::History));
    assert!(history.text.contains("roll #1 **alice**: `maiden: (Strength) 4d6 k3 ! primary stat`"), "{}", history.text);
    assert!(history.text.contains("roll #3 **alice**: `avrae: (1d4, 2+2, 3d6kl1)kh1` → **"), "{}", history.text);
    t.advance(DAY);
    let verify = t.ok(alice(), Command::Verify);
    let transcript = String::from_utf8(verify.files[0].bytes.clone()).unwrap();
    let (report, ok) = rookery::cli::dice::verify(&transcript).unwrap();
    assert!(ok, "{report}\n{transcript}");
    assert!(transcript.contains(" expr maiden: 4cod\n"), "{transcript}");
}

fn alias(command: rookery::core::AliasCommand) -> Command {
    Command::Dice(DiceCommand::Alias(command))
}

#[test]
fn saved_rolls_at_three_levels() {
    use rookery::core::{AliasCommand as A, AliasScope as S};
    let t = Table::new();
    let set = |scope, name: &str, roll: &str| A::Set { scope, name: name.into(), roll: roll.into() };
    let saved = t.send(alice(), alias(set(S::User, "attack", "1d20+7 # longsword; 1d8+4 # damage")));
    assert!(saved[0].ephemeral && saved[0].text.contains("Saved `attack` in your saved rolls"), "{saved:?}");
    let attack = t.ok(alice(), roll("attack"));
    assert!(attack.text.contains("longsword: 1d20 (") && attack.text.contains("damage: 1d8 ("), "{}", attack.text);
    // Bob has no `attack` of his own: it is not dice either.
    assert!(t.refused(bob(), roll("attack")).contains("There is no saved roll named `attack` here"));
    // Channel and server levels need Manage Channels; the user's own comes first.
    assert!(t.refused(bob(), alias(set(S::Server, "init", "1d20+2"))).contains("manage channels"));
    t.send(moderator(), alias(set(S::Server, "init", "1d20+2 # initiative")));
    t.send(moderator(), alias(set(S::Channel, "attack", "1d20 # channel attack")));
    assert!(t.ok(bob(), roll("init")).text.contains("initiative: 1d20 ("));
    assert!(t.ok(bob(), roll("attack")).text.contains("channel attack"));
    assert!(t.ok(alice(), roll("attack")).text.contains("longsword"));
    // Names and rolls are checked.
    assert!(t.refused(alice(), alias(set(S::User, "d20", "1d20"))).contains("dice notation itself"));
    assert!(t.refused(alice(), alias(set(S::User, "9lives", "1d20"))).contains("starting with a letter"));
    assert!(t.refused(alice(), alias(set(S::User, "bad", "1d20+"))).contains("does not read"));
    // Listed, exported and imported.
    let list = t.send(alice(), alias(A::List));
    assert!(list[0].text.contains("`attack`: `1d20+7 # longsword; 1d8+4 # damage`") && list[0].text.contains("`init`"));
    assert!(list[0].text.starts_with("**Your saved rolls**\n"), "{}", list[0].text);
    assert!(list[0].text.contains("**This server's saved rolls**\n"), "{}", list[0].text);
    let export = t.send(alice(), alias(A::Export));
    let file = String::from_utf8(export[0].files[0].bytes.clone()).unwrap();
    assert!(file.contains("attack = 1d20+7 # longsword; 1d8+4 # damage\n"), "{file}");
    // Alice's own section, taken into Carol's saved rolls.
    let own = file.split("# this channel's").next().unwrap().to_owned();
    t.send(carol(), alias(A::Import { scope: S::User, text: own }));
    assert!(t.ok(carol(), roll("attack")).text.contains("longsword"));
    let bad = t.refused(carol(), alias(A::Import { scope: S::User, text: "ok = 1d6\nnonsense".into() }));
    assert!(bad.contains("Line 2") && bad.contains("nothing was imported"), "{bad}");
    // A name that is no saved roll is said to be one, not a dice syntax error.
    let unknown = t.refused(carol(), roll("ok"));
    assert!(unknown.contains("no saved roll named `ok`") && !unknown.contains("cannot roll"), "{unknown}");
    assert!(t.refused(carol(), roll("1d6+")).contains("I cannot roll that"));
    // A level holds at most 50.
    for n in 0..50 {
        t.send(bob(), alias(set(S::User, &format!("r{n}"), "1d6")));
    }
    assert!(t.refused(bob(), alias(set(S::User, "one-more", "1d6"))).contains("full (50)"));
    t.send(bob(), alias(A::Remove { scope: S::User, name: "r0".into() }));
    t.send(bob(), alias(set(S::User, "one-more", "1d6")));
}

#[test]
fn a_saved_roll_keeps_the_dialect_it_was_written_in() {
    use rookery::core::{AliasCommand as A, AliasScope as S};
    let t = Table::new();
    t.ok(moderator(), dialect(Some("avrae")));
    t.send(alice(), alias(A::Set { scope: S::User, name: "threes".into(), roll: "4d6k3".into() }));
    t.ok(moderator(), dialect(Some("rookery")));
    let rolled = t.ok(alice(), roll("threes"));
    assert!(rolled.text.contains("read as") || rolled.text.contains("4d6k3 ("), "{}", rolled.text);
    t.advance(DAY);
    let transcript = String::from_utf8(t.ok(alice(), Command::Verify).files[0].bytes.clone()).unwrap();
    assert!(transcript.contains(" expr avrae: 4d6k3\n"), "{transcript}");
}

fn stats(user: Option<User>, die: Option<u32>, period: rookery::core::StatsPeriod) -> Command {
    Command::Dice(DiceCommand::Stats { user, die, period })
}

#[test]
fn statistics_count_faces_test_fairness_and_draw_a_histogram() {
    use rookery::core::StatsPeriod as P;
    let t = Table::new();
    assert!(t.ok(alice(), stats(None, None, P::AllTime)).text.contains("No dice rolled"));
    t.ok(alice(), roll("600d6"));
    t.ok(bob(), roll("1d20"));
    // A sealed roll of today's open ledger stays out: its faces are private.
    t.send(bob(), Command::Roll { expression: "500d6".into(), sealed: true, entropy: None });
    let report = t.ok(carol(), stats(None, Some(6), P::Day));
    assert!(report.text.starts_with("**d6** in this channel today: 600 dice rolled."), "{}", report.text);
    assert!(report.text.contains("Chi-square") && report.text.contains("p = "), "{}", report.text);
    assert!(report.text.contains("a fair d6 averages 3.50"), "{}", report.text);
    let png = &report.image.as_ref().expect("a histogram").bytes;
    let picture = image::load_from_memory(png).expect("a PNG");
    assert!(picture.width() >= 600, "wide enough for Discord to show it legibly: {} px", picture.width());
    let bobs = t.ok(carol(), stats(Some(bob()), None, P::AllTime));
    assert!(bobs.text.starts_with("**d20** in this channel of all time by **bob**: 1 die rolled."), "{}", bobs.text);
    assert!(bobs.text.contains("too few dice"), "{}", bobs.text);
    assert!(t.refused(carol(), stats(None, Some(8), P::Week)).contains("No d8 was rolled"));
    // Once revealed, the sealed roll counts, and yesterday's rolls leave "today".
    t.advance(DAY);
    assert!(t.ok(carol(), stats(None, Some(6), P::Week)).text.contains("1100 dice rolled"));
    assert!(t.refused(carol(), stats(None, Some(6), P::Day)).contains("No d6 was rolled"));
}

#[test]
fn buttons_roll_again_and_with_advantage() {
    use rookery::core::ButtonAction;
    let t = Table::new();
    let first = t.ok(alice(), roll("1d20+5 # stealth"));
    let ids: Vec<String> = first.buttons.iter().map(|b| b.custom_id()).collect();
    assert_eq!(ids.len(), 3, "{ids:?}");
    assert!(ids[0].starts_with("roll-again:") && ids[0].ends_with(":0"), "{ids:?}");
    let click = |id: &str| ButtonAction::parse_custom_id(id).expect("a known button");
    let again = t.ok(bob(), click(&ids[0]));
    assert!(again.text.starts_with("**bob** rolls: stealth: 1d20 ("), "{}", again.text);
    assert!(again.text.contains("roll #2"), "{}", again.text);
    let advantage = t.ok(bob(), click(&ids[1]));
    assert!(advantage.text.contains("stealth: 2d20kh1 ("), "{}", advantage.text);
    let disadvantage = t.ok(bob(), click(&ids[2]));
    assert!(disadvantage.text.contains("stealth: 2d20kl1 ("), "{}", disadvantage.text);
    // No plain d20: only "roll again".
    assert_eq!(t.ok(alice(), roll("4d6kh3")).buttons.len(), 1);
    // A sealed roll is not rolled again in public.
    assert!(t.send(alice(), Command::Roll { expression: "1d20".into(), sealed: true, entropy: None })[0]
        .buttons
        .is_empty());
    assert!(t.refused(bob(), click("roll-again:999:0")).contains("not on record"));
}

#[test]
fn the_interactions_id_goes_into_the_roll_and_the_transcript() {
    let t = Table::new();
    let with = |id| Command::Roll { expression: "3d6 # luck".into(), sealed: false, entropy: Some(id) };
    t.ok(alice(), with(1_181_551_392_518_402_089));
    t.send(bob(), Command::Roll { expression: "1d20".into(), sealed: true, entropy: Some(1_181_551_392_518_402_090) });
    t.ok(carol(), roll("1d6"));
    // The rolls survive a restart (the log keeps the entropy to replay them).
    let t = t.restart();
    t.advance(DAY);
    let transcript = String::from_utf8(t.ok(alice(), Command::Verify).files[0].bytes.clone()).unwrap();
    let (report, ok) = rookery::cli::dice::verify(&transcript).unwrap();
    assert!(ok, "{report}\n{transcript}");
    assert!(transcript.contains("roll 0 entropy=1181551392518402089 faces=6:"), "{transcript}");
    assert!(transcript.contains("roll 1 entropy=1181551392518402090 sealed="), "{transcript}");
    assert!(transcript.contains("roll 2 faces=6:"), "{transcript}");
}

#[test]
fn presets_give_their_systems_reading() {
    let t = Table::new();
    let pbta = t.ok(alice(), roll("pbta+1"));
    assert!(
        ["miss", "weak hit", "strong hit"].iter().any(|band| pbta.text.contains(&format!(": {band}"))),
        "{}",
        pbta.text
    );
    let shadowrun = t.ok(alice(), roll("sr6"));
    assert!(shadowrun.text.contains("→ ") && shadowrun.text.contains(" hit"), "{}", shadowrun.text);
    assert!(!t.ok(alice(), roll("1d20")).text.contains('→'));
}

#[test]
fn a_roll_again_click_mixes_its_own_id_into_the_roll() {
    use rookery::core::ButtonAction;
    let t = Table::new();
    let first = t.ok(alice(), roll("1d20+5 # stealth"));
    let ids: Vec<String> = first.buttons.iter().map(|b| b.custom_id()).collect();
    let clicked = |id: &str, interaction| match ButtonAction::parse_custom_id(id) {
        Some(Command::Dice(command)) => Command::Dice(command.with_entropy(interaction)),
        other => panic!("not a dice button: {other:?}"),
    };
    t.ok(bob(), clicked(&ids[0], 1_181_551_392_518_402_091));
    t.ok(bob(), clicked(&ids[1], 1_181_551_392_518_402_092));
    t.advance(DAY);
    let transcript = String::from_utf8(t.ok(alice(), Command::Verify).files[0].bytes.clone()).unwrap();
    let (report, ok) = rookery::cli::dice::verify(&transcript).unwrap();
    assert!(ok, "{report}\n{transcript}");
    assert!(transcript.contains("roll 1 entropy=1181551392518402091 faces=20:"), "{transcript}");
    assert!(transcript.contains("roll 2 entropy=1181551392518402092 faces=20:"), "{transcript}");
    assert!(transcript.contains(" expr 1d20+5 adv # stealth\n"), "{transcript}");
}

#[test]
fn roll_history_is_dice_history() {
    let t = Table::new();
    t.ok(alice(), roll("2d6 # damage"));
    let history = t.ok(bob(), roll("History"));
    assert!(history.text.contains("roll #1 **alice**: `2d6 # damage` → **"), "{}", history.text);
    assert_eq!(history.text, t.ok(bob(), Command::Dice(DiceCommand::History)).text);
}

#[test]
fn maidens_private_flag_seals_the_roll() {
    let t = Table::new();
    t.ok(moderator(), dialect(Some("maiden")));
    let replies = t.send(alice(), roll("p 3d6 + 2d4"));
    assert!(replies.iter().any(|r| r.ephemeral), "{replies:?}");
    let wfrp = t.ok(alice(), roll("wfrp45 ! dodge"));
    assert!(wfrp.text.contains(" SL (target 45)"), "{}", wfrp.text);
}
