//! The turn protocol on toy rules defined here: required automatic rolls that
//! chain, forced and voluntary passes with an allowance, royal capture, and a
//! secret choice committed before move 1 and revealed when the rules ask.

use std::sync::Arc;

use rookery_engine::game::{parse_action, Action, Choice, EndReason, Game, GameError, Outcome};
use rookery_engine::gating::{Gating, KindGate};
use rookery_engine::grants::{Grant, Grants};
use rookery_engine::royalty::Royalty;
use rookery_engine::rules::{Chance, InTree, RollKind, TurnRoll};
use rookery_engine::turns::{commitment, PassRule, SecretRule, TurnRules};
use rookery_engine::variant::register;
use rookery_engine::{Color, GameOptions, Position, Rules, Variant};

const D6: &[RollKind] = &[RollKind { dice: &[6], word: "roll", label: "die", automatic: true }];

/// Roll a d6 at the start of every turn and again after every six.
fn chain_until_not_six(_: &Position, _: &GameOptions, rolls: &[TurnRoll]) -> Option<usize> {
    match rolls.last() {
        None => Some(0),
        Some((_, faces)) if faces == &[6] => Some(0),
        Some(_) => None,
    }
}

fn never(_: &Position, _: &GameOptions, _: &[TurnRoll], _: usize) -> Result<(), String> {
    Err("only when the turn requires it".into())
}

fn no_grants(_: &Position, _: &GameOptions, _: &[TurnRoll]) -> Grants {
    Grants::NONE
}

fn describe((_, faces): &TurnRoll) -> String {
    format!("[{}]", faces[0])
}

fn chess_with(variant: Variant, change: impl FnOnce(&mut Rules)) -> Arc<Rules> {
    let mut rules = (*Variant::Chess.rules().unwrap()).clone();
    rules.variant = variant;
    change(&mut rules);
    Arc::new(rules)
}

/// Chess with an automatic d6 chain every turn and one pass per side, forced
/// when a side has no move.
fn dice_chess(_: &GameOptions) -> Arc<Rules> {
    chess_with(Variant::Registered("toydice"), |rules| {
        rules.chance = Some(Chance {
            kinds: D6,
            allowed: never,
            required: chain_until_not_six,
            grant: no_grants,
            describe,
            in_tree: InTree::Never,
        });
        rules.turns = TurnRules {
            passes: Some(PassRule { per_game: Some(1), voluntary: true, forced: true }),
            secret: None,
            forfeit: None,
        };
    })
}

/// Chess without check: the king is simply captured.
fn king_capture(_: &GameOptions) -> Arc<Rules> {
    chess_with(Variant::Registered("toykingcapture"), |rules| rules.royalty = Royalty::Capture)
}

/// The side to move is mated (in check, no move): its secret must be shown.
fn mated(position: &Position) -> Option<Color> {
    (position.is_check() && position.legal_moves().is_empty()).then(|| position.turn())
}

/// Mating the king named `E` wins; mating the decoy `F` is a draw-less loss
/// too in this toy, decided by the ordinary end detection.
fn revealed(_: &Position, side: Color, option: &str) -> Option<Color> {
    (option == "E").then_some(!side)
}

/// Chess where each side first picks a secret `E` or `F`.
fn secret_chess(_: &GameOptions) -> Arc<Rules> {
    chess_with(Variant::Registered("toysecret"), |rules| {
        rules.turns = TurnRules {
            passes: None,
            secret: Some(SecretRule { options: &["E", "F"], label: "true king", reveal_due: mated, revealed }),
            forfeit: None,
        };
    })
}

fn roll(game: &mut Game, face: u32) -> Result<(), GameError> {
    let side = game.position().turn();
    game.apply(Action::Roll { side, kind: 0, faces: vec![face] })
}

fn only_required_roll(game: &Game) -> bool {
    game.turn().unwrap().choices == [Choice::Roll { kind: 0, dice: vec![6], required: true }]
}

#[test]
fn a_required_roll_comes_first_and_chains_on_sixes() {
    let variant = register("toydice", dice_chess);
    let mut game = Game::new(variant).unwrap();
    assert!(only_required_roll(&game));
    assert_eq!(game.play_move(Color::White, "e4"), Err(GameError::RollFirst("die")));
    assert_eq!(game.apply(Action::Pass(Color::White)), Err(GameError::RollFirst("die")));
    assert_eq!(game.apply(Action::Roll { side: Color::Black, kind: 0, faces: vec![3] }), Err(GameError::NotYourTurn));
    assert!(matches!(roll(&mut game, 7), Err(GameError::RollRefused(_))));
    roll(&mut game, 6).unwrap();
    assert!(only_required_roll(&game), "a six rolls again");
    roll(&mut game, 2).unwrap();
    let choices = game.turn().unwrap().choices;
    assert_eq!(choices, [Choice::Move, Choice::Pass { forced: false }]);
    assert!(matches!(roll(&mut game, 4), Err(GameError::RollRefused(_))), "no roll once the chain ended");
    game.play_move(Color::White, "e4").unwrap();
    assert!(only_required_roll(&game), "every turn starts with a roll");
    assert_eq!(game.record().actions, ["roll white 6", "roll white 2", "e2e4"]);
}

