//! Both sample games of the Dragonchess source replay move by move as legal,
//! in the source's own notation (errata applied), with every check mark
//! matching a check and every mate claim a checkmate, including the analysis
//! lines after game 1. The games are in `data/dragonchess-games.txt`.

use rookery_engine::game::{EndReason, Game};
use rookery_engine::{notation, Color, Position, Variant};

const GAMES: &str = include_str!("data/dragonchess-games.txt");

/// One step of an analysis line.
#[derive(Debug)]
enum Step {
    Move(String),
    /// Every legal reply except these (source notation).
    AnyReply(Vec<String>),
}

#[derive(Debug, Default)]
struct Fixture {
    name: String,
    moves: Vec<String>,
    /// After how many moves the position must read so.
    positions: Vec<(usize, String)>,
    lines: Vec<Vec<Step>>,
}

fn read_fixtures() -> Vec<Fixture> {
    let mut games: Vec<Fixture> = Vec::new();
    for line in GAMES.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        if let Some(name) = line.strip_prefix("game ") {
            games.push(Fixture { name: name.to_string(), ..Fixture::default() });
            continue;
        }
        let game = games.last_mut().expect("a game line comes first");
        if let Some(text) = line.strip_prefix("fen ") {
            game.positions.push((game.moves.len(), text.to_string()));
        } else if let Some(steps) = line.strip_prefix("line ") {
            game.lines.push(read_steps(steps));
        } else {
            let (number, pair) = line.split_once(") ").unwrap_or_else(|| panic!("not a move pair: {line}"));
            let number: usize = number.parse().unwrap_or_else(|_| panic!("move number in {line}"));
            assert_eq!(game.moves.len(), 2 * (number - 1), "{}: pair {number} out of order", game.name);
            game.moves.extend(pair.split_whitespace().map(str::to_string));
        }
    }
    games
}

fn read_steps(text: &str) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        if let Some(inner) = rest.strip_prefix('{') {
            let (group, after) = inner.split_once('}').expect("a closing brace");
            let words: Vec<&str> = group.split_whitespace().collect();
            let excluded = match words.as_slice() {
                ["any"] => Vec::new(),
                ["any", "except", moves @ ..] => moves.iter().map(|m| m.to_string()).collect(),
                _ => panic!("unknown step {{{group}}}"),
            };
            steps.push(Step::AnyReply(excluded));
            rest = after.trim_start();
        } else {
            let (word, after) = rest.split_once(' ').unwrap_or((rest, ""));
            steps.push(Step::Move(word.to_string()));
            rest = after.trim_start();
        }
    }
    steps
}

/// Plays `text` (source notation) and checks its mark against the position.
fn play_marked(game: &mut Game, text: &str, context: &str) {
    let side = game.position().turn();
    game.play_move(side, text).unwrap_or_else(|e| panic!("{context}: {text} is not legal: {e}"));
    let check = game.position().is_check();
    let mate = game.outcome().is_some_and(|o| o.reason == EndReason::Checkmate);
    let marked = if text.ends_with('#') {
        "mate"
    } else if text.ends_with('+') {
        "check"
    } else {
        "quiet"
    };
    let computed = if mate {
        "mate"
    } else if check {
        "check"
    } else {
        "quiet"
    };
    assert_eq!(marked, computed, "{context}: {text} ({})", game.moves_san().last().unwrap());
}

fn play_line(game: &Game, steps: &[Step], context: &str) {
    let Some((first, rest)) = steps.split_first() else { return };
    match first {
        Step::Move(text) => {
            let mut next = game.clone();
            play_marked(&mut next, text, context);
            play_line(&next, rest, &format!("{context} {text}"));
        }
        Step::AnyReply(excluded) => {
            let position: &Position = game.position();
            let excluded: Vec<_> = excluded
                .iter()
                .map(|m| notation::parse_move(position, m).expect("an excluded move is legal"))
                .collect();
            let replies: Vec<_> = position.legal_moves().into_iter().filter(|m| !excluded.contains(m)).collect();
            assert!(!replies.is_empty(), "{context}: no replies to try");
            for reply in replies {
                let mut next = game.clone();
                let text = notation::coordinates(position, reply);
                play_marked(&mut next, &text, context);
                play_line(&next, rest, &format!("{context} {text}"));
            }
        }
    }
}

#[test]
fn both_source_games_replay_with_their_checks_and_mates() {
    let fixtures = read_fixtures();
    assert_eq!(fixtures.len(), 2);
    for fixture in &fixtures {
        let mut game = Game::new(Variant::Dragonchess).unwrap();
        for (index, text) in fixture.moves.iter().enumerate() {
            for (after, fen) in &fixture.positions {
                if *after == index {
                    assert_eq!(&game.fen(), fen, "{} before move {}", fixture.name, index / 2 + 1);
                }
            }
            let context =
                format!("game {} move {}{}", fixture.name, index / 2 + 1, if index % 2 == 0 { "." } else { "..." });
            play_marked(&mut game, text, &context);
        }
        for (after, fen) in &fixture.positions {
            if *after == fixture.moves.len() {
                assert_eq!(&game.fen(), fen, "{} at the end", fixture.name);
            }
        }
        for line in &fixture.lines {
            play_line(&game, line, &format!("game {} analysis", fixture.name));
        }
        // The record the bot stores replays to the same game.
        let replayed = Game::replay(&game.record()).unwrap();
        assert_eq!(replayed.fen(), game.fen());
        assert_eq!(replayed.moves_san(), game.moves_san());
    }
    // Game 2 ends in mate for Scarlet; game 1 is left with mate in three.
    let mut short = Game::new(Variant::Dragonchess).unwrap();
    for text in &fixtures[1].moves {
        short.play_move(short.position().turn(), text).unwrap();
    }
    assert_eq!(short.outcome().map(|o| (o.winner, o.reason)), Some((Some(Color::Black), EndReason::Checkmate)));
    assert_eq!(short.moves_san().last().unwrap(), "G1a5-1d3#");
}
