//! Properties of rendered images: sizes, square colours, pieces where the
//! view has them, holes left empty, flips, highlights, and refused views.
//! Nothing here compares whole images byte for byte.

use std::sync::LazyLock;

use image::{Rgba, RgbaImage};
use rookery_render::{
    BoardView, CellRef, Die, DieKind, Encoding, Glyph, LastMove, Layer, Piece, RenderError, RenderOptions, Renderer,
    Roll, Selection, Shade, Side, SideColours, Stock, Theme,
};

const CELL: u32 = 40;

static RENDERER: LazyLock<Renderer> =
    LazyLock::new(|| Renderer::new(RenderOptions { cell_px: CELL, ..RenderOptions::default() }));

fn checkered(name: &str, files: &str, ranks: &str) -> Layer {
    Layer::new(name, files, ranks, |f, r| Some(Shade::checker(f, r)))
}

fn chess() -> BoardView {
    BoardView::new(vec![checkered("", "abcdefgh", "12345678")])
}

fn guardener() -> BoardView {
    let files = "wabcdefghz".chars().map(String::from).collect();
    let ranks = (0..10).map(|r| r.to_string()).collect();
    BoardView::new(vec![Layer::with_labels("", files, ranks, |x, y| {
        let exists = ((1..=8).contains(&x) && (1..=8).contains(&y))
            || ((y == 0 || y == 9) && (3..=6).contains(&x))
            || ((x == 0 || x == 9) && (3..=6).contains(&y));
        exists.then(|| Shade::checker(x, y))
    })])
}

fn dragonchess() -> BoardView {
    let mut view =
        BoardView::new(["Sky", "Ground", "Underworld"].map(|n| checkered(n, "abcdefghijkl", "12345678")).to_vec());
    view.colours = SideColours::GoldScarlet;
    view
}

fn put(view: &mut BoardView, at: CellRef, glyph: Glyph, side: Side) {
    view.cell_mut(at).expect("cell exists").piece = Some(Piece { glyph, side });
}

fn render(view: &BoardView) -> RgbaImage {
    RENDERER.render_rgba(view).expect("view renders")
}

fn centre(view: &BoardView, at: CellRef) -> (u32, u32) {
    RENDERER.cell_centre(view, at).expect("cell exists")
}

fn px(image: &RgbaImage, (x, y): (u32, u32)) -> Rgba<u8> {
    *image.get_pixel(x, y)
}

/// How many pixels of the cell around `c` differ between two images.
fn cell_difference(a: &RgbaImage, b: &RgbaImage, c: (u32, u32)) -> u32 {
    let half = CELL / 2;
    let mut n = 0;
    for y in c.1 - half..c.1 + half {
        for x in c.0 - half..c.0 + half {
            n += u32::from(a.get_pixel(x, y) != b.get_pixel(x, y));
        }
    }
    n
}

/// The pixels of the cell around `c`, for comparing cells with each other.
fn cell_pixels(image: &RgbaImage, c: (u32, u32)) -> Vec<Rgba<u8>> {
    let half = CELL / 2;
    (c.1 - half..c.1 + half).flat_map(|y| (c.0 - half..c.0 + half).map(move |x| *image.get_pixel(x, y))).collect()
}

