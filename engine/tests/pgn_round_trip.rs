//! The PGN Rookery writes reads back: a line that starts with a roll.

use rookery_engine::pgn_read;

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
