//! The evaluation's terms score what they say: a square bonus seen from each
//! side's own point of view; doubled, isolated and connected pawns told apart
//! by files and ranks alone; a free piece and a piece pressing on the enemy
//! king gaining; a king with enemy pieces around it losing; a passed pawn
//! gaining as its king comes nearer than the enemy one; the side to move's
//! tempo and threats; the checks a piece can give unpunished.

use rookery_engine::search::{own_view, Phased, Searcher, Weights};
use rookery_engine::{fen, Color, Variant};

const KNIGHT: usize = 1;
const BISHOP: usize = 2;

/// White's whole static score of the chess position `text` (quiet, out of
/// check) with the derived weights changed by `change`, less with the
/// derived weights alone.
fn gain(text: &str, change: impl Fn(&mut Weights)) -> i32 {
    let rules = Variant::Chess.rules().unwrap();
    let mut position = fen::parse(&rules, text).unwrap();
    let derived = Weights::derived(&rules);
    let mut changed = derived.clone();
    change(&mut changed);
    let mut white = |weights: Weights| {
        let mut searcher = Searcher::new(&rules).positional().with_weights(weights);
        let score = searcher.static_score(&mut position).expect("a position out of check with moves");
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

#[test]
fn a_piece_gains_for_each_safe_square_it_attacks() {
    let knight = |weights: &mut Weights| weights.piece_mobility[KNIGHT] = Phased { opening: 10, endgame: 4 };
    // In full middlegame a centred knight attacks eight empty squares...
    assert_eq!(gain("r2qk2r/8/8/8/4N3/8/8/R2QK2R w KQkq - 0 1", knight), 80);
    // ...but two are covered by a black pawn and one holds a white one.
    assert_eq!(gain("r2qk2r/4p3/8/8/4N3/6P1/8/R2QK2R w KQkq - 0 1", knight), 50);
    // A black knight counts against White, whoever is to move.
    assert_eq!(gain("r2qk2r/8/8/8/4n3/8/8/R2QK2R b KQkq - 0 1", knight), -80);
    // In a bare ending the endgame weight counts: a knight in the corner attacks two squares.
    assert_eq!(gain("4k3/8/8/8/8/8/8/N3K3 w - - 0 1", knight), 8);
}

#[test]
fn a_piece_pressing_on_the_enemy_king_gains_in_the_middlegame_only() {
    let pressure = |weights: &mut Weights| weights.royal_attack[BISHOP] = 15;
    // The bishop on c4 attacks f7, beside the king on g8, in full
    // middlegame; a second on h5 attacks it too.
    assert_eq!(gain("r2q1rk1/5p2/8/8/2B5/8/8/R2QK2R w KQ - 0 1", pressure), 15);
    assert_eq!(gain("r2q1rk1/5p2/8/7B/2B5/8/8/R2QK2R w KQ - 0 1", pressure), 30);
    // Blocked on e6, it attacks nothing there.
    assert_eq!(gain("r2q1rk1/5p2/4p3/8/2B5/8/8/R2QK2R w KQ - 0 1", pressure), 0);
    // A lone bishop is 30/256 of the middlegame's material: 15 · 30 / 256 = 1.
    assert_eq!(gain("6k1/5p2/8/8/2B5/8/8/4K3 w - - 0 1", pressure), 1);
}

#[test]
fn enemy_pieces_around_a_king_count_against_its_side() {
    let danger = |weights: &mut Weights| weights.royal_danger += 10;
    // A black knight and bishop within two steps of White's king.
    for turn in ["w", "b"] {
        let near = gain(&format!("4k3/pppppppp/8/8/8/2n3b1/PPPPPPPP/4K3 {turn} - - 0 1"), danger);
        let far = gain(&format!("4k3/pppppppp/2n3b1/8/8/8/PPPPPPPP/4K3 {turn} - - 0 1"), danger);
        assert_eq!((near, far), (-20, 0), "{turn} to move");
    }
}

#[test]
fn a_piece_an_enemy_pawn_attacks_or_nothing_guards_loses() {
    let threat = |weights: &mut Weights| weights.pawn_threat[KNIGHT] = -30;
    let hanging = |weights: &mut Weights| weights.hanging[KNIGHT] = -20;
    // The knight on d4 is attacked by the pawn on e5 (Black to move, so
    // out of the capture's way) and guarded by the pawn on c3.
    let attacked = "4k3/8/8/4p3/3N4/2P5/8/4K3 b - - 0 1";
    assert_eq!(gain(attacked, threat), -30);
    assert_eq!(gain(attacked, hanging), 0);
    // Unguarded, it hangs too.
    let alone = "4k3/8/8/4p3/3N4/8/8/4K3 b - - 0 1";
    assert_eq!(gain(alone, hanging), -20);
    // Attacked by nothing, it neither hangs nor is threatened.
    let quiet = "4k3/8/8/8/3N4/8/8/4K3 b - - 0 1";
    assert_eq!((gain(quiet, threat), gain(quiet, hanging)), (0, 0));
}

#[test]
fn a_passed_pawn_gains_as_its_king_stands_nearer_than_the_enemy_one() {
    let escort = |weights: &mut Weights| weights.passer_royal = 5;
    // The pawn on e6 has come four ranks. Kings and pawns only: the endgame
    // weight counts in full. 5 · 4 per step of difference.
    assert_eq!(gain("k7/8/4P3/8/4K3/8/8/8 w - - 0 1", escort), 5 * 4 * (4 - 2));
    assert_eq!(gain("3k4/8/4P3/8/8/8/8/4K3 w - - 0 1", escort), 5 * 4 * (2 - 5));
    // Stopped by the pawn on e7, it is no passed pawn (nor is that one).
    assert_eq!(gain("k7/4p3/4P3/8/4K3/8/8/8 w - - 0 1", escort), 0);
    // Black's passed pawn on d3 has come four ranks too; its king is nearer.
    assert_eq!(gain("8/8/8/8/8/3p4/2k5/6K1 w - - 0 1", escort), -5 * 4 * (3 - 1));
}

#[test]
fn the_side_to_move_gains_the_tempo() {
    let tempo = |weights: &mut Weights| weights.tempo = 25;
    assert_eq!(gain("4k3/8/8/8/8/8/8/4K3 w - - 0 1", tempo), 25);
    assert_eq!(gain("4k3/8/8/8/8/8/8/4K3 b - - 0 1", tempo), -25);
}

#[test]
fn threats_to_the_side_to_move_weigh_apart_from_the_opponent_s() {
    let on_move = |weights: &mut Weights| {
        weights.pawn_threat_to_move[KNIGHT] = -50;
        weights.hanging_to_move[KNIGHT] = -20;
    };
    // Black's knight on d4, alone and attacked by the pawn on e3: its
    // side's to move (so it costs Black 70 more, White's view +70) or not.
    assert_eq!(gain("4k3/8/8/8/3n4/4P3/8/4K3 b - - 0 1", on_move), 70);
    assert_eq!(gain("4k3/8/8/8/3n4/4P3/8/4K3 w - - 0 1", on_move), 0);
}

#[test]
fn a_check_a_piece_can_give_unpunished_counts_in_the_middlegame() {
    let check = |weights: &mut Weights| weights.safe_check[KNIGHT] = 10;
    // The knight on d5 reaches e7 and f6, both checking the king on g8,
    // neither attacked by Black (full middlegame: both queens and rooks on).
    assert_eq!(gain("rqr3k1/8/8/3N4/8/8/8/R2QK2R w KQ - 0 1", check), 20);
    // A black bishop on g5 guards f6 and e7: no check is safe.
    assert_eq!(gain("rqr3k1/8/8/3N2b1/8/8/8/R2QK2R w KQ - 0 1", check), 0);
    // From b5 the knight reaches neither.
    assert_eq!(gain("rqr3k1/8/8/1N6/8/8/8/R2QK2R w KQ - 0 1", check), 0);
}
