//! A turn that starts with a roll, weighed inside the tree: the value of a
//! position before its roll is the average, over the rolls' grants and their
//! probabilities, of the best move each allows. Without it, a game such as
//! Guardener would be searched as if nothing but the free moves were ever
//! allowed below the first ply, and a piece left where a lucky roll takes it
//! would look safe.
//!
//! The pruning is Ballard's *-minimax (Star2): each grant's first move is
//! searched first, and its value is a lower bound for that grant. If those
//! bounds alone reach beta, the node is cut with one move searched per
//! grant, much as an alpha-beta cut-node needs one refutation. Otherwise each
//! grant is searched in a window narrowed by what the others are known to be
//! worth (Star1), and the node is cut as soon as the average is decided.

use std::sync::Arc;

use super::{Bound, Entry, Searcher, MATE, MAX_PLY};
use crate::grants::Grants;
use crate::moves::Move;
use crate::options::GameOptions;
use crate::position::Position;
use crate::rules::{every_outcome, Chance, InTree, Rules, TurnRoll};
use crate::search::order::victim_value;
use crate::search::see;
use crate::search::{key, table_key};

/// Rolls in one turn's chain that are weighed: a chain asking for more
/// (after Guardener's double, one turn in four) is taken as its grants so
/// far. The rolls after a double open rare moves (teleports, castling), and
/// each would multiply the grants to weigh (66 distinct sets for three rolls
/// of 2d4, 10 for one).
const LONGEST_CHAIN: usize = 1;

/// What a turn's rolls may grant, each distinct set once with its
/// probability, the likeliest first.
pub(super) type TurnGrants = Arc<[(Grants, f64)]>;

/// The rolls a searcher weighs in its tree, by the rules' [`InTree`].
#[derive(Default)]
pub(super) struct TreeRolls {
    /// [`InTree::EveryTurn`]: what the roll starting each turn grants...
    pub turn: Option<TurnGrants>,
    /// ...and all of those grants at once.
    pub any_turn_grant: Grants,
    /// [`InTree::Deployment`]: the roll's kind and its outcomes.
    pub deployment: Option<(usize, Vec<Vec<u32>>)>,
    /// The game's options, which a roll's grants may read.
    pub options: GameOptions,
}

/// The grants a turn of `rules` ends its rolls with, if the rules say every
/// turn starts with a roll whose grants depend on the faces alone.
pub(super) fn turn_grants(rules: &Arc<Rules>) -> Option<TurnGrants> {
    let chance = rules.chance.filter(|chance| chance.in_tree == InTree::EveryTurn)?;
    let position = Position::empty(rules.clone());
    let mut found = Vec::new();
    chain(&chance, &position, &GameOptions::default(), &mut Vec::new(), 1.0, &mut found);
    found.sort_by(|a: &(Grants, f64), b| b.1.total_cmp(&a.1));
    Some(found.into())
}

/// Every way the turn's chain can go on from `rolls` (reached with
/// probability `probability`), added to `found` by what it grants.
fn chain(
    chance: &Chance,
    position: &Position,
    options: &GameOptions,
    rolls: &mut Vec<TurnRoll>,
    probability: f64,
    found: &mut Vec<(Grants, f64)>,
) {
    match (chance.required)(position, options, rolls) {
        Some(kind) if rolls.len() < LONGEST_CHAIN && kind < chance.kinds.len() => {
            let outcomes = every_outcome(chance.kinds[kind].dice);
            let each = probability / outcomes.len() as f64;
            for faces in outcomes {
                rolls.push((kind, faces));
                chain(chance, position, options, rolls, each, found);
                rolls.pop();
            }
        }
        _ => {
            let granted = (chance.grant)(position, options, rolls);
            match found.iter_mut().find(|(seen, _)| *seen == granted) {
                Some((_, total)) => *total += probability,
                None => found.push((granted, probability)),
            }
        }
    }
}

