//! Dice Landing against independent references over 300 seeded random games:
//! shakmaty (FIDE chess) where both reserves are empty and nothing is exempt,
//! and everywhere a naive generator written here from the spec alone (§4-§9):
//! its own DL-FEN reader, a plain 8x8 array, every move tried on a copy. For
//! each position it checks the board moves, what every face of the die does
//! (its landing squares, a failure, or a loss), whether the roll is forced,
//! and how the game ends.

use std::collections::BTreeSet;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::game::{Action, Choice, Game};
use rookery_engine::variants::dicelanding::face_of;
use rookery_engine::{notation, Variant};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position as _};

type Square = (i32, i32);

fn name((file, rank): Square) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn parse_square(text: &str) -> Square {
    let b = text.as_bytes();
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

/// A position as the spec describes it, nothing more.
#[derive(Clone)]
struct Naive {
    /// `board[rank][file]`: the piece letter, upper case for White.
    board: [[Option<char>; 8]; 8],
    /// Reserve letters, upper case for White.
    reserve: Vec<char>,
    white: bool,
    unmoved: Vec<Square>,
    ep: Option<Square>,
    exempt: Option<Square>,
}

impl Naive {
    fn read(text: &str) -> Naive {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (placement, reserve) = fields[0].split_once('[').unwrap();
        let mut board = [[None; 8]; 8];
        for (row, rank_text) in placement.split('/').enumerate() {
            let mut file = 0;
            for c in rank_text.chars() {
                match c.to_digit(10) {
                    Some(n) => file += n as usize,
                    None => {
                        board[7 - row][file] = Some(c);
                        file += 1;
                    }
                }
            }
        }
        let squares = |t: &str| -> Vec<Square> {
            if t == "-" {
                return Vec::new();
            }
            t.as_bytes().chunks(2).map(|c| parse_square(std::str::from_utf8(c).unwrap())).collect()
        };
        Naive {
            board,
            reserve: reserve.trim_end_matches(']').chars().collect(),
            white: fields[1] == "w",
            unmoved: squares(fields[2]),
            ep: squares(fields[3]).first().copied(),
            exempt: squares(fields[6]).first().copied(),
        }
    }

    fn at(&self, (f, r): Square) -> Option<char> {
        if (0..8).contains(&f) && (0..8).contains(&r) {
            self.board[r as usize][f as usize]
        } else {
            None
        }
    }

    fn set(&mut self, (f, r): Square, piece: Option<char>) {
        self.board[r as usize][f as usize] = piece;
    }

    fn own(piece: char, white: bool) -> bool {
        piece.is_ascii_uppercase() == white
    }

    fn letter(white: bool, upper: char) -> char {
        if white {
            upper
        } else {
            upper.to_ascii_lowercase()
        }
    }

    fn has_in_reserve(&self, white: bool, upper: char) -> bool {
        self.reserve.contains(&Naive::letter(white, upper))
    }

    fn king(&self, white: bool) -> Option<Square> {
        let k = Naive::letter(white, 'K');
        (0..64).map(|i| (i % 8, i / 8)).find(|s| self.at(*s) == Some(k))
    }

    /// Whether a piece of side `by` attacks `target`.
    fn attacked(&self, target: Square, by: bool) -> bool {
        let (tf, tr) = target;
        let is = |s: Square, upper: &[char]| {
            self.at(s).is_some_and(|p| Naive::own(p, by) && upper.contains(&p.to_ascii_uppercase()))
        };
        let pawn_rank = if by { tr - 1 } else { tr + 1 };
        if is((tf - 1, pawn_rank), &['P']) || is((tf + 1, pawn_rank), &['P']) {
            return true;
        }
        for (df, dr) in [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)] {
            if is((tf + df, tr + dr), &['N']) {
                return true;
            }
        }
        for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)] {
            if is((tf + df, tr + dr), &['K']) {
                return true;
            }
            let sliders: &[char] = if df == 0 || dr == 0 { &['R', 'Q'] } else { &['B', 'Q'] };
            let mut s = (tf + df, tr + dr);
            while (0..8).contains(&s.0) && (0..8).contains(&s.1) {
                if self.at(s).is_some() {
                    if is(s, sliders) {
                        return true;
                    }
                    break;
                }
                s = (s.0 + df, s.1 + dr);
            }
        }
        false
    }

    fn in_check(&self) -> bool {
        self.king(self.white).is_some_and(|k| self.attacked(k, !self.white))
    }

    /// Board moves (§4 Bm) as coordinates.
    fn board_moves(&self) -> BTreeSet<String> {
        let us = self.white;
        let mut out = BTreeSet::new();
        let king_in_reserve = self.has_in_reserve(us, 'K');
        let kept: Square = (4, if us { 0 } else { 7 });
        let mut candidates: Vec<(Square, Square, Option<char>)> = Vec::new();
        for i in 0..64 {
            let from = (i % 8, i / 8);
            let Some(piece) = self.at(from).filter(|p| Naive::own(*p, us)) else { continue };
            let mut add = |to: Square| candidates.push((from, to, None));
            let free = |s: Square| (0..8).contains(&s.0) && (0..8).contains(&s.1);
            let enemy = |s: Square| self.at(s).is_some_and(|p| !Naive::own(p, us));
            match piece.to_ascii_uppercase() {
                'P' => {
                    let dir = if us { 1 } else { -1 };
                    let start = if us { 1 } else { 6 };
                    let one = (from.0, from.1 + dir);
                    if free(one) && self.at(one).is_none() {
                        add(one);
                        let two = (from.0, from.1 + 2 * dir);
                        if from.1 == start && self.at(two).is_none() {
                            add(two);
                        }
                    }
                    for df in [-1, 1] {
                        let to = (from.0 + df, from.1 + dir);
                        if free(to) && (enemy(to) || self.ep == Some(to)) {
                            add(to);
                        }
                    }
                }
                upper => {
                    let (steps, slide): (Vec<Square>, bool) = match upper {
                        'N' => (vec![(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)], false),
                        'B' => (vec![(1, 1), (1, -1), (-1, 1), (-1, -1)], true),
                        'R' => (vec![(1, 0), (-1, 0), (0, 1), (0, -1)], true),
                        'Q' | 'K' => {
                            (vec![(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)], upper == 'Q')
                        }
                        _ => unreachable!(),
                    };
                    for (df, dr) in steps {
                        let mut to = (from.0 + df, from.1 + dr);
                        while free(to) {
                            match self.at(to) {
                                None => add(to),
                                Some(p) => {
                                    if !Naive::own(p, us) {
                                        add(to);
                                    }
                                    break;
                                }
                            }
                            if !slide {
                                break;
                            }
                            to = (to.0 + df, to.1 + dr);
                        }
                    }
                }
            }
        }
        for (from, to, _) in candidates {
            let piece = self.at(from).unwrap();
            if Some(to) == self.exempt && self.at(to).is_some() {
                continue; // §6: the landed piece cannot be captured.
            }
            if king_in_reserve && to == kept {
                continue; // §8: the king's landing square stays free.
            }
            let pawn = piece.eq_ignore_ascii_case(&'P');
            let promotes = pawn && (to.1 == 0 || to.1 == 7);
            let mut after = self.clone();
            if pawn && Some(to) == self.ep && self.at(to).is_none() {
                after.set((to.0, from.1), None);
            }
            after.set(from, None);
            after.set(to, Some(piece));
            if after.king(us).is_some_and(|k| after.attacked(k, !us)) {
                continue;
            }
            if promotes {
                for promo in ['q', 'r', 'b', 'n'] {
                    out.insert(format!("{}{}{promo}", name(from), name(to)));
                }
            } else {
                out.insert(format!("{}{}", name(from), name(to)));
            }
        }
        // §9: castling with a king and rook both unmoved.
        let rank = if us { 0 } else { 7 };
        if self.unmoved.contains(&(4, rank)) && self.at((4, rank)) == Some(Naive::letter(us, 'K')) {
            for (rook_file, king_to, between, safe) in
                [(7, 6, vec![5, 6], vec![4, 5, 6]), (0, 2, vec![1, 2, 3], vec![4, 3, 2])]
            {
                if self.unmoved.contains(&(rook_file, rank))
                    && self.at((rook_file, rank)) == Some(Naive::letter(us, 'R'))
                    && between.iter().all(|f| self.at((*f, rank)).is_none())
                    && safe.iter().all(|f| !self.attacked((*f, rank), !us))
                {
                    out.insert(format!("{}{}", name((4, rank)), name((king_to, rank))));
                }
            }
        }
        out
    }

    /// §1: the landing squares of a piece type.
    fn landing(white: bool, upper: char) -> Vec<Square> {
        let rank = match (upper, white) {
            ('P', true) => 1,
            ('P', false) => 6,
            (_, true) => 0,
            (_, false) => 7,
        };
        let files: Vec<i32> = match upper {
            'K' => vec![4],
            'Q' => vec![3],
            'R' => vec![0, 7],
            'B' => vec![2, 5],
            'N' => vec![1, 6],
            _ => (0..8).collect(),
        };
        files.into_iter().map(|f| (f, rank)).collect()
    }

    /// §4 BASIC(f) and LEGAL(f), as drops `N@g1`.
    fn deployments(&self, face: char) -> (BTreeSet<String>, BTreeSet<String>) {
        let us = self.white;
        let (mut basic, mut legal) = (BTreeSet::new(), BTreeSet::new());
        for upper in ['P', 'N', 'B', 'R', 'Q', 'K'] {
            if !(face == upper || face == '*') || !self.has_in_reserve(us, upper) {
                continue;
            }
            // §7: the colours of own bishops on the board.
            let shades: BTreeSet<i32> = (0..64)
                .map(|i| (i % 8, i / 8))
                .filter(|s| self.at(*s) == Some(Naive::letter(us, 'B')))
                .map(|(f, r)| (f + r) % 2)
                .collect();
            for square in Naive::landing(us, upper) {
                if self.at(square).is_some() {
                    continue;
                }
                if upper == 'B' && shades.len() == 1 && shades.contains(&((square.0 + square.1) % 2)) {
                    continue;
                }
                if upper == 'K' && self.attacked(square, !us) {
                    continue;
                }
                let drop = format!("{upper}@{}", name(square));
                basic.insert(drop.clone());
                let mut after = self.clone();
                after.set(square, Some(Naive::letter(us, upper)));
                if !after.king(us).is_some_and(|k| after.attacked(k, !us)) {
                    legal.insert(drop);
                }
            }
        }
        (basic, legal)
    }

    /// What rolling `face` does (§4 ROLL, default option `lose`).
    fn roll(&self, face: char) -> Rolled {
        let (basic, legal) = self.deployments(face);
        if basic.is_empty() {
            Rolled::Failed
        } else if !self.in_check() {
            Rolled::Deploy(basic)
        } else {
            Rolled::Deploy(legal) // empty: the side loses (R5)
        }
    }

    /// Whether the roll is forced: no board move, but a face could deploy.
    fn must_roll(&self, die: &[char]) -> bool {
        let check = self.in_check();
        self.board_moves().is_empty()
            && die.iter().any(|f| {
                let (basic, legal) = self.deployments(*f);
                !if check { legal } else { basic }.is_empty()
            })
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Rolled {
    Failed,
    Deploy(BTreeSet<String>),
}

/// What rolling number `n` does in the engine's game.
fn engine_roll(game: &Game, kind: usize, n: u32) -> Rolled {
    let mut rolled = game.clone();
    let side = game.position().turn();
    rolled.apply(Action::Roll { side, kind, faces: vec![n] }).unwrap();
    if !deployed_turn(&rolled) {
        return Rolled::Failed;
    }
    let position = rolled.position();
    Rolled::Deploy(position.legal_moves().iter().map(|m| notation::coordinates(position, *m)).collect())
}

/// Whether the roll just made opened deployments (the grant of a success).
fn deployed_turn(game: &Game) -> bool {
    let granted = game.position().granted();
    rookery_engine::variants::dicelanding::DEPLOY.iter().any(|g| granted.contains(*g))
}

fn board_moves(game: &Game) -> BTreeSet<String> {
    let position = game.position();
    position.legal_moves().iter().map(|m| notation::coordinates(position, *m)).collect()
}

/// Chess FEN of a position with empty reserves, for shakmaty.
fn chess_fen(dl: &str) -> String {
    let fields: Vec<&str> = dl.split_whitespace().collect();
    let board = fields[0].trim_end_matches("[]");
    let mut castling = String::new();
    for (letter, king, rook) in [('K', "e1", "h1"), ('Q', "e1", "a1"), ('k', "e8", "h8"), ('q', "e8", "a8")] {
        if fields[2].contains(king) && fields[2].contains(rook) {
            castling.push(letter);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    format!("{board} {} {castling} {} {} {}", fields[1], fields[3], fields[4], fields[5])
}

fn check_position(game: &Game, die: &[char], shakmaty_checked: &mut usize) {
    let text = game.fen();
    let naive = Naive::read(&text);
    let ours = board_moves(game);
    assert_eq!(ours, naive.board_moves(), "board moves in {text}");
    if text.contains("[]") && text.ends_with(" -") {
        let setup: Fen = chess_fen(&text).parse().unwrap();
        let theirs: Chess = setup.into_position(CastlingMode::Standard).unwrap();
        let their_moves: BTreeSet<String> =
            theirs.legal_moves().iter().map(|m| UciMove::from_standard(*m).to_string()).collect();
        assert_eq!(ours, their_moves, "shakmaty's moves in {text}");
        *shakmaty_checked += 1;
    }
    let turn = game.turn();
    let forced =
        turn.as_ref().is_some_and(|t| t.choices.iter().any(|c| matches!(c, Choice::Roll { required: true, .. })));
    let reserve_empty = !naive.reserve.iter().any(|c| Naive::own(*c, naive.white));
    assert_eq!(forced, !reserve_empty && naive.must_roll(die), "forced roll in {text}");
    if turn.is_none() || reserve_empty {
        return;
    }
    let kind = if forced { 1 } else { 0 };
    for n in 1..=6 {
        let face = die[n as usize - 1];
        assert_eq!(engine_roll(game, kind, n), naive.roll(face), "face {face} in {text}");
    }
}

fn random_game(start: Option<&str>, options: &str, rng: &mut StdRng, shakmaty_checked: &mut usize) -> usize {
    let mut game = Game::create(Variant::DiceLanding, options, start).unwrap();
    let die: Vec<char> = (1..=6).map(|n| face_of(game.options(), &[n]).unwrap().symbol()).collect();
    let mut plies = 0;
    for _ in 0..120 {
        check_position(&game, &die, shakmaty_checked);
        let Some(turn) = game.turn() else { break };
        let side = turn.side;
        let roll = turn.choices.iter().find_map(|c| match c {
            Choice::Roll { kind, required, .. } => Some((*kind, *required)),
            _ => None,
        });
        if let Some((kind, required)) = roll {
            if required || rng.random_range(0..3) == 0 {
                let face = rng.random_range(0..6) as u32 + 1;
                game.apply(Action::Roll { side, kind, faces: vec![face] }).unwrap();
                if game.outcome().is_some() {
                    break;
                }
            }
        }
        let moves = game.position().legal_moves();
        let mv = moves[rng.random_range(0..moves.len())];
        game.apply(Action::Move(mv)).unwrap();
        plies += 1;
    }
    plies
}

#[test]
fn three_hundred_random_games_agree_with_the_references() {
    let starts: [(Option<&str>, &str); 6] = [
        (Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w e1a1h1e8a8h8 - 0 1 -"), ""),
        (None, ""),
        (None, "lineup=king-only captured=revival"),
        (None, "die=KQRB** captured=revival"),
        (Some("4k3/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNqrrbbnn] w e8 - 0 1 -"), "die=KKNBR*"),
        (Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqbbnn] w e1a1h1e8a8h8 - 0 1 -"), "captured=revival"),
    ];
    let mut rng = StdRng::seed_from_u64(16);
    let (mut plies, mut shakmaty_checked) = (0, 0);
    for game in 0..300 {
        let (start, options) = starts[game % starts.len()];
        plies += random_game(start, options, &mut rng, &mut shakmaty_checked);
    }
    assert!(plies > 10_000, "{plies} plies");
    assert!(shakmaty_checked > 3_000, "{shakmaty_checked} positions checked against shakmaty");
}
