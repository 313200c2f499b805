//! Choosing among a turn's options: iterative deepening over every move, roll
//! and pass the turn offers, each valued by an expectimax over the game's
//! turn protocol down to the alpha-beta searcher.

use std::time::{Duration, Instant};

use rand::Rng;

use super::chance::outcomes;
use super::{Decision, Player};
use crate::color::Color;
use crate::game::{Action, Choice, Game, Outcome, Turn};
use crate::grants::Grants;
use crate::search::{SearchResult, MATE};

mod reveal;

/// Rolls searched in a row through the game before the searcher takes over
/// (which weighs below its root the rolls its rules mark for it): a Guardener
/// turn with a double, or a deploy roll after a move.
const CHANCE_PLIES: u32 = 2;
/// The first iteration's depth, in plies counting the player's own move: a
/// move and the opponent's best reply.
const FIRST_DEPTH: u32 = 2;
/// A won game's score: above any mate the searcher counts, so that a level
/// mates now rather than in two, and would rather be mated later than lose
/// now (a roll, in a dice game, may yet save it).
const WON: i32 = MATE + 500;
/// Scores from here up are a mate the searcher found or a won game.
const DECIDED: i32 = MATE - 1_000;

/// The share of a level's time its searcher spends on the moves when the
/// turn also offers optional rolls, which are weighed after them.
const ROOT_MOVES_SHARE: f64 = 2.0 / 3.0;

