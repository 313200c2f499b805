//! Luck Dragon Chess (Simon E. Jepps) on a 10x8 board: FIDE pieces plus the
//! Luck Dragon, piece relocation, the knights' Double Leap, castling with the
//! rook on its square or in the corner, and two optional dice: the Luck Dice
//! (3d8, only in check) and Lucky 8 (1d8, wrap-around moves). The rules are
//! `shared/rules/luck-dragon.md`; `docs/rules/luckdragon.md` lists the decisions
//! taken beyond it.
//!
//! The pieces are data and walk the generic tables; this module adds the state
//! the board does not show (unmoved squares, spent Double Leaps, entrance
//! flags: [`state`]), the special moves ([`moves`]), the dice ([`dice`]) and the
//! position text and notation ([`fen`], [`notation`]).

mod dice;
mod fen;
mod moves;
mod notation;
mod state;

use std::sync::{Arc, OnceLock};

use crate::color::{ByColor, Color};
use crate::geometry::{Geometry, Square};
use crate::guide::Guide;
use crate::options::{GameOption, GameOptions, Values};
use crate::piece::{orthogonal, Component, Kind, Mode, PieceKind, Shape, Vector};
use crate::position::Position;
use crate::royalty::Royalty;
use crate::rules::{CastlingRule, Dialect, DrawRules, Promotion, Rules};
use crate::variant::Variant;
use crate::variants::chess;

pub use dice::{classify, LuckDice};

pub const START: &str = "lrnbqkbnrl/pppppppppp/10/10/10/10/PPPPPPPPPP/LRNBQKBNRL w KQkq - 0 1 abcdeghij/abcdeghij Ee -";

pub const PAWN: Kind = chess::PAWN;
pub const KNIGHT: Kind = chess::KNIGHT;
pub const BISHOP: Kind = chess::BISHOP;
pub const ROOK: Kind = chess::ROOK;
pub const QUEEN: Kind = chess::QUEEN;
pub const KING: Kind = chess::KING;
pub const LUCK_DRAGON: Kind = Kind(6);

const WIDTH: usize = 10;
const HEIGHT: usize = 8;

/// The pieces of the home rank, file by file (`None`: the king's file, which
/// is never among the unmoved squares).
const HOME_RANK: [Option<Kind>; WIDTH] = [
    Some(LUCK_DRAGON),
    Some(ROOK),
    Some(KNIGHT),
    Some(BISHOP),
    Some(QUEEN),
    None,
    Some(BISHOP),
    Some(KNIGHT),
    Some(ROOK),
    Some(LUCK_DRAGON),
];

/// Game options, in the order of [`OPTIONS`].
pub const LUCK_DICE: usize = 0;
pub const LUCKY8: usize = 1;
pub const TRIPLE_INCLUDES_KNIGHT: usize = 2;
pub const PROMOTION_SET: usize = 3;

pub const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "luck_dice",
        values: Values::Words(&["on", "off"]),
        about: "3d8 when in check: doubles and triples move the king",
    },
    GameOption {
        name: "lucky8",
        values: Values::Words(&["on", "off"]),
        about: "1d8 each turn: an 8 lets Luck Dragons wrap around",
    },
    GameOption {
        name: "triple_includes_knight",
        values: Values::Words(&["yes", "no"]),
        about: "a triple also allows the double's knight move",
    },
    GameOption {
        name: "promotion_set",
        values: Values::Words(&["QRBNL", "QRBN"]),
        about: "what a pawn may promote to",
    },
];

/// The square at `file`, `rank` (both from 0) of the Luck Dragon board.
pub(crate) const fn square(file: usize, rank: usize) -> Square {
    Square((rank * WIDTH + file) as u16)
}

pub(crate) fn file_of(square: Square) -> usize {
    square.index() % WIDTH
}

pub(crate) fn rank_of(square: Square) -> usize {
    square.index() / WIDTH
}

/// The rank a side's pieces start on.
pub(crate) fn home_rank(color: Color) -> usize {
    color.fold(0, HEIGHT - 1)
}

/// Files `a`-`j`, ranks `1`-`8`; a square is light when file + rank is odd, so
/// each player has a light corner on the right.
pub fn board() -> Geometry {
    Geometry::rectangle(
        &["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"],
        &["1", "2", "3", "4", "5", "6", "7", "8"],
        Some(1),
    )
}

/// The Luck Dragon: camel leaps, dabbaba leaps over anything, and rook slides
/// that may stop only 4, 6 or 8 squares away. Every target keeps the colour.
pub fn luck_dragon() -> PieceKind {
    let mut components = Component::leaps(&Vector::new(1, 3).symmetric(), Mode::Both);
    components.extend(Component::leaps(&Vector::new(2, 0).symmetric(), Mode::Both));
    let even = 1 << 4 | 1 << 6 | 1 << 8;
    components.extend(
        orthogonal().into_iter().map(|step| Component::new(Shape::Slide { step, max: 8, stops: even }, Mode::Both)),
    );
    PieceKind { name: "luck dragon", letter: 'L', royal: false, pawn: false, components }
}