#[test]
fn no_move_is_not_stalemate_while_a_roll_or_pass_remains() {
    let variant = register("toydice", dice_chess);
    // Black to move is stalemated in chess terms.
    let mut game = Game::from_fen(variant, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(game.outcome(), None, "the roll comes first");
    roll(&mut game, 1).unwrap();
    assert_eq!(game.outcome(), None, "the pass is still there");
    assert_eq!(game.turn().unwrap().choices, [Choice::Pass { forced: true }]);
    game.apply(Action::Pass(Color::Black)).unwrap();
    assert_eq!(game.passes_made(Color::Black), 1);
    assert_eq!(game.position().turn(), Color::White);
    assert_eq!(game.position().fullmove_number(), 2);
    assert!(only_required_roll(&game));
    roll(&mut game, 5).unwrap();
    game.play_move(Color::White, "Kh6").unwrap();
    assert_eq!(game.outcome(), None);
    roll(&mut game, 3).unwrap();
    // Still stuck, and the one pass is spent: now it is stalemate.
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }));
    assert_eq!(game.moves_san(), ["pass", "Kh6"]);
    let record = game.record();
    assert_eq!(record.actions, ["roll black 1", "pass black", "roll white 5", "g6h6", "roll black 3"]);
    let replayed = Game::replay(&record).unwrap();
    assert_eq!((replayed.fen(), replayed.outcome()), (game.fen(), game.outcome()));
}

#[test]
fn mate_waits_for_the_roll_and_a_pass_is_no_way_out_of_check() {
    let variant = register("toydice", dice_chess);
    let mut game = Game::from_fen(variant, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    assert_eq!(game.outcome(), None);
    roll(&mut game, 6).unwrap();
    assert_eq!(game.outcome(), None, "a six still owes a roll");
    roll(&mut game, 1).unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::Checkmate }));
}

#[test]
fn a_mate_is_marked_once_the_roll_has_confirmed_it() {
    let variant = register("toydice", dice_chess);
    let mut game = Game::new(variant).unwrap();
    for mv in ["f3", "e5", "g4", "Qh4"] {
        roll(&mut game, 2).unwrap();
        let side = game.position().turn();
        game.play_move(side, mv).unwrap();
    }
    assert_eq!(game.moves_san().last().unwrap(), "Qh4+", "White's roll is still to come");
    assert_eq!(game.outcome(), None);
    roll(&mut game, 5).unwrap();
    assert_eq!(game.moves_san().last().unwrap(), "Qh4#");
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Checkmate }));
}

#[test]
fn voluntary_pass_allowance_and_takeback_across_rolls_and_passes() {
    let variant = register("toydice", dice_chess);
    let mut game = Game::new(variant).unwrap();
    roll(&mut game, 3).unwrap();
    game.apply(Action::Pass(Color::White)).unwrap();
    roll(&mut game, 6).unwrap();
    roll(&mut game, 5).unwrap();
    game.play_move(Color::Black, "e5").unwrap();
    roll(&mut game, 2).unwrap();
    let refused = game.apply(Action::Pass(Color::White)).unwrap_err();
    assert!(matches!(&refused, GameError::PassRefused(r) if r.contains("used your 1 pass")), "{refused}");
    assert!(!game.turn().unwrap().choices.iter().any(|c| matches!(c, Choice::Pass { .. })));
    // Taking back Black's move keeps the rolls made before it: no reroll.
    let back = game.without_last_moves(1).unwrap();
    assert_eq!(back.turn_rolls(), [(0, vec![6]), (0, vec![5])]);
    assert_eq!(back.position().turn(), Color::Black);
    // Two turns back undoes White's pass too, and gives the pass back.
    let back = game.without_last_moves(2).unwrap();
    assert_eq!((back.passes_made(Color::White), back.turn_rolls()), (0, &[(0, vec![3])][..]));
    assert!(back.turn().unwrap().choices.contains(&Choice::Pass { forced: false }));
    assert!(game.without_last_moves(3).is_none());
    let pgn = rookery_engine::pgn::write(&game, &Default::default());
    assert!(pgn.contains("[3] 1. pass [6] [5] 1... e5 [2] *"), "{pgn}");
}

