//! A roll a side may make instead of moving, weighed inside the tree (Dice
//! Landing's deploy roll, [`InTree::Deployment`](crate::rules::InTree)): its
//! value is the average over its outcomes of the best drop each lands, or of
//! the best board move where it lands nothing. Without it the searcher never
//! deploys below its root, in a game where most material starts in reserve.

use super::{Searcher, MATE};
use crate::grants::Grants;
use crate::position::Position;

impl Searcher {
    /// What rolling to deploy is worth to the side to move, `depth` plies
    /// from the leaves, when its best board move is worth `board`; `None`
    /// when it may not roll or rolling cannot beat `alpha` (nor `board`).
    /// The drops are searched a ply shallower than the board moves, as a
    /// late move is: weighing every outcome costs several searches.
    pub(super) fn deployment(
        &mut self,
        position: &mut Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        board: i32,
    ) -> Option<i32> {
        let (kind, outcomes) = self.rolls.deployment.as_ref()?;
        let (kind, chance) = (*kind, self.rules.chance?);
        // A node whose turn is rolled already (the landing this function
        // searches, its grants in force) must drop what it rolled: no second
        // roll, which made every deployment inside the tree worth a free
        // re-roll of a poor face.
        if depth < 2
            || !position.granted().is_empty()
            || position.is_check()
            || (chance.allowed)(position, &self.rolls.options, &[], kind).is_err()
        {
            return None;
        }
        let rules = self.rules.clone();
        let zones = &rules.drops.as_ref()?.zones;
        let share = 1.0 / outcomes.len() as f64;
        // The outcomes that land a piece; the others leave the board moves.
        let landings: Vec<Grants> = outcomes
            .iter()
            .map(|faces| (chance.grant)(position, &self.rolls.options, &[(kind, faces.clone())]))
            .filter(|granted| zones.iter().any(|zone| !zone.needs.is_empty() && granted.intersects(zone.needs)))
            .collect();
        if landings.is_empty() {
            return None;
        }
        let target = alpha.max(board);
        let mut done = (1.0 - share * landings.len() as f64) * f64::from(board);
        let mut rest = share * landings.len() as f64;
        for granted in landings {
            rest -= share;
            // Star1: the window in which this outcome can still decide
            // whether the roll beats `target` or reaches `beta`.
            let low = ((f64::from(target) - done - rest * f64::from(MATE)) / share).floor().max(f64::from(-MATE - 1));
            let high = ((f64::from(beta) - done + rest * f64::from(MATE)) / share).ceil().min(f64::from(MATE + 1));
            position.set_granted(granted);
            let value = self.negamax(position, depth - 1, ply, low as i32, high as i32, false);
            position.set_granted(Grants::NONE);
            if self.aborted || value <= low as i32 {
                return None;
            }
            if value >= high as i32 {
                return Some(beta);
            }
            done += share * f64::from(value);
        }
        let value = done.round() as i32;
        (value > target).then_some(value)
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::search::Searcher;
    use crate::variant::Variant;

    /// White's score three plies deep in `fen` (Dice Landing).
    fn score(fen: &str, weighing: bool) -> i32 {
        let game = Game::from_fen(Variant::DiceLanding, fen).unwrap();
        let rules = Variant::DiceLanding.rules().unwrap();
        let searcher = Searcher::new(&rules).positional();
        let mut searcher = if weighing { searcher.weighing_rolls() } else { searcher };
        searcher.set_options(game.options());
        searcher.search(&mut game.position().clone(), 3).score
    }

    #[test]
    fn a_queen_in_the_opponents_reserve_is_reckoned_with() {
        let with_queen = "4k3/8/8/8/8/8/8/4K3[q] w - - 0 1 -";
        let without = "4k3/8/8/8/8/8/8/4K3[] w - - 0 1 -";
        let (plain_with, plain_without) = (score(with_queen, false), score(without, false));
        let (weighed_with, weighed_without) = (score(with_queen, true), score(without, true));
        // The queen waiting in Black's reserve counts for most of a queen
        // (Dice Landing's weights count a reserve at three quarters)...
        assert!(plain_without - plain_with > 300, "{plain_with} against {plain_without}");
        // ...and the roll that may bring her in, on two faces of six (`Q`
        // and `*`), for a share of what landing her gains.
        assert!(plain_with - weighed_with > 40, "{weighed_with} against {plain_with}");
        assert_eq!(weighed_without, plain_without);
    }
}
