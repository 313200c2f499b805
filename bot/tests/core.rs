//! The command core, through its plain requests: every command and the error
//! paths players hit (wrong turn, not a player, illegal move, game over, no
//! game, double clicks).

mod common;

use std::sync::atomic::Ordering;
use std::sync::Arc;

use common::{alice, bob, carol, Table, HERE};
use rookery::core::{ButtonAction, Command, Core, DrawAction, Handler, Place, Reply, Request, TakebackAction, User};
use rookery_storage::Storage;

impl Table {
    fn mv(&self, user: User, text: &str) -> Reply {
        self.ok(user, Command::Move { text: text.into() })
    }

    fn start_game(&self) {
        self.ok(
            alice(),
            Command::Play {
                variant: "chess".into(),
                opponent: Some(bob()),
                move_days: None,
                options: None,
                clock: None,
            },
        );
        self.ok(bob(), Command::Accept);
    }
}

fn actions(reply: &Reply) -> Vec<ButtonAction> {
    reply.buttons.iter().map(|b| b.action).collect()
}

#[test]
fn challenge_accept_and_play_to_mate() {
    let t = Table::new();
    let challenge = t.ok(
        alice(),
        Command::Play { variant: "chess".into(), opponent: Some(bob()), move_days: None, options: None, clock: None },
    );
    assert!(challenge.text.contains("alice** challenges **bob"));
    assert_eq!(actions(&challenge), [ButtonAction::Accept, ButtonAction::Decline]);
    assert!(t.refused(carol(), Command::Accept).contains("for bob"));
    assert!(t.refused(alice(), Command::Accept).contains("your own"));
    let started = t.ok(bob(), Command::Accept);
    assert!(started.text.contains("alice** (White) vs **bob** (Black)"));
    assert!(started.text.contains("alice to move"));
    assert_eq!(actions(&started), [ButtonAction::Abort, ButtonAction::Resign, ButtonAction::OfferDraw]);
    assert!(t.refused(bob(), Command::Accept).contains("already accepted"), "double click on Accept");

    t.mv(alice(), "f3");
    let reply = t.mv(bob(), "e5");
    assert!(reply.text.contains("Moves: 1. f3 e5"), "{}", reply.text);
    t.mv(alice(), "g4");
    let mate = t.mv(bob(), "Qh4");
    assert!(mate.text.contains("**0-1** · bob wins by checkmate"), "{}", mate.text);
    assert_eq!(actions(&mate), [ButtonAction::Rematch]);
    assert!(t.refused(alice(), Command::Move { text: "e4".into() }).contains("no game"));
    let stats = t.ok(bob(), Command::Stats { user: None });
    assert!(stats.text.contains("Chess: 1662 (±290) · 1 win, 0 losses, 0 draws"), "{}", stats.text);
    let board = t.ok(alice(), Command::Leaderboard { variant: "chess".into() });
    assert!(board.text.contains("1. **bob** 1662") && board.text.contains("2. **alice** 1338"), "{}", board.text);
}

#[test]
fn move_errors_are_private_and_change_nothing() {
    let t = Table::new();
    assert!(t.refused(alice(), Command::Move { text: "e4".into() }).contains("no game"));
    t.start_game();
    assert!(t.refused(bob(), Command::Move { text: "e5".into() }).contains("not your turn"));
    assert!(t.refused(carol(), Command::Move { text: "e4".into() }).contains("not playing"));
    assert!(t.refused(alice(), Command::Move { text: "e5".into() }).contains("not legal"));
    assert!(t.refused(alice(), Command::Move { text: "Qz9".into() }).contains("not a move"));
    t.mv(alice(), "e4");
    let second_click = t.refused(alice(), Command::Move { text: "e4".into() });
    assert!(second_click.contains("already played"), "{second_click}");
    let board = t.ok(carol(), Command::Board);
    assert!(board.text.contains("Moves: 1. e4") && board.text.contains("bob to move"), "{}", board.text);
}

