//! Legends for `/rules`: what a variant's pictures mean where the chess set
//! does not say it. Each is a one-rank board of pieces over their labels,
//! with the same in words.

use rookery_engine::game::Game;
use rookery_engine::rules::FaceMeaning;
use rookery_engine::{Color, Kind};
use rookery_render::position::{glyph_for, view_of, Look};
use rookery_render::{BoardView, Cell, CellRef, Die, DieKind, Glyph, Layer, Piece, Region, Roll, Shade, Side, Theme};

use crate::picture::{die_symbol, renderer};

/// A variant's legend as a picture and in words (`Pieces: K King · ...`):
/// its pieces, when their pictures are not the chess set's, or else its die
/// faces, when they stand for pieces. `None` when the pictures need none.
pub fn legend(game: &Game) -> Option<(Vec<u8>, String)> {
    let (view, words) = pieces(game).or_else(|| die_faces(game))?;
    match renderer().render_png(&view) {
        Ok(png) => Some((png, words)),
        Err(error) => {
            tracing::error!(%error, "legend picture failed");
            None
        }
    }
}

/// The pieces, each picture over its letter, in the first side's colours.
fn pieces(game: &Game) -> Option<(BoardView, String)> {
    const CHESS_SET: [&str; 6] = ["king", "queen", "rook", "bishop", "knight", "pawn"];
    let rules = game.position().rules();
    if rules.kinds.iter().all(|kind| CHESS_SET.contains(&kind.name)) {
        return None;
    }
    // Each kind as position text writes it: a knighted fool is `+F`.
    let mut shown: Vec<(Option<Glyph>, String, String)> = Vec::new();
    for (index, kind) in rules.kinds.iter().enumerate() {
        let Some(glyph) = glyph_for(kind.name) else { continue };
        if !shown.iter().any(|(g, _, _)| *g == Some(glyph)) {
            let mut token = String::new();
            rules.push_token(&mut token, Color::White, Kind(index as u8));
            shown.push((Some(glyph), token, capital(kind.name)));
        }
    }
    let words: Vec<String> = shown.iter().map(|(_, letter, name)| format!("{letter} {name}")).collect();
    let view = row(game, "Pieces and their letters", &shown);
    Some((view, format!("Pieces: {}", words.join(" · "))))
}

/// The die's faces, each with the piece it lands over its number, and the
/// same faces as the die shows them beside, one struck through as a failed
/// roll is.
fn die_faces(game: &Game) -> Option<(BoardView, String)> {
    let rules = game.position().rules();
    let meaning = rules.face_meaning?;
    let chance = rules.chance?;
    let sides = *chance.kinds.first()?.dice.first()?;
    let shape = DieKind::ALL.into_iter().find(|shape| u32::from(shape.sides()) == sides)?;
    let mut shown = Vec::new();
    let mut dice = Vec::new();
    for number in 1..=sides {
        let face = meaning(game.options(), number)?;
        let (glyph, name) = match face {
            FaceMeaning::Kind(kind) => {
                let name = rules.kind(kind).name;
                (glyph_for(name), capital(name))
            }
            FaceMeaning::AnyKind => (None, "any piece".to_string()),
        };
        shown.push((glyph, number.to_string(), name));
        dice.push(Die { symbol: die_symbol(game, face), ..Die::new(shape, u8::try_from(number).ok()?) });
    }
    let words: Vec<String> = shown.iter().map(|(_, number, name)| format!("{number} {name}")).collect();
    let mut view = row(game, "Die faces", &shown);
    // A face for any piece has no one piece to show: its cell says so.
    for (file, _) in shown.iter().enumerate().filter(|(_, (glyph, _, _))| glyph.is_none()) {
        let region = view.regions.len();
        if let Some(cell) = view.cell_mut(CellRef::new(file, 0)) {
            cell.region = Some(region);
            view.regions.push(Region { label: "any".into() });
        }
    }
    let struck = Roll { dice: dice[..1].to_vec(), failed: true };
    view.rolls = vec![Roll::new(dice), struck];
    view.dice_labels = vec![format!("The faces, 1 to {sides}, and a failed roll: struck through")];
    Some((view, format!("Die faces: {}; a failed roll is struck through", words.join(" · "))))
}

/// One rank of cells holding `shown`'s pieces (or nothing), labelled below.
fn row(game: &Game, title: &str, shown: &[(Option<Glyph>, String, String)]) -> BoardView {
    let shade = |i: usize| if i % 2 == 0 { Shade::Light } else { Shade::Dark };
    let cells = shown
        .iter()
        .enumerate()
        .map(|(i, (glyph, _, _))| {
            let piece = glyph.map(|glyph| Piece { glyph, side: Side::First });
            Some(Cell { piece, ..Cell::empty(shade(i)) })
        })
        .collect();
    let layer = Layer {
        name: title.into(),
        files: shown.iter().map(|(_, label, _)| label.clone()).collect(),
        ranks: vec![String::new()],
        cells,
    };
    let colours = view_of(game.position(), Look { last_move: None, flipped: false, theme: Theme::Light }).colours;
    BoardView { colours, ..BoardView::new(vec![layer]) }
}

/// `gold general` as `Gold general`.
fn capital(name: &str) -> String {
    name.chars().take(1).flat_map(char::to_uppercase).chain(name.chars().skip(1)).collect()
}

#[cfg(test)]
mod tests {
    use rookery_engine::Variant;

    use super::*;

    fn save(png: &[u8], name: &str) {
        if let Some(dir) = std::env::var_os("ROOKERY_PICTURES") {
            std::fs::write(std::path::Path::new(&dir).join(name), png).unwrap();
        }
    }

    #[test]
    fn variants_with_their_own_pieces_get_a_legend() {
        assert!(legend(&Game::new(Variant::Chess).unwrap()).is_none());
        let (png, letters) = legend(&Game::new(Variant::Dragonchess).unwrap()).unwrap();
        assert!(letters.starts_with("Pieces: S Sylph · G Griffin · R Dragon"), "{letters}");
        assert!(letters.contains("D Dwarf") && !letters.contains("reversed"), "{letters}");
        save(&png, "dragonchess-legend.png");
    }

    #[test]
    fn the_legend_writes_knighted_pieces_with_their_plus() {
        let (png, letters) = legend(&Game::new(Variant::NewChess).unwrap()).unwrap();
        assert!(letters.starts_with("Pieces: K E-king · J F-king · G Gold general · T Tower · F Fool"), "{letters}");
        assert!(letters.ends_with("+F Knighted fool · +S Knighted sergeant · +P Knighted pawn"), "{letters}");
        save(&png, "newchess-legend.png");
    }

    #[test]
    fn a_die_whose_faces_are_pieces_gets_a_legend_of_its_faces() {
        let (png, words) = legend(&Game::new(Variant::DiceLanding).unwrap()).unwrap();
        assert_eq!(
            words,
            "Die faces: 1 Pawn · 2 Knight · 3 Bishop · 4 Rook · 5 Queen · 6 any piece; a failed roll is struck through"
        );
        save(&png, "dicelanding-legend.png");
        // The faces follow the game's die option.
        let game = Game::create(Variant::DiceLanding, "die=PPNB**", None).unwrap();
        let (_, words) = legend(&game).unwrap();
        assert!(words.starts_with("Die faces: 1 Pawn · 2 Pawn · 3 Knight · 4 Bishop · 5 any piece"), "{words}");
    }
}
