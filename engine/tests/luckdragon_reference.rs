//! An independent check of Luck Dragon's ordinary moves (the spec's set M):
//! a deliberately naive generator written straight from the rules text, with
//! its own position text reader, that tries every candidate move on a copy of
//! the board and asks "is the king attacked?" by scanning every enemy piece.
//! It shares no code with the engine. The engine must agree with it on perft
//! from the start and on every position of a few hundred random games.

use rookery_engine::game::Game;
use rookery_engine::{notation, perft, Variant};

const W: usize = 10;
const FILES: &[u8] = b"abcdefghij";
const KNIGHT: [(i32, i32); 8] = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)];
const CAMEL: [(i32, i32); 8] = [(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)];
const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const DIAGONAL: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

#[derive(Clone, Copy, PartialEq, Eq)]
struct Pc {
    white: bool,
    kind: u8,
}

#[derive(Clone)]
struct Board {
    cells: [Option<Pc>; 80],
    white: bool,
    /// K Q k q.
    castle: [bool; 4],
    ep: Option<usize>,
    unmoved: [bool; 80],
    entrance: [bool; 2],
    spent: [bool; 80],
}

#[derive(Clone, Copy, PartialEq)]
enum Form {
    Plain,
    Leap2,
    Castle { rook_from: usize, rook_to: usize },
    EnPassant(usize),
}

#[derive(Clone, Copy)]
struct Mv {
    from: usize,
    to: usize,
    promo: Option<u8>,
    neighbour: Option<usize>,
    form: Form,
}

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..10).contains(&f) && (0..8).contains(&r)).then(|| (r * 10 + f) as usize)
}

fn fr(sq: usize) -> (i32, i32) {
    ((sq % W) as i32, (sq / W) as i32)
}

fn name(sq: usize) -> String {
    format!("{}{}", FILES[sq % W] as char, sq / W + 1)
}

impl Board {
    fn parse(text: &str) -> Board {
        let fields: Vec<&str> = text.split(' ').collect();
        let mut b = Board {
            cells: [None; 80],
            white: fields[1] == "w",
            castle: [false; 4],
            ep: None,
            unmoved: [false; 80],
            entrance: [fields[7].contains('E'), fields[7].contains('e')],
            spent: [false; 80],
        };
        for (row, rank) in fields[0].split('/').enumerate() {
            let (mut f, mut run) = (0, 0);
            for c in rank.bytes() {
                if c.is_ascii_digit() {
                    run = run * 10 + (c - b'0') as usize;
                    continue;
                }
                f += run;
                run = 0;
                b.cells[(7 - row) * W + f] = Some(Pc { white: c.is_ascii_uppercase(), kind: c.to_ascii_uppercase() });
                f += 1;
            }
        }
        for (i, c) in "KQkq".chars().enumerate() {
            b.castle[i] = fields[2].contains(c);
        }
        if fields[3] != "-" {
            let bytes = fields[3].as_bytes();
            b.ep = at(FILES.iter().position(|f| *f == bytes[0]).unwrap() as i32, (bytes[1] - b'1') as i32);
        }
        let (white, black) = fields[6].split_once('/').unwrap();
        for (rank, files) in [(0, white), (7, black)] {
            for c in files.bytes().filter(|c| *c != b'-') {
                b.unmoved[rank * W + FILES.iter().position(|f| *f == c).unwrap()] = true;
            }
        }
        let spent = fields[8].as_bytes();
        for pair in spent.chunks(2).filter(|_| spent != b"-") {
            b.spent[(pair[1] - b'1') as usize * W + FILES.iter().position(|f| *f == pair[0]).unwrap()] = true;
        }
        b
    }

    fn king(&self, white: bool) -> usize {
        (0..80).find(|sq| self.cells[*sq] == Some(Pc { white, kind: b'K' })).expect("a king")
    }

    /// Whether a piece of side `white` could capture on `target`.
    fn attacked(&self, target: usize, white: bool) -> bool {
        (0..80).any(|sq| matches!(self.cells[sq], Some(p) if p.white == white && self.hits(sq, p, target)))
    }

