//! Reviews of played games: which moves lost the most, and what was better,
//! in the spirit of lichess's inaccuracies, mistakes and blunders.
//!
//! Each move is judged from the position it was played in (after that
//! turn's rolls, so in a dice game only moves the dice allowed are compared):
//! the best move's score against the played move's, both for the mover, in
//! centipawns. Scores are capped at [`SCORE_CAP`] either way, so once a game
//! is won, choosing the slower of two wins is not called a blunder.
//!
//! Games are searched with [`Searcher`] to the same amount of work per move
//! (a node budget, so a review is the same on every machine). In a game whose
//! dice only add options (Luck Dragon, Dice Landing), later turns are searched
//! as if nobody rolled. In a game where every turn starts with a required roll
//! (Guardener), the opponent's reply depends on a roll nobody knows yet, so
//! the review looks one move deep: the material each allowed move wins (a royal
//! capture or a mate counts as the whole cap), nothing more.

use crate::color::Color;
use crate::game::{Action, Choice, Game, ReplayError};
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::search::{Searcher, MATE};

/// Scores are capped at ten pawns: beyond that a position is won either way.
pub const SCORE_CAP: i32 = 1000;

/// How much a move must lose, in centipawns, to be marked. Lichess's classic
/// thresholds are the defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    pub inaccuracy: i32,
    pub mistake: i32,
    pub blunder: i32,
}

impl Default for Thresholds {
    fn default() -> Thresholds {
        Thresholds { inaccuracy: 50, mistake: 100, blunder: 300 }
    }
}

/// How hard to look.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewSettings {
    /// The search deepens one ply at a time until it has visited this many
    /// positions for a move (or reached `max_depth`).
    pub nodes_per_move: u64,
    pub max_depth: u32,
    pub thresholds: Thresholds,
}

