//! Standard chess under the FIDE Laws.

use std::sync::{Arc, OnceLock};

use crate::color::{ByColor, Color};
use crate::geometry::Geometry;
use crate::guide::Guide;
use crate::piece::{diagonal, king_steps, orthogonal, Component, Kind, Mode, PieceKind, Shape, Tag, Vector, Zone};
use crate::position::Position;
use crate::royalty::Royalty;
use crate::rules::{CastlingRule, DrawRules, Promotion, Rules};
use crate::search::{Network, Phased, Weights};
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
    rules.network = Some(network);
    rules.guide = Some(Guide { variant: Variant::Chess, title: "Chess", page: include_str!("guides/chess.md") });
    rules
}

/// Each kind's bonus on each square (from White's side; Black's mirrored), in
/// middlegame then endgame, fitted with the weights below; the king has none
/// (kept out of the fit, see docs/player.md).
#[rustfmt::skip]
const SQUARES: [[i32; 64]; 12] = [
    // pawn (middlegame)
    [
           0,   0,   0,   0,   0,   0,   0,   0,
          -8,  -8,  -5,  -5,  -3,  11,   7,  -2,
          -3,  -1,  -4,  -7,  -5,   0,   6,  -4,
         -10, -10,   8,  15,   9,   5,  -7, -10,
          -4,   2,   1,   9,  15,   3,   3,  -5,
          -4,   2,  -2,   3,   4,  -1,  -3,   2,
           1,   2,   1,   0,   1,   0,   2,   4,
           0,   0,   0,   0,   0,   0,   0,   0,
    ],
    // pawn (endgame)
    [
           0,   0,   0,   0,   0,   0,   0,   0,
          12,   4,  10,   4,   8,   8,   1,   7,
           5,   7,  -2,  -7,   6,  -1,   3,   0,
           4,   0,  -4, -14,  -9,  -8,   8,  -5,
           1,   4,  -4,  -6, -15,  -9,   0,   3,
          -6,   4,   1,  -6,  -7,  -1,  -4,  -4,
           2,  -2,   2,   2,   2,  -2,   0,   7,
           0,   0,   0,   0,   0,   0,   0,   0,
    ],
    // knight (middlegame)
    [
          -1, -12,  -3,  -1,  -1,  -3, -12,   0,
          -4,   0,  -3,   3,   1,   3,   1,  -2,
         -17,  -6,  -9,   1,   1,   0,   2, -10,
           6,  -1,   5,   4,   9,   4,   4,   8,
           1,   6,   1,  10,   8,   3,   7,   8,
           1,   0,   0,  -1,   1,  -4,   0,   2,
          -3,  -3,  -3,   2,   0,   1,   0,   0,
          -5,  -1,  -1,  -1,   1,   0,   0,  -1,
    ],
    // knight (endgame)
    [
          -1,   0,   1,   0,   0,   0,   3,   0,
           0,  -1,  -1,   2,   1,   0,   0,   0,
           0,  -1,   0,  -9,   3,  -1,  -3,   0,
           1,   1,   4,   2,   1,  -2,   1,   0,
           1,  -1,   0,   2,  -1,   0,   2,   0,
           1,   2,   1,  -2,   0,  -3,   0,   1,
           0,   0,  -1,   0,   0,   1,  -1,   0,
           0,  -1,   0,   0,   0,   0,   0,   0,
    ],
    // bishop (middlegame)
    [
          -1,  -1,  -8,  -3,   0, -10,  -2,  -2,
           0,   2,   0,   0,   5,   1,   8,   1,
           3,   3,   0,  -2,  -2,  -3,   5,   3,
           0,  -1,  -3,   1,  -3,  -2,   1,   1,
           0,   3,   5,  -3,   0,   2,   3,   1,
          -1,  -1,   0,   2,  -1,   1,   2,   2,
          -2,   0,  -3,   2,   0,  -1,  -1,  -3,
           1,   0,  -1,   0,   0,   0,  -1,   0,
    ],
    // bishop (endgame)
    [
          -1,   1,   1,   0,   1,   1,   0,   0,
           0,   0,  -3,   1,   1,  -2,   3,   1,
           1,   0,  -2,  -2,   0,  -7,   1,   0,
           1,   1,   2,  -8,  -6,   2,   1,   1,
           1,   1,   3,  -6,   6,  -1,  -1,   1,
           0,   0,  -1,   2,   1,   2,  -1,   1,
           0,   0,   0,   1,   2,  -1,   2,  -1,
           0,   0,   0,   1,   0,   0,   0,   1,
    ],
    // rook (middlegame)
    [
          -6,  -3,   1,   7,   7,  10,  -4,  -6,
         -21,  -7,   0,  -4,  -4,  -5,  -6, -17,
          -9,  -1,  -3,  -3,   0,  -2,  -4,  -7,
          -4,   1,   1,   1,  -2,   5,  -2,  -3,
           3,   1,   3,   4,   1,   1,  -3,   6,
           4,   6,   6,   4,   4,   2,   4,   4,
           6,   5,   6,   3,   3,   4,   0,   7,
           5,  -1,   0,   0,   1,   1,   0,   1,
    ],
    // rook (endgame)
    [
           1,   1,  -2,   0,  -3,  -5,   0,   0,
           0,  -4,  -2,  -2,  -3,  -2,   0,  -2,
           1,   0,   0,   1,  -1,   0,  -1,   1,
           2,   0,   1,   1,  -1,   2,   2,   2,
           4,   0,   1,   0,   0,   1,   2,   1,
          -1,   0,   0,   1,   0,   0,  -1,   1,
           0,   0,   1,   1,   0,   0,  -2,  -1,
           3,   0,   0,   0,   1,   1,   1,   0,
    ],
    // queen (middlegame)
    [
          -1,   2,   1,  16,   2,  -1,   1,  -1,
           0,  -2,  11,   7,   9,   3,  -1,   1,
          -1,  -5,  -4,  -3,  -4,   3,   1,   0,
          -6,  -2,  -6, -10,  -5,   0,  -1,  -2,
           0,  -6,  -4,  -5,   0,   3,   1,   0,
          -2,  -2,   0,   1,   2,   2,   1,   5,
          -2,  -2,   0,   0,   0,   2,   0,   2,
          -4,   1,  -1,   0,   1,   1,   0,   2,
    ],
    // queen (endgame)
    [
           0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,  -1,   0,   0,   0,   0,   0,
           0,   0,   0,  -1,   0,   0,   0,   0,
           0,   0,   0,   0,   1,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   1,   0,   0,
    ],
    // king (middlegame)
    [
           0,   5,  10,  -6,   2,  -9,  28,  -2,
           3,   2,   1,  -6,  -5,  -4,   3,   0,
          -1,  -3,  -5,  -5,  -4,  -4,   2,  -2,
          -1,  -1,  -1,   0,   0,   1,  -1,  -1,
          -1,  -1,   0,  -1,   0,   1,   1,   0,
           0,   0,   0,   0,   0,   1,   1,   0,
           0,   0,   1,   0,   0,   0,   0,   0,
           0,   0,   0,   0,   0,   0,   0,   0,
    ],
    // king (endgame)
    [
           0,  -2,   3,  10,   4,   0, -14,  -3,
           3,  -2,   2,   4,   5,   2,  -2,  -2,
          -2,  -5,  -4,  -2,  -3,   0,  -3,   0,
          -1,  -2,  -3,   0,   1,  -1,  -1,  -1,
          -3,  -2,  -1,  -1,  -1,   5,   4,  -1,
          -1,   3,   2,   1,   1,   4,   1,   0,
           0,   0,   2,   0,   1,   1,   1,   0,
           0,   0,   0,   0,   0,   0,   0,   0,
    ],
];

