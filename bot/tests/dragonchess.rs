//! Dragonchess through the command core: options chosen at the challenge and
//! kept across restarts, Gold and Scarlet, moves in the source's notation, the
//! three-board picture, automatic threefold repetition and `/rules`.

mod common;

use common::{alice, bob, Table};
use rookery::core::Command;

fn play(options: Option<&str>) -> Command {
    Command::Play {
        variant: "dragonchess".into(),
        opponent: Some(bob()),
        move_days: None,
        options: options.map(Into::into),
        clock: None,
    }
}

#[test]
fn a_game_with_options_survives_a_restart() {
    let t = Table::new();
    assert!(t.refused(alice(), play(Some("castling"))).contains("no option `castling`"));
    let chess = Command::Play {
        variant: "chess".into(),
        opponent: None,
        move_days: None,
        options: Some("x".into()),
        clock: None,
    };
    assert!(t.refused(alice(), chess).contains("this variant has no options"));

    let challenge = t.ok(alice(), play(Some("Dwarf_Reversal dragon_afar_below_only")));
    assert!(
        challenge.text.contains("to Dragonchess (dwarf_reversal=on dragon_afar_below_only=on)"),
        "{}",
        challenge.text
    );
    let started = t.ok(bob(), Command::Accept);
    assert!(started.text.contains("**alice** (Gold) vs **bob** (Scarlet)"), "{}", started.text);
    assert!(started.text.contains("alice to move (Gold)"), "{}", started.text);
    assert!(started.image.as_ref().is_some_and(|png| &png.bytes[1..4] == b"PNG"));

    t.ok(alice(), Command::Move { text: "Dr1d4".into() });
    t.ok(bob(), Command::Move { text: "P1h6".into() });
    let t = t.restart();
    let capture = t.ok(alice(), Command::Move { text: "RxS1a7".into() });
    assert!(capture.text.contains("Moves: 1. R1g1-1d4 P2h8-1h6 2. R1d4x1a7"), "{}", capture.text);
    let info = t.ok(bob(), Command::Game);
    let field = |name: &str| info.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
    assert_eq!(field("Gold").as_deref(), Some("alice"));
    assert_eq!(field("Scarlet").as_deref(), Some("bob"));
    assert_eq!(
        field("Options").as_deref(),
        Some("dwarf_reversal=on dragon_afar_below_only=on quiet_plies=100 repetition=on")
    );
    let wrong = t.refused(bob(), Command::Move { text: "Dr1g8".into() });
    assert!(wrong.contains("your dragon moves are"), "{wrong}");
}

#[test]
fn threefold_repetition_ends_the_game_by_itself() {
    let t = Table::new();
    t.ok(alice(), play(None));
    t.ok(bob(), Command::Accept);
    let shuffle = ["R1g1-1f2", "R1g8-1f7", "R1f2-1g1", "R1f7-1g8"];
    for text in shuffle.iter().chain(&shuffle[..3]) {
        let reply = t.ok(
            if text.ends_with('2') || text.ends_with('1') { alice() } else { bob() },
            Command::Move { text: text.to_string() },
        );
        assert!(!reply.text.contains("Draw"), "{}", reply.text);
    }
    let drawn = t.ok(bob(), Command::Move { text: "R1f7-1g8".into() });
    assert!(drawn.text.contains("**1/2-1/2** · Draw by threefold repetition"), "{}", drawn.text);
}

#[test]
fn rules_page_and_piece_diagram() {
    let t = Table::new();
    let pages = t.send(alice(), Command::Rules { variant: "dragonchess".into() });
    let rules = &pages[0];
    assert!(rules.text.starts_with("# Dragonchess"), "{}", rules.text);
    assert!(rules.text.contains("dwarf_reversal"), "the options are on the first page");
    assert!(rules.image.as_ref().is_some_and(|png| png.name == "dragonchess-pieces.png"));
    assert!(rules.files.iter().any(|f| f.name == "dragonchess-legend.png"), "a legend: picture to letter");
    assert!(rules.text.contains("Pieces: S Sylph · G Griffin · R Dragon"), "{}", rules.text);
    // The whole text, in pages that each fit a message and end a sentence.
    let whole = include_str!("../../engine/src/variants/guides/dragonchess.md");
    let words = |text: &str| text.split_whitespace().filter(|w| *w != "-#").map(str::to_string).collect::<Vec<_>>();
    // A page's text without its footer and the pieces' letters.
    let body = |text: &str| {
        let text = text.rsplit_once("\n-# page").map_or(text, |(body, _)| body);
        text.rsplit_once("\n-# Pieces:").map_or(text, |(body, _)| body).to_string()
    };
    let shown: Vec<String> = pages.iter().flat_map(|p| words(&body(&p.text))).collect();
    assert_eq!(shown, words(whole), "nothing is left out");
    for page in &pages {
        assert!(!page.ephemeral && page.text.chars().count() <= 2000, "{}", page.text);
        let body = body(&page.text);
        assert!(body.ends_with(['.', ':', ')', '`']), "a page ends a sentence: {body}");
    }
}
