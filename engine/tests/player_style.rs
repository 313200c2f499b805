//! How Rookery's weaker levels lose: by missing tactics, not by moves no
//! player would make. Over many seeds, a weak level's reply to 1.e4 is not a
//! king-weakening pawn move, and no level spends a scarce pass on its first
//! turn.

use std::time::Duration;

use rand::rngs::StdRng;
use rand::SeedableRng;
use rookery_engine::game::{Action, Choice, Game};
use rookery_engine::notation;
use rookery_engine::player::{Decision, Level, Player};
use rookery_engine::Variant;

const SEEDS: u64 = 40;

/// Replies to 1.e4 that open Black's own king with nothing gained.
const WEAKENING: [&str; 4] = ["f6", "g5", "f5", "Kf7"];

#[test]
fn weak_levels_rarely_answer_1_e4_by_weakening_their_king() {
    let mut game = Game::new(Variant::Chess).unwrap();
    let e4 = game.position().legal_moves().into_iter().find(|&mv| notation::san(game.position(), mv) == "e4").unwrap();
    game.apply(Action::Move(e4)).unwrap();
    let mut found = Vec::new();
    for level in 1..=6 {
        let mut weakening = Vec::new();
        for seed in 0..SEEDS {
            let mut player = Player::new(Variant::Chess, Level::new(level).unwrap()).unwrap();
            let side = game.position().turn();
            let Decision::Act(Action::Move(mv)) = player.decide(&game, side, &mut StdRng::seed_from_u64(seed)).unwrap()
            else {
                panic!("chess asks for a move");
            };
            let san = notation::san(game.position(), mv);
            if WEAKENING.contains(&san.as_str()) {
                weakening.push(san);
            }
        }
        found.push((level, weakening));
    }
    // Once in twenty games at most: a beginner may, a habit it must not be.
    assert!(found.iter().all(|(_, w)| w.len() as u64 * 20 <= SEEDS), "weakening answers to 1.e4: {found:?}");
}

#[test]
fn no_level_spends_the_only_pass_on_its_first_turn() {
    // Every roll of Guardener's 2d4 on White's first turn and on Black's.
    for level in 1..=8 {
        let mut passes = Vec::new();
        for (first, second) in (1..=4).flat_map(|a| (1..=4).map(move |b| (a, b))) {
            for black in [false, true] {
                let mut game = Game::new(Variant::Guardener).unwrap();
                let mut player = Player::new(Variant::Guardener, Level::new(level).unwrap())
                    .unwrap()
                    .with_budget(Duration::from_millis(40));
                let mut rng = StdRng::seed_from_u64(u64::from(level) * 100 + first * 10 + second);
                if black {
                    roll(&mut game, [2, 3]);
                    let side = game.turn().unwrap().side;
                    let decision = player.decide(&game, side, &mut rng).unwrap();
                    let Decision::Act(action) = decision else { panic!("{decision:?}") };
                    game.apply(action).unwrap();
                }
                roll(&mut game, [first as u32, second as u32]);
                let side = game.turn().unwrap().side;
                if !game.turn().unwrap().choices.iter().any(|c| matches!(c, Choice::Pass { forced: false })) {
                    continue;
                }
                if let Decision::Act(Action::Pass(_)) = player.decide(&game, side, &mut rng).unwrap() {
                    passes.push((black, first, second));
                }
            }
        }
        assert!(passes.is_empty(), "level {level} passed on its first turn (black, roll): {passes:?}");
    }
}

/// Rolls `faces` for the side to move, and then whatever rolls a double
/// chains, as ones.
fn roll(game: &mut Game, faces: [u32; 2]) {
    let mut faces = faces.to_vec();
    while let Some(kind) = game.turn().unwrap().choices.iter().find_map(|c| match c {
        Choice::Roll { kind, required: true, .. } => Some(*kind),
        _ => None,
    }) {
        let side = game.turn().unwrap().side;
        game.apply(Action::Roll { side, kind, faces: std::mem::replace(&mut faces, vec![1, 2]) }).unwrap();
    }
}

#[test]
fn chess_levels_are_rated_in_order_and_variants_not_yet() {
    let ratings: Vec<u32> =
        (1..=8).map(|n| Level::new(n).unwrap().elo(Variant::Chess).expect("every chess level is rated")).collect();
    assert!(ratings.windows(2).all(|pair| pair[0] < pair[1]), "{ratings:?}");
    for (index, &rating) in ratings.iter().enumerate() {
        let level = Level::new(index as u8 + 1).unwrap();
        assert_eq!(Level::nearest_chess_elo(rating), level);
        assert_eq!(Level::nearest_chess_elo(rating + 1), level, "a point above {rating}");
    }
    assert_eq!(Level::nearest_chess_elo(0), Level::WEAKEST);
    assert_eq!(Level::nearest_chess_elo(4000), Level::TOP);
    for variant in Variant::ALL.into_iter().filter(|&v| v != Variant::Chess) {
        assert_eq!(Level::TOP.elo(variant), None, "{variant}");
    }
}
