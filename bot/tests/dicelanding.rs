//! Dice Landing through the command core: options and a custom lineup with the
//! challenge (checked, previewed, stored), the Roll button exactly when a
//! deploy roll is allowed, faces from the game's ledger, landing squares in
//! the move box, the forced roll Rookery makes itself, and a whole game.

mod common;

use common::{alice, bob, carol, Table, HERE};
use rookery::core::{ButtonAction, Command, Handler, Reply, User};

impl Table {
    fn dice_landing(&self, options: &str) -> Reply {
        let command = Command::Play {
            variant: "dicelanding".into(),
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

fn has_roll_button(reply: &Reply) -> bool {
    reply.buttons.iter().any(|b| b.action == ButtonAction::Roll)
}

/// The roll record `{d6 N: F}` in a reply.
fn face(reply: &Reply) -> char {
    let at = reply.text.find("{d6 ").unwrap_or_else(|| panic!("no roll in {}", reply.text));
    reply.text[at..].chars().nth(7).unwrap()
}

#[test]
fn a_custom_lineup_is_checked_previewed_and_stored() {
    let t = Table::new();
    let play = |options: &str| Command::Play {
        variant: "dicelanding".into(),
        opponent: Some(bob()),
        move_days: None,
        options: Some(options.into()),
        clock: None,
    };
    let bad = t.refused(alice(), play("lineup=custom:4k3/8/8/8/8/8/8/4K3[K] w - - 0 1 -"));
    assert!(bad.contains("cannot be played") && bad.contains("2 kings"), "{bad}");
    let bad = t.refused(alice(), play("die=PNBRQX"));
    assert!(bad.contains("6 symbols from `PNBRQK*`"), "{bad}");
    let handicap = "4k3/2pppp2/8/8/8/8/2PPPP2/4K3[QRRBPqrbn] w e1e8 - 0 1 -";
    let challenge = t.ok(alice(), play(&format!("captured=revival lineup=custom:{handicap}")));
    assert!(challenge.text.contains("Dice Landing Chess (captured=revival)"), "{}", challenge.text);
    assert!(challenge.text.contains(handicap), "{}", challenge.text);
    assert_eq!(&challenge.image.as_ref().expect("a preview").bytes[1..4], b"PNG");
    t.ok(bob(), Command::Accept);
    let info = t.ok(carol(), Command::Game);
    assert!(info.fields.iter().any(|(_, v)| v.contains("captured=revival")), "{:?}", info.fields);
    let board = t.ok(carol(), Command::Board);
    assert!(board.image.is_some());
}

#[test]
fn the_roll_button_deploys_a_face_from_the_ledger() {
    let t = Table::new();
    let started = t.dice_landing("");
    assert!(started.text.contains("Every roll of this game comes from ledger"), "{}", started.text);
    assert!(has_roll_button(&started), "a reserve can deploy: {:?}", started.buttons);
    assert!(t.refused(bob(), Command::RollForGame).contains("not your turn"));
    let rolled = t.ok(alice(), Command::RollForGame);
    assert!(rolled.text.contains("roll #1 of ledger"), "{}", rolled.text);
    let shown = face(&rolled);
    assert!("PNBRQ*".contains(shown), "{}", rolled.text);
    assert!(!has_roll_button(&rolled), "one roll a turn");
    let offered = t.core.complete_move(HERE, 1, "");
    assert!(!offered.is_empty() && offered.iter().all(|m| m.starts_with(&format!("[{shown}]>"))), "{offered:?}");
    let square = &offered[0][offered[0].len() - 2..];
    let deployed = t.mv(alice(), square);
    assert!(deployed.text.contains(&format!("1. {}", offered[0])), "{}", deployed.text);
    assert!(has_roll_button(&deployed), "Black may roll too");
    let moved = t.mv(bob(), "e5");
    assert!(moved.text.contains("e5"), "{}", moved.text);
    assert!(t.refused(alice(), Command::Move { text: ">Qd1".into() }).contains("roll first"));
}

#[test]
fn a_stalemated_side_with_a_reserve_is_rolled_for() {
    let t = Table::new();
    let started = t.dice_landing("lineup=custom:k7/8/8/8/8/8/2q5/K7[N] w - - 0 1 -");
    assert!(started.text.contains("**alice**'s forced deploy roll, rolled by Rookery: {d6 "), "{}", started.text);
    let shown = face(&started);
    if "N*".contains(shown) {
        assert!(started.outcome_free(), "{}", started.text);
        let offered = t.core.complete_move(HERE, 1, "");
        assert_eq!(offered, [format!("[{shown}]>Nb1"), format!("[{shown}]>Ng1")]);
    } else {
        assert!(started.text.contains("stalemate"), "{}", started.text);
    }
}

trait Free {
    fn outcome_free(&self) -> bool;
}

impl Free for Reply {
    fn outcome_free(&self) -> bool {
        !self.text.contains("stalemate") && !self.text.contains("wins")
    }
}

#[test]
fn a_whole_game_in_the_console() {
    let t = Table::new();
    let script = "/play dicelanding @bob die=NNNNNN\n/as bob\n/accept\n/as alice\nroll\ng1\n/as bob\nroll\nb8\n\
                  /as alice\ne4\n/as bob\nd5\n/as alice\nexd5\n/board\n/resign\n";
    let images = tempfile::tempdir().unwrap();
    let mut out = Vec::new();
    rookery::console::run(&t.core as &dyn Handler, script.as_bytes(), &mut out, images.path()).unwrap();
    let out = String::from_utf8(out).unwrap();
    for expected in [
        "challenges bob to Dice Landing Chess (die=NNNNNN)",
        "alice's deploy roll: {d6 ",
        "1. [N]>Ng1 [N]>Nb8 2. e4 d5 3. exd5",
        "0-1 · bob wins by resignation",
    ] {
        assert!(out.contains(expected), "{expected:?} missing from:\n{out}");
    }
}

/// DL6: White in check with board moves `Kd1 Kf1` and a reserve.
const IN_CHECK: &str = "k7/8/4r3/8/8/8/3P1P2/4K3[QRBNP] w e1 - 0 1 -";

#[test]
fn a_voluntary_roll_in_check_is_warned_about_and_needs_confirming() {
    let t = Table::new();
    let started = t.dice_landing(&format!("die=NNNNNN lineup=custom:{IN_CHECK}"));
    assert!(has_roll_button(&started), "the roll is voluntary: {:?}", started.buttons);
    for asked in [Command::RollForGame, Command::Move { text: "roll".into() }] {
        let warned = t.send(alice(), asked);
        assert_eq!(warned.len(), 1);
        let warning = &warned[0];
        assert!(warning.ephemeral, "only the roller is asked");
        assert!(
            warning.text.contains("`N` lands a piece that cannot block, and you **lose at once**"),
            "{}",
            warning.text
        );
        assert!(warning.text.contains("`roll!`"), "{}", warning.text);
        assert_eq!(warning.buttons.len(), 1);
        assert_eq!(warning.buttons[0].action, ButtonAction::ConfirmRoll);
        assert_eq!(warning.buttons[0].custom_id(), format!("roll-confirm:{}", warning.buttons[0].game.unwrap()));
    }
    let board = t.ok(carol(), Command::Board);
    assert!(!board.text.contains("{d6"), "nothing was rolled before confirming: {}", board.text);
    assert!(t.refused(bob(), Command::ConfirmRoll).contains("not your turn"));
    let lost = t.mv(alice(), "roll!");
    assert!(lost.text.contains("**alice**'s deploy roll: {d6 "), "{}", lost.text);
    assert!(lost.text.contains("bob wins by a roll in check that could not block"), "{}", lost.text);
    let pgn = String::from_utf8(lost.files[0].bytes.clone()).unwrap();
    assert!(pgn.contains("{Black wins by a roll in check that could not block.} 0-1"), "{pgn}");
}

#[test]
fn the_roll_anyway_button_rolls_and_a_blocker_must_land() {
    let t = Table::new();
    t.dice_landing(&format!("die=PPPPPP lineup=custom:{IN_CHECK}"));
    let warned = t.send(alice(), Command::RollForGame);
    assert!(warned[0].text.contains("`P` lands a blocker, which you must deploy"), "{}", warned[0].text);
    let game = warned[0].buttons[0].game.unwrap();
    let clicked = ButtonAction::parse_custom_id(&format!("roll-confirm:{game}")).unwrap();
    let rolled = t.ok(alice(), clicked);
    assert!(rolled.text.contains("{d6 ") && rolled.text.contains(": P}"), "{}", rolled.text);
    assert_eq!(t.core.complete_move(HERE, 1, ""), ["[P]>Pe2"]);
    assert!(t.refused(alice(), Command::ConfirmRoll).contains("no risky roll"));
    let blocked = t.mv(alice(), "e2");
    assert!(blocked.text.contains("[P]>Pe2"), "{}", blocked.text);
}

#[test]
fn the_console_warns_and_confirms_with_roll_bang() {
    let t = Table::new();
    let script = format!(
        "/play dicelanding @bob die=NNNNNN lineup=custom:{IN_CHECK}\n/as bob\n/accept\n/as alice\nroll\nroll!\n"
    );
    let images = tempfile::tempdir().unwrap();
    let mut out = Vec::new();
    rookery::console::run(&t.core as &dyn Handler, script.as_bytes(), &mut out, images.path()).unwrap();
    let out = String::from_utf8(out).unwrap();
    for expected in [
        "(only alice) You are in check, so rolling is a gamble",
        "[Roll anyway] /move roll!",
        "bob wins by a roll in check that could not block",
    ] {
        assert!(out.contains(expected), "{expected:?} missing from:\n{out}");
    }
}

#[test]
fn a_failed_roll_is_explained_in_the_post() {
    let t = Table::new();
    // Every face is a queen, and White's reserve holds none.
    t.dice_landing("die=QQQQQQ lineup=custom:4k3/8/8/8/8/8/8/4K3[Nq] w - - 0 1 -");
    let rolled = t.mv(alice(), "roll");
    assert!(rolled.text.contains("Dice this turn: {d6 "), "{}", rolled.text);
    assert!(
        rolled.text.contains("The roll failed (no queen is in the reserve): a move on the board is due instead."),
        "{}",
        rolled.text
    );
}