/// What a scarce pass kept is worth, in centipawns: a turn without a good
/// move later (Guardener's plank) costs more than a pawn.
const PASS_KEPT: i32 = 150;

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
    /// level's budget, as the level judges them (see [`Thinker::judged`]).
    /// `None` if the turn offers none of them.
    pub(super) fn best(mut self, game: &Game, choices: &[Choice], rng: &mut impl Rng) -> Option<Thought> {
        let mut candidates = self.candidates(game, choices);
        if candidates.is_empty() {
            return None;
        }
        let (level, budget) = (self.player.level, self.player.budget);
        let plays_its_best = self.player.handicap.is_none();
        let start = Instant::now();
        if plays_its_best && plain_moves(game, &candidates) {
            return Some(self.searched(game, start + budget, level.max_depth()).0);
        }
        if plays_its_best && rolled_for_in_the_tree(game, &candidates) {
            let moved = self.searched(game, start + budget, level.max_depth()).0;
            return Some(self.unless_passing_pays(game, &candidates, moved, rng));
        }
        if plays_its_best && moves_or_optional_rolls(game, choices, &candidates) {
            // The rolls at the root are the plies above the searcher's to
            // weigh: a third of the time is kept for them.
            let (moved, depth) = self.searched(game, start + budget.mul_f64(ROOT_MOVES_SHARE), level.max_depth());
            return Some(self.unless_rolling_pays(game, &candidates, moved, depth, start + budget, rng));
        }
        let mut scores: Vec<i32> = Vec::new();
        let (mut spent, mut last_took) = (Duration::ZERO, None);
        for depth in FIRST_DEPTH..=level.max_depth() {
            // The first iteration always completes, so there is an answer.
            self.player.searcher.set_deadline((depth > FIRST_DEPTH).then(|| start + budget));
            let Some(these) = candidates.iter().map(|c| self.value(game, c, depth, rng)).collect::<Option<Vec<_>>>()
            else {
                break;
            };
            // Best first, so the next iteration's table is filled the useful way.
            let mut paired: Vec<_> = candidates.into_iter().zip(these).collect();
            paired.sort_by_key(|(_, score)| -score);
            (candidates, scores) = paired.into_iter().unzip();
            let took = start.elapsed() - spent;
            spent += took;
            if scores[0] >= DECIDED || !next_iteration_fits(spent, took, last_took, budget) {
                break;
            }
            last_took = Some(took);
        }
        self.player.searcher.set_deadline(None);
        let pass_cost = pass_cost(game);
        let is_pass = |decision: &Decision| matches!(decision, Decision::Act(Action::Pass(_)));
        for (candidate, score) in candidates.iter().zip(scores.iter_mut()) {
            if is_pass(candidate) {
                *score = score.saturating_sub(pass_cost);
            }
        }
        let judged = self.judged(game, &candidates, &scores, rng);
        // A pass is a scarce resource: a level spends it only when it is
        // truly worth more than every move, never on a misjudgement.
        let best_other = candidates.iter().zip(&scores).filter(|(c, _)| !is_pass(c)).map(|(_, &s)| s).max();
        let pick = (0..candidates.len())
            .filter(|&i| !is_pass(&candidates[i]) || best_other.is_none_or(|other| scores[i] > other))
            .max_by_key(|&i| judged[i])
            .unwrap_or(0);
        Some(Thought { decision: candidates.swap_remove(pick), score: scores[pick] })
    }

    /// The candidates' values as the level sees them, given their searched
    /// `scores`. Now and then (more often at weak levels) the level misses,
    /// on this turn, what its moves allow: it sees the position right after
    /// each move, and misses by how much more the search found against the
    /// move than against a typical one (every move gives the opponent a turn,
    /// so the typical difference is no tactic). The chance is per turn, not
    /// per move, so a level blunders about as often in a game with many
    /// moves to choose from as in one with few. A level that misses its own
    /// tactics too (`Handicap::misses_own_tactics`) also misses on that turn
    /// what the search found for a move beyond a typical one: a quiet move
    /// that sets up a fork looks like any quiet move. Then every value is
    /// misjudged by a little calm noise. A move that looks bad at a glance
    /// still looks bad, so weak levels lose by overlooked tactics, not by
    /// plainly bad moves.
    fn judged(&self, game: &Game, candidates: &[Decision], scores: &[i32], rng: &mut impl Rng) -> Vec<i32> {
        let handicap = self.player.handicap;
        // What the search found beyond a glance at the position after each move.
        let surprises: Vec<Option<i32>> = candidates
            .iter()
            .zip(scores)
            .map(|(decision, &score)| {
                let Decision::Act(action @ Action::Move(_)) = decision else { return None };
                let mut after = game.clone();
                after.apply(action.clone()).ok()?;
                after.outcome().is_none().then(|| self.static_value(&after) - score)
            })
            .collect();
        let mut typical: Vec<i32> = surprises.iter().flatten().copied().collect();
        typical.sort_unstable();
        let typical = typical.get(typical.len() / 2).copied().unwrap_or(0);
        let calm = handicap.calm_noise;
        let overlooked = rng.random_range(0..100) < handicap.missed_tactics;
        scores
            .iter()
            .zip(&surprises)
            .map(|(&score, surprise)| {
                let missed = match surprise {
                    Some(surprise) if overlooked && handicap.misses_own_tactics => surprise - typical,
                    Some(surprise) if overlooked => (surprise - typical).max(0),
                    _ => 0,
                };
                // The sum of two uniform draws: up to `calm` either way, most often little.
                score + missed + (rng.random_range(-calm..=calm) + rng.random_range(-calm..=calm)) / 2
            })
            .collect()
    }

    /// The best move by the searcher's own iterative deepening from the
    /// root, where alpha-beta and its pruning work across the moves too.
    /// Also the depth it reached.
    fn searched(&mut self, game: &Game, deadline: Instant, depth: u32) -> (Thought, u32) {
        // The level's time is this move's: what it leaves is lost.
        self.player.searcher.set_move_time(deadline);
        let result = self.search_from(game, depth);
        self.player.searcher.set_deadline(None);
        let best = result.best.expect("the turn offers a move, so there is a legal one");
        (Thought { decision: Decision::Act(Action::Move(best)), score: result.score }, result.depth)
    }

    /// `moved`, found `depth` plies deep, or the turn's optional roll that
    /// is worth more than the best move looked at as deep: each roll's
    /// outcomes are weighed at two plies, then a ply deeper at a time until
    /// `deadline` (at most `depth`), and the comparison at the deepest depth
    /// both reached decides (the moves' score at a shallower depth is a quick
    /// search again through the table). A roll weighed a ply shallower than
    /// the moves, or left out when time ran short, looked worse than it was:
    /// Dice Landing's top levels shuffled their kings instead of deploying.
    fn unless_rolling_pays(
        &mut self,
        game: &Game,
        candidates: &[Decision],
        moved: Thought,
        depth: u32,
        deadline: Instant,
        rng: &mut impl Rng,
    ) -> Thought {
        let rolls: Vec<&Decision> = candidates.iter().filter(|c| matches!(c, Decision::Roll { .. })).collect();
        // The best roll and the moves' score at the deepest depth both reached.
        let mut deepest: Option<((&Decision, i32), i32)> = None;
        for at in FIRST_DEPTH..=depth.max(FIRST_DEPTH) {
            // The first depth always completes, so every roll is weighed.
            self.player.searcher.set_deadline((at > FIRST_DEPTH).then_some(deadline));
            let Some(here) = self.best_roll_at(game, &rolls, at, rng) else { break };
            let Some(moves_here) = (if at >= depth { Some(moved.score) } else { self.moves_score(game, at) }) else {
                break;
            };
            deepest = Some((here, moves_here));
        }
        self.player.searcher.set_deadline(None);
        match deepest {
            Some(((roll, rolled), moves_here)) if rolled > moves_here => {
                Thought { decision: roll.clone(), score: rolled }
            }
            _ => moved,
        }
    }

    /// The roll among `rolls` worth the most, weighed `depth` plies deep, and
    /// its value; `None` once the deadline passed.
    fn best_roll_at<'d>(
        &mut self,
        game: &Game,
        rolls: &[&'d Decision],
        depth: u32,
        rng: &mut impl Rng,
    ) -> Option<(&'d Decision, i32)> {
        let mut best: Option<(&Decision, i32)> = None;
        for &roll in rolls {
            let value = self.value(game, roll, depth, rng)?;
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((roll, value));
            }
        }
        best
    }

    /// The best move's score looked at `depth` plies deep, under the
    /// searcher's deadline; `None` if it passed.
    fn moves_score(&mut self, game: &Game, depth: u32) -> Option<i32> {
        let result = self.search_from(game, depth);
        (!self.player.searcher.aborted() && result.depth >= depth).then_some(result.score)
    }

    /// The searcher's own deepening from `game`'s position, `depth` plies
    /// at most, knowing the game's earlier positions and options.
    fn search_from(&mut self, game: &Game, depth: u32) -> SearchResult {
        let mut position = game.position().clone();
        let searcher = &mut self.player.searcher;
        searcher.set_game(game.earlier_positions(), game.options());
        searcher.search(&mut position, depth)
    }

    /// `moved`, or the turn's pass when the best move loses more than a pass
    /// kept is worth and passing is worth more (looked at three plies deep:
    /// the pass is weighed only when it may matter, Guardener's plank).
    fn unless_passing_pays(
        &mut self,
        game: &Game,
        candidates: &[Decision],
        moved: Thought,
        rng: &mut impl Rng,
    ) -> Thought {
        let Some(pass) = candidates.iter().find(|c| matches!(c, Decision::Act(Action::Pass(_)))) else { return moved };
        if moved.score >= -PASS_KEPT {
            return moved;
        }
        match self.value(game, pass, FIRST_DEPTH + 1, rng) {
            Some(passed) if passed - pass_cost(game) > moved.score => Thought { decision: pass.clone(), score: passed },
            _ => moved,
        }
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
        // Outcomes that leave the same game (Lucky 8's seven misses, 2d4's
        // [1,3] and [3,1] where the order grants nothing) are searched once.
        let mut distinct: Vec<(Option<AfterRoll>, Game, f64)> = Vec::new();
        for (faces, weight) in outcomes(dice, rng) {
            let mut after = game.clone();
            if after.apply(Action::Roll { side, kind, faces }).is_err() {
                continue;
            }
            let state = AfterRoll::of(&after);
            match distinct.iter_mut().find(|(seen, ..)| seen.is_some() && *seen == state) {
                Some((_, _, total)) => *total += weight,
                None => distinct.push((state, after, weight)),
            }
        }
        let (mut total, mut weights) = (0.0, 0.0);
        for (_, after, weight) in &distinct {
            total += weight * f64::from(self.node(after, depth, chance.saturating_sub(1), rng)?);
            weights += weight;
        }
        Some(if weights > 0.0 { (total / weights).round() as i32 } else { self.static_value(game) })
    }

    /// The value of `game` for the player, whoever acts next.
    fn node(&mut self, game: &Game, depth: u32, chance: u32, rng: &mut impl Rng) -> Option<i32> {
        if let Some(outcome) = game.outcome() {
            return Some(outcome.winner.map_or(0, |winner| self.decided_for(winner)));
        }
        let turn = game.turn()?;
        let sign = if turn.side == self.side { 1 } else { -1 };
        let required = roll_kinds(&turn, true).next();
        if required.is_some() && chance > 0 && game.turn_rolls().is_empty() && self.player.searcher.weighs_every_turn()
        {
            // The searcher weighs this roll itself, in one search.
            let mut position = game.position().clone();
            let searcher = &mut self.player.searcher;
            searcher.set_game(game.earlier_positions(), game.options());
            return Some(sign * searcher.search_before_roll(&mut position, depth)?);
        }
        if let (Some(kind), true) = (required, chance > 0) {
            return self.roll(game, turn.side, kind, depth, chance, rng);
        }
        let can_move = turn.choices.contains(&Choice::Move);
        if !can_move && turn.choices.iter().any(|c| matches!(c, Choice::Pass { forced: true })) && chance > 0 {
            let mut after = game.clone();
            after.apply(Action::Pass(turn.side)).ok()?;
            return self.node(&after, depth, chance - 1, rng);
        }
        if turn.choices == [Choice::Reveal] {
            return self.before_reveal(game, turn.side, depth);
        }
        if !can_move && required.is_none() {
            return Some(self.static_value(game));
        }
        // The searcher takes over: the side to move's moves under this turn's
        // grants, then every side's ordinary moves.
        let mut value = self.searched_value(game, turn.side, depth)?;
        if chance == 0 {
            return Some(value);
        }
        // A roll the side may choose instead of moving (a deployment from
        // the reserve, a Lucky 8) is worth its average outcome: the side
        // takes it when that beats its best move, so the player reckons
        // with the opponent's deployments, not only its own.
        for kind in roll_kinds(&turn, false) {
            let rolled = self.roll(game, turn.side, kind, depth, chance, rng)?;
            value = if sign > 0 { value.max(rolled) } else { value.min(rolled) };
        }
        Some(value)
    }

    /// The searcher's score of `game`, `depth` plies deep, for the player,
    /// `side` acting next; `None` once the budget ran out.
    fn searched_value(&mut self, game: &Game, side: Color, depth: u32) -> Option<i32> {
        let result = self.search_from(game, depth);
        if self.player.searcher.aborted() {
            return None;
        }
        Some(if side == self.side { result.score } else { -result.score })
    }

    /// A game won by `winner`, as the player values it.
    fn decided_for(&self, winner: Color) -> i32 {
        if winner == self.side {
            WON
        } else {
            -WON
        }
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

/// How a game goes on after a roll, all but the faces: two outcomes alike in
/// this are searched once. Taken once per outcome, as the turn lists the
/// legal moves.
#[derive(PartialEq)]
struct AfterRoll {
    hash: u64,
    granted: Grants,
    rolls: usize,
    outcome: Option<Outcome>,
    turn: Option<Turn>,
}

impl AfterRoll {
    /// `None` while the turn rolls again: a later roll's grant may read the
    /// earlier faces, so such an outcome stands alone.
    fn of(game: &Game) -> Option<AfterRoll> {
        let turn = game.turn();
        if turn.as_ref().is_some_and(|t| t.choices.iter().any(|c| matches!(c, Choice::Roll { .. }))) {
            return None;
        }
        let position = game.position();
        Some(AfterRoll {
            hash: position.hash(),
            granted: position.granted(),
            rolls: game.turn_rolls().len(),
            outcome: game.outcome(),
            turn,
        })
    }
}

/// The roll kinds `turn` offers, the required ones or the optional ones.
fn roll_kinds(turn: &Turn, required: bool) -> impl Iterator<Item = usize> + '_ {
    turn.choices.iter().filter_map(move |c| match *c {
        Choice::Roll { kind, required: r, .. } if r == required => Some(kind),
        _ => None,
    })
}

