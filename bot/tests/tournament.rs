//! Tournaments through the command core: entries, a Swiss played in
//! threads with results flowing back from the games, a restart mid-round,
//! a result set by hand, a no-show's forfeit, and whole simulated events
//! with random players (see `tournament_sim.rs` for the big ones).

mod common;
mod tour;

use common::{Table, HERE, START};
use rookery::core::{Command, Place, TournamentCommand as T, User};
use tour::{create_swiss, event_id, organiser, player, Event};

#[test]
fn joining_twice_applies_once_and_leaving_before_the_start_removes_the_entry() {
    let t = Table::new();
    let id = event_id(&t.ok(organiser(), create_swiss("Autumn Cup", 3)));
    let joined = t.ok(player(1), Command::Tournament(T::Join { event: id }));
    assert!(joined.text.contains("1 player(s)"), "{}", joined.text);
    assert!(joined.buttons.iter().any(|b| b.custom_id() == format!("tour-join:{id}")));
    let again = t.refused(player(1), Command::Tournament(T::Join { event: id }));
    assert!(again.contains("already in"), "{again}");
    // The Join button's custom id means the same command.
    let click = rookery::core::ButtonAction::parse_custom_id(&format!("tour-join:{id}")).unwrap();
    assert_eq!(click, Command::Tournament(T::Join { event: id }));
    assert!(t.send(player(1), click)[0].ephemeral, "a second click changes nothing");
    t.ok(player(2), Command::Tournament(T::Join { event: id }));
    let left = t.ok(player(1), Command::Tournament(T::Leave { event: id }));
    assert!(left.text.contains("1 player(s)"), "{}", left.text);
    let missing = t.refused(player(1), Command::Tournament(T::Leave { event: id }));
    assert!(missing.contains("not in"), "{missing}");
    let unknown = t.refused(player(1), Command::Tournament(T::Join { event: id + 100 }));
    assert!(unknown.contains("no tournament"), "{unknown}");
}

#[test]
fn bad_arguments_are_refused_in_the_users_words_and_create_nothing() {
    let t = Table::new();
    let create = |game: &str, rounds, clock: Option<&str>| T::CreateSwiss {
        name: "Cup".into(),
        game: game.into(),
        rounds,
        clock: clock.map(String::from),
        move_days: None,
        starts: None,
    };
    assert!(t.refused(organiser(), Command::Tournament(create("checkers", 5, None))).contains("checkers"));
    assert!(t.refused(organiser(), Command::Tournament(create("chess", 0, None))).contains("rounds"));
    assert!(t.refused(organiser(), Command::Tournament(create("chess", 5, Some("fast")))).contains("time control"));
    let arena =
        T::CreateArena { name: "A".into(), game: "chess".into(), minutes: 2, clock: "3+2".into(), starts: None };
    assert!(t.refused(organiser(), Command::Tournament(arena)).contains("minutes"));
    let list = t.ok(organiser(), Command::Tournament(T::List));
    assert!(list.text.contains("No tournaments"), "{}", list.text);
}

#[test]
fn a_swiss_is_paired_in_threads_its_results_flow_back_and_it_ends_with_its_files() {
    let t = Table::new();
    let mut event = Event::swiss(&t, "Cup", 2, 4);
    let refused = t.refused(player(1), Command::Tournament(T::Start { event: event.id }));
    assert!(refused.contains("organiser"), "{refused}");
    let started = t.send(organiser(), Command::Tournament(T::Start { event: event.id }));
    let posted = event.posted(&t, started);
    assert!(posted.iter().any(|r| r.text.contains("**Round 1**") && r.text.contains("<@")), "{posted:?}");
    let threads = event.threads.clone();
    assert_eq!(threads.len(), 2, "two boards, each in its thread");
    assert!(
        event.names.iter().all(|n| n.starts_with("Round 1 · ") && n.ends_with(" · Swiss: Cup")),
        "{:?}",
        event.names
    );

    // `/tournament me` points each player at their game.
    let me = t.send(player(1), Command::Tournament(T::Me));
    assert!(me[0].text.contains("round 1") && me[0].text.contains("<#"), "{}", me[0].text);

    // Round 1: every game is resigned by White.
    for (game, thread) in &threads {
        let white = event.white_of(&t, *thread);
        let resigned = t.send_at(*thread, white, Command::Resign);
        assert!(!resigned[0].ephemeral, "{game}: {}", resigned[0].text);
    }
    let posted = event.tick(&t);
    let round = posted.iter().find(|r| r.text.contains("**Round 2**")).expect("round 2 is paired");
    // The start's update went out with this tick too, before this one.
    let post = posted.iter().rev().find(|r| r.event_post.is_some()).expect("the event post is brought up to date");
    assert!(post.text.contains("DE BH-C1 BH SB PS"), "the text names the picture's tie-breaks: {}", post.text);
    let picture = post.image.as_ref().expect("the standings picture is on the event post");
    assert!(picture.bytes.starts_with(b"\x89PNG") && picture.name.ends_with("standings.png"), "{}", picture.name);
    assert_eq!(round.image.as_ref(), Some(picture), "and on the round's post");
    let show = t.ok(player(3), Command::Tournament(T::Show { event: event.id }));
    assert!(show.text.contains("```") && show.text.contains(" 1 "), "{}", show.text);
    assert!(show.image.is_some() && show.event_post.is_none(), "a copy of the post, with the picture");

    // Round 2 ends in draws by agreement; then the event is over.
    for thread in event.threads.values().copied().collect::<Vec<_>>() {
        if t.core.storage().channel_game(key(thread)).unwrap().is_none() {
            continue;
        }
        let white = event.white_of(&t, thread);
        let black = event.black_of(&t, thread);
        t.send_at(thread, white, Command::Draw(rookery::core::DrawAction::Offer));
        let agreed = t.send_at(thread, black, Command::Draw(rookery::core::DrawAction::Accept));
        assert!(!agreed[0].ephemeral, "{}", agreed[0].text);
    }
    let posted = event.tick(&t);
    let end = posted.iter().find(|r| r.text.contains("Final standings")).expect("the event ends");
    let names: Vec<&str> = end.files.iter().map(|f| f.name.as_str()).collect();
    assert!(names.iter().any(|n| n.ends_with("crosstable.txt")) && names.iter().any(|n| n.ends_with("games.pgn")));
    assert!(end.image.as_ref().is_some_and(|i| i.bytes.starts_with(b"\x89PNG")), "the final standings picture");
    let post = posted.iter().find(|r| r.event_post.is_some()).expect("the event post shows the end");
    assert!(post.text.contains("finished") && post.image == end.image, "{}", post.text);
    let crosstable = String::from_utf8(end.files[0].bytes.clone()).unwrap();
    assert!(crosstable.contains("BH-C1") && crosstable.contains("player1"), "{crosstable}");
    let pgn = String::from_utf8(end.files.iter().find(|f| f.name.ends_with(".pgn")).unwrap().bytes.clone()).unwrap();
    assert_eq!(pgn.matches("[Event ").count(), 4, "all four games: {pgn}");
    let trf = t.ok(player(2), Command::Tournament(T::Export { event: event.id }));
    let trf = String::from_utf8(trf.files[0].bytes.clone()).unwrap();
    assert!(trf.lines().filter(|l| l.starts_with("001")).count() == 4, "{trf}");
    assert!(t.core.storage().active_events().unwrap().is_empty());
}

