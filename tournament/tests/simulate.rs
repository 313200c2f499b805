//! Whole events with seeded random results: a 64-player, 7-round Swiss and a
//! 100-player, 60-minute Arena, checking the rules after every round or
//! pairing. Each prints its slowest pairing (run with --nocapture to see).

mod common;

use std::collections::HashSet;
use std::time::{Duration, Instant};

use common::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_tournament::arena::{Arena, ArenaClock, GameEnd, BERSERK_BONUS_PLIES, QUICK_DRAW_PLIES};
use rookery_tournament::swiss::{standings, SwissConfig, SwissEvent, TieBreak};
use rookery_tournament::{GameResult, Outcome, Player};

#[test]
fn a_64_player_7_round_swiss() {
    let mut rng = StdRng::seed_from_u64(64);
    let mut event = SwissEvent::new(SwissConfig::new(7));
    for k in 0..64 {
        event.add_player(player(k, rng.random_range(1200..2600))).unwrap();
    }
    let mut slowest = Duration::ZERO;
    for _ in 0..7 {
        let before = before_next_round(&event);
        let started = Instant::now();
        let round = event.pair_next_round().unwrap().clone();
        slowest = slowest.max(started.elapsed());
        check_round(&before, &round).unwrap();
        assert_eq!(before.breaks(&pairs_of(&round), round.bye), 0, "64 players never need to break a rule");
        play_last_round(&mut event, &mut rng);
    }
    assert!(event.is_finished());
    for (e, colours) in before_next_round(&event).colours.iter().enumerate() {
        assert!(colours_balanced(colours), "player {e}: {colours:?}");
    }
    let table = standings(&event, &TieBreak::DEFAULT_ORDER);
    assert_eq!(table.len(), 64);
    assert!(table.windows(2).all(|w| w[0].score >= w[1].score));
    eprintln!("64-player Swiss: slowest round paired in {slowest:?}");
}

#[test]
fn a_100_player_60_minute_arena() {
    let mut rng = StdRng::seed_from_u64(100);
    const MINUTE: u64 = 60_000;
    // 3+2: finished players wait 32 s for others, pairing closes 90 s early.
    let clock = ArenaClock { base_ms: 3 * MINUTE, increment_ms: 2_000 };
    let mut arena = Arena::with_clock(0, 60 * MINUTE, true, clock);
    for k in 0..100 {
        arena.join(Player { id: k, name: format!("A{k}"), rating: rng.random_range(1200..2600) }, 0).unwrap();
    }
    // Each running game: when it ends, its result and its length in plies.
    let mut running: Vec<(usize, u64, GameEnd)> = Vec::new();
    let mut slowest = Duration::ZERO;
    let mut now = 0;
    while !arena.is_finished(now) {
        running.sort_by_key(|&(_, ends, _)| ends);
        while running.first().is_some_and(|&(_, ends, _)| ends <= now) {
            let (game, _, end) = running.remove(0);
            arena.finish_game_at(game, end, now).unwrap();
        }
        if arena.is_running(now) {
            let waiting_before: HashSet<usize> =
                (0..arena.players().len()).filter(|&p| !arena.players()[p].in_game).collect();
            let long_waiters =
                waiting_before.iter().filter(|&&p| now - arena.players()[p].waiting_since >= clock.wait_ms()).count();
            let last: Vec<Option<usize>> = arena.players().iter().map(|p| p.last_opponent).collect();
            let started = Instant::now();
            let new_games = arena.pair_waiting(now).unwrap();
            slowest = slowest.max(started.elapsed());
            if now > 0 && !new_games.is_empty() {
                assert!(long_waiters >= 2 || waiting_before.len() > 100, "paired before anyone waited long enough");
            }
            assert!(new_games.is_empty() || arena.pairings_open(now), "no pairing in the last 90 s");
            let mut seated = HashSet::new();
            for &g in &new_games {
                let game = arena.games()[g];
                for (side, p) in [game.white, game.black].into_iter().enumerate() {
                    assert!(waiting_before.contains(&p), "only waiting players are paired");
                    assert!(seated.insert(p), "nobody in two games at once");
                    if rng.random_bool(0.1) {
                        // Before their own first move: White at ply 0, Black at 0 or 1.
                        arena.berserk_before_move(g, p, rng.random_range(0..=side as u32)).unwrap();
                    }
                }
                assert_ne!(last[game.white], Some(game.black), "no immediate rematch");
                let result = match rng.random_range(0..10) {
                    0..=4 => GameResult::WhiteWins,
                    5..=7 => GameResult::BlackWins,
                    _ => GameResult::Draw,
                };
                let end = GameEnd { result, plies: rng.random_range(4..140) };
                running.push((g, now + rng.random_range(2 * MINUTE..8 * MINUTE), end));
            }
        } else {
            assert!(arena.pair_waiting(now).is_err(), "no pairing after the end");
        }
        now += 5_000;
    }
    let closes = arena.ends_at() - clock.pairing_closes_before_end_ms();
    assert_eq!(arena.games().iter().filter(|g| g.started_at >= closes).count(), 0);
    for p in arena.players() {
        let total: u32 = p.sheet.iter().map(|e| e.points).sum();
        assert_eq!(total, p.score);
        for e in &p.sheet {
            let plies = e.plies.unwrap();
            if e.outcome == Outcome::Draw && plies < QUICK_DRAW_PLIES {
                assert_eq!(e.points, 0, "a quick draw scores nothing");
            }
            assert!(!e.berserk_bonus() || plies >= BERSERK_BONUS_PLIES, "a berserk point needs 7 moves");
        }
    }
    assert!(arena.games().len() > 400, "players are paired again soon after they finish: {}", arena.games().len());
    eprintln!("100-player Arena: {} games, slowest pairing {slowest:?}", arena.games().len());
}
