//! Guardener Chess (Simon E. Jepps) on the 80-square cross: chess plus four
//! terrace squares on each side and a Guardener per side that starts
//! straddling two squares; 2d4 rolled at the start of every turn (again on
//! every double) decide which kinds may move, re-rolled doubles open
//! teleports and resurrections on a terrace; the king is captured, never
//! mated; one pass per game. The rules are `shared/rules/guardener.md`;
//! `docs/rules/guardener.md` lists the decisions taken beyond it.
//!
//! Everything is core data: the dice are grants ([`dice`]) gating kinds, the
//! teleports are gating zones, resurrection is a drop of the captured
//! Guardener from its owner's pool, promotion draws from the same pool. This
//! module adds the position text ([`text`]), the notation ([`notation`]) and
//! one filter ([`restrict_moves`]): a straddling Guardener is one piece, and a
//! game whose king was taken has no moves.

mod dice;
mod explain;
mod notation;
mod text;

use std::sync::{Arc, OnceLock};

use crate::color::{ByColor, Color};
use crate::gating::{Gating, KindGate};
use crate::geometry::{Geometry, Square};
use crate::grants::{Grant, Grants};
use crate::guide::Guide;
use crate::hand::{CaptureTo, DropZone, Drops};
use crate::moves::{Move, Special};
use crate::piece::{diagonal, Component, Kind, Mode, PieceKind, Shape, Tag, Vector, Zone};
use crate::position::Position;
use crate::royalty::Royalty;
use crate::rules::{CastlingRule, Dialect, DrawRules, Promotion, Rules};
use crate::squareset::SquareSet;
use crate::turns::{PassRule, PassesInPosition};
use crate::variant::Variant;
use crate::variants::chess;

pub use dice::{chain_grants, ANY, FOUR, ONE, TERRACE, THREE, TWO};

/// §3.3's start position.
pub const START: &str = "1[g]1/rnbqkbnr/pppppppp/10/10/10/10/PPPPPPPP/RNBQKBNR/1[G]1 w KQkq - - - 0 1";

pub const PAWN: Kind = chess::PAWN;
pub const KNIGHT: Kind = chess::KNIGHT;
pub const BISHOP: Kind = chess::BISHOP;
pub const ROOK: Kind = chess::ROOK;
pub const QUEEN: Kind = chess::QUEEN;
pub const KING: Kind = chess::KING;
pub const GUARDENER: Kind = Kind(6);

const FILES: [&str; 10] = ["w", "a", "b", "c", "d", "e", "f", "g", "h", "z"];
const SIZE: usize = 10;

/// §2.1: whether the cell at file index `x`, rank `y` is a square.
pub const fn exists(x: usize, y: usize) -> bool {
    (x >= 1 && x <= 8 && y >= 1 && y <= 8)
        || ((y == 0 || y == 9) && x >= 3 && x <= 6)
        || ((x == 0 || x == 9) && y >= 3 && y <= 6)
}

/// The cell at file index `x` and rank `y` (both 0..10).
pub const fn square(x: usize, y: usize) -> Square {
    Square((y * SIZE + x) as u16)
}

/// §2.2 [D2]: the squares of terrace `n` (1..=4): rank 0, file w, file z, rank 9.
pub fn terrace(n: usize) -> [Square; 4] {
    std::array::from_fn(|i| match n {
        1 => square(3 + i, 0),
        2 => square(0, 3 + i),
        3 => square(9, 3 + i),
        _ => square(3 + i, 9),
    })
}

/// The terrace (1..=4) a square belongs to, if any.
pub fn terrace_of(sq: Square) -> Option<usize> {
    (1..=4).find(|n| terrace(*n).contains(&sq))
}

/// The cross: files `w a … h z`, ranks `0`-`9`; a1 dark (light iff x + y odd).
pub fn board() -> Geometry {
    let ranks: Vec<String> = (0..SIZE).map(|r| r.to_string()).collect();
    let ranks: Vec<&str> = ranks.iter().map(String::as_str).collect();
    Geometry::boxed(&FILES, &ranks, Vec::new(), Some(1), |_, x, y| exists(x, y))
}

