//! Rookery's player in every variant: whole games of the player against
//! itself through `Game`'s turn protocol, the test standing in for the bot
//! (rolling the dice the player asks for, sealing and revealing secrets).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::game::{Action, Choice, Game};
use rookery_engine::player::{Decision, Level, Player, PlayerError};
use rookery_engine::turns::commitment;
use rookery_engine::{Color, Variant};

/// What the test keeps of each side's secret: the option and its nonce.
type Sealed = [Option<(String, String)>; 2];

/// Applies one step of `side`'s turn as the bot would: the required rolls
/// and reveals the bot makes itself, then the player's decision.
fn step(game: &mut Game, players: &mut [Player; 2], sealed: &mut Sealed, rng: &mut StdRng) -> Decision {
    let turn = game.turn().expect("the game is running");
    let side = turn.side;
    let index = side.fold(0, 1);
    if turn.choices == [Choice::Reveal] {
        let (option, nonce) = sealed[index].clone().expect("a secret to reveal was chosen");
        game.apply(Action::Reveal { side, option: option.clone(), nonce }).unwrap();
        return Decision::Secret { option };
    }
    let decision = players[index].decide(game, side, rng).unwrap();
    match &decision {
        Decision::Act(action) => game.apply(action.clone()).unwrap_or_else(|e| panic!("{action:?}: {e}")),
        Decision::Roll { kind } => {
            let dice = game.position().rules().chance.unwrap().kinds[*kind].dice;
            let faces = dice.iter().map(|&sides| rng.random_range(1..=sides)).collect();
            game.apply(Action::Roll { side, kind: *kind, faces }).unwrap();
        }
        Decision::Secret { option } => {
            let nonce = format!("{:016x}", rng.random::<u64>());
            let context = "player-test".to_string();
            let commitment = commitment(&context, side, option, &nonce);
            game.apply(Action::ChooseSecret { side, context, commitment }).unwrap();
            sealed[index] = Some((option.clone(), nonce));
        }
    }
    decision
}

/// Plays up to `plies` decisions; returns how many moves were made.
fn play(variant: Variant, level: u8, plies: usize, seed: u64) -> (Game, usize) {
    let mut game = Game::new(variant).unwrap();
    let level = Level::new(level).unwrap();
    let mut players = [Player::new(variant, level).unwrap(), Player::new(variant, level).unwrap()];
    let mut sealed: Sealed = [None, None];
    let mut rng = StdRng::seed_from_u64(seed);
    let mut moves = 0;
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        if matches!(step(&mut game, &mut players, &mut sealed, &mut rng), Decision::Act(Action::Move(_))) {
            moves += 1;
        }
    }
    (game, moves)
}

#[test]
fn plays_legal_games_in_every_variant() {
    for variant in Variant::ALL {
        let (game, moves) = play(variant, 1, 80, 11);
        assert!(moves >= 10 || game.outcome().is_some(), "{variant}: only {moves} moves in {:?}", game.actions());
        // The record the player made replays: every decision was legal.
        Game::replay(&game.record()).unwrap_or_else(|e| panic!("{variant}: {e}"));
    }
}

#[test]
fn takes_a_hanging_queen_and_mates_in_one() {
    let game = Game::from_fen(Variant::Chess, "4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1").unwrap();
    let mut player = Player::new(Variant::Chess, Level::new(4).unwrap()).unwrap();
    let decision = player.decide(&game, Color::White, &mut StdRng::seed_from_u64(1)).unwrap();
    let Decision::Act(Action::Move(mv)) = decision else { panic!("{decision:?}") };
    assert_eq!(rookery_engine::notation::san(game.position(), mv), "Rxd5");

    let game = Game::from_fen(Variant::Chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    for level in 1..=8 {
        let mut player = Player::new(Variant::Chess, Level::new(level).unwrap()).unwrap();
        let decision = player.decide(&game, Color::White, &mut StdRng::seed_from_u64(level.into())).unwrap();
        let Decision::Act(Action::Move(mv)) = decision else { panic!("{decision:?}") };
        assert_eq!(rookery_engine::notation::san(game.position(), mv), "Ra8#", "level {level}");
    }
}

#[test]
fn asks_for_the_roll_a_turn_requires_and_never_invents_faces() {
    let game = Game::new(Variant::Guardener).unwrap();
    let turn = game.turn().unwrap();
    assert!(turn.choices.iter().any(|c| matches!(c, Choice::Roll { required: true, .. })));
    let mut player = Player::new(Variant::Guardener, Level::new(3).unwrap()).unwrap();
    let decision = player.decide(&game, turn.side, &mut StdRng::seed_from_u64(3)).unwrap();
    assert!(matches!(decision, Decision::Roll { .. }), "{decision:?}");
}

#[test]
fn weak_levels_keep_the_one_pass_while_a_move_is_as_good() {
    // Guardener's opening roll: pawn pushes and the one pass score alike to
    // a shallow search, so a random pick among them would often pass.
    for seed in 0..40 {
        let mut game = Game::new(Variant::Guardener).unwrap();
        let side = game.turn().unwrap().side;
        game.apply(Action::Roll { side, kind: 0, faces: vec![1, 2] }).unwrap();
        assert!(game.turn().unwrap().choices.iter().any(|c| matches!(c, Choice::Pass { forced: false })));
        for level in 1..=2 {
            let mut player = Player::new(Variant::Guardener, Level::new(level).unwrap()).unwrap();
            let decision = player.decide(&game, side, &mut StdRng::seed_from_u64(seed)).unwrap();
            assert!(matches!(decision, Decision::Act(Action::Move(_))), "level {level}, seed {seed}: {decision:?}");
        }
    }
}

#[test]
fn refuses_what_is_not_its_to_decide() {
    assert_eq!(Level::new(0), Err(PlayerError::Level(0)));
    assert_eq!(Level::new(9), Err(PlayerError::Level(9)));
    let game = Game::new(Variant::Chess).unwrap();
    let mut player = Player::new(Variant::Chess, Level::WEAKEST).unwrap();
    let mut rng = StdRng::seed_from_u64(5);
    assert_eq!(player.decide(&game, Color::Black, &mut rng), Err(PlayerError::NotItsTurn(Color::Black)));
    let mut other = Player::new(Variant::Dragonchess, Level::WEAKEST).unwrap();
    assert!(matches!(other.decide(&game, Color::White, &mut rng), Err(PlayerError::OtherVariant { .. })));
}

#[test]
fn budgets_grow_with_the_level_up_to_three_seconds() {
    assert!(Level::new(1).unwrap().budget() < Level::TOP.budget());
    assert_eq!(Level::TOP.budget(), std::time::Duration::from_secs(3));
}
