//! Standard chess under the FIDE Laws.

use crate::color::{ByColor, Color};
use crate::geometry::Geometry;
use crate::guide::Guide;
use crate::piece::{diagonal, king_steps, orthogonal, Component, Kind, Mode, PieceKind, Shape, Tag, Vector, Zone};
use crate::position::Position;
use crate::royalty::Royalty;
use crate::rules::{CastlingRule, DrawRules, Promotion, Rules};
use crate::search::{Phased, Weights};
use crate::variant::Variant;

pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

pub const PAWN: Kind = Kind(0);
pub const KNIGHT: Kind = Kind(1);
pub const BISHOP: Kind = Kind(2);
pub const ROOK: Kind = Kind(3);
pub const QUEEN: Kind = Kind(4);
pub const KING: Kind = Kind(5);

/// The standard 8x8 board: files a-h, ranks 1-8, a1 dark.
pub fn board() -> Geometry {
    Geometry::rectangle(&["a", "b", "c", "d", "e", "f", "g", "h"], &["1", "2", "3", "4", "5", "6", "7", "8"], Some(1))
}

/// The FIDE pawn: one step, a double step from its second rank, diagonal captures.
pub fn pawn() -> PieceKind {
    let mut components = vec![
        Component::new(Shape::Leap(Vector::new(0, 1)), Mode::Move),
        Component::new(Shape::Slide { step: Vector::new(0, 1), max: 2, stops: 1 << 2 }, Mode::Move)
            .from_zone(Zone::relative_rank(1))
            .tagged(Tag::DoubleStep),
    ];
    components.extend(Component::leaps(&[Vector::new(-1, 1), Vector::new(1, 1)], Mode::Capture));
    PieceKind { name: "pawn", letter: 'P', royal: false, pawn: true, components }
}

pub fn knight() -> PieceKind {
    PieceKind {
        name: "knight",
        letter: 'N',
        royal: false,
        pawn: false,
        components: Component::leaps(&Vector::new(1, 2).symmetric(), Mode::Both),
    }
}

pub fn bishop() -> PieceKind {
    PieceKind {
        name: "bishop",
        letter: 'B',
        royal: false,
        pawn: false,
        components: Component::slides(&diagonal(), Mode::Both),
    }
}

pub fn rook() -> PieceKind {
    PieceKind {
        name: "rook",
        letter: 'R',
        royal: false,
        pawn: false,
        components: Component::slides(&orthogonal(), Mode::Both),
    }
}

pub fn queen() -> PieceKind {
    PieceKind {
        name: "queen",
        letter: 'Q',
        royal: false,
        pawn: false,
        components: Component::slides(&king_steps(), Mode::Both),
    }
}

pub fn king() -> PieceKind {
    PieceKind {
        name: "king",
        letter: 'K',
        royal: true,
        pawn: false,
        components: Component::leaps(&king_steps(), Mode::Both),
    }
}

pub fn rules() -> Rules {
    let geometry = board();
    let sq = |name: &str| geometry.parse_square(name).expect("chess square");
    let mut castling = Vec::new();
    for color in Color::ALL {
        let rank = color.fold("1", "8");
        let at = |file: &str| sq(&format!("{file}{rank}"));
        let right = color.index() as u8 * 2;
        castling.push(CastlingRule {
            color,
            right,
            long: false,
            king_from: at("e"),
            king_to: at("g"),
            rook_from: at("h"),
            rook_to: at("f"),
            must_be_empty: vec![at("f"), at("g")],
            must_be_safe: vec![at("e"), at("f"), at("g")],
            unmoved: None,
        });
        castling.push(CastlingRule {
            color,
            right: right + 1,
            long: true,
            king_from: at("e"),
            king_to: at("c"),
            rook_from: at("a"),
            rook_to: at("d"),
            must_be_empty: vec![at("b"), at("c"), at("d")],
            must_be_safe: vec![at("e"), at("d"), at("c")],
            unmoved: None,
        });
    }
    let promotion = Promotion {
        zone: ByColor::from_fn(|color| {
            let rank = color.fold(7, 0);
            geometry.squares().filter(|s| geometry.rank(*s) == rank).collect()
        }),
        choices: vec![QUEEN, ROOK, BISHOP, KNIGHT],
        from_hand: false,
    };
    let kinds = vec![pawn(), knight(), bishop(), rook(), queen(), king()];
    // FIDE 9.2, 9.3 and 9.6: threefold repetition and fifty moves may be
    // claimed; fivefold and seventy-five moves end the game by themselves.
    let draws = DrawRules {
        repetition_claim: Some(3),
        repetition_automatic: Some(5),
        quiet_plies_claim: Some(100),
        quiet_plies_automatic: Some(150),
        dead_position: Some(dead_position),
        lone_minors: &[BISHOP, KNIGHT],
    };
    let mut rules = Rules::new(Variant::Chess, geometry, kinds, castling, promotion, Royalty::Checkmate, draws, START);
    rules.pgn_variant = "Standard";
    rules.tuned_weights = Some(tuned_weights);
    rules.guide = Some(Guide { variant: Variant::Chess, title: "Chess", page: include_str!("guides/chess.md") });
    rules
}

/// The player's evaluation weights fitted to chess self-play (Texel's method:
/// `engine/examples/texel`, see docs/player.md), by kind index.
fn tuned_weights() -> Weights {
    Weights {
        material: vec![
            Phased { opening: 100, endgame: 133 },  // pawn
            Phased { opening: 327, endgame: 205 },  // knight
            Phased { opening: 375, endgame: 221 },  // bishop
            Phased { opening: 571, endgame: 432 },  // rook
            Phased { opening: 1200, endgame: 468 }, // queen
            Phased { opening: 0, endgame: 0 },      // king
        ],
        reach: 3,
        pawn_step: 2,
        passed_step: 4,
        passed_base: -14,
        royal_exposure: 15,
        royal_shelter: 12,
        royal_centre: 6,
        royal_danger: 12,
        mobility: 5,
        pair: 19,
        open_file: 17,
        doubled: Phased::both(0),
        isolated: Phased::both(0),
        connected: Phased::both(0),
        squares: vec![Phased::both(0); 6 * 64],
    }
}

/// The material cases in which no sequence of legal moves can mate, as lichess
/// and python-chess judge them automatically: king against king, a single minor
/// piece against a bare king, and any number of bishops that all stand on
/// squares of one colour.
pub fn dead_position(position: &Position) -> bool {
    let geometry = &position.rules().geometry;
    let mut minors = 0;
    let mut knights = 0;
    let mut bishop_shades = Vec::new();
    for color in Color::ALL {
        for (square, kind) in position.pieces(color) {
            match kind {
                KING => {}
                KNIGHT => {
                    minors += 1;
                    knights += 1;
                }
                BISHOP => {
                    minors += 1;
                    bishop_shades.push(geometry.shade(square));
                }
                _ => return false,
            }
        }
    }
    let one_shade = bishop_shades.windows(2).all(|w| w[0] == w[1]);
    minors <= 1 || (knights == 0 && one_shade)
}
