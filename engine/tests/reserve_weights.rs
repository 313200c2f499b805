//! A reserve the game starts with (Dice Landing's) counts in the evaluation
//! as its weights say: toward the phase, and for a share of its pieces'
//! value; games without one are scored as before.

use rookery_engine::search::{Searcher, Weights};
use rookery_engine::{fen, Color, Position, Variant};

fn position(variant: Variant, text: &str) -> Position {
    fen::parse(&variant.rules().unwrap(), text).unwrap()
}

/// A player's searcher for `variant` with its own weights changed by `change`.
fn searcher(variant: Variant, change: impl Fn(&mut Weights)) -> Searcher {
    let rules = variant.rules().unwrap();
    let mut weights = Weights::for_rules(&rules);
    change(&mut weights);
    Searcher::new(&rules).positional().with_weights(weights)
}

/// White's static score of `position`.
fn white(searcher: &Searcher, position: &Position) -> i32 {
    let score = searcher.evaluate(position);
    if position.turn() == Color::White {
        score
    } else {
        -score
    }
}

const START: &str = "4k3/2pppp2/8/8/8/8/2PPPP2/4K3[QRRBBNNPPPPqrrbbnnpppp] w e1e8 - 0 1 -";

#[test]
fn dice_landings_armies_in_reserve_make_its_start_a_middlegame() {
    let start = position(Variant::DiceLanding, START);
    assert_eq!(searcher(Variant::DiceLanding, |_| {}).phase(&start), Some(256));
    // Counted on the board alone, the start (kings and pawns) is a bare endgame.
    let board_only = searcher(Variant::DiceLanding, |w| w.reserve_phase = 0);
    assert_eq!(board_only.phase(&start), Some(0));
}

#[test]
fn a_piece_in_reserve_counts_for_the_share_its_weight_gives() {
    let kings = "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 -";
    let queen_waiting = "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1 -";
    let score = |percent: i32, text: &str| {
        white(&searcher(Variant::DiceLanding, |w| w.reserve = percent), &position(Variant::DiceLanding, text))
    };
    let queen = |percent| score(percent, queen_waiting) - score(percent, kings);
    assert!(queen(0) < 20, "a queen counted for nothing gains {}", queen(0));
    // Three quarters and all of her value, at the phase she sets.
    assert!(queen(75) > 300, "{}", queen(75));
    assert!((queen(100) * 3 / 4 - queen(75)).abs() <= 2, "{} against {}", queen(100), queen(75));
}

#[test]
fn landing_a_piece_gains_the_rest_of_its_value_not_the_whole_piece() {
    // Black keeps a pawn: against a bare king a landed queen would gain the
    // cornering of the king besides (see `a_bare_king_is_worth_driving_into_a_corner`).
    let waiting = position(Variant::DiceLanding, "4k3/4p3/8/8/8/8/8/4K3[Q] b - - 0 1 -");
    let landed = position(Variant::DiceLanding, "4k3/4p3/8/8/8/8/8/3QK3[] b - - 0 1 d1");
    let gain = |searcher: &Searcher| white(searcher, &landed) - white(searcher, &waiting);
    let counted = gain(&searcher(Variant::DiceLanding, |_| {}));
    let ignored = gain(&searcher(Variant::DiceLanding, |w| w.reserve = 0));
    assert!(counted < ignored / 2, "landing gains {counted} with the reserve counted, {ignored} without");
}

#[test]
fn games_without_a_reserve_at_the_start_ignore_the_reserve_weights() {
    for variant in [Variant::Chess, Variant::Guardener, Variant::Dragonchess] {
        let rules = variant.rules().unwrap();
        let start = fen::parse(&rules, rules.start).unwrap();
        let counted = searcher(variant, |w| {
            w.reserve = 75;
            w.reserve_phase = 100;
        });
        let plain = searcher(variant, |w| {
            w.reserve = 0;
            w.reserve_phase = 0;
        });
        assert_eq!(counted.evaluate(&start), plain.evaluate(&start), "{variant}");
        assert_eq!(counted.phase(&start), plain.phase(&start), "{variant}");
    }
}
