//! Tournaments through the command core: entries, a Swiss played in
//! threads with results flowing back from the games, a restart mid-round,
//! a result set by hand, a no-show's forfeit, and whole simulated events
//! with random players (see `tournament_sim.rs` for the big ones).

mod common;
mod tour;

use common::{Table, HERE, START};
use rookery::core::{Command, Place, Reply, TournamentCommand as T, User};
use rookery_storage::{ArenaStep, EventFormat, Phase};
use tour::{create_arena, create_swiss, event_id, organiser, player, points_of, Event};

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
        late_half_point: false,
        no_show_minutes: None,
    };
    assert!(t.refused(organiser(), Command::Tournament(create("checkers", 5, None))).contains("checkers"));
    assert!(t.refused(organiser(), Command::Tournament(create("chess", 0, None))).contains("rounds"));
    assert!(t.refused(organiser(), Command::Tournament(create("chess", 5, Some("fast")))).contains("time control"));
    let arena = T::CreateArena {
        name: "A".into(),
        game: "chess".into(),
        minutes: 2,
        clock: Some("3+2".into()),
        move_days: None,
        starts: None,
        berserk: true,
        no_show_minutes: None,
    };
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

#[test]
fn the_organiser_sets_the_wait_for_a_first_move() {
    let t = Table::new();
    let create = |wait| {
        let mut command = create_arena("Blitz", false);
        if let Command::Tournament(T::CreateArena { no_show_minutes, .. }) = &mut command {
            *no_show_minutes = wait;
        }
        command
    };
    for wrong in [0, 7 * 24 * 60 + 1] {
        assert!(t.refused(organiser(), create(Some(wrong))).contains("1 minute to 7 days"));
    }
    let post = t.ok(organiser(), create(Some(2)));
    assert!(post.text.contains("first move within 2 minutes"), "{}", post.text);
    let mut event = Event::of(event_id(&post));
    for n in 1..=2 {
        t.ok(player(n), Command::Tournament(T::Join { event: event.id }));
    }
    let started = t.send(organiser(), Command::Tournament(T::Start { event: event.id }));
    event.posted(&t, started);
    t.advance(119);
    assert!(!event.tick_everywhere(&t).iter().any(|(_, r)| r.text.contains("forfeits")), "still within the wait");
    t.advance(2);
    let posted = event.tick_everywhere(&t);
    let note = posted.iter().find(|(_, r)| r.text.contains("forfeits")).expect("a forfeit note");
    assert!(note.1.text.contains("within 2 minutes"), "{}", note.1.text);
}

fn key(place: Place) -> rookery_storage::ChannelKey {
    rookery_storage::ChannelKey { guild: place.guild, channel: place.channel }
}

/// Plays `moves` in turn in the chess game at `thread`, from the side to move.
fn play(t: &Table, event: &Event, thread: Place, moves: &[&str]) {
    for text in moves {
        let played = t.core.storage().channel_game(key(thread)).unwrap().expect("a game").actions.len();
        let mover = if played % 2 == 0 { event.white_of(t, thread) } else { event.black_of(t, thread) };
        let played = t.send_at(thread, mover, Command::Move { text: (*text).into() });
        assert!(!played[0].ephemeral, "{text}: {}", played[0].text);
    }
}

/// An Arena of two started, its first game in its thread: the event, the
/// game's thread and the pairing's post.
fn arena_of_two(t: &Table, berserk: bool) -> (Event, Place, Reply) {
    let mut event = Event::of(event_id(&t.ok(organiser(), create_arena("Blitz", berserk))));
    for n in 1..=2 {
        t.ok(player(n), Command::Tournament(T::Join { event: event.id }));
    }
    let started = t.send(organiser(), Command::Tournament(T::Start { event: event.id }));
    let posted = event.posted(t, started);
    let pairing = posted.into_iter().find(|r| r.thread.is_some()).expect("the game's post");
    let thread = *event.threads.values().next().unwrap();
    (event, thread, pairing)
}

/// Fourteen plies: long enough for a berserked win to earn its point.
const FOURTEEN_PLIES: [&str; 14] =
    ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d3", "d6", "O-O", "O-O", "h3", "h6"];

