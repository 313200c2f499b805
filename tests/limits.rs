//! Discord's limits reached through the real serenity client: the longest
//! messages the core writes (each within 2000 characters, ending where a
//! sentence or a page ends, not cut blind), a reply the adapter must cut,
//! autocomplete at exactly 25 choices, and files at and over 10 MiB.
//! The fake refuses anything over a limit, which fails the test by itself.

use std::sync::Arc;

use anyhow::Result;
use axum::http::Method;
use rookery::core::{Attachment, Command, Handler, Place, Reply, Request, User};
use rookery::discord::ServeOptions;
use rookery_engine::Variant;

use crate::connect_with;
use crate::every_command::{shown, Tour};
use crate::fake_discord::{checks, Call};
use crate::interactions::{focused, slash, string, ALICE, BOB, CAROL};

const CONTENT_MAX: usize = 2000;

/// Every message the bot sent: answers, follow-ups, edits, posts.
fn messages(calls: &[Call]) -> Vec<String> {
    let sent = |c: &&Call| c.method == Method::POST || c.method == Method::PATCH;
    let texts = calls.iter().filter(sent).map(|c| {
        let message = if c.payload.get("data").is_some() { c.data() } else { &c.payload };
        message["content"].as_str().unwrap_or_default().to_string()
    });
    texts.filter(|text| !text.is_empty()).collect()
}

/// The longest answers the core writes: every variant's rules (in pages),
/// a thousand dice, a day's dice history of sixty rolls, thirty finished
/// games, a 6000-character game id (the most Discord lets a user type).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_longest_messages_fit_and_end_where_a_sentence_ends() -> Result<()> {
    let tour = Tour::start(ServeOptions::default()).await?;
    for variant in Variant::ALL {
        tour.command(CAROL, "rules", vec![string("variant", variant.name())]).await?;
    }
    tour.command(ALICE, "roll", vec![string("expression", "1000d6")]).await?.says(&["1000d6", "attached file"]);
    tour.command(ALICE, "roll", vec![string("expression", "100d100")]).await?.says(&["100d100"]);
    for _ in 0..60 {
        tour.command(BOB, "roll", vec![string("expression", "20d20 # a long label for the history")]).await?;
    }
    tour.sub(CAROL, "dice", "history", vec![]).await?.says(&["Latest rolls on today's table ledger"]);
    let place = Place { guild: crate::interactions::GUILD, channel: tour.channel };
    let alice = User { id: ALICE.id, name: "alice".into(), can_manage_channel: false };
    let bob = User { id: BOB.id, name: "bob".into(), can_manage_channel: false };
    for _ in 0..30 {
        let play = Command::Play {
            variant: "chess".into(),
            opponent: Some(bob.clone()),
            move_days: None,
            options: None,
            clock: None,
        };
        for (who, command) in [(&alice, play), (&bob, Command::Accept), (&alice, Command::Abort)] {
            let reply = tour.core.handle(Request { place, user: who.clone(), command }).remove(0);
            assert!(!reply.ephemeral, "{}", reply.text);
        }
    }
    tour.command(CAROL, "games", vec![]).await?.says(&["Finished games in this channel"]);
    let id = "9".repeat(6000);
    let refused = tour.command(CAROL, "pgn", vec![string("id", &id)]).await?;
    refused.says_privately(&["is not a game id. `/games` lists the ids, like `#12`."]);

    let texts = messages(&tour.fake().calls());
    let longest = texts.iter().map(|t| t.chars().count()).max().unwrap_or_default();
    assert!(longest > 1_500, "the tour reached near the limit: {longest}");
    for text in &texts {
        assert!(text.chars().count() <= CONTENT_MAX, "{text}");
        assert!(!text.ends_with('…'), "cut blind at the limit: …{}", tail(text));
    }
    println!("longest message: {longest} characters of {CONTENT_MAX}");
    Ok(())
}

fn tail(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    chars[chars.len().saturating_sub(80)..].iter().collect()
}

/// Autocomplete at Discord's most: Dragonchess's first moves are more than
/// 25, and exactly 25 are offered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_suggestions_stop_at_twenty_five() -> Result<()> {
    let tour = Tour::start(ServeOptions::default()).await?;
    let play = vec![string("variant", "dragonchess"), crate::interactions::user("opponent", BOB)];
    let challenge = tour.command(ALICE, "play", play).await?;
    tour.click(BOB, &challenge.button("accept")?).await?;
    let moves = tour.suggest(ALICE, "move", None, vec![focused("text", "")]).await?;
    assert_eq!(moves.len(), 25, "{moves:?}");
    let distinct: std::collections::BTreeSet<&String> = moves.iter().collect();
    assert_eq!(distinct.len(), 25, "{moves:?}");
    Ok(())
}

/// A core that answers every command with `reply`.
struct Answers(Reply);

impl Handler for Answers {
    fn handle(&self, _request: Request) -> Vec<Reply> {
        vec![self.0.clone()]
    }

    fn complete_move(&self, _place: Place, _user: u64, _partial: &str) -> Vec<String> {
        Vec::new()
    }
}

async fn answered(reply: Reply) -> Result<Call> {
    let connected = connect_with(Arc::new(Answers(reply)), ServeOptions::default()).await?;
    connected.fake.dispatch(slash(7701, ALICE, "help", vec![]))?;
    connected.fake.callback(7701).await
}

fn file(name: &str, size: usize) -> Attachment {
    Attachment { name: name.into(), bytes: vec![7; size] }
}

/// A text longer than Discord takes is cut to 2000 characters, ending in an
/// ellipsis, rather than refused whole.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reply_over_2000_characters_is_cut_to_fit() -> Result<()> {
    let sentence = "The dragon flies over the board. ";
    let answer = answered(Reply::text(sentence.repeat(100))).await?;
    let text = shown(&answer);
    assert_eq!(text.chars().count(), CONTENT_MAX);
    assert!(text.starts_with(sentence) && text.ends_with('…'), "{}", tail(&text));
    Ok(())
}

/// Files up to 10 MiB together go with the message; one that would pass
/// it is left out, and the message says which, instead of Discord
/// refusing the whole message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn files_keep_to_the_10_mib_budget() -> Result<()> {
    let half = checks::UPLOAD_LIMIT / 2;
    let at_limit =
        Reply { text: "Two halves".into(), files: vec![file("a.txt", half), file("b.txt", half)], ..Reply::default() };
    let answer = answered(at_limit).await?;
    let names: Vec<&str> = answer.files.iter().map(|f| f.filename.as_str()).collect();
    assert_eq!(names, ["a.txt", "b.txt"]);
    assert_eq!(shown(&answer), "Two halves");

    let over = Reply {
        text: "Replay of game #4".into(),
        image: Some(file("board.png", 1 << 20)),
        files: vec![file("replay.gif", half + 1), file("game.pgn", half)],
        ..Reply::default()
    };
    let answer = answered(over).await?;
    let names: Vec<&str> = answer.files.iter().map(|f| f.filename.as_str()).collect();
    assert_eq!(names, ["board.png", "replay.gif"], "the first that fit, in order");
    assert!(answer.files.iter().map(|f| f.size).sum::<usize>() <= checks::UPLOAD_LIMIT);
    assert_eq!(shown(&answer), "(game.pgn too large for Discord, left out.)\nReplay of game #4");
    Ok(())
}
