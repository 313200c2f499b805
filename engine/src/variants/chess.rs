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

/// Each kind's bonus on each square (from White's side; Black's mirrored), in
/// middlegame then endgame, fitted with the weights below; the king's are 0
/// (kept out of the fit, see docs/player.md).
#[rustfmt::skip]
const SQUARES: [[i32; 64]; 10] = [
    // pawn (middlegame)
    [
           0,   0,   0,   0,   0,   0,   0,   0,
          -1,   5, -22,   4,   3,   0,  -4, -22,
           9, -14,   4,   1, -16, -10,   2, -17,
           1,  -2,   7,   3,  -4,  12, -10,  -9,
          -4, -16,  23,  35,  15,  -7,  -8, -11,
          12,   0,  44, -25,  -2, -21,   0, -18,
          15,  11,   2,  -3,   0,  -8,   5,  38,
           0,   0,   0,   0,   0,   0,   0,   0,
    ],
    // pawn (endgame)
    [
           0,   0,   0,   0,   0,   0,   0,   0,
           9,   3,  60,  14, -18,  10,  54,  17,
         -21,  56,  36, -13,  -9,  -6,  21,  20,
         -12, -13, -20, -31, -50, -20,  -1,  14,
          13, -16, -14, -69, -15, -19, -17,  15,
          40, -23,   0, -14, -18,   9,   6,  37,
           6,  -8, -16,  -7, -17,  -8,  16,  20,
           0,   0,   0,   0,   0,   0,   0,   0,
    ],
    // knight (middlegame)
    [
          -6,   3,  -3,  21, -12,  12, -11,   3,
         -40, -20, -24,  -7,   9, -22,  20,  19,
          14, -24,  17, -20,  10,  -5, -13, -18,
          12, -24,  21,  -4,  -9,   4,  -3,  11,
          -3,  21, -19,  30,  -4, -12,  21, -32,
          11,  15,  -8, -10,  22, -21,   9,   1,
          -1,  -3,  16,  -1,   8,  -9,  -5,  38,
          17,   7,  -3,   9,  -1,  -2,   0,   4,
    ],
    // knight (endgame)
    [
          -6,  18,  -4,   5,  -6,   6,   8,  -1,
           2,   0, -10,  19,  -6,   0,   7,  -2,
           5,   7,  14,   2, -18,   8, -15,   8,
           4,  -3,   1,  -2, -15, -22,   6,   0,
           0,   6, -13, -13,   7, -17, -23,   3,
           5,   2,   7,   6, -10,   4,   6,   3,
           0, -12,  11,   0,   4,  -1,  -5,   6,
           0,  -1,  -3,   9,   4,   0,  -5,   3,
    ],
    // bishop (middlegame)
    [
         -21,  21,  -3,  -5,  -4,  13, -25, -12,
          -6,   6, -12,   3,   3,  50, -13,   1,
           1,  23, -20,  -7,   1,  -9,  65,  16,
         -34,   1,  13, -25,  -1, -12,  32,  -8,
          -6,  -2,  13, -10, -18,  -8,  -9, -10,
           1, -27, -48,  14,  -5,   7,   9,  36,
          19,  -5,   9,   9,   7,   5,  -8, -19,
           2,   0,  -6,  -3, -12,   4,   8,  21,
    ],
    // bishop (endgame)
    [
          -3,  13,   2,  -2,   4,  -1,   2,   2,
           1, -17,   1,  -4,   7, -10,   6,   2,
           6,  -6,   7,   1,   0,  -6,  11,  -3,
           4,   8,  -3, -12, -35,  20,  31,  -6,
           1,  -3,  -4,  -7, -11,  -8,  -3,   4,
           2,  -5, -11,   5,  -5,  -4,  -3,   8,
           4,  -7,   5,   2,   9,  -7,  -3,   9,
          -2,   6,  -6,   2,  -2,   9,   3,   4,
    ],
    // rook (middlegame)
    [
         -25,   1,  -2,  14,  30,  27, -17,  -2,
         -48,   0, -34,  -7,  -4,   1, -27, -10,
          15, -10,  -8,   1,  18,  -2, -17, -15,
          -8,  -2, -11, -14, -16,  -5,  -8,  31,
          15,   5,  -4,   5, -16,  24,  -5,   1,
          -5,  17,  17,   2,  -4,   6,   1,  20,
          33,  17,  18, -15,  10,  -7, -17,  13,
          18,   9,   6,   4,   8,  -3,  -4, -16,
    ],
    // rook (endgame)
    [
          31,   9,  -3,  -2,   6,  -9,   3,   3,
          -7, -11,  -2,  -3,   1,  -1,   1,   7,
           5,  -2,   5,  12,  -2,   4,   4,   7,
         -11,   6,  -6,  -8,  -4,  -6,   4,   1,
         -10,   1,   4,  -2,  -8,  -1,  13,   8,
         -13,   6,   8,  -5,  -6,  -1,   5, -10,
         -21,   8,   3,   0,  -7,  -6,   1,  -5,
          -4,   2,  -4,   7,   4,  -3,  11,  -4,
    ],
    // queen (middlegame)
    [
          -1,  11, -28,  19, -39,  -2, -12,   2,
          -3,  22,  45,  17,  -4, -40, -18,  -8,
          10,  -8,  10, -14, -37,   4, -12, -16,
          -9, -15,  22,  31,  15, -26,   8,   4,
           3,   3,   8,   1,  -6, -20, -36,  35,
          -2,  24,  21,   9,  -8,  -8,  10,   2,
         -11,  -4,  20,   0,   1,  -1,  -1,   0,
           4,   1,   0,   1,   6,   6,  -1,  17,
    ],
    // queen (endgame)
    [
           0,   0,   0,   0,   0,   0,   0,  -2,
          -1,   1,   0,  -2,   0,  -1,  -1,  -2,
          -1,  -1,  -3,   2,  -1,  -1,  -2,  -1,
           1,  -1,   0,   1,   0,   0,  -2,   1,
           0,   0,   0,  -3,  -3,  -1,   0,   2,
           1,   0,   2,   2,   0,   0,   0,   1,
           0,   1,  -1,  -1,   0,  -1,  -2,   1,
           3,   0,   1,   1,   3,   1,   4,   7,
    ],
];

/// The player's evaluation weights fitted to chess self-play (Texel's method:
/// `engine/examples/texel`, see docs/player.md), by kind index.
fn tuned_weights() -> Weights {
    Weights {
        material: vec![
            Phased { opening: 100, endgame: 132 },  // pawn
            Phased { opening: 331, endgame: 189 },  // knight
            Phased { opening: 379, endgame: 210 },  // bishop
            Phased { opening: 587, endgame: 415 },  // rook
            Phased { opening: 1220, endgame: 433 }, // queen
            Phased { opening: 0, endgame: 0 },      // king
        ],
        reach: 3,
        pawn_step: 2,
        passed_step: 3,
        passed_base: -13,
        royal_exposure: 15,
        royal_shelter: 12,
        royal_centre: 6,
        royal_danger: 12,
        mobility: 5,
        pair: 16,
        open_file: 13,
        doubled: Phased { opening: 3, endgame: -55 },
        isolated: Phased { opening: -7, endgame: 17 },
        connected: Phased { opening: 5, endgame: 15 },
        squares: (0..6 * 64)
            .map(|slot| match SQUARES.get(2 * (slot / 64)..2 * (slot / 64) + 2) {
                Some([opening, endgame]) => Phased { opening: opening[slot % 64], endgame: endgame[slot % 64] },
                _ => Phased::both(0),
            })
            .collect(),
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
