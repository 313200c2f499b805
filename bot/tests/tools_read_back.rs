//! The command-line tools take back what Rookery writes: every PGN of every
//! variant and ending in `rookery verify` and `rookery render --gif --pgn`;
//! every move `rookery moves` lists through `--moves`; and New chess, whose
//! secret choices `--moves` makes with `choose:` tokens.

#[path = "../../engine/tests/support/random_games.rs"]
mod random_games;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use random_games::{play, ENDINGS};
use rookery::cli::secret as secret_cli;
use rookery::cli::tools::{self, GifSource, Setup};
use rookery_engine::game::{Action, Choice, Game};
use rookery_engine::pgn::{self, Tags};
use rookery_engine::{notation, Color, Variant};

fn setup(variant: Variant, fen: Option<&str>, moves: &str) -> Setup {
    Setup {
        variant: variant.name().into(),
        fen: fen.map(Into::into),
        moves: moves.into(),
        roll: String::new(),
        options: String::new(),
    }
}

#[test]
fn every_pgn_verifies_and_renders() {
    let dir = tempfile::tempdir().unwrap();
    let (file, gif) = (dir.path().join("game.pgn"), dir.path().join("game.gif"));
    for variant in Variant::ALL {
        for (index, ending) in ENDINGS.into_iter().enumerate() {
            let mut rng = StdRng::seed_from_u64(index as u64 + 100 * variant.name().len() as u64);
            let game = play(Game::new(variant).unwrap(), ending, 30, &mut rng);
            let text = pgn::write(&game, &Tags::default());
            let (report, ok) = secret_cli::verify(&text);
            let unrevealed = Color::ALL
                .into_iter()
                .any(|side| game.secret_commitment(side).is_some() && game.revealed_secret(side).is_none());
            assert_eq!(ok, !unrevealed, "{variant} {ending:?}: {report}\n{text}");
            assert!(report.starts_with("The PGN reads back:"), "{variant} {ending:?}: {report}\n{text}");
            std::fs::write(&file, &text).unwrap();
            let drawn = tools::render_gif(GifSource::Pgn(&file), false, false, &gif)
                .unwrap_or_else(|e| panic!("{variant} {ending:?}: {e:#}\n{text}"));
            let frames = format!("({} frames", game.moves_san().len() + 1);
            assert!(drawn.contains(&frames), "{variant} {ending:?}: {drawn}");
        }
    }
}

/// `[a,b][c]` for rolls.
fn chain(rolls: &[(usize, Vec<u32>)]) -> String {
    rolls
        .iter()
        .map(|(_, faces)| format!("[{}]", faces.iter().map(u32::to_string).collect::<Vec<_>>().join(",")))
        .collect()
}

/// What `--moves` needs before any move of a game with secret choices.
fn choices(variant: Variant) -> &'static str {
    match variant.rules().unwrap().turns.secret {
        Some(_) => "choose:E choose:F ",
        None => "",
    }
}

/// The turn's dice: every roll it requires, and at times an optional one.
/// A turn's chain of required rolls ends, since a double comes only half
/// the time.
fn roll_the_turns_dice(game: &mut Game, rng: &mut StdRng) {
    while let Some(turn) = game.turn() {
        let rolls: Vec<(usize, Vec<u32>, bool)> = turn
            .choices
            .iter()
            .filter_map(|choice| match choice {
                Choice::Roll { kind, dice, required } => Some((*kind, dice.clone(), *required)),
                _ => None,
            })
            .collect();
        let optional = rolls.first().filter(|_| game.turn_rolls().is_empty() && rng.random_bool(0.5));
        let Some((kind, dice, _)) = rolls.iter().find(|(_, _, required)| *required).or(optional).cloned() else {
            return;
        };
        let mut faces: Vec<u32> = dice.iter().map(|sides| rng.random_range(1..=*sides)).collect();
        // Doubles half the time: Guardener's teleports need two in a row.
        if dice.windows(2).all(|pair| pair[0] == pair[1]) && rng.random_bool(0.5) {
            let first = faces[0];
            faces.fill(first);
        }
        game.apply(Action::Roll { side: turn.side, kind, faces }).unwrap();
    }
}

