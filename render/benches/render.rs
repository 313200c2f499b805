//! Time to answer a request: compose and encode an 8x8 board and the three
//! Dragonchess boards, against the floor of encoding an already composed
//! frame of the same size, for both encodings.
//!
//! Targets: 8x8 <= 1 ms, Dragonchess <= 3 ms, render+encode <= 1.3x encode.
//! The 8x8 view carries the last move's arrow, as the bot's pictures do.
//!
//! `8x8/indexed/render after the previous move`: the pictures of a
//! 60-move game in turn, each drawn after the one before it.
//!
//! `replay/60 moves`: an animated GIF of a 60-move chess game (121 frames);
//! target under 1 s and under 1 MB (the size is printed).
//!
//! `standings/...`: a 64-player Swiss table (50 rows drawn) and a 50-player
//! Arena with 40 games each; the PNG sizes are printed.

use criterion::{criterion_group, criterion_main, Criterion};
use rookery_render::{
    BoardView, CellRef, Encoding, GifTiming, Glyph, LastMove, Layer, Piece, Record, RenderOptions, Renderer, Shade,
    SheetGame, Side, SideColours, StandingRow, Standings, Theme,
};

/// Place rank strings (rank 1 first, `.` empty) on board `layer`.
fn place(view: &mut BoardView, layer: usize, rows: &[&str], glyph: fn(char) -> Glyph) {
    for (rank, row) in rows.iter().enumerate() {
        for (file, ch) in row.chars().enumerate().filter(|(_, c)| *c != '.') {
            let side = if ch.is_uppercase() { Side::First } else { Side::Second };
            if let Some(cell) = view.cell_mut(CellRef::on(layer, file, rank)) {
                cell.piece = Some(Piece { glyph: glyph(ch.to_ascii_uppercase()), side });
            }
        }
    }
}

/// The chess start position after 1. e4, so the last-move tint is drawn.
fn chess() -> BoardView {
    let mut view = BoardView::new(vec![Layer::new("", "abcdefgh", "12345678", |f, r| Some(Shade::checker(f, r)))]);
    let rows = ["RNBQKBNR", "PPPP.PPP", "........", "....P...", "........", "........", "pppppppp", "rnbqkbnr"];
    place(&mut view, 0, &rows, |c| match c {
        'K' => Glyph::King,
        'Q' => Glyph::Queen,
        'R' => Glyph::Rook,
        'B' => Glyph::Bishop,
        'N' => Glyph::Knight,
        _ => Glyph::Pawn,
    });
    view.last_move = Some(LastMove { from: Some(CellRef::new(4, 1)), to: CellRef::new(4, 3) });
    view.arrow_last_move();
    view
}

/// Every position of a 60-move chess game, as the bot's replays draw them:
/// moves picked by a fixed pseudo-random sequence among the legal ones.
fn sixty_moves() -> Vec<BoardView> {
    use rookery_engine::game::{Action, Game};
    use rookery_render::position::{view_of, Look};
    let mut game = Game::new(rookery_engine::Variant::Chess).expect("chess exists");
    let mut views = vec![view_of(game.position(), Look::default())];
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..120 {
        let moves = game.position().legal_moves();
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mv = moves[(state >> 33) as usize % moves.len()];
        game.apply(Action::Move(mv)).expect("a legal move");
        let mut view = view_of(game.position(), Look { last_move: Some(mv), ..Look::default() });
        view.arrow_last_move();
        views.push(view);
    }
    views
}

/// The Dragonchess start position, 84 pieces on three boards.
fn dragonchess() -> BoardView {
    let board = |name| Layer::new(name, "abcdefghijkl", "12345678", |f, r| Some(Shade::checker(f, r)));
    let mut view = BoardView::new(vec![board("Sky"), board("Ground"), board("Underworld")]);
    view.colours = SideColours::GoldScarlet;
    let glyph = |c| match c {
        'S' => Glyph::Sylph,
        'G' => Glyph::Griffin,
        'R' => Glyph::Dragon,
        'O' => Glyph::Oliphant,
        'U' => Glyph::Unicorn,
        'H' => Glyph::Hero,
        'T' => Glyph::Thief,
        'C' => Glyph::Cleric,
        'M' => Glyph::Mage,
        'K' => Glyph::King,
        'P' => Glyph::Paladin,
        'W' => Glyph::Warrior,
        'B' => Glyph::Basilisk,
        'E' => Glyph::Elemental,
        _ => Glyph::Dwarf,
    };
    let empty = "............";
    let sky = ["..G...R...G.", "S.S.S.S.S.S.", empty, empty, empty, empty, "s.s.s.s.s.s.", "..g...r...g."];
    let ground = ["OUHTCMKPTHUO", "WWWWWWWWWWWW", empty, empty, empty, empty, "wwwwwwwwwwww", "ouhtcmkpthuo"];
    let under = ["..B...E...B.", ".D.D.D.D.D.D", empty, empty, empty, empty, ".d.d.d.d.d.d", "..b...e...b."];
    place(&mut view, 0, &sky, glyph);
    place(&mut view, 1, &ground, glyph);
    place(&mut view, 2, &under, glyph);
    view
}