#[test]
fn a_restart_in_the_middle_of_a_round_resumes_exactly() {
    let t = Table::new();
    let mut event = Event::swiss(&t, "Cup", 2, 4);
    let started = t.send(organiser(), Command::Tournament(T::Start { event: event.id }));
    event.posted(&t, started);
    let threads: Vec<Place> = event.threads.values().copied().collect();
    let white = event.white_of(&t, threads[0]);
    t.send_at(threads[0], white, Command::Resign);
    let before = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();

    let t = t.restart();
    assert_eq!(t.core.storage().event(HERE.guild, event.id).unwrap().unwrap(), before, "nothing lost or redone");
    let posted = event.tick(&t);
    assert!(!posted.iter().any(|r| r.text.contains("**Round 2**")), "one game still runs: {posted:?}");
    let white = event.white_of(&t, threads[1]);
    t.send_at(threads[1], white, Command::Resign);
    let posted = event.tick(&t);
    assert!(posted.iter().any(|r| r.text.contains("**Round 2**")), "{posted:?}");
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    assert_eq!(stored.games.len(), 4, "round 1's games once, round 2's games once");
}

#[test]
fn an_organiser_sets_a_result_by_hand_and_it_is_recorded_with_who_did_it() {
    let t = Table::new();
    let mut event = Event::swiss(&t, "Cup", 1, 2);
    let started = t.send(organiser(), Command::Tournament(T::Start { event: event.id }));
    event.posted(&t, started);
    let set = |user: User, result: &str| {
        t.send(user, Command::Tournament(T::SetResult { event: event.id, round: 1, board: 1, result: result.into() }))
    };
    assert!(set(player(1), "1-0")[0].ephemeral, "players cannot set results");
    assert!(set(organiser(), "2-0")[0].text.contains("not a result"));
    let replies = set(organiser(), "0-1");
    assert!(replies[0].text.contains("set the result"), "{}", replies[0].text);
    assert!(replies.iter().any(|r| r.text.contains("Final standings")), "the only game decided the event");
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    assert_eq!(stored.manual_results.len(), 1);
    assert_eq!(stored.manual_results[0].by.id, organiser().id);
    assert_eq!(stored.manual_results[0].result, "0-1");
}

#[test]
fn a_player_who_never_moves_forfeits_after_the_wait() {
    let t = Table::new();
    let mut event = Event::swiss(&t, "Cup", 1, 2);
    let started = t.send(organiser(), Command::Tournament(T::Start { event: event.id }));
    event.posted(&t, started);
    let update = event.tick(&t);
    assert!(update.len() == 1 && update[0].event_post.is_some(), "the start's edit of the event post: {update:?}");
    t.advance(4 * 60);
    assert!(event.tick(&t).is_empty(), "still within the wait");
    t.advance(2 * 60);
    let posted = event.tick_everywhere(&t);
    let note = posted.iter().find(|(_, r)| r.text.contains("forfeits")).expect("a forfeit note");
    assert!(event.threads.values().any(|thread| *thread == note.0), "said in the game's thread");
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    assert_eq!(stored.games[0].result.as_deref(), Some("-/+"), "White never moved");
    assert!(t.clock.load(std::sync::atomic::Ordering::SeqCst) > START);
}

fn key(place: Place) -> rookery_storage::ChannelKey {
    rookery_storage::ChannelKey { guild: place.guild, channel: place.channel }
}
