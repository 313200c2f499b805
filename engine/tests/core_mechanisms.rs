//! The engine core's generic mechanisms, each on a toy variant defined here:
//! chess pieces with hands and drops, with royal capture, with several royals,
//! with moves gated by grants, with promotion drawn from a hand, and with a king
//! still in reserve. No real variant is named: these are the mechanisms the
//! Guardener, Dice Landing and New chess modules are built from.

use std::sync::Arc;

use rookery_engine::color::ByColor;
use rookery_engine::gating::{Gating, KindGate};
use rookery_engine::hand::{CaptureTo, DropZone, Drops};
use rookery_engine::squareset::SquareSet;
use rookery_engine::variants::chess::{self, BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
use rookery_engine::{fen, notation, Color, Grant, Grants, Kind, Move, Position, Royalty, Rules, Special, Square};

fn bits(kinds: &[Kind]) -> u32 {
    kinds.iter().fold(0, |b, k| b | 1 << k.0)
}

fn squares(rules: &Rules, names: &[&str]) -> SquareSet {
    names.iter().map(|n| sq(rules, n)).collect()
}

fn sq(rules: &Rules, name: &str) -> Square {
    rules.geometry.parse_square(name).unwrap()
}

fn ranks(rules: &Rules, from: usize, to: usize) -> SquareSet {
    rules.geometry.squares().filter(|s| (from..=to).contains(&rules.geometry.rank(*s))).collect()
}

/// Chess with pieces in hand: captured pieces change sides (or go back to
/// their owner), pieces drop anywhere, pawns on ranks 2-7.
fn hands_rules(capture_to: CaptureTo, tune: impl FnOnce(&mut Drops)) -> Arc<Rules> {
    let mut rules = chess::rules();
    let mut drops = Drops::new(rules.kinds.len());
    let all = rules.geometry.squares().collect::<SquareSet>();
    drops.zones.push(DropZone {
        kinds: bits(&[KNIGHT, BISHOP, ROOK, QUEEN]),
        needs: Grants::NONE,
        squares: ByColor::new(all, all),
    });
    let pawn_ranks = ranks(&rules, 1, 6);
    drops.zones.push(DropZone {
        kinds: bits(&[PAWN]),
        needs: Grants::NONE,
        squares: ByColor::new(pawn_ranks, pawn_ranks),
    });
    for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN] {
        drops.capture_to[kind.0 as usize] = capture_to;
    }
    tune(&mut drops);
    rules.drops = Some(drops);
    Arc::new(rules)
}

