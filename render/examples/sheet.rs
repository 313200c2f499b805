//! Writes the gallery in `docs/gallery/`: a contact sheet of every glyph in
//! both colour schemes and themes, and one image per board geometry.
//!
//! Run with `cargo run --release -p rookery-render --example sheet`.

use std::path::Path;

use image::{imageops, RgbaImage};
use rookery_render::{
    BoardView, CellRef, Die, DieKind, DieSymbol, Glyph, LastMove, Layer, Piece, Region, RenderOptions, Renderer, Roll,
    Selection, Shade, Side, SideColours, Stock, Theme,
};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/gallery");
    let out = out.as_path();
    std::fs::create_dir_all(out)?;
    let renderer = Renderer::new(RenderOptions::default());
    for theme in Theme::ALL {
        let sheet = contact_sheet(&renderer, theme)?;
        let name = format!("glyphs-{}.png", format!("{theme:?}").to_lowercase());
        std::fs::write(out.join(name), renderer.encode_rgba(&sheet, theme)?)?;
    }
    for (name, view) in [
        ("chess", chess()),
        ("dice-landing", dice_landing()),
        ("luck-dragon", luck_dragon()),
        ("guardener", guardener()),
        ("new-chess", new_chess()),
        ("dragonchess", dragonchess()),
        ("guardener-start", guardener_start()),
        ("guardener-teleport", guardener_teleport()),
        ("dice-landing-start", dice_landing_start()),
        ("dice-landing-failed", dice_landing_failed()),
        ("new-chess-start", new_chess_start()),
        ("kings-in-check", kings_in_check(SideColours::WhiteBlack)),
        ("kings-in-check-scarlet", kings_in_check(SideColours::GoldScarlet)),
        ("dice-one", dice_panel(&[8], &[])),
        ("dice-three-labelled", dice_panel(&[5, 5, 2], &["double: K moves as N", "Lucky 8: missed"])),
    ] {
        std::fs::write(out.join(format!("{name}.png")), renderer.render_png(&view)?)?;
        let mut dark = view.clone();
        dark.theme = Theme::Dark;
        dark.flipped = true;
        std::fs::write(out.join(format!("{name}-dark-flipped.png")), renderer.render_png(&dark)?)?;
    }
    println!("wrote {}", out.display());
    Ok(())
}

fn piece(glyph: Glyph, side: Side) -> Piece {
    Piece { glyph, side }
}

fn put(view: &mut BoardView, at: CellRef, glyph: Glyph, side: Side) {
    if let Some(cell) = view.cell_mut(at) {
        cell.piece = Some(piece(glyph, side));
    }
}

/// Place a FEN-like rank string (`.` for empty) on rank `rank` of board `layer`.
fn rank(view: &mut BoardView, layer: usize, rank: usize, row: &str, map: fn(char) -> Glyph) {
    for (file, ch) in row.chars().enumerate() {
        if ch == '.' {
            continue;
        }
        let side = if ch.is_uppercase() { Side::First } else { Side::Second };
        put(view, CellRef::on(layer, file, rank), map(ch.to_ascii_uppercase()), side);
    }
}

fn chess_glyph(c: char) -> Glyph {
    match c {
        'K' => Glyph::King,
        'Q' => Glyph::Queen,
        'R' => Glyph::Rook,
        'B' => Glyph::Bishop,
        'N' => Glyph::Knight,
        'L' => Glyph::LuckDragon,
        'G' => Glyph::Guardener,
        _ => Glyph::Pawn,
    }
}

