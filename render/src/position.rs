//! The adapter from engine positions to [`BoardView`]s. It reads only the
//! engine's generic vocabulary — geometry, piece kinds by name, moves — so a new
//! variant needs no change here beyond naming its pieces' glyphs.

use rookery_engine::geometry::Shade as EngineShade;
use rookery_engine::{Color, Move, Position, Square};

use crate::{BoardView, CellRef, Glyph, LastMove, Layer, Piece, Region, Shade, Side, SideColours, Stock, Theme};

/// How to show a position.
#[derive(Clone, Copy, Debug, Default)]
pub struct Look {
    /// The move that led here, highlighted.
    pub last_move: Option<Move>,
    /// Draw the board as Black (or Scarlet) sees it.
    pub flipped: bool,
    pub theme: Theme,
}

/// The glyph that draws a piece kind, by the kind's name.
pub fn glyph_for(kind_name: &str) -> Option<Glyph> {
    Some(match kind_name {
        "king" => Glyph::King,
        "queen" => Glyph::Queen,
        "rook" => Glyph::Rook,
        "bishop" => Glyph::Bishop,
        "knight" => Glyph::Knight,
        "pawn" => Glyph::Pawn,
        "sylph" => Glyph::Sylph,
        "griffin" => Glyph::Griffin,
        "dragon" => Glyph::Dragon,
        "oliphant" => Glyph::Oliphant,
        "unicorn" => Glyph::Unicorn,
        "hero" => Glyph::Hero,
        "thief" => Glyph::Thief,
        "cleric" => Glyph::Cleric,
        "mage" => Glyph::Mage,
        "paladin" => Glyph::Paladin,
        "warrior" => Glyph::Warrior,
        "basilisk" => Glyph::Basilisk,
        "elemental" => Glyph::Elemental,
        // A Dwarf turned round by the optional rule looks the same; the
        // position text lists which ones are reversed.
        "dwarf" | "reversed dwarf" => Glyph::Dwarf,
        "luck dragon" => Glyph::LuckDragon,
        "guardener" => Glyph::Guardener,
        "E-king" => Glyph::EKing,
        "F-king" => Glyph::FKing,
        "gold general" => Glyph::GoldGeneral,
        "tower" => Glyph::Tower,
        "fool" => Glyph::Fool,
        "horse" => Glyph::Horse,
        "cannon" => Glyph::Cannon,
        "sergeant" => Glyph::Sergeant,
        "knighted fool" => Glyph::KnightedFool,
        "knighted sergeant" => Glyph::KnightedSergeant,
        "knighted pawn" => Glyph::KnightedPawn,
        _ => return None,
    })
}

/// The colour scheme whose side names are the rules' ("Gold", "Scarlet"),
/// White and Black when none is.
fn colours_named(names: [&str; 2]) -> SideColours {
    SideColours::ALL
        .into_iter()
        .find(|c| c.name(Side::First) == names[0] && c.name(Side::Second) == names[1])
        .unwrap_or_default()
}

/// The cell that draws `square` of `position`'s board.
pub fn cell_of(position: &Position, square: Square) -> CellRef {
    let g = &position.rules().geometry;
    CellRef::on(g.layer(square), g.file(square), g.rank(square))
}

/// A view of `position`: its board, pieces, the last move and any king in check.
pub fn view_of(position: &Position, look: Look) -> BoardView {
    let rules = position.rules();
    let g = &rules.geometry;
    let layers = g
        .layers()
        .iter()
        .enumerate()
        .map(|(l, layer)| {
            let files = (0..g.width()).map(|f| g.file_label(f).to_string()).collect();
            let ranks = (0..g.height()).map(|r| g.rank_label(r).to_string()).collect();
            Layer::with_labels(&layer.name, files, ranks, |f, r| {
                let square = g.square(l as i32, f as i32, r as i32)?;
                Some(match g.shade(square) {
                    Some(EngineShade::Light) => Shade::Light,
                    Some(EngineShade::Dark) => Shade::Dark,
                    // Uncoloured boards still get a checkerboard, for looks.
                    None => Shade::checker(f, r),
                })
            })
        })
        .collect();
    let mut view = BoardView::new(layers);
    for (label, squares) in &rules.areas {
        let region = view.regions.len();
        view.regions.push(Region { label: label.to_string() });
        for square in squares.iter() {
            if let Some(cell) = view.cell_mut(cell_of(position, square)) {
                cell.region = Some(region);
            }
        }
    }
    for color in Color::ALL {
        let side = color.fold(Side::First, Side::Second);
        for (square, kind) in position.pieces(color) {
            // A kind without a glyph is left undrawn rather than failing the picture.
            if let (Some(glyph), Some(cell)) =
                (glyph_for(rules.kind(kind).name), view.cell_mut(cell_of(position, square)))
            {
                cell.piece = Some(Piece { glyph, side });
                cell.frozen = position.is_frozen(square);
                cell.shielded = position.immune().contains(square);
            }
        }
    }
    for color in Color::ALL {
        let side = color.fold(Side::First, Side::Second);
        let stocks = position.hand(color).kinds().filter_map(|(kind, count)| {
            let glyph = glyph_for(rules.kind(kind).name)?;
            Some(Stock { piece: Piece { glyph, side }, count: count.into() })
        });
        *view.hands.get_mut(side) = stocks.collect();
    }
    if position.is_check() {
        view.checks = position.royals(position.turn()).iter().map(|sq| cell_of(position, sq)).collect();
    }
    view.last_move =
        look.last_move.map(|mv| LastMove { from: Some(cell_of(position, mv.from)), to: cell_of(position, mv.to) });
    view.flipped = look.flipped;
    view.theme = look.theme;
    view.colours = colours_named(rules.side_names);
    view.hand_name = rules.drops.as_ref().map_or("", |drops| drops.name).to_string();
    // Every picture of a game with dice keeps the dice panel's room.
    view.dice_room = rules.chance.is_some();
    view
}

