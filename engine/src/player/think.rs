//! Choosing among a turn's options: iterative deepening over every move, roll
//! and pass the turn offers, each valued by an expectimax over the game's
//! turn protocol down to the alpha-beta searcher.

use std::time::Instant;

use rand::Rng;

use super::chance::outcomes;
use super::{Decision, Player};
use crate::color::Color;
use crate::game::{Action, Choice, Game};
use crate::search::MATE;

/// Rolls searched in a row before the searcher takes over without dice: a
/// Guardener turn with a double, or a deploy roll after a move.
const CHANCE_PLIES: u32 = 2;
/// A won game's score: above any material, below a mate the searcher counts.
const WON: i32 = MATE - 500;

/// The chosen decision and its value for the player, in centipawns.
pub(super) struct Thought {
    pub decision: Decision,
    pub score: i32,
}

pub(super) struct Thinker<'p> {
    player: &'p mut Player,
    side: Color,
}

impl<'p> Thinker<'p> {
    pub(super) fn new(player: &'p mut Player, side: Color) -> Thinker<'p> {
        Thinker { player, side }
    }

    /// The best of the turn's moves, optional rolls and passes within the
    /// level's budget; at weak levels a random one of those close to the
    /// best. `None` if the turn offers none of them.
    pub(super) fn best(mut self, game: &Game, choices: &[Choice], rng: &mut impl Rng) -> Option<Thought> {
        let mut candidates = self.candidates(game, choices);
        if candidates.is_empty() {
            return None;
        }
        let (level, budget) = (self.player.level, self.player.budget);
        let start = Instant::now();
        if level.tolerance() == 0 && plain_moves(game, &candidates) {
            return Some(self.searched(game, start + budget, level.max_depth()));
        }
        let mut scores: Vec<i32> = Vec::new();
        for depth in 1..=level.max_depth() {
            // The first iteration always completes, so there is an answer.
            self.player.searcher.set_deadline((depth > 1).then(|| start + budget));
            let Some(these) = candidates.iter().map(|c| self.value(game, c, depth, rng)).collect::<Option<Vec<_>>>()
            else {
                break;
            };
            // Best first, so the next iteration's table is filled the useful way.
            let mut paired: Vec<_> = candidates.into_iter().zip(these).collect();
            paired.sort_by_key(|(_, score)| -score);
            (candidates, scores) = paired.into_iter().unzip();
            let spent = start.elapsed();
            // The next iteration takes several times as long as this one.
            if scores[0] >= WON - 100 || spent * 3 > budget {
                break;
            }
        }
        self.player.searcher.set_deadline(None);
        let best = scores[0];
        let close = scores.iter().take_while(|&&score| score >= best.saturating_sub(level.tolerance())).count();
        // A pass is a once-a-game resource: weak levels lose by missing
        // tactics, not by throwing it away, so chance picks a pass only when
        // it scores above every other option.
        let is_pass = |decision: &Decision| matches!(decision, Decision::Act(Action::Pass(_)));
        let best_other = candidates.iter().zip(&scores).find(|(c, _)| !is_pass(c)).map(|(_, &score)| score);
        let eligible: Vec<usize> = (0..close)
            .filter(|&i| !is_pass(&candidates[i]) || best_other.is_none_or(|other| scores[i] > other))
            .collect();
        let pick = eligible[rng.random_range(0..eligible.len())];
        Some(Thought { decision: candidates.swap_remove(pick), score: scores[pick] })
    }

    /// The best move by the searcher's own iterative deepening from the
    /// root, where alpha-beta and its pruning work across the moves too.
    fn searched(&mut self, game: &Game, deadline: Instant, depth: u32) -> Thought {
        let mut position = game.position().clone();
        let searcher = &mut self.player.searcher;
        searcher.set_deadline(Some(deadline));
        let result = searcher.search(&mut position, depth);
        searcher.set_deadline(None);
        let best = result.best.expect("the turn offers a move, so there is a legal one");
        Thought { decision: Decision::Act(Action::Move(best)), score: result.score }
    }

    fn candidates(&self, game: &Game, choices: &[Choice]) -> Vec<Decision> {
        let mut candidates = Vec::new();
        for choice in choices {
            match *choice {
                Choice::Move => candidates
                    .extend(game.position().legal_moves().into_iter().map(|mv| Decision::Act(Action::Move(mv)))),
                Choice::Roll { kind, .. } => candidates.push(Decision::Roll { kind }),
                Choice::Pass { .. } => candidates.push(Decision::Act(Action::Pass(self.side))),
                _ => {}
            }
        }
        candidates
    }

    /// What `decision` is worth to the player, looking `depth` plies ahead;
    /// `None` once the budget ran out.
    fn value(&mut self, game: &Game, decision: &Decision, depth: u32, rng: &mut impl Rng) -> Option<i32> {
        match decision {
            Decision::Act(action) => {
                let mut after = game.clone();
                after.apply(action.clone()).ok()?;
                self.node(&after, depth - 1, CHANCE_PLIES, rng)
            }
            Decision::Roll { kind } => self.roll(game, self.side, *kind, depth, CHANCE_PLIES, rng),
            Decision::Secret { .. } => None,
        }
    }

    /// The average value over every outcome of `side` rolling kind `kind`.
    fn roll(
        &mut self,
        game: &Game,
        side: Color,
        kind: usize,
        depth: u32,
        chance: u32,
        rng: &mut impl Rng,
    ) -> Option<i32> {
        let dice = game.position().rules().chance?.kinds.get(kind)?.dice;
        let (mut total, mut weights) = (0.0, 0.0);
        for (faces, weight) in outcomes(dice, rng) {
            let mut after = game.clone();
            if after.apply(Action::Roll { side, kind, faces }).is_err() {
                continue;
            }
            total += weight * f64::from(self.node(&after, depth, chance.saturating_sub(1), rng)?);
            weights += weight;
        }
        Some(if weights > 0.0 { (total / weights).round() as i32 } else { self.static_value(game) })
    }

    /// The value of `game` for the player, whoever acts next.
    fn node(&mut self, game: &Game, depth: u32, chance: u32, rng: &mut impl Rng) -> Option<i32> {
        if let Some(outcome) = game.outcome() {
            return Some(match outcome.winner {
                Some(winner) if winner == self.side => WON,
                Some(_) => -WON,
                None => 0,
            });
        }
        let turn = game.turn()?;
        let sign = if turn.side == self.side { 1 } else { -1 };
        let required = turn.choices.iter().find_map(|c| match c {
            Choice::Roll { kind, required: true, .. } => Some(*kind),
            _ => None,
        });
        if let (Some(kind), true) = (required, chance > 0) {
            return self.roll(game, turn.side, kind, depth, chance, rng);
        }
        let can_move = turn.choices.contains(&Choice::Move);
        if !can_move && turn.choices.iter().any(|c| matches!(c, Choice::Pass { forced: true })) && chance > 0 {
            let mut after = game.clone();
            after.apply(Action::Pass(turn.side)).ok()?;
            return self.node(&after, depth, chance - 1, rng);
        }
        if !can_move && required.is_none() {
            return Some(self.static_value(game));
        }
        // The searcher takes over: the side to move's moves under this turn's
        // grants, then every side's ordinary moves.
        let mut position = game.position().clone();
        let searcher = &mut self.player.searcher;
        let result = searcher.search(&mut position, depth.max(1));
        if searcher.aborted() {
            return None;
        }
        Some(sign * result.score)
    }

    /// The material balance for the player.
    fn static_value(&self, game: &Game) -> i32 {
        let position = game.position();
        let score = self.player.searcher.evaluate(position);
        if position.turn() == self.side {
            score
        } else {
            -score
        }
    }
}

/// Whether the turn is only a choice among moves, with no dice, secret,
/// pass or price anywhere in the game: the searcher's tree is then the whole
/// game tree, and the root search can be left to it.
fn plain_moves(game: &Game, candidates: &[Decision]) -> bool {
    let rules = game.position().rules();
    rules.chance.is_none()
        && rules.turns.passes.is_none()
        && rules.turns.secret.is_none()
        && candidates.iter().all(|c| matches!(c, Decision::Act(Action::Move(_))))
}
