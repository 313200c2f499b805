use super::*;
use crate::variant::Variant;

/// The game after the side to move's optional roll (Luck Dragon's Lucky 8) shows `face`.
fn lucky(face: u32) -> Game {
    let mut game = Game::new(Variant::LuckDragon).unwrap();
    let turn = game.turn().unwrap();
    let kind = roll_kinds(&turn, false).next().expect("Lucky 8 is offered at the start");
    game.apply(Action::Roll { side: turn.side, kind, faces: vec![face] }).unwrap();
    game
}

/// What `level` finds `key` worth at its deepest look in `fen`.
fn deepest_value(level: u8, fen: &str, key: &str) -> i32 {
    use rand::{rngs::StdRng, SeedableRng};
    let game = Game::from_fen(Variant::Chess, fen).unwrap();
    let mv = crate::notation::parse_move(game.position(), key).unwrap();
    let level = super::super::Level::new(level).unwrap();
    let mut player = Player::new(Variant::Chess, level).unwrap();
    let mut thinker = Thinker::new(&mut player, Color::White);
    let decision = Decision::Act(Action::Move(mv));
    thinker.value(&game, &decision, level.max_depth(), &mut StdRng::seed_from_u64(1)).unwrap()
}

#[test]
fn level_three_sees_a_quiet_mate_in_two_that_level_two_does_not() {
    // 1.Rg4 (quiet) and 2.Rh2# whatever Black does: three plies from the
    // key move, the last a quiet one that captures-only search skips.
    let fen = "8/7k/3p4/8/2R5/8/3R4/4K3 w - - 0 1";
    assert!(deepest_value(3, fen, "Rg4") >= DECIDED);
    assert!(deepest_value(2, fen, "Rg4") < DECIDED);
}

#[test]
fn an_iteration_is_started_when_the_growth_so_far_says_it_fits() {
    let ms = Duration::from_millis;
    // After the first iteration, the next is guessed at twice as long.
    assert!(next_iteration_fits(ms(60), ms(60), None, ms(200)));
    assert!(!next_iteration_fits(ms(70), ms(70), None, ms(200)));
    // Slow growth (Guardener's 57 then 77 ms) leaves room for a ply more...
    assert!(next_iteration_fits(ms(134), ms(77), Some(ms(57)), ms(400)));
    // ...which fast growth (chess's) would not...
    assert!(!next_iteration_fits(ms(250), ms(180), Some(ms(50)), ms(400)));
    // ...except while at most a third of the budget is spent, as before.
    assert!(next_iteration_fits(ms(130), ms(100), Some(ms(34)), ms(400)));
    // A freak quick iteration does not make the next look free.
    assert!(!next_iteration_fits(ms(390), ms(20), Some(ms(200)), ms(400)));
}

/// What White finds Black's turn in `fen` (Dice Landing) worth, two plies deep.
fn dice_landing_value(fen: &str) -> i32 {
    use rand::{rngs::StdRng, SeedableRng};
    let game = Game::from_fen(Variant::DiceLanding, fen).unwrap();
    let mut player = Player::new(Variant::DiceLanding, super::super::Level::new(3).unwrap()).unwrap();
    let mut thinker = Thinker::new(&mut player, Color::White);
    thinker.node(&game, FIRST_DEPTH, CHANCE_PLIES, &mut StdRng::seed_from_u64(1)).unwrap()
}

#[test]
fn the_opponents_deployment_is_reckoned_with() {
    // Black may roll to deploy its reserve knight; a knight or smiley
    // face (two in six) lands it on g8, checking White's king and
    // forking its queen (a landed piece cannot be taken at once).
    let threatened = dice_landing_value("k7/4Q3/5K2/8/8/8/8/8[n] b - - 0 1 -");
    let safe = dice_landing_value("k7/4Q3/5K2/8/8/8/8/8[] b - - 0 1 -");
    // A third of the queen for the knight; the searcher alone sees no roll.
    assert!(safe - threatened > 150, "{safe} against {threatened}");
}

#[test]
fn every_level_rolls_to_deploy_at_dice_landings_start() {
    use rand::{rngs::StdRng, SeedableRng};
    // Every face lands a piece there, and any piece landed is worth more
    // than a pawn step. Until the searcher stopped letting a landing
    // roll again inside its tree, levels 4 to 6 overrated the
    // opponent's deployments after their own and never rolled.
    let game = Game::new(Variant::DiceLanding).unwrap();
    for level in 1..=8 {
        let mut player = Player::new(Variant::DiceLanding, super::super::Level::new(level).unwrap()).unwrap();
        let decision = player.decide(&game, Color::White, &mut StdRng::seed_from_u64(1)).unwrap();
        assert!(matches!(decision, Decision::Roll { .. }), "level {level}: {decision:?}");
    }
}

#[test]
fn the_top_level_weighs_the_roll_to_deploy_with_no_time_to_spare() {
    use rand::{rngs::StdRng, SeedableRng};
    // However late it is, the roll is weighed at two plies at least and
    // compared with the moves at the same depth: left out, the king
    // would step.
    let game = Game::new(Variant::DiceLanding).unwrap();
    let mut player = Player::new(Variant::DiceLanding, super::super::Level::TOP).unwrap().with_budget(Duration::ZERO);
    let decision = player.decide(&game, Color::White, &mut StdRng::seed_from_u64(1)).unwrap();
    assert!(matches!(decision, Decision::Roll { .. }), "{decision:?}");
}

