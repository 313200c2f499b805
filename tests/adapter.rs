//! What the adapter itself promises, whatever the core says: the requests it
//! builds from interactions, follow-ups for further replies, the autocomplete
//! cap, and a private answer when the core fails. A recording core stands in.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Result;
use axum::http::Method;
use rookery::core::{Attachment, ButtonAction, Command, DrawAction, Handler, Place, Reply, Request, User};
use rookery::discord::ServeOptions;

use crate::fake_discord::webhook;
use crate::interactions::{
    autocomplete, boolean, click, focused, integer, slash, string, user, Player, ALICE, BOB, CHANNEL, GUILD,
};
use crate::{connect, connect_with};

/// Records every request; `/help` answers three times, Resign panics.
#[derive(Default)]
struct Recorder {
    requests: Mutex<Vec<Request>>,
}

impl Handler for Recorder {
    fn handle(&self, request: Request) -> Vec<Reply> {
        let command = request.command.clone();
        self.requests.lock().unwrap().push(request);
        match command {
            Command::Help => vec![
                Reply::text("Rookery plays chess variants and rolls fair dice."),
                Reply::private("Only you can see this."),
                Reply {
                    text: "The game so far.".into(),
                    files: vec![Attachment { name: "game.pgn".into(), bytes: b"1. e4 *".to_vec() }],
                    ..Reply::default()
                },
            ],
            Command::Resign | Command::Clicked { action: ButtonAction::Resign, .. } => {
                panic!("the core failed on purpose")
            }
            _ => vec![Reply::text("ok")],
        }
    }

    fn complete_move(&self, _place: Place, _user: u64, partial: &str) -> Vec<String> {
        (0..40).map(|i| format!("{partial}{i}")).collect()
    }
}

impl Recorder {
    fn last(&self) -> Request {
        self.requests.lock().unwrap().last().cloned().expect("a request reached the core")
    }
}