/// The rules of a game with these options: only the promotion set changes
/// them, so there are two, each built once.
pub fn rules_for(options: &GameOptions) -> Arc<Rules> {
    static WITH_DRAGON: OnceLock<Arc<Rules>> = OnceLock::new();
    static WITHOUT_DRAGON: OnceLock<Arc<Rules>> = OnceLock::new();
    if options.is_default(PROMOTION_SET) {
        WITH_DRAGON.get_or_init(|| Arc::new(rules(true))).clone()
    } else {
        WITHOUT_DRAGON.get_or_init(|| Arc::new(rules(false))).clone()
    }
}

/// Luck Dragon's rules; pawns promote to a Luck Dragon too if `promote_to_dragon`.
pub fn rules(promote_to_dragon: bool) -> Rules {
    let geometry = board();
    let kinds = vec![
        chess::pawn(),
        chess::knight(),
        chess::bishop(),
        chess::rook(),
        chess::queen(),
        chess::king(),
        luck_dragon(),
    ];
    let mut choices = vec![QUEEN, ROOK, BISHOP, KNIGHT];
    if promote_to_dragon {
        choices.push(LUCK_DRAGON);
    }
    let promotion = Promotion {
        zone: ByColor::from_fn(|color| (0..WIDTH).map(|f| square(f, home_rank(!color))).collect()),
        choices,
        from_hand: false,
    };
    // §5: threefold repetition and fifty moves draw at once; nothing is claimed.
    let draws = DrawRules {
        repetition_claim: None,
        repetition_automatic: Some(3),
        quiet_plies_claim: None,
        quiet_plies_automatic: Some(100),
        dead_position: Some(dead_position),
        // §5 names these the pieces that cannot mate beside a king alone.
        lone_minors: &[BISHOP, KNIGHT],
    };
    let mut rules =
        Rules::new(Variant::LuckDragon, geometry, kinds, castling_rules(), promotion, Royalty::Checkmate, draws, START);
    // Only the king's square clears castling rights by itself; which rook
    // holds a right depends on relocation, so `state` clears those.
    rules.castling_kept = vec![u8::MAX; WIDTH * HEIGHT];
    for rule in &rules.castling {
        rules.castling_kept[rule.king_from.index()] &= !(1 << rule.right);
    }
    rules.dialect = Dialect {
        parse_position: fen::parse,
        write_position: fen::write,
        san: notation::san,
        parse_move: notation::parse_move,
        coordinates: notation::coordinates,
    };
    rules.extra_moves = Some(moves::extra_moves);
    rules.update_marks = Some(state::update_marks);
    rules.chance = Some(dice::CHANCE);
    rules.options = OPTIONS;
    rules.guide = Some(Guide {
        variant: Variant::LuckDragon,
        title: "Luck Dragon Chess",
        page: include_str!("../guides/luckdragon.md"),
    });
    rules
}

/// §4.4: per wing, the rook on its own square (the king moves 2) or in the
/// corner (the king moves 3). A rule applies while the rook's own square is
/// (or is no longer) unmoved, which tells where the right-holding rook stands.
fn castling_rules() -> Vec<CastlingRule> {
    let mut rules = Vec::new();
    for color in Color::ALL {
        let rank = home_rank(color);
        let at = |file: usize| square(file, rank);
        let right = color.index() as u8 * 2;
        let rule =
            |long: bool, on_home: bool, king_to, rook_from, rook_to, empty: &[usize], safe: &[usize]| CastlingRule {
                color,
                right: right + u8::from(long),
                long,
                king_from: at(5),
                king_to: at(king_to),
                rook_from: at(rook_from),
                rook_to: at(rook_to),
                must_be_empty: empty.iter().map(|f| at(*f)).collect(),
                must_be_safe: safe.iter().map(|f| at(*f)).collect(),
                unmoved: Some((at(if long { 1 } else { 8 }), on_home)),
            };
        rules.push(rule(false, true, 7, 8, 6, &[6, 7], &[5, 6, 7]));
        rules.push(rule(false, false, 8, 9, 7, &[6, 7, 8], &[5, 6, 7, 8]));
        rules.push(rule(true, true, 3, 1, 4, &[2, 3, 4], &[5, 4, 3]));
        rules.push(rule(true, false, 2, 0, 3, &[1, 2, 3, 4], &[5, 4, 3, 2]));
    }
    rules
}

/// §5: king against king, or against king and one bishop or knight.
pub fn dead_position(position: &Position) -> bool {
    let mut minors = 0;
    for color in Color::ALL {
        for (_, kind) in position.pieces(color) {
            match kind {
                KING => {}
                BISHOP | KNIGHT => minors += 1,
                _ => return false,
            }
        }
    }
    minors <= 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_match_the_geometry() {
        let g = board();
        for sq in g.squares() {
            assert_eq!(square(g.file(sq), g.rank(sq)), sq);
            assert_eq!((file_of(sq), rank_of(sq)), (g.file(sq), g.rank(sq)));
        }
        assert_eq!(g.name(square(9, 0)).to_string(), "j1");
    }
}
