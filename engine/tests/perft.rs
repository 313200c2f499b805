//! Perft against published numbers, read from `tests/data/*.perft`.

use rookery_engine::perft::perft;
use rookery_engine::{fen, Variant};

struct Case {
    id: String,
    fen: String,
    expected: Vec<(u32, u64)>,
}

fn read_suite(text: &str) -> Vec<Case> {
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let (key, value) = line.split_once(' ').expect("`key value` lines");
        match key {
            "id" => cases.push(Case { id: value.to_string(), fen: String::new(), expected: Vec::new() }),
            "fen" => cases.last_mut().expect("id first").fen = value.to_string(),
            "perft" => {
                let (depth, nodes) = value.split_once(' ').expect("perft DEPTH NODES");
                let case = cases.last_mut().expect("id first");
                case.expected.push((depth.parse().unwrap(), nodes.parse().unwrap()));
            }
            other => panic!("unknown key {other}"),
        }
    }
    cases
}

#[test]
fn chess_perft_matches_published_numbers() {
    let rules = Variant::Chess.rules().unwrap();
    for case in read_suite(include_str!("data/chess.perft")) {
        let mut position = fen::chess::parse(&rules, &case.fen).unwrap();
        for (depth, nodes) in &case.expected {
            assert_eq!(perft(&mut position, *depth), *nodes, "{} depth {depth}", case.id);
        }
        assert_eq!(fen::chess::write(&position), case.fen, "{}: make/unmake restored the position", case.id);
    }
}