/// Every glyph, first side on the lower three ranks and second side above,
/// in both colour schemes side by side.
fn contact_sheet(renderer: &Renderer, theme: Theme) -> Result<RgbaImage, Box<dyn std::error::Error>> {
    let mut tiles = Vec::new();
    {
        for colours in SideColours::ALL {
            let mut layer = Layer::new("", "abcdefghijk", "123456", |f, r| Some(Shade::checker(f, r)));
            layer.name = format!("{} / {}", colours.name(Side::First), colours.name(Side::Second));
            let mut view = BoardView::new(vec![layer]);
            view.theme = theme;
            view.colours = colours;
            for (i, &glyph) in Glyph::ALL.iter().enumerate() {
                put(&mut view, CellRef::new(i % 11, i / 11), glyph, Side::First);
                put(&mut view, CellRef::new(i % 11, 3 + i / 11), glyph, Side::Second);
            }
            tiles.push(renderer.render_rgba(&view)?);
        }
    }
    let (w, h) = (tiles[0].width(), tiles[0].height());
    let mut sheet = RgbaImage::new(w * 2, h);
    for (i, tile) in tiles.iter().enumerate() {
        imageops::replace(&mut sheet, tile, i64::from(i as u32 * w), 0);
    }
    Ok(sheet)
}

fn chess() -> BoardView {
    let mut view = BoardView::new(vec![Layer::new("", "abcdefgh", "12345678", |f, r| Some(Shade::checker(f, r)))]);
    let rows = ["R.BQK..R", "PPPP.PPP", "..N..N..", "..B.P...", "....p...", "..n..q..", "pppp.ppp", "r.b.kbnr"];
    for (r, row) in rows.iter().enumerate() {
        rank(&mut view, 0, r, row, chess_glyph);
    }
    view.last_move = Some(LastMove { from: Some(CellRef::new(3, 7)), to: CellRef::new(5, 5) });
    view.selection = Some(Selection {
        from: CellRef::new(5, 2),
        targets: [(6, 0), (4, 4), (3, 3), (7, 3), (6, 4), (4, 0)].map(|(f, r)| CellRef::new(f, r)).to_vec(),
    });
    view.captured.first = vec![Stock { piece: piece(Glyph::Knight, Side::Second), count: 1 }];
    view.captured.second = vec![Stock { piece: piece(Glyph::Pawn, Side::First), count: 2 }];
    view
}

fn dice_landing() -> BoardView {
    let mut view = BoardView::new(vec![Layer::new("", "abcdefgh", "12345678", |f, r| Some(Shade::checker(f, r)))]);
    rank(&mut view, 0, 0, "....K...", chess_glyph);
    rank(&mut view, 0, 1, "..PPPP..", chess_glyph);
    rank(&mut view, 0, 5, "....r...", chess_glyph);
    rank(&mut view, 0, 6, "..pppp..", chess_glyph);
    rank(&mut view, 0, 7, "k.......", chess_glyph);
    view.checks = vec![CellRef::new(4, 0)];
    view.last_move = Some(LastMove { from: None, to: CellRef::new(4, 5) });
    // The die's fifth face is `Q`: a queen lands.
    view.rolls =
        vec![Roll::new(vec![Die { symbol: Some(DieSymbol::Piece(Glyph::Queen)), ..Die::new(DieKind::D6, 5) }])];
    view.dice_labels = vec!["deploy roll: 5, Q".into()];
    view.dice_room = true;
    view.hand_name = "reserve".into();
    let stock = |glyph, side, count| Stock { piece: piece(glyph, side), count };
    view.hands.first = vec![
        stock(Glyph::Queen, Side::First, 1),
        stock(Glyph::Rook, Side::First, 2),
        stock(Glyph::Bishop, Side::First, 2),
        stock(Glyph::Knight, Side::First, 2),
        stock(Glyph::Pawn, Side::First, 4),
    ];
    view.hands.second = vec![
        stock(Glyph::Queen, Side::Second, 1),
        stock(Glyph::Rook, Side::Second, 1),
        stock(Glyph::Bishop, Side::Second, 2),
        stock(Glyph::Knight, Side::Second, 2),
    ];
    view
}