fn as_user(player: Player) -> User {
    User { id: player.id, name: player.name.to_string(), can_manage_channel: player.moderator }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_carry_who_where_and_typed_arguments() -> Result<()> {
    let core = Arc::new(Recorder::default());
    let connected = connect(core.clone()).await?;
    let fake = &connected.fake;

    let play = vec![string("variant", "chess"), user("opponent", BOB), integer("move_days", 3)];
    fake.dispatch(slash(2001, ALICE, "play", play))?;
    fake.callback(2001).await?;
    let opponent = User { can_manage_channel: false, ..as_user(BOB) };
    assert_eq!(
        core.last(),
        Request {
            place: Place { guild: GUILD, channel: CHANNEL },
            user: as_user(ALICE),
            command: Command::Play {
                variant: "chess".into(),
                opponent: Some(opponent),
                move_days: Some(3),
                options: None,
                clock: None
            },
        }
    );

    let cases = [
        (slash(2002, BOB, "roll", vec![]), Command::RollForGame),
        (
            slash(2003, BOB, "roll", vec![string("expression", "2d6"), boolean("sealed", true)]),
            Command::Roll { expression: "2d6".into(), sealed: true, entropy: Some(2003) },
        ),
        // Choices travel as their index: claim is the fourth.
        (slash(2004, ALICE, "draw", vec![integer("action", 3)]), Command::Draw(DrawAction::Claim)),
        (slash(2005, ALICE, "stats", vec![user("user", BOB)]), Command::Stats { user: Some(as_user(BOB)) }),
        (slash(2006, ALICE, "seed", vec![string("text", "owl")]), Command::Seed { text: "owl".into() }),
        // A click carries the game its message was about.
        (click(2007, BOB, "roll:5"), Command::Clicked { action: ButtonAction::Roll, game: 5 }),
        (click(2008, ALICE, "draw-accept:5"), Command::Clicked { action: ButtonAction::AcceptDraw, game: 5 }),
    ];
    for (id, (interaction, command)) in (2002..).zip(cases) {
        fake.dispatch(interaction)?;
        fake.callback(id).await?;
        assert_eq!(core.last().command, command, "interaction {id}");
    }
    assert!(core.requests.lock().unwrap().iter().all(|r| r.user.can_manage_channel == (r.user.id == ALICE.id)));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn further_replies_are_followups() -> Result<()> {
    let connected = connect(Arc::new(Recorder::default())).await?;
    let fake = &connected.fake;

    fake.dispatch(slash(3001, BOB, "help", vec![]))?;
    let answer = fake.callback(3001).await?;
    assert!(!answer.is_ephemeral());
    fake.wait_for("two follow-ups", |_| fake.followups(3001).len() == 2).await?;
    let followups = fake.followups(3001);
    assert!(followups[0].is_ephemeral());
    assert!(!followups[1].is_ephemeral());
    let names: Vec<_> = followups[1].files.iter().map(|f| f.filename.as_str()).collect();
    assert_eq!(names, ["game.pgn"]);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_offers_at_most_25_and_variants_from_the_registry() -> Result<()> {
    let connected = connect(Arc::new(Recorder::default())).await?;
    let fake = &connected.fake;

    fake.dispatch(autocomplete(4001, ALICE, "move", vec![focused("text", "N")]))?;
    let moves = fake.callback(4001).await?;
    assert_eq!(moves.data()["choices"].as_array().map(Vec::len), Some(25));

    fake.dispatch(autocomplete(4002, ALICE, "rules", vec![focused("variant", "d")]))?;
    let variants = fake.callback(4002).await?;
    let names: Vec<_> = variants.data()["choices"].as_array().unwrap().iter().map(|c| c["value"].clone()).collect();
    assert_eq!(names, ["dragonchess", "dicelanding"]);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn core_failures_are_answered_privately() -> Result<()> {
    let connected = connect(Arc::new(Recorder::default())).await?;
    let fake = &connected.fake;

    fake.dispatch(slash(5001, BOB, "resign", vec![]))?;
    let command = fake.callback(5001).await?;
    assert!(command.is_ephemeral(), "{:?}", command.payload);

    fake.dispatch(click(5002, BOB, "resign:1"))?;
    let button = fake.callback(5002).await?;
    assert!(button.is_ephemeral(), "{:?}", button.payload);
    assert_eq!(command.data()["content"], button.data()["content"]);
    Ok(())
}

/// A core slower than the adapter's patience: `/board` draws for a while and
/// answers twice, `/move` thinks for a while and refuses privately, `/resign`
/// thinks for a while and fails.
struct Slow;

impl Handler for Slow {
    fn handle(&self, request: Request) -> Vec<Reply> {
        std::thread::sleep(Duration::from_millis(300));
        match request.command {
            Command::Board => vec![
                Reply {
                    text: "The position.".into(),
                    image: Some(Attachment { name: "board.png".into(), bytes: b"\x89PNG\r\n\x1a\n".to_vec() }),
                    ..Reply::default()
                },
                Reply::text("Your move, Alice."),
            ],
            Command::Resign => panic!("the slow core failed on purpose"),
            _ => vec![Reply::private("That move is not legal.")],
        }
    }

    fn complete_move(&self, _place: Place, _user: u64, _partial: &str) -> Vec<String> {
        Vec::new()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_core_gets_a_deferred_answer() -> Result<()> {
    let options = ServeOptions { defer_after: Duration::from_millis(50), ..ServeOptions::default() };
    let connected = connect_with(Arc::new(Slow), options).await?;
    let fake = &connected.fake;
    const DEFERRED: u64 = 5;

    // Public: the deferred answer is edited into the board, the rest follows.
    fake.dispatch(slash(6001, ALICE, "board", vec![]))?;
    assert_eq!(fake.callback(6001).await?.payload["type"], DEFERRED);
    let original = format!("{}/messages/@original", webhook(6001));
    let edit = fake.wait_for("the edited answer", |c| c.method == Method::PATCH && c.path == original).await?;
    assert_eq!(edit.files.iter().map(|f| f.filename.as_str()).collect::<Vec<_>>(), ["board.png"]);
    assert_eq!(edit.payload["embeds"][0]["image"]["url"], "attachment://board.png");
    fake.wait_for("one follow-up", |_| fake.followups(6001).len() == 1).await?;

    // Private: the public "thinking" answer goes, a private follow-up comes.
    fake.dispatch(slash(6002, BOB, "move", vec![string("text", "Ke9")]))?;
    assert_eq!(fake.callback(6002).await?.payload["type"], DEFERRED);
    let original = format!("{}/messages/@original", webhook(6002));
    fake.wait_for("the deleted answer", |c| c.method == Method::DELETE && c.path == original).await?;
    fake.wait_for("a private follow-up", |_| fake.followups(6002).iter().any(|f| f.is_ephemeral())).await?;
    assert!(fake.calls().iter().all(|c| !(c.method == Method::PATCH && c.path == original)));

    // A failure after deferring is still answered, privately.
    fake.dispatch(slash(6003, BOB, "resign", vec![]))?;
    assert_eq!(fake.callback(6003).await?.payload["type"], DEFERRED);
    fake.wait_for("a private apology", |_| fake.followups(6003).iter().any(|f| f.is_ephemeral())).await?;
    Ok(())
}