/// How much longer the iteration after the first is taken to be: a first
/// guess, before two iterations show how this position's grow.
const FIRST_GROWTH: f64 = 2.0;
/// The bounds of that growth as measured. Below: one quick iteration (a
/// table hit, a timer's tick) does not make the next look free. Above: the
/// next iteration is started at least while at most a third of the budget
/// is spent, as before (an iteration cut short costs time, never the answer,
/// which is the last finished iteration's).
const GROWTH: std::ops::RangeInclusive<f64> = 1.0..=2.0;

/// Whether the next iteration is worth starting within `budget`, when
/// `spent` is gone and the last iteration took `took` (the one before it
/// `before`): it is taken to grow by as much as the last one grew. A chess
/// iteration takes several times the one before; in a game whose every turn
/// starts with a roll, the rolls weighed at the first ply cost the most and
/// a ply more adds far less, so stopping at a third of the budget stopped
/// those a ply short.
fn next_iteration_fits(spent: Duration, took: Duration, before: Option<Duration>, budget: Duration) -> bool {
    let growth = match before {
        Some(before) if !before.is_zero() => {
            (took.as_secs_f64() / before.as_secs_f64()).clamp(*GROWTH.start(), *GROWTH.end())
        }
        _ => FIRST_GROWTH,
    };
    spent + took.mul_f64(growth) <= budget
}