fn luck_dragon() -> BoardView {
    let mut view = BoardView::new(vec![Layer::new("", "abcdefghij", "12345678", |f, r| Some(Shade::checker(f, r)))]);
    let rows = [
        "LRNBQKBNRL",
        "PPPP.PPPPP",
        "..........",
        "....P.....",
        "....p.....",
        "..........",
        "pppp.ppppp",
        "lrnbqkbnrl",
    ];
    for (r, row) in rows.iter().enumerate() {
        rank(&mut view, 0, r, row, chess_glyph);
    }
    view.last_move = Some(LastMove { from: Some(CellRef::new(4, 6)), to: CellRef::new(4, 4) });
    view.rolls = vec![Roll::new(vec![Die::new(DieKind::D8, 8)])];
    view.dice_labels = vec!["Lucky 8: 8, lucky".into()];
    view.dice_room = true;
    view
}

/// The Guardener cross with its terraces marked and no pieces.
fn guardener_board() -> BoardView {
    let files: Vec<String> = "wabcdefghz".chars().map(String::from).collect();
    let ranks: Vec<String> = (0..10).map(|r| r.to_string()).collect();
    let layer = Layer::with_labels("", files, ranks, |x, y| {
        let exists = ((1..=8).contains(&x) && (1..=8).contains(&y))
            || ((y == 0 || y == 9) && (3..=6).contains(&x))
            || ((x == 0 || x == 9) && (3..=6).contains(&y));
        exists.then(|| Shade::checker(x, y))
    });
    let mut view = BoardView::new(vec![layer]);
    view.dice_room = true;
    view.hand_name = "reserve".into();
    view.regions = ["T1", "T2", "T3", "T4"].map(|label| Region { label: label.to_owned() }).to_vec();
    let terraces = [
        (0, [(3, 0), (4, 0), (5, 0), (6, 0)]),
        (1, [(0, 3), (0, 4), (0, 5), (0, 6)]),
        (2, [(9, 3), (9, 4), (9, 5), (9, 6)]),
        (3, [(3, 9), (4, 9), (5, 9), (6, 9)]),
    ];
    for (region, cells) in terraces {
        for (x, y) in cells {
            if let Some(cell) = view.cell_mut(CellRef::new(x, y)) {
                cell.region = Some(region);
            }
        }
    }
    view
}

fn guardener() -> BoardView {
    let mut view = guardener_board();
    let rows = [
        (1, ".RNBQKBNR."),
        (2, ".PPPP.PPP."),
        (4, ".....P...."),
        (5, ".....p...."),
        (7, ".pppp.ppp."),
        (8, ".rnbqkbnr."),
    ];
    for (r, row) in rows {
        rank(&mut view, 0, r, row, chess_glyph);
    }
    put(&mut view, CellRef::new(3, 0), Glyph::Guardener, Side::First);
    put(&mut view, CellRef::new(6, 9), Glyph::Guardener, Side::Second);
    view.last_move = Some(LastMove { from: Some(CellRef::new(5, 7)), to: CellRef::new(5, 5) });
    view.rolls = vec![d4_pair(3, 1)];
    view.dice_labels = vec!["2d4: [3,1]".into()];
    view
}

/// The Guardener start position (guardener.md §3.1). Each Guardener straddles
/// two terrace squares until its first move, so it is drawn on both.
fn guardener_start() -> BoardView {
    let mut view = guardener_board();
    let rows = [
        (0, "....GG...."),
        (1, ".RNBQKBNR."),
        (2, ".PPPPPPPP."),
        (7, ".pppppppp."),
        (8, ".rnbqkbnr."),
        (9, "....gg...."),
    ];
    for (r, row) in rows {
        rank(&mut view, 0, r, row, chess_glyph);
    }
    view
}

/// A double on the terrace dice lets White's knight teleport g1 to z4 on T3
/// (guardener.md §5.4).
fn guardener_teleport() -> BoardView {
    let mut view = guardener_board();
    let rows = [
        (0, "....GG...."),
        (1, ".RNBQKB.R."),
        (2, ".PPPP.PPP."),
        (4, ".....P...N"),
        (5, ".....p...."),
        (6, "....n....."),
        (7, ".pppp.ppp."),
        (8, ".r.bqkbnr."),
        (9, "....gg...."),
    ];
    for (r, row) in rows {
        rank(&mut view, 0, r, row, chess_glyph);
    }
    view.last_move = Some(LastMove { from: Some(CellRef::new(7, 1)), to: CellRef::new(9, 4) });
    // A double and its reroll: each pair on its own tray.
    view.rolls = vec![d4_pair(3, 3), d4_pair(1, 2)];
    view.dice_labels = vec!["2d4: [3,3] [1,2]".into()];
    view
}