#[test]
fn an_arena_game_is_scored_with_its_plies_so_a_quick_draw_scores_nothing() {
    let t = Table::new();
    let (mut event, thread, _) = arena_of_two(&t, false);
    play(&t, &event, thread, &["e4", "e5"]);
    let (white, black) = (event.white_of(&t, thread), event.black_of(&t, thread));
    t.send_at(thread, white.clone(), Command::Draw(rookery::core::DrawAction::Offer));
    assert!(!t.send_at(thread, black.clone(), Command::Draw(rookery::core::DrawAction::Accept))[0].ephemeral);
    event.tick(&t);
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    let EventFormat::Arena { steps, .. } = &stored.format else { panic!("an arena") };
    let finish = steps.iter().find(|s| matches!(s, ArenaStep::Finish { .. })).expect("the game's end");
    assert!(matches!(finish, ArenaStep::Finish { game: 0, plies: Some(2), at_ms: Some(_), .. }), "{finish:?}");
    assert_eq!(points_of(&t, event.id, &white.name), "0", "a draw of two plies scores nothing");
    assert_eq!(points_of(&t, event.id, &black.name), "0");
}

#[test]
fn a_result_set_by_hand_ends_the_game_in_its_thread_and_counts_once() {
    let t = Table::new();
    let mut event = Event::swiss(&t, "Cup", 1, 4);
    let started = t.send(organiser(), Command::Tournament(T::Start { event: event.id }));
    event.posted(&t, started);
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    let (first, second) = (stored.games[0].game, stored.games[1].game);
    let (first_thread, second_thread) = (event.threads[&first], event.threads[&second]);
    play(&t, &event, first_thread, &["e4"]);
    let first_black = event.black_of(&t, first_thread);

    let set = T::SetResult { event: event.id, round: 1, board: 1, result: "1-0".into() };
    assert!(t.send(organiser(), Command::Tournament(set))[0].text.contains("set the result"));
    assert!(t.core.storage().channel_game(key(first_thread)).unwrap().is_none(), "the game is over in its thread");
    let (_, archived) = t.core.storage().finished_game(first).unwrap().expect("archived");
    let Phase::Finished { result, reason } = &archived.phase else { panic!("finished") };
    assert_eq!(result, "1-0");
    assert!(reason.contains("organiser organiser"), "who set it: {reason}");
    assert_eq!(archived.actions.len(), 1, "the moves played stay in the archive");
    let posted = event.tick_everywhere(&t);
    let note = posted.iter().find(|(place, _)| *place == first_thread).expect("a note in the game's thread");
    assert!(
        note.1.text.starts_with("The organiser organiser set this game's result: 1-0. The game is over."),
        "{}",
        note.1.text
    );
    assert!(!posted.iter().any(|(_, r)| r.text.contains("Final standings")), "board 2 still plays");

    // A click in the ended game changes nothing; the tick counts it once.
    assert!(t.send_at(first_thread, first_black, Command::Resign)[0].ephemeral);
    let white = event.white_of(&t, second_thread);
    t.send_at(second_thread, white, Command::Resign);
    let posted = event.tick(&t);
    assert!(posted.iter().any(|r| r.text.contains("Final standings")), "{posted:?}");
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    assert_eq!(stored.manual_results.len(), 1);
    let EventFormat::Swiss { played, .. } = &stored.format else { panic!("a swiss") };
    let results: Vec<_> = played[0].boards.iter().map(|b| b.result.as_deref()).collect();
    assert_eq!(results, [Some("1-0"), Some("0-1")]);
}

#[test]
fn an_arena_result_set_by_hand_is_one_finish_with_the_plies_played() {
    let t = Table::new();
    let (mut event, thread, _) = arena_of_two(&t, true);
    play(&t, &event, thread, &["e4", "e5", "Nf3"]);
    let set = T::SetResult { event: event.id, round: 1, board: 1, result: "1/2-1/2".into() };
    assert!(t.send(organiser(), Command::Tournament(set.clone()))[0].text.contains("set the result"));
    assert!(t.core.storage().channel_game(key(thread)).unwrap().is_none());
    event.tick(&t);
    event.tick(&t);
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    let EventFormat::Arena { steps, .. } = &stored.format else { panic!("an arena") };
    let finishes: Vec<_> = steps.iter().filter(|s| matches!(s, ArenaStep::Finish { game: 0, .. })).collect();
    assert_eq!(finishes.len(), 1, "{steps:?}");
    assert!(matches!(finishes[0], ArenaStep::Finish { plies: Some(3), .. }), "{:?}", finishes[0]);
    assert!(t.send(organiser(), Command::Tournament(set))[0].text.contains("already has its result"));
}

