//! Luck Dragon through the command core: options chosen with the challenge,
//! the game's own dice ledger (commitment first, transcript at the end), the
//! roll buttons exactly when a roll is allowed, roll records in the channel,
//! dice on the board picture, and a whole game in the console.

mod common;

use common::{alice, bob, carol, Table, HERE};
use rookery::core::{ButtonAction, Command, Handler, Reply, User};
use rookery_engine::game::{Action, Game};
use rookery_engine::{Color, Variant};
use rookery_render::{Die, DieKind, Roll, Theme};

impl Table {
    fn luck_dragon(&self, options: &str) -> Reply {
        let command = Command::Play {
            variant: "luckdragon".into(),
            opponent: Some(bob()),
            move_days: None,
            options: Some(options.into()),
            clock: None,
        };
        self.ok(alice(), command);
        self.ok(bob(), Command::Accept)
    }

    fn mv(&self, user: User, text: &str) -> Reply {
        self.ok(user, Command::Move { text: text.into() })
    }
}

fn actions(reply: &Reply) -> Vec<ButtonAction> {
    reply.buttons.iter().map(|b| b.action).collect()
}

fn label(reply: &Reply, action: ButtonAction) -> Option<&str> {
    reply.buttons.iter().find(|b| b.action == action).map(|b| b.label.as_str())
}

/// The turn's latest roll record (`{3d8 2-2-7: double → K(N)}`) in a reply:
/// after a reroll the line lists every roll of the turn.
fn roll_record(reply: &Reply) -> &str {
    let start = reply.text.find("Dice this turn: {").unwrap_or_else(|| panic!("no roll in {}", reply.text)) + 16;
    let line = reply.text[start..].lines().next().unwrap();
    let last = line.rfind('{').unwrap();
    &line[last..last + line[last..].find('}').unwrap() + 1]
}

#[test]
fn options_come_with_the_challenge() {
    let t = Table::new();
    let bad = t.refused(
        alice(),
        Command::Play {
            variant: "luckdragon".into(),
            opponent: None,
            move_days: None,
            options: Some("lucky9=on".into()),
            clock: None,
        },
    );
    assert!(bad.contains("choose from: luck_dice, lucky8") && bad.contains("/rules luckdragon"), "{bad}");
    let challenge = t.ok(
        alice(),
        Command::Play {
            variant: "luckdragon".into(),
            opponent: None,
            move_days: None,
            options: Some("lucky8=OFF promotion_set=QRBN".into()),
            clock: None,
        },
    );
    assert!(challenge.text.contains("Luck Dragon Chess (lucky8=off promotion_set=QRBN)"), "{}", challenge.text);
    let started = t.ok(bob(), Command::Accept);
    assert!(started.text.contains("Every roll of this game comes from ledger `game:"), "{}", started.text);
    assert!(started.text.contains("commitment `"), "{}", started.text);
    assert_eq!(
        actions(&started),
        [ButtonAction::Abort, ButtonAction::Resign, ButtonAction::OfferDraw],
        "no roll is allowed yet"
    );
    let info = t.ok(carol(), Command::Game);
    let options = info.fields.iter().find(|(name, _)| name == "Options").map(|(_, v)| v.as_str());
    assert_eq!(options, Some("luck_dice=on lucky8=off triple_includes_knight=yes promotion_set=QRBN"));
    assert!(info.fields.iter().any(|(name, value)| name == "Dice ledger" && value.contains("game:")));
    assert!(t.refused(alice(), Command::RollSecondForGame).contains("without Lucky 8"));
}

#[test]
fn lucky8_rolls_once_a_turn_from_the_game_ledger() {
    let t = Table::new();
    let started = t.luck_dragon("");
    assert_eq!(label(&started, ButtonAction::RollSecond), Some("Lucky 8 (d8)"));
    assert_eq!(label(&started, ButtonAction::Roll), None, "the Luck Dice only in check");
    let refused = t.refused(alice(), Command::RollForGame);
    assert!(refused
        .contains("You cannot roll the Luck Dice now: the Luck Dice may only be rolled while your king is in check"));
    assert!(t.refused(bob(), Command::RollSecondForGame).contains("not your turn"));
    assert!(t.refused(carol(), Command::RollSecondForGame).contains("not playing"));

    let rolled = t.ok(alice(), Command::RollSecondForGame);
    assert!(
        rolled.text.starts_with("**alice**'s Lucky 8: {d8 ") && rolled.text.contains("(roll #1 of ledger `game:"),
        "{}",
        rolled.text
    );
    let record = roll_record(&rolled);
    assert!(record.starts_with("{d8 ") && (record.ends_with(": lucky}") || record.ends_with(": miss}")), "{record}");
    assert_eq!(label(&rolled, ButtonAction::RollSecond), None, "once a turn");
    assert_eq!(&rolled.image.as_ref().expect("a board").bytes[1..4], b"PNG");
    assert!(t.refused(alice(), Command::Move { text: "lucky8".into() }).contains("already tried"));
    let dragon_moves = t.core.complete_move(HERE, 1, "L");
    assert!(dragon_moves.iter().all(|m| !m.contains('∞')), "at the start no dragon can wrap: {dragon_moves:?}");
    let moved = t.mv(alice(), "e4");
    assert!(!moved.text.contains("Dice this turn"), "the roll belonged to that turn: {}", moved.text);
    assert_eq!(t.core.complete_move(HERE, 2, "")[0], "lucky8", "the roll's word is suggested first");
    let second = t.mv(bob(), "lucky8");
    assert!(second.text.contains("roll #2 of ledger"), "{}", second.text);
}

