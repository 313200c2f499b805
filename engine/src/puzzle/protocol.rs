//! The puzzle search over a game's turn protocol: an AND/OR search through
//! [`Game`] in which the solver's moves and passes are OR nodes, and every
//! defender choice (move, pass, optional roll, price) and every roll outcome
//! after the start (the solver's own later rolls too) is an AND node. It never
//! names a variant: it asks the turn what may happen and applies actions.
//!
//! The solver's optional rolls are not searched: a solution is a line of
//! moves. Rolling only adds outcomes that must all win, and every roll a
//! variant offers has an outcome that grants nothing new, so a roll never
//! wins where not rolling loses; leaving rolls out keeps every solution free
//! of gambles.

use std::collections::HashSet;

use crate::color::Color;
use crate::game::{Action, Choice, Game};
use crate::grants::Grants;
use crate::moves::Move;
use crate::notation;
use crate::rules::{every_outcome, Rules};

/// Rolls in one turn before the search gives up proving anything about the
/// turn (a conservative "not forced"). Chains stop well before: see
/// [`Signature`].
const MAX_CHAIN: usize = 12;

/// The nonce and game id that seal a puzzle's stated secrets: the puzzle
/// tells them, so the commitment hides nothing and may be fixed.
pub(super) const SECRET_CONTEXT: &str = "puzzle";
pub(super) const SECRET_NONCE: &str = "stated-in-the-puzzle";

/// What a turn's rolls so far leave for the rest of it: the grants, the roll
/// the turn still requires, and the kinds rolled (a kind may be allowed once a
/// turn). Two roll outcomes with the same signature lead to the same turn, so
/// they are searched once; an outcome that repeats a signature already on the
/// turn's chain (a double after every grant is held) changes nothing, and its
/// subtree is the one being searched, so it adds no condition. This relies on
/// a variant's rolls affecting the turn only through these three things.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Signature {
    grants: Grants,
    required: Option<usize>,
    kinds_rolled: u64,
}

/// Proves or refutes "the solver wins within N of its moves" in a game.
pub struct TurnSolver {
    solver: Color,
    /// Each side's stated secret option, by colour index, to reveal when the
    /// rules ask for it.
    secrets: [Option<String>; 2],
    nodes: u64,
    /// Games the solver may search before it gives up; see [`TurnSolver::gave_up`].
    node_limit: u64,
}

/// The default search budget: enough for every puzzle the generator keeps,
/// a few seconds at most.
pub const NODE_LIMIT: u64 = 100_000;

impl TurnSolver {
    /// A solver for `solver`'s wins, knowing each side's secret (`None`: a
    /// reveal of that side is never proven).
    pub fn new(solver: Color, secrets: [Option<String>; 2]) -> TurnSolver {
        TurnSolver { solver, secrets, nodes: 0, node_limit: NODE_LIMIT }
    }

    /// The same solver with another search budget, in games searched.
    pub fn with_node_limit(mut self, limit: u64) -> TurnSolver {
        self.node_limit = limit;
        self
    }

    /// Whether the budget ran out: every answer since may be a "no" that is
    /// not proven, so the question stays open.
    pub fn gave_up(&self) -> bool {
        self.nodes > self.node_limit
    }

    pub fn solver(&self) -> Color {
        self.solver
    }

    /// Games searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the solver wins within `moves` of its moves whatever the
    /// defence does and whatever the dice show.
    pub fn wins(&mut self, game: &Game, moves: u32) -> bool {
        self.node(game, moves, &[])
    }

    /// The fewest moves in which the solver forces a win, if it can within `max`.
    pub fn shortest_win(&mut self, game: &Game, max: u32) -> Option<u32> {
        (1..=max).find(|&n| self.wins(game, n))
    }

    /// The solver's actions (moves and passes) now after which it still wins
    /// within `moves - 1` further moves. Empty unless the solver is to act.
    pub fn keeping_actions(&mut self, game: &Game, moves: u32) -> Vec<Action> {
        if moves == 0 || game.turn().is_none_or(|t| t.side != self.solver) {
            return Vec::new();
        }
        own_actions(game)
            .into_iter()
            .filter(|action| after(game, action).is_some_and(|next| self.node(&next, moves - 1, &[])))
            .collect()
    }