#[test]
fn capturing_the_last_royal_piece_wins() {
    let variant = register("toykingcapture", king_capture);
    let mut game = Game::new(variant).unwrap();
    for mv in ["e4", "f6", "Qh5", "a6"] {
        let side = game.position().turn();
        game.play_move(side, mv).unwrap();
    }
    assert_eq!(game.outcome(), None, "the king in check is no end without check rules");
    game.play_move(Color::White, "Qxe8").unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::RoyalCaptured }));
    assert_eq!(EndReason::RoyalCaptured.to_string(), "capture of the king");
}

fn committed(side: Color, option: &str, nonce: &str) -> Action {
    Action::ChooseSecret { side, context: "game7".into(), commitment: commitment("game7", side, option, nonce) }
}

#[test]
fn a_secret_is_committed_before_move_one_and_checked_when_revealed() {
    let variant = register("toysecret", secret_chess);
    let mut game = Game::new(variant).unwrap();
    let asks = |game: &Game, side| {
        let turn = game.turn().unwrap();
        turn.side == side && turn.choices == [Choice::ChooseSecret { options: vec!["E".into(), "F".into()] }]
    };
    assert!(asks(&game, Color::White));
    assert_eq!(game.play_move(Color::White, "f3"), Err(GameError::SecretFirst));
    game.apply(committed(Color::White, "F", "aa11")).unwrap();
    // Black chooses while White is the side to move.
    assert!(asks(&game, Color::Black) && game.position().turn() == Color::White);
    assert!(matches!(game.apply(committed(Color::White, "E", "bb")), Err(GameError::SecretRefused(_))));
    game.apply(committed(Color::Black, "E", "cc22")).unwrap();
    for mv in ["f3", "e5", "g4", "Qh4"] {
        let side = game.position().turn();
        game.play_move(side, mv).unwrap();
    }
    // White is mated: the game waits for White's reveal.
    assert_eq!(game.outcome(), None);
    let turn = game.turn().unwrap();
    assert_eq!((turn.side, turn.choices), (Color::White, vec![Choice::Reveal]));
    let lie = Action::Reveal { side: Color::White, option: "E".into(), nonce: "aa11".into() };
    assert!(matches!(game.apply(lie), Err(GameError::SecretRefused(r)) if r.contains("do not match")));
    game.apply(Action::Reveal { side: Color::White, option: "F".into(), nonce: "aa11".into() }).unwrap();
    assert_eq!(game.revealed_secret(Color::White), Some("F"));
    // The decoy was mated; in this toy the ordinary mate still ends it.
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Checkmate }));
    // After the game the other side reveals too; a second reveal is refused.
    game.apply(Action::Reveal { side: Color::Black, option: "E".into(), nonce: "cc22".into() }).unwrap();
    let again = Action::Reveal { side: Color::Black, option: "E".into(), nonce: "cc22".into() };
    assert!(matches!(game.apply(again), Err(GameError::SecretRefused(_))));

    let record = game.record();
    let white_commitment = commitment("game7", Color::White, "F", "aa11");
    assert_eq!(record.actions[0], format!("choose white game7 {white_commitment}"));
    assert!(!record.actions[..6].iter().any(|a| a.contains("aa11") || a.ends_with(" F")), "{:?}", record.actions);
    let replayed = Game::replay(&record).unwrap();
    assert_eq!(replayed.revealed_secret(Color::Black), Some("E"));
    assert_eq!(replayed.outcome(), game.outcome());
}

#[test]
fn revealing_the_true_king_decides_the_game() {
    let variant = register("toysecret", secret_chess);
    let mut game = Game::new(variant).unwrap();
    game.apply(committed(Color::White, "E", "01")).unwrap();
    game.apply(committed(Color::Black, "F", "02")).unwrap();
    for mv in ["f3", "e5", "g4", "Qh4"] {
        let side = game.position().turn();
        game.play_move(side, mv).unwrap();
    }
    assert_eq!(game.turn().unwrap().choices, [Choice::Reveal]);
    game.apply(Action::Reveal { side: Color::White, option: "E".into(), nonce: "01".into() }).unwrap();
    assert_eq!(game.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Checkmate }));
}

#[test]
fn records_name_a_roll_kind_when_counts_do_not_tell() {
    let variant = register("toydice", dice_chess);
    let game = Game::new(variant).unwrap();
    let position = game.position();
    assert_eq!(
        parse_action(position, "roll white 4"),
        Ok(Action::Roll { side: Color::White, kind: 0, faces: vec![4] })
    );
    assert_eq!(
        parse_action(position, "roll white roll 4"),
        Ok(Action::Roll { side: Color::White, kind: 0, faces: vec![4] })
    );
    assert!(parse_action(position, "roll white lucky8 4").is_err());
    assert_eq!(
        parse_action(position, "reveal black F 00ff"),
        Ok(Action::Reveal { side: Color::Black, option: "F".into(), nonce: "00ff".into() })
    );
    assert_eq!("toydice".parse::<Variant>(), Ok(variant));
    assert_eq!(variant.name(), "toydice");
}

