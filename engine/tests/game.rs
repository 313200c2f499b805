//! The turn protocol, results, draws, records and PGN of standard chess.

use rookery_engine::game::{Action, Choice, EndReason, Game, GameError, GameRecord, Outcome};
use rookery_engine::notation::MoveError;
use rookery_engine::pgn::{self, Tags};
use rookery_engine::{Color, Variant};

fn play(moves: &str) -> Game {
    let mut game = Game::new(Variant::Chess).unwrap();
    for mv in moves.split_whitespace() {
        let side = game.position().turn();
        game.play_move(side, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game
}

#[test]
fn fools_mate_ends_the_game() {
    let mut game = play("f3 e5 g4 Qh4");
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Checkmate }));
    assert_eq!(game.moves_san(), ["f3", "e5", "g4", "Qh4#"]);
    assert_eq!(game.turn(), None);
    assert!(matches!(game.play_move(Color::White, "e4"), Err(GameError::Over(_))));
    assert!(matches!(game.apply(Action::Resign(Color::White)), Err(GameError::Over(_))));
}

#[test]
fn stalemate_is_a_draw() {
    let mut game = Game::from_fen(Variant::Chess, "7k/8/6Q1/8/8/8/8/K7 w - - 0 1").unwrap();
    game.play_move(Color::White, "Qf7").unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }));
}

#[test]
fn wrong_turn_and_illegal_moves_change_nothing() {
    let mut game = play("e4");
    let before = game.fen();
    assert_eq!(game.play_move(Color::White, "d4"), Err(GameError::NotYourTurn));
    assert!(matches!(game.play_move(Color::Black, "e4"), Err(GameError::Move(MoveError::Illegal { .. }))));
    assert!(matches!(game.play_move(Color::Black, "xyz"), Err(GameError::Move(MoveError::Syntax { .. }))));
    assert_eq!(game.fen(), before);
    assert_eq!(game.actions().len(), 1);
}

#[test]
fn threefold_can_be_claimed_and_fivefold_ends() {
    let mut game = play("Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1");
    assert!(game.turn().unwrap().choices.iter().all(|c| !matches!(c, Choice::ClaimDraw(_))));
    let refused = game.apply(Action::ClaimDraw(Color::Black)).unwrap_err();
    assert_eq!(
        refused.to_string(),
        "a draw cannot be claimed now: you may claim one once the same position has occurred 3 times, \
         or 50 moves each have been played without a capture or pawn move"
    );
    game.play_move(Color::Black, "Ng8").unwrap();
    assert!(game.turn().unwrap().choices.contains(&Choice::ClaimDraw(EndReason::Repetition)));
    let mut claimed = game.clone();
    claimed.apply(Action::ClaimDraw(Color::White)).unwrap();
    assert_eq!(claimed.outcome(), Some(Outcome { winner: None, reason: EndReason::Repetition }));
    for mv in "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1".split_whitespace() {
        let side = game.position().turn();
        game.play_move(side, mv).unwrap();
        assert_eq!(game.outcome(), None);
    }
    game.play_move(Color::Black, "Ng8").unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::RepetitionAutomatic }));
}

#[test]
fn a_variant_without_draw_claims_says_how_its_games_are_drawn() {
    let mut game = Game::new(Variant::NewChess).unwrap();
    let refused = game.apply(Action::ClaimDraw(Color::White)).unwrap_err().to_string();
    assert_eq!(
        refused,
        "New chess has no draw claims: a draw comes by agreement (`/draw offer`), or by itself when the same \
         position occurs 3 times or after 50 moves each without a capture or pawn move"
    );
}

#[test]
fn en_passant_right_counts_in_repetition() {
    // After 1.e4 (no black pawn can capture) the e3 target is meaningless, so
    // returning knights reach "the same" position as soon as placement repeats.
    let game = play("e4 Nf6 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1");
    assert!(game.turn().unwrap().choices.contains(&Choice::ClaimDraw(EndReason::Repetition)));
}

#[test]
fn fifty_moves_can_be_claimed_and_seventy_five_end() {
    let mut game = Game::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80").unwrap();
    assert!(matches!(game.apply(Action::ClaimDraw(Color::White)), Err(GameError::NothingToClaim(_))));
    game.play_move(Color::White, "Ra2").unwrap();
    assert!(game.turn().unwrap().choices.contains(&Choice::ClaimDraw(EndReason::QuietMoves)));
    let mut late = Game::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/R3K3 w - - 149 80").unwrap();
    late.play_move(Color::White, "Ra2").unwrap();
    assert_eq!(late.outcome(), Some(Outcome { winner: None, reason: EndReason::QuietMovesAutomatic }));
    // A mate on the 150th ply stands.
    let mut mate = Game::from_fen(Variant::Chess, "7k/R7/6K1/8/8/8/8/8 w - - 149 80").unwrap();
    mate.play_move(Color::White, "Ra8").unwrap();
    assert_eq!(mate.outcome().unwrap().reason, EndReason::Checkmate);
}

