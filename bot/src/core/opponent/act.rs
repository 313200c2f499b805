//! What the engine does in a game: answering at once what needs no thought
//! (a takeback request), queueing what does, and applying finished thoughts
//! through the same steps as a person's action.

use rookery_engine::game::Action;
use rookery_storage::{ChannelGame, Phase, Seats};

use super::engine_seat;
use super::think::Decision;
use super::worker::{Job, Thought};
use crate::core::games::{explain, playing};
use crate::core::{clock, Core, Outcome, Place, Refusal, Reply, TakebackAction, User};

/// Why a thought is dropped: the game moved on while the engine thought.
const STALE: &str = "the game changed while Rookery was thinking";

/// Refuses a record other than the one a thought was about.
fn same_record(record: &ChannelGame, game_id: u64, actions: &[String]) -> Result<(), Refusal> {
    if record.id == game_id && record.phase == Phase::Playing && record.actions == actions {
        Ok(())
    } else {
        Err(Refusal::new(STALE))
    }
}

impl Core {
    /// Whether Rookery sits at `place`'s game or is challenged there: the
    /// cheap look (the seats, without the moves) that spares the full read
    /// after every request in the channels where it does not play. Doubtful
    /// answers are yes, so the full read reports what is wrong.
    fn seated_or_challenged(&self, place: Place) -> bool {
        let Some(me) = self.account.get() else { return false };
        match self.storage.channel_seats(crate::core::channel(place)) {
            Ok(Some(Seats { white, black, phase })) => {
                let challenged = matches!(&phase, Phase::Challenge { opponent: Some(o), .. } if o.id == me.id);
                challenged || [white, black].iter().flatten().any(|seat| seat.id == me.id)
            }
            Ok(None) => false,
            Err(_) => true,
        }
    }
}

/// The replies anyone may see: the engine has no private messages to read.
fn public(replies: Vec<Reply>) -> Vec<Reply> {
    replies.into_iter().filter(|reply| !reply.ephemeral).collect()
}

impl Core {
    /// Looks at `place`'s game: answers at once what Rookery answers without
    /// thinking (a takeback its opponent asked for: granted), and queues a
    /// thought when it is to act or to answer a draw offer. Returns the
    /// messages of what it did at once.
    pub(in crate::core) fn engine_turn(&self, place: Place) -> Vec<Reply> {
        if !self.seated_or_challenged(place) {
            return Vec::new();
        }
        let record = match self.current(place) {
            Ok(Some(record)) if record.phase == Phase::Playing => record,
            // A challenge to Rookery (a rematch, say) is taken at once.
            Ok(Some(record)) if self.challenges_rookery(&record) => {
                return match self.engine_accepts(place, Vec::new()) {
                    Ok(started) => public(started).into_iter().chain(self.engine_turn(place)).collect(),
                    Err(Refusal(reason)) => {
                        tracing::warn!(%reason, game = record.id, "Rookery could not accept a challenge");
                        Vec::new()
                    }
                };
            }
            Ok(_) => return Vec::new(),
            Err(Refusal(reason)) => {
                tracing::warn!(%reason, channel = place.channel, "Rookery could not look at its game");
                return Vec::new();
            }
        };
        let Some((side, level, seat)) = engine_seat(&record, &self.account) else { return Vec::new() };
        let me = User { id: seat.id, name: seat.name, can_manage_channel: false };
        if record.takeback_request.as_deref() == Some((!side).fold("white", "black")) {
            return match self.takeback(place, &me, TakebackAction::Accept) {
                Ok(replies) => {
                    let mut replies = public(replies);
                    if let Some(first) = replies.first_mut() {
                        first.text = format!("**{}** agrees to take back.\n{}", me.name, first.text);
                    }
                    replies.into_iter().chain(self.engine_turn(place)).collect()
                }
                Err(Refusal(reason)) => {
                    tracing::warn!(%reason, game = record.id, "Rookery could not grant a takeback");
                    Vec::new()
                }
            };
        }
        let game = match self.live_game(&record) {
            Ok(game) => game,
            Err(Refusal(reason)) => {
                tracing::error!(%reason, game = record.id, "Rookery's game does not replay");
                return Vec::new();
            }
        };
        let answer_draw = game.draw_offer() == Some(!side);
        if answer_draw || game.turn().is_some_and(|turn| turn.side == side) {
            let ChannelGame { id, actions, .. } = record;
            self.thinkers.think(Job { place, game_id: id, actions, game, side, level, answer_draw });
        }
        Vec::new()
    }

