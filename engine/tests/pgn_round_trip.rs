//! The PGN Rookery writes reads back: a line that starts with a roll, the
//! `Variant` tag in its current and older spellings.

use rookery_engine::game::Game;
use rookery_engine::pgn::{self, Tags};
use rookery_engine::{pgn_read, Variant};

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