/// The Guardener: one diagonal step, or a leap two squares orthogonally over
/// anything (§4.2).
pub fn guardener() -> PieceKind {
    let mut components = Component::leaps(&diagonal(), Mode::Both);
    components.extend(Component::leaps(&Vector::new(2, 0).symmetric(), Mode::Both));
    PieceKind { name: "guardener", letter: 'G', royal: false, pawn: false, components }
}

/// The chess pawn, with its double step from its own second rank (rank 2 or 7
/// of this board, [D14]).
fn pawn() -> PieceKind {
    let mut pawn = chess::pawn();
    pawn.components[1] = Component::new(Shape::Slide { step: Vector::new(0, 1), max: 2, stops: 1 << 2 }, Mode::Move)
        .from_zone(Zone::relative_rank(2))
        .tagged(Tag::DoubleStep);
    pawn
}

fn rank_set(ranks: std::ops::RangeInclusive<usize>) -> SquareSet {
    ranks.flat_map(|y| (0..SIZE).filter(move |x| exists(*x, y)).map(move |x| square(x, y))).collect()
}

/// §4.3 [D16]: classical castling; attacked squares do not matter.
fn castling_rules() -> Vec<CastlingRule> {
    let mut rules = Vec::new();
    for color in Color::ALL {
        let rank = color.fold(1, 8);
        let at = |x: usize| square(x, rank);
        let right = color.index() as u8 * 2;
        let rule = |long: bool, king_to, rook_from, rook_to, empty: &[usize]| CastlingRule {
            color,
            right: right + u8::from(long),
            long,
            king_from: at(5),
            king_to: at(king_to),
            rook_from: at(rook_from),
            rook_to: at(rook_to),
            must_be_empty: empty.iter().map(|x| at(*x)).collect(),
            must_be_safe: Vec::new(),
            unmoved: None,
        };
        rules.push(rule(false, 7, 8, 6, &[6, 7]));
        rules.push(rule(true, 3, 1, 4, &[2, 3, 4]));
    }
    rules
}

/// §5.2 as gates: what each kind's moves need, castling's 4, and the
/// teleports of re-rolled doubles (no pawn to the terrace behind its
/// promotion rank, [D11]).
fn gating() -> Gating {
    let with_any = |g: Grant| Grants::from(g) | ANY;
    let mut kinds = vec![KindGate::needs(ANY.into()); 7];
    let mut pawn = KindGate::needs(with_any(ONE));
    pawn.free_quiet = ByColor::new(rank_set(0..=4), rank_set(5..=9));
    kinds[PAWN.0 as usize] = pawn;
    kinds[KNIGHT.0 as usize] = KindGate::needs(with_any(TWO));
    kinds[BISHOP.0 as usize] = KindGate::needs(with_any(THREE));
    kinds[ROOK.0 as usize] = KindGate::needs(with_any(FOUR));
    for free_walker in [KING, GUARDENER] {
        kinds[free_walker.0 as usize] = KindGate { quiet: Grants::NONE, ..KindGate::needs(with_any(ONE)) };
    }
    let mut teleports = Vec::new();
    for n in 1..=4 {
        let squares: SquareSet = terrace(n).into_iter().collect();
        let needs = Grants::from(TERRACE[n - 1]);
        let pieces = (1u32 << 7) - 1 - (1 << PAWN.0);
        teleports.push(DropZone { kinds: pieces, needs, squares: ByColor::new(squares, squares) });
        let for_pawns = |color: Color| if n == color.fold(4, 1) { SquareSet::EMPTY } else { squares };
        teleports.push(DropZone { kinds: 1 << PAWN.0, needs, squares: ByColor::from_fn(for_pawns) });
    }
    Gating { kinds, castling: FOUR.into(), drops_only: Grants::NONE, teleports }
}

/// Pools: captured Q, R, B and N wait for a promotion, a captured Guardener
/// for its resurrection on a re-rolled double's terrace (§5.5).
fn drops() -> Drops {
    let mut drops = Drops::new(7);
    // Its rules' word (docs/rules/guardener.md): the pieces wait for a
    // promotion or a resurrection.
    drops.name = "reserve";
    for kind in [QUEEN, ROOK, BISHOP, KNIGHT, GUARDENER] {
        drops.capture_to[kind.0 as usize] = CaptureTo::OwnerHand;
    }
    for n in 1..=4 {
        let squares: SquareSet = terrace(n).into_iter().collect();
        drops.zones.push(DropZone {
            kinds: 1 << GUARDENER.0,
            needs: TERRACE[n - 1].into(),
            squares: ByColor::new(squares, squares),
        });
    }
    drops
}

