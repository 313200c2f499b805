//! The square tables and the pawn-structure weights score what they say:
//! a bonus seen from each side's own point of view, and doubled, isolated
//! and connected pawns told apart by files and ranks alone.

use rookery_engine::search::{own_view, Phased, Searcher, Weights};
use rookery_engine::{fen, Color, Position, Variant};

/// White's static score of `text` (chess) with `weights`, less with the derived ones.
fn gain(text: &str, weights: impl Fn(&mut Weights)) -> i32 {
    let rules = Variant::Chess.rules().unwrap();
    let position: Position = fen::parse(&rules, text).unwrap();
    let derived = Weights::derived(&rules);
    let mut changed = derived.clone();
    weights(&mut changed);
    let white = |weights: Weights| {
        let score = Searcher::new(&rules).positional().with_weights(weights).evaluate(&position);
        if position.turn() == Color::White {
            score
        } else {
            -score
        }
    };
    white(changed) - white(derived)
}

#[test]
fn black_sees_the_board_from_its_own_side() {
    let rules = Variant::Chess.rules().unwrap();
    let geometry = &rules.geometry;
    let square = |name: &str| geometry.parse_square(name).unwrap();
    assert_eq!(own_view(geometry, Color::White, square("e2")), square("e2"));
    assert_eq!(own_view(geometry, Color::Black, square("e7")), square("e2"));
    assert_eq!(own_view(geometry, Color::Black, square("a1")), square("a8"));
}

#[test]
fn a_square_bonus_counts_for_either_side_on_its_mirrored_square() {
    let rules = Variant::Chess.rules().unwrap();
    let f3 = rules.geometry.parse_square("f3").unwrap().index();
    let knight = 1;
    let bonus = |weights: &mut Weights| weights.squares[knight * 64 + f3] = Phased::both(30);
    // Full middlegame (both queens and rooks on): the opening value counts.
    let white = gain("r2qk2r/8/8/8/8/5N2/8/R2QK2R w KQkq - 0 1", bonus);
    let black = gain("r2qk2r/8/5n2/8/8/8/8/R2QK2R w KQkq - 0 1", bonus);
    assert_eq!((white, black), (30, -30));
    // A knight elsewhere gains nothing.
    assert_eq!(gain("r2qk2r/8/8/8/8/2N5/8/R2QK2R w KQkq - 0 1", bonus), 0);
}

#[test]
fn a_square_bonus_tapers_from_middlegame_to_endgame() {
    let rules = Variant::Chess.rules().unwrap();
    let e4 = rules.geometry.parse_square("e4").unwrap().index();
    let bonus = |weights: &mut Weights| weights.squares[e4] = Phased { opening: 40, endgame: -20 };
    assert_eq!(gain("r2qk2r/8/8/8/4P3/8/8/R2QK2R w KQkq - 0 1", bonus), 40);
    assert_eq!(gain("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", bonus), -20);
}

#[test]
fn pawns_are_doubled_isolated_or_connected_by_files_and_ranks() {
    let doubled = |weights: &mut Weights| weights.doubled = Phased::both(-10);
    let isolated = |weights: &mut Weights| weights.isolated = Phased::both(-10);
    let connected = |weights: &mut Weights| weights.connected = Phased::both(10);
    // a2 and a3: the rear one is doubled; both are isolated.
    let stacked = "4k3/8/8/8/8/P7/P7/4K3 w - - 0 1";
    assert_eq!(gain(stacked, doubled), -10);
    assert_eq!(gain(stacked, isolated), -20);
    assert_eq!(gain(stacked, connected), 0);
    // b2 supports c3 (one rank behind on the next file); d3 stands beside
    // c3; b2 has neither beside it nor behind it.
    let chain = "4k3/8/8/8/8/2PP4/1P6/4K3 w - - 0 1";
    assert_eq!(gain(chain, connected), 20);
    assert_eq!(gain(chain, isolated), 0);
    assert_eq!(gain(chain, doubled), 0);
    // The same for Black, from its side: e7 supports d6.
    assert_eq!(gain("4k3/4p3/3p4/8/8/8/8/4K3 w - - 0 1", connected), -10);
}