fn bench(c: &mut Criterion) {
    for (label, encoding) in [("indexed", Encoding::Indexed), ("truecolour", Encoding::Truecolour)] {
        let renderer = Renderer::new(RenderOptions { encoding, ..RenderOptions::default() });
        for (name, view) in [("8x8", chess()), ("dragonchess", dragonchess())] {
            let frame = renderer.compose(&view).expect("bench views are valid");
            let size = renderer.encode(&frame).expect("encodes").len();
            eprintln!("{name} {label}: {}x{} px, {size} bytes", frame.width(), frame.height());
            let mut group = c.benchmark_group(format!("{name}/{label}"));
            group.bench_function("render+encode", |b| b.iter(|| renderer.render_png(&view).expect("renders")));
            group.bench_function("encode only", |b| b.iter(|| renderer.encode(&frame).expect("encodes")));
            group.bench_function("compose only", |b| b.iter(|| renderer.compose(&view).expect("composes")));
            if !view.arrows.is_empty() {
                // The arrow's own cost, measured side by side with the view without it.
                let plain = BoardView { arrows: Vec::new(), ..view.clone() };
                group.bench_function("render+encode, no arrow", |b| {
                    b.iter(|| renderer.render_png(&plain).expect("renders"))
                });
            }
            group.finish();
        }
    }
    let renderer = Renderer::new(RenderOptions::default());
    let game = sixty_moves();
    // A game's pictures one move after another, as the bot draws them: each
    // follows the last one drawn for its game, sharing the untouched ranks.
    let mut group = c.benchmark_group("8x8/indexed");
    group.bench_function("render after the previous move", |b| {
        let mut ply = 0;
        b.iter(|| {
            ply = ply % (game.len() - 1) + 1;
            renderer.render_png_after(1, &game[ply]).expect("renders")
        })
    });
    group.finish();
    let gif = renderer.render_gif(&game, GifTiming::default()).expect("renders");
    eprintln!("replay/60 moves: {} frames, {} bytes", game.len(), gif.len());
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    group.bench_function("60 moves", |b| b.iter(|| renderer.render_gif(&game, GifTiming::default()).expect("renders")));
    group.finish();
    let mut group = c.benchmark_group("standings");
    for (name, table) in [("swiss 64 players", swiss_standings()), ("arena 50 players", arena_standings())] {
        let png = renderer.render_standings(&table).expect("renders");
        eprintln!("standings/{name}: {} bytes", png.len());
        group.bench_function(name, |b| b.iter(|| renderer.render_standings(&table).expect("renders")));
    }
    group.finish();
    c.bench_function("Renderer::new", |b| b.iter(|| Renderer::new(RenderOptions::default())));
}

fn swiss_standings() -> Standings {
    let rows = (0..64u32)
        .map(|i| StandingRow {
            rank: i + 1,
            name: format!("Player number {i}"),
            score: format!("{}", f64::from(14 - i / 5) / 2.0),
            tie_breaks: vec![format!("{}", 30 - i / 3), format!("{}.5", 20 - i / 4)],
            record: Record::Colours(
                (0..7).map(|r| Some(if (i + r) % 2 == 0 { Side::First } else { Side::Second })).collect(),
            ),
        })
        .collect();
    Standings {
        title: "Friday Swiss".into(),
        status: "Round 7 of 7".into(),
        tie_break_labels: vec!["BH-C1".into(), "SB".into()],
        rows,
        podium: true,
        theme: Theme::Dark,
    }
}

fn arena_standings() -> Standings {
    let rows = (0..50u32)
        .map(|i| StandingRow {
            rank: i + 1,
            name: format!("Arena player {i}"),
            score: (200 - i).to_string(),
            tie_breaks: Vec::new(),
            record: Record::Sheet {
                games: (0..40)
                    .map(|g| SheetGame {
                        points: [2, 2, 4, 5, 0, 1][(g + i as usize) % 6],
                        doubled: g % 6 >= 2,
                        berserked: g % 7 == 0,
                    })
                    .collect(),
                on_fire: i % 3 == 0,
            },
        })
        .collect();
    Standings { title: "Hourly Arena".into(), status: "12 min left".into(), rows, ..Standings::default() }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