#[test]
fn dead_positions_are_drawn() {
    for (fen, dead) in [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true),
        ("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", false),
        ("4k1b1/8/8/8/8/8/8/4KB2 w - - 0 1", true),
        ("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", false),
        ("4k3/8/8/8/8/8/7P/4K3 w - - 0 1", false),
    ] {
        let game = Game::from_fen(Variant::Chess, fen).unwrap();
        assert_eq!(game.outcome().map(|o| o.reason) == Some(EndReason::DeadPosition), dead, "{fen}");
    }
    let mut capture = Game::from_fen(Variant::Chess, "4k3/8/8/8/8/8/3r4/3QK3 w - - 0 1").unwrap();
    capture.play_move(Color::White, "Qxd2").unwrap();
    assert_eq!(capture.outcome(), None);
    capture.play_move(Color::Black, "Kf7").unwrap();
    let mut bare = Game::from_fen(Variant::Chess, "4k3/8/8/8/8/8/3r4/3NK3 b - - 0 1").unwrap();
    bare.play_move(Color::Black, "Rxd1").unwrap();
    bare.play_move(Color::White, "Kxd1").unwrap();
    assert_eq!(bare.outcome().unwrap().reason, EndReason::DeadPosition);
}

#[test]
fn resignation_and_draw_offers() {
    let mut game = play("e4");
    assert_eq!(game.apply(Action::AcceptDraw(Color::Black)), Err(GameError::NoDrawOffer));
    game.apply(Action::OfferDraw(Color::White)).unwrap();
    assert_eq!(game.apply(Action::OfferDraw(Color::White)), Err(GameError::DrawAlreadyOffered));
    assert_eq!(game.apply(Action::AcceptDraw(Color::White)), Err(GameError::OwnDrawOffer));
    assert!(game.turn().unwrap().choices.contains(&Choice::AnswerDrawOffer { offered_by: Color::White }));
    game.apply(Action::DeclineDraw(Color::Black)).unwrap();
    assert_eq!(game.draw_offer(), None);
    game.apply(Action::OfferDraw(Color::White)).unwrap();
    game.play_move(Color::Black, "e5").unwrap();
    assert_eq!(game.draw_offer(), None, "playing on declines");
    game.apply(Action::OfferDraw(Color::White)).unwrap();
    game.apply(Action::AcceptDraw(Color::Black)).unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Agreement }));

    let mut resigned = play("e4 e5");
    resigned.apply(Action::Resign(Color::White)).unwrap();
    assert_eq!(resigned.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Resignation }));
}

#[test]
fn records_replay_exactly() {
    let mut game = play("e4 d5 exd5 c5 dxc6 Qa5 cxb7 Kd8 bxa8=N Qxd2+ Bxd2");
    game.apply(Action::OfferDraw(Color::Black)).unwrap();
    game.apply(Action::DeclineDraw(Color::White)).unwrap();
    let record = game.record();
    assert_eq!(record.actions[8], "b7a8n");
    assert_eq!(record.actions.last().unwrap(), "decline-draw white");
    let replayed = Game::replay(&record).unwrap();
    assert_eq!(replayed.fen(), game.fen());
    assert_eq!(replayed.moves_san(), game.moves_san());
    assert_eq!(replayed.record(), record);

    let custom = Game::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1").unwrap();
    let record = custom.record();
    assert_eq!(record.start.as_deref(), Some("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"));
    assert_eq!(Game::replay(&record).unwrap().fen(), custom.fen());
}

#[test]
fn corrupt_records_are_reported_with_their_place() {
    let record = GameRecord {
        variant: Variant::Chess,
        options: String::new(),
        start: None,
        actions: vec!["e2e4".into(), "e2e4".into()],
    };
    let err = Game::replay(&record).unwrap_err().to_string();
    assert!(err.starts_with("action 1 (`e2e4`)"), "{err}");
    let bad_start =
        GameRecord { variant: Variant::Chess, options: String::new(), start: Some("nonsense".into()), actions: vec![] };
    assert!(Game::replay(&bad_start).is_err());
    let unsupported = GameRecord {
        variant: Variant::Registered("unbuiltgame"),
        options: String::new(),
        start: None,
        actions: vec![],
    };
    assert!(Game::replay(&unsupported).unwrap_err().to_string().contains("not yet supported"));
}

#[test]
fn takebacks_rewind_moves() {
    let game = play("e4 e5 Nf3");
    let back = game.without_last_moves(2).unwrap();
    assert_eq!(back.moves_san(), ["e4"]);
    assert_eq!(back.position().turn(), Color::Black);
    assert!(game.without_last_moves(4).is_none());
}

