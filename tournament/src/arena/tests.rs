use super::*;

const MINUTE: u64 = 60_000;

fn player(k: u32) -> Player {
    Player { id: u64::from(k), name: format!("A{k}"), rating: 2000 - k }
}

fn arena_of(n: u32) -> Arena {
    let mut arena = Arena::new(0, 60 * MINUTE, true);
    for k in 0..n {
        arena.join(player(k), 0).unwrap();
    }
    arena
}

/// A 60-minute arena at 3+0 (players wait 24 s, pairing closes 90 s early).
fn blitz_of(n: u32) -> Arena {
    let clock = ArenaClock { base_ms: 3 * MINUTE, increment_ms: 0 };
    let mut arena = Arena::with_clock(0, 60 * MINUTE, true, clock);
    for k in 0..n {
        arena.join(player(k), 0).unwrap();
    }
    arena
}

fn pairs(arena: &Arena, games: &[usize]) -> Vec<(usize, usize)> {
    let mut pairs: Vec<(usize, usize)> =
        games.iter().map(|&g| arena.games()[g]).map(|g| (g.white.min(g.black), g.white.max(g.black))).collect();
    pairs.sort();
    pairs
}

fn game_of(arena: &Arena, player: usize) -> usize {
    arena.games().iter().rposition(|g| g.result.is_none() && (g.white == player || g.black == player)).unwrap()
}

fn mirror(result: GameResult) -> GameResult {
    match result {
        GameResult::WhiteWins => GameResult::BlackWins,
        other => other,
    }
}

#[test]
fn two_wins_set_a_player_on_fire_until_they_fail_to_win() {
    let mut arena = arena_of(4);
    let mut points = Vec::new();
    for result in [GameResult::WhiteWins, GameResult::WhiteWins, GameResult::WhiteWins, GameResult::Draw] {
        for g in arena.pair_waiting(1).unwrap() {
            let game = arena.games()[g];
            let r = if game.white == 0 {
                result
            } else if game.black == 0 {
                mirror(result)
            } else {
                GameResult::Draw
            };
            arena.finish_game_at(g, GameEnd { result: r, plies: 40 }, 1).unwrap();
        }
        points.push(arena.players()[0].sheet.last().unwrap().points);
    }
    assert_eq!(points, [2, 2, 4, 2]);
    assert!(!arena.players()[0].on_fire());
}

#[test]
fn waiting_players_meet_their_neighbours_in_the_standings() {
    let mut arena = arena_of(6);
    let games = arena.pair_waiting(1).unwrap();
    assert_eq!(pairs(&arena, &games), [(0, 1), (2, 3), (4, 5)]);
}

#[test]
fn no_immediate_rematch_unless_two_are_alone_in_a_small_event() {
    // 14 players: too many for a rematch; 0 and 1 wait for someone else.
    let mut arena = arena_of(14);
    assert_eq!(arena.pair_waiting(1).unwrap().len(), 7);
    let g = game_of(&arena, 0);
    arena.finish_game(g, GameResult::Draw).unwrap();
    assert!(arena.pair_waiting(2).unwrap().is_empty());
    let g = game_of(&arena, 2);
    arena.finish_game_at(g, GameEnd { result: GameResult::Draw, plies: 40 }, 3).unwrap();
    let games = arena.pair_waiting(4).unwrap();
    assert_eq!(pairs(&arena, &games), [(0, 2), (1, 3)], "the closest pairs that are not rematches");

    // Two players alone in a small event play again rather than wait.
    let mut small = arena_of(2);
    let g = small.pair_waiting(1).unwrap()[0];
    small.finish_game(g, GameResult::Draw).unwrap();
    assert_eq!(small.pair_waiting(2).unwrap().len(), 1);
}

#[test]
fn with_an_odd_number_waiting_the_last_to_arrive_waits() {
    let mut arena = arena_of(2);
    arena.join(Player { id: 99, name: "Late".into(), rating: 2500 }, 5).unwrap();
    let games = arena.pair_waiting(6).unwrap();
    assert_eq!(pairs(&arena, &games), [(0, 1)], "the late 2500 would be paired first by rank");
}

#[test]
fn finished_players_wait_for_others_before_being_paired() {
    let mut arena = blitz_of(6);
    assert_eq!(arena.clock().unwrap().wait_ms(), 24_000);
    assert_eq!(arena.pair_waiting(0).unwrap().len(), 3, "the first pairings wait for nobody");
    let end = |arena: &mut Arena, p: usize, at: u64| {
        let g = game_of(arena, p);
        arena.finish_game_at(g, GameEnd { result: GameResult::WhiteWins, plies: 50 }, at).unwrap();
    };
    end(&mut arena, 0, 100_000);
    end(&mut arena, 2, 110_000);
    assert!(arena.pair_waiting(115_000).unwrap().is_empty(), "nobody has waited 24 s");
    assert!(arena.pair_waiting(123_999).unwrap().is_empty());
    let games = arena.pair_waiting(124_000).unwrap();
    assert_eq!(pairs(&arena, &games).len(), 2, "0-1 waited 24 s: all four waiting are paired, no rematch");
    for (a, b) in pairs(&arena, &games) {
        assert!(!((a, b) == (0, 1) || (a, b) == (2, 3)), "{a}-{b} is a rematch");
    }
}