/// Chess's network (`chess.nn`, trained by `engine/training/train_network.py`
/// on positions Stockfish scored; see docs/player.md), read once.
fn network() -> Arc<Network> {
    static NETWORK: OnceLock<Arc<Network>> = OnceLock::new();
    let read = || Arc::new(Network::parse(include_bytes!("chess.nn")).expect("chess.nn is a network (tested)"));
    NETWORK.get_or_init(read).clone()
}

/// The player's evaluation weights fitted to chess self-play (Texel's method:
/// `engine/examples/texel`, see docs/player.md), by kind index.
pub(crate) fn tuned_weights() -> Weights {
    Weights {
        material: vec![
            Phased { opening: 100, endgame: 80 },   // pawn
            Phased { opening: 364, endgame: 208 },  // knight
            Phased { opening: 404, endgame: 212 },  // bishop
            Phased { opening: 533, endgame: 462 },  // rook
            Phased { opening: 1262, endgame: 544 }, // queen
            Phased { opening: 0, endgame: 0 },      // king
        ],
        piece_mobility: vec![
            Phased { opening: 0, endgame: 0 },
            Phased { opening: 8, endgame: 0 },
            Phased { opening: 6, endgame: 0 },
            Phased { opening: 5, endgame: 0 },
            Phased { opening: 1, endgame: 0 },
            Phased { opening: 0, endgame: 0 },
        ],
        royal_attack: vec![0, 10, 2, 3, 11, 0],
        pawn_threat: vec![0, -53, -46, -36, 28, 0],
        hanging: vec![-7, -38, -3, -3, -29, 0],
        pawn_threat_to_move: vec![0, -7, 0, -7, -63, 0],
        hanging_to_move: vec![-25, 4, -33, -23, -10, 0],
        safe_check: vec![0, 23, 15, 27, 29, 0],
        reach: 3,
        pawn_step: 1,
        passed_step: Phased { opening: 4, endgame: 4 },
        passed_base: Phased { opening: -11, endgame: 20 },
        passer_royal: 8,
        royal_exposure: -1,
        royal_shelter: 6,
        royal_centre: 6,
        royal_danger: 2,
        mobility: 2,
        tempo: 33,
        pair: 29,
        open_file: 14,
        doubled: Phased { opening: -12, endgame: -33 },
        isolated: Phased { opening: -10, endgame: -4 },
        connected: Phased { opening: 10, endgame: 0 },
        reserve: 0,
        reserve_phase: 0,
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
