//! A differential test: a deliberately naive Dragonchess move generator,
//! written straight from the tables of spec §5 with no shared code (its own
//! board, its own position reader, legality by playing every move and asking
//! whether any enemy move could then take the King), against the engine on
//! perft from the start and on every position of seeded random games.

use rookery_engine::perft::perft;
use rookery_engine::variants::dragonchess;
use rookery_engine::{fen, notation, GameOptions, Position, Variant};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Piece {
    gold: bool,
    letter: u8,
    reversed: bool,
}

#[derive(Clone)]
struct Board {
    cells: [Option<Piece>; 288],
    gold_to_move: bool,
    reversal: bool,
    below_only: bool,
}

#[derive(Clone, Copy)]
struct Move {
    from: usize,
    to: usize,
    afar: bool,
    promotes: bool,
}

fn at(b: i32, x: i32, y: i32) -> Option<usize> {
    ((0..3).contains(&b) && (0..12).contains(&x) && (0..8).contains(&y)).then(|| (b * 96 + y * 12 + x) as usize)
}

fn coords(i: usize) -> (i32, i32, i32) {
    ((i / 96) as i32, (i % 12) as i32, (i / 12 % 8) as i32)
}

fn name(i: usize) -> String {
    let (b, x, y) = coords(i);
    format!("{}{}{}", b + 1, (b'a' + x as u8) as char, y + 1)
}

fn read(text: &str, reversal: bool, below_only: bool) -> Board {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let mut board = Board { cells: [None; 288], gold_to_move: fields[1] == "g", reversal, below_only };
    for (b, layer) in fields[0].split('|').enumerate() {
        for (row, rank) in layer.split('/').enumerate() {
            let (mut x, mut run) = (0, 0);
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    run = run * 10 + d as i32;
                    continue;
                }
                x += run;
                run = 0;
                let piece =
                    Piece { gold: c.is_ascii_uppercase(), letter: c.to_ascii_uppercase() as u8, reversed: false };
                board.cells[at(b as i32, x, 7 - row as i32).unwrap()] = Some(piece);
                x += 1;
            }
        }
    }
    for cell in fields[2].split(',').filter(|c| *c != "-") {
        let i = (0..288).find(|i| name(*i) == cell).unwrap();
        board.cells[i].as_mut().unwrap().reversed = true;
    }
    board
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Quiet,
    Take,
    Either,
}

impl Board {
    fn frozen(&self, i: usize) -> bool {
        let (b, x, y) = coords(i);
        let me = self.cells[i].unwrap();
        b == 1 && self.cells[at(2, x, y).unwrap()].is_some_and(|p| p.letter == b'B' && p.gold != me.gold)
    }