    /// Applies every finished thought, each with its channel's messages.
    pub(in crate::core) fn engine_results(&self) -> Vec<(Place, Reply)> {
        let mut out = Vec::new();
        for thought in self.thinkers.take_done() {
            let place = thought.place;
            let replies = match self.apply_thought(thought) {
                Ok(replies) => public(replies),
                Err(Refusal(reason)) => {
                    tracing::debug!(%reason, channel = place.channel, "Rookery's thought was dropped");
                    Vec::new()
                }
            };
            let mut replies: Vec<Reply> = replies.into_iter().chain(self.engine_turn(place)).collect();
            crate::picture::draw_pending(&mut replies);
            out.extend(replies.into_iter().map(|reply| (place, reply)));
        }
        out
    }

    /// One thought, applied only to the very record it was about.
    fn apply_thought(&self, thought: Thought) -> Outcome {
        let Thought { place, game_id, actions, side, decision } = thought;
        let record = playing(self.current(place)?)?;
        same_record(&record, game_id, &actions)?;
        let (_, _, seat) = engine_seat(&record, &self.account).ok_or_else(|| Refusal::new(STALE))?;
        let me = User { id: seat.id, name: seat.name.clone(), can_manage_channel: false };
        match decision {
            Decision::Roll { kind } => self.roll_if(place, &me, kind, |r| same_record(r, game_id, &actions)),
            // Sealed and committed like `/choose`: the private reply that names
            // the choice is the engine's alone, and dropped.
            Decision::Secret { option } => self.choose(place, &me, &option),
            Decision::Act(action) => {
                if action_side(&action).is_some_and(|s| s != side) {
                    return Err(Refusal::new("the engine decided for the wrong side"));
                }
                self.engine_action(place, &seat.name, action, |r| same_record(r, game_id, &actions))
            }
        }
    }

    /// Applies the engine's `action` to the game while the record passes
    /// `check`, as a person's action is applied (a fallen flag first).
    fn engine_action(
        &self,
        place: Place,
        name: &str,
        action: Action,
        check: impl Fn(&ChannelGame) -> Result<(), Refusal>,
    ) -> Outcome {
        let now = self.now();
        let now_ms = self.now_ms();
        let offstage = self.offstage(place)?;
        self.update(place, |current| {
            let record = playing(current)?;
            check(&record)?;
            let mut game = self.live_game(&record)?;
            let mut lines = Vec::new();
            match clock::fallen(&record, now_ms) {
                Some(flagged) => game.apply(Action::Timeout(flagged)).map_err(explain)?,
                None => {
                    game.apply(action.clone()).map_err(explain)?;
                    lines.extend(said(name, &action, game.moves_san().last()));
                }
            }
            let view = offstage.of(&record);
            self.proceed(record, game, view, now, lines)
        })
    }
}

/// The side an action is taken by, where it names one.
fn action_side(action: &Action) -> Option<rookery_engine::Color> {
    match action {
        Action::Move(_) | Action::ChooseSecret { .. } | Action::Reveal { .. } | Action::Roll { .. } => None,
        Action::Pass(side)
        | Action::PayPrice { side, .. }
        | Action::Resign(side)
        | Action::Timeout(side)
        | Action::OfferDraw(side)
        | Action::AcceptDraw(side)
        | Action::DeclineDraw(side)
        | Action::ClaimDraw(side) => Some(*side),
    }
}

/// What the channel is told the engine did, before the game's message.
fn said(name: &str, action: &Action, last_san: Option<&String>) -> Option<String> {
    Some(match action {
        Action::Move(_) => format!("**{name}** plays **{}**.", last_san?),
        Action::Pass(_) => format!("**{name}** passes."),
        Action::PayPrice { .. } => format!("**{name}** pays the price."),
        Action::Resign(_) => format!("**{name}** resigns."),
        Action::OfferDraw(_) => format!("**{name}** offers a draw."),
        Action::AcceptDraw(_) => format!("**{name}** accepts the draw offer."),
        Action::DeclineDraw(_) => format!("**{name}** declines the draw offer and plays on."),
        Action::ClaimDraw(_) => format!("**{name}** claims a draw."),
        Action::Timeout(_) | Action::ChooseSecret { .. } | Action::Reveal { .. } | Action::Roll { .. } => return None,
    })
}
