//! The value of a game waiting for a side to reveal its secret: New chess
//! asks it of a side one of whose kings was just mated, and only the secret
//! says whether that was the true king (the game is lost) or the brother.

use super::Thinker;
use crate::color::Color;
use crate::game::Game;

impl Thinker<'_> {
    /// The average over the secrets `side` may hold, each as likely as the
    /// other to the player, who never sees it: a secret that ends the game is
    /// the game won or lost; one that does not is valued as the searcher
    /// values the position, since move generation never sees a secret either
    /// (a mated king is a mate there). Valued by material instead, a mate in
    /// one was worth less than the searcher's mates in two, and a level chased
    /// those move after move until the quiet-move rule drew the game.
    /// `None` once the budget ran out.
    pub(super) fn before_reveal(&mut self, game: &Game, side: Color, depth: u32) -> Option<i32> {
        let rule = game.position().rules().turns.secret?;
        let winners: Vec<Option<Color>> =
            rule.options.iter().map(|option| (rule.revealed)(game.position(), side, option)).collect();
        // Every secret that lets the game go on leaves the same position: searched once.
        let going_on = if winners.contains(&None) { self.searched_value(game, side, depth)? } else { 0 };
        let total: i32 = winners.iter().map(|winner| winner.map_or(going_on, |winner| self.decided_for(winner))).sum();
        Some(total / winners.len().max(1) as i32)
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    use crate::game::{Action, Choice, Game};
    use crate::player::{Decision, Level, Player};
    use crate::turns::commitment;
    use crate::variant::Variant;
    use crate::{notation, Color};

    /// New chess from `fen`, both secrets sealed (E for both).
    fn sealed(fen: &str) -> Game {
        let mut game = Game::from_fen(Variant::NewChess, fen).unwrap();
        while let Some(turn) = game.turn() {
            let Some(Choice::ChooseSecret { .. }) = turn.choices.first() else { break };
            let sealed = commitment("test", turn.side, "E", "00112233445566778899aabbccddeeff");
            game.apply(Action::ChooseSecret { side: turn.side, context: "test".into(), commitment: sealed }).unwrap();
        }
        game
    }

    #[test]
    fn a_level_mates_a_king_now_rather_than_chase_a_longer_mate() {
        // Black's two bare kings: Ta5 mates the one on a10 (both kings are
        // boxed in); many other moves keep a mate in two, which the level
        // preferred while a mate now was valued by material.
        let game = sealed("k9/2K7/10/4j5/2J7/5T4/10/10/7G2/10[] w - 42 22");
        for level in [6, 8] {
            let mut player = Player::new(Variant::NewChess, Level::new(level).unwrap()).unwrap();
            let decision = player.decide(&game, Color::White, &mut StdRng::seed_from_u64(1)).unwrap();
            let Decision::Act(Action::Move(mv)) = decision else { panic!("a move, not {decision:?}") };
            assert_eq!(notation::san(game.position(), mv), "Ta5#", "level {level}");
        }
    }
}