#[test]
fn luck_dice_in_check_and_the_transcript_verifies() {
    let t = Table::new();
    t.luck_dragon("");
    t.ok(alice(), Command::Roll { expression: "1d6".into(), sealed: false, entropy: None });
    for (user, mv) in [(alice(), "e4"), (bob(), "Lb5"), (alice(), "h3")] {
        t.mv(user, mv);
    }
    let check = t.mv(bob(), "Lxe4");
    assert!(check.text.contains("Moves: 1. e4 Lb5 2. h3 Lxe4+"), "{}", check.text);
    assert_eq!(label(&check, ButtonAction::Roll), Some("Luck Dice (3d8)"));
    assert!(check.text.contains("alice may roll first: Luck Dice (`roll`) or Lucky 8 (`lucky8`)."), "{}", check.text);
    let mut shown = Vec::new();
    let mut chains = Vec::new();
    loop {
        let rolled = t.mv(alice(), "roll");
        let at = rolled.text.find(", chain ").expect("the roll's post shows the chain") + ", chain ".len();
        chains.push(rolled.text[at..at + 8].to_owned());
        let record = roll_record(&rolled).to_string();
        assert!(record.starts_with("{3d8 "), "{record}");
        shown.push(record[5..10].replace('-', ","));
        let again = label(&rolled, ButtonAction::Roll).is_some();
        assert_eq!(again, record.contains("sequential → reroll"), "{record}: {:?}", actions(&rolled));
        let dice_moves = t.core.complete_move(HERE, 1, "K");
        let knight = dice_moves.iter().any(|m| m.ends_with("(N)") || m.ends_with("(N)+"));
        assert_eq!(knight, record.contains("double") || record.contains("triple"), "{record}: {dice_moves:?}");
        if !again {
            break;
        }
    }
    t.mv(alice(), "Qxe4");
    let resigned = t.ok(bob(), Command::Resign);
    let revealed = format!("is revealed ({} roll{}, chain ", shown.len(), if shown.len() == 1 { "" } else { "s" });
    let at =
        resigned.text.find(&revealed).unwrap_or_else(|| panic!("{revealed} in {}", resigned.text)) + revealed.len();
    let final_chain = resigned.text[at..at + 64].to_owned();
    assert!(final_chain.starts_with(chains.last().unwrap()), "the last roll's post showed the final chain");

    let verify = t.ok(carol(), Command::Verify);
    assert!(verify.text.contains("transcript of 1 finished game"), "{}", verify.text);
    assert!(verify.text.contains("Today's table ledger"), "the table ledger lives on: {}", verify.text);
    let file = &verify.files[0];
    assert!(file.name.starts_with("game-") && file.name.ends_with(".txt"), "{}", file.name);
    let text = String::from_utf8(file.bytes.clone()).unwrap();
    let (report, ok) = rookery::cli::dice::verify_against(&text, Some(&final_chain)).unwrap();
    assert!(ok, "{report}\n{text}");
    for (index, chain) in chains.iter().enumerate() {
        assert!(report.contains(&format!("(transcript `roll {index}`, chain {chain}): ok")), "{chain}: {report}");
    }
    for (index, faces) in shown.iter().enumerate() {
        let faces: Vec<String> = faces.split(',').map(|f| format!("8:{f}")).collect();
        assert!(text.contains(&format!("roll {index} faces={} dice 8,8,8", faces.join(","))), "{text}");
    }
    t.ok(alice(), Command::Roll { expression: "1d6".into(), sealed: false, entropy: None });
}

#[test]
fn a_whole_game_in_the_console() {
    let t = Table::new();
    let script = "/play luckdragon @bob triple_includes_knight=no\n/as bob\n/accept\n/as alice\nlucky8\ne4\n\
                  /as bob\nLb5\n/as alice\nh3\n/as bob\nLxe4\n/as alice\nroll\n/board\n/resign\n";
    let images = tempfile::tempdir().unwrap();
    let mut out = Vec::new();
    rookery::console::run(&t.core as &dyn Handler, script.as_bytes(), &mut out, images.path()).unwrap();
    let out = String::from_utf8(out).unwrap();
    for expected in [
        "challenges bob to Luck Dragon Chess (triple_includes_knight=no)",
        "Every roll of this game comes from ledger",
        "[Lucky 8 (d8)] /roll-second",
        "alice's Lucky 8: {d8 ",
        "[Luck Dice (3d8)] /roll",
        "(roll #2 of ledger",
        "0-1 · bob wins by resignation",
    ] {
        assert!(out.contains(expected), "{expected:?} missing from:\n{out}");
    }
    assert!(std::fs::read_dir(images.path()).unwrap().count() >= 8, "a picture per board");
}

#[test]
fn the_picture_shows_the_dice_in_force() {
    let mut game = Game::from_fen(Variant::LuckDragon, "k4r4/10/10/10/3p6/5K4/10/L3b5 w - - 0 1 -/- - -").unwrap();
    for faces in [vec![4, 2, 3], vec![6, 6, 1], vec![5]] {
        let kind = usize::from(faces.len() == 1);
        game.apply(Action::Roll { side: Color::White, kind, faces }).unwrap();
    }
    let d8 = |face| Die::new(DieKind::D8, face);
    let rolls = [Roll::new(vec![d8(6), d8(6), d8(1)]), Roll::new(vec![d8(5)])];
    assert_eq!(rookery::picture::turn_dice(&game), rolls, "the run was rolled over");
    let png = rookery::picture::game_png(&game, false, Theme::Light).unwrap();
    assert_eq!(&png[1..4], b"PNG");
    game.play_move(Color::White, "Kg1(N)").unwrap();
    assert!(rookery::picture::turn_dice(&game).is_empty());
}
