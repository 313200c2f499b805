//! New chess (muad.com, "New chess"), as `new-chess.md` specifies it: a 10x10
//! board, two kings a side of which one is secretly the true king, gold
//! generals, towers, fools, horses, cannons, sergeants and pawns; knighting
//! in the enemy land, a price for a mated brother king, and re-entry of the
//! pieces in hand. Decisions beyond the spec are in docs/rules/newchess.md.
//!
//! Everything here is data for the generic engine: the kings are two royal
//! kinds under [`Royalty::Several`], knighting is three [`PromotionRule`]s, the
//! hand is [`Drops`] with the "no threat on re-entry" filter, the secret is a
//! [`SecretRule`] and the brother's price a [`RoyalForfeit`].

pub mod notation;
pub mod options;
pub mod pieces;
pub mod text;

use std::sync::Arc;

use crate::color::{ByColor, Color};
use crate::geometry::{Geometry, Square};
use crate::grants::Grants;
use crate::guide::Guide;
use crate::hand::{CaptureTo, DropZone, Drops};
use crate::moves::Move;
use crate::options::GameOptions;
use crate::piece::Kind;
use crate::position::Position;
use crate::royalty::Royalty;
use crate::rules::{CastlingRule, Dialect, DrawRules, Promotion, PromotionRule, Rules};
use crate::squareset::SquareSet;
use crate::turns::{Price, RoyalForfeit, SecretRule, TurnRules};
use crate::variant::Variant;
use crate::variants::CompiledRules;

pub use options::{Cannon, Castling, Settings, OPTIONS};
pub use pieces::*;

/// The start position in NC-FEN (§3).
pub const START: &str = "thfgkjgfht/1c6c1/p1psppsp1p/10/10/10/10/P1PSPPSP1P/1C6C1/THFGKJGFHT[] w AJaj 0 1";

pub const SIZE: usize = 10;

/// The 10x10 board: files a-j, ranks 1-10, no square colours (§1, D3); the
/// picture still draws a checkerboard.
pub fn board() -> Geometry {
    let files = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"];
    let ranks = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
    Geometry::rectangle(&files, &ranks, None)
}

/// The square on `file` and `rank`, both from 0.
pub fn square(file: usize, rank: usize) -> Square {
    Square((rank * SIZE + file) as u16)
}

/// `color`'s own land: its first three ranks (§1).
pub fn land(color: Color) -> SquareSet {
    let ranks = color.fold(0..3, 7..10);
    ranks.flat_map(|r| (0..SIZE).map(move |f| square(f, r))).collect()
}

/// `color`'s last rank.
fn last_rank(color: Color) -> SquareSet {
    let rank = color.fold(SIZE - 1, 0);
    (0..SIZE).map(|f| square(f, rank)).collect()
}

/// The rules with `settings`.
pub fn rules(settings: Settings) -> Rules {
    let geometry = board();
    let kinds = pieces::kinds(settings.cannon);
    let enemy_land = ByColor::from_fn(|c| land(!c));
    let never = ByColor::from_fn(|_| SquareSet::EMPTY);
    let knighting = |kind, compulsory: ByColor<SquareSet>, into| PromotionRule {
        kind,
        zone: enemy_land,
        compulsory,
        into: vec![into],
    };
    let promotions = vec![
        knighting(FOOL, never, KNIGHTED_FOOL),
        knighting(SERGEANT, ByColor::from_fn(last_rank), KNIGHTED_SERGEANT),
        knighting(PAWN, ByColor::from_fn(last_rank), KNIGHTED_PAWN),
    ];
    // Spec §11, D24: the draws end the game by themselves.
    let draws = DrawRules {
        repetition_claim: None,
        repetition_automatic: Some(3),
        quiet_plies_claim: None,
        quiet_plies_automatic: Some(100),
        dead_position: Some(bare_kings),
        lone_minors: &[],
    };
    let castling = castling_rules(settings.castling);
    let pawns = Promotion { zone: never, choices: Vec::new(), from_hand: false };
    let mut rules = Rules::new(Variant::NewChess, geometry, kinds, castling, pawns, Royalty::Several, draws, START);
    rules.promotions = promotions;
    rules.promotion_verb = "knight";
    rules.guide =
        Some(Guide { variant: Variant::NewChess, title: "New chess", page: include_str!("../guides/newchess.md") });
    rules.prefixes = (0..KINDS).map(|k| (k >= KNIGHTED_FOOL.0 as usize).then_some('+')).collect();
    rules.drops = Some(drops());
    rules.dialect = Dialect {
        parse_position: text::parse,
        write_position: text::write,
        san: notation::san,
        parse_move: notation::parse_move,
        coordinates: notation::coordinates,
    };
    if settings.king_only {
        rules.restrict_moves = Some(kings_answer_checks);
    }
    rules.turns = TurnRules {
        passes: None,
        secret: Some(SecretRule { options: &["E", "F"], label: "true king", reveal_due: mated_side, revealed }),
        forfeit: Some(RoyalForfeit {
            lost: mated_king,
            prices: &PRICES,
            paid_to_opponent: settings.price_to_enemy_hand,
        }),
    };
    rules.options = OPTIONS;
    rules
}

/// The prices of §7, any one of which buys a mated brother back.
pub const PRICES: [Price; 5] = [
    Price { word: "tower", name: "a tower", kinds: 1 << TOWER.0, count: 1 },
    Price { word: "fool", name: "a fool", kinds: 1 << FOOL.0 | 1 << KNIGHTED_FOOL.0, count: 1 },
    Price { word: "cannon", name: "a cannon", kinds: 1 << CANNON.0, count: 1 },
    Price { word: "sergeants", name: "two sergeants", kinds: 1 << SERGEANT.0 | 1 << KNIGHTED_SERGEANT.0, count: 2 },
    Price { word: "pawns", name: "four pawns", kinds: 1 << PAWN.0 | 1 << KNIGHTED_PAWN.0, count: 4 },
];