impl Default for ReviewSettings {
    /// Tens of milliseconds a move for chess on one core.
    fn default() -> ReviewSettings {
        ReviewSettings { nodes_per_move: 10_000, max_depth: 6, thresholds: Thresholds::default() }
    }
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// `?!`, `?` or `??`, as annotators write it.
    pub const fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }

    fn of(loss: i32, thresholds: &Thresholds) -> Option<Judgement> {
        if loss >= thresholds.blunder {
            Some(Judgement::Blunder)
        } else if loss >= thresholds.mistake {
            Some(Judgement::Mistake)
        } else if loss >= thresholds.inaccuracy {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// One move of the game, judged.
#[derive(Clone, Debug)]
pub struct MoveReview {
    /// Which move of the game, from 0.
    pub index: usize,
    pub side: Color,
    /// The position the move was played in (after the turn's rolls).
    pub before: Position,
    pub played: Move,
    pub played_san: String,
    /// The move the review prefers; `None` when it agrees with the game.
    pub better: Option<(Move, String)>,
    /// Centipawns the played move gave away against the better one.
    pub loss: i32,
    pub judgement: Option<Judgement>,
}

/// Every move of `game` judged, in order.
pub fn review(game: &Game, settings: &ReviewSettings) -> Result<Vec<MoveReview>, ReplayError> {
    let record = game.record();
    let mut replay = Game::create(record.variant, &record.options, record.start.as_deref())?;
    let rules = replay.position().rules().clone();
    let mut searcher = Searcher::new(&rules);
    let one_deep = rolls_first(&replay);
    let mut reviews = Vec::new();
    for (index, action) in game.actions().iter().enumerate() {
        if let Action::Move(played) = action {
            let before = replay.position().scratch();
            let judged = if one_deep {
                one_move_deep(&searcher, &before, *played)
            } else {
                searched(&mut searcher, &before, *played, settings)
            };
            let loss = (judged.best_score - judged.played_score).max(0);
            let better = judged
                .best
                .filter(|best| *best != *played && loss > 0)
                .map(|best| (best, notation::san(&before, best)));
            reviews.push(MoveReview {
                index: reviews.len(),
                side: before.turn(),
                played_san: game.moves_san().get(reviews.len()).cloned().unwrap_or_default(),
                before,
                played: *played,
                better,
                loss,
                judgement: Judgement::of(loss, &settings.thresholds),
            });
        }
        let fail = |error| ReplayError::Action { index, text: format!("{action:?}"), error };
        replay.apply(action.clone()).map_err(fail)?;
    }
    Ok(reviews)
}

/// Whether turns of `game`'s variant start with a roll the rules require:
/// then a searched reply would be a guess at a roll, so the review goes one
/// move deep. (Where rolls are optional, later turns are searched unrolled.)
pub fn rolls_first(game: &Game) -> bool {
    game.turn().is_some_and(|turn| turn.choices.iter().any(|c| matches!(c, Choice::Roll { required: true, .. })))
}

/// The best move and the scores of it and of the played move, for the mover.
struct Judged {
    best: Option<Move>,
    best_score: i32,
    played_score: i32,
}

fn capped(score: i32) -> i32 {
    score.clamp(-SCORE_CAP, SCORE_CAP)
}

/// Deepen until the node budget is spent, then score the played move one
/// ply shallower from the opponent's side.
fn searched(searcher: &mut Searcher, before: &Position, played: Move, settings: &ReviewSettings) -> Judged {
    let mut position = before.scratch();
    let start = searcher.nodes();
    let mut depth = 1;
    let mut result = searcher.search(&mut position, depth);
    let mut last = searcher.nodes() - start;
    // The next iteration costs a few times the last one: start it only if
    // that still fits the budget.
    while depth < settings.max_depth
        && searcher.nodes() - start + 4 * last <= settings.nodes_per_move
        && result.mate_in().is_none()
    {
        depth += 1;
        let before_iteration = searcher.nodes();
        result = searcher.search(&mut position, depth);
        last = searcher.nodes() - before_iteration;
    }
    let best_score = capped(result.score);
    let played_score = if result.best == Some(played) {
        best_score
    } else {
        position.make(played);
        let reply = if depth > 1 { -searcher.search(&mut position, depth - 1).score } else { reply_free(&position) };
        position.unmake();
        capped(reply)
    };
    Judged { best: result.best, best_score, played_score }
}

/// The score of a position reached by a move when no reply is searched:
/// a mate or stalemate as it is, otherwise the mover's material balance.
fn reply_free(after: &Position) -> i32 {
    if !after.legal_moves().is_empty() {
        return -Searcher::new(after.rules()).evaluate(after);
    }
    if after.is_check() {
        MATE
    } else {
        0
    }
}

/// One move deep, for dice games: every move the roll allowed, scored by the
/// material balance after it (a captured royal or a mate is the cap).
fn one_move_deep(searcher: &Searcher, before: &Position, played: Move) -> Judged {
    let mut position = before.scratch();
    let mover = position.turn();
    let mut score_of = |mv: Move| {
        position.make(mv);
        let won = position.royals(!mover).is_empty() || (position.is_check() && position.legal_moves().is_empty());
        let score = if won { SCORE_CAP } else { capped(-searcher.evaluate(&position)) };
        position.unmake();
        score
    };
    let mut best = (i32::MIN, None);
    for mv in before.legal_moves() {
        let score = score_of(mv);
        if score > best.0 {
            best = (score, Some(mv));
        }
    }
    let played_score = score_of(played);
    Judged { best: best.1, best_score: best.0.max(played_score), played_score }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn played(variant: Variant, moves: &[&str]) -> Game {
        let mut game = Game::new(variant).unwrap();
        for text in moves {
            let side = game.position().turn();
            game.play_move(side, text).unwrap();
        }
        game
    }

    #[test]
    fn allowing_mate_is_a_blunder_and_the_defence_is_named() {
        let game = played(Variant::Chess, &["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]);
        let reviews = review(&game, &ReviewSettings::default()).unwrap();
        assert_eq!(reviews.len(), 7);
        let nf6 = &reviews[5];
        assert_eq!((nf6.played_san.as_str(), nf6.side), ("Nf6", Color::Black));
        assert_eq!(nf6.judgement, Some(Judgement::Blunder), "lost {}", nf6.loss);
        let (better, san) = nf6.better.clone().expect("a defence");
        assert_ne!(better, nf6.played);
        assert!(["g6", "Qe7", "Qf6", "Nh6", "Nd4"].contains(&san.as_str()), "{san}");
        let mate = &reviews[6];
        assert_eq!((mate.judgement, mate.better.is_none()), (None, true), "the mate is the best move");
        assert!(reviews[0].judgement.is_none(), "1. e4 is fine: lost {}", reviews[0].loss);
    }

    #[test]
    fn variants_that_roll_before_every_move_are_reviewed_one_move_deep() {
        let one_deep: Vec<Variant> =
            Variant::ALL.into_iter().filter(|v| rolls_first(&Game::new(*v).unwrap())).collect();
        assert_eq!(one_deep, [Variant::Guardener]);
    }

    #[test]
    fn a_guardener_move_is_only_compared_with_moves_its_roll_allowed() {
        let mut game = Game::new(Variant::Guardener).unwrap();
        let mut pick = 0usize;
        while game.moves_san().len() < 12 {
            let turn = game.turn().expect("the game goes on");
            let roll = turn.choices.iter().find_map(|c| match c {
                Choice::Roll { kind, dice, required: true } => Some((*kind, dice.clone())),
                _ => None,
            });
            let action = match roll {
                // Never a double, so no chain of rerolls.
                Some((kind, dice)) => {
                    let faces = dice.iter().enumerate().map(|(i, &sides)| (pick + i) as u32 % sides + 1).collect();
                    Action::Roll { side: turn.side, kind, faces }
                }
                None => {
                    let moves = game.position().legal_moves();
                    pick += 7;
                    match moves.len() {
                        0 => Action::Pass(turn.side),
                        n => Action::Move(moves[pick % n]),
                    }
                }
            };
            game.apply(action).unwrap();
        }
        let reviews = review(&game, &ReviewSettings::default()).unwrap();
        assert_eq!(reviews.len(), 12);
        for r in &reviews {
            let legal = r.before.legal_moves();
            assert!(legal.contains(&r.played), "the position is the one after the roll");
            if let Some((better, _)) = &r.better {
                assert!(legal.contains(better), "{} suggested a move its roll did not allow", r.played_san);
            }
        }
    }

    #[test]
    fn thresholds_sort_losses() {
        let t = Thresholds::default();
        assert_eq!(Judgement::of(49, &t), None);
        assert_eq!(Judgement::of(50, &t), Some(Judgement::Inaccuracy));
        assert_eq!(Judgement::of(100, &t), Some(Judgement::Mistake));
        assert_eq!(Judgement::of(300, &t), Some(Judgement::Blunder));
        assert_eq!(Judgement::Blunder.glyph(), "??");
    }
}