#[test]
fn a_running_swiss_takes_late_entries_and_withdrawals_between_rounds() {
    let t = Table::new();
    let create = Command::Tournament(T::CreateSwiss {
        name: "Late Cup".into(),
        game: "chess".into(),
        rounds: 3,
        clock: Some("10+5".into()),
        move_days: None,
        starts: None,
        late_half_point: true,
        no_show_minutes: None,
    });
    let mut event = Event::of(event_id(&t.ok(organiser(), create)));
    for n in 1..=4 {
        t.ok(player(n), Command::Tournament(T::Join { event: event.id }));
    }
    let started = t.send(organiser(), Command::Tournament(T::Start { event: event.id }));
    event.posted(&t, started);
    let late = t.ok(player(5), Command::Tournament(T::Join { event: event.id }));
    assert!(late.text.starts_with("player5 joined from round 2."), "{}", late.text);
    assert!(late.buttons.iter().any(|b| b.custom_id() == format!("tour-join:{}", event.id)), "entries stay open");
    let left = t.ok(player(4), Command::Tournament(T::Leave { event: event.id }));
    assert!(left.text.contains("games so far stand"), "{}", left.text);
    let back = t.refused(player(4), Command::Tournament(T::Join { event: event.id }));
    assert!(back.contains("cannot come back"), "{back}");

    let resign_all = |event: &mut Event| {
        for thread in event.threads.values().copied().collect::<Vec<_>>() {
            if t.core.storage().channel_game(key(thread)).unwrap().is_some() {
                t.send_at(thread, event.white_of(&t, thread), Command::Resign);
            }
        }
        event.tick(&t)
    };
    assert!(resign_all(&mut event).iter().any(|r| r.text.contains("**Round 2**")));
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    let EventFormat::Swiss { entrants, played, .. } = &stored.format else { panic!("a swiss") };
    let seated = |round: &rookery_storage::SwissRound, who: usize| {
        round.bye == Some(who) || round.boards.iter().any(|b| b.white == who || b.black == who)
    };
    let (newcomer, leaver) = (4, 3);
    assert_eq!((entrants[newcomer].joined_at, entrants[leaver].withdrew_at), (1, Some(1)));
    assert!(seated(&played[1], newcomer) && !seated(&played[1], leaver), "{:?}", played[1]);
    assert!(seated(&played[0], leaver), "the leaver's round-1 game stands");
    let trf = t.ok(player(1), Command::Tournament(T::Export { event: event.id }));
    let trf = String::from_utf8(trf.files[0].bytes.clone()).unwrap();
    let line = trf.lines().find(|l| l.contains("player5")).expect("the late entrant's line");
    assert!(line.contains("0000 - H"), "half a point for the missed round: {line}");

    assert!(resign_all(&mut event).iter().any(|r| r.text.contains("**Round 3**")));
    let last = t.refused(player(6), Command::Tournament(T::Join { event: event.id }));
    assert!(last.contains("last round"), "{last}");
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    let post = t.ok(player(1), Command::Tournament(T::Show { event: event.id }));
    assert!(post.buttons.is_empty(), "no Join in the last round: {:?}", post.buttons);
    assert!(matches!(&stored.format, EventFormat::Swiss { entrants, .. } if entrants.len() == 5));
}

