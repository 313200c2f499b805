//! The searchers on known mates, and the mate solver against an independent
//! brute force written on shakmaty.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rookery_engine::search::{MateSolver, Searcher};
use rookery_engine::{fen, notation, Position, Variant};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, FromSetup, Position as _};

fn position(text: &str) -> Position {
    fen::parse(&Variant::Chess.rules().unwrap(), text).unwrap()
}

fn theirs(text: &str) -> Chess {
    let setup = text.parse::<Fen>().unwrap().into_setup();
    Chess::from_setup(setup, CastlingMode::Standard).unwrap()
}

fn after(position: &Chess, mv: shakmaty::Move) -> Chess {
    let mut next = position.clone();
    next.play_unchecked(mv);
    next
}

/// Whether the side to move mates within `n` moves, by trying everything.
fn brute_mates(position: &Chess, n: u32) -> bool {
    position.legal_moves().into_iter().any(|mv| brute_lost(&after(position, mv), n - 1))
}

/// Whether the side to move is mated within `n` opponent moves whatever it plays.
fn brute_lost(position: &Chess, n: u32) -> bool {
    if position.is_checkmate() {
        return true;
    }
    let replies = position.legal_moves();
    n > 0 && !replies.is_empty() && replies.into_iter().all(|reply| brute_mates(&after(position, reply), n))
}

/// The fewest moves to mate by brute force, if within `max`.
fn brute_shortest(text: &str, max: u32) -> Option<u32> {
    let position = theirs(text);
    (1..=max).find(|&n| brute_mates(&position, n))
}

const BACK_RANK: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
/// A smothered-style finish: 1. Nf6+ gxf6 2. Bxf7#.
const KNIGHT_AND_BISHOP: &str = "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1";
/// A rook ending: 1. Kg6 and mate on the back rank.
const ROOK_ENDING: &str = "7k/4R3/7P/5KPP/7r/8/8/8 w - - 7 78";
/// King and rook against king.
const KING_AND_ROOK: &str = "7k/R7/3K4/8/8/8/8/8 w - - 0 1";

#[test]
fn known_mates_are_found_at_their_length() {
    let mut solver = MateSolver::new();
    for (text, length) in [(BACK_RANK, 1), (KNIGHT_AND_BISHOP, 2), (ROOK_ENDING, 3), (KING_AND_ROOK, 4)] {
        let mut ours = position(text);
        assert_eq!(solver.shortest_mate(&mut ours, 5), Some(length), "{text}");
        assert_eq!(brute_shortest(text, length), Some(length), "brute force on {text}");
        assert_eq!(fen::write(&ours), fen::write(&position(text)), "the position is left as it was");
    }
}