/// What spending a pass costs, in centipawns: [`PASS_KEPT`] when the rules
/// allow a side only so many passes a game, nothing when passes are free.
fn pass_cost(game: &Game) -> i32 {
    match game.position().rules().turns.passes.and_then(|rule| rule.per_game) {
        Some(_) => PASS_KEPT,
        None => 0,
    }
}

/// Whether the turn, its roll made, is a choice among moves (and perhaps a
/// pass) in a game whose every turn starts with a roll that the searcher
/// weighs at every ply of its tree (Guardener, `Rules::rolls_every_turn`):
/// the searcher's own deepening from the root then sees the game as it is, and
/// far deeper than the plies above it that roll through the game.
fn rolled_for_in_the_tree(game: &Game, candidates: &[Decision]) -> bool {
    let position = game.position();
    let rules = position.rules();
    rules.rolls_every_turn()
        && rules.turns.secret.is_none()
        && !position.granted().is_empty()
        && candidates.iter().any(|c| matches!(c, Decision::Act(Action::Move(_))))
        && candidates.iter().all(|c| matches!(c, Decision::Act(Action::Move(_) | Action::Pass(_))))
}

/// Whether the turn is a choice among moves and optional rolls (Dice
/// Landing's roll to deploy, Luck Dragon's luck dice and Lucky 8), with no
/// secret, pass or price in the game: the searcher's deepening then judges
/// the moves, and the plies above it the rolls.
fn moves_or_optional_rolls(game: &Game, choices: &[Choice], candidates: &[Decision]) -> bool {
    let rules = game.position().rules();
    let optional =
        |kind: usize| choices.iter().any(|c| matches!(*c, Choice::Roll { kind: k, required: false, .. } if k == kind));
    rules.turns.secret.is_none()
        && rules.turns.passes.is_none()
        && candidates.iter().any(|c| matches!(c, Decision::Act(Action::Move(_))))
        && candidates.iter().all(|c| match c {
            Decision::Act(Action::Move(_)) => true,
            Decision::Roll { kind } => optional(*kind),
            _ => false,
        })
}

/// Whether the turn is only a choice among moves, with no dice or pass
/// anywhere in the game: the searcher's tree is then the game tree, and the
/// root search can be left to it. A secret changes nothing there: the
/// searcher counts a mated king as mated, as [`Thinker::before_reveal`] does
/// while the secret is unknown; one candidate at a time, New chess's levels
/// 7 and 8 searched far less deep in the same time.
fn plain_moves(game: &Game, candidates: &[Decision]) -> bool {
    let rules = game.position().rules();
    rules.chance.is_none()
        && rules.turns.passes.is_none()
        && candidates.iter().all(|c| matches!(c, Decision::Act(Action::Move(_))))
}

#[cfg(test)]
mod tests;