    fn hits(&self, from: usize, p: Pc, target: usize) -> bool {
        let (f, r) = fr(from);
        let leaps = |list: &[(i32, i32)]| list.iter().any(|(dx, dy)| at(f + dx, r + dy) == Some(target));
        let slide = |dirs: &[(i32, i32)], stops: &dyn Fn(i32) -> bool| {
            dirs.iter().any(|(dx, dy)| {
                for d in 1..10 {
                    let Some(sq) = at(f + dx * d, r + dy * d) else { return false };
                    if sq == target {
                        return stops(d);
                    }
                    if self.cells[sq].is_some() {
                        return false;
                    }
                }
                false
            })
        };
        let any = |_: i32| true;
        match p.kind {
            b'P' => leaps(&[(1, if p.white { 1 } else { -1 }), (-1, if p.white { 1 } else { -1 })]),
            b'N' => leaps(&KNIGHT),
            b'K' => leaps(&[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)]),
            b'B' => slide(&DIAGONAL, &any),
            b'R' => slide(&ORTHOGONAL, &any),
            b'Q' => slide(&DIAGONAL, &any) || slide(&ORTHOGONAL, &any),
            b'L' => {
                leaps(&CAMEL)
                    || leaps(&[(2, 0), (-2, 0), (0, 2), (0, -2)])
                    || slide(&ORTHOGONAL, &|d| d == 4 || d == 6 || d == 8)
            }
            _ => unreachable!(),
        }
    }

    /// The targets of a non-pawn, non-king piece's own pattern (empty or enemy).
    fn targets(&self, from: usize, p: Pc) -> Vec<usize> {
        let (f, r) = fr(from);
        let mut out = Vec::new();
        let free = |sq: usize| self.cells[sq].is_none_or(|q| q.white != p.white);
        let leap = |list: &[(i32, i32)], out: &mut Vec<usize>| {
            out.extend(list.iter().filter_map(|(dx, dy)| at(f + dx, r + dy)).filter(|sq| free(*sq)))
        };
        let slide = |dirs: &[(i32, i32)], stops: &dyn Fn(i32) -> bool, out: &mut Vec<usize>| {
            for (dx, dy) in dirs {
                for d in 1..10 {
                    let Some(sq) = at(f + dx * d, r + dy * d) else { break };
                    if stops(d) && free(sq) {
                        out.push(sq);
                    }
                    if self.cells[sq].is_some() {
                        break;
                    }
                }
            }
        };
        match p.kind {
            b'N' => leap(&KNIGHT, &mut out),
            b'K' => leap(&[(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, 1), (1, -1), (-1, -1)], &mut out),
            b'B' => slide(&DIAGONAL, &|_| true, &mut out),
            b'R' => slide(&ORTHOGONAL, &|_| true, &mut out),
            b'Q' => {
                slide(&DIAGONAL, &|_| true, &mut out);
                slide(&ORTHOGONAL, &|_| true, &mut out);
            }
            b'L' => {
                leap(&CAMEL, &mut out);
                leap(&[(2, 0), (-2, 0), (0, 2), (0, -2)], &mut out);
                slide(&ORTHOGONAL, &|d| d == 4 || d == 6 || d == 8, &mut out);
            }
            _ => unreachable!(),
        }
        out
    }

    fn play(&self, mv: &Mv) -> Board {
        let mut b = self.clone();
        let p = b.cells[mv.from].take().unwrap();
        b.cells[mv.to] = Some(Pc { white: p.white, kind: mv.promo.unwrap_or(p.kind) });
        match mv.form {
            Form::Castle { rook_from, rook_to } => {
                let rook = b.cells[rook_from].take();
                b.cells[rook_to] = rook;
            }
            Form::EnPassant(victim) => b.cells[victim] = None,
            _ => {}
        }
        if let Some(n) = mv.neighbour {
            b.cells[mv.from] = b.cells[n].take();
        }
        let touched = |sq: usize| sq == mv.from || sq == mv.to || mv.neighbour == Some(sq);
        for (side, rank_start) in [(0, 0), (2, 70)] {
            for (right, own_square, corner) in [(0, rank_start + 8, rank_start + 9), (1, rank_start + 1, rank_start)] {
                let rook_at = if self.unmoved[own_square] { own_square } else { corner };
                let into_corner = mv.neighbour == Some(own_square) && mv.from == corner;
                if (p.kind == b'K' && mv.from == rank_start + 5) || (touched(rook_at) && !into_corner) {
                    b.castle[side + right] = false;
                }
            }
        }
        for sq in [Some(mv.from), Some(mv.to), mv.neighbour].into_iter().flatten() {
            b.unmoved[sq] = false;
        }
        if let Form::Castle { rook_from, .. } = mv.form {
            b.unmoved[rook_from] = false;
        }
        b.spent[mv.to] = false;
        if self.spent[mv.from] {
            b.spent[mv.from] = false;
            b.spent[mv.to] = true;
        }
        if mv.form == Form::Leap2 {
            if self.unmoved[mv.from] {
                b.entrance[usize::from(!p.white)] = false;
            } else {
                b.spent[mv.to] = true;
            }
        }
        b.ep = (p.kind == b'P' && mv.from.abs_diff(mv.to) == 2 * W).then(|| (mv.from + mv.to) / 2);
        b.white = !b.white;
        b
    }

    /// The legal moves needing no die, by brute force.
    fn moves(&self) -> Vec<Mv> {
        let us = self.white;
        let mut candidates = Vec::new();
        let plain = |from, to| Mv { from, to, promo: None, neighbour: None, form: Form::Plain };
        for from in 0..80 {
            let Some(p) = self.cells[from].filter(|p| p.white == us) else { continue };
            let (f, r) = fr(from);
            if p.kind == b'P' {
                let dir = if us { 1 } else { -1 };
                let mut pawn = Vec::new();
                if let Some(one) = at(f, r + dir).filter(|sq| self.cells[*sq].is_none()) {
                    pawn.push((one, Form::Plain));
                    let start = if us { 1 } else { 6 };
                    if let Some(two) = at(f, r + 2 * dir).filter(|sq| r == start && self.cells[*sq].is_none()) {
                        pawn.push((two, Form::Plain));
                    }
                }
                for dx in [-1, 1] {
                    let Some(to) = at(f + dx, r + dir) else { continue };
                    if self.cells[to].is_some_and(|q| q.white != us) {
                        pawn.push((to, Form::Plain));
                    } else if self.ep == Some(to) {
                        pawn.push((to, Form::EnPassant(at(f + dx, r).unwrap())));
                    }
                }
                for (to, form) in pawn {
                    if to / W == 0 || to / W == 7 {
                        for promo in *b"QRBNL" {
                            candidates.push(Mv { from, to, promo: Some(promo), neighbour: None, form });
                        }
                    } else {
                        candidates.push(Mv { from, to, promo: None, neighbour: None, form });
                    }
                }
                continue;
            }
            candidates.extend(self.targets(from, p).into_iter().map(|to| plain(from, to)));
            if p.kind == b'N' {
                candidates
                    .extend(self.double_leaps(from).into_iter().map(|to| Mv { form: Form::Leap2, ..plain(from, to) }));
            }
        }
        candidates.extend(self.castlings());
        let mut with_relocation = Vec::new();
        for mv in candidates.iter().filter(|m| !matches!(m.form, Form::Castle { .. }) && self.unmoved[m.from]) {
            for n in [mv.from.wrapping_sub(1), mv.from + 1] {
                if n < 80 && n / W == mv.from / W && self.unmoved[n] {
                    with_relocation.push(Mv { neighbour: Some(n), ..*mv });
                }
            }
        }
        candidates.extend(with_relocation);
        candidates
            .into_iter()
            .filter(|mv| {
                let after = self.play(mv);
                !after.attacked(after.king(us), !us) && (mv.form != Form::Leap2 || !after.attacked(after.king(!us), us))
            })
            .collect()
    }

    /// Double Leap targets of the knight on `p`, before the full-turn checks.
    fn double_leaps(&self, p: usize) -> Vec<usize> {
        let us = self.white;
        let entrance = self.unmoved[p];
        if (entrance && !self.entrance[usize::from(!us)]) || (!entrance && self.spent[p]) {
            return Vec::new();
        }
        let (f, r) = fr(p);
        let mut out = Vec::new();
        for (dx, dy) in KNIGHT {
            let Some(m) = at(f + dx, r + dy).filter(|m| self.cells[*m].is_none()) else { continue };
            let mut middle = self.clone();
            middle.cells[m] = middle.cells[p].take();
            if middle.attacked(middle.king(us), !us) {
                continue;
            }
            let (mf, mr) = fr(m);
            for (ex, ey) in KNIGHT {
                let Some(t) = at(mf + ex, mr + ey) else { continue };
                let own_half = if us { t / W < 4 } else { t / W >= 4 };
                if t != p && self.cells[t].is_none() && (own_half || !entrance) && !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        out
    }

    fn castlings(&self) -> Vec<Mv> {
        let us = self.white;
        let home = if us { 0 } else { 70 };
        let mut out = Vec::new();
        // (right, own rook square, corner, king to from own square, rook to, king to from corner, rook to)
        for (right, own_square, corner, king_short, rook_short, king_long, rook_long) in
            [(0, 8, 9, 7, 6, 8, 7), (1, 1, 0, 3, 4, 2, 3)]
        {
            if !self.castle[right + if us { 0 } else { 2 }] {
                continue;
            }
            let (rook_from, king_to, rook_to) = if self.unmoved[home + own_square] {
                (home + own_square, home + king_short, home + rook_short)
            } else {
                (home + corner, home + king_long, home + rook_long)
            };
            let king_from = home + 5;
            let span = |a: usize, b: usize| a.min(b)..=a.max(b);
            let clear = span(king_from, rook_from)
                .chain(span(king_from, king_to))
                .chain(span(rook_from, rook_to))
                .all(|sq| sq == king_from || sq == rook_from || self.cells[sq].is_none());
            let safe = span(king_from, king_to).all(|sq| !self.attacked(sq, !us));
            if clear && safe {
                out.push(Mv {
                    from: king_from,
                    to: king_to,
                    promo: None,
                    neighbour: None,
                    form: Form::Castle { rook_from, rook_to },
                });
            }
        }
        out
    }

    fn coordinates(&self, mv: &Mv) -> String {
        let mut out = format!("{}{}", name(mv.from), name(mv.to));
        if let Some(promo) = mv.promo {
            out.push(promo.to_ascii_lowercase() as char);
        }
        if let Some(n) = mv.neighbour {
            out.push('/');
            out.push(self.cells[n].unwrap().kind as char);
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|mv| self.play(mv).perft(depth - 1)).sum()
    }
}

fn start() -> String {
    Game::new(Variant::LuckDragon).unwrap().fen()
}

#[test]
fn reference_perft_from_the_start_matches_the_engine() {
    let reference = Board::parse(&start());
    let game = Game::new(Variant::LuckDragon).unwrap();
    let mut position = game.position().scratch();
    for depth in 1..=3 {
        assert_eq!(reference.perft(depth), perft::perft(&mut position, depth), "depth {depth}");
    }
}

/// Random games, compared move list by move list.
#[test]
fn reference_agrees_on_random_games() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut random = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let mut compared = 0;
    // Positions in check, with castling, en passant, promotion, an entrance
    // Double Leap with relocation, a later Double Leap.
    let mut seen = [0; 6];
    for _ in 0..300 {
        let mut game = Game::new(Variant::LuckDragon).unwrap();
        let mut reference = Board::parse(&start());
        for _ in 0..100 {
            let position = game.position();
            let mut ours: Vec<String> =
                position.legal_moves().iter().map(|m| notation::coordinates(position, *m)).collect();
            let theirs_moves = reference.moves();
            let mut theirs: Vec<String> = theirs_moves.iter().map(|m| reference.coordinates(m)).collect();
            ours.sort();
            theirs.sort();
            assert_eq!(ours, theirs, "moves of {}", game.fen());
            compared += 1;
            let has = |wanted: &dyn Fn(&Mv) -> bool| theirs_moves.iter().any(wanted);
            let features = [
                reference.attacked(reference.king(reference.white), !reference.white),
                has(&|m| matches!(m.form, Form::Castle { .. })),
                has(&|m| matches!(m.form, Form::EnPassant(_))),
                has(&|m| m.promo.is_some()),
                has(&|m| m.neighbour.is_some() && m.form == Form::Leap2),
                has(&|m| m.form == Form::Leap2 && !reference.unmoved[m.from]),
            ];
            for (count, present) in seen.iter_mut().zip(features) {
                *count += usize::from(present);
            }
            if game.outcome().is_some() {
                break;
            }
            let mv = theirs_moves[random(theirs_moves.len())];
            let text = reference.coordinates(&mv);
            let side = game.position().turn();
            game.play_move(side, &text).unwrap();
            reference = reference.play(&mv);
            let ours_fen: Vec<String> = game.fen().split(' ').map(String::from).collect();
            let state = |b: &Board| {
                let castle: String = "KQkq".chars().zip(b.castle).filter(|(_, on)| *on).map(|(c, _)| c).collect();
                let spent: String = (0..80).filter(|sq| b.spent[*sq]).map(name).collect();
                let entrance: String =
                    [('E', b.entrance[0]), ('e', b.entrance[1])].iter().filter(|e| e.1).map(|e| e.0).collect();
                (castle, spent, entrance)
            };
            let (castle, spent, entrance) = state(&reference);
            let or_dash = |s: String| if s.is_empty() { "-".to_string() } else { s };
            assert_eq!(
                (&ours_fen[2], &ours_fen[7], &ours_fen[8]),
                (&or_dash(castle), &or_dash(entrance), &or_dash(spent)),
                "state after {text} in {}",
                game.fen()
            );
        }
    }
    assert!(compared > 10_000, "{compared} positions compared");
    assert!(seen.iter().all(|n| *n >= 50), "every feature comes up often: {seen:?}");
}
