//! PGN of games with turn actions: New chess's `{commit …}`, `{reveal …}`,
//! `{price: …}`, `{brother}` and `{true king}` comments (spec §12.1) and
//! Dice Landing's rolls, written and read back into the same game.

use rookery_engine::game::{Action, Game};
use rookery_engine::pgn::{self, Tags};
use rookery_engine::turns::commitment;
use rookery_engine::{pgn_read, Color, Variant};

const NONCE: &str = "00112233445566778899aabbccddeeff";

/// White mates Black's brother on a10 at once; Black pays a cannon and
/// re-enters it; then White mates Black's true king on j10.
const STAGE: &str = "j8k/7Pt1/8P1/10/10/5c4/3F6/10/1T8/2T1KJ4[] w - 0 1";

fn new_chess_game() -> Game {
    let mut game = Game::create(Variant::NewChess, "cannon=hop", Some(STAGE)).unwrap();
    for (side, option) in [(Color::White, "F"), (Color::Black, "E")] {
        let commitment = commitment("game42", side, option, NONCE);
        game.apply(Action::ChooseSecret { side, context: "game42".into(), commitment }).unwrap();
    }
    let reveal = |game: &mut Game, side, option: &str| {
        game.apply(Action::Reveal { side, option: option.into(), nonce: NONCE.into() }).unwrap()
    };
    game.play_move(Color::White, "Ta1").unwrap();
    reveal(&mut game, Color::Black, "E");
    let f5 = game.position().rules().geometry.parse_square("f5").unwrap();
    game.apply(Action::PayPrice { side: Color::Black, squares: vec![f5] }).unwrap();
    game.play_move(Color::Black, "K*d8").unwrap();
    game.play_move(Color::White, "Ta10").unwrap();
    reveal(&mut game, Color::White, "F");
    assert_eq!(game.outcome().map(|o| o.winner), Some(Some(Color::White)), "the true king was mated");
    game
}

#[test]
fn new_chess_pgn_carries_commitments_reveals_and_the_price() {
    let game = new_chess_game();
    let text = pgn::write(&game, &Tags::default());
    let white = commitment("game42", Color::White, "F", NONCE);
    let black = commitment("game42", Color::Black, "E", NONCE);
    assert!(text.contains("[SecretContext \"game42\"]"), "{text}");
    let movetext: String = text.split("\n\n").nth(1).unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
    assert_eq!(
        movetext,
        format!(
            "{{commit W: {white}}} {{commit B: {black}}} 1. Ta1# {{brother}} {{reveal B: E-king nonce={NONCE}}} \
             {{price: C f5 → White hand}} 1... K*d8 2. Ta10# {{true king}} {{reveal W: F-king nonce={NONCE}}} \
             {{White wins by checkmate.}} 1-0"
        )
    );
}

#[test]
fn new_chess_pgn_reads_back_into_the_same_game() {
    let game = new_chess_game();
    let text = pgn::write(&game, &Tags::default());
    let record = pgn_read::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(record, game.record());
    let replayed = Game::replay(&record).unwrap();
    assert_eq!((replayed.fen(), replayed.outcome()), (game.fen(), game.outcome()));
    assert_eq!(pgn::write(&replayed, &Tags::default()), text);
}

#[test]
fn dice_landing_pgn_reads_back_with_its_rolls_and_options() {
    let mut game = Game::create(Variant::DiceLanding, "die=NNNNNN", None).unwrap();
    game.apply(Action::Roll { side: Color::White, kind: 0, faces: vec![3] }).unwrap();
    game.play_move(Color::White, "g1").unwrap();
    game.play_move(Color::Black, "e5").unwrap();
    game.apply(Action::Roll { side: Color::White, kind: 0, faces: vec![5] }).unwrap();
    game.play_move(Color::White, "b1").unwrap();
    game.apply(Action::Resign(Color::Black)).unwrap();
    let text = pgn::write(&game, &Tags::default());
    assert!(text.contains("[VariantOptions \"die=NNNNNN\"]"), "{text}");
    assert!(text.contains("1. {d6 3: N} [N]>Ng1") || text.contains("{d6 3: N} 1. [N]>Ng1"), "{text}");
    let record = pgn_read::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(record, game.record());
}

#[test]
fn a_broken_comment_is_refused_clearly() {
    let text = "[Variant \"newchess\"]\n\n{commit X: 00} *\n";
    let error = pgn_read::read(text).unwrap_err().to_string();
    assert!(error.contains("commit X: 00"), "{error}");
    let unknown = pgn_read::read("[Variant \"Crazyhouse\"]\n\n*\n").unwrap_err().to_string();
    assert!(unknown.contains("Crazyhouse"), "{unknown}");
}
