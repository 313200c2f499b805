//! A game night: finished games stay reachable (PGN in the result, `/games`,
//! `/pgn`), abort and rematch, real-time clocks flagged by the scheduler,
//! and posts that keep their orientation and show the last few moves.

mod common;

use common::{alice, bob, carol, Table, HERE, START};
use rookery::core::{ButtonAction, Command, Handler, Place, Reply, User};

impl Table {
    fn mv(&self, user: User, text: &str) -> Reply {
        self.ok(user, Command::Move { text: text.into() })
    }

    fn challenge(&self, clock: Option<&str>) -> Reply {
        let play = Command::Play {
            variant: "chess".into(),
            opponent: Some(bob()),
            move_days: None,
            options: None,
            clock: clock.map(str::to_string),
        };
        self.ok(alice(), play)
    }

    fn started(&self, clock: Option<&str>) -> Reply {
        self.challenge(clock);
        self.ok(bob(), Command::Accept)
    }
}

fn actions(reply: &Reply) -> Vec<ButtonAction> {
    reply.buttons.iter().map(|b| b.action).collect()
}

fn pgn_of(reply: &Reply) -> String {
    let file = reply.files.iter().find(|f| f.name.ends_with(".pgn")).expect("a PGN file");
    String::from_utf8(file.bytes.clone()).unwrap()
}

/// Whether the reply's board picture is drawn from Black's side: the
/// renderer puts rank 8 at the bottom then, so compare with both orientations.
fn black_at_bottom(reply: &Reply, moves: &[&str]) -> bool {
    use rookery_engine::game::Game;
    use rookery_engine::Variant;
    let mut game = Game::new(Variant::Chess).unwrap();
    for mv in moves {
        let side = game.position().turn();
        game.play_move(side, mv).unwrap();
    }
    let png = &reply.image.as_ref().expect("a board").bytes;
    let black = rookery::picture::game_png(&game, true, rookery_render::Theme::Light).unwrap();
    let white = rookery::picture::game_png(&game, false, rookery_render::Theme::Light).unwrap();
    assert!(png == &black || png == &white, "the picture is one of the two orientations");
    png == &black
}

#[test]
fn the_result_carries_the_pgn_and_the_game_stays_reachable() {
    let t = Table::new();
    t.started(None);
    for (user, mv) in [(alice(), "f3"), (bob(), "e5"), (alice(), "g4")] {
        t.mv(user, mv);
    }
    let mate = t.mv(bob(), "Qh4");
    assert!(mate.text.contains("**0-1** · bob wins by checkmate"), "{}", mate.text);
    let pgn = pgn_of(&mate);
    assert!(pgn.contains("[White \"alice\"]\n[Black \"bob\"]\n[Result \"0-1\"]\n"), "{pgn}");
    assert!(pgn.contains("[Date \"2023.11.14\"]") && pgn.contains("[UTCDate \"2023.11.14\"]"), "{pgn}");
    assert!(pgn.contains("[UTCTime \"22:13:20\"]") && pgn.contains("[Variant \"Standard\"]"), "{pgn}");
    assert!(pgn.contains("[TimeControl \"-\"]") && pgn.contains("[Termination \"Normal\"]"), "{pgn}");
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4# {Black wins by checkmate.} 0-1"), "{pgn}");

    let info = t.refused(carol(), Command::Game);
    assert!(info.contains("no live game") && info.contains("/games") && info.contains("/pgn"), "{info}");
    let id = mate.text.split("game #").nth(1).unwrap().split(|c: char| !c.is_ascii_digit()).next().unwrap();
    assert!(info.contains(&format!("`/pgn {id}`")), "{info}");

    let listed = t.ok(carol(), Command::Games { user: None });
    assert!(listed.text.contains(&format!("`#{id}`")), "{}", listed.text);
    assert!(listed.text.contains("alice vs bob · chess · 0-1 (checkmate) · 2 moves"), "{}", listed.text);
    let mine = t.ok(carol(), Command::Games { user: Some(alice()) });
    assert!(mine.text.contains("alice's finished games") && mine.text.contains("in <#10>"), "{}", mine.text);
    assert!(t.ok(carol(), Command::Games { user: Some(carol()) }).text.contains("No finished games for carol"));

    let by_id = t.ok(carol(), Command::Pgn { id: format!("#{id}") });
    assert_eq!(pgn_of(&by_id), pgn, "the same PGN later");
    assert!(by_id.text.contains("```"), "a short PGN is shown too: {}", by_id.text);
    assert!(t.refused(carol(), Command::Pgn { id: "99999".into() }).contains("no game #99999"));
    assert!(t.refused(carol(), Command::Pgn { id: "twelve".into() }).contains("not a game id"));
    // Another server does not see this one's games.
    let elsewhere = Place { guild: 2, channel: 10 };
    assert!(t.send_at(elsewhere, carol(), Command::Pgn { id: id.into() })[0].ephemeral);
}