#[test]
fn berserk_costs_half_the_clock_once_before_the_first_move_and_pays_a_point_on_a_long_win() {
    let t = Table::new();
    let (mut event, thread, pairing) = arena_of_two(&t, true);
    let game = *event.threads.keys().next().unwrap();
    let button = pairing.buttons.iter().find(|b| b.custom_id().starts_with("tour-berserk:")).expect("Berserk");
    let click = rookery::core::ButtonAction::parse_custom_id(&button.custom_id()).unwrap();
    assert_eq!(click, Command::Tournament(T::Berserk { game }));
    let (white, black) = (event.white_of(&t, thread), event.black_of(&t, thread));

    let outsider = t.send_at(thread, player(3), click.clone());
    assert!(outsider[0].ephemeral && outsider[0].text.contains("two players"), "{}", outsider[0].text);
    play(&t, &event, thread, &["e4"]);
    let late = t.send_at(thread, white.clone(), click.clone());
    assert!(late[0].ephemeral && late[0].text.contains("before your first move"), "{}", late[0].text);
    let berserked = t.send_at(thread, black.clone(), click.clone());
    assert!(!berserked[0].ephemeral && berserked[0].text.contains("1:30 left"), "{}", berserked[0].text);
    let clock = t.core.storage().channel_game(key(thread)).unwrap().unwrap().clock.unwrap();
    assert_eq!(clock.remaining_ms, [182_000, 90_000], "White got the increment; Black gave up half the base");
    let again = t.send_at(thread, black.clone(), click);
    assert!(again[0].ephemeral && again[0].text.contains("already berserked"), "{}", again[0].text);
    let clock_after = t.core.storage().channel_game(key(thread)).unwrap().unwrap().clock.unwrap();
    assert_eq!(clock_after.remaining_ms, clock.remaining_ms, "a second click changes nothing");
    assert_eq!(clock_after.berserked, [false, true]);

    t.advance(3);
    play(&t, &event, thread, &FOURTEEN_PLIES[1..2]);
    let clock = t.core.storage().channel_game(key(thread)).unwrap().unwrap().clock.unwrap();
    assert_eq!(clock.remaining_ms, [182_000, 87_000], "the berserker's move earns no increment");
    play(&t, &event, thread, &FOURTEEN_PLIES[2..]);
    t.send_at(thread, white.clone(), Command::Resign);
    event.tick(&t);
    assert_eq!(points_of(&t, event.id, &black.name), "3", "a berserked win of 14 plies");
    assert_eq!(points_of(&t, event.id, &white.name), "0");
}

/// The game's clock at `thread`: time left and the sides that berserked.
fn clock_at(t: &Table, thread: Place) -> ([i64; 2], [bool; 2]) {
    let clock = t.core.storage().channel_game(key(thread)).unwrap().unwrap().clock.unwrap();
    (clock.remaining_ms, clock.berserked)
}

#[test]
fn a_berserk_recorded_before_a_restart_costs_its_time_once() {
    let t = Table::new();
    let (mut event, thread, _) = arena_of_two(&t, true);
    let game = *event.threads.keys().next().unwrap();
    let black = event.black_of(&t, thread);
    assert!(!t.send_at(thread, black.clone(), Command::Tournament(T::Berserk { game }))[0].ephemeral);
    // A restart between the event's record and the clock's halving: the
    // clock as it was before the click.
    let unpaid = |record: &mut rookery_storage::ChannelGame| {
        let clock = record.clock.as_mut().unwrap();
        clock.remaining_ms = [180_000, 180_000];
        clock.berserked = [false, false];
    };
    t.restage(thread, unpaid);
    let t = t.restart();
    event.tick(&t);
    assert_eq!(clock_at(&t, thread), ([180_000, 90_000], [false, true]), "the tick makes the berserk pay");
    event.tick(&t);
    assert_eq!(clock_at(&t, thread), ([180_000, 90_000], [false, true]), "and only once");

    // A berserk recorded before steps noted their time was paid at its click:
    // the tick leaves its clock alone.
    t.restage(thread, unpaid);
    let stored = t.core.storage().update_event(HERE.guild, event.id, |stored| {
        let mut stored = stored.unwrap();
        let EventFormat::Arena { steps, .. } = &mut stored.format else { panic!("an arena") };
        for step in steps.iter_mut() {
            if let ArenaStep::Berserk { at_ms, .. } = step {
                *at_ms = None;
            }
        }
        Ok::<_, ()>((Some(stored), ()))
    });
    stored.unwrap().unwrap();
    event.tick(&t);
    assert_eq!(clock_at(&t, thread), ([180_000, 180_000], [false, false]));
}

#[test]
fn a_join_click_during_an_arena_keeps_the_standings_on_the_post() {
    let t = Table::new();
    let (mut event, thread, _) = arena_of_two(&t, false);
    play(&t, &event, thread, &FOURTEEN_PLIES);
    t.send_at(thread, event.white_of(&t, thread), Command::Resign);
    event.tick(&t);
    let joined = t.ok(player(3), Command::Tournament(T::Join { event: event.id }));
    assert!(joined.text.starts_with("player3 joined."), "{}", joined.text);
    assert!(joined.text.contains("```") && joined.text.contains("player1"), "the table stays: {}", joined.text);
    assert!(joined.image.is_some(), "the standings picture stays");
    let left = t.ok(player(3), Command::Tournament(T::Leave { event: event.id }));
    assert!(left.text.starts_with("player3 left.") && left.image.is_some(), "{}", left.text);
}