fn parse(rules: &Arc<Rules>, text: &str) -> Position {
    fen::parse(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(position: &mut Position, text: &str) -> Move {
    let mv = notation::parse_move(position, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    position.make(mv);
    mv
}

fn drops_of(moves: &[Move]) -> usize {
    moves.iter().filter(|m| m.dropped().is_some()).count()
}

#[test]
fn a_piece_in_hand_drops_on_every_empty_square() {
    let rules = hands_rules(CaptureTo::CaptorHand, |_| {});
    let p = parse(&rules, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let moves = p.legal_moves();
    assert_eq!(drops_of(&moves), 62);
    assert_eq!(moves.len(), 62 + 5);
    assert_eq!(fen::write(&p), "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    // Pawns keep off the first and last ranks.
    let p = parse(&rules, "4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    assert_eq!(drops_of(&p.legal_moves()), 48);
}

#[test]
fn a_drop_is_made_and_unmade_with_its_hand_and_hash() {
    let rules = hands_rules(CaptureTo::CaptorHand, |_| {});
    let mut p = parse(&rules, "4k3/8/8/8/8/8/8/4K3[Nb] w - - 0 1");
    let (text, hash) = (fen::write(&p), p.hash());
    let mv = play(&mut p, "N@f3");
    assert_eq!(mv, Move::drop(KNIGHT, sq(&rules, "f3")));
    assert_eq!(fen::write(&p), "4k3/8/8/8/8/5N2/8/4K3[b] b - - 0 1");
    assert_eq!(p.hash(), parse(&rules, "4k3/8/8/8/8/5N2/8/4K3[b] b - - 0 1").hash());
    assert_eq!(
        notation::san(
            &{
                let mut q = p.clone();
                q.unmake();
                q
            },
            mv
        ),
        "N@f3"
    );
    p.unmake();
    assert_eq!((fen::write(&p), p.hash()), (text, hash));
}

#[test]
fn hands_are_part_of_the_hash_and_the_text() {
    let rules = hands_rules(CaptureTo::CaptorHand, |_| {});
    let hash = |text: &str| parse(&rules, text).hash();
    let bare = hash("4k3/8/8/8/8/8/8/4K3[] w - - 0 1");
    assert_eq!(bare, fen::parse(&Arc::new(chess::rules()), "4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap().hash());
    let all = [bare, hash("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"), hash("4k3/8/8/8/8/8/8/4K3[n] w - - 0 1")];
    let more = [hash("4k3/8/8/8/8/8/8/4K3[NN] w - - 0 1"), hash("4k3/8/8/8/8/8/8/4K3[B] w - - 0 1")];
    let every: Vec<u64> = all.iter().chain(&more).copied().collect();
    for (i, a) in every.iter().enumerate() {
        assert!(every[i + 1..].iter().all(|b| b != a), "hash collision among hands");
    }
    assert!(fen::parse(&Arc::new(chess::rules()), "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").is_err());
    assert!(fen::parse(&rules, "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1").is_err());
    assert!(fen::parse(&rules, "4k3/8/8/8/8/8/8/4K3[N w - - 0 1").is_err());
}

#[test]
fn captures_go_where_the_rules_send_them() {
    let captor = hands_rules(CaptureTo::CaptorHand, |_| {});
    let mut p = parse(&captor, "4k3/8/8/8/8/8/3q4/4K3[] w - - 0 1");
    let hash = p.hash();
    play(&mut p, "Kxd2");
    assert_eq!(fen::write(&p), "4k3/8/8/8/8/8/3K4/8[Q] b - - 0 1");
    p.unmake();
    assert_eq!((fen::write(&p), p.hash()), ("4k3/8/8/8/8/8/3q4/4K3[] w - - 0 1".to_string(), hash));

    let owner = hands_rules(CaptureTo::OwnerHand, |_| {});
    let mut p = parse(&owner, "4k3/8/8/8/8/8/3q4/4K3[] w - - 0 1");
    play(&mut p, "Kxd2");
    assert_eq!(fen::write(&p), "4k3/8/8/8/8/8/3K4/8[q] b - - 0 1");
}

#[test]
fn a_captured_promoted_piece_enters_the_hand_demoted() {
    let rules = hands_rules(CaptureTo::CaptorHand, |d| d.promoted_in_hand_as = Some(PAWN));
    let mut p = parse(&rules, "8/2Pk4/8/8/8/8/8/4K3[] w - - 0 1");
    play(&mut p, "c8=Q+");
    assert!(p.promoted().contains(sq(&rules, "c8")));
    play(&mut p, "Kxc8");
    assert_eq!(fen::write(&p), "2k5/8/8/8/8/8/8/4K3[p] w - - 0 2");
    p.unmake();
    assert!(p.promoted().contains(sq(&rules, "c8")));
    assert!(p.hand(Color::Black).is_empty());
}

#[test]
fn in_check_only_drops_that_block_are_legal() {
    let rules = hands_rules(CaptureTo::CaptorHand, |_| {});
    let p = parse(&rules, "4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    assert!(p.is_check());
    let mut moves: Vec<String> = p.legal_moves().iter().map(|m| notation::san(&p, *m)).collect();
    moves.sort();
    assert_eq!(moves, ["Kd2", "Ke2", "Kf2", "N@b1", "N@c1", "N@d1"]);
}

#[test]
fn a_drop_filter_keeps_a_landing_piece_from_attacking_an_enemy() {
    fn no_threat(p: &Position, kind: Kind, square: Square) -> bool {
        !p.would_attack_enemy(p.turn(), kind, square)
    }
    let rules = hands_rules(CaptureTo::CaptorHand, |d| d.filter = Some(no_threat));
    let p = parse(&rules, "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    let knight_squares: Vec<String> = p
        .legal_moves()
        .iter()
        .filter(|m| m.dropped().is_some())
        .map(|m| rules.geometry.name(m.to).to_string())
        .collect();
    assert_eq!(knight_squares.len(), 58);
    for threat in ["c7", "d6", "f6", "g7"] {
        assert!(!knight_squares.iter().any(|s| s == threat), "{threat}");
    }
}

#[test]
fn a_landed_piece_is_immune_for_exactly_the_next_ply() {
    let rules = hands_rules(CaptureTo::CaptorHand, |d| d.landing_immunity = true);
    let mut p = parse(&rules, "4k3/8/8/8/8/8/8/4K3[NN] w - - 0 1");
    play(&mut p, "N@d7");
    assert_eq!(p.immune().len(), 1);
    assert!(notation::parse_move(&p, "Kxd7").is_err(), "the landed knight is immune");
    play(&mut p, "Ke7");
    assert!(p.immune().is_empty());
    let mut p = parse(&rules, "4k3/8/8/8/8/8/8/4K3[NN] w - - 0 1");
    play(&mut p, "N@d7");
    let immune_hash = p.hash();
    p.unmake();
    play(&mut p, "N@d7");
    assert_eq!(p.hash(), immune_hash);
    play(&mut p, "Ke7");
    play(&mut p, "Kd2");
    let mv = play(&mut p, "Kxd7");
    assert_eq!(mv.to, sq(&rules, "d7"), "capturable a ply later");
}

/// Chess without check: kings are captured.
fn capture_rules() -> Arc<Rules> {
    let mut rules = chess::rules();
    rules.royalty = Royalty::Capture;
    Arc::new(rules)
}

#[test]
fn without_check_a_king_may_stay_attacked_and_be_captured() {
    let rules = capture_rules();
    let p = parse(&rules, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert!(!p.is_check(), "there is no check");
    assert_eq!(p.legal_moves().len(), 5, "every king step, attacked or not");
    let p = parse(&rules, "4k3/8/8/8/8/8/8/r3K3 b - - 0 1");
    let take = notation::parse_move(&p, "Rxe1").unwrap();
    assert!(p.captures_royal(take));
    assert!(!p.captures_royal(notation::parse_move(&p, "Ra2").unwrap()));
    assert_eq!(notation::san(&p, take), "Rxe1", "no check marks without check");
}

/// Chess where a side may have several kings (composed with the placement
/// parser: FEN validation wants one king each).
fn several(text: &str, turn: Color) -> Position {
    let mut rules = chess::rules();
    rules.royalty = Royalty::Several;
    let rules = Arc::new(rules);
    let mut p = fen::parse_placement(&rules, text).unwrap();
    p.set_state(turn, 0, None, 0, 1);
    p
}

fn sans(p: &Position) -> Vec<String> {
    let legal = p.legal_moves();
    let mut out: Vec<String> = legal.iter().map(|m| (p.rules().dialect.san)(p, *m, &legal)).collect();
    out.sort();
    out
}

#[test]
fn with_both_kings_attacked_one_may_stay_attacked() {
    let p = several("r2k3r/8/8/8/8/8/8/K6K", Color::White);
    assert_eq!(p.attacked_royals(Color::White).len(), 2);
    assert_eq!(sans(&p), ["Kb1", "Kb2", "Kg1", "Kg2"]);
    // With one king attacked, it must be freed.
    let p = several("r2k4/8/8/8/8/8/8/K6K", Color::White);
    assert_eq!(sans(&p), ["Kb1", "Kb2"]);
}

#[test]
fn a_move_checking_two_kings_is_marked_twice() {
    let with_rook = several("3k4/8/8/8/8/8/1r6/K6K", Color::Black);
    let mv = notation::parse_move(&with_rook, "Rb1").unwrap();
    assert_eq!(notation::san(&with_rook, mv), "Rb1++");
    let single = notation::parse_move(&with_rook, "Rb2-a2").unwrap();
    assert_eq!(notation::san(&with_rook, single), "Ra2+");
}

#[test]
fn a_king_that_moves_never_lands_attacked_even_to_free_its_brother() {
    // Kings e3 (rook e8) and h4 (rook a4) are both attacked. Ke4 would block
    // the a4 rook and leave one king attacked, but the moved king itself.
    let p = several("k3r3/8/8/8/r6K/4K3/8/8", Color::White);
    assert_eq!(p.attacked_royals(Color::White).len(), 2);
    let moves = sans(&p);
    assert!(!moves.iter().any(|m| m == "Ke4" || m == "Kd4"), "{moves:?}");
    assert!(moves.iter().any(|m| m == "Kf3"), "one king may stay attacked: {moves:?}");
}

#[test]
fn kings_are_never_captured_where_there_are_several() {
    let p = several("4k3/8/8/8/8/8/8/r3K2K", Color::Black);
    let e1 = sq(p.rules(), "e1");
    assert!(p.legal_moves().iter().all(|m| m.to != e1));
    assert_eq!(sans(&p).len(), 10 + 5);
}

#[test]
fn a_king_in_reserve_is_never_in_check_and_drops_only_onto_a_safe_square() {
    let rules = hands_rules(CaptureTo::Removed, |d| {
        d.zones.push(DropZone {
            kinds: 1 << KING.0,
            needs: Grants::NONE,
            squares: ByColor::from_fn(|_| SquareSet::EMPTY),
        });
        let e1 = d.zones.len() - 1;
        d.zones[e1].squares = ByColor::new([Square(4)].into_iter().collect(), [Square(60)].into_iter().collect());
    });
    let mut p = fen::parse_placement(&rules, "4k3/8/8/8/8/8/8/r7").unwrap();
    p.set_hand_count(Color::White, KING, 1);
    p.set_state(Color::White, 0, None, 0, 1);
    assert!(!p.is_check());
    assert!(p.legal_moves().iter().all(|m| m.dropped() != Some(KING)), "e1 is attacked");
    let mut p = fen::parse_placement(&rules, "4k3/8/8/8/8/8/r7/8").unwrap();
    p.set_hand_count(Color::White, KING, 1);
    p.set_state(Color::White, 0, None, 0, 1);
    assert_eq!(p.legal_moves(), [Move::drop(KING, Square(4))]);
}

const ONE: Grant = Grant::new(0);
const TWO: Grant = Grant::new(1);
const THREE: Grant = Grant::new(2);
const FOUR: Grant = Grant::new(3);
const ANY: Grant = Grant::new(4);
const TERRACE: Grant = Grant::new(5);
const DEPLOY: Grant = Grant::new(6);

/// Chess whose moves the dice open, Guardener style: pawns step freely into
/// their own half, kings step freely; everything else needs its face or a double.
fn gated_rules() -> Arc<Rules> {
    let mut rules = chess::rules();
    let with_any = |g: Grant| Grants::from(g) | ANY;
    let mut pawn = KindGate::needs(with_any(ONE));
    pawn.free_quiet = ByColor::new(ranks(&rules, 0, 3), ranks(&rules, 4, 7));
    let mut king = KindGate::needs(with_any(ONE));
    king.quiet = Grants::NONE;
    let mut kinds = vec![KindGate::free(); rules.kinds.len()];
    kinds[PAWN.0 as usize] = pawn;
    kinds[KNIGHT.0 as usize] = KindGate::needs(with_any(TWO));
    kinds[BISHOP.0 as usize] = KindGate::needs(with_any(THREE));
    kinds[ROOK.0 as usize] = KindGate::needs(with_any(FOUR));
    kinds[QUEEN.0 as usize] = KindGate::needs(ANY.into());
    kinds[KING.0 as usize] = king;
    let terrace = squares(&rules, &["d4", "e4", "d5", "e5"]);
    rules.gating = Some(Gating {
        kinds,
        castling: FOUR.into(),
        drops_only: DEPLOY.into(),
        teleports: vec![DropZone { kinds: u32::MAX, needs: TERRACE.into(), squares: ByColor::new(terrace, terrace) }],
    });
    Arc::new(rules)
}

fn count_with(p: &mut Position, granted: Grants) -> usize {
    p.set_granted(granted);
    p.legal_moves().len()
}

#[test]
fn grants_open_moves_per_kind() {
    let rules = gated_rules();
    let mut p = parse(&rules, chess::START);
    assert_eq!(count_with(&mut p, Grants::NONE), 16, "pawn steps into their own half");
    assert_eq!(count_with(&mut p, TWO.into()), 20);
    assert_eq!(count_with(&mut p, Grants::from(TWO) | ONE), 20);
    assert_eq!(count_with(&mut p, ANY.into()), 20);
    // Beyond the centre, a pawn needs a one; captures need it too.
    let mut p = parse(&rules, "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(count_with(&mut p, Grants::NONE), 5, "only the king's steps");
    assert_eq!(count_with(&mut p, ONE.into()), 7, "e5 and exd5 too");
}

#[test]
fn castling_needs_its_grant_even_with_a_double() {
    let rules = gated_rules();
    let mut p = parse(&rules, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let castles = |p: &Position| p.legal_moves().iter().any(|m| matches!(m.special, Special::Castle(_)));
    p.set_granted(ANY.into());
    assert!(!castles(&p));
    p.set_granted(FOUR.into());
    assert!(castles(&p));
}

#[test]
fn a_teleport_grant_adds_moves_and_skips_ordinary_ones() {
    let rules = gated_rules();
    let mut p = parse(&rules, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    let base = count_with(&mut p, ANY.into());
    // Queen d1 reaches d4 and d5 anyway; e4/e5 are new for her, all four for the king.
    let with = count_with(&mut p, Grants::from(ANY) | TERRACE);
    assert_eq!(with, base + 2 + 4);
    let teleport = p.legal_moves().into_iter().find(|m| m.special == Special::Teleport).unwrap();
    let text = fen::write(&p);
    p.make(teleport);
    p.unmake();
    assert_eq!(fen::write(&p), text);
}

#[test]
fn a_grant_can_replace_the_board_moves_by_drops() {
    let mut rules = (*gated_rules()).clone();
    rules.drops = hands_rules(CaptureTo::Removed, |_| {}).drops.clone();
    let rules = Arc::new(rules);
    let mut p = parse(&rules, "4k3/8/8/8/8/8/8/4K3[R] w - - 0 1");
    assert_eq!(count_with(&mut p, Grants::NONE), 5 + 62);
    p.set_granted(DEPLOY.into());
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 62);
    assert!(moves.iter().all(|m| m.dropped() == Some(ROOK)));
}

#[test]
fn promotion_from_a_hand_takes_only_what_is_held() {
    let mut rules = chess::rules();
    rules.promotion.from_hand = true;
    rules.drops = Some(Drops::new(rules.kinds.len()));
    let rules = Arc::new(rules);
    let p = parse(&rules, "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1");
    assert!(p.legal_moves().iter().all(|m| m.from != sq(&rules, "a7")), "nothing to promote to");
    let mut p = parse(&rules, "4k3/P7/8/8/8/8/8/4K3[N] w - - 0 1");
    let promotions: Vec<Move> = p.legal_moves().into_iter().filter(|m| m.promotion().is_some()).collect();
    assert_eq!(promotions, [Move::new(sq(&rules, "a7"), sq(&rules, "a8"), Special::Promotion(KNIGHT))]);
    p.make(promotions[0]);
    assert!(p.hand(Color::White).is_empty());
    p.unmake();
    assert_eq!(p.hand(Color::White).count(KNIGHT), 1);
}

/// Chess with one more kind, a knighted pawn written `+P` that steps like a
/// king, which pawns promote to.
fn knighted_rules() -> Arc<Rules> {
    let base = chess::rules();
    let mut kinds = base.kinds.clone();
    let mut knighted = chess::king();
    (knighted.name, knighted.royal) = ("knighted pawn", false);
    knighted.letter = 'P';
    kinds.push(knighted);
    let knighted = Kind(kinds.len() as u8 - 1);
    let mut promotion = base.promotion.clone();
    promotion.choices = vec![knighted];
    let mut rules = Rules::new(
        base.variant,
        chess::board(),
        kinds,
        Vec::new(),
        promotion,
        Royalty::Checkmate,
        base.draws,
        chess::START,
    );
    rules.prefixes = (0..=knighted.0).map(|k| (k == knighted.0).then_some('+')).collect();
    Arc::new(rules)
}

#[test]
fn two_character_tokens_name_a_kind_in_text_and_moves() {
    let rules = knighted_rules();
    let knighted = Kind(6);
    let mut p = parse(&rules, "4k3/P7/8/8/3+p4/8/8/4K3 w - - 0 1");
    assert_eq!(p.piece_at(sq(&rules, "d4")).map(|piece| (piece.color, piece.kind)), Some((Color::Black, knighted)));
    assert_eq!(fen::write(&p), "4k3/P7/8/8/3+p4/8/8/4K3 w - - 0 1");
    let mv = notation::parse_move(&p, "a8=+P").unwrap();
    assert_eq!(mv.promotion(), Some(knighted));
    assert_eq!(notation::san(&p, mv), "a8=+P");
    p.make(mv);
    assert_eq!(fen::write(&p), "+P3k3/8/8/8/3+p4/8/8/4K3 b - - 0 1");
    let back = notation::parse_move(&p, "+Pd3").unwrap();
    assert_eq!(notation::san(&p, back), "+Pd3");
    assert!(fen::parse(&rules, "4k3/8/8/8/3+x4/8/8/4K3 w - - 0 1").is_err());
}

#[test]
fn a_kind_may_promote_in_its_zone_and_must_in_the_compulsory_one() {
    let base = knighted_rules();
    let mut rules = (*base).clone();
    let knighted = Kind(6);
    rules.promotions.push(rookery_engine::rules::PromotionRule {
        kind: KNIGHT,
        zone: ByColor::new(ranks(&rules, 5, 7), ranks(&rules, 0, 2)),
        compulsory: ByColor::new(ranks(&rules, 7, 7), ranks(&rules, 0, 0)),
        into: vec![knighted],
    });
    let rules = Arc::new(rules);
    let p = parse(&rules, "4k3/8/8/3N4/8/8/8/4K3 w - - 0 1");
    let moves = sans(&p);
    // Knight d5: b4 b6 c3 c7 e3 e7 f4 f6; b6 c7 e7 f6 may also promote.
    let knight_moves: Vec<&String> = moves.iter().filter(|m| m.starts_with('N')).collect();
    let expected = ["Nb4", "Nb6", "Nb6=+P", "Nc3", "Nc7", "Nc7=+P", "Ne3", "Ne7", "Ne7=+P", "Nf4", "Nf6", "Nf6=+P"];
    assert_eq!(knight_moves, expected);
    let p = parse(&rules, "7k/8/3N4/8/8/8/8/4K3 w - - 0 1");
    let to_last: Vec<String> = sans(&p).into_iter().filter(|m| m.contains('8')).collect();
    assert_eq!(to_last, ["Nc8=+P", "Ne8=+P"], "the last rank compels it");
    let mut p = p;
    let promote = notation::parse_move(&p, "Nc8=+P").unwrap();
    p.make(promote);
    assert_eq!(fen::write(&p), "2+P4k/8/8/8/8/8/8/4K3 b - - 0 1");
}

fn straddling(text: &str, turn: Color) -> Position {
    let rules = Arc::new(chess::rules());
    let mut p = fen::parse_placement(&rules, text).unwrap();
    p.set_state(turn, 0, None, 0, 1);
    p.set_straddle(Color::White, Some((sq(&rules, "a1"), sq(&rules, "b1"))));
    p
}

#[test]
fn a_straddling_piece_moves_from_either_half_and_leaves_both() {
    let mut p = straddling("4k3/8/8/8/8/8/8/RR2K3", Color::White);
    let moves = sans(&p);
    assert_eq!(moves.iter().filter(|m| m.starts_with('R')).count(), 7 + 7 + 2, "a-file, b-file, c1 and d1");
    let (text, hash) = (fen::write(&p), p.hash());
    play(&mut p, "Ra5");
    assert_eq!(fen::write(&p), "4k3/8/8/R7/8/8/8/4K3 b - - 1 1");
    assert_eq!(p.straddle(Color::White), None);
    p.unmake();
    assert_eq!((fen::write(&p), p.hash()), (text, hash));
    assert!(p.straddle(Color::White).is_some());
}

#[test]
fn capturing_either_half_of_a_straddling_piece_takes_both() {
    let mut p = straddling("1r2k3/8/8/8/8/8/8/RR2K3", Color::Black);
    let (text, hash) = (fen::write(&p), p.hash());
    play(&mut p, "Rxb1");
    assert_eq!(fen::write(&p), "4k3/8/8/8/8/8/8/1r2K3 w - - 0 2");
    p.unmake();
    assert_eq!((fen::write(&p), p.hash()), (text, hash));
    assert_eq!(p.piece_at(sq(p.rules(), "a1")).map(|piece| piece.kind), Some(ROOK));
}

/// Chess with a cannon (`C`) that moves and captures only by hopping one
/// screen along a rank or file, landing anywhere beyond it.
fn cannon_rules() -> Arc<Rules> {
    use rookery_engine::piece::{orthogonal, Component, Mode, PieceKind, Shape};
    let base = chess::rules();
    let mut kinds = base.kinds.clone();
    let hops = orthogonal().into_iter().map(|step| Component::new(Shape::Hop { step }, Mode::Both)).collect();
    kinds.push(PieceKind { name: "cannon", letter: 'C', royal: false, pawn: false, components: hops });
    let rules = Rules::new(
        base.variant,
        chess::board(),
        kinds,
        Vec::new(),
        base.promotion.clone(),
        Royalty::Checkmate,
        base.draws,
        chess::START,
    );
    Arc::new(rules)
}

#[test]
fn a_cannon_hops_one_screen_and_lands_or_captures_beyond_it() {
    let rules = cannon_rules();
    let p = parse(&rules, "4k3/8/p7/8/8/8/P7/C1N1K3 w - - 0 1");
    let cannon: Vec<String> = sans(&p).into_iter().filter(|m| m.starts_with('C')).collect();
    // Up the a-file over the pawn: a3, a4, a5, and the black pawn on a6; along
    // the first rank over the knight: d1 only (the king stops it, and is its own).
    assert_eq!(cannon, ["Ca3", "Ca4", "Ca5", "Cd1", "Cxa6"]);
    // The cannon gives check over a screen, and the king must not stand behind one.
    let p = parse(&rules, "4k3/8/8/8/4p3/8/8/4C1K1 b - - 0 1");
    assert!(p.is_check());
}

#[test]
fn a_variant_can_forbid_moves_beyond_the_patterns() {
    // While its king is in reserve, no own piece may move onto e1.
    fn keep_e1_clear(p: &Position, moves: &mut Vec<Move>) {
        if p.royals(p.turn()).is_empty() {
            let e1 = p.rules().geometry.parse_square(p.turn().fold("e1", "e8")).unwrap();
            moves.retain(|m| m.to != e1);
        }
    }
    let mut rules = (*hands_rules(CaptureTo::Removed, |_| {})).clone();
    rules.restrict_moves = Some(keep_e1_clear);
    let rules = Arc::new(rules);
    let mut p = fen::parse_placement(&rules, "4k3/8/8/8/8/8/8/R7").unwrap();
    p.set_hand_count(Color::White, KING, 1);
    p.set_state(Color::White, 0, None, 0, 1);
    let rook: Vec<String> = sans(&p).into_iter().filter(|m| m.starts_with('R')).collect();
    assert_eq!(rook.len(), 7 + 6, "a2-a8 and b1-h1 but e1");
    assert!(!rook.iter().any(|m| m == "Re1"));
}