#[test]
fn image_size_follows_geometry() {
    let size = |v: &BoardView| {
        let i = render(v);
        (i.width(), i.height())
    };
    let (w8, h8) = size(&chess());
    assert!((8 * CELL..10 * CELL).contains(&w8), "8x8 width {w8}");
    assert!((8 * CELL..10 * CELL).contains(&h8), "8x8 height {h8}");

    let luck = BoardView::new(vec![checkered("", "abcdefghij", "12345678")]);
    assert_eq!(size(&luck), (w8 + 2 * CELL, h8));

    let new_chess = BoardView::new(vec![checkered("", "abcdefghij", "0123456789")]);
    assert_eq!(size(&new_chess), (w8 + 2 * CELL, h8 + 2 * CELL));
    assert_eq!(size(&guardener()), (w8 + 2 * CELL, h8 + 2 * CELL));

    let (wd, hd) = size(&dragonchess());
    assert_eq!(wd, w8 + 4 * CELL);
    assert!(hd >= 24 * CELL + 3 * CELL / 2, "three boards and their titles: {hd}");

    let mut with_dice = chess();
    with_dice.rolls = vec![Roll::new(vec![Die::new(DieKind::D6, 3)])];
    let (wp, hp) = size(&with_dice);
    assert!(wp >= w8 + 4 * CELL, "the dice panel adds its width");
    assert_eq!(hp, h8);
}

#[test]
fn squares_follow_the_views_shades() {
    let view = chess();
    let image = render(&view);
    let colour = |f, r| px(&image, centre(&view, CellRef::new(f, r)));
    let (dark, light) = (colour(0, 0), colour(1, 0));
    assert_ne!(dark, light);
    for r in 0..8 {
        for f in 0..8 {
            let want = if (f + r) % 2 == 1 { light } else { dark };
            assert_eq!(colour(f, r), want, "square {f},{r}");
        }
    }
    // A light-squared a1 when the view says so: shades are data, not a rule.
    let all_light = BoardView::new(vec![Layer::new("", "ab", "12", |_, _| Some(Shade::Light))]);
    let image = render(&all_light);
    assert_eq!(px(&image, centre(&all_light, CellRef::new(0, 0))), light);
}

#[test]
fn themes_change_the_page_and_squares() {
    let light = chess();
    let mut dark = chess();
    dark.theme = Theme::Dark;
    let (a, b) = (render(&light), render(&dark));
    assert_ne!(px(&a, (0, 0)), px(&b, (0, 0)));
    let a1 = centre(&light, CellRef::new(0, 0));
    assert_ne!(px(&a, a1), px(&b, a1));
}

#[test]
fn pieces_appear_where_the_view_has_them() {
    let empty = chess();
    let mut view = chess();
    put(&mut view, CellRef::new(4, 0), Glyph::King, Side::First);
    put(&mut view, CellRef::new(3, 7), Glyph::Queen, Side::Second);
    let (before, after) = (render(&empty), render(&view));
    let area = CELL * CELL;
    for at in [CellRef::new(4, 0), CellRef::new(3, 7)] {
        let changed = cell_difference(&before, &after, centre(&view, at));
        assert!(changed > area / 6, "{at:?}: only {changed} pixels changed");
    }
    assert_eq!(cell_difference(&before, &after, centre(&view, CellRef::new(4, 4))), 0);
}

#[test]
fn every_glyph_is_drawn_and_distinct() {
    for colours in SideColours::ALL {
        for side in Side::ALL {
            // All on light squares so cells compare like for like.
            let mut view = BoardView::new(vec![Layer::new("", "abcdefghijk", "123", |_, _| Some(Shade::Light))]);
            view.colours = colours;
            for (i, &glyph) in Glyph::ALL.iter().enumerate() {
                put(&mut view, CellRef::new(i % 11, i / 11), glyph, side);
            }
            let image = render(&view);
            let empty = render(&BoardView {
                layers: vec![Layer::new("", "abcdefghijk", "123", |_, _| Some(Shade::Light))],
                colours,
                ..BoardView::default()
            });
            let cells: Vec<_> = (0..Glyph::ALL.len()).map(|i| centre(&view, CellRef::new(i % 11, i / 11))).collect();
            for (i, &c) in cells.iter().enumerate() {
                let glyph = Glyph::ALL[i];
                assert!(
                    cell_difference(&image, &empty, c) > CELL * CELL / 8,
                    "{glyph:?} {side:?} {colours:?} is nearly invisible"
                );
                for (j, &d) in cells.iter().enumerate().skip(i + 1) {
                    assert_ne!(
                        cell_pixels(&image, c),
                        cell_pixels(&image, d),
                        "{glyph:?} and {:?} look the same",
                        Glyph::ALL[j]
                    );
                }
            }
        }
    }
}