    fn pseudo(&self, gold: bool) -> Vec<Move> {
        let mut out = Vec::new();
        for from in 0..288 {
            let Some(piece) = self.cells[from].filter(|p| p.gold == gold) else { continue };
            if self.frozen(from) {
                continue;
            }
            let (b, x, y) = coords(from);
            let f = if gold { 1 } else { -1 };
            let cell = |dx: i32, dy: i32, db: i32| at(b + db, x + dx, y + dy * f);
            let empty = |dx: i32, dy: i32, db: i32| cell(dx, dy, db).is_some_and(|i| self.cells[i].is_none());
            let mut add = |to: Option<usize>, mode: Mode| {
                let Some(to) = to else { return };
                let ok = match (self.cells[to], mode) {
                    (None, Mode::Quiet | Mode::Either) => true,
                    (Some(p), Mode::Take | Mode::Either) => p.gold != gold,
                    _ => false,
                };
                let far = if gold { 7 } else { 0 };
                let promotes = piece.letter == b'W' && coords(to).2 == far;
                if ok && !out.iter().any(|m: &Move| m.from == from && m.to == to) {
                    out.push(Move { from, to, afar: false, promotes });
                }
            };
            let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
            let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
            let king: Vec<(i32, i32)> = diag.iter().chain(&orth).copied().collect();
            let knight = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
            let slide = |dirs: &[(i32, i32)], add: &mut dyn FnMut(Option<usize>, Mode)| {
                for (dx, dy) in dirs {
                    let mut k = 1;
                    while let Some(i) = cell(dx * k, dy * k, 0) {
                        add(Some(i), Mode::Either);
                        if self.cells[i].is_some() {
                            break;
                        }
                        k += 1;
                    }
                }
            };
            match (piece.letter, b) {
                (b'S', 0) => {
                    add(cell(1, 1, 0), Mode::Quiet);
                    add(cell(-1, 1, 0), Mode::Quiet);
                    add(cell(0, 1, 0), Mode::Take);
                    add(cell(0, 0, 1), Mode::Take);
                }
                (b'S', 1) => {
                    add(cell(0, 0, -1), Mode::Quiet);
                    for hx in [0, 2, 4, 6, 8, 10] {
                        add(at(0, hx, if gold { 1 } else { 6 }), Mode::Quiet);
                    }
                }
                (b'G', 0) => {
                    for (dx, dy) in [(3, 2), (2, 3), (-3, 2), (-2, 3), (3, -2), (2, -3), (-3, -2), (-2, -3)] {
                        add(cell(dx, dy, 0), Mode::Either);
                    }
                    diag.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, 1), Mode::Either));
                }
                (b'G', 1) => {
                    diag.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, 0), Mode::Either));
                    diag.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, -1), Mode::Either));
                }
                (b'R', 0) => {
                    slide(&diag, &mut add);
                    orth.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, 0), Mode::Either));
                    let mut targets = vec![(0, 0)];
                    if !self.below_only {
                        targets.extend(orth);
                    }
                    for (dx, dy) in targets {
                        let to = cell(dx, dy, 1).unwrap_or(from);
                        if self.cells[to].is_some_and(|p| p.gold != gold) {
                            out.push(Move { from, to, afar: true, promotes: false });
                        }
                    }
                }
                (b'O', 1) => slide(&orth, &mut add),
                (b'U', 1) => knight.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, 0), Mode::Either)),
                (b'T', 1) => slide(&diag, &mut add),
                (b'H', _) => {
                    for (dx, dy) in diag {
                        if b == 1 {
                            add(cell(dx, dy, 0), Mode::Either);
                            add(cell(2 * dx, 2 * dy, 0), Mode::Either);
                        }
                        if b <= 1 {
                            add(cell(dx, dy, 1), Mode::Either);
                        }
                        if b >= 1 {
                            add(cell(dx, dy, -1), Mode::Either);
                        }
                    }
                }
                (b'C', _) => {
                    king.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, 0), Mode::Either));
                    add(cell(0, 0, 1), Mode::Either);
                    add(cell(0, 0, -1), Mode::Either);
                }
                (b'M', 1) => {
                    slide(&king, &mut add);
                    add(cell(0, 0, 1), Mode::Either);
                    add(cell(0, 0, -1), Mode::Either);
                }
                (b'M', _) => {
                    orth.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, 0), Mode::Either));
                    let toward = if b == 0 { 1 } else { -1 };
                    add(cell(0, 0, toward), Mode::Either);
                    if empty(0, 0, toward) {
                        add(cell(0, 0, 2 * toward), Mode::Either);
                    }
                }
                (b'K', 1) => {
                    king.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, 0), Mode::Either));
                    add(cell(0, 0, 1), Mode::Either);
                    add(cell(0, 0, -1), Mode::Either);
                }
                (b'K', _) => add(cell(0, 0, if b == 0 { 1 } else { -1 }), Mode::Either),
                (b'P', _) => {
                    king.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, 0), Mode::Either));
                    if b == 1 {
                        knight.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, 0), Mode::Either));
                    }
                    for (dx, dy, db) in [(2, 0, 1), (0, 2, 1), (1, 0, 2), (0, 1, 2)] {
                        for (sx, sy, sb) in [(1, 1, 1), (-1, -1, 1), (1, 1, -1), (-1, -1, -1)] {
                            add(cell(dx * sx, dy * sy, db * sb), Mode::Either);
                        }
                    }
                }
                (b'W', 1) => {
                    add(cell(0, 1, 0), Mode::Quiet);
                    add(cell(1, 1, 0), Mode::Take);
                    add(cell(-1, 1, 0), Mode::Take);
                }
                (b'B', 2) => {
                    for dx in [-1, 0, 1] {
                        add(cell(dx, 1, 0), Mode::Either);
                    }
                    add(cell(0, -1, 0), Mode::Quiet);
                }
                (b'E', 2) => {
                    for (dx, dy) in orth {
                        add(cell(dx, dy, 0), Mode::Either);
                        if empty(dx, dy, 0) {
                            add(cell(2 * dx, 2 * dy, 0), Mode::Either);
                            add(cell(dx, dy, -1), Mode::Take);
                        }
                    }
                    diag.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, 0), Mode::Quiet));
                }
                (b'E', 1) if empty(0, 0, 1) => {
                    orth.iter().for_each(|(dx, dy)| add(cell(*dx, *dy, 1), Mode::Either));
                }
                (b'D', 1 | 2) => {
                    let d = if piece.reversed { -1 } else { 1 };
                    add(cell(0, d, 0), Mode::Quiet);
                    add(cell(1, 0, 0), Mode::Quiet);
                    add(cell(-1, 0, 0), Mode::Quiet);
                    add(cell(1, d, 0), Mode::Take);
                    add(cell(-1, d, 0), Mode::Take);
                    if b == 2 {
                        add(cell(0, 0, -1), Mode::Take);
                    } else {
                        add(cell(0, 0, 1), Mode::Quiet);
                    }
                }
                _ => {}
            }
        }
        out
    }

    fn play(&mut self, m: Move) {
        if m.afar {
            self.cells[m.to] = None;
        } else {
            let mut piece = self.cells[m.from].take().unwrap();
            if m.promotes {
                piece.letter = b'H';
            }
            if self.reversal
                && piece.letter == b'D'
                && coords(m.to).2 == if piece.gold != piece.reversed { 7 } else { 0 }
            {
                piece.reversed = !piece.reversed;
            }
            self.cells[m.to] = Some(piece);
        }
        self.gold_to_move = !self.gold_to_move;
    }

    fn legal(&self) -> Vec<Move> {
        let gold = self.gold_to_move;
        self.pseudo(gold)
            .into_iter()
            .filter(|m| {
                let mut after = self.clone();
                after.play(*m);
                let king = (0..288).find(|i| after.cells[*i] == Some(Piece { gold, letter: b'K', reversed: false }));
                !after.pseudo(!gold).iter().any(|reply| Some(reply.to) == king)
            })
            .collect()
    }

    fn text(&self, m: Move) -> String {
        let capture = m.afar || self.cells[m.to].is_some();
        let letter = self.cells[m.from].unwrap().letter as char;
        let promotion = if m.promotes { "=H" } else { "" };
        format!("{letter}{}{}{}{promotion}", name(m.from), if capture { 'x' } else { '-' }, name(m.to))
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|m| {
                let mut next = self.clone();
                next.play(*m);
                next.perft(depth - 1)
            })
            .sum()
    }
}