/// The hand (§8): captured pieces leave the game; price pieces and a mated
/// brother enter hands (by the game's forfeit rule) unknighted; a drop lands on
/// an empty square of the mover's own land and must not attack an enemy (R1).
fn drops() -> Drops {
    let mut drops = Drops::new(KINDS);
    let base_kinds = (1u32 << KNIGHTED_FOOL.0) - 1;
    drops.zones = vec![DropZone { kinds: base_kinds, needs: Grants::NONE, squares: ByColor::from_fn(land) }];
    drops.capture_to = vec![CaptureTo::Removed; KINDS];
    drops.in_hand_as[KNIGHTED_FOOL.0 as usize] = FOOL;
    drops.in_hand_as[KNIGHTED_SERGEANT.0 as usize] = SERGEANT;
    drops.in_hand_as[KNIGHTED_PAWN.0 as usize] = PAWN;
    drops.filter = Some(|position, kind, square| !position.would_attack_enemy(position.turn(), kind, square));
    drops
}

/// Castling of §10: the E-king with the a-tower (`O-O-O`), the F-king with
/// the j-tower (`O-O`), by the literal swap or the FIDE-like result.
fn castling_rules(castling: Castling) -> Vec<CastlingRule> {
    let mut rules = Vec::new();
    for color in Color::ALL {
        let rank = color.fold(0, SIZE - 1);
        let at = |file: usize| square(file, rank);
        let files = |list: &[usize]| list.iter().map(|f| at(*f)).collect::<Vec<_>>();
        let bit = color.fold(0, 2);
        // (long, king from, king to, tower from, tower to, between, king's path)
        let (long_king_to, short_king_to) = match castling {
            Castling::Swap => (1, 8),
            Castling::Fide => (2, 7),
        };
        let long_path: Vec<usize> = (long_king_to..=4).rev().collect();
        let short_path: Vec<usize> = (5..=short_king_to).collect();
        for (long, king_from, king_to, rook_from, rook_to, between, path) in [
            (true, 4, long_king_to, 0, 3, vec![1, 2, 3], long_path),
            (false, 5, short_king_to, 9, 6, vec![6, 7, 8], short_path),
        ] {
            rules.push(CastlingRule {
                color,
                right: bit + u8::from(!long),
                long,
                king_from: at(king_from),
                king_to: at(king_to),
                rook_from: at(rook_from),
                rook_to: at(rook_to),
                must_be_empty: files(&between),
                must_be_safe: files(&path),
                unmoved: None,
            });
        }
    }
    rules
}

/// The rules for `options`, compiled once per combination and shared.
pub fn rules_for(options: &GameOptions) -> Arc<Rules> {
    static BUILT: CompiledRules<Settings> = CompiledRules::new();
    let settings = Settings::from_options(options);
    BUILT.get(settings, || rules(settings))
}

/// §11: only kings on the board and nothing in either hand.
pub fn bare_kings(position: &Position) -> bool {
    Color::ALL
        .iter()
        .all(|c| position.hand(*c).is_empty() && position.pieces(*c).all(|(_, kind)| kind == E_KING || kind == F_KING))
}

/// The one king of the side to move that is mated: in check, alone in check,
/// with no legal move (§5). Two kings in check with no move lose outright.
pub fn mated_king(position: &Position) -> Option<Square> {
    let attacked = position.attacked_royals(position.turn());
    let mut checked = attacked.iter();
    match (checked.next(), checked.next()) {
        (Some(king), None) if position.legal_moves().is_empty() => Some(king),
        _ => None,
    }
}

/// The side whose true king must be looked up now (§6.4): one king mated.
fn mated_side(position: &Position) -> Option<Color> {
    mated_king(position).map(|_| position.turn())
}

/// The true king named by a secret: `E` the E-king, `F` the F-king.
pub fn true_king(option: &str) -> Option<Kind> {
    match option {
        "E" => Some(E_KING),
        "F" => Some(F_KING),
        _ => None,
    }
}

/// §7: the true king mated loses the game; a brother does not.
fn revealed(position: &Position, side: Color, option: &str) -> Option<Color> {
    let mated = mated_king(position)?;
    let kind = position.piece_at(mated)?.kind;
    (Some(kind) == true_king(option)).then_some(!side)
}

/// `check_evasion = king_only` (L5, D6): a side in check moves one of its
/// checked kings.
fn kings_answer_checks(position: &Position, moves: &mut Vec<Move>) {
    let checked = position.attacked_royals(position.turn());
    if !checked.is_empty() {
        moves.retain(|mv| mv.dropped().is_none() && checked.contains(mv.from));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lands_and_castling_squares() {
        assert_eq!(land(Color::White).len(), 30);
        assert!(land(Color::Black).contains(square(0, 9)));
        let swap = castling_rules(Castling::Swap);
        let g = board();
        let long = &swap[0];
        assert_eq!((g.name(long.king_to).to_string(), g.name(long.rook_to).to_string()), ("b1".into(), "d1".into()));
        let names = |s: &[Square]| s.iter().map(|s| g.name(*s).to_string()).collect::<Vec<_>>().join(" ");
        assert_eq!(names(&long.must_be_safe), "e1 d1 c1 b1");
        assert_eq!(names(&swap[1].must_be_safe), "f1 g1 h1 i1");
        assert_eq!(g.name(swap[3].king_to).to_string(), "i10");
        let fide = castling_rules(Castling::Fide);
        assert_eq!(names(&fide[0].must_be_safe), "e1 d1 c1");
        assert_eq!(names(&fide[1].must_be_safe), "f1 g1 h1");
    }
}
