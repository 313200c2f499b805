//! `/takeback`: a player asks to take back their last move, and the opponent
//! accepts or declines.

use rookery_engine::game::Action;
use rookery_engine::Color;
use rookery_storage::Change;

use super::game_dice::takes_back_within;
use super::games::{playing, side_of};
use super::{Core, Outcome, Place, Refusal, Reply, TakebackAction, User};

impl Core {
    pub(super) fn takeback(&self, place: Place, user: &User, action: TakebackAction) -> Outcome {
        let now = self.now();
        let offstage = self.offstage(place)?;
        self.update(place, |current| {
            let mut record = playing(current)?;
            let side = side_of(&record, user.id).ok_or_else(|| Refusal::new("You are not playing in this game."))?;
            let asked =
                record.takeback_request.as_deref().map(|s| if s == "white" { Color::White } else { Color::Black });
            match action {
                TakebackAction::Request => {
                    if asked == Some(side) {
                        return Err(Refusal::new("You already asked; waiting for your opponent."));
                    }
                    let game = self.live_game(&record)?;
                    if !game.actions().iter().any(|a| matches!(a, Action::Move(_))) {
                        return Err(Refusal::new("There is no move to take back yet."));
                    }
                    record.takeback_request = Some(side.fold("white", "black").to_string());
                    let reply = Reply::text(format!(
                        "{} asks to take back their last move. Answer with `/takeback accept` or `/takeback decline`.",
                        user.name
                    ));
                    Ok(Change::Put(record, vec![reply]))
                }
                TakebackAction::Decline | TakebackAction::Accept if asked.is_none_or(|a| a == side) => {
                    Err(Refusal::new("There is no takeback request from your opponent to answer."))
                }
                TakebackAction::Decline => {
                    record.takeback_request = None;
                    Ok(Change::Put(record, vec![Reply::text(format!("{} declined the takeback.", user.name))]))
                }
                TakebackAction::Accept => {
                    let requester = !side;
                    let game = self.live_game(&record)?;
                    // Back to the requester's move: one ply if they moved last, two otherwise.
                    let plies = if game.position().turn() == requester { 2 } else { 1 };
                    let rewound = game
                        .without_last_moves(plies)
                        .ok_or_else(|| Refusal::new("There are not enough moves to take back."))?;
                    record.takeback_request = None;
                    // A turn taken back to where the bot acts (a forced pass)
                    // goes on at once; its rolls are the ledger's same rolls.
                    let view = offstage.of(&record);
                    takes_back_within(view.ledger, &rewound)?;
                    self.proceed(record, rewound, view, now, Vec::new())
                }
            }
        })
    }
}
