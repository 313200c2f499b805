//! Puzzles: verification (mate length, uniqueness of every solver move but the
//! last, the defender's best replies), answers, and the generator.

use rookery_engine::puzzle::{
    check_answer, verify, verify_statement, AnswerError, Generator, Puzzle, Rejection, TurnSolver, Verdict,
};
use rookery_engine::search::MateSolver;
use rookery_engine::{fen, Position, Variant};

fn position(text: &str) -> Position {
    fen::parse(&Variant::Chess.rules().unwrap(), text).unwrap()
}

fn puzzle(text: &str) -> Puzzle {
    verify(&mut MateSolver::new(), &position(text), 4).unwrap()
}

/// 1. Nf6+ gxf6 2. Bxf7#.
const KNIGHT_AND_BISHOP: &str = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
/// 78. Kg6 and mate on the back rank; Black's rook can put it off one move.
const ROOK_ENDING: &str = "7k/4R3/7P/5KPP/7r/8/8/8 w - - 7 78";
/// Rd8# and Re8# both mate.
const TWO_MATES: &str = "6k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1";

#[test]
fn a_unique_mate_is_a_puzzle_with_its_line() {
    let found = puzzle(KNIGHT_AND_BISHOP);
    assert_eq!(found.variant, Variant::Chess);
    assert_eq!(found.mate_in, 2);
    assert_eq!(found.solution, ["d5f6", "g7f6", "c4f7"]);
    assert_eq!(found.solution_text().unwrap(), "1. Nf6+ gxf6 2. Bxf7#");
    assert_eq!(found.position, KNIGHT_AND_BISHOP);

    let ending = puzzle(ROOK_ENDING);
    assert_eq!(ending.mate_in, 3);
    // The defender's best replies put the mate off: the rook is given up first.
    assert_eq!(ending.solution_text().unwrap(), "78. Kg6 Re4 79. Rxe4 Kg8 80. Re8#");
}