#[test]
fn holes_stay_empty() {
    let mut view = guardener();
    put(&mut view, CellRef::new(3, 0), Glyph::Guardener, Side::First);
    let image = render(&view);
    let page = px(&image, (0, 0));
    // The hole at w0 lies in w3's column and c0's row.
    let x = centre(&view, CellRef::new(0, 3)).0;
    let y = centre(&view, CellRef::new(3, 0)).1;
    let hole = cell_pixels(&image, (x, y));
    assert!(hole.iter().all(|&p| p == page), "something drawn in hole w0");
    assert_eq!(RENDERER.cell_centre(&view, CellRef::new(0, 0)), None);
    // And the existing terrace cell next to it is a square, not page.
    assert_ne!(px(&image, centre(&view, CellRef::new(4, 0))), page);
}

#[test]
fn flipping_turns_the_board_around() {
    let mut view = chess();
    put(&mut view, CellRef::new(0, 0), Glyph::Rook, Side::First);
    let mut flipped = view.clone();
    flipped.flipped = true;
    let a1 = centre(&view, CellRef::new(0, 0));
    let h8 = centre(&view, CellRef::new(7, 7));
    assert_eq!(centre(&flipped, CellRef::new(0, 0)), h8);
    assert_eq!(centre(&flipped, CellRef::new(7, 7)), a1);
    let (up, down) = (render(&view), render(&flipped));
    // The rook's pixels moved from the bottom-left cell to the top-right one.
    assert_eq!(cell_pixels(&up, a1), cell_pixels(&down, h8));
    assert_ne!(cell_pixels(&up, a1), cell_pixels(&down, a1));
}

#[test]
fn a_king_in_check_glows_red() {
    let mut view = chess();
    put(&mut view, CellRef::new(4, 0), Glyph::King, Side::First);
    let calm = render(&view);
    view.checks = vec![CellRef::new(4, 0)];
    let checked = render(&view);
    // Left of the king's crown, where the glow shows around the piece.
    let (cx, cy) = centre(&view, CellRef::new(4, 0));
    let at = (cx - CELL * 35 / 100, cy - CELL / 5);
    let redness = |p: Rgba<u8>| i32::from(p[0]) - i32::from(p[1]);
    let (hot, cold) = (px(&checked, at), px(&calm, at));
    assert!(redness(hot) > redness(cold) + 40, "{hot:?} vs {cold:?}");
    assert!(hot[0] >= cold[0], "the glow is red: {hot:?} vs {cold:?}");
}

#[test]
fn last_move_selection_and_frozen_marks_show() {
    let mut view = dragonchess();
    let from = CellRef::on(1, 4, 1);
    let to = CellRef::on(1, 4, 2);
    let target = CellRef::on(1, 4, 5);
    put(&mut view, to, Glyph::Warrior, Side::First);
    let plain = render(&view);
    view.last_move = Some(rookery_render::LastMove { from: Some(from), to });
    view.selection = Some(Selection { from: to, targets: vec![target] });
    let marked = render(&view);
    assert_ne!(px(&plain, centre(&view, from)), px(&marked, centre(&view, from)));
    assert_ne!(px(&plain, centre(&view, target)), px(&marked, centre(&view, target)));

    view.cell_mut(to).expect("exists").frozen = true;
    let frozen = render(&view);
    let (x, y) = centre(&view, to);
    let corner = (x - CELL / 2 + 2, y + CELL / 2 - 2);
    let blueness = |p: Rgba<u8>| i32::from(p[2]) - i32::from(p[0]);
    assert!(blueness(px(&frozen, corner)) > blueness(px(&marked, corner)) + 20);
}

