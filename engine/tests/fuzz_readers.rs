//! A fuzz run over every reader of untrusted text: the position text and the
//! move reader of every built variant, fed arbitrary strings and mutations of
//! real position texts and move names. Nothing may panic; what a reader
//! accepts must be a legal move, and a position it accepts must write back to
//! text that reads again.
//!
//! `PROPTEST_CASES` sets the number of cases (256 by default keeps CI fast;
//! the long run in the branch's report used 200000).

use proptest::prelude::*;
use proptest::sample::select;
use rookery_engine::{fen, notation, Variant};

fn built() -> Vec<Variant> {
    Variant::ALL.into_iter().filter(|v| v.rules().is_ok()).collect()
}

/// Texts a player could plausibly mistype: real move names and position
/// texts of every built variant from a few plies into a game.
/// Each seed is a variant, the position a text is read in, and the text.
fn seeds() -> Vec<(Variant, String, String)> {
    let mut out = Vec::new();
    for variant in built() {
        let rules = variant.rules().unwrap();
        let mut position = fen::parse(&rules, rules.start).unwrap();
        for ply in 0..6 {
            let here = fen::write(&position);
            out.push((variant, here.clone(), here.clone()));
            let legal = position.legal_moves();
            for mv in legal.iter().take(12) {
                out.push((variant, here.clone(), notation::san_among(&position, *mv, &legal)));
                out.push((variant, here.clone(), notation::coordinates(&position, *mv)));
            }
            let Some(mv) = legal.get((ply * 7) % legal.len().max(1)) else { break };
            position.make(*mv);
        }
    }
    out
}

/// Characters that matter to the readers, plus multibyte ones.
const ALPHABET: &[char] = &[
    'a', 'b', 'e', 'h', 'i', 'j', 'k', 'l', 'n', 'p', 'q', 'r', 'x', 'z', 'K', 'N', 'Q', 'R', 'B', 'L', 'P', '0', '1',
    '2', '8', '9', '/', '-', '=', '(', ')', '+', '#', ' ', '~', ':', '∞', 'é', '\u{0}', '\u{200b}', '🐉',
];

#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
    Cut(usize),
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for edit in edits {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % (len + 1) };
        match *edit {
            Edit::Replace(i, c) if !chars.is_empty() => {
                let i = i % chars.len();
                chars[i] = c;
            }
            Edit::Insert(i, c) => chars.insert(at(i, chars.len()), c),
            Edit::Delete(i) if !chars.is_empty() => {
                chars.remove(i % chars.len());
            }
            Edit::Cut(i) => chars.truncate(at(i, chars.len())),
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn edit() -> impl Strategy<Value = Edit> {
    let c = select(ALPHABET);
    prop_oneof![
        (any::<usize>(), c.clone()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), c).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::Cut),
    ]
}

/// Reads `text` as position text and as a move in position `at`, and checks
/// what is accepted.
fn read_everything(variant: Variant, at: &str, text: &str) {
    let rules = variant.rules().unwrap();
    if let Ok(position) = fen::parse(&rules, text) {
        let written = fen::write(&position);
        let again = fen::parse(&rules, &written).unwrap_or_else(|e| panic!("{text:?} wrote {written:?}: {e}"));
        assert_eq!(fen::write(&again), written);
        // A position that reads must survive listing its moves.
        let _ = position.legal_moves();
    }
    let position = fen::parse(&rules, at).unwrap();
    if let Ok(mv) = notation::parse_move(&position, text) {
        assert!(position.legal_moves().contains(&mv), "{text:?} read as an illegal move in {at}");
    }
}

proptest! {
    #[test]
    fn mutated_texts_never_panic(seed in select(seeds()), edits in prop::collection::vec(edit(), 1..6)) {
        let (variant, at, text) = seed;
        read_everything(variant, &at, &apply(&text, &edits));
    }

    #[test]
    fn arbitrary_strings_never_panic(text in ".{0,80}", variant in select(built())) {
        let start = variant.rules().unwrap().start;
        read_everything(variant, start, &text);
    }
}