#[test]
fn pgn_has_tags_movetext_and_result() {
    let game = play("f3 e5 g4 Qh4");
    let tags = Tags {
        event: Some("Rookery".into()),
        white: Some("alice".into()),
        black: Some("bob \"b\"".into()),
        ..Tags::default()
    };
    let text = pgn::write(&game, &tags);
    assert!(text
        .starts_with("[Event \"Rookery\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"-\"]\n[White \"alice\"]\n"));
    assert!(
        text.contains(
            "[Black \"bob \\\"b\\\"\"]\n[Result \"0-1\"]\n[Variant \"Standard\"]\n[Termination \"Normal\"]\n\n\
             1. f3 e5 2. g4 Qh4# {Black wins by checkmate.} 0-1\n"
        ),
        "{text}"
    );
    let custom = {
        let mut g = Game::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/R3K3 b Q - 0 12").unwrap();
        g.play_move(Color::Black, "Kd7").unwrap();
        g
    };
    let text = pgn::write(&custom, &Tags::default());
    assert!(
        text.contains(
            "[Termination \"Unterminated\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 b Q - 0 12\"]\n\n12... Kd7 *\n"
        ),
        "{text}"
    );
}

#[test]
fn chess_refuses_dice_passes_and_secrets() {
    use rookery_engine::game::parse_action;
    let mut game = play("e4");
    let refuse = |e: Result<(), GameError>| assert!(matches!(e, Err(GameError::NotInVariant { .. })), "{e:?}");
    refuse(game.apply(Action::Roll { side: Color::Black, kind: 0, faces: vec![3, 5] }));
    refuse(game.apply(Action::Pass(Color::Black)));
    let commitment = "ab".repeat(32);
    refuse(game.apply(Action::ChooseSecret { side: Color::Black, context: "game1".into(), commitment }));
    assert_eq!(game.actions().len(), 1);
    let position = game.position();
    assert_eq!(
        parse_action(position, "roll black 3,5"),
        Ok(Action::Roll { side: Color::Black, kind: 0, faces: vec![3, 5] })
    );
    assert_eq!(parse_action(position, "pass white"), Ok(Action::Pass(Color::White)));
    assert_eq!(
        parse_action(position, "choose black game1 c0ffee"),
        Ok(Action::ChooseSecret { side: Color::Black, context: "game1".into(), commitment: "c0ffee".into() })
    );
    for bad in ["roll black x", "resign purple", "dance white", "resign white now", "a b c d"] {
        assert!(matches!(parse_action(position, bad), Err(GameError::UnknownAction(_))), "{bad}");
    }
}

#[test]
fn timeouts_lose_unless_the_opponent_has_a_bare_king() {
    let mut game = play("e4");
    game.apply(Action::Timeout(Color::Black)).unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::Timeout }));
    assert_eq!(Game::replay(&game.record()).unwrap().outcome(), game.outcome());
    let mut bare = Game::from_fen(Variant::Chess, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap();
    bare.apply(Action::Timeout(Color::White)).unwrap();
    assert_eq!(bare.outcome(), Some(Outcome { winner: None, reason: EndReason::TimeoutVsBareKing }));
}

/// FIDE 6.9: a flag fall draws when the opponent cannot mate by any series of
/// moves; a king with one bishop or one knight (and no pawn) cannot.
#[test]
fn timeouts_draw_when_the_opponent_cannot_mate() {
    let flag = |variant: Variant, fen: &str, flagged: Color| {
        let mut game = Game::from_fen(variant, fen).unwrap();
        game.apply(Action::Timeout(flagged)).unwrap();
        game.outcome().unwrap()
    };
    let draw = Outcome { winner: None, reason: EndReason::TimeoutVsInsufficientMaterial };
    let white_wins = Outcome { winner: Some(Color::White), reason: EndReason::Timeout };
    // Black flags; White has a lone minor piece, Black has plenty.
    assert_eq!(flag(Variant::Chess, "q3k3/pppp4/8/8/8/8/8/2B1K3 b - - 0 1", Color::Black), draw);
    assert_eq!(flag(Variant::Chess, "q3k3/pppp4/8/8/8/8/8/2N1K3 b - - 0 1", Color::Black), draw);
    // A pawn, a rook, or two minors can mate: the flag loses.
    for fen in [
        "q3k3/8/8/8/8/8/P7/2N1K3 b - - 0 1",
        "q3k3/8/8/8/8/8/8/R3K3 b - - 0 1",
        "q3k3/8/8/8/8/8/8/1NB1K3 b - - 0 1",
        "q3k3/8/8/8/8/8/8/1NN1K3 b - - 0 1",
    ] {
        assert_eq!(flag(Variant::Chess, fen, Color::Black), white_wins, "{fen}");
    }
    // The same in Luck Dragon, whose rules name the same minor pieces.
    let luck = "4k5/pppp6/10/10/10/10/10/2B1K5 b - - 0 1 -/- - -";
    assert_eq!(flag(Variant::LuckDragon, luck, Color::Black), draw);
    let luck_dragon = "4k5/pppp6/10/10/10/10/10/L3K5 b - - 0 1 -/- - -";
    assert_eq!(flag(Variant::LuckDragon, luck_dragon, Color::Black).winner, Some(Color::White));
}