#[test]
fn a_game_of_fewer_than_two_plies_can_be_aborted_unrated() {
    let t = Table::new();
    let started = t.started(None);
    assert_eq!(actions(&started)[0], ButtonAction::Abort);
    assert!(t.refused(carol(), Command::Abort).contains("Only the two players"));
    let first = t.mv(alice(), "e4");
    assert!(actions(&first).contains(&ButtonAction::Abort), "one ply: still abortable");
    let aborted = t.ok(bob(), Command::Abort);
    assert!(aborted.text.contains("bob aborted the game; it is not rated"), "{}", aborted.text);
    assert!(pgn_of(&aborted).contains("[Result \"*\"]") && pgn_of(&aborted).contains("[Termination \"Abandoned\"]"));
    assert!(t.ok(bob(), Command::Stats { user: None }).text.contains("No rated games yet"));
    assert!(t.ok(carol(), Command::Games { user: None }).text.contains("aborted"));

    t.started(None);
    t.mv(alice(), "e4");
    let second = t.mv(bob(), "e5");
    assert!(!actions(&second).contains(&ButtonAction::Abort));
    assert!(t.refused(alice(), Command::Abort).contains("/resign"));
}

#[test]
fn rematch_swaps_colours_and_keeps_the_terms() {
    let t = Table::new();
    t.started(Some("3+2"));
    let resigned = t.ok(alice(), Command::Resign);
    assert_eq!(actions(&resigned), [ButtonAction::Rematch]);
    assert!(t.refused(carol(), Command::Rematch).contains("Only alice and bob"));
    let offer = t.ok(alice(), Command::Rematch);
    assert!(offer.text.contains("Rematch! **alice** challenges **bob** to Chess with 3+2 clocks."), "{}", offer.text);
    assert!(offer.text.contains("bob plays White"), "{}", offer.text);
    assert!(t.refused(alice(), Command::Rematch).contains("already waiting"));
    // Bob clicking Rematch on alice's offer accepts it.
    let game = t.ok(bob(), Command::Rematch);
    assert!(game.text.contains("**bob** (White) vs **alice** (Black)"), "{}", game.text);
    assert!(game.text.contains("Clocks (3+2)"), "{}", game.text);
    assert!(black_at_bottom(&game, &[]), "alice asked for the rematch and plays Black: her side at the bottom");
    assert!(t.refused(alice(), Command::Rematch).contains("already being played"));
    let moved = t.mv(bob(), "e4");
    assert!(black_at_bottom(&moved, &["e4"]), "the channel's orientation stays put");
}

/// The button itself, as a front end sends its click: it names the finished
/// game, which is no longer the channel's current one.
#[test]
fn the_rematch_button_of_the_last_game_works_and_an_older_ones_does_not() {
    let t = Table::new();
    t.started(None);
    let first = t.ok(alice(), Command::Resign);
    let click = |reply: &Reply| {
        let button = reply.buttons.iter().find(|b| b.action == ButtonAction::Rematch).expect("a Rematch button");
        ButtonAction::parse_custom_id(&button.custom_id()).expect("a click the core reads")
    };
    let offer = t.ok(alice(), click(&first));
    assert!(offer.text.contains("Rematch! **alice** challenges **bob**"), "{}", offer.text);
    let game = t.ok(bob(), click(&first));
    assert!(game.text.contains("**bob** (White) vs **alice** (Black)"), "{}", game.text);
    let second = t.ok(bob(), Command::Resign);
    let stale = t.refused(alice(), click(&first));
    assert!(stale.contains("belongs to game #") && stale.contains("the last game here was #"), "{stale}");
    assert!(t.ok(alice(), click(&second)).text.contains("Rematch!"));
}

