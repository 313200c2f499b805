//! Luck Dragon as a game: LD-FEN, perft, records with rolls and options,
//! takebacks, and the draw rules of §5.

use rookery_engine::game::{Action, Choice, EndReason, Game, GameRecord, Outcome};
use rookery_engine::{fen, notation, perft, pgn, Color, Variant};

const START: &str = "lrnbqkbnrl/pppppppppp/10/10/10/10/PPPPPPPPPP/LRNBQKBNRL w KQkq - 0 1 abcdeghij/abcdeghij Ee -";

fn play(game: &mut Game, moves: &str) {
    for mv in moves.split_whitespace() {
        let side = game.position().turn();
        game.play_move(side, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

fn after(moves: &str) -> Game {
    let mut game = Game::new(Variant::LuckDragon).unwrap();
    play(&mut game, moves);
    game
}

/// Ordinary moves only (the spec's set M), from the start position. Depth 1 is
/// T1's 58. Depth 2 is 58 x 58: no first move of White reaches Black's half,
/// attacks a Black piece or changes what Black's start position allows.
/// `luckdragon_reference.rs` confirms depths 1-3 with an independent generator.
#[test]
fn perft_from_the_start() {
    let rules = Variant::LuckDragon.rules().unwrap();
    let mut position = fen::parse(&rules, START).unwrap();
    for (depth, nodes) in [(1, 58), (2, 3_364), (3, 198_646), (4, 11_623_151)] {
        assert_eq!(perft::perft(&mut position, depth), nodes, "depth {depth}");
    }
    assert_eq!(fen::write(&position), START, "make and unmake restored everything");
}

#[test]
fn position_text_round_trips() {
    let rules = Variant::LuckDragon.rules().unwrap();
    assert_eq!(rules.start, START);
    let played = [
        after("NNd4 a6 NNh4 NNd5"),
        after("Li4/R a6 e4 d5 exd5 NNb5/R"),
        after("e4 e5 Be2/Q Be7/N"),
        after("d4 e5 d5 c5"),
    ];
    let written: Vec<String> = played.iter().map(|g| g.fen()).collect();
    assert_eq!(
        written[0],
        "lr1bqkbnrl/1ppppppppp/p9/3n6/7N2/10/PPPPPPPPPP/LR1BQKBNRL w KQkq - 2 3 abdeghij/abdeghij - h4"
    );
    assert!(written[3].contains(" c6 0 3 "), "a usable en-passant square is written: {}", written[3]);
    for text in written.iter().map(String::as_str).chain([
        START,
        "k9/10/10/9b/10/7N2/10/5K4 w - - 0 1 -/- - -",
        "lrnbqkbnrl/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1 -/abcdeghij Ee -",
        "4k5/10/10/10/4N5/10/10/K3R5 b - - 7 40 -/- E e4",
    ]) {
        let position = fen::parse(&rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(fen::write(&position), text);
    }
}

#[test]
fn position_text_errors_say_what_is_wrong() {
    let rules = Variant::LuckDragon.rules().unwrap();
    let error = |text: &str| fen::parse(&rules, text).unwrap_err().to_string();
    assert!(error("lrnbqkbnrl/pppppppppp/10/10/10/10/PPPPPPPPPP/LRNBQKBNRL w KQkq - 0 1").contains("9"));
    assert!(error(&START.replace("abcdeghij/abcdeghij", "abcdefghij/abcdeghij")).contains("king's file"));
    assert!(error(&START.replace("abcdeghij/abcdeghij", "abcdeghij/abcdeghijx")).contains("unmoved field"));
    assert!(error(&START.replace("abcdeghij/abcdeghij", "abcdeghij")).contains("unmoved field"));
    assert!(error("k9/10/10/10/10/10/10/K1R7 w - - 0 1 c/- - -").contains("c1 is listed as unmoved"));
    assert!(error("k9/10/10/10/10/10/10/K9 w K - 0 1 -/- - -").contains("needs a king on f1 and a rook on j1"));
    assert!(error("k9/10/10/10/10/10/10/K9 w - - 0 1 -/- x -").contains("entrance"));
    assert!(error("k9/10/10/10/10/10/10/K9 w - - 0 1 -/- - a1").contains("holds no knight"));
    assert!(error("k9/10/10/10/10/10/10/K9 w - - 0 1 -/- - zz").contains("spent"));
    assert!(error("k9/R9/10/10/10/10/10/9K w - - 0 1 -/- - -").contains("not to move is in check"));
}

#[test]
fn records_keep_options_and_rolls_and_replay_exactly() {
    let fen = "k4r4/10/10/10/3p6/5K4/10/4b5 w - - 0 1 -/- - -";
    let mut game = Game::create(Variant::LuckDragon, "triple_includes_knight=no", Some(fen)).unwrap();
    game.apply(Action::Roll { side: Color::White, kind: 0, faces: vec![4, 2, 3] }).unwrap();
    game.apply(Action::Roll { side: Color::White, kind: 0, faces: vec![5, 5, 5] }).unwrap();
    assert_eq!(game.roll_text(&game.turn_rolls()[1]).unwrap(), "{3d8 5-5-5: triple → K(L)}");
    play(&mut game, "Kb3(L)");
    assert!(game.turn_rolls().is_empty());
    play(&mut game, "d3");
    let record = game.record();
    assert_eq!(record.options, "triple_includes_knight=no");
    assert_eq!(record.actions, ["roll white 4,2,3", "roll white 5,5,5", "f3b3", "d4d3"]);
    let replayed = Game::replay(&record).unwrap();
    assert_eq!((replayed.fen(), replayed.moves_san()), (game.fen(), game.moves_san()));
    assert_eq!(game.moves_san(), ["Kb3(L)", "d3"]);
    let pgn = pgn::write(&game, &pgn::Tags::default());
    assert!(
        pgn.contains("{3d8 4-2-3: sequential → reroll} {3d8 5-5-5: triple → K(L)} 1. Kb3(L) d3 *"),
        "rolls are comments before their move: {pgn}"
    );
    // Without the roll the dice move does not replay.
    let mut forged = record.clone();
    forged.actions.remove(1);
    assert!(Game::replay(&forged).unwrap_err().to_string().contains("action 1"));
    let bad = GameRecord { options: "lucky9=on".into(), ..record };
    assert!(Game::replay(&bad).unwrap_err().to_string().contains("choose from: luck_dice, lucky8"));
}

#[test]
fn a_takeback_keeps_the_roll_of_that_turn() {
    let fen = "k4r4/10/10/10/3p6/5K4/10/4b5 w - - 0 1 -/- - -";
    let mut game = Game::from_fen(Variant::LuckDragon, fen).unwrap();
    game.apply(Action::Roll { side: Color::White, kind: 0, faces: vec![2, 2, 7] }).unwrap();
    play(&mut game, "Ke5(N) Kb8");
    let back = game.without_last_moves(2).unwrap();
    assert_eq!(back.turn_rolls(), [(0, vec![2, 2, 7])]);
    assert!(notation::parse_move(back.position(), "Ke5(N)").is_ok(), "the grant stands, no reroll");
    assert!(!back.turn().unwrap().choices.iter().any(|c| matches!(c, Choice::Roll { .. })));
}

#[test]
fn rolls_belong_to_the_side_to_move() {
    let mut game = Game::new(Variant::LuckDragon).unwrap();
    let err = game.apply(Action::Roll { side: Color::Black, kind: 1, faces: vec![8] }).unwrap_err();
    assert_eq!(err.to_string(), "it is not your turn");
    assert!(game.actions().is_empty());
}

#[test]
fn stalemate_is_a_draw() {
    let game = Game::from_fen(Variant::LuckDragon, "k9/2Q7/1K8/10/10/10/10/10 b - - 0 1 -/- - -").unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }));
}

#[test]
fn threefold_repetition_ends_the_game_and_counts_the_hidden_state() {
    // The knights come home, but no longer unmoved: not the start position
    // again (which would be its third time now), while the position after
    // 1. Nb3 Nb6 is reached for the third time two plies later.
    let mut game = after("Nb3 Nb6 Nc1 Nc8 Nb3 Nb6 Nc1 Nc8");
    assert_eq!(game.outcome(), None);
    play(&mut game, "Nb3 Nb6");
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::RepetitionAutomatic }));
    assert_eq!(EndReason::RepetitionAutomatic.describe(&game.position().rules().draws), "threefold repetition");
}

#[test]
fn fifty_moves_and_bare_minors_draw() {
    let mut game = Game::from_fen(Variant::LuckDragon, "k9/10/10/10/10/10/10/KR8 w - - 99 80 -/- - -").unwrap();
    play(&mut game, "Rb2");
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::QuietMovesAutomatic }));
    for dead in ["k9/10/10/10/10/10/10/K9 w", "k9/10/10/10/10/10/10/KN8 w", "k9/10/10/10/10/10/10/KB8 w"] {
        let game = Game::from_fen(Variant::LuckDragon, &format!("{dead} - - 0 1 -/- - -")).unwrap();
        assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::DeadPosition }), "{dead}");
    }
    for alive in ["k9/10/10/10/10/10/10/KL8 w", "k9/10/10/10/10/10/10/KNN7 w", "kb8/10/10/10/10/10/10/KB8 w"] {
        let game = Game::from_fen(Variant::LuckDragon, &format!("{alive} - - 0 1 -/- - -")).unwrap();
        assert_eq!(game.outcome(), None, "{alive}");
    }
}