/// One roll of Guardener's 2d4.
fn d4_pair(a: u8, b: u8) -> Roll {
    Roll::new(vec![Die::new(DieKind::D4, a), Die::new(DieKind::D4, b)])
}

/// Dice Landing's `standard` lineup (dice-landing.md §3): most of the army waits
/// in the reserves.
fn dice_landing_start() -> BoardView {
    let mut view = BoardView::new(vec![Layer::new("", "abcdefgh", "12345678", |f, r| Some(Shade::checker(f, r)))]);
    rank(&mut view, 0, 0, "....K...", chess_glyph);
    rank(&mut view, 0, 1, "..PPPP..", chess_glyph);
    rank(&mut view, 0, 6, "..pppp..", chess_glyph);
    rank(&mut view, 0, 7, "....k...", chess_glyph);
    let reserve = |side| {
        [(Glyph::Queen, 1), (Glyph::Rook, 2), (Glyph::Bishop, 2), (Glyph::Knight, 2), (Glyph::Pawn, 4)]
            .map(|(glyph, count)| Stock { piece: piece(glyph, side), count })
            .to_vec()
    };
    view.hands.first = reserve(Side::First);
    view.hands.second = reserve(Side::Second);
    view.dice_room = true;
    view.hand_name = "reserve".into();
    view
}

/// A deploy roll that failed: the face is `B`, and no bishop can land.
fn dice_landing_failed() -> BoardView {
    let mut view = dice_landing_start();
    let bishop = Die { symbol: Some(DieSymbol::Piece(Glyph::Bishop)), ..Die::new(DieKind::D6, 3) };
    view.rolls = vec![Roll { dice: vec![bishop], failed: true }];
    view.dice_labels = vec!["deploy roll: 3, B, failed".into()];
    view
}

fn new_chess_glyph(c: char) -> Glyph {
    match c {
        'K' => Glyph::EKing,
        'J' => Glyph::FKing,
        'G' => Glyph::GoldGeneral,
        'T' => Glyph::Tower,
        'F' => Glyph::Fool,
        'H' => Glyph::Horse,
        'C' => Glyph::Cannon,
        'S' => Glyph::Sergeant,
        'X' => Glyph::KnightedFool,
        'Y' => Glyph::KnightedSergeant,
        'Z' => Glyph::KnightedPawn,
        _ => Glyph::Pawn,
    }
}

fn new_chess() -> BoardView {
    let files: Vec<String> = "abcdefghij".chars().map(String::from).collect();
    let ranks: Vec<String> = (1..=10).map(|r| r.to_string()).collect();
    let mut view = BoardView::new(vec![Layer::with_labels("", files, ranks, |f, r| Some(Shade::checker(f, r)))]);
    let rows = [
        "THFGKJG.HT",
        ".C......C.",
        "P.PSP.SP.P",
        "..........",
        ".....X....",
        "....Z.....",
        "......y...",
        "p.ps.ps..p",
        ".c......c.",
        "thfgkjgfht",
    ];
    for (r, row) in rows.iter().enumerate() {
        rank(&mut view, 0, r, row, new_chess_glyph);
    }
    view.last_move = Some(LastMove { from: None, to: CellRef::new(5, 4) });
    view.checks = vec![CellRef::new(4, 9)];
    view.hand_name = "hand".into();
    view.hands.first = vec![Stock { piece: piece(Glyph::Pawn, Side::First), count: 1 }];
    view.hands.second = vec![
        Stock { piece: piece(Glyph::Pawn, Side::Second), count: 2 },
        Stock { piece: piece(Glyph::Fool, Side::Second), count: 1 },
    ];
    view
}