    /// The defender's actions now (moves and passes, captures first, then by
    /// coordinates) after which the solver needs all of `moves` still: its
    /// best replies. If every reply allows a quicker win, all of them.
    pub fn lasting_replies(&mut self, game: &Game, moves: u32) -> Vec<Action> {
        let mut replies = own_actions(game);
        sort_replies(game, &mut replies);
        let lasting: Vec<Action> = replies
            .iter()
            .filter(|reply| moves <= 1 || after(game, reply).is_none_or(|next| !self.node(&next, moves - 1, &[])))
            .cloned()
            .collect();
        if lasting.is_empty() {
            replies
        } else {
            lasting
        }
    }

    /// Every way `side` may pay the price due now.
    pub(super) fn price_choices(&self, game: &Game, side: Color) -> Vec<Action> {
        price_actions(game, side)
    }

    /// The stated reveal the turn needs now, if it needs one.
    pub fn reveal(&self, side: Color) -> Option<Action> {
        let option = self.secrets[side.index()].clone()?;
        Some(Action::Reveal { side, option, nonce: SECRET_NONCE.to_string() })
    }

    /// The distinct outcomes of `side` rolling kind `kind` now, one game per
    /// outcome after it, with the faces rolled; outcomes repeating `chain`
    /// left out.
    fn outcomes(&self, game: &Game, side: Color, kind: usize, chain: &[Signature]) -> Vec<(Signature, Action, Game)> {
        let Some(chance) = game.position().rules().chance else { return Vec::new() };
        let Some(roll) = chance.kinds.get(kind) else { return Vec::new() };
        let (position, options) = (game.position(), game.options());
        let kinds_rolled = game.turn_rolls().iter().fold(1u64 << kind, |mask, (k, _)| mask | 1 << k);
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for faces in every_outcome(roll.dice) {
            let mut rolls = game.turn_rolls().to_vec();
            rolls.push((kind, faces.clone()));
            let signature = Signature {
                grants: (chance.grant)(position, options, &rolls),
                required: (chance.required)(position, options, &rolls),
                kinds_rolled,
            };
            if chain.contains(&signature) || !seen.insert(signature) {
                continue;
            }
            let action = Action::Roll { side, kind, faces };
            // Faces the turn refuses never come up.
            if let Some(next) = after(game, &action) {
                out.push((signature, action, next));
            }
        }
        out
    }

    /// Whether every outcome of `side` rolling kind `kind` leaves the solver winning.
    fn every_roll_wins(&mut self, game: &Game, side: Color, kind: usize, moves: u32, chain: &[Signature]) -> bool {
        if chain.len() >= MAX_CHAIN {
            return false;
        }
        for (signature, _, next) in self.outcomes(game, side, kind, chain) {
            let mut longer = chain.to_vec();
            longer.push(signature);
            if !self.node(&next, moves, &longer) {
                return false;
            }
        }
        true
    }

    /// The recorded outcome of a roll: the outcomes in order of their faces,
    /// as the line records them.
    pub(super) fn roll_outcomes(&self, game: &Game, side: Color, kind: usize) -> Vec<(Action, Game)> {
        self.outcomes(game, side, kind, &[]).into_iter().map(|(_, action, next)| (action, next)).collect()
    }

