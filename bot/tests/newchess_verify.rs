//! `rookery verify game.pgn`: the true-king reveals of a New chess PGN are
//! checked against the commitments it records.

use rookery::cli::secret as secret_cli;
use rookery_engine::game::{Action, Game};
use rookery_engine::pgn::{self, Tags};
use rookery_engine::turns::commitment;
use rookery_engine::{Color, Variant};

const NONCE: &str = "00112233445566778899aabbccddeeff";

fn chosen(reveal: bool) -> Game {
    let mut game = Game::new(Variant::NewChess).unwrap();
    for (side, option) in [(Color::White, "F"), (Color::Black, "E")] {
        let commitment = commitment("game7", side, option, NONCE);
        game.apply(Action::ChooseSecret { side, context: "game7".into(), commitment }).unwrap();
    }
    game.play_move(Color::White, "e4").unwrap();
    game.apply(Action::Resign(Color::Black)).unwrap();
    if reveal {
        for (side, option) in [(Color::White, "F"), (Color::Black, "E")] {
            game.apply(Action::Reveal { side, option: option.into(), nonce: NONCE.into() }).unwrap();
        }
    }
    game
}

#[test]
fn revealed_choices_verify_against_their_commitments() {
    let text = pgn::write(&chosen(true), &Tags::default());
    assert!(secret_cli::is_pgn(&text));
    let (report, ok) = secret_cli::verify(&text);
    assert!(ok, "{report}");
    // Reveals made after the resignation read back after it.
    assert_eq!(rookery_engine::pgn_read::read(&text).unwrap(), chosen(true).record());
    assert!(report.contains("White: chose F: OK") && report.contains("Black: chose E: OK"), "{report}");
    // The whole text hashed, colour too, so that anyone can check it by hand.
    let preimage = format!("|black|E|{NONCE}`");
    assert!(report.contains(&preimage) && report.contains("| sha256sum`"), "{report}");
    // A reveal changed after the fact no longer matches.
    let forged = text.replace("reveal W: F-king", "reveal W: E-king");
    let (report, ok) = secret_cli::verify(&forged);
    assert!(!ok && report.contains("does not verify"), "{report}");
}

#[test]
fn an_unrevealed_choice_is_reported_as_such() {
    let text = pgn::write(&chosen(false), &Tags::default());
    let (report, ok) = secret_cli::verify(&text);
    assert!(!ok && report.contains("White: committed") && report.contains("not revealed yet"), "{report}");
    let chess = pgn::write(&Game::new(Variant::Chess).unwrap(), &Tags::default());
    let (report, ok) = secret_cli::verify(&chess);
    assert!(ok && report.ends_with("It records no secret choice."), "{report}");
    // A result the moves do not give is reported.
    let (report, ok) = secret_cli::verify(&chess.replace("[Result \"*\"]", "[Result \"1-0\"]"));
    assert!(!ok && report.contains("Result tag says 1-0"), "{report}");
}