impl Searcher {
    /// The same searcher weighing, at every ply, the roll that starts each
    /// turn of a game such as Guardener: a position before its roll is worth
    /// the average of the best move each outcome allows. Without it the
    /// searcher sees only the moves no roll is needed for below its root.
    /// Games whose rolls are not of that kind are searched as before.
    pub fn weighing_rolls(mut self) -> Searcher {
        let turn = turn_grants(&self.rules);
        let any_turn_grant =
            turn.iter().flat_map(|grants| grants.iter()).fold(Grants::NONE, |all, (g, _)| all.union(*g));
        let deployment = self.rules.chance.and_then(|chance| match chance.in_tree {
            InTree::Deployment(kind) => Some((kind, every_outcome(chance.kinds.get(kind)?.dice))),
            _ => None,
        });
        let options = GameOptions::defaults(self.rules.options);
        self.rolls = TreeRolls { turn, any_turn_grant, deployment, options };
        self
    }

    /// The options of the game searched, which a roll's grants may read
    /// (Dice Landing's die); the rules' defaults until set.
    pub fn set_options(&mut self, options: &GameOptions) {
        self.rolls.options.clone_from(options);
    }

    /// What the game searched knows beyond its position: the keys of its
    /// earlier positions ([`Searcher::set_earlier_positions`]) and its
    /// options ([`Searcher::set_options`]).
    pub fn set_game(&mut self, earlier_positions: &[u64], options: &GameOptions) {
        self.set_earlier_positions(earlier_positions);
        self.set_options(options);
    }

    /// Whether this searcher weighs, at every ply, the roll that starts each
    /// turn of its game.
    pub fn weighs_every_turn(&self) -> bool {
        self.rolls.turn.is_some()
    }

    /// The value for the side to move of `position`, whose turn's roll is
    /// still to come (else of its moves), `depth` plies deep (one iteration
    /// deeper at a time):
    /// the average over the roll's grants of the best move each allows.
    /// `None` once the search is given up. One search weighs the roll where
    /// rolling it through a game would search each outcome apart, each chain
    /// of doubles included (about 46 searches for Guardener's 2d4); the
    /// rolls after a double are left out, as everywhere in the tree.
    pub fn search_before_roll(&mut self, position: &mut Position, depth: u32) -> Option<i32> {
        if !self.before_roll(position) {
            // Rolled already: its moves are searched as they are.
            let result = self.search(position, depth);
            return (!self.aborted).then_some(result.score);
        }
        self.begin_search();
        let mut value = None;
        for iteration in 1..=depth.clamp(1, MAX_PLY as u32 / 2) {
            let score = self.chance(position, iteration as i32, 0, -MATE - 1, MATE + 1);
            if self.aborted {
                return None;
            }
            value = Some(score);
        }
        value
    }

    /// Whether `position` waits for its turn's roll, which this searcher
    /// weighs in the tree (see [`Searcher::weighing_rolls`]).
    #[inline]
    pub(super) fn before_roll(&self, position: &Position) -> bool {
        self.rolls.turn.is_some() && position.granted().is_empty()
    }

    /// The value of `position` before its roll, `depth` plies from the leaves.
    pub(super) fn chance(&mut self, position: &mut Position, depth: i32, ply: usize, alpha: i32, beta: i32) -> i32 {
        if depth <= 0 {
            return self.chance_quiescence(position, ply, alpha, beta);
        }
        let key = key(position);
        if let Some(score) = self.table.get(key).and_then(|e| e.settles(depth, ply, alpha, beta)) {
            return score;
        }
        let grants = self.rolls.turn.clone().expect("called before a roll only");
        // Probes: a grant is worth at least its first move in the usual order.
        let mut lower = vec![-MATE; grants.len()];
        let mut lower_total = -f64::from(MATE);
        for (index, &(granted, probability)) in grants.iter().enumerate() {
            position.set_granted(granted);
            let probe = self.first_move(position, depth, ply, alpha, beta);
            position.set_granted(Grants::NONE);
            if self.aborted {
                return 0;
            }
            if let Some(value) = probe {
                lower[index] = value;
                lower_total += probability * f64::from(value + MATE);
            }
            if lower_total >= f64::from(beta) {
                return self.store_chance(key, depth, ply, lower_total, Bound::Lower);
            }
        }
        // Each grant in the window where it can still decide the average.
        let (mut done, mut rest, mut rest_lower) = (0.0, 1.0, lower_total);
        for (index, &(granted, probability)) in grants.iter().enumerate() {
            rest -= probability;
            rest_lower -= probability * f64::from(lower[index]);
            let highest_rest = rest * f64::from(MATE);
            let low = ((f64::from(alpha) - done - highest_rest) / probability).floor();
            let high = ((f64::from(beta) - done - rest_lower) / probability).ceil();
            let low = (low.max(f64::from(-MATE - 1)) as i32).max(lower[index] - 1);
            let high = high.min(f64::from(MATE + 1)) as i32;
            position.set_granted(granted);
            let value = self.negamax(position, depth, ply, low, high.max(low + 1), false);
            position.set_granted(Grants::NONE);
            if self.aborted {
                return 0;
            }
            let with_this = done + probability * f64::from(value);
            if value >= high {
                return self.store_chance(key, depth, ply, with_this + rest_lower, Bound::Lower);
            }
            if value <= low {
                return self.store_chance(key, depth, ply, with_this + highest_rest, Bound::Upper);
            }
            done = with_this;
        }
        self.store_chance(key, depth, ply, done, Bound::Exact)
    }

