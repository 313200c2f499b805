//! What the side panel and the rows under the board hold, seen from outside:
//! a game with dice keeps one picture size, rolls stay whole, and the
//! caption and arrow key say what they should where they should.

use rookery_render::{
    Arrow, ArrowKind, BoardView, CellRef, Die, DieKind, DieSymbol, Glyph, Layer, Piece, RenderOptions, Renderer, Roll,
    Shade, Side, Stock,
};

fn renderer() -> Renderer {
    Renderer::new(RenderOptions::default())
}

/// An 8x8 board of a game with dice and reserves, nothing rolled yet.
fn dice_game() -> BoardView {
    let mut view = BoardView::new(vec![Layer::new("", "abcdefgh", "12345678", |f, r| Some(Shade::checker(f, r)))]);
    view.dice_room = true;
    view.hand_name = "reserve".into();
    view
}

fn d(kind: DieKind, faces: &[u8]) -> Roll {
    Roll::new(faces.iter().map(|&face| Die::new(kind, face)).collect())
}

/// Writes `image` to `$ROOKERY_PICTURES/name`, to look at.
fn save(image: &image::RgbaImage, name: &str) {
    if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
        image.save(std::path::Path::new(&dir).join(name)).unwrap();
    }
}

fn size(renderer: &Renderer, view: &BoardView) -> (u32, u32) {
    let frame = renderer.compose(view).unwrap();
    (frame.width(), frame.height())
}

#[test]
fn a_game_with_dice_keeps_its_size_whatever_the_panel_holds() {
    let renderer = renderer();
    let empty = dice_game();
    let mut views = Vec::new();
    let mut one = dice_game();
    one.rolls = vec![d(DieKind::D8, &[8])];
    one.dice_labels = vec!["Lucky 8: 8, lucky".into()];
    views.push(one);
    let mut luck = dice_game();
    luck.rolls = vec![d(DieKind::D8, &[2, 2, 7]), d(DieKind::D8, &[5])];
    luck.dice_labels = vec!["Luck Dice: 2-2-7, double: K moves as N".into(), "Lucky 8: 5, miss".into()];
    views.push(luck);
    // Thirty doubles in a row: more than the panel holds, so the oldest
    // pairs are left out rather than the picture growing.
    let mut chain = dice_game();
    chain.rolls = (0..30).map(|i| d(DieKind::D4, &[1 + i % 4, 1 + i % 4])).collect();
    chain.dice_labels = vec!["2d4: a long chain".into()];
    views.push(chain);
    let mut reserves = dice_game();
    let stock = |glyph, side, count| Stock { piece: Piece { glyph, side }, count };
    for side in Side::ALL {
        let glyphs = [Glyph::Queen, Glyph::Rook, Glyph::Bishop, Glyph::Knight, Glyph::Pawn, Glyph::King];
        *reserves.hands.get_mut(side) = glyphs.map(|g| stock(g, side, 2)).to_vec();
    }
    let symbol = Die { symbol: Some(DieSymbol::Piece(Glyph::Knight)), ..Die::new(DieKind::D6, 2) };
    reserves.rolls = vec![Roll { dice: vec![symbol], failed: true }];
    reserves.dice_labels = vec!["deploy roll: 2, N, failed".into()];
    views.push(reserves.clone());
    reserves.flipped = true;
    views.push(reserves);
    let mut captioned = dice_game();
    captioned.caption = Some("1-0 · White wins by checkmate".into());
    views.push(captioned);
    let want = size(&renderer, &empty);
    for (i, view) in views.iter().enumerate() {
        assert_eq!(size(&renderer, view), want, "view {i}");
    }
}

#[test]
fn the_rolls_of_a_chain_stay_whole_on_their_trays() {
    let renderer = renderer();
    let mut view = dice_game();
    view.rolls = vec![d(DieKind::D4, &[4, 4]), d(DieKind::D4, &[2, 2]), d(DieKind::D4, &[2, 3])];
    let image = renderer.render_rgba(&view).unwrap();
    save(&image, "guardener-chain.png");
    // Each band of rows holding tray colour is a row of trays; along its
    // top edge, above the dice, each run of tray colour is one tray. Two
    // pairs share the first row and the third has the next: a pair never
    // splits.
    let panel_left = renderer.cell_centre(&view, CellRef::new(7, 0)).unwrap().0 + 56;
    let tray = |x: u32, y: u32| x >= panel_left && image.get_pixel(x, y).0[..3] == [0xd6, 0xca, 0xb4];
    let has_tray: Vec<u32> = (0..image.height()).filter(|&y| (0..image.width()).any(|x| tray(x, y))).collect();
    let tops: Vec<u32> =
        has_tray.iter().enumerate().filter(|&(i, &y)| i == 0 || has_tray[i - 1] + 1 != y).map(|(_, &y)| y).collect();
    let trays_per_row: Vec<usize> = tops
        .iter()
        .map(|&y| (0..image.width()).filter(|&x| tray(x, y) && (x == 0 || !tray(x - 1, y))).count())
        .collect();
    assert_eq!(trays_per_row, [2, 1]);
}

#[test]
fn a_review_picture_has_a_key_row_for_its_arrows() {
    let renderer = renderer();
    let mut view = BoardView::new(vec![Layer::new("", "abcdefgh", "12345678", |f, r| Some(Shade::checker(f, r)))]);
    view.arrows = vec![
        Arrow { from: CellRef::new(4, 1), to: CellRef::new(4, 3), kind: ArrowKind::Played },
        Arrow { from: CellRef::new(3, 1), to: CellRef::new(3, 3), kind: ArrowKind::Better },
    ];
    let without = size(&renderer, &view);
    view.arrow_key = true;
    let with = renderer.render_rgba(&view).unwrap();
    save(&with, "review-key.png");
    assert_eq!(with.width(), without.0);
    assert!(with.height() > without.1, "the key has a row of its own");
    // The row holds both arrows' colours, red before green.
    let key_rows = without.1 - 8..with.height();
    let first_x = |want: fn(&[u8]) -> bool| {
        (0..with.width()).find(|&x| key_rows.clone().any(|y| want(&with.get_pixel(x, y).0[..3])))
    };
    let red = first_x(|p| i32::from(p[0]) > i32::from(p[1]) + 60 && i32::from(p[0]) > i32::from(p[2]) + 60);
    let green = first_x(|p| i32::from(p[1]) > i32::from(p[0]) + 40 && i32::from(p[1]) > i32::from(p[2]) + 40);
    assert!(matches!((red, green), (Some(r), Some(g)) if r < g), "{red:?} {green:?}");
}

#[test]
fn a_caption_is_written_over_the_file_labels_without_resizing() {
    let renderer = renderer();
    let board = BoardView::new(vec![Layer::new("", "abcdefgh", "12345678", |f, r| Some(Shade::checker(f, r)))]);
    let plain = renderer.render_rgba(&board).unwrap();
    let mut captioned = board.clone();
    captioned.caption = Some("1-0 · White wins by checkmate".into());
    let image = renderer.render_rgba(&captioned).unwrap();
    save(&image, "caption.png");
    assert_eq!(image.dimensions(), plain.dimensions());
    let bottom_board = renderer.cell_centre(&board, CellRef::new(0, 0)).unwrap().1 + 28;
    let differs = |y: u32| (0..image.width()).any(|x| image.get_pixel(x, y) != plain.get_pixel(x, y));
    assert!((0..bottom_board).all(|y| !differs(y)), "the board is untouched");
    assert!(differs(bottom_board + 12), "the file labels' row carries the caption");
}