#[test]
fn every_level_mates_at_once_rather_than_in_two() {
    use rand::{rngs::StdRng, SeedableRng};
    // Qb8 mates; Qh1+ Kg8 Qh7 mates a move later.
    let game = Game::from_fen(Variant::Chess, "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap();
    for level in 1..=8 {
        let mut player = Player::new(Variant::Chess, super::super::Level::new(level).unwrap()).unwrap();
        for seed in 0..3 {
            let Decision::Act(action) = player.decide(&game, Color::White, &mut StdRng::seed_from_u64(seed)).unwrap()
            else {
                panic!("a move was expected");
            };
            let mut after = game.clone();
            after.apply(action).unwrap();
            assert!(after.outcome().is_some_and(|o| o.winner == Some(Color::White)), "level {level}, seed {seed}");
        }
    }
}

#[test]
fn rolls_that_grant_the_same_are_one_state_and_a_lucky_eight_is_another() {
    let miss = AfterRoll::of(&lucky(3));
    assert!(miss.is_some());
    assert!(miss == AfterRoll::of(&lucky(5)));
    assert!(miss != AfterRoll::of(&lucky(8)));
}

#[test]
fn the_searcher_decides_a_rolled_guardener_turn_and_the_moves_beside_optional_rolls() {
    let turn_of = |game: &Game| -> (Vec<Choice>, Vec<Decision>) {
        let mut player = Player::new(game.variant(), super::super::Level::TOP).unwrap();
        let thinker = Thinker::new(&mut player, game.position().turn());
        let choices = game.turn().unwrap().choices;
        let candidates = thinker.candidates(game, &choices);
        (choices, candidates)
    };
    let moves_of = |game: &Game| turn_of(game).1;
    let beside_rolls = |game: &Game| {
        let (choices, candidates) = turn_of(game);
        moves_or_optional_rolls(game, &choices, &candidates)
    };
    let mut guardener = Game::new(Variant::Guardener).unwrap();
    assert!(!rolled_for_in_the_tree(&guardener, &moves_of(&guardener)), "no move before the roll");
    // Guardener's roll is required: nothing to weigh beside the moves.
    assert!(!beside_rolls(&guardener));
    guardener.apply(Action::Roll { side: Color::White, kind: 0, faces: vec![1, 2] }).unwrap();
    assert!(rolled_for_in_the_tree(&guardener, &moves_of(&guardener)));
    // Dice Landing's roll to deploy and Luck Dragon's luck dice are
    // choices beside the moves: the searcher judges the moves, and the
    // rolls are weighed apart.
    for variant in [Variant::DiceLanding, Variant::LuckDragon] {
        let game = Game::new(variant).unwrap();
        assert!(!rolled_for_in_the_tree(&game, &moves_of(&game)), "{variant}");
        assert!(moves_of(&game).iter().any(|c| matches!(c, Decision::Roll { .. })), "{variant}");
        assert!(beside_rolls(&game), "{variant}");
    }
    let chess = Game::new(Variant::Chess).unwrap();
    assert!(!rolled_for_in_the_tree(&chess, &moves_of(&chess)) && plain_moves(&chess, &moves_of(&chess)));
    // New chess keeps a secret: the plies above the searcher decide.
    assert!(!beside_rolls(&Game::new(Variant::NewChess).unwrap()));
}

#[test]
fn a_level_that_misses_its_own_tactics_overlooks_a_fork_on_such_a_turn() {
    use super::super::handicap::Handicap;
    use rand::{rngs::StdRng, SeedableRng};
    // Nc7+ forks king and queen; Kf2 and Na3 are quiet moves.
    let game = Game::from_fen(Variant::Chess, "q3k3/8/8/1N6/8/8/8/6K1 w - - 0 1").unwrap();
    let decisions: Vec<Decision> = ["Nc7", "Kf2", "Na3"]
        .iter()
        .map(|key| Decision::Act(Action::Move(crate::notation::parse_move(game.position(), key).unwrap())))
        .collect();
    let judged = |misses_own_tactics: bool| {
        let mut player = Player::new(Variant::Chess, super::super::Level::new(4).unwrap()).unwrap();
        player.handicap = Handicap { missed_tactics: 100, calm_noise: 0, misses_own_tactics };
        let mut thinker = Thinker::new(&mut player, Color::White);
        let rng = &mut StdRng::seed_from_u64(1);
        let scores: Vec<i32> = decisions.iter().map(|d| thinker.value(&game, d, 3, rng).unwrap()).collect();
        let judged = thinker.judged(&game, &decisions, &scores, rng);
        (scores, judged)
    };
    let (scores, sees_its_own) = judged(false);
    assert!(scores[0] > scores[1] + 500, "the fork wins the queen: {scores:?}");
    // Missing only the opponent's tactics, the level still sees its fork...
    assert_eq!(sees_its_own[0], scores[0]);
    assert!(sees_its_own[0] > sees_its_own[1] + 500, "{sees_its_own:?}");
    // ...missing its own too, it judges the fork by its look, the queen still on a8.
    let (_, misses_its_own) = judged(true);
    assert!(misses_its_own[0] < scores[0] - 500, "{misses_its_own:?} against {scores:?}");
}
