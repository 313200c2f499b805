//! Every PGN Rookery writes reads back as its game: random games of all six
//! variants with every kind of turn and every ending, their movetext wrapped
//! at random, read into the same record, which writes the same PGN again.
//! And the cases testers found: a line that starts with a roll, the older
//! spelling of the `Variant` tag, who offered a draw or claimed one.
//!
//! `PROPTEST_CASES` sets the number of random games (96 by default).

#[path = "support/random_games.rs"]
mod random_games;

use proptest::prelude::*;
use proptest::sample::select;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use random_games::{play, Ending, ENDINGS};
use rookery_engine::game::{Action, EndReason, Game};
use rookery_engine::pgn::{self, Tags};
use rookery_engine::{pgn_read, Color, Variant};

fn tags(abandoned: bool) -> Tags {
    Tags {
        event: Some("Rookery test game".into()),
        site: Some("Rookery on Discord".into()),
        date: Some("2026.01.02".into()),
        time: Some("10:11:12".into()),
        white: Some("alice".into()),
        black: Some("bob \"the rook\"".into()),
        time_control: Some("300+3".into()),
        abandoned,
    }
}

/// The PGN with its movetext broken at random between any two words (inside
/// comments too), with Unix or Windows line ends.
fn rewrap(text: &str, rng: &mut StdRng) -> String {
    let (head, movetext) = text.split_once("\n\n").expect("tags, a blank line, the movetext");
    let mut out = format!("{head}\n\n");
    for (i, word) in movetext.split_whitespace().enumerate() {
        if i > 0 {
            const BREAKS: [&str; 6] = [" ", " ", " ", "\n", "\r\n", "  "];
            out.push_str(BREAKS[rng.random_range(0..BREAKS.len())]);
        }
        out.push_str(word);
    }
    out.push('\n');
    out
}

/// The text with every run of white space made one space.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(96)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn every_written_pgn_reads_back_as_its_game(
        variant in select(Variant::ALL.to_vec()),
        ending in select(ENDINGS.to_vec()),
        plies in 0usize..160,
        seed in any::<u64>(),
    ) {
        let mut rng = StdRng::seed_from_u64(seed);
        let game = play(Game::new(variant).unwrap(), ending, plies, &mut rng);
        let tags = tags(ending == Ending::Unfinished && rng.random_bool(0.3));
        let text = pgn::write(&game, &tags);
        let wrapped = rewrap(&text, &mut rng);
        let record = pgn_read::read(&wrapped).map_err(|e| TestCaseError::fail(format!("{e}\n{wrapped}")))?;
        prop_assert_eq!(&record, &game.record(), "{}", wrapped);
        let again = Game::replay(&record).map_err(|e| TestCaseError::fail(format!("{e}\n{wrapped}")))?;
        prop_assert_eq!(pgn::write(&again, &tags), text);
    }
}

/// Every variant and every ending at least once, on fixed seeds, so that no
/// run of the property test can miss one.
#[test]
fn every_variant_and_ending_reads_back() {
    for variant in Variant::ALL {
        for (index, ending) in ENDINGS.into_iter().enumerate() {
            let mut rng = StdRng::seed_from_u64(index as u64 * 31 + variant.name().len() as u64);
            let game = play(Game::new(variant).unwrap(), ending, 40, &mut rng);
            let text = pgn::write(&game, &tags(false));
            let record = pgn_read::read(&rewrap(&text, &mut rng)).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(record, game.record(), "{variant} {ending:?}\n{text}");
        }
    }
}

/// Tester's case: a Guardener roll at the start of a line was read as a tag.
#[test]
fn a_line_that_starts_with_a_roll_is_movetext() {
    let one_line = "[Variant \"guardener\"]\n\n[3,4] 1. e4 [1,2] 1... e6 *";
    let broken = "[Variant \"guardener\"]\n\n[3,4]\n1. e4 [1,2]\n1... e6 *";
    let read = pgn_read::read(one_line).unwrap();
    assert_eq!(read.actions, ["roll white 3,4", "e2e4", "roll black 1,2", "e7e6"]);
    assert_eq!(pgn_read::read(broken).unwrap(), read);
    assert_eq!(pgn_read::tag(broken, "Variant").as_deref(), Some("guardener"));
}

/// The `Variant` tag is the name `--variant` takes (`Standard` for chess),
/// and the older spellings still read.
#[test]
fn the_variant_tag_is_the_variants_name_and_old_spellings_read() {
    for variant in Variant::ALL {
        let text = pgn::write(&Game::new(variant).unwrap(), &Tags::default());
        let written = pgn_read::tag(&text, "Variant").unwrap();
        let expected = if variant == Variant::Chess { "Standard" } else { variant.name() };
        assert_eq!(written, expected);
        assert_eq!(pgn_read::read(&text).unwrap().variant, variant);
    }
    for (spelling, variant) in [
        ("New chess", Variant::NewChess),
        ("newchess", Variant::NewChess),
        ("Dice Landing", Variant::DiceLanding),
        ("dicelanding", Variant::DiceLanding),
        ("Luck-Dragon", Variant::LuckDragon),
        ("chess", Variant::Chess),
    ] {
        let text = format!("[Variant \"{spelling}\"]\n\n*\n");
        assert_eq!(pgn_read::read(&text).unwrap().variant, variant, "{spelling}");
    }
}

/// A draw offered by the side not to move, a refusal, and a claim made by
/// the side that just moved read back with who did them; an older PGN that
/// names no offer still reads as an agreement.
#[test]
fn draw_offers_refusals_and_claims_read_back_with_their_side() {
    let mut game = Game::new(Variant::Chess).unwrap();
    game.play_move(Color::White, "e4").unwrap();
    game.apply(Action::OfferDraw(Color::White)).unwrap();
    game.apply(Action::DeclineDraw(Color::Black)).unwrap();
    game.play_move(Color::Black, "e5").unwrap();
    game.apply(Action::OfferDraw(Color::Black)).unwrap();
    game.apply(Action::AcceptDraw(Color::White)).unwrap();
    let text = pgn::write(&game, &Tags::default());
    assert!(one_line(&text).contains("{White offers a draw} {Black declines the draw}"), "{text}");
    assert_eq!(pgn_read::read(&text).unwrap(), game.record());
    let old = "[Result \"1/2-1/2\"]\n\n1. e4 e5 {Draw by agreement.} 1/2-1/2\n";
    let read = Game::replay(&pgn_read::read(old).unwrap()).unwrap();
    assert_eq!(read.outcome().map(|o| o.reason), Some(EndReason::Agreement));

    let mut shuffled = Game::new(Variant::Chess).unwrap();
    for mv in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"] {
        let side = shuffled.position().turn();
        shuffled.play_move(side, mv).unwrap();
    }
    shuffled.apply(Action::ClaimDraw(Color::Black)).unwrap();
    let text = pgn::write(&shuffled, &Tags::default());
    assert!(one_line(&text).contains("{Black claims a draw} {Draw by threefold repetition.}"), "{text}");
    assert_eq!(pgn_read::read(&text).unwrap(), shuffled.record());
}
