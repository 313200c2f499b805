//! Dice Landing Chess: the worked cases DL1-DL14 of the spec's §13, the
//! notation of §12, DL-FEN and the game's turn (rolls, forced rolls, losses).

use rookery_engine::game::{Action, Choice, EndReason, Game, Outcome};
use rookery_engine::variants::dicelanding::{self, face_of};
use rookery_engine::{fen, notation, perft, Color, Position, Variant};

const STANDARD: &str = "4k3/2pppp2/8/8/8/8/2PPPP2/4K3[QRRBBNNPPPPqrrbbnnpppp] w e1e8 - 0 1 -";

fn game(fen: &str, options: &str) -> Game {
    Game::create(Variant::DiceLanding, options, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn standard() -> Game {
    Game::new(Variant::DiceLanding).unwrap()
}

/// Every legal move's SAN, sorted.
fn sans(position: &Position) -> Vec<String> {
    let legal = position.legal_moves();
    let mut out: Vec<String> = legal.iter().map(|m| notation::san_among(position, *m, &legal)).collect();
    out.sort();
    out
}

/// The number on the game's die that shows `symbol`.
fn number_of(game: &Game, symbol: char) -> u32 {
    (1..=6).find(|n| face_of(game.options(), &[*n]).unwrap().symbol() == symbol).expect("a face of the die")
}

/// The roll kind the turn offers (voluntary or forced).
fn roll_kind(game: &Game) -> usize {
    let turn = game.turn().expect("the game goes on");
    turn.choices
        .iter()
        .find_map(|c| match c {
            Choice::Roll { kind, .. } => Some(*kind),
            _ => None,
        })
        .expect("a roll is offered")
}

/// The game after rolling `symbol`.
fn rolled(game: &Game, symbol: char) -> Game {
    let mut game = game.clone();
    let side = game.position().turn();
    let kind = roll_kind(&game);
    game.apply(Action::Roll { side, kind, faces: vec![number_of(&game, symbol)] }).unwrap();
    game
}

fn play(game: &mut Game, moves: &str) {
    for mv in moves.split_whitespace() {
        let side = game.position().turn();
        game.play_move(side, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
}

fn landings(game: &Game) -> Vec<String> {
    sans(game.position())
}

/// Whether `side` was checkmated.
fn lost_by(game: &Game, side: Color) -> bool {
    game.outcome() == Some(Outcome { winner: Some(!side), reason: EndReason::Checkmate })
}

/// Whether `side` lost by R5: its roll in check landed but could not block.
fn lost_by_roll(game: &Game, side: Color) -> bool {
    game.outcome() == Some(Outcome { winner: Some(!side), reason: EndReason::RollInCheck })
}

#[test]
fn dl1_the_standard_start() {
    let game = standard();
    assert_eq!(game.fen(), STANDARD);
    assert_eq!(sans(game.position()), ["Kd1", "Kf1", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4"]);
    let turn = game.turn().unwrap();
    assert!(turn.choices.contains(&Choice::Move));
    assert!(turn.choices.contains(&Choice::Roll { kind: 0, dice: vec![6], required: false }));
    let squares = |symbol| -> Vec<String> {
        let mut s: Vec<String> =
            landings(&rolled(&game, symbol)).iter().map(|m| m[m.len() - 2..].to_string()).collect();
        s.sort();
        s
    };
    assert_eq!(squares('P'), ["a2", "b2", "g2", "h2"]);
    assert_eq!(squares('N'), ["b1", "g1"]);
    assert_eq!(squares('B'), ["c1", "f1"]);
    assert_eq!(squares('R'), ["a1", "h1"]);
    assert_eq!(squares('Q'), ["d1"]);
    assert_eq!(squares('*'), ["a1", "a2", "b1", "b2", "c1", "d1", "f1", "g1", "g2", "h1", "h2"]);
    assert_eq!(landings(&rolled(&game, 'N')), ["[N]>Nb1", "[N]>Ng1"]);
}

#[test]
fn dl2_a_second_bishop_takes_the_other_colour() {
    let game = game("4k3/2pppp2/8/8/8/8/2PPPP2/4KB2[QRRBNNPPPPqrrbbnnpppp] w e1e8 - 0 1 -", "");
    assert_eq!(landings(&rolled(&game, 'B')), ["[B]>Bc1"]);
}

#[test]
fn dl3_no_square_of_the_right_colour_fails() {
    let game = game("4k3/2pppp2/8/8/8/8/2PPPP2/2N1KB2[QRRBNPPPPqrrbbnnpppp] w e1e8 - 0 1 -", "");
    let failed = rolled(&game, 'B');
    let moves = landings(&failed);
    assert!(moves.iter().all(|m| m.starts_with("[B]<")), "{moves:?}");
    assert!(moves.contains(&"[B]<Nb3".to_string()));
    assert_eq!(failed.turn().unwrap().choices[0], Choice::Move, "a board move is due");
    let mut failed = failed;
    assert!(failed.apply(Action::Roll { side: Color::White, kind: 0, faces: vec![1] }).is_err(), "one roll a turn");
    play(&mut failed, "Nb3");
    assert_eq!(failed.moves_san(), ["[B]<Nb3"]);
}

#[test]
fn dl4_the_landed_piece_is_exempt_for_one_ply() {
    let exempt = game("r3k3/8/8/8/8/8/8/R3K3[] b a1e1a8e8 - 0 1 a1", "");
    let rook: Vec<String> = sans(exempt.position()).into_iter().filter(|m| m.starts_with('R')).collect();
    assert_eq!(rook, ["Ra2", "Ra3", "Ra4", "Ra5", "Ra6", "Ra7", "Rb8", "Rc8", "Rd8"]);
    let plain = game("r3k3/8/8/8/8/8/8/R3K3[] b a1e1a8e8 - 0 1 -", "");
    assert!(sans(plain.position()).contains(&"Rxa1+".to_string()));
    // The refusal names the rule, not only the moves there are.
    let refused = notation::parse_move(exempt.position(), "Rxa1").unwrap_err().to_string();
    assert!(
        refused.contains("the rook on a1 has just landed, and a piece that has just landed cannot be captured"),
        "{refused}"
    );
    assert!(refused.contains("your rook moves are: Ra2"), "{refused}");
}

#[test]
fn a_failed_roll_says_why_and_that_a_board_move_is_due() {
    let note = |game: &Game| game.position().rules().turn_note.and_then(|note| note(game.position()));
    let no_queen = game("4k3/2pppp2/8/8/8/8/2PPPP2/4K3[RNqrrbbnnpppp] w e1e8 - 0 1 -", "");
    assert_eq!(note(&no_queen), None, "nothing rolled yet");
    assert_eq!(
        note(&rolled(&no_queen, 'Q')).as_deref(),
        Some("The roll failed (no queen is in the reserve): a move on the board is due instead.")
    );
    let blocked = game("4k3/2pppp2/8/8/8/8/2PPPP2/2N1KB2[QRRBNPPPPqrrbbnnpppp] w e1e8 - 0 1 -", "");
    let failed = note(&rolled(&blocked, 'B')).unwrap();
    assert!(failed.contains("no landing square for a bishop is free"), "{failed}");
    assert_eq!(note(&rolled(&blocked, 'N')), None, "a roll that lands needs no note");
}

#[test]
fn dl5_exempt_even_from_a_capture_that_parries_check() {
    let game = game("8/8/8/3k4/8/8/8/r2QK3[] b e1 - 0 1 d1", "");
    assert_eq!(sans(game.position()), ["Kc4", "Kc5", "Kc6", "Ke4", "Ke5", "Ke6"]);
}

#[test]
fn dl6_a_voluntary_roll_in_check_is_a_gamble() {
    const FEN: &str = "k7/8/4r3/8/8/8/3P1P2/4K3[QRBNP] w e1 - 0 1 -";
    let start = game(FEN, "");
    assert!(start.position().is_check());
    assert_eq!(sans(start.position()), ["Kd1", "Kf1"]);
    assert_eq!(roll_kind(&start), 0, "the roll is voluntary");
    for symbol in ['P', '*'] {
        let after = rolled(&start, symbol);
        assert_eq!(landings(&after), [format!("[{symbol}]>Pe2")]);
        assert!(after.outcome().is_none());
    }
    for symbol in ['N', 'B', 'R', 'Q'] {
        assert!(lost_by_roll(&rolled(&start, symbol), Color::White), "{symbol}");
    }
    // With `fallback`, a landing that cannot block counts as a failed roll.
    let fallback = game(FEN, "unblockable_check_roll=fallback");
    let after = rolled(&fallback, 'N');
    assert!(after.outcome().is_none());
    assert_eq!(landings(&after), ["[N]<Kd1", "[N]<Kf1"]);
}

#[test]
fn dl7_no_board_move_in_check_forces_the_roll() {
    let start = game("k7/8/4r3/8/8/8/3P1P2/3RKR2[NP] w e1 - 0 1 -", "");
    assert!(start.outcome().is_none(), "a face could still block");
    let turn = start.turn().unwrap();
    assert_eq!(turn.choices, [Choice::Roll { kind: 1, dice: vec![6], required: true }]);
    for symbol in ['P', '*'] {
        assert_eq!(landings(&rolled(&start, symbol)), [format!("[{symbol}]>Pe2")]);
    }
    assert!(lost_by_roll(&rolled(&start, 'N'), Color::White), "a knight cannot block");
    for symbol in ['B', 'R', 'Q'] {
        assert!(lost_by(&rolled(&start, symbol), Color::White), "failed, no board move: mate ({symbol})");
    }
}

#[test]
fn dl8_a_knight_check_is_never_blocked() {
    const FEN: &str = "k7/8/8/8/8/3n4/3P1P2/3RKR2[NP] w e1 - 0 1 -";
    let start = game(FEN, "");
    assert_eq!(sans(start.position()), ["Ke2"]);
    for symbol in ['P', 'N', '*'] {
        assert!(lost_by_roll(&rolled(&start, symbol), Color::White), "{symbol}");
    }
    for symbol in ['B', 'R', 'Q'] {
        assert_eq!(landings(&rolled(&start, symbol)), [format!("[{symbol}]<Ke2")]);
    }
    let empty = game(&FEN.replace("[NP]", "[]"), "");
    assert_eq!(empty.turn().unwrap().choices, [Choice::Move]);
}

#[test]
fn dl9_stalemate_with_a_reserve_forces_the_roll() {
    const FEN: &str = "k7/8/8/8/8/8/2q5/K7[N] w - - 0 1 -";
    let start = game(FEN, "");
    assert_eq!(start.turn().unwrap().choices, [Choice::Roll { kind: 1, dice: vec![6], required: true }]);
    assert_eq!(landings(&rolled(&start, 'N')), ["[N]>Nb1", "[N]>Ng1"]);
    assert_eq!(landings(&rolled(&start, '*')), ["[*]>Nb1", "[*]>Ng1"]);
    for symbol in ['P', 'B', 'R', 'Q'] {
        let after = rolled(&start, symbol);
        assert_eq!(after.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }), "{symbol}");
    }
    let empty = game(&FEN.replace("[N]", "[]"), "");
    assert_eq!(empty.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }));
}

#[test]
fn dl10_no_own_piece_on_the_kings_landing_square() {
    let game = game("4k3/8/8/8/8/8/8/R7[K] w - - 0 1 -", "");
    assert!(!game.position().is_check());
    let expected = ["Ra2", "Ra3", "Ra4", "Ra5", "Ra6", "Ra7", "Ra8+", "Rb1", "Rc1", "Rd1", "Rf1", "Rg1", "Rh1"];
    assert_eq!(sans(game.position()), expected);
}

#[test]
fn dl11_the_king_cannot_land_on_an_occupied_or_attacked_square() {
    for fen in ["4k3/8/8/8/8/8/8/R3r3[K] w - - 0 1 -", "4r2k/8/8/8/8/8/8/R7[K] w - - 0 1 -"] {
        for options in ["", "die=KKKKKK"] {
            let start = game(fen, options);
            let symbol = if options.is_empty() { '*' } else { 'K' };
            let after = rolled(&start, symbol);
            let moves = landings(&after);
            assert!(!moves.is_empty() && moves.iter().all(|m| m.starts_with(&format!("[{symbol}]<R"))), "{moves:?}");
        }
    }
    let safe = game("4k3/8/8/8/8/8/8/R7[K] w - - 0 1 -", "die=KKKKKK");
    assert_eq!(landings(&rolled(&safe, 'K')), ["[K]>Ke1"]);
}

#[test]
fn dl12_a_deployed_rook_can_castle() {
    let mut game = game("4k3/8/8/8/8/8/8/4K3[R] w e1e8 - 0 1 -", "");
    let after = rolled(&game, 'R');
    assert_eq!(landings(&after), ["[R]>Ra1", "[R]>Rh1"]);
    game = after;
    play(&mut game, ">Rh1");
    assert_eq!(game.fen(), "4k3/8/8/8/8/8/8/4K2R[] b e1h1e8 - 0 1 h1");
    play(&mut game, "Kd8");
    assert!(sans(game.position()).contains(&"O-O".to_string()));
    play(&mut game, "O-O");
    assert_eq!(game.fen(), "3k4/8/8/8/8/8/8/5RK1[] b - - 2 2 -");
}

#[test]
fn dl13_a_deployed_pawn_may_double_step() {
    let mut game = rolled(&standard(), 'P');
    play(&mut game, "a2 c6 a4");
    assert_eq!(game.moves_san(), ["[P]>Pa2", "c6", "a4"]);
    assert_eq!(game.fen(), "4k3/3ppp2/2p5/8/P7/8/2PPPP2/4K3[QRRBBNNPPPqrrbbnnpppp] b e1e8 a3 0 2 -");
}

#[test]
fn dl14_revival_returns_captured_pieces_to_their_owner() {
    let mut game = game("4k3/8/8/8/8/8/3r4/3QK3[] w e1 - 0 1 -", "captured=revival");
    play(&mut game, "Qxd2");
    assert_eq!(game.fen(), "4k3/8/8/8/8/8/3Q4/4K3[r] b e1 - 0 1 -");
    let mut promoted = game_with("4k3/8/8/8/8/8/6p1/4K2R[] b e1h1 - 0 1 -", "captured=revival");
    play(&mut promoted, "g1=Q+ Rxg1");
    assert!(promoted.fen().starts_with("4k3/8/8/8/8/8/8/4K1R1[p] b "), "{}", promoted.fen());
    let mut removed = game_with("4k3/8/8/8/8/8/3r4/3QK3[] w e1 - 0 1 -", "");
    play(&mut removed, "Qxd2");
    assert!(removed.fen().starts_with("4k3/8/8/8/8/8/3Q4/4K3[] b"));
}

fn game_with(fen: &str, options: &str) -> Game {
    game(fen, options)
}

#[test]
fn mate_is_marked_only_when_no_face_could_block() {
    let can_block = game("k7/8/r7/8/8/8/3P1P2/3RKR2[NP] b e1 - 0 1 -", "");
    assert!(sans(can_block.position()).contains(&"Re6+".to_string()));
    let cannot = game("k7/8/r7/8/8/8/3P1P2/3RKR2[N] b e1 - 0 1 -", "");
    assert!(sans(cannot.position()).contains(&"Re6#".to_string()));
    let mut played = cannot.clone();
    play(&mut played, "Re6");
    assert!(lost_by(&played, Color::White));
}

#[test]
fn deployments_read_in_every_form() {
    let game = rolled(&standard(), 'N');
    for text in ["g1", "Ng1", "N@g1", ">Ng1", "[N]>Ng1"] {
        let mv = notation::parse_move(game.position(), text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(notation::san(game.position(), mv), "[N]>Ng1", "{text}");
    }
    let refusal = notation::parse_move(standard().position(), ">Ng1").unwrap_err().to_string();
    assert!(refusal.contains("roll first"), "{refusal}");
    assert!(notation::parse_move(game.position(), "e4").is_err(), "a deployment is the whole turn");
}

#[test]
fn dl_fen_round_trips_and_refuses_what_section_3_forbids() {
    let rules = Variant::DiceLanding.rules().unwrap();
    for text in [
        STANDARD,
        dicelanding::KING_ONLY,
        "r3k3/8/8/8/8/8/8/R3K3[] b e1a1e8a8 - 0 1 a1",
        "4k3/8/8/8/8/8/8/R7[K] w - - 0 1 -",
        "4k3/8/8/8/8/8/8/4K2R[Qq] b e1h1e8 - 7 30 h1",
    ] {
        let position = fen::parse(&rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(fen::write(&position), text);
    }
    let error = |text: &str| fen::parse(&rules, text).unwrap_err().to_string();
    assert!(error("4k3/8/8/8/8/8/8/4K3[K] w - - 0 1 -").contains("2 kings"));
    assert!(error("8/8/8/8/8/8/8/4K3[] w - - 0 1 -").contains("0 kings"));
    assert!(error("4k3/8/8/8/8/8/8/P3K3[] w - - 0 1 -").contains("pawn on a1"));
    assert!(error("4k3/8/8/8/8/8/8/4R3[K] w - - 0 1 -").contains("must hold no White piece"));
    assert!(error("4k3/8/8/8/8/8/8/4K3[] w a1 - 0 1 -").contains("a1 is listed as unmoved"));
    assert!(error("4k3/4R3/8/8/8/8/8/4K3[] w - - 0 1 -").contains("not to move is in check"));
    assert!(error("4k3/8/8/8/8/8/8/4K3 w - - 0 1 -").contains("reserves"));
    assert!(error("4k3/8/8/8/8/8/8/4K3[] w - - 0 1 e1").contains("exempt"));
    assert!(error("4k3/8/8/8/8/8/8/4K3[] w - - 0 1").contains("7"));
}

#[test]
fn king_only_lineup_and_handicaps() {
    let king_only = Game::create(Variant::DiceLanding, "lineup=king-only", None).unwrap();
    assert_eq!(king_only.fen(), dicelanding::KING_ONLY);
    assert_eq!(sans(king_only.position()), ["Kd1", "Kd2", "Ke2", "Kf1", "Kf2"]);
    let handicap = game("4k3/2pppp2/8/8/8/8/2PPPP2/4K3[QRRBPqrbn] w e1e8 - 0 1 -", "");
    assert_eq!(handicap.record().start.as_deref(), Some("4k3/2pppp2/8/8/8/8/2PPPP2/4K3[QRRBPqrbn] w e1e8 - 0 1 -"));
}

#[test]
fn board_move_perft_from_the_standard_start() {
    let rules = Variant::DiceLanding.rules().unwrap();
    let mut position = fen::parse(&rules, STANDARD).unwrap();
    assert_eq!(perft::perft(&mut position, 1), 10);
    assert_eq!(perft::perft(&mut position, 2), 100);
    assert_eq!(fen::write(&position), STANDARD);
}

#[test]
fn records_replay_with_their_rolls() {
    let mut game = rolled(&standard(), 'N');
    play(&mut game, "g1");
    let game2 = rolled(&game, 'Q');
    let mut game = game2;
    play(&mut game, "Qd8");
    let record = game.record();
    assert_eq!(record.actions, ["roll white roll 2", "N@g1", "roll black roll 5", "Q@d8"]);
    let replayed = Game::replay(&record).unwrap();
    assert_eq!(replayed.fen(), game.fen());
    assert_eq!(replayed.moves_san(), ["[N]>Ng1", "[Q]>Qd8"]);
    assert_eq!(game.roll_text(&(0, vec![6])).unwrap(), "{d6 6: *}");
}

#[test]
fn insufficient_material_only_with_both_reserves_empty() {
    let dead = game("4k3/8/8/8/8/8/8/1N2K3[] w - - 0 1 -", "");
    assert_eq!(dead.outcome(), Some(Outcome { winner: None, reason: EndReason::DeadPosition }));
    let alive = game("4k3/8/8/8/8/8/8/1N2K3[p] w - - 0 1 -", "");
    assert_eq!(alive.outcome(), None, "a reserve can still bring mating material");
}

/// The game's PGN, checked to read back into the same game.
fn pgn_read_back(game: &Game) -> String {
    let pgn = rookery_engine::pgn::write(game, &Default::default());
    let record = rookery_engine::pgn_read::read(&pgn).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    let replayed = Game::replay(&record).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    assert_eq!((replayed.fen(), replayed.outcome()), (game.fen(), game.outcome()), "{pgn}");
    pgn
}

#[test]
fn a_loss_by_r5_is_its_own_reason_and_is_written_with_its_face_and_a_cross() {
    let lost = rolled(&game("k7/8/4r3/8/8/8/3P1P2/4K3[QRBNP] w e1 - 0 1 -", ""), 'N');
    let outcome = lost.outcome().expect("the roll decided the game");
    assert_eq!((outcome.winner, outcome.reason), (Some(Color::Black), EndReason::RollInCheck));
    assert_eq!(outcome.reason.to_string(), "a roll in check that could not block");
    assert_eq!(lost.roll_ending_text().as_deref(), Some("[N]>×"));
    let pgn = pgn_read_back(&lost);
    assert!(pgn.contains("[Termination \"Normal\"]"), "{pgn}");
    assert!(pgn.contains("{d6 2: N} 1. [N]>× {Black wins by a roll in check that could not block.} 0-1"), "{pgn}");
}

#[test]
fn a_failed_roll_with_no_move_left_is_written_as_the_face_and_a_less_than_sign() {
    // In check: a failed roll with no board move is still checkmate (§4).
    let mated = rolled(&game("k7/8/4r3/8/8/8/3P1P2/3RKR2[NP] w e1 - 0 1 -", ""), 'B');
    assert_eq!(mated.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
    assert_eq!(mated.roll_ending_text().as_deref(), Some("[B]<"));
    assert!(pgn_read_back(&mated).contains("{d6 3: B} 1. [B]< {Black wins by checkmate.} 0-1"));
    // Not in check, nothing to move (R11's forced roll): a failure is the true stalemate.
    let stalemate = rolled(&game("k7/2Q5/8/8/8/8/8/7K[n] b - - 0 7 -", ""), 'Q');
    assert_eq!(stalemate.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }));
    assert!(pgn_read_back(&stalemate).contains("{d6 5: Q} 7... [Q]< {Draw by stalemate.} 1/2-1/2"));
    // A resignation after a failed roll is no such turn: the roll's comment says it.
    let mut resigned = rolled(&game("k7/8/8/8/8/8/8/4K3[N] w - - 0 1 -", ""), 'Q');
    resigned.apply(Action::Resign(Color::White)).unwrap();
    assert_eq!(resigned.roll_ending_text(), None);
    assert!(!pgn_read_back(&resigned).contains("[Q]<"));
}

#[test]
fn dl6_the_voluntary_roll_in_check_is_warned_about_face_by_face() {
    let start = game("k7/8/4r3/8/8/8/3P1P2/4K3[QRBNP] w e1 - 0 1 -", "");
    let warning = start.roll_warning(0).expect("in check, the roll is a gamble");
    assert_eq!(
        warning,
        "You are in check, so rolling is a gamble (rule R5): `P`, `*` lands a blocker, which you must deploy; \
         `N`, `B`, `R`, `Q` lands a piece that cannot block, and you **lose at once**."
    );
    let fallback = game("k7/8/4r3/8/8/8/3P1P2/4K3[QRBNP] w e1 - 0 1 -", "unblockable_check_roll=fallback");
    assert!(fallback.roll_warning(0).unwrap().contains("`N`, `B`, `R`, `Q` fails"));
    // Not in check, or a roll that is forced: nothing to confirm.
    assert_eq!(standard().roll_warning(0), None);
    let forced = game("k7/8/4r3/8/8/8/3P1P2/3RKR2[NP] w e1 - 0 1 -", "");
    assert_eq!(forced.roll_warning(1), None);
    assert_eq!(forced.roll_warning(0), None);
}