#[test]
fn posts_keep_their_orientation_and_show_recent_moves() {
    let t = Table::new();
    let started = t.started(None);
    assert!(!black_at_bottom(&started, &[]), "the challenger's side");
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"];
    let mut last = started;
    for (i, mv) in moves.iter().enumerate() {
        last = t.mv(if i % 2 == 0 { alice() } else { bob() }, mv);
        assert!(!black_at_bottom(&last, &moves[..=i]), "no flip after {mv}");
    }
    assert!(last.text.contains("Moves: … 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7\n"), "{}", last.text);
    // Each player sees their own side with /board; anyone else the channel's.
    assert!(black_at_bottom(&t.ok(bob(), Command::Board), &moves));
    assert!(!black_at_bottom(&t.ok(alice(), Command::Board), &moves));
    assert!(!black_at_bottom(&t.ok(carol(), Command::Board), &moves));
}

#[test]
fn clocks_run_flag_and_show_countdowns() {
    let t = Table::new();
    assert!(t
        .refused(
            alice(),
            Command::Play {
                variant: "chess".into(),
                opponent: None,
                move_days: None,
                options: None,
                clock: Some("fast".into())
            }
        )
        .contains("not a time control"));
    let challenge = t.challenge(Some("1+2"));
    assert!(challenge.text.contains("with 1+2 clocks"), "{}", challenge.text);
    t.advance(30); // the clock starts with the game, not the challenge
    let started = t.ok(bob(), Command::Accept);
    let now = START + 30;
    assert!(
        started.text.contains(&format!("bob 1:00 · alice 1:00 and running (time runs out <t:{}:R>)", now + 60)),
        "{}",
        started.text
    );
    t.advance(10);
    let first = t.mv(alice(), "e4");
    // 60 - 10 + 2 increment.
    assert!(
        first.text.contains(&format!("alice 0:52 · bob 1:00 and running (time runs out <t:{}:R>)", now + 10 + 60)),
        "{}",
        first.text
    );
    t.advance(59);
    assert!(t.core.due().is_empty(), "one second left");
    t.advance(1);
    let due = t.core.due();
    assert_eq!(due.len(), 1, "{due:?}");
    assert_eq!(due[0].0, HERE);
    assert!(due[0].1.text.contains("**1-0** · alice wins by time forfeit"), "{}", due[0].1.text);
    assert!(
        pgn_of(&due[0].1).contains("[Termination \"Time forfeit\"]\n")
            && pgn_of(&due[0].1).contains("[TimeControl \"60+2\"]")
    );
    assert!(t.core.due().is_empty(), "flagged once");
}

#[test]
fn a_late_move_loses_on_time() {
    let t = Table::new();
    t.started(Some("0.5+0"));
    t.advance(31);
    let late = t.mv(alice(), "e4");
    assert!(late.text.contains("**0-1** · bob wins by time forfeit"), "{}", late.text);
    assert!(!late.text.contains("1. e4"), "the late move is not played");
    assert!(t.core.due().is_empty(), "the flag fell once");
}

#[test]
fn correspondence_deadlines_show_as_countdowns() {
    let t = Table::new();
    t.ok(
        alice(),
        Command::Play {
            variant: "chess".into(),
            opponent: Some(bob()),
            move_days: Some(1),
            options: None,
            clock: None,
        },
    );
    let started = t.ok(bob(), Command::Accept);
    assert!(started.text.contains(&format!("Move due <t:{}:R>.", START + 86_400)), "{}", started.text);
}