#[cfg(test)]
mod tests {
    use super::*;
    use rookery_engine::game::Game;
    use rookery_engine::Variant;

    #[test]
    fn chess_position_becomes_a_view() {
        let mut game = Game::new(Variant::Chess).unwrap();
        for mv in ["f3", "e5", "g4", "Qh4"] {
            let side = game.position().turn();
            game.play_move(side, mv).unwrap();
        }
        let view = view_of(game.position(), Look { last_move: game.last_move(), flipped: true, theme: Theme::Dark });
        assert_eq!(view.layers.len(), 1);
        assert_eq!(view.layers[0].cells.len(), 64);
        let queen = view.cell(CellRef::new(7, 3)).unwrap().piece.unwrap();
        assert_eq!((queen.glyph, queen.side), (Glyph::Queen, Side::Second));
        assert_eq!(view.checks, vec![CellRef::new(4, 0)]);
        assert_eq!(view.last_move, Some(LastMove { from: Some(CellRef::new(3, 7)), to: CellRef::new(7, 3) }));
        assert_eq!(view.cell(CellRef::new(0, 0)).unwrap().shade, Shade::Dark);
        assert!(view.flipped);
        let pieces = view.layers[0].cells.iter().flatten().filter(|c| c.piece.is_some()).count();
        assert_eq!(pieces, 32);
    }

    #[test]
    fn dragonchess_shows_three_boards_frozen_pieces_and_moves_between_boards() {
        let start = Game::new(Variant::Dragonchess).unwrap();
        let view = view_of(start.position(), Look::default());
        assert_eq!(view.layers.len(), 3);
        assert_eq!(view.colours, SideColours::GoldScarlet);
        let pieces: Vec<usize> =
            view.layers.iter().map(|l| l.cells.iter().flatten().filter(|c| c.piece.is_some()).count()).collect();
        assert_eq!(pieces, [18, 48, 18], "every piece of the start position is drawn");
        let dragon = view.cell(CellRef::on(0, 6, 0)).unwrap().piece.unwrap();
        assert_eq!((dragon.glyph, dragon.side), (Glyph::Dragon, Side::First));

        // The Gold Oliphant on 2e5 stands over a Scarlet Basilisk; the Dragon on
        // 1e5 captures the Warrior on 2f5 from afar, a move between boards.
        let text = "12/12/12/4R7/12/12/12/12|11k/12/12/4Ow6/12/12/12/K11|12/12/12/4b7/12/12/12/12 g - 0 1";
        let mut game = Game::from_fen(Variant::Dragonchess, text).unwrap();
        game.play_move(rookery_engine::Color::White, "R1e5x2f5").unwrap();
        let view = view_of(game.position(), Look { last_move: game.last_move(), ..Look::default() });
        assert!(view.cell(CellRef::on(1, 4, 4)).unwrap().frozen);
        assert!(!view.cell(CellRef::on(2, 4, 4)).unwrap().frozen, "the Basilisk itself is not frozen");
        assert_eq!(view.last_move, Some(LastMove { from: Some(CellRef::on(0, 4, 4)), to: CellRef::on(1, 5, 4) }));
        for name in ["king", "sylph", "griffin", "dragon", "oliphant", "unicorn", "hero", "thief", "cleric", "mage"] {
            assert!(glyph_for(name).is_some(), "{name}");
        }
        for name in ["paladin", "warrior", "basilisk", "elemental", "dwarf", "reversed dwarf"] {
            assert!(glyph_for(name).is_some(), "{name}");
        }
    }

    #[test]
    fn hands_are_drawn_for_any_variant_with_them() {
        use rookery_engine::hand::Drops;
        use rookery_engine::variants::chess::{self, KNIGHT, PAWN};
        let mut rules = chess::rules();
        rules.drops = Some(Drops::new(rules.kinds.len()));
        let rules = std::sync::Arc::new(rules);
        let position = rookery_engine::fen::parse(&rules, "4k3/8/8/8/8/8/8/4K3[NPPp] w - - 0 1").unwrap();
        let view = view_of(&position, Look::default());
        let stock = |glyph, side, count| Stock { piece: Piece { glyph, side }, count };
        assert_eq!(view.hands.first, [stock(Glyph::Pawn, Side::First, 2), stock(Glyph::Knight, Side::First, 1)]);
        assert_eq!(view.hands.second, [stock(Glyph::Pawn, Side::Second, 1)]);
        assert_eq!((PAWN.0, KNIGHT.0), (0, 1), "hands list kinds in the rules' order");
        assert_eq!(view.colours, SideColours::WhiteBlack);
    }

    #[test]
    fn luck_dragon_board_and_pieces() {
        let game = Game::new(Variant::LuckDragon).unwrap();
        let view = view_of(game.position(), Look::default());
        assert_eq!(view.layers[0].cells.len(), 80);
        let dragon = view.cell(CellRef::new(9, 0)).unwrap();
        assert_eq!(dragon.piece.map(|p| (p.glyph, p.side)), Some((Glyph::LuckDragon, Side::First)));
        // Light iff file + rank is odd: j1 and a8 are light, a1 dark.
        assert_eq!(dragon.shade, Shade::Light);
        assert_eq!(view.cell(CellRef::new(0, 7)).unwrap().shade, Shade::Light);
        assert_eq!(view.cell(CellRef::new(0, 0)).unwrap().shade, Shade::Dark);
        let pieces = view.layers[0].cells.iter().flatten().filter(|c| c.piece.is_some()).count();
        assert_eq!(pieces, 40);
    }
}
