//! The draws a player's search sees coming along its line, as the game
//! would score them: a position repeated, and the quiet-move rule.

use super::{Searcher, MATE};
use crate::position::Position;

impl Searcher {
    /// The score of `position`, reached at `ply` (its key `key`), if a rule
    /// ends the game there: 0 for a draw by repetition or by the quiet-move
    /// rule, a mate if the move that reached the rule's count mated (which
    /// goes first). The rule counts from the first count at which a draw
    /// can be had, by a claim or by itself: the side standing worse claims.
    pub(super) fn drawn_by_rule(&mut self, position: &Position, key: u64, ply: usize) -> Option<i32> {
        if self.repeats(key, position.halfmove_clock()) {
            return Some(0);
        }
        let draws = &self.rules.draws;
        let limit = [draws.quiet_plies_claim, draws.quiet_plies_automatic].into_iter().flatten().min()?;
        if position.halfmove_clock() < limit {
            return None;
        }
        if position.is_check() {
            let mut moves = std::mem::take(&mut self.buffers[ply]);
            let mated = position.count_legal_with(&mut moves) == 0;
            self.buffers[ply] = moves;
            if mated {
                return Some(-MATE + ply as i32);
            }
        }
        Some(0)
    }

    /// Whether reaching the position `key` is scored as a draw: it already
    /// stood on the searched line since the last irreversible move
    /// (`quiet_plies` ago), or twice in the game before the root, so that
    /// this is the third time. Once before the root is no draw yet: the game
    /// goes on after a second occurrence.
    fn repeats(&self, key: u64, quiet_plies: u32) -> bool {
        let oldest = self.line.len().saturating_sub(quiet_plies as usize);
        let mut in_game = 0;
        // The parent stood with the other side to move: every second one back.
        for index in (oldest..self.line.len()).rev().skip(1).step_by(2) {
            if self.line[index] == key {
                if index >= self.earlier.len() {
                    return true;
                }
                in_game += 1;
            }
        }
        in_game >= 2
    }
}
