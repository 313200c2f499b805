//! A naive New chess move generator written straight from the spec
//! (`shared/rules/new-chess.md` §3-§10), sharing no code with the engine:
//! a 10x10 array, pieces as letters, every move tried on a copy. The engine
//! must agree with it on perft from the start and from positions with hands,
//! and on every position of 300 random games covering every option value.

use std::collections::BTreeSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::perft::perft;
use rookery_engine::position::Position;
use rookery_engine::{fen, notation, GameOptions, Variant};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pc {
    white: bool,
    letter: char,
    knighted: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum CannonStyle {
    Hop,
    Grasshopper,
    Xiangqi,
}

#[derive(Clone, Copy, Debug)]
struct Opts {
    king_only: bool,
    cannon: CannonStyle,
    fide: bool,
}

const HAND_LETTERS: [char; 9] = ['K', 'J', 'G', 'T', 'F', 'H', 'C', 'S', 'P'];

#[derive(Clone)]
struct Naive {
    board: [[Option<Pc>; 10]; 10], // [rank][file]
    hands: [[u8; 9]; 2],           // [white, black] by HAND_LETTERS
    white: bool,
    rights: [bool; 4], // A J a j
    opts: Opts,
}

type Sq = (i32, i32); // (file, rank)

/// Adds a step's target to the reach: (reach, target, may move, may capture).
type Step<'a> = dyn FnMut(&mut Vec<(Sq, bool)>, Sq, bool, bool) + 'a;

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn on_board((f, r): Sq) -> bool {
    (0..10).contains(&f) && (0..10).contains(&r)
}

impl Naive {
    fn parse(text: &str, opts: Opts) -> Naive {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (placement, hands) = fields[0].split_once('[').unwrap();
        let mut board = [[None; 10]; 10];
        for (row, rank_text) in placement.split('/').enumerate() {
            let rank = 9 - row;
            let mut file = 0;
            let mut chars = rank_text.chars().peekable();
            let mut knighted = false;
            while let Some(c) = chars.next() {
                if c == '+' {
                    knighted = true;
                } else if let Some(d) = c.to_digit(10) {
                    let mut n = d as usize;
                    if n == 1 && chars.peek() == Some(&'0') {
                        chars.next();
                        n = 10;
                    }
                    file += n;
                } else {
                    let pc = Pc { white: c.is_ascii_uppercase(), letter: c.to_ascii_uppercase(), knighted };
                    board[rank][file] = Some(pc);
                    file += 1;
                    knighted = false;
                }
            }
        }
        let mut hand_counts = [[0u8; 9]; 2];
        for c in hands.trim_end_matches(']').chars() {
            let side = usize::from(!c.is_ascii_uppercase());
            let index = HAND_LETTERS.iter().position(|l| *l == c.to_ascii_uppercase()).unwrap();
            hand_counts[side][index] += 1;
        }
        let rights = ['A', 'J', 'a', 'j'].map(|l| fields[2].contains(l));
        Naive { board, hands: hand_counts, white: fields[1] == "w", rights, opts }
    }

    fn at(&self, (f, r): Sq) -> Option<Pc> {
        self.board[r as usize][f as usize]
    }

    fn set(&mut self, (f, r): Sq, pc: Option<Pc>) {
        self.board[r as usize][f as usize] = pc;
    }

    fn kings(&self, white: bool) -> Vec<Sq> {
        self.squares()
            .filter(|s| self.at(*s).is_some_and(|p| p.white == white && matches!(p.letter, 'K' | 'J')))
            .collect()
    }

    fn squares(&self) -> impl Iterator<Item = Sq> {
        (0..10).flat_map(|r| (0..10).map(move |f| (f, r)))
    }

    /// The squares a piece on `from` could move to, each with whether it
    /// would capture there (kings are never captured: those are left out).
    /// With `attacks`, every square it attacks instead: where it could
    /// capture if an enemy stood there, kings included.
    fn reach(&self, from: Sq, pc: Pc, attacks: bool) -> Vec<(Sq, bool)> {
        let fwd = if pc.white { 1 } else { -1 };
        let mut out = Vec::new();
        let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        let diag = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        let gold = [(0, 1), (-1, 1), (1, 1), (-1, 0), (1, 0), (0, -1)];
        let mut step = |out: &mut Vec<(Sq, bool)>, to: Sq, can_move: bool, can_capture: bool| {
            if !on_board(to) {
                return;
            }
            match self.at(to) {
                None if attacks => {
                    if can_capture {
                        out.push((to, true))
                    }
                }
                None => {
                    if can_move {
                        out.push((to, false))
                    }
                }
                Some(other) if other.white != pc.white && can_capture => {
                    if attacks || !matches!(other.letter, 'K' | 'J') {
                        out.push((to, true))
                    }
                }
                Some(_) => {}
            }
        };
        let leaps = |out: &mut Vec<(Sq, bool)>, vs: &[(i32, i32)], step: &mut Step| {
            for (dx, dy) in vs {
                step(out, (from.0 + dx, from.1 + dy * fwd), true, true);
            }
        };
        let slide = |out: &mut Vec<(Sq, bool)>, dirs: &[(i32, i32)]| {
            for (dx, dy) in dirs {
                let mut to = (from.0 + dx, from.1 + dy);
                while on_board(to) {
                    match self.at(to) {
                        None => out.push((to, attacks)),
                        Some(other) => {
                            if other.white != pc.white && (attacks || !matches!(other.letter, 'K' | 'J')) {
                                out.push((to, true));
                            }
                            break;
                        }
                    }
                    to = (to.0 + dx, to.1 + dy);
                }
            }
        };
        match (pc.letter, pc.knighted) {
            ('K' | 'J', _) => {
                leaps(&mut out, &[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)], &mut step)
            }
            ('G', _) | ('S', true) => leaps(&mut out, &gold, &mut step),
            ('T', _) => slide(&mut out, &orth),
            ('F', false) => slide(&mut out, &diag),
            ('F', true) => {
                slide(&mut out, &orth);
                slide(&mut out, &diag);
            }
            ('H', _) => {
                leaps(&mut out, &[(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)], &mut step)
            }
            ('S', false) => leaps(&mut out, &[(0, 1), (-1, 1), (1, 1)], &mut step),
            ('P', true) => leaps(&mut out, &[(0, 1), (-1, 1), (1, 1), (0, -1)], &mut step),
            ('P', false) => {
                step(&mut out, (from.0, from.1 + fwd), !attacks, false);
                step(&mut out, (from.0 - 1, from.1 + fwd), false, true);
                step(&mut out, (from.0 + 1, from.1 + fwd), false, true);
            }
            ('C', _) => {
                for (dx, dy) in orth {
                    let mut to = (from.0 + dx, from.1 + dy);
                    // Before the screen: a Xiangqi cannon slides quietly.
                    while on_board(to) && self.at(to).is_none() {
                        if self.opts.cannon == CannonStyle::Xiangqi && !attacks {
                            out.push((to, false));
                        }
                        to = (to.0 + dx, to.1 + dy);
                    }
                    if !on_board(to) {
                        continue;
                    }
                    to = (to.0 + dx, to.1 + dy); // past the screen
                    let mut first = true;
                    while on_board(to) {
                        match self.at(to) {
                            None => {
                                let quiet = self.opts.cannon != CannonStyle::Xiangqi;
                                if attacks {
                                    out.push((to, true));
                                } else if quiet {
                                    out.push((to, false));
                                }
                            }
                            Some(other) => {
                                if other.white != pc.white && (attacks || !matches!(other.letter, 'K' | 'J')) {
                                    out.push((to, true));
                                }
                                break;
                            }
                        }
                        if self.opts.cannon == CannonStyle::Grasshopper && first {
                            break;
                        }
                        first = false;
                        to = (to.0 + dx, to.1 + dy);
                    }
                }
            }
            other => panic!("unknown piece {other:?}"),
        }
        out
    }

    fn attacked(&self, target: Sq, by_white: bool) -> bool {
        self.squares().any(|from| {
            self.at(from).is_some_and(|pc| {
                pc.white == by_white && self.reach(from, pc, true).iter().any(|(to, capture)| *to == target && *capture)
            })
        })
    }

    fn checked_kings(&self, white: bool) -> Vec<Sq> {
        self.kings(white).into_iter().filter(|k| self.attacked(*k, !white)).collect()
    }

    fn in_land(white: bool, rank: i32) -> bool {
        if white {
            rank <= 2
        } else {
            rank >= 7
        }
    }

    /// Every legal move as coordinates (`e3e4`, `c5f8^`, `T@c2`, `e1b1`).
    fn legal(&self) -> BTreeSet<String> {
        let us = self.white;
        let checked = self.checked_kings(us);
        let mut out = BTreeSet::new();
        let mut try_move = |text: String, after: Naive, king_to: Option<Sq>| {
            let left = after.checked_kings(us).len();
            let allowed = if checked.len() == 2 { 1 } else { 0 };
            let king_safe = king_to.is_none_or(|k| !after.attacked(k, !us));
            if left <= allowed && king_safe {
                out.insert(text);
            }
        };
        for from in self.squares() {
            let Some(pc) = self.at(from).filter(|p| p.white == us) else { continue };
            let is_king = matches!(pc.letter, 'K' | 'J');
            if self.opts.king_only && !checked.is_empty() && !checked.contains(&from) {
                continue;
            }
            for (to, _) in self.reach(from, pc, false) {
                let knightable = !pc.knighted && matches!(pc.letter, 'F' | 'S' | 'P') && Naive::in_land(!us, to.1);
                let last = to.1 == if us { 9 } else { 0 };
                let compulsory = knightable && matches!(pc.letter, 'S' | 'P') && last;
                for knight in [false, true] {
                    if (knight && !knightable) || (!knight && compulsory) {
                        continue;
                    }
                    let mut after = self.clone();
                    after.set(from, None);
                    after.set(to, Some(Pc { knighted: pc.knighted || knight, ..pc }));
                    after.white = !us;
                    after.clear_rights(from);
                    after.clear_rights(to);
                    let text = format!("{}{}{}", name(from), name(to), if knight { "^" } else { "" });
                    try_move(text, after, is_king.then_some(to));
                }
            }
        }
        if !self.opts.king_only || checked.is_empty() {
            // Drops (§8): own land, empty, attacking no enemy piece.
            for (index, letter) in HAND_LETTERS.iter().enumerate() {
                if self.hands[usize::from(!us)][index] == 0 {
                    continue;
                }
                for to in self.squares().filter(|s| Naive::in_land(us, s.1) && self.at(*s).is_none()) {
                    let pc = Pc { white: us, letter: *letter, knighted: false };
                    let mut after = self.clone();
                    after.set(to, Some(pc));
                    let threat = |(sq, _): &(Sq, bool)| after.at(*sq).is_some_and(|p| p.white != us);
                    if after.reach(to, pc, true).iter().any(threat) {
                        continue;
                    }
                    after.hands[usize::from(!us)][index] -= 1;
                    after.white = !us;
                    try_move(format!("{letter}@{}", name(to)), after, matches!(letter, 'K' | 'J').then_some(to));
                }
            }
            // Castling (§10).
            if checked.is_empty() {
                let rank = if us { 0 } else { 9 };
                let fide = self.opts.fide;
                for (bit, king, king_from, rook_from, king_to, rook_to, between) in [
                    (0, 'K', 4, 0, if fide { 2 } else { 1 }, 3, [1, 2, 3]),
                    (1, 'J', 5, 9, if fide { 7 } else { 8 }, 6, [6, 7, 8]),
                ] {
                    let bit = bit + if us { 0 } else { 2 };
                    let has = |f: i32, l: char| self.at((f, rank)).is_some_and(|p| p.white == us && p.letter == l);
                    if !self.rights[bit] || !has(king_from, king) || !has(rook_from, 'T') {
                        continue;
                    }
                    if between.iter().any(|f| self.at((*f, rank)).is_some()) {
                        continue;
                    }
                    let path: Vec<i32> = if king_from < king_to {
                        (king_from..=king_to).collect()
                    } else {
                        (king_to..=king_from).collect()
                    };
                    if path.iter().any(|f| self.attacked((*f, rank), !us)) {
                        continue;
                    }
                    let mut after = self.clone();
                    let (k, t) = (self.at((king_from, rank)), self.at((rook_from, rank)));
                    after.set((king_from, rank), None);
                    after.set((rook_from, rank), None);
                    after.set((king_to, rank), k);
                    after.set((rook_to, rank), t);
                    after.white = !us;
                    after.clear_rights((king_from, rank));
                    after.clear_rights((rook_from, rank));
                    try_move(
                        format!("{}{}", name((king_from, rank)), name((king_to, rank))),
                        after,
                        Some((king_to, rank)),
                    );
                }
            }
        }
        out
    }

    fn clear_rights(&mut self, square: Sq) {
        for (bit, squares) in
            [(0, [(4, 0), (0, 0)]), (1, [(5, 0), (9, 0)]), (2, [(4, 9), (0, 9)]), (3, [(5, 9), (9, 9)])]
        {
            if squares.contains(&square) {
                self.rights[bit] = false;
            }
        }
    }

    fn play(&self, text: &str) -> Naive {
        let fide = self.opts.fide;
        let mut after = self.clone();
        let us = self.white;
        let parse = |s: &str| -> Sq { (s.as_bytes()[0] as i32 - b'a' as i32, s[1..].parse::<i32>().unwrap() - 1) };
        if let Some((letter, square)) = text.split_once('@') {
            let letter = letter.chars().next().unwrap();
            let to = parse(square);
            after.set(to, Some(Pc { white: us, letter, knighted: false }));
            after.hands[usize::from(!us)][HAND_LETTERS.iter().position(|l| *l == letter).unwrap()] -= 1;
        } else {
            let knight = text.ends_with('^');
            let core = text.trim_end_matches('^');
            let split = core[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 1;
            let (from, to) = (parse(&core[..split]), parse(&core[split..]));
            let pc = self.at(from).unwrap();
            let castle = matches!(pc.letter, 'K' | 'J') && (from.0 - to.0).abs() >= 2;
            if castle {
                let (rook_from, rook_to) = if to.0 < from.0 { (0, 3) } else { (9, 6) };
                let _ = fide;
                let t = self.at((rook_from, from.1));
                after.set(from, None);
                after.set((rook_from, from.1), None);
                after.set(to, Some(pc));
                after.set((rook_to, from.1), t);
                after.clear_rights((rook_from, from.1));
            } else {
                after.set(from, None);
                after.set(to, Some(Pc { knighted: pc.knighted || knight, ..pc }));
            }
            after.clear_rights(from);
            after.clear_rights(to);
        }
        after.white = !us;
        after
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}

fn options_text(opts: Opts) -> String {
    let cannon = match opts.cannon {
        CannonStyle::Hop => "hop",
        CannonStyle::Grasshopper => "grasshopper",
        CannonStyle::Xiangqi => "xiangqi",
    };
    format!(
        "check_evasion={} cannon={cannon} castling={}",
        if opts.king_only { "king_only" } else { "any" },
        if opts.fide { "fide" } else { "swap" }
    )
}

fn engine_position(opts: Opts, text: &str) -> Position {
    let specs = Variant::NewChess.rules().unwrap().options;
    let rules = Variant::NewChess.rules_for(&GameOptions::parse(specs, &options_text(opts)).unwrap()).unwrap();
    fen::parse(&rules, text).unwrap()
}

fn engine_legal(position: &Position) -> BTreeSet<String> {
    // The reference writes a declined knighting without its `=`.
    position
        .legal_moves()
        .iter()
        .map(|m| notation::coordinates(position, *m).trim_end_matches('=').to_string())
        .collect()
}

const DEFAULT: Opts = Opts { king_only: false, cannon: CannonStyle::Hop, fide: false };
const START: &str = rookery_engine::variants::newchess::START;

/// Positions with hands: re-entries, kings in hand, a bare board to drop on.
const WITH_HANDS: [&str; 3] = [
    "thfgk1gfht/10/p1psppsp1p/10/10/10/10/P1P1PPSP1P/1C6C1/1HFGKJGFHT[TSPPjcc] w Ja 0 1",
    "t3kj3t/10/p1psppsp1p/10/10/10/10/P1PSPPSP1P/10/T3KJ3T[HCFGhcfg] b AJaj 0 1",
    "4k5/10/10/10/10/10/10/10/10/5J4[KTFPPtfhs] w - 0 1",
];

#[test]
fn perft_3_from_the_start_agrees() {
    let naive = Naive::parse(START, DEFAULT);
    let mut position = engine_position(DEFAULT, START);
    for depth in 1..=3 {
        assert_eq!(perft(&mut position, depth), naive.perft(depth), "depth {depth}");
    }
}

#[test]
fn perft_3_with_hands_agrees() {
    for text in WITH_HANDS {
        let naive = Naive::parse(text, DEFAULT);
        let mut position = engine_position(DEFAULT, text);
        assert_eq!(engine_legal(&position), naive.legal(), "{text}");
        assert_eq!(perft(&mut position, 3), naive.perft(3), "{text}");
    }
}

#[test]
fn three_hundred_random_games_agree_under_every_option() {
    let mut rng = StdRng::seed_from_u64(0x0e_c4e55);
    let mut combos = Vec::new();
    for king_only in [false, true] {
        for cannon in [CannonStyle::Hop, CannonStyle::Grasshopper, CannonStyle::Xiangqi] {
            for fide in [false, true] {
                combos.push(Opts { king_only, cannon, fide });
            }
        }
    }
    let starts: Vec<&str> = std::iter::once(START).chain(WITH_HANDS).collect();
    let mut positions = 0;
    for game in 0..300 {
        let opts = combos[game % combos.len()];
        let start = starts[game / combos.len() % starts.len()];
        let mut naive = Naive::parse(start, opts);
        let mut position = engine_position(opts, start);
        for ply in 0..80 {
            let engine = engine_legal(&position);
            assert_eq!(
                engine,
                naive.legal(),
                "game {game} ply {ply} ({}): {}",
                options_text(opts),
                fen::write(&position)
            );
            positions += 1;
            if engine.is_empty() {
                break;
            }
            let pick = engine.iter().nth(rng.random_range(0..engine.len())).unwrap().clone();
            naive = naive.play(&pick);
            let mv = position
                .legal_moves()
                .into_iter()
                .find(|m| notation::coordinates(&position, *m).trim_end_matches('=') == pick);
            let mv = mv.unwrap();
            let written = notation::coordinates(&position, mv);
            assert_eq!(notation::parse_move(&position, &written), Ok(mv), "coordinates read back");
            position.make(mv);
        }
    }
    assert!(positions > 10_000, "{positions} positions compared");
}