    /// The value of the granted position's first move in the usual order,
    /// if it is a lower bound for the position (above `alpha`); the position
    /// itself if it has no move.
    fn first_move(&mut self, position: &mut Position, depth: i32, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        position.generate_legal(&mut moves);
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return Some(if position.is_check() { -MATE + ply as i32 } else { 0 });
        }
        let table_move = self.table.get(table_key(position)).and_then(|e| e.best);
        self.key_moves(position, &moves, table_move, ply);
        let mv = self.pick(position, ply, 0);
        self.buffers[ply] = moves;
        self.line.push(key(position));
        position.make(mv);
        let value = -self.negamax(position, depth - 1, ply + 1, -beta, -alpha, true);
        position.unmake();
        self.line.pop();
        (value > alpha).then_some(value)
    }

    /// The quiescence search before a roll: the side stands on the
    /// position's score whatever it rolls, or makes the best capture the
    /// roll allows, valued by its static exchange. Searching the captures
    /// to quiet, as the search without dice does, multiplies by the grants
    /// at every capture, and an average is rarely cut off early: the
    /// exchange keeps the leaves cheap. The captures are generated once,
    /// under all the grants together, and each grant takes the best of those
    /// it opens.
    pub(super) fn chance_quiescence(&mut self, position: &mut Position, ply: usize, alpha: i32, beta: i32) -> i32 {
        let stand_pat = self.remembered_evaluation(position) - self.royal_danger(position);
        if stand_pat >= beta || ply >= MAX_PLY {
            return stand_pat;
        }
        if position.is_check() {
            // Rare where every turn is rolled for (Guardener has no check):
            // each grant's own search, which handles evasions.
            return self.each_grant_quiescence(position, ply, alpha, beta);
        }
        let grants = self.rolls.turn.clone().expect("called before a roll only");
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        position.set_granted(self.rolls.any_turn_grant);
        position.generate_noisy(&mut moves);
        position.set_granted(Grants::NONE);
        let rules = self.rules.clone();
        // What each capture is worth, standing on the position's score.
        let captures: Vec<(Move, i32)> = moves
            .iter()
            .filter_map(|&mv| {
                let royal = position.piece_at(mv.to).is_some_and(|p| rules.kinds[p.kind.0 as usize].royal);
                let value = if royal {
                    MATE - ply as i32 - 1
                } else {
                    let gain = see::exchange(position, mv, &self.values)
                        .unwrap_or_else(|| victim_value(position, mv, &self.values));
                    stand_pat + gain
                };
                (value > stand_pat).then_some((mv, value))
            })
            .collect();
        self.buffers[ply] = moves;
        if captures.is_empty() {
            return stand_pat;
        }
        let gating = rules.gating.as_ref();
        let mut total = 0.0;
        for &(granted, probability) in grants.iter() {
            let best = captures
                .iter()
                .filter(|(mv, _)| gating.is_none_or(|g| g.opens_noisy(position, *mv, granted)))
                .map(|&(_, value)| value)
                .fold(stand_pat, i32::max);
            total += probability * f64::from(best);
        }
        total.round() as i32
    }

    /// The quiescence search of each grant in turn, averaged.
    fn each_grant_quiescence(&mut self, position: &mut Position, ply: usize, alpha: i32, beta: i32) -> i32 {
        let grants = self.rolls.turn.clone().expect("called before a roll only");
        let mut total = 0.0;
        for &(granted, probability) in grants.iter() {
            position.set_granted(granted);
            total += probability * f64::from(self.quiescence(position, ply, alpha, beta));
            position.set_granted(Grants::NONE);
        }
        total.round() as i32
    }

    fn store_chance(&mut self, key: u64, depth: i32, ply: usize, value: f64, bound: Bound) -> i32 {
        let value = (value.round() as i32).clamp(-MATE, MATE);
        let entry = Entry {
            generation: self.generation,
            depth: depth as u8,
            bound,
            score: super::to_table(value, ply),
            best: None,
        };
        self.table.put(key, entry);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Action, Game};
    use crate::variant::Variant;

    #[test]
    fn a_guardener_turn_grants_one_of_ten_sets() {
        let grants = turn_grants(&Variant::Guardener.rules().unwrap()).unwrap();
        assert_eq!(grants.len(), 10);
        let total: f64 = grants.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // Six pairs of different faces, two orders each; then four doubles.
        assert!(grants[..6].iter().all(|(_, p)| (p - 2.0 / 16.0).abs() < 1e-12));
        assert!(grants[6..].iter().all(|(_, p)| (p - 1.0 / 16.0).abs() < 1e-12));
        assert!(turn_grants(&Variant::Chess.rules().unwrap()).is_none());
        assert!(turn_grants(&Variant::DiceLanding.rules().unwrap()).is_none());
    }

    /// White's score two plies deep after rolling `[3,4]` (only the king and
    /// pawns may move: the queen cannot be saved) in `fen`.
    fn score(fen: &str, weighing: bool) -> i32 {
        let mut game = Game::from_fen(Variant::Guardener, fen).unwrap();
        game.apply(Action::Roll { side: crate::color::Color::White, kind: 0, faces: vec![3, 4] }).unwrap();
        let rules = Variant::Guardener.rules().unwrap();
        let searcher = Searcher::new(&rules).positional();
        let mut searcher = if weighing { searcher.weighing_rolls() } else { searcher };
        searcher.search(&mut game.position().clone(), 2).score
    }

    #[test]
    fn a_queen_a_knight_takes_on_most_rolls_is_mostly_lost() {
        // The knight on e6 takes the queen on d4 with a 2 or a double: ten
        // rolls in sixteen. On a6 it never reaches her.
        let attacked = "4/4k3/8/5n4/10/4Q5/10/8/4K3/4 w - - - - 0 1";
        let safe = "4/4k3/8/1n8/10/4Q5/10/8/4K3/4 w - - - - 0 1";
        let (attacked_score, safe_score) = (score(attacked, true), score(safe, true));
        let expected_loss = safe_score - attacked_score;
        assert!((450..700).contains(&expected_loss), "{safe_score} against {attacked_score}");
        // Without weighing the rolls, Black has no roll below the root and
        // never takes: the queen looks as safe on d4 as anywhere.
        assert!((score(safe, false) - score(attacked, false)).abs() < 100);
    }

    #[test]
    fn a_position_before_its_roll_is_worth_the_average_over_the_grants() {
        // Black to roll, its knight on e6 facing White's queen on d4.
        let fen = "4/4k3/8/5n4/10/4Q5/10/8/4K3/4 b - - - - 0 1";
        let rules = Variant::Guardener.rules().unwrap();
        let position = Game::from_fen(Variant::Guardener, fen).unwrap().position().clone();
        let fresh = || Searcher::new(&rules).positional().weighing_rolls();
        let weighed = fresh().search_before_roll(&mut position.clone(), 2).unwrap();
        let grants = turn_grants(&rules).unwrap();
        let average: f64 = grants
            .iter()
            .map(|&(granted, probability)| {
                let mut rolled = position.clone();
                rolled.set_granted(granted);
                probability * f64::from(fresh().search(&mut rolled, 2).score)
            })
            .sum();
        assert!((f64::from(weighed) - average).abs() <= 1.0, "{weighed} against {average}");
        // Most rolls take the queen: far better than a knight that cannot.
        let far = Game::from_fen(Variant::Guardener, "4/4k3/8/1n8/10/4Q5/10/8/4K3/4 b - - - - 0 1").unwrap();
        let weighed_far = fresh().search_before_roll(&mut far.position().clone(), 2).unwrap();
        assert!(weighed - weighed_far > 400, "{weighed} against {weighed_far}");
    }
}
