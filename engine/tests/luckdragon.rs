//! Luck Dragon Chess: every worked case of §9 of the rules
//! (`shared/rules/luck-dragon.md`) and the decisions that change legality.

use rookery_engine::game::{Action, Choice, EndReason, Game, GameError, Outcome};
use rookery_engine::notation;
use rookery_engine::{Color, Variant};

/// A game from `fen` (or the start) after `moves`.
fn game(fen: Option<&str>, moves: &str) -> Game {
    let mut game = match fen {
        Some(text) => Game::from_fen(Variant::LuckDragon, text).unwrap(),
        None => Game::new(Variant::LuckDragon).unwrap(),
    };
    for mv in moves.split_whitespace() {
        let side = game.position().turn();
        game.play_move(side, mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    game
}

/// Every legal move of the side to move in SAN, without check marks, sorted.
fn legal(game: &Game) -> Vec<String> {
    let position = game.position();
    let moves = position.legal_moves();
    let mut names: Vec<String> = moves
        .iter()
        .map(|m| notation::san_among(position, *m, &moves).trim_end_matches(['+', '#']).to_string())
        .collect();
    names.sort();
    names
}

/// The legal moves whose SAN starts with `prefix`.
fn legal_starting(game: &Game, prefix: &str) -> Vec<String> {
    legal(game).into_iter().filter(|m| m.starts_with(prefix)).collect()
}

fn sorted(names: &str) -> Vec<String> {
    let mut v: Vec<String> = names.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

fn is_legal(game: &Game, text: &str) -> bool {
    notation::parse_move(game.position(), text).is_ok()
}

fn roll(game: &mut Game, faces: &[u32]) -> Result<(), GameError> {
    let side = game.position().turn();
    let kind = usize::from(faces.len() == 1);
    game.apply(Action::Roll { side, kind, faces: faces.to_vec() })
}

#[test]
fn t01_start_position() {
    let start = game(None, "");
    assert_eq!(legal(&start).len(), 58);
    assert_eq!(legal_starting(&start, "L"), sorted("La3 La3/R Lb4 Lb4/R Li4 Li4/R Lj3 Lj3/R"));
    for illegal in ["Lc1", "Lg2", "Ld2"] {
        assert!(!is_legal(&start, illegal), "{illegal}");
    }
}

#[test]
fn t02_entrance_double_leaps() {
    let start = game(None, "");
    let leaps = sorted(
        "NNb4 NNb4/B NNb4/R NNd4 NNd4/B NNd4/R NNf4 NNf4/B NNf4/R \
         NNe4 NNe4/B NNe4/R NNg4 NNg4/B NNg4/R NNi4 NNi4/B NNi4/R",
    );
    assert_eq!(legal_starting(&start, "NN"), leaps);
    for illegal in ["NNa5", "NNc5", "NNe5", "NNc1", "c1c1"] {
        assert!(!is_legal(&start, illegal), "{illegal}");
    }
    assert_eq!(
        notation::parse_move(start.position(), "c1d4").unwrap().special,
        rookery_engine::Special::DoubleLeap(rookery_engine::Relocation::None)
    );
}

#[test]
fn t03_entrance_is_once_per_side_and_later_leaps_once_per_knight() {
    let mut g = game(None, "NNd4 a6");
    assert_eq!(legal_starting(&g, "Nh"), Vec::<String>::new());
    let h1_moves: Vec<String> =
        legal(&g).into_iter().filter(|m| m.starts_with("Ng3") || m.starts_with("Ni3")).collect();
    assert_eq!(h1_moves, sorted("Ng3 Ng3/B Ng3/R Ni3 Ni3/B Ni3/R"));
    assert!(legal_starting(&g, "NN").iter().all(|m| !m.contains('/')), "only the d4 knight leaps");
    let targets: Vec<String> = legal_starting(&g, "NN").iter().map(|m| m[2..].to_string()).collect();
    assert_eq!(targets, sorted("a3 a5 a7 b4 c1 c3 c5 d6 e3 e5 f4 g3 g5 h4 h6"));
    for illegal in ["NNe6", "NNg6"] {
        assert!(!is_legal(&g, illegal), "{illegal}");
    }
    assert!(g.fen().ends_with(" abdeghij/abcdeghij e -"), "{}", g.fen());
    g.play_move(Color::White, "NNh4").unwrap();
    assert!(g.fen().ends_with(" e h4"), "{}", g.fen());
    g.play_move(Color::Black, "a5").unwrap();
    assert_eq!(legal_starting(&g, "NN"), Vec::<String>::new(), "the h4 knight spent its leap");
}

#[test]
fn t04_double_leap_back_home_rank() {
    let g = game(None, "d4 a6");
    assert!(is_legal(&g, "NNd2"));
    assert_eq!(
        notation::parse_move(g.position(), "NNd2").unwrap(),
        notation::parse_move(g.position(), "c1d2").unwrap()
    );
}

#[test]
fn t05_a_pinned_knight_never_double_leaps() {
    let pinned = game(Some("k9/10/10/9b/10/7N2/10/5K4 w - - 0 1 -/- - -"), "");
    assert_eq!(legal(&pinned), sorted("Ke1 Ke2 Kf2 Kg1 Kg2"));
    assert!(!is_legal(&pinned, "NNg2"));
    let free = game(Some("k9/10/10/10/10/7N2/10/5K4 w - - 0 1 -/- - -"), "");
    let leaps = legal_starting(&free, "NN");
    assert_eq!(leaps.len(), 19, "{leaps:?}");
    assert!(leaps.contains(&"NNg2".to_string()));
}

#[test]
fn t06_relocation_into_the_vacated_square() {
    let g = game(None, "e4 e5");
    for legal_move in ["Be2", "Be2/Q", "Be2/N", "Qe2", "Qe2/B"] {
        assert!(is_legal(&g, legal_move), "{legal_move}");
    }
    for illegal in ["Be2/K", "Qe2/K", "e2e3/Q"] {
        assert!(!is_legal(&g, illegal), "{illegal}");
    }
    let after = game(None, "e4 e5 Be2/Q");
    assert!(after.fen().starts_with("lrnbqkbnrl/pppp1ppppp/10/4p5/4P5/10/PPPPBPPPPP/LRNQ1KBNRL b "), "{}", after.fen());
    assert!(after.fen().ends_with(" abcghij/abcdeghij Ee -"), "{}", after.fen());
}

#[test]
fn t07_rook_relocated_into_the_corner_keeps_castling() {
    let g = game(None, "Li4/R a6");
    assert_eq!(g.fen(), "lrnbqkbnrl/1ppppppppp/p9/10/8L1/10/PPPPPPPPPP/LRNBQKBN1R w KQkq - 0 2 abcdegh/abcdeghij Ee -");
    let h1: Vec<String> = legal(&g)
        .into_iter()
        .filter(|m| ["Ng3", "Ni3", "NNe4", "NNg4", "NNi4"].iter().any(|p| m.starts_with(p)))
        .collect();
    assert_eq!(h1, sorted("Ng3 Ng3/B Ni3 Ni3/B NNe4 NNe4/B NNg4 NNg4/B"));
    // Inward relocation loses the right (D9).
    assert!(game(None, "Nb3/R a6").fen().contains(" Kkq "));
}

#[test]
fn t08_castling_from_the_corner() {
    let fen = "lrnbqkbnrl/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1 -/abcdeghij Ee -";
    assert!(game(Some(fen), "O-O").fen().starts_with("lrnbqkbnrl/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b kq "));
    assert!(game(Some(fen), "O-O-O").fen().starts_with("lrnbqkbnrl/pppppppppp/10/10/10/10/PPPPPPPPPP/2KR5R b kq "));
    assert!(is_legal(&game(Some(fen), ""), "f1i1") && is_legal(&game(Some(fen), ""), "f1c1"));
}

#[test]
fn t09_castling_with_the_rook_on_its_square() {
    let fen = "lrnbqkbnrl/pppppppppp/10/10/10/10/PPPPPPPPPP/LR3K2RL w KQkq - 0 1 abij/abcdeghij Ee -";
    assert!(game(Some(fen), "O-O").fen().starts_with("lrnbqkbnrl/pppppppppp/10/10/10/10/PPPPPPPPPP/LR4RK1L b kq "));
    assert!(game(Some(fen), "O-O-O").fen().starts_with("lrnbqkbnrl/pppppppppp/10/10/10/10/PPPPPPPPPP/L2KR3RL b kq "));
    let g = game(Some(fen), "");
    assert!(legal_starting(&g, "O-O").iter().all(|m| !m.contains('/')), "no relocation with castling (D7)");
    assert!(is_legal(&g, "f1i1"), "the king onto its rook");
}

#[test]
fn t10_castling_through_an_attacked_square() {
    let g = game(Some("k5r3/10/10/10/10/10/PPPPPP1PPP/R4K3R w KQ - 0 1 -/- Ee -"), "");
    assert!(!is_legal(&g, "O-O"));
    assert_eq!(notation::coordinates(g.position(), notation::parse_move(g.position(), "O-O-O").unwrap()), "f1c1");
}

#[test]
fn t11_checkmate_refuses_the_dice() {
    let mut g = game(Some("k9/10/10/10/10/10/4PPP3/r4K4 w - - 0 1 -/- - -"), "");
    assert_eq!(g.outcome(), Some(Outcome { winner: Some(Color::Black), reason: EndReason::Checkmate }));
    assert_eq!(g.turn(), None);
    assert!(matches!(roll(&mut g, &[2, 2, 7]), Err(GameError::Over(_))));
}

#[test]
fn t12_luck_dice_king_moves() {
    let fen = "k4r4/10/10/10/3p6/5K4/10/4b5 w - - 0 1 -/- - -";
    let ordinary = sorted("Ke2 Ke4 Kg2 Kg4");
    let knight = sorted("Ke5(N) Kg1(N) Kg5(N) Kh2(N)");
    let dragon = sorted("Kb3(L) Kc2(L) Kc4(L) Kd3(L) Ke6(L) Kg6(L) Kh3(L) Ki2(L) Ki4(L) Kj3(L)");
    let with = |extra: &[&Vec<String>]| {
        let mut all = ordinary.clone();
        extra.iter().for_each(|e| all.extend(e.iter().cloned()));
        all.sort();
        all
    };
    let mut g = game(Some(fen), "");
    assert_eq!(legal(&g), ordinary);
    assert!(g.turn().unwrap().choices.contains(&Choice::Roll { kind: 0, dice: vec![8, 8, 8], required: false }));
    roll(&mut g, &[2, 2, 7]).unwrap();
    assert_eq!(legal(&g), with(&[&knight]));
    assert!(roll(&mut g, &[5, 5, 5]).unwrap_err().to_string().contains("already rolled"));

    let mut g = game(Some(fen), "");
    roll(&mut g, &[5, 5, 5]).unwrap();
    assert_eq!(legal(&g), with(&[&knight, &dragon]));
    let mut g = Game::create(Variant::LuckDragon, "triple_includes_knight=no", Some(fen)).unwrap();
    roll(&mut g, &[5, 5, 5]).unwrap();
    assert_eq!(legal(&g), with(&[&dragon]));
    // A dice move never captures, and is the king's move: `f3d2` lands on an attacked square.
    for illegal in ["Ke1(N)", "Kd4(N)", "Kd2(N)", "Kh4(N)", "Kf5(L)", "Kf1(L)"] {
        assert!(!is_legal(&g, illegal), "{illegal}");
    }
    g.play_move(Color::White, "f3c2").unwrap();
    assert_eq!(g.moves_san(), ["Kc2(L)"]);
}

#[test]
fn t14_lucky8_wraps_around_the_edge() {
    let mut g = game(Some("5k4/10/10/10/3p4L1/10/10/5K4 w - - 0 1 -/- - -"), "");
    let ordinary = sorted("Le4 Lf3 Lf5 Lg4 Lh1 Lh7 Li2 Li6 Li8 Lj1 Lj7");
    assert_eq!(legal_starting(&g, "L"), ordinary);
    assert!(g.turn().unwrap().choices.contains(&Choice::Roll { kind: 1, dice: vec![8], required: false }));
    roll(&mut g, &[3]).unwrap();
    assert_eq!(legal_starting(&g, "L"), ordinary, "a miss grants nothing");
    assert!(roll(&mut g, &[8]).unwrap_err().to_string().contains("already tried"));

    let mut g = game(Some("5k4/10/10/10/3p4L1/10/10/5K4 w - - 0 1 -/- - -"), "");
    roll(&mut g, &[8]).unwrap();
    let mut wrapped = ordinary.clone();
    wrapped.extend(["La4(∞)".to_string(), "Lc4(∞)".to_string()]);
    wrapped.sort();
    assert_eq!(legal_starting(&g, "L"), wrapped);
    for illegal in ["Lb4(∞)", "Lj4(∞)", "Ld4(∞)", "Le4(∞)", "Lxd4"] {
        assert!(!is_legal(&g, illegal), "{illegal}");
    }
    assert_eq!(notation::parse_move(g.position(), "Lc4(inf)"), notation::parse_move(g.position(), "i4c4"));
    assert_eq!(notation::parse_move(g.position(), "lc4(8)"), notation::parse_move(g.position(), "Lc4(∞)"));
    // A misplaced mark is a friendly refusal, not a crash.
    assert!(notation::parse_move(g.position(), "Lc4∞q").is_err());
    g.play_move(Color::White, "Lc4(inf)").unwrap();
    assert_eq!(g.moves_san(), ["Lc4(∞)"]);
    assert!(legal_starting(&g, "").iter().all(|m| !m.contains('∞')), "the grant ends with the turn");
}

#[test]
fn t15_luck_dragon_reach() {
    let g = game(Some("k9/10/10/10/4L5/10/10/K9 w - - 0 1 -/- - -"), "");
    let targets: Vec<String> = legal_starting(&g, "L").iter().map(|m| m[1..].to_string()).collect();
    assert_eq!(targets, sorted("a4 c4 g4 i4 e2 e6 e8 b3 b5 d1 d7 f1 f7 h3 h5"));
}

#[test]
fn t16_dabbaba_leaps_and_slides_block() {
    let g = game(Some("k9/10/10/4P5/4Ln4/10/10/K9 w - - 0 1 -/- - -"), "");
    assert!(is_legal(&g, "Le6") && is_legal(&g, "Lg4"));
    for illegal in ["Le8", "Li4", "Lxf4", "Lf4"] {
        assert!(!is_legal(&g, illegal), "{illegal}");
    }
}

#[test]
fn t17_promotion_to_any_piece() {
    let fen = "9k/1P8/10/10/10/10/10/5K4 w - - 0 1 -/- - -";
    let g = game(Some(fen), "");
    assert_eq!(legal_starting(&g, "b8"), sorted("b8=Q b8=R b8=B b8=N b8=L"));
    assert!(is_legal(&g, "b7b8l") && is_legal(&g, "b8L"));
    let fide = Game::create(Variant::LuckDragon, "promotion_set=QRBN", Some(fen)).unwrap();
    assert_eq!(legal_starting(&fide, "b8"), sorted("b8=Q b8=R b8=B b8=N"));
}

#[test]
fn d08_relocation_may_give_check_but_a_double_leap_may_not() {
    let g = game(Some("k9/10/10/10/10/10/10/LR3K4 w - - 0 1 ab/- - -"), "");
    let mv = notation::parse_move(g.position(), "Lb4/R").unwrap();
    assert_eq!(notation::san(g.position(), mv), "Lb4/R+");
    let g = game(Some("2k7/10/10/10/10/10/10/1RN2K4 w - - 0 1 bc/- E -"), "");
    assert_eq!(notation::san(g.position(), notation::parse_move(g.position(), "Nb3/R").unwrap()), "Nb3/R+");
    assert!(is_legal(&g, "NNb4") && !is_legal(&g, "NNb4/R"), "the relocated rook would give check (D15)");
}

#[test]
fn d12_a_relocated_knight_keeps_its_later_leap_only() {
    let g = game(None, "e4 a6 Be2/N a5");
    assert!(g.fen().contains(" Ee "), "the relocation spent no entrance: {}", g.fen());
    assert!(is_legal(&g, "NNd5"), "a later leap may cross the centre line");
    assert!(is_legal(&g, "NNi4") && !is_legal(&g, "NNh5"), "the h1 knight keeps its entrance, on its own half");
}

#[test]
fn d15_a_double_leap_never_gives_check() {
    let direct = game(Some("4k5/10/10/10/10/10/3N6/K9 w - - 0 1 -/- - -"), "");
    assert!(!is_legal(&direct, "NNd6") && !is_legal(&direct, "NNf6"));
    assert!(is_legal(&game(Some("k9/10/10/10/10/10/3N6/K9 w - - 0 1 -/- - -"), ""), "NNd6"));
    let discovered = game(Some("4k5/10/10/10/4N5/10/10/K3R5 w - - 0 1 -/- - -"), "");
    assert!(!is_legal(&discovered, "NNg4") && !is_legal(&discovered, "NNc4"));
    assert!(is_legal(&discovered, "NNe2") && is_legal(&discovered, "NNe6"), "still on the line");
    assert!(is_legal(&discovered, "Nf6"), "a single leap may discover check");
}

#[test]
fn d13_the_middle_square_must_be_empty_and_nothing_is_captured() {
    // The h1 knight's only way to g4 runs over i3; blocked there, g4 is out of reach.
    let blocked = game(None, "i3 a6");
    assert!(!is_legal(&blocked, "NNg4") && is_legal(&blocked, "NNe4"));
    let g = game(Some("k9/10/10/10/3p6/10/3N6/K9 w - - 0 1 -/- - -"), "");
    assert!(!is_legal(&g, "NNd4") && !is_legal(&g, "NNxd4"));
}

#[test]
fn d17_a_promoted_knight_has_a_later_leap() {
    let g = game(Some("9k/1P8/10/10/10/10/P9/5K4 w - - 0 1 -/- - -"), "b8=N Kj7");
    assert!(is_legal(&g, "NNd4") && is_legal(&g, "NNb4"));
}

#[test]
fn d21_d24_luck_dice_once_per_turn_in_check_and_again_after_a_run() {
    let start = game(None, "");
    let mut g = start.clone();
    assert!(roll(&mut g, &[2, 2, 7]).unwrap_err().to_string().contains("only be rolled while your king is in check"));
    assert!(!start.turn().unwrap().choices.iter().any(|c| matches!(c, Choice::Roll { dice, .. } if dice.len() == 3)));

    let mut g = game(Some("k4r4/10/10/10/3p6/5K4/10/4b5 w - - 0 1 -/- - -"), "");
    roll(&mut g, &[4, 2, 3]).unwrap();
    assert_eq!(legal(&g).len(), 4, "a run grants no move");
    assert!(g.turn().unwrap().choices.contains(&Choice::Roll { kind: 0, dice: vec![8, 8, 8], required: false }));
    roll(&mut g, &[6, 8, 7]).unwrap();
    roll(&mut g, &[3, 3, 1]).unwrap();
    assert!(is_legal(&g, "Kg1(N)"), "the last result counts");
    assert!(roll(&mut g, &[5, 5, 5]).is_err());
    assert!(!g.turn().unwrap().choices.iter().any(|c| matches!(c, Choice::Roll { .. })), "no Luck Dragon for Lucky 8");
    let mut off =
        Game::create(Variant::LuckDragon, "luck_dice=off", Some("k4r4/10/10/10/3p6/5K4/10/4b5 w - - 0 1 -/- - -"))
            .unwrap();
    assert!(roll(&mut off, &[2, 2, 7]).unwrap_err().to_string().contains("without the Luck Dice"));
}

#[test]
fn d25_lucky8_needs_a_luck_dragon_and_commits_to_nothing() {
    let mut bare = game(Some("k9/10/10/10/10/10/10/KR8 w - - 0 1 -/- - -"), "");
    assert!(roll(&mut bare, &[8]).unwrap_err().to_string().contains("needs a Luck Dragon"));
    let mut g = game(None, "");
    roll(&mut g, &[8]).unwrap();
    g.play_move(Color::White, "e4").unwrap();
    let mut off = Game::create(Variant::LuckDragon, "lucky8=off", None).unwrap();
    assert!(roll(&mut off, &[8]).unwrap_err().to_string().contains("without Lucky 8"));
    assert!(roll(&mut g, &[9]).is_err() && roll(&mut g, &[8, 8]).is_err(), "faces must fit the dice");
}

#[test]
fn d27_wraps_stay_on_the_rank_and_pass_no_piece() {
    // From a1 the wrap west runs j1, i1, ...: with the j1 dragon in the way there is none.
    let mut g = game(Some("k9/10/10/10/10/10/10/L4K4 w - - 0 1 -/- - -"), "");
    roll(&mut g, &[8]).unwrap();
    let wraps: Vec<String> = legal(&g).into_iter().filter(|m| m.contains('∞')).collect();
    assert_eq!(wraps, sorted("Li1(∞) Lg1(∞)"), "j1, h1 are odd; e1 is an ordinary slide");
    let mut blocked = game(Some("k9/10/10/10/10/10/10/L4K3L w - - 0 1 -/- - -"), "");
    roll(&mut blocked, &[8]).unwrap();
    assert!(legal(&blocked).iter().all(|m| !m.contains('∞')));
}

/// Every move the list offers reads back as itself, with or without its
/// check mark, including a wrap that lands where a plain slide also lands
/// (`La4` and `La4(∞)` from e4).
#[test]
fn every_offered_move_reads_back() {
    for fen in [
        "k9/10/10/10/4L5/10/10/K9 w - - 0 1 -/- - -",
        "5k4/10/10/10/3p4L1/10/10/5K4 w - - 0 1 -/- - -",
        "5k4/10/10/10/L9/10/10/5K4 w - - 0 1 -/- - -",
    ] {
        for faces in [None, Some(8)] {
            let mut g = game(Some(fen), "");
            if let Some(face) = faces {
                roll(&mut g, &[face]).unwrap();
            }
            let position = g.position();
            let moves = position.legal_moves();
            for mv in &moves {
                let san = notation::san_among(position, *mv, &moves);
                for text in [san.clone(), san.trim_end_matches(['+', '#']).to_string()] {
                    assert_eq!(notation::parse_move(position, &text), Ok(*mv), "{fen} {faces:?}: {text}");
                }
            }
        }
    }
    // From e4 an 8's wrap (e4-g4-i4-a4) lands where the plain slide lands;
    // the list offers `La4`, and the wrap's spelling reads as that move.
    let mut g = game(Some("k9/10/10/10/4L5/10/10/K9 w - - 0 1 -/- - -"), "");
    assert!(!is_legal(&g, "La4(∞)"), "no 8, no wrap");
    roll(&mut g, &[8]).unwrap();
    assert_eq!(notation::parse_move(g.position(), "La4(∞)"), notation::parse_move(g.position(), "La4"));
    assert!(!is_legal(&g, "Lb4(∞)"));
}