    /// Does the solver win from `game` within `moves` of its moves? `chain`:
    /// the signatures of this turn's rolls searched so far.
    fn node(&mut self, game: &Game, moves: u32, chain: &[Signature]) -> bool {
        self.nodes += 1;
        if self.gave_up() {
            return false;
        }
        if let Some(outcome) = game.outcome() {
            return outcome.winner == Some(self.solver);
        }
        let Some(turn) = game.turn() else { return false };
        let (side, ours) = (turn.side, turn.side == self.solver);
        for choice in &turn.choices {
            match choice {
                Choice::Reveal => {
                    let Some(reveal) = self.reveal(side) else { return false };
                    return after(game, &reveal).is_some_and(|next| self.node(&next, moves, chain));
                }
                // The puzzle sets secrets up before its start; none is chosen later.
                Choice::ChooseSecret { .. } => return false,
                Choice::PayPrice => {
                    let prices = price_actions(game, side);
                    let mut wins = prices
                        .iter()
                        .map(|price| after(game, price).is_some_and(|next| self.node(&next, moves, chain)));
                    return if ours { wins.any(|w| w) } else { !prices.is_empty() && wins.all(|w| w) };
                }
                Choice::Roll { kind, required: true, .. } => {
                    return self.every_roll_wins(game, side, *kind, moves, chain)
                }
                Choice::ClaimDraw(_) if !ours => return false,
                _ => {}
            }
        }
        // Past the solver's last move the game had to be won; a defender
        // left with a free choice has escaped.
        if moves == 0 {
            return false;
        }
        if ours {
            let mut actions = own_actions(game);
            order_attacks(game, &mut actions);
            return actions
                .iter()
                .any(|action| after(game, action).is_some_and(|next| self.node(&next, moves - 1, &[])));
        }
        for choice in &turn.choices {
            if let Choice::Roll { kind, required: false, .. } = choice {
                if !self.every_roll_wins(game, side, *kind, moves, chain) {
                    return false;
                }
            }
        }
        own_actions(game).iter().all(|action| after(game, action).is_some_and(|next| self.node(&next, moves, &[])))
    }
}

/// `game` after `action`, if the game takes it.
pub(super) fn after(game: &Game, action: &Action) -> Option<Game> {
    let mut next = game.clone();
    next.apply(action.clone()).ok()?;
    Some(next)
}

/// The moves and pass the side to act may choose now.
pub(super) fn own_actions(game: &Game) -> Vec<Action> {
    let Some(turn) = game.turn() else { return Vec::new() };
    let mut actions = Vec::new();
    for choice in &turn.choices {
        match choice {
            Choice::Move => actions.extend(game.position().legal_moves().into_iter().map(Action::Move)),
            Choice::Pass { .. } => actions.push(Action::Pass(turn.side)),
            _ => {}
        }
    }
    actions
}

/// Checks and captures first, so a win is found early.
fn order_attacks(game: &Game, actions: &mut [Action]) {
    let mut position = game.position().clone();
    actions.sort_by_cached_key(|action| match action {
        Action::Move(mv) => {
            let capture = notation::is_capture(&position, *mv) || position.captures_royal(*mv);
            position.make(*mv);
            let check = position.is_check();
            position.unmake();
            (!position.captures_royal(*mv), !check, !capture)
        }
        _ => (true, true, true),
    });
}

/// Captures first, then by coordinates, a pass last: the order the recorded
/// line picks the defence in.
pub(super) fn sort_replies(game: &Game, replies: &mut [Action]) {
    let position = game.position();
    replies.sort_by_cached_key(|reply| match reply {
        Action::Move(mv) => (0, !notation::is_capture(position, *mv), notation::coordinates(position, *mv)),
        _ => (1, true, String::new()),
    });
}

/// Every way `side` may pay the price due: for each payable price, every
/// choice of its count among the squares that may pay it.
fn price_actions(game: &Game, side: Color) -> Vec<Action> {
    let mut out = Vec::new();
    for (price, squares) in game.payable_prices(side) {
        for chosen in combinations(&squares, usize::from(price.count)) {
            out.push(Action::PayPrice { side, squares: chosen });
        }
    }
    out
}

fn combinations<T: Copy>(items: &[T], count: usize) -> Vec<Vec<T>> {
    if count == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (index, &first) in items.iter().enumerate() {
        for mut rest in combinations(&items[index + 1..], count - 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// Whether the game's turns hold more than moves: dice, passes or secrets.
/// Games without them are searched position by position, much faster.
pub fn needs_turn_search(rules: &Rules) -> bool {
    rules.chance.is_some()
        || rules.turns.passes.is_some()
        || rules.turns.secret.is_some()
        || rules.turns.forfeit.is_some()
}

/// The move of `action`, if it is one.
pub(super) fn move_of(action: &Action) -> Option<Move> {
    match action {
        Action::Move(mv) => Some(*mv),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faces_and_combinations_are_complete() {
        assert_eq!(every_outcome(&[8, 8, 8]).len(), 512);
        assert_eq!(every_outcome(&[4, 4])[1], [1, 2]);
        assert_eq!(combinations(&[1, 2, 3, 4], 2).len(), 6);
        assert_eq!(combinations(&[1, 2, 3], 3), [vec![1, 2, 3]]);
    }
}