#[test]
fn boards_stack_sky_to_underworld() {
    let view = dragonchess();
    let y = |layer| centre(&view, CellRef::on(layer, 0, 7)).1;
    assert!(y(0) < y(1) && y(1) < y(2));
    let x = |layer| centre(&view, CellRef::on(layer, 0, 7)).0;
    assert!(x(0) == x(1) && x(1) == x(2));
}

#[test]
fn hands_and_dice_are_drawn_beside_the_board() {
    let mut view = chess();
    view.hands.first = vec![Stock { piece: Piece { glyph: Glyph::Queen, side: Side::First }, count: 2 }];
    let with_hand = render(&view);
    view.rolls = vec![Roll::new(vec![Die::new(DieKind::D4, 4), Die::new(DieKind::D8, 7)])];
    let with_dice = render(&view);
    // The same panel with other dice in it: only the dice differ.
    view.rolls = vec![Roll::new(vec![Die::new(DieKind::D6, 1), Die::new(DieKind::D6, 5)])];
    let other_dice = render(&view);
    assert_eq!(other_dice.dimensions(), with_dice.dimensions());
    assert!(with_dice.width() >= with_hand.width(), "dice need at least a hand's room");
    let board_right = centre(&view, CellRef::new(7, 0)).0 + CELL / 2;
    let changed = (0..with_dice.height())
        .flat_map(|y| (board_right..with_dice.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| other_dice.get_pixel(x, y) != with_dice.get_pixel(x, y))
        .count();
    assert!(changed as u32 > CELL * CELL / 2, "dice drew {changed} pixels");
}

#[test]
fn the_dice_panel_has_one_width_whatever_it_shows() {
    let width = |faces: usize, labels: &[&str]| {
        let mut view = chess();
        let dice = (0..faces).map(|i| Die::new(DieKind::D8, i as u8 + 1)).collect();
        view.rolls = vec![Roll::new(dice)];
        view.dice_labels = labels.iter().map(|l| l.to_string()).collect();
        render(&view).width()
    };
    let board_only = render(&chess()).width();
    let one = width(1, &[]);
    assert!(board_only < one, "{board_only} {one}");
    // Issue 28: a panel that grew with its dice made a game's pictures jump.
    for (faces, labels) in [(2, vec![]), (3, vec!["Lucky 8"]), (1, vec!["double: K moves as N, and a few words more"])]
    {
        assert_eq!(width(faces, &labels), one, "{faces} dice, {labels:?}");
    }
    assert_eq!(width(1, &[&"word ".repeat(60)]), one, "a very long label wraps");
}

#[test]
fn a_scarlet_king_stands_out_on_the_check_glow() {
    let at = CellRef::new(4, 0);
    for colours in SideColours::ALL {
        for side in Side::ALL {
            let mut view = chess();
            view.colours = colours;
            let empty = render(&view);
            put(&mut view, at, Glyph::King, side);
            let calm = render(&view);
            view.checks = vec![at];
            view.cell_mut(at).expect("exists").piece = None;
            let glow = render(&view);
            // Under the king's own pixels, how far its colour is from the
            // glow it would stand on.
            let c = centre(&view, at);
            let (king, under, plain) = (cell_pixels(&calm, c), cell_pixels(&glow, c), cell_pixels(&empty, c));
            let body: Vec<usize> = (0..king.len()).filter(|&i| king[i] != plain[i]).collect();
            let distance =
                |a: Rgba<u8>, b: Rgba<u8>| (0..3).map(|k| i32::from(a[k]).abs_diff(i32::from(b[k]))).sum::<u32>();
            // Share of the king's pixels that all but vanish into the glow.
            let lost = body.iter().filter(|&&i| distance(king[i], under[i]) < 100).count() * 100 / body.len();
            assert!(lost < 20, "{colours:?} {side:?}: {lost}% of the king melts into the glow");
        }
    }
}

#[test]
fn png_decodes_to_the_rendered_pixels_and_is_small() {
    let mut view = chess();
    let back = ["R", "N", "B", "Q", "K", "B", "N", "R"];
    let glyph = |s: &str| match s {
        "K" => Glyph::King,
        "Q" => Glyph::Queen,
        "R" => Glyph::Rook,
        "B" => Glyph::Bishop,
        _ => Glyph::Knight,
    };
    for (f, s) in back.iter().enumerate() {
        put(&mut view, CellRef::new(f, 0), glyph(s), Side::First);
        put(&mut view, CellRef::new(f, 1), Glyph::Pawn, Side::First);
        put(&mut view, CellRef::new(f, 6), Glyph::Pawn, Side::Second);
        put(&mut view, CellRef::new(f, 7), glyph(s), Side::Second);
    }
    for encoding in [Encoding::Indexed, Encoding::Truecolour] {
        let renderer = Renderer::new(RenderOptions { encoding, ..RenderOptions::default() });
        let png = renderer.render_png(&view).expect("renders");
        assert!(png.len() <= 60 * 1024, "{encoding:?}: {} bytes", png.len());
        let decoded = image::load_from_memory(&png).expect("valid PNG").to_rgba8();
        assert_eq!(decoded, renderer.render_rgba(&view).expect("renders"));
    }
}

#[test]
fn a_games_next_picture_is_the_same_file_as_one_drawn_alone() {
    let mut before = chess();
    for f in 0..8 {
        put(&mut before, CellRef::new(f, 1), Glyph::Pawn, Side::First);
        put(&mut before, CellRef::new(f, 6), Glyph::Pawn, Side::Second);
    }
    let mut after = before.clone();
    after.cell_mut(CellRef::new(4, 1)).expect("e2").piece = None;
    put(&mut after, CellRef::new(4, 3), Glyph::Pawn, Side::First);
    after.last_move = Some(LastMove { from: Some(CellRef::new(4, 1)), to: CellRef::new(4, 3) });
    after.arrow_last_move();
    let flipped = BoardView { flipped: true, ..after.clone() };
    // Game 7's pictures in turn, with another game's drawn in between, and
    // a flipped board of the same game.
    for (game, view) in [(7, &before), (8, &after), (7, &after), (7, &flipped), (7, &after), (7, &after)] {
        let png = RENDERER.render_png_after(game, view).expect("renders");
        assert_eq!(png, RENDERER.render_png(view).expect("renders"));
        let decoded = image::load_from_memory(&png).expect("valid PNG").to_rgba8();
        assert_eq!(decoded, render(view));
    }
}

#[test]
fn inconsistent_views_are_refused() {
    let err = |view: &BoardView| RENDERER.render_png(view).expect_err("refused");
    assert!(matches!(err(&BoardView::default()), RenderError::NoLayers));

    let mut view = chess();
    view.checks = vec![CellRef::new(8, 0)];
    assert!(matches!(err(&view), RenderError::NoSuchCell(_)));

    let mut view = guardener();
    view.last_move = Some(rookery_render::LastMove { from: None, to: CellRef::new(0, 0) });
    assert!(matches!(err(&view), RenderError::NoSuchCell(_)));

    let mut view = chess();
    view.rolls = vec![Roll::new(vec![Die::new(DieKind::D4, 5)])];
    assert!(matches!(err(&view), RenderError::DieFace { face: 5, .. }));

    let mut view = chess();
    view.layers[0].cells.pop();
    assert!(matches!(err(&view), RenderError::CellCount { found: 63, .. }));

    let mut view = chess();
    view.cell_mut(CellRef::new(0, 0)).expect("exists").region = Some(0);
    assert!(matches!(err(&view), RenderError::NoSuchRegion { .. }));
}

#[test]
fn a_renderer_can_be_shared_between_threads() {
    fn shareable<T: Send + Sync>() {}
    shareable::<Renderer>();
}