#[test]
fn arena_players_wait_briefly_for_others_and_no_game_starts_near_the_end() {
    let t = Table::new();
    let (mut event, thread, _) = arena_of_two(&t, false);
    let id = event.id;
    let games = || t.core.storage().event(HERE.guild, id).unwrap().unwrap().games.len();
    play(&t, &event, thread, &FOURTEEN_PLIES);
    t.send_at(thread, event.white_of(&t, thread), Command::Resign);
    event.tick(&t);
    assert_eq!(games(), 1, "nobody is paired the moment their game ends");
    t.advance(31);
    event.tick(&t);
    assert_eq!(games(), 1, "a 3+2 Arena waits 32 s for other games to finish");
    t.advance(2);
    event.tick(&t);
    assert_eq!(games(), 2, "then the two who wait are paired");
    // 58:33 into the hour: the second game is lost on time, and its players
    // are back within the last 90 s (half the base time), where no game starts.
    t.advance(58 * 60);
    event.tick(&t);
    let stored = t.core.storage().event(HERE.guild, id).unwrap().unwrap();
    assert!(stored.games[1].result.is_some(), "the second game ended on time");
    t.advance(40);
    event.tick(&t);
    assert_eq!(games(), 2, "no game starts in the Arena's last stretch");
}

#[test]
fn an_arena_by_days_per_move_runs_for_weeks_without_a_clock() {
    let t = Table::new();
    let create = |minutes, clock: Option<&str>, days| {
        let mut command = create_arena("Slow", true);
        if let Command::Tournament(T::CreateArena { minutes: length, clock: pace, move_days, .. }) = &mut command {
            (*length, *pace, *move_days) = (minutes, clock.map(String::from), days);
        }
        command
    };
    assert!(t.refused(organiser(), create(60, None, None)).contains("a clock (such as 3+2) or days per move"));
    assert!(t.refused(organiser(), create(60, Some("3+2"), Some(2))).contains("not both"));
    assert!(t.refused(organiser(), create(7 * 1440, Some("3+2"), None)).contains("a day"));
    assert!(t.refused(organiser(), create(31 * 1440, None, Some(2))).contains("30 days"));
    let post = t.ok(organiser(), create(14 * 1440, None, Some(2)));
    assert!(post.text.contains("2 day(s) per move") && post.text.contains("first move within 1 day"), "{}", post.text);
    let mut event = Event::of(event_id(&post));
    for n in 1..=2 {
        t.ok(player(n), Command::Tournament(T::Join { event: event.id }));
    }
    let started = t.send(organiser(), Command::Tournament(T::Start { event: event.id }));
    let pairing = event.posted(&t, started).into_iter().find(|r| r.thread.is_some()).expect("the game's post");
    assert!(!pairing.buttons.iter().any(|b| b.custom_id().starts_with("tour-berserk")), "no clock to berserk");
    let thread = *event.threads.values().next().unwrap();
    let record = t.core.storage().channel_game(key(thread)).unwrap().unwrap();
    assert!(record.clock.is_none() && record.move_seconds == Some(2 * 86_400), "{:?}", record.move_seconds);
    // A week in, the event runs on: its games are paced in days.
    play(&t, &event, thread, &["e4", "e5"]);
    t.advance(7 * 86_400);
    event.tick(&t);
    let stored = t.core.storage().event(HERE.guild, event.id).unwrap().unwrap();
    assert_eq!(stored.status, rookery_storage::EventStatus::Running);
}

#[test]
fn an_arena_without_berserk_shows_no_button_and_refuses_a_click() {
    let t = Table::new();
    let (event, thread, pairing) = arena_of_two(&t, false);
    assert!(!pairing.buttons.iter().any(|b| b.custom_id().starts_with("tour-berserk")), "{:?}", pairing.buttons);
    let game = *event.threads.keys().next().unwrap();
    let refused = t.send_at(thread, event.white_of(&t, thread), Command::Tournament(T::Berserk { game }));
    assert!(refused[0].ephemeral && refused[0].text.contains("without berserk"), "{}", refused[0].text);
    let clock = t.core.storage().channel_game(key(thread)).unwrap().unwrap().clock.unwrap();
    assert_eq!(clock.remaining_ms, [180_000, 180_000]);
}