/// The New chess start position (new-chess.md §3), with both kings of each
/// side on the back rank.
fn new_chess_start() -> BoardView {
    let files: Vec<String> = "abcdefghij".chars().map(String::from).collect();
    let ranks: Vec<String> = (1..=10).map(|r| r.to_string()).collect();
    let mut view = BoardView::new(vec![Layer::with_labels("", files, ranks, |f, r| Some(Shade::checker(f, r)))]);
    let rows = [
        (0, "THFGKJGFHT"),
        (1, ".C......C."),
        (2, "P.PSPPSP.P"),
        (7, "p.psppsp.p"),
        (8, ".c......c."),
        (9, "thfgkjgfht"),
    ];
    for (r, row) in rows {
        rank(&mut view, 0, r, row, new_chess_glyph);
    }
    view
}

fn dragonchess_glyph(c: char) -> Glyph {
    match c {
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
    }
}

fn dragonchess() -> BoardView {
    let board = |name| Layer::new(name, "abcdefghijkl", "12345678", |f, r| Some(Shade::checker(f, r)));
    let mut view = BoardView::new(vec![board("Sky"), board("Ground"), board("Underworld")]);
    view.colours = SideColours::GoldScarlet;
    let setup: [(usize, usize, &str); 12] = [
        (0, 0, "..G...R...G."),
        (0, 1, "S.S.S.S.S.S."),
        (0, 6, "s.s.s.s.s.s."),
        (0, 7, "..g...r...g."),
        (1, 0, "OUHTCMKPTHUO"),
        (1, 1, "WWWWWWWWWWWW"),
        (1, 6, "wwwwwwwwwwww"),
        (1, 7, "ouhtcmkpthuo"),
        (2, 0, "..B...E...B."),
        (2, 1, ".D.D.D.D.D.D"),
        (2, 6, ".d.d.d.d.d.d"),
        (2, 7, "..b...e...b."),
    ];
    for (layer, r, row) in setup {
        rank(&mut view, layer, r, row, dragonchess_glyph);
    }
    // A Scarlet basilisk under a Gold warrior freezes it.
    put(&mut view, CellRef::on(2, 4, 2), Glyph::Basilisk, Side::Second);
    put(&mut view, CellRef::on(1, 4, 2), Glyph::Warrior, Side::First);
    if let Some(cell) = view.cell_mut(CellRef::on(1, 4, 2)) {
        cell.frozen = true;
    }
    view.last_move = Some(LastMove { from: Some(CellRef::on(2, 2, 7)), to: CellRef::on(2, 4, 2) });
    view.checks = vec![CellRef::on(1, 6, 0)];
    view.captured.second = vec![Stock { piece: piece(Glyph::Warrior, Side::First), count: 1 }];
    view
}

/// Kings of both sides in check on a light and a dark square: the glow must
/// not swallow a king of its own colour (Scarlet).
fn kings_in_check(colours: SideColours) -> BoardView {
    let mut view = BoardView::new(vec![Layer::new("", "abcd", "12", |f, r| Some(Shade::checker(f, r)))]);
    view.colours = colours;
    let kings = [(0, 0, Side::First), (1, 0, Side::Second), (2, 1, Side::First), (3, 1, Side::Second)];
    for (file, rank, side) in kings {
        put(&mut view, CellRef::new(file, rank), Glyph::King, side);
        view.checks.push(CellRef::new(file, rank));
    }
    view
}

/// A small board with the dice panel holding `faces` (d8s) and `labels`.
fn dice_panel(faces: &[u8], labels: &[&str]) -> BoardView {
    let mut view = BoardView::new(vec![Layer::new("", "abcd", "1234", |f, r| Some(Shade::checker(f, r)))]);
    put(&mut view, CellRef::new(0, 0), Glyph::King, Side::First);
    put(&mut view, CellRef::new(3, 3), Glyph::King, Side::Second);
    view.rolls = faces
        .iter()
        .map(|&face| Die::new(DieKind::D8, face))
        .collect::<Vec<_>>()
        .chunks(3)
        .map(|dice| Roll::new(dice.to_vec()))
        .collect();
    view.dice_labels = labels.iter().map(|l| l.to_string()).collect();
    view
}