fn engine_moves(p: &Position) -> Vec<String> {
    let mut names: Vec<String> = p.legal_moves().iter().map(|m| notation::coordinates(p, *m)).collect();
    names.sort();
    names
}

fn reference_moves(board: &Board) -> Vec<String> {
    let mut names: Vec<String> = board.legal().iter().map(|m| board.text(*m)).collect();
    names.sort();
    names
}

#[test]
fn perft_three_agrees_with_the_naive_generator() {
    let rules = Variant::Dragonchess.rules().unwrap();
    let mut start = fen::parse(&rules, rules.start).unwrap();
    let board = read(rules.start, false, false);
    assert_eq!(board.perft(3), perft(&mut start, 3));
}

/// Plays seeded random games, comparing every position's legal moves.
fn random_games(options: &str, start: Option<&str>, games: u64, plies: usize) -> Seen {
    let rules = Variant::Dragonchess.rules_for(&GameOptions::parse(dragonchess::OPTIONS, options).unwrap()).unwrap();
    let (reversal, below_only) = (options.contains("dwarf_reversal"), options.contains("dragon_afar_below_only"));
    let start = start.unwrap_or(rules.start);
    let mut positions = 0;
    let mut seen = Seen::default();
    for game in 0..games {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(game + 1);
        let mut position = fen::parse(&rules, start).unwrap();
        for _ in 0..plies {
            let text = fen::write(&position);
            let board = read(&text, reversal, below_only);
            let ours = engine_moves(&position);
            assert_eq!(ours, reference_moves(&board), "{text}");
            assert_eq!(position.is_check(), reference_check(&board), "{text}");
            positions += 1;
            seen.note(&board, &ours);
            if ours.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let legal = position.legal_moves();
            position.make(legal[(seed % legal.len() as u64) as usize]);
        }
    }
    assert!(positions > games as usize * plies / 2, "the games should mostly run their course");
    println!("{positions} positions: {seen:?}");
    seen
}

/// How often the games met the rules that are easy to get wrong, so the
/// comparison is known to have covered them.
#[derive(Debug, Default)]
struct Seen {
    frozen: usize,
    afar: usize,
    promotions: usize,
    checks: usize,
    reversed: usize,
}

impl Seen {
    fn note(&mut self, board: &Board, moves: &[String]) {
        self.frozen += usize::from((0..288).any(|i| board.cells[i].is_some() && board.frozen(i)));
        self.afar += usize::from(moves.iter().any(|m| m.starts_with('R') && m.contains("x2")));
        self.promotions += usize::from(moves.iter().any(|m| m.ends_with("=H")));
        self.checks += usize::from(reference_check(board));
        self.reversed += usize::from(board.cells.iter().flatten().any(|p| p.reversed));
    }
}

fn reference_check(board: &Board) -> bool {
    let gold = board.gold_to_move;
    let king = (0..288).find(|i| board.cells[*i] == Some(Piece { gold, letter: b'K', reversed: false }));
    board.pseudo(!gold).iter().any(|m| Some(m.to) == king)
}

#[test]
fn random_games_agree_with_the_naive_generator() {
    let seen = random_games("", None, 16, 220);
    assert!(seen.frozen > 0 && seen.afar > 0 && seen.promotions > 0 && seen.checks > 0, "{seen:?}");
}

#[test]
fn random_games_agree_under_the_optional_rules() {
    // Dwarves close to the far ranks, so that they turn round early and often.
    let start =
        "6r5/12/12/12/12/12/12/6R5|6k5/wwww8/12/12/12/12/8WWWW/6K5|2b9/1D1D1D6/5D6/12/12/6d5/6d1d1d1/9B2 g - 0 1";
    let seen = random_games("dwarf_reversal,dragon_afar_below_only", Some(start), 16, 150);
    assert!(seen.reversed > 0 && seen.afar > 0, "{seen:?}");
}