#[test]
fn no_mate_is_claimed_where_there_is_none() {
    let mut solver = MateSolver::new();
    for text in [
        rookery_engine::variants::chess::START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        // Stalemate is not mate: the king has no move and is not in check.
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        let mut ours = position(text);
        assert!(!solver.forces_mate(&mut ours, 3), "{text}");
        assert!(!solver.is_lost(&mut ours, 0), "{text}");
    }
    let mut mated = position("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert!(solver.is_lost(&mut mated, 0));
}

#[test]
fn mating_moves_are_the_ones_that_keep_the_mate() {
    let mut solver = MateSolver::new();
    let mut two_mates = position("6k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1");
    let mut sans: Vec<String> =
        solver.keeping_moves(&mut two_mates, 1).iter().map(|m| notation::san(&two_mates, *m)).collect();
    sans.sort();
    assert_eq!(sans, ["Rd8#", "Re8#"]);
    let mut two_rooks = position("7k/8/8/8/8/8/R7/1R4K1 w - - 0 1");
    let mut sans: Vec<String> =
        solver.keeping_moves(&mut two_rooks, 2).iter().map(|m| notation::san(&two_rooks, *m)).collect();
    sans.sort();
    assert_eq!(sans, ["Ra7", "Rb7"]);
}

/// Random play that prefers checks and captures, so mates come up.
#[test]
fn mate_in_two_agrees_with_brute_force_on_random_games() {
    let mut rng = StdRng::seed_from_u64(8);
    let mut solver = MateSolver::new();
    let (mut compared, mut mates) = (0, 0);
    while compared < 10_000 {
        let mut ours = position(rookery_engine::variants::chess::START);
        for ply in 0..120 {
            let legal = ours.legal_moves();
            if legal.is_empty() {
                break;
            }
            if ply >= 16 {
                let text = fen::write(&ours);
                let expected = brute_mates(&theirs(&text), 1) || brute_mates(&theirs(&text), 2);
                assert_eq!(solver.forces_mate(&mut ours, 2), expected, "{text}");
                compared += 1;
                mates += usize::from(expected);
            }
            let forcing: Vec<_> = legal
                .iter()
                .copied()
                .filter(|&mv| {
                    let capture = notation::is_capture(&ours, mv);
                    ours.make(mv);
                    let check = ours.is_check();
                    ours.unmake();
                    capture || check
                })
                .collect();
            let pool = if !forcing.is_empty() && rng.random_range(0..3) > 0 { &forcing } else { &legal };
            ours.make(pool[rng.random_range(0..pool.len())]);
        }
    }
    assert!(mates >= 50, "only {mates} of {compared} positions had a mate: the test says little");
}

#[test]
fn alpha_beta_finds_mates_and_material() {
    let rules = Variant::Chess.rules().unwrap();
    let mut searcher = Searcher::new(&rules);
    let mut mate_in_two = position(KNIGHT_AND_BISHOP);
    let result = searcher.search(&mut mate_in_two, 4);
    assert_eq!(result.mate_in(), Some(2));
    assert_eq!(notation::san(&mate_in_two, result.best.unwrap()), "Nf6+");

    let mut mated = position("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    assert_eq!(searcher.search(&mut mated, 3).mate_in(), Some(0));
    let mut stalemate = position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert_eq!(searcher.search(&mut stalemate, 3).score, 0);

    // A queen left hanging is taken.
    let mut hanging = position("4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1");
    let result = searcher.search(&mut hanging, 2);
    assert_eq!(notation::san(&hanging, result.best.unwrap()), "Rxd5");
    assert!(result.score > 300 && result.mate_in().is_none(), "{result:?}");
}

/// Tactics a player must see, each with its only good move.
const TACTICS: [(&str, &str); 4] = [
    // Mate in two behind a knight check.
    (KNIGHT_AND_BISHOP, "Nf6+"),
    // A queen left hanging, and a knight fork of king and queen.
    ("4k3/8/2q5/8/3N4/8/8/4K3 w - - 0 1", "Nxc6"),
    ("2q1k3/8/8/1N6/8/8/8/4K3 w - - 0 1", "Nd6+"),
    // The back rank.
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "Rd8#"),
];

#[test]
fn the_players_search_keeps_the_tactics_of_the_full_width_one() {
    let rules = Variant::Chess.rules().unwrap();
    for (text, best) in TACTICS {
        let mut plain = Searcher::new(&rules);
        let mut player = Searcher::new(&rules).positional();
        let mut here = position(text);
        let full = plain.search(&mut here, 4);
        let pruned = player.search(&mut here, 6);
        assert_eq!(notation::san(&here, pruned.best.unwrap()), best, "{text}");
        assert_eq!(notation::san(&here, full.best.unwrap()), best, "{text}");
        assert_eq!(pruned.mate_in(), full.mate_in(), "{text}");
        assert_eq!(fen::write(&here), text, "the search leaves the position as it was");
    }
}

#[test]
fn null_move_pruning_does_not_blind_the_player_to_zugzwang() {
    // A king and pawn ending is won by zugzwang (the king on the sixth in
    // front of its pawn); a pass would refute it, so none is ever tried
    // with only pawns and royals, and the win is seen.
    let rules = Variant::Chess.rules().unwrap();
    let mut player = Searcher::new(&rules).positional();
    let mut here = position("3k4/8/3K4/3P4/8/8/8/8 w - - 0 1");
    let result = player.search(&mut here, 12);
    assert!(result.score > 300, "White wins the pawn ending: {result:?}");
}

#[test]
fn where_pieces_stand_counts_for_the_player_only() {
    let rules = Variant::Chess.rules().unwrap();
    // The terms' own judgement: chess's network (tested in `search::network`)
    // rightly finds a lone knight a draw wherever it stands.
    let (plain, player) = (Searcher::new(&rules), Searcher::new(&rules).positional().without_network());
    let centre = position("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1");
    let corner = position("4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
    assert_eq!(plain.evaluate(&centre), plain.evaluate(&corner));
    assert!(player.evaluate(&centre) > player.evaluate(&corner) + 10);
    let far = position("4k3/8/1P6/8/8/8/8/4K3 w - - 0 1");
    let home = position("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1");
    assert!(player.evaluate(&far) > player.evaluate(&home) + 20, "a passed pawn near promotion is worth more");
    // With queens on, the king is safer at home; with nothing left, in the centre.
    let exposed = position("3qk3/8/8/8/8/4K3/8/3Q4 w - - 0 1");
    let sheltered = position("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(player.evaluate(&sheltered) > player.evaluate(&exposed));
    let central = position("4k3/8/8/8/4K3/8/8/8 w - - 0 1");
    let edge = position("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(player.evaluate(&central) > player.evaluate(&edge));
}

#[test]
fn the_quiet_move_rule_draws_along_the_line_unless_the_last_move_mates() {
    let rules = Variant::Chess.rules().unwrap();
    let mut player = Searcher::new(&rules).positional();
    // A queen down with 99 quiet plies played: any move reaches the hundredth.
    let drawn = player.search(&mut position("4k3/8/8/8/8/8/8/3QK3 b - - 99 80"), 4);
    assert_eq!(drawn.score, 0);
    let lost = player.search(&mut position("4k3/8/8/8/8/8/8/3QK3 b - - 20 80"), 4);
    assert!(lost.score < -500);
    // The hundredth ply that mates wins.
    let mate = player.search(&mut position("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80"), 4);
    assert_eq!(mate.mate_in(), Some(1));
    assert_eq!(notation::san(&position("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80"), mate.best.unwrap()), "Qb8#");
}

#[test]
fn a_bare_king_is_worth_driving_into_a_corner() {
    let rules = Variant::Chess.rules().unwrap();
    let player = Searcher::new(&rules).positional();
    // A rook and king against a king in the open, then against one shut
    // into the corner by the rook (guarded) and the king: the rook's side
    // gains by it, whoever is to move.
    let open = position("8/8/8/3k4/8/8/8/R3K3 w - - 0 1");
    let cornered = position("k7/8/2K5/1R6/8/8/8/8 w - - 0 1");
    assert!(player.evaluate(&cornered) > player.evaluate(&open) + 150);
    let (open, cornered) = (position("8/8/8/3k4/8/8/8/R3K3 b - - 0 1"), position("k7/8/2K5/1R6/8/8/8/8 b - - 0 1"));
    assert!(player.evaluate(&cornered) < player.evaluate(&open) - 150);
    // New chess's two bare kings count together: one shut into the a-file
    // by the tower on b3 (guarded) and a king, the other behind the tower's
    // rank in a corner, or roaming the board.
    let rules = Variant::NewChess.rules().unwrap();
    let player = Searcher::new(&rules).positional();
    let game = |text: &str| rookery_engine::game::Game::from_fen(Variant::NewChess, text).unwrap();
    let both_shut = game("k9/10/2K7/10/10/10/10/1T8/2J7/9j[] w - 0 1");
    let one_free = game("k9/10/2K7/10/6j3/10/10/1T8/2J7/10[] w - 0 1");
    let (shut, free) = (player.evaluate(both_shut.position()), player.evaluate(one_free.position()));
    assert!(shut > free + 100, "{shut} against {free}");
}

#[test]
fn a_null_move_is_taken_back_exactly() {
    let mut here = position("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    here.make(here.legal_moves().into_iter().find(|m| notation::san(&here, *m) == "f5").unwrap());
    let (text, hash) = (fen::write(&here), here.hash());
    let saved = here.make_null();
    assert_eq!(here.turn(), rookery_engine::Color::Black);
    assert!(here.en_passant().is_none(), "the en-passant chance lapses with the pass");
    assert_ne!(here.hash(), hash);
    here.unmake_null(saved);
    assert_eq!((fen::write(&here), here.hash()), (text, hash));
}

#[test]
fn the_player_searches_every_variant() {
    for variant in Variant::ALL {
        let rules = variant.rules().unwrap();
        let mut player = Searcher::new(&rules).positional();
        let mut start = fen::parse(&rules, rules.start).unwrap();
        let before = fen::write(&start);
        let result = player.search(&mut start, 3);
        assert!(result.best.is_some(), "{variant:?}");
        assert_eq!(fen::write(&start), before, "{variant:?}");
    }
}

/// Black, a queen down, after 1.Nf3 Nc6 2.Ng1 Nb8 3.Nf3 Nc6 4.Ng1 (or the
/// first `plies` of it): ...Nb8 would stand the start position for the third
/// time, a draw.
fn knights_shuffled(plies: usize) -> rookery_engine::game::Game {
    use rookery_engine::game::{parse_action, Game, GameRecord};
    let start = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let record =
        GameRecord { variant: Variant::Chess, options: String::new(), start: Some(start.into()), actions: vec![] };
    let mut game = Game::replay(&record).unwrap();
    for san in ["Nf3", "Nc6", "Ng1", "Nb8", "Nf3", "Nc6", "Ng1"].into_iter().take(plies) {
        let action = parse_action(game.position(), san).unwrap();
        game.apply(action).unwrap();
    }
    game
}

#[test]
fn a_third_occurrence_in_the_game_is_a_draw_and_a_second_is_not() {
    let rules = Variant::Chess.rules().unwrap();
    let mut searcher = Searcher::new(&rules).positional();
    // Told the game so far, Black sees that ...Nb8 draws at once.
    let game = knights_shuffled(7);
    searcher.set_earlier_positions(game.earlier_positions());
    let result = searcher.search(&mut game.position().clone(), 4);
    assert_eq!(result.score, 0);
    assert_eq!(notation::san(game.position(), result.best.unwrap()), "Nb8");
    // Not told, it sees only the missing queen.
    searcher.set_earlier_positions(&[]);
    assert!(searcher.search(&mut game.position().clone(), 4).score < -500);
    // After 2.Ng1, ...Nb8 stands the start position only a second time: no draw.
    let game = knights_shuffled(3);
    searcher.set_earlier_positions(game.earlier_positions());
    assert!(searcher.search(&mut game.position().clone(), 4).score < -500);
}

#[test]
fn a_search_out_of_time_before_it_starts_still_looks_one_ply_deep() {
    let rules = Variant::Chess.rules().unwrap();
    // The queen is the only piece worth taking; the first legal move is not the capture.
    let text = "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1";
    let past = std::time::Instant::now() - std::time::Duration::from_secs(1);
    for limit_by_nodes in [false, true] {
        let mut searcher = Searcher::new(&rules).positional();
        if limit_by_nodes {
            searcher.set_node_limit(Some(1));
        } else {
            searcher.set_deadline(Some(past));
        }
        let mut hanging = position(text);
        let result = searcher.search(&mut hanging, 8);
        assert_eq!(notation::san(&hanging, result.best.unwrap()), "Rxd5", "{result:?}");
        assert!(result.depth >= 1, "{result:?}");
    }
    // A stop still gives up at once: the interface asked for an answer now.
    let mut searcher = Searcher::new(&rules).positional();
    searcher.set_stop(Some(std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true))));
    let result = searcher.search(&mut position(text), 8);
    assert_eq!(result.depth, 0, "{result:?}");
}

#[test]
fn a_move_time_is_spent_whole_unless_one_move_is_legal() {
    use std::time::{Duration, Instant};
    let rules = Variant::Chess.rules().unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    // The time is the move's alone: it deepens until the deadline stops it.
    let mut searcher = Searcher::new(&rules).positional();
    let began = Instant::now();
    searcher.set_move_time(began + Duration::from_millis(60));
    let result = searcher.search(&mut position(start), 32);
    assert!(searcher.aborted() && began.elapsed() >= Duration::from_millis(60), "{result:?}");
    // A move with nothing to choose is played after the first iteration.
    let mut searcher = Searcher::new(&rules).positional();
    let began = Instant::now();
    searcher.set_move_time(began + Duration::from_secs(30));
    let mut cornered = position("7k/8/8/8/8/8/8/4K1R1 b - - 0 1");
    let result = searcher.search(&mut cornered, 32);
    assert!(!searcher.aborted() && began.elapsed() < Duration::from_secs(30), "{result:?}");
    assert_eq!(notation::san(&cornered, result.best.unwrap()), "Kh7");
}