#[test]
fn challenges_can_be_open_withdrawn_or_declined() {
    let t = Table::new();
    assert!(t
        .refused(
            alice(),
            Command::Play { variant: "checkers".into(), opponent: None, move_days: None, options: None, clock: None }
        )
        .contains("Unknown variant `checkers`"));
    assert!(t
        .refused(
            alice(),
            Command::Play {
                variant: "chess".into(),
                opponent: Some(alice()),
                move_days: None,
                options: None,
                clock: None
            }
        )
        .contains("yourself"));
    let open = t.ok(
        alice(),
        Command::Play { variant: "chess".into(), opponent: None, move_days: None, options: None, clock: None },
    );
    assert!(open.text.contains("anyone may accept"));
    assert!(t
        .refused(
            alice(),
            Command::Play { variant: "chess".into(), opponent: None, move_days: None, options: None, clock: None }
        )
        .contains("already have an open challenge"));
    assert!(t
        .refused(
            bob(),
            Command::Play { variant: "chess".into(), opponent: None, move_days: None, options: None, clock: None }
        )
        .contains("already an open challenge"));
    assert!(t.refused(carol(), Command::Decline).contains("Only the challenger"));
    assert!(t.ok(alice(), Command::Decline).text.contains("withdrew"));
    assert!(t.refused(bob(), Command::Accept).contains("no open challenge"));
    t.ok(
        alice(),
        Command::Play { variant: "chess".into(), opponent: Some(bob()), move_days: None, options: None, clock: None },
    );
    assert!(t.ok(bob(), Command::Decline).text.contains("bob declined alice's challenge"));
    t.ok(
        alice(),
        Command::Play { variant: "chess".into(), opponent: None, move_days: None, options: None, clock: None },
    );
    assert!(t.ok(carol(), Command::Accept).text.contains("**carol** (Black)"));
    assert!(t.refused(alice(), Command::Decline).contains("already accepted"));
    assert!(t
        .refused(
            bob(),
            Command::Play { variant: "chess".into(), opponent: None, move_days: None, options: None, clock: None }
        )
        .contains("already being played"));
}

#[test]
fn resignation_and_draws() {
    let t = Table::new();
    t.start_game();
    assert!(t.refused(carol(), Command::Resign).contains("not playing"));
    assert!(t.refused(bob(), Command::Draw(DrawAction::Accept)).contains("no draw offer"));
    assert!(t.refused(alice(), Command::Draw(DrawAction::Claim)).contains("cannot be claimed"));
    let offered = t.ok(alice(), Command::Draw(DrawAction::Offer));
    assert!(offered.text.contains("alice offers a draw"));
    assert_eq!(
        actions(&offered),
        [ButtonAction::Abort, ButtonAction::Resign, ButtonAction::AcceptDraw, ButtonAction::DeclineDraw]
    );
    assert!(t.refused(alice(), Command::Draw(DrawAction::Accept)).contains("your own"));
    t.ok(bob(), Command::Draw(DrawAction::Decline));
    t.ok(alice(), Command::Draw(DrawAction::Offer));
    let drawn = t.ok(bob(), Command::Draw(DrawAction::Accept));
    assert!(drawn.text.contains("**1/2-1/2** · Draw by agreement"), "{}", drawn.text);

    t.start_game();
    let resigned = t.ok(bob(), Command::Resign);
    assert!(resigned.text.contains("**1-0** · alice wins by resignation"), "{}", resigned.text);
    assert!(t.refused(bob(), Command::Resign).contains("no game"), "double click on Resign");
}

#[test]
fn threefold_repetition_is_claimed_in_the_channel() {
    let t = Table::new();
    t.start_game();
    for (i, mv) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"].iter().enumerate() {
        let reply = t.mv(if i % 2 == 0 { alice() } else { bob() }, mv);
        assert_eq!(reply.text.contains("may be claimed"), i == 7, "{mv}: {}", reply.text);
    }
    let claimed = t.ok(bob(), Command::Draw(DrawAction::Claim));
    assert!(claimed.text.contains("Draw by threefold repetition"), "{}", claimed.text);
}

#[test]
fn takebacks_need_the_opponent() {
    let t = Table::new();
    t.start_game();
    assert!(t.refused(alice(), Command::Takeback(TakebackAction::Request)).contains("no move"));
    t.mv(alice(), "e4");
    t.ok(alice(), Command::Takeback(TakebackAction::Request));
    assert!(t.refused(alice(), Command::Takeback(TakebackAction::Accept)).contains("no takeback request"));
    t.ok(bob(), Command::Takeback(TakebackAction::Decline));
    t.ok(alice(), Command::Takeback(TakebackAction::Request));
    let back = t.ok(bob(), Command::Takeback(TakebackAction::Accept));
    assert!(back.text.contains("alice to move") && !back.text.contains("Moves:"), "{}", back.text);
    t.mv(alice(), "d4");
    t.mv(bob(), "d5");
    t.ok(alice(), Command::Takeback(TakebackAction::Request));
    let back = t.ok(bob(), Command::Takeback(TakebackAction::Accept));
    assert!(back.text.contains("alice to move") && !back.text.contains("Moves:"), "two plies: {}", back.text);
}