#[test]
fn two_winning_first_moves_are_rejected() {
    let two_rooks = position("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1");
    match verify(&mut MateSolver::new(), &two_rooks, 4) {
        Err(Rejection::NotUnique { solver_move: 1, mut moves }) => {
            moves.sort();
            assert_eq!(moves, ["Ra7", "Rb7"]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_later_solver_move_must_be_unique_too() {
    // 1. Kf2 is the only first move, but then many moves mate in two.
    let rook = position("8/8/8/8/8/8/6R1/5K1k w - - 0 1");
    assert!(matches!(verify(&mut MateSolver::new(), &rook, 4), Err(Rejection::NotUnique { solver_move: 2, .. })));
}

#[test]
fn every_mate_counts_on_the_last_move_and_no_mate_is_no_puzzle() {
    let two = puzzle(TWO_MATES);
    assert_eq!(two.mate_in, 1);
    let one = puzzle("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert!(two.difficulty.score < one.difficulty.score, "several mates make it easier");
    assert_eq!(
        verify(&mut MateSolver::new(), &position(rookery_engine::variants::chess::START), 4),
        Err(Rejection::NoMate(4))
    );
    // A mate in five is not a puzzle of at most four.
    assert_eq!(
        verify(&mut MateSolver::new(), &position("7k/R7/4K3/8/8/8/8/8 w - - 0 1"), 2),
        Err(Rejection::NoMate(2))
    );
}

#[test]
fn difficulty_grows_with_length_and_quiet_moves() {
    let short = puzzle(KNIGHT_AND_BISHOP).difficulty;
    let long = puzzle(ROOK_ENDING).difficulty;
    assert!(short.score < long.score, "{short:?} {long:?}");
    assert_eq!(puzzle("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").difficulty.label(), "easy");
}

fn judge(puzzle: &Puzzle, answer: &str) -> Result<Verdict, AnswerError> {
    check_answer(&mut MateSolver::with_table_bits(14), puzzle, answer)
}

fn solved(verdict: Result<Verdict, AnswerError>) -> Vec<String> {
    match verdict {
        Ok(Verdict::Solved { line }) => line,
        other => panic!("{other:?}"),
    }
}

#[test]
fn answers_with_or_without_replies_are_accepted() {
    let p = puzzle(KNIGHT_AND_BISHOP);
    assert_eq!(solved(judge(&p, "Nf6+ Bxf7#")), ["Nf6+", "gxf6", "Bxf7#"]);
    assert_eq!(solved(judge(&p, "1. Nf6+ gxf6 2. Bxf7#")), ["Nf6+", "gxf6", "Bxf7#"]);
    assert_eq!(solved(judge(&p, "d5f6, c4f7")), ["Nf6+", "gxf6", "Bxf7#"]);
    let two = puzzle(TWO_MATES);
    assert_eq!(solved(judge(&two, "Rd8")), ["Rd8#"]);
    assert_eq!(solved(judge(&two, "Re8#")), ["Re8#"]);
}

#[test]
fn a_weaker_defence_may_be_written_and_then_any_mate_counts() {
    let p = puzzle(ROOK_ENDING);
    assert_eq!(solved(judge(&p, "Kg6 Rg4 Re8#")), ["Kg6", "Rg4", "Re8#"]);
    assert_eq!(solved(judge(&p, "Kg6 Re4 Rxe4 Kg8 Re8")), ["Kg6", "Re4", "Rxe4", "Kg8", "Re8#"]);
}

#[test]
fn partial_wrong_and_unreadable_answers() {
    let p = puzzle(KNIGHT_AND_BISHOP);
    assert_eq!(
        judge(&p, "Nf6+"),
        Ok(Verdict::SoFar { line: vec!["Nf6+".into()], reply: "gxf6".into(), moves_left: 1 })
    );
    assert_eq!(judge(&p, "Bxe7"), Ok(Verdict::Wrong { line: vec![], attempted: "Bxe7".into() }));
    assert_eq!(
        judge(&p, "Nf6+ gxf6 Bxf6"),
        Ok(Verdict::Wrong { line: vec!["Nf6+".into(), "gxf6".into()], attempted: "Bxf6".into() })
    );
    assert!(matches!(judge(&p, "Zz9"), Err(AnswerError::Move { number: 1, .. })));
    assert!(matches!(judge(&p, "Nf6+ e5"), Err(AnswerError::Move { number: 2, .. })), "{:?}", judge(&p, "Nf6+ e5"));
    assert_eq!(judge(&p, " , 1. "), Err(AnswerError::Empty));
    assert!(matches!(judge(&p, "Nf6+ gxf6 Bxf7# Kd7"), Err(AnswerError::AfterMate { .. })));
}

#[test]
fn generated_puzzles_verify_again_and_vary_in_length() {
    let mut generator = Generator::new(Variant::Chess, 11).unwrap().with_max_mate(3);
    let mut lengths = Vec::new();
    let mut solver = MateSolver::new();
    for _ in 0..6 {
        let found = generator.next_puzzle(200).expect("self-play finds puzzles");
        assert!(found.source.starts_with("self-play"), "{}", found.source);
        let again = verify(&mut solver, &found.puzzle.start().unwrap(), 3).unwrap();
        assert_eq!(again, found.puzzle);
        let answer = found.puzzle.solution.join(" ");
        assert!(matches!(judge(&found.puzzle, &answer), Ok(Verdict::Solved { .. })), "{answer}");
        lengths.push(found.puzzle.mate_in);
    }
    lengths.sort();
    lengths.dedup();
    assert!(lengths.len() >= 2, "all of one length: {lengths:?}");
    let stats = generator.stats();
    assert_eq!(stats.puzzles, 6);
    assert!(stats.games >= 6 && stats.positions >= 6, "{stats:?}");
}

// Puzzles through the turn protocol: dice, passes and secrets.

fn statement(variant: Variant, position: &str, setup: &[&str], secrets: &[&str]) -> Puzzle {
    Puzzle {
        variant,
        position: position.to_string(),
        mate_in: 0,
        solution: Vec::new(),
        difficulty: rookery_engine::puzzle::Difficulty { score: 0 },
        setup: setup.iter().map(|s| s.to_string()).collect(),
        secrets: secrets.iter().map(|s| s.to_string()).collect(),
    }
}

fn turn_solver(puzzle: &Puzzle) -> (TurnSolver, rookery_engine::game::Game) {
    let game = puzzle.start_game().unwrap();
    let side = game.turn().unwrap().side;
    let secrets = [puzzle.secrets.first().cloned(), puzzle.secrets.get(1).cloned()];
    (TurnSolver::new(side, secrets), game)
}

/// Black's king is boxed in on a8; White's rook on h8 takes it with a 4.
const GUARDENER_ROOK: &str = "1[g]1/k6R/pp6/1PP7/10/10/10/8/4K3/1[G]1 w - - - - 0 30";

#[test]
fn guardener_captures_the_king_with_the_stated_roll() {
    let with_four = statement(Variant::Guardener, GUARDENER_ROOK, &["roll white 4,1"], &[]);
    let puzzle = verify_statement(&with_four, 3).unwrap();
    assert_eq!(puzzle.mate_in, 1);
    assert_eq!(puzzle.solution, ["h8a8"]);
    assert_eq!(puzzle.statement().unwrap(), "White to move and capture the king in 1. You rolled [4,1].");
    assert_eq!(puzzle.reverify(3).unwrap(), puzzle);
    assert_eq!(solved(judge(&puzzle, "Rxa8")), ["Rxa8"]);
}

#[test]
fn guardener_is_not_forced_when_a_later_roll_of_the_solver_may_miss() {
    // Without a 4 now, the rook waits; Black cannot leave the eighth rank,
    // but White's next 2d4 may show no 4 and no double: not forced.
    let without = statement(Variant::Guardener, GUARDENER_ROOK, &["roll white 1,2"], &[]);
    let (mut solver, game) = turn_solver(&without);
    assert!(!solver.wins(&game, 1));
    assert!(!solver.wins(&game, 2));
    assert!(!solver.gave_up(), "a proof, not a search cut short");
    assert_eq!(verify_statement(&without, 2), Err(Rejection::NoMate(2)));
}

/// White mates on the back rank by the board alone; Black's forced deploy
/// roll may land a knight on b8 or g8 in between.
const DEPLOY_BLOCK: &str = "7k/6pp/8/8/8/8/8/R3K3[n] w - - 0 1 -";

#[test]
fn dice_landing_deploy_roll_that_blocks_escapes_the_mate() {
    let blocked = statement(Variant::DiceLanding, DEPLOY_BLOCK, &[], &[]);
    let (mut solver, game) = turn_solver(&blocked);
    let mut position = game.position().clone();
    assert!(MateSolver::new().forces_mate(&mut position, 1), "mate by the board alone");
    assert!(!solver.wins(&game, 1), "a knight face blocks");
    // With nothing in Black's reserve the roll cannot save it.
    let bare = statement(Variant::DiceLanding, &DEPLOY_BLOCK.replace("[n]", "[]"), &[], &[]);
    let puzzle = verify_statement(&bare, 2).unwrap();
    assert_eq!((puzzle.mate_in, puzzle.solution.as_slice()), (1, ["a1a8".to_string()].as_slice()));
    assert!(puzzle.statement().unwrap().starts_with("White to move and mate in 1."));
    // A pawn in reserve cannot block: the puzzle says what each side holds.
    let pawn = statement(Variant::DiceLanding, &DEPLOY_BLOCK.replace("[n]", "[p]"), &[], &[]);
    let puzzle = verify_statement(&pawn, 2).unwrap();
    assert_eq!(puzzle.mate_in, 1);
    assert!(puzzle.statement().unwrap().contains("White holds nothing off the board. Black holds P off the board."));
}

/// White mates in two by the board alone (Qe8+ first), but Black in check
/// may roll the Luck Dice, and a double lets its king leap like a knight out
/// of the net.
const LUCK_DICE_ESCAPE: &str = "6k2r/3Q2pp2/4rp4/8p1/3p5p/7P1L/PPP1PPP1P1/R5KB2 w - - 0 29 -/- E -";

#[test]
fn luck_dragon_mate_escaped_by_the_luck_dice_is_rejected() {
    let mut position = fen::parse(&Variant::LuckDragon.rules().unwrap(), LUCK_DICE_ESCAPE).unwrap();
    assert!(MateSolver::new().forces_mate(&mut position, 2), "mate in two with the dice off");
    let escaped = statement(Variant::LuckDragon, LUCK_DICE_ESCAPE, &[], &[]);
    let (mut solver, game) = turn_solver(&escaped);
    assert!(!solver.wins(&game, 2), "a Luck Dice knight move escapes");
    assert!(!solver.gave_up());
    assert!(matches!(verify_statement(&escaped, 2), Err(Rejection::NoMate(2))));
    // The same game without the Luck Dice is the mate in two.
    let dice_off =
        rookery_engine::game::Game::create(Variant::LuckDragon, "luck_dice=off", Some(LUCK_DICE_ESCAPE)).unwrap();
    assert!(TurnSolver::new(rookery_engine::Color::White, [None, None]).wins(&dice_off, 2));
}

#[test]
fn new_chess_puzzles_state_the_true_kings_and_judge_answers_by_search() {
    let mut generator = Generator::new(Variant::NewChess, 3).unwrap().with_max_mate(2);
    let found = generator.next_puzzle(40).expect("self-play finds a New chess puzzle");
    let puzzle = found.puzzle;
    assert_eq!(puzzle.secrets.len(), 2, "{puzzle:?}");
    let said = puzzle.statement().unwrap();
    assert!(said.contains("White's true king is") && said.contains("Black's true king is"), "{said}");
    assert_eq!(puzzle.reverify(2).unwrap(), puzzle);
    let (actions, end) = puzzle.solution_actions().unwrap();
    assert!(end.outcome().is_some_and(|o| o.winner.is_some()), "the line ends the game");
    let solver_side = puzzle.start_game().unwrap().turn().unwrap().side;
    // The solver's moves alone are a whole answer.
    let mut game = puzzle.start_game().unwrap();
    let mut moves = Vec::new();
    for action in actions {
        if let rookery_engine::game::Action::Move(mv) = action {
            if game.turn().unwrap().side == solver_side {
                moves.push(rookery_engine::notation::san(game.position(), mv));
            }
        }
        game.apply(action).unwrap();
    }
    assert!(matches!(judge(&puzzle, &moves.join(" ")), Ok(Verdict::Solved { .. })), "{moves:?}");
}

#[test]
fn dice_puzzles_are_generated_verified_and_answered() {
    for variant in [Variant::LuckDragon, Variant::Guardener, Variant::DiceLanding] {
        let mut generator = Generator::new(variant, 5).unwrap().with_max_mate(2);
        for _ in 0..3 {
            let found = generator.next_puzzle(60).unwrap_or_else(|| panic!("no {variant} puzzle"));
            let puzzle = found.puzzle;
            assert_eq!(puzzle.reverify(2).unwrap(), puzzle);
            assert!(puzzle.statement().unwrap().contains(&format!("in {}.", puzzle.mate_in)));
            let text = puzzle.solution_text().unwrap();
            assert!(text.starts_with(|c: char| c.is_ascii_digit()), "{text}");
            // The whole recorded line, rolls left out, is a right answer.
            let (actions, _) = puzzle.solution_actions().unwrap();
            let mut game = puzzle.start_game().unwrap();
            let mut answer = Vec::new();
            for action in actions {
                if let rookery_engine::game::Action::Move(mv) = action {
                    answer.push(rookery_engine::notation::san(game.position(), mv));
                }
                game.apply(action).unwrap();
            }
            assert!(matches!(judge(&puzzle, &answer.join(" ")), Ok(Verdict::Solved { .. })), "{variant} {answer:?}");
        }
    }
}