const TWO_D4: &[RollKind] = &[RollKind { dice: &[4, 4], word: "roll", label: "2d4", automatic: true }];
const ANY: Grant = Grant::new(0);

fn face(n: u32) -> Grant {
    Grant::new(n as u8)
}

/// 2d4 at the start of every turn and again on every double.
fn chain_until_not_double(_: &Position, _: &GameOptions, rolls: &[TurnRoll]) -> Option<usize> {
    match rolls.last() {
        Some((_, faces)) if faces[0] != faces[1] => None,
        _ => Some(0),
    }
}

/// Each face shown grants itself; a first roll that is a double grants all.
fn faces_shown(_: &Position, _: &GameOptions, rolls: &[TurnRoll]) -> Grants {
    let mut grants = Grants::NONE;
    for (_, faces) in rolls {
        for f in faces {
            grants |= face(*f);
        }
    }
    match rolls.first() {
        Some((_, faces)) if faces[0] == faces[1] => grants | ANY,
        _ => grants,
    }
}

/// Chess whose knights need a [2] and kings a [4] (or a first double).
fn gated_dice(_: &GameOptions) -> Arc<Rules> {
    chess_with(Variant::Registered("toygated"), |rules| {
        let mut kinds = vec![KindGate::free(); rules.kinds.len()];
        let knight = rules.kind_by_letter('N').unwrap();
        let king = rules.kind_by_letter('K').unwrap();
        kinds[knight.0 as usize] = KindGate::needs(Grants::NONE | face(2) | ANY);
        kinds[king.0 as usize] = KindGate::needs(Grants::NONE | face(4) | ANY);
        rules.gating = Some(Gating { kinds, castling: Grants::NONE, drops_only: Grants::NONE, teleports: Vec::new() });
        rules.chance = Some(Chance {
            kinds: TWO_D4,
            allowed: never,
            required: chain_until_not_double,
            grant: faces_shown,
            describe,
            in_tree: InTree::Never,
        });
        rules.turns = TurnRules {
            passes: Some(PassRule { per_game: Some(1), voluntary: false, forced: true }),
            secret: None,
            forfeit: None,
        };
    })
}

fn roll2(game: &mut Game, a: u32, b: u32) {
    let side = game.position().turn();
    game.apply(Action::Roll { side, kind: 0, faces: vec![a, b] }).unwrap();
}

#[test]
fn the_roll_gates_the_moves_and_a_roll_without_moves_forces_the_pass() {
    let variant = register("toygated", gated_dice);
    let mut game = Game::new(variant).unwrap();
    assert_eq!(game.turn().unwrap().choices, [Choice::Roll { kind: 0, dice: vec![4, 4], required: true }]);
    roll2(&mut game, 1, 3);
    assert_eq!(game.position().legal_moves().len(), 16, "pawns only");
    assert!(matches!(game.play_move(Color::White, "Nf3"), Err(GameError::Move(_))));
    let mut game = Game::new(variant).unwrap();
    roll2(&mut game, 3, 3);
    roll2(&mut game, 2, 4);
    assert_eq!(game.position().legal_moves().len(), 20, "a first double opens everything");

    // Blocked pawns, a knight and kings that may not move without their faces.
    let mut game = Game::from_fen(variant, "k7/8/8/8/8/p7/P7/KN6 w - - 0 1").unwrap();
    roll2(&mut game, 1, 3);
    assert_eq!(game.turn().unwrap().choices, [Choice::Pass { forced: true }]);
    assert!(matches!(game.apply(Action::Pass(Color::Black)), Err(GameError::NotYourTurn)));
    game.apply(Action::Pass(Color::White)).unwrap();
    roll2(&mut game, 1, 2);
    assert_eq!(game.turn().unwrap().choices, [Choice::Pass { forced: true }]);
    game.apply(Action::Pass(Color::Black)).unwrap();
    roll2(&mut game, 2, 3);
    let turn = game.turn().unwrap();
    assert_eq!(turn.choices, [Choice::Move], "no pass left, and none voluntary");
    assert_eq!(game.position().legal_moves().len(), 3);
    game.play_move(Color::White, "Nc3").unwrap();
    roll2(&mut game, 1, 2);
    assert_eq!(game.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }));
}