/// Guardener Chess's rules, built once.
pub fn shared_rules() -> Arc<Rules> {
    static RULES: OnceLock<Arc<Rules>> = OnceLock::new();
    RULES.get_or_init(|| Arc::new(rules())).clone()
}

pub fn rules() -> Rules {
    let kinds =
        vec![pawn(), chess::knight(), chess::bishop(), chess::rook(), chess::queen(), chess::king(), guardener()];
    // [D17] [D18]: rank 8 / rank 1, only to a piece of the own pool.
    let promotion = Promotion {
        zone: ByColor::new(rank_set(8..=8), rank_set(1..=1)),
        choices: vec![QUEEN, ROOK, BISHOP, KNIGHT],
        from_hand: true,
    };
    // §7 [D24]: 100 plies without capture, pawn move or resurrection draw at
    // once; no repetition or material rule.
    let draws = DrawRules {
        repetition_claim: None,
        repetition_automatic: None,
        quiet_plies_claim: None,
        quiet_plies_automatic: Some(100),
        dead_position: None,
        lone_minors: &[],
    };
    let mut rules =
        Rules::new(Variant::Guardener, board(), kinds, castling_rules(), promotion, Royalty::Capture, draws, START);
    rules.dialect = Dialect {
        parse_position: text::parse,
        write_position: text::write,
        san: notation::san,
        parse_move: notation::parse_move,
        coordinates: crate::notation::standard::coordinates,
    };
    rules.guide = Some(Guide {
        variant: Variant::Guardener,
        title: "Guardener Chess",
        page: include_str!("../guides/guardener.md"),
    });
    rules.drops = Some(drops());
    rules.gating = Some(gating());
    rules.chance = Some(dice::CHANCE);
    rules.turns.passes = Some(PassRule { per_game: Some(1), voluntary: true, forced: true });
    rules.passes_in_position = Some(PassesInPosition { passed: text::passed, note: text::note_pass });
    rules.restrict_moves = Some(restrict_moves);
    rules.why_refused = Some(explain::why_refused);
    rules.areas = ["T1", "T2", "T3", "T4"]
        .into_iter()
        .enumerate()
        .map(|(i, label)| (label, terrace(i + 1).into_iter().collect()))
        .collect();
    rules
}

/// A game whose king was taken is over: no moves. A straddling Guardener is
/// one piece: a teleport is offered once per target, never where its other
/// half goes by an ordinary move.
fn restrict_moves(position: &Position, moves: &mut Vec<Move>) {
    if position.royals(Color::White).is_empty() || position.royals(Color::Black).is_empty() {
        moves.clear();
        return;
    }
    let Some((a, b)) = position.straddle(position.turn()) else { return };
    if !moves.iter().any(|m| m.special == Special::Teleport && (m.from == a || m.from == b)) {
        return;
    }
    let mut reached = SquareSet::EMPTY;
    for m in moves.iter().filter(|m| (m.from == a || m.from == b) && m.special != Special::Teleport) {
        reached.insert(m.to);
    }
    moves.retain(|m| {
        let twin_teleport = m.special == Special::Teleport && (m.from == a || m.from == b);
        if !twin_teleport {
            return true;
        }
        let first = !reached.contains(m.to);
        reached.insert(m.to);
        first
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cross_has_eighty_squares_and_four_terraces() {
        let g = board();
        assert_eq!(g.squares().count(), 80);
        for sq in g.squares() {
            assert_eq!(square(g.file(sq), g.rank(sq)), sq);
        }
        let names = |n| terrace(n).map(|sq| g.name(sq).to_string()).join(" ");
        assert_eq!(names(1), "c0 d0 e0 f0");
        assert_eq!(names(2), "w3 w4 w5 w6");
        assert_eq!(names(3), "z3 z4 z5 z6");
        assert_eq!(names(4), "c9 d9 e9 f9");
        assert_eq!(terrace_of(g.parse_square("z5").unwrap()), Some(3));
        assert_eq!(terrace_of(g.parse_square("e4").unwrap()), None);
    }
}