#[test]
fn pairing_closes_before_the_end_and_running_games_still_count() {
    let mut arena = blitz_of(4);
    arena.pair_waiting(0).unwrap();
    let g = game_of(&arena, 0);
    arena.finish_game_at(g, GameEnd { result: GameResult::WhiteWins, plies: 30 }, 60 * MINUTE - 100_000).unwrap();
    let other = game_of(&arena, 2);
    arena.finish_game_at(other, GameEnd { result: GameResult::Draw, plies: 30 }, 60 * MINUTE - 100_000).unwrap();
    // 90 s before the end nothing is paired any more, though four wait.
    assert!(arena.pairings_open(60 * MINUTE - 90_001));
    assert!(!arena.pairings_open(60 * MINUTE - 90_000));
    assert!(arena.pair_waiting(60 * MINUTE - 60_000).unwrap().is_empty());
    assert_eq!(arena.pair_waiting(60 * MINUTE).unwrap_err(), ArenaError::Over);

    let mut plain = arena_of(2);
    let g = plain.pair_waiting(59 * MINUTE + 59_000).unwrap()[0];
    assert!(!plain.is_finished(61 * MINUTE));
    plain.berserk(g, plain.games()[g].white).unwrap();
    plain.finish_game(g, GameResult::WhiteWins).unwrap();
    assert!(plain.is_finished(61 * MINUTE));
    assert_eq!(plain.players()[plain.games()[g].white].score, 3);
    assert_eq!(plain.finish_game(g, GameResult::Draw).unwrap_err(), ArenaError::GameOver);
}

#[test]
fn berserk_only_before_ones_first_move_once_and_where_allowed() {
    let mut arena = blitz_of(2);
    let g = arena.pair_waiting(0).unwrap()[0];
    let game = arena.games()[g];
    assert_eq!(arena.berserk_before_move(g, game.white, 1), Err(ArenaError::BerserkTooLate));
    assert_eq!(arena.berserk_before_move(g, game.black, 2), Err(ArenaError::BerserkTooLate));
    arena.berserk_before_move(g, game.black, 1).unwrap();
    assert_eq!(arena.berserk_before_move(g, game.black, 1), Err(ArenaError::CannotBerserk), "once");
    assert_eq!(arena.berserk(g, 5), Err(ArenaError::CannotBerserk), "not a player of the game");
    // A berserked win in 6 moves earns no extra point.
    arena.finish_game_at(g, GameEnd { result: GameResult::BlackWins, plies: 12 }, 30_000).unwrap();
    assert_eq!(arena.players()[game.black].score, 2);
    assert_eq!(arena.berserk(g, game.white), Err(ArenaError::GameOver));

    let bullet_on_increment = ArenaClock { base_ms: 0, increment_ms: 1000 };
    let mut arena = Arena::with_clock(0, 60 * MINUTE, true, bullet_on_increment);
    arena.join(player(0), 0).unwrap();
    arena.join(player(1), 0).unwrap();
    let g = arena.pair_waiting(0).unwrap()[0];
    assert!(!arena.berserk_allowed());
    assert_eq!(arena.berserk(g, 0), Err(ArenaError::BerserkNotAllowed));
}

#[test]
fn quick_draws_and_draw_streaks_score_nothing_in_a_real_event() {
    let mut arena = blitz_of(2);
    let mut now = 0;
    let mut scores = Vec::new();
    for (result, plies) in [(GameResult::Draw, 12), (GameResult::Draw, 40), (GameResult::WhiteWins, 40)] {
        let g = arena.pair_waiting(now).unwrap()[0];
        now += 60_000;
        arena.finish_game_at(g, GameEnd { result, plies }, now).unwrap();
        now += 30_000;
        scores.push(arena.players().iter().map(|p| p.score).collect::<Vec<_>>());
    }
    assert_eq!(scores[0], [0, 0], "a draw in 6 moves");
    assert_eq!(scores[1], [0, 0], "a second draw in a row, in 20 moves");
    assert_eq!(scores[2].iter().sum::<u32>(), 2);
    assert_eq!(arena.games()[0].plies, Some(12));
}

#[test]
fn the_sheet_file_lists_every_game_with_its_marks() {
    let mut arena = arena_of(2);
    let mut now = 1;
    // Player 0 wins three (the third on fire, berserked), then draws twice.
    let plan = [
        (GameResult::WhiteWins, 30, false),
        (GameResult::WhiteWins, 30, false),
        (GameResult::WhiteWins, 30, true),
        (GameResult::Draw, 30, false),
        (GameResult::Draw, 30, false),
    ];
    for (result, plies, berserk) in plan {
        let g = arena.pair_waiting(now).unwrap()[0];
        let game = arena.games()[g];
        if berserk {
            arena.berserk(g, 0).unwrap();
        }
        let result = if game.white == 0 { result } else { mirror(result) };
        arena.finish_game_at(g, GameEnd { result, plies }, now + 1).unwrap();
        now += 2;
    }
    assert_eq!(sheet_line(&arena.players()[0].sheet), "2 2 5*! 2* 0=");
    assert_eq!(sheet_line(&arena.players()[1].sheet), "0 0 0 1 0=");
    let text = sheet_text(&arena, "Friday Arena");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Friday Arena");
    assert_eq!(
        lines[2].split_whitespace().collect::<Vec<_>>(),
        ["#", "Name", "Rating", "Score", "Games", "Wins", "Bers", "Sheet"]
    );
    assert_eq!(
        lines[3].split_whitespace().collect::<Vec<_>>(),
        ["1", "A0", "2000", "11", "5", "3", "1", "2", "2", "5*!", "2*", "0="]
    );
    assert_eq!(
        lines[4].split_whitespace().collect::<Vec<_>>(),
        ["2", "A1", "1999", "1", "5", "0", "0", "0", "0", "0", "1", "0="]
    );
    assert!(text.contains("* on fire"));
}