#[test]
fn every_listed_move_plays_back_through_moves() {
    let (mut checked, mut spaced) = (0, 0);
    for variant in Variant::ALL {
        let mut rng = StdRng::seed_from_u64(0x11571 + variant.name().len() as u64);
        for sample in 0..12 {
            let plies = 4 + sample * 6;
            let mut game = play(Game::new(variant).unwrap(), random_games::Ending::Unfinished, plies, &mut rng);
            roll_the_turns_dice(&mut game, &mut rng);
            if game.outcome().is_some() {
                continue;
            }
            let rolls = chain(game.turn_rolls());
            let here = game.fen();
            let listing = Setup { roll: rolls.clone(), ..setup(variant, Some(&here), choices(variant)) };
            let tool_game = listing.game().unwrap_or_else(|e| panic!("{variant} {here} {rolls}: {e:#}"));
            if !tool_game.turn().is_some_and(|turn| turn.choices.contains(&Choice::Move)) {
                continue;
            }
            let listed = tools::moves(&listing).unwrap();
            let position = tool_game.position();
            let legal = position.legal_moves();
            for name in listed.lines() {
                let mv = *legal.iter().find(|m| notation::san_among(position, **m, &legal) == name).unwrap();
                let played = |written: &str| {
                    let moves = format!("{}{rolls}{written}", choices(variant));
                    tools::fen(&setup(variant, Some(&here), &moves))
                        .unwrap_or_else(|e| panic!("{variant} {here}: `{moves}`: {e:#}"))
                };
                let mut expected = tool_game.clone();
                expected.apply(Action::Move(mv)).unwrap();
                let reveal_due = expected.turn().is_some_and(|turn| turn.choices.contains(&Choice::Reveal));
                let oracle = if reveal_due {
                    played(&notation::coordinates(position, mv))
                } else {
                    format!("{}\n", expected.fen())
                };
                assert_eq!(played(name), oracle, "{variant} {here} {rolls}: `{name}`");
                checked += 1;
                spaced += usize::from(name.contains(' '));
            }
        }
    }
    assert!(checked > 1_500, "only {checked} listed moves checked");
    // The names testers saw refused: Guardener's teleports, `Bcz3 {T3}`.
    assert!(spaced > 10, "only {spaced} names with a space checked");
}

/// White mates Black's brother on a10; Black pays a cannon and re-enters
/// it; then White mates Black's true king on j10.
const STAGE: &str = "j8k/7Pt1/8P1/10/10/5c4/3F6/10/1T8/2T1KJ4[] w - 0 1";

#[test]
fn new_chess_plays_on_the_command_line_with_choose_tokens() {
    let without = tools::fen(&setup(Variant::NewChess, None, "e4")).unwrap_err();
    assert!(format!("{without:#}").contains("start --moves with one `choose:OPTION` a side"), "{without:#}");
    let opened = setup(Variant::NewChess, None, "choose:E choose:F e4");
    assert!(tools::fen(&opened).unwrap().contains("/4P5/"), "{}", tools::fen(&opened).unwrap());
    assert!(!tools::moves(&opened).unwrap().is_empty());
    assert!(tools::perft(&opened, 1, false).unwrap().starts_with("nodes "));
    let dir = tempfile::tempdir().unwrap();
    assert!(tools::render(&opened, false, false, &dir.path().join("board.png")).is_ok());
    let wrong = tools::fen(&setup(Variant::NewChess, None, "choose:Q")).unwrap_err();
    assert!(format!("{wrong:#}").contains("choose one of E, F"), "{wrong:#}");
    let late = tools::fen(&setup(Variant::NewChess, None, "choose:E choose:F e4 choose:E")).unwrap_err();
    assert!(format!("{late:#}").contains("no true king is asked for now"), "{late:#}");
    let chess = tools::fen(&setup(Variant::Chess, None, "choose:E")).unwrap_err();
    assert!(format!("{chess:#}").contains("chess has no secret choice"), "{chess:#}");

    // The tools reveal a mated king's secret themselves: a brother's price
    // is paid with `price:`, and the true king's mate ends the game.
    let staged = |moves: &str| Setup { options: "cannon=hop".into(), ..setup(Variant::NewChess, Some(STAGE), moves) };
    let unpaid = staged("choose:F choose:E Ta1 K*d8").game().unwrap_err();
    assert!(format!("{unpaid:#}").contains("price must be paid"), "{unpaid:#}");
    let listed = tools::moves(&staged("choose:F choose:E Ta1")).unwrap_err();
    assert!(format!("{listed:#}").contains("Black must pay a price before any move: add `price:"), "{listed:#}");
    assert!(!tools::moves(&staged("choose:F choose:E Ta1 price:f5")).unwrap().is_empty());
    let game = staged("choose:F choose:E Ta1 price:f5 K*d8 Ta10").game().unwrap();
    assert_eq!(game.revealed_secret(Color::Black), Some("E"));
    assert_eq!(game.outcome().map(|o| o.winner), Some(Some(Color::White)), "the true king was mated");
}