#[test]
fn game_details_autocomplete_help_and_rules() {
    let t = Table::new();
    t.start_game();
    t.mv(alice(), "e4");
    let info = t.ok(carol(), Command::Game);
    let names: Vec<&str> = info.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names.len(), 2);
    let pgn = String::from_utf8(info.files[0].bytes.clone()).unwrap();
    assert!(pgn.contains("[White \"alice\"]") && pgn.contains("1. e4 *"), "{pgn}");
    assert!(info.fields.iter().any(|(name, value)| name == "Position" && value.contains("4P3")));
    assert_eq!(t.core.complete_move(HERE, 2, "N").len(), 4);
    assert_eq!(t.core.complete_move(HERE, 2, "nf"), ["Nf6"]);
    assert!(t.core.complete_move(HERE, 1, "").is_empty(), "not alice's turn");
    assert!(t.core.complete_move(Place { guild: 1, channel: 99 }, 2, "").is_empty());
    assert!(t.send(alice(), Command::Help)[0].text.contains("/play"));
    let rules = t.ok(alice(), Command::Rules { variant: "chess".into() });
    assert!(rules.text.contains("FIDE"));
    assert_eq!(&rules.image.expect("a piece diagram").bytes[1..4], b"PNG");
    let newchess = t.send(alice(), Command::Rules { variant: "newchess".into() });
    assert!(!newchess[0].ephemeral && newchess[0].text.contains("New chess"), "{}", newchess[0].text);
    assert!(t.ok(alice(), Command::Stats { user: Some(carol()) }).text.contains("No rated games"));
    assert!(t.ok(alice(), Command::Leaderboard { variant: "chess".into() }).text.contains("No rated"));
}

#[test]
fn games_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let clock: rookery::core::Clock = Arc::new(|| 1_700_000_000);
    {
        let core = Core::new(Storage::open(dir.path()).unwrap(), clock.clone());
        core.handle(Request {
            place: HERE,
            user: alice(),
            command: Command::Play {
                variant: "chess".into(),
                opponent: None,
                move_days: None,
                options: None,
                clock: None,
            },
        });
        core.handle(Request { place: HERE, user: bob(), command: Command::Accept });
        core.handle(Request { place: HERE, user: alice(), command: Command::Move { text: "d4".into() } });
    }
    let core = Core::new(Storage::open(dir.path()).unwrap(), clock);
    let board = core.handle(Request { place: HERE, user: carol(), command: Command::Board });
    assert!(board[0].text.contains("Moves: 1. d4"), "{}", board[0].text);
}

#[test]
fn correspondence_pace_reminds_then_forfeits_once() {
    let t = Table::new();
    let start = t.clock.load(Ordering::SeqCst);
    t.ok(
        alice(),
        Command::Play {
            variant: "chess".into(),
            opponent: Some(bob()),
            move_days: Some(2),
            options: None,
            clock: None,
        },
    );
    t.ok(bob(), Command::Accept);
    t.mv(alice(), "e4");
    assert!(t.core.tick().unwrap().is_empty(), "plenty of time");
    t.clock.store(start + 2 * 86_400 - 3_600, Ordering::SeqCst);
    let reminders = t.core.tick().unwrap();
    assert_eq!(reminders.len(), 1);
    assert_eq!(reminders[0].0, HERE);
    assert!(reminders[0].1.text.contains("bob, you have about 1 h left"), "{}", reminders[0].1.text);
    assert!(t.core.tick().unwrap().is_empty(), "reminded once");
    t.clock.store(start + 2 * 86_400 + 1, Ordering::SeqCst);
    let forfeit = t.core.tick().unwrap();
    assert_eq!(forfeit.len(), 1);
    assert!(forfeit[0].1.text.contains("**1-0** · alice wins by time forfeit"), "{}", forfeit[0].1.text);
    assert!(t.core.tick().unwrap().is_empty(), "forfeited once");
    assert!(t.refused(bob(), Command::Move { text: "e5".into() }).contains("no game"));
    assert!(t
        .refused(
            alice(),
            Command::Play { variant: "chess".into(), opponent: None, move_days: Some(31), options: None, clock: None }
        )
        .contains("between 1 and 30"));
}
