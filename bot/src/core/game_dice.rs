//! A game's dice: one provably fair ledger per game (see `docs/fairness.md`).
//!
//! The ledger is made when the challenge is accepted, and its commitment is
//! posted with the first board, before any roll. Its rolls are the game's own
//! `roll` actions: the game's n-th roll is roll n of the ledger, so the game
//! record is all that needs keeping, and every replay re-derives each face and
//! checks it against the record. Once the game is over its ledger counts as
//! revealed, and `/verify` hands out the transcript.

use rookery_dice::{Ledger, LedgerId, ServerSeed};
use rookery_engine::game::{Action, Choice, Game, GameError};
use rookery_storage::Player;
use rookery_storage::{Change, ChannelGame, Phase};
use serde::{Deserialize, Serialize};

use super::games::{explain, replay, side_of};
use super::{
    channel, storage_failure, Attachment, Button, ButtonAction, ButtonStyle, Core, Outcome, Place, Refusal, Reply, User,
};

const NO_DICE: &str = "This game has no dice to roll. For table dice, use `/roll` with an expression like `1d20+5`.";
const NO_GAME: &str = "There is no game here. For table dice, use `/roll` with an expression like `1d20+5`.";

/// A game ledger as stored with `Storage::put_ledger`, next to the channel's
/// table ledgers (which it is told apart from by its `game` field).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub(super) struct GameLedger {
    /// The game it rolls for.
    pub game: u64,
    /// The engine ledger id, `game:<game id>`: part of every derivation.
    pub ledger: String,
    /// The server seed as hex; secret until the game is over.
    pub seed: String,
}

impl GameLedger {
    /// The engine ledger with the players' `seeds` and every roll of `game`
    /// replayed, each checked against the faces the record holds.
    pub fn replayed(&self, game: &Game, seeds: &[String]) -> Result<Ledger, Refusal> {
        let id = LedgerId::new(&self.ledger).map_err(|e| self.damaged(&e.to_string()))?;
        let seed = ServerSeed::from_hex(&self.seed).map_err(|e| self.damaged(&e.to_string()))?;
        let mut ledger = Ledger::new(id, seed);
        for seed in seeds {
            ledger.add_player_seed(seed).map_err(|e| self.damaged(&e.to_string()))?;
        }
        let Some(chance) = game.position().rules().chance else { return Ok(ledger) };
        for action in game.actions() {
            let Action::Roll { kind, faces, .. } = action else { continue };
            let kind = chance.kinds.get(*kind).ok_or_else(|| self.damaged("a roll of no kind"))?;
            let rolled = ledger.roll_dice(kind.dice).map_err(|e| self.damaged(&e.to_string()))?;
            if rolled.faces.iter().map(|f| f.face).ne(faces.iter().copied()) {
                return Err(self.damaged(&format!("roll {} does not match the ledger", rolled.index)));
            }
        }
        Ok(ledger)
    }

    /// The commitment, for the message that starts the game.
    pub fn announcement(&self) -> Result<String, Refusal> {
        let seed = ServerSeed::from_hex(&self.seed).map_err(|e| self.damaged(&e.to_string()))?;
        Ok(format!(
            "Dice: every roll of this game comes from ledger `{}` with commitment `{}`. It is revealed when \
             the game ends, and `/verify` then checks every roll.",
            self.ledger,
            seed.commitment()
        ))
    }

    fn damaged(&self, reason: &str) -> Refusal {
        tracing::error!(ledger = %self.ledger, reason, "game ledger does not rebuild");
        Refusal::new(format!(
            "The dice ledger `{}` of this game is damaged, so Rookery will not roll on it. Please tell the bot's operator.",
            self.ledger
        ))
    }
}

impl Core {
    /// A new ledger for the game of `record` if its variant has dice, to be
    /// stored with the game as it starts (`Change::PutWithLedger`), so that its
    /// commitment comes first and a refused start stores no ledger.
    pub(super) fn ledger_for(&self, record: &ChannelGame) -> Result<Option<(u64, GameLedger)>, Refusal> {
        if replay(record)?.position().rules().chance.is_none() {
            return Ok(None);
        }
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|error| {
            tracing::error!(%error, "no randomness from the operating system");
            Refusal::new("Rookery could not get fresh randomness for this game's dice just now. Please try again.")
        })?;
        let id = self.storage.new_id().map_err(storage_failure)?;
        let state = GameLedger {
            game: record.id,
            ledger: format!("game:{}", record.id),
            seed: ServerSeed::from_bytes(bytes).to_hex(),
        };
        Ok(Some((id, state)))
    }

    pub(super) fn game_ledger(&self, place: Place, record: &ChannelGame) -> Result<GameLedger, Refusal> {
        let id = record
            .ledger
            .ok_or_else(|| Refusal::new("This game was started without a dice ledger, so it cannot roll."))?;
        self.storage.ledger::<GameLedger>(channel(place), id).map_err(storage_failure)?.ok_or_else(|| {
            Refusal::new("This game's dice ledger is missing, so it cannot roll. Please tell the bot's operator.")
        })
    }

    /// A player's roll of kind `kind`: if the rules warn about rolling now
    /// (Dice Landing: in check, a landing that cannot block loses), the
    /// player is asked first, privately, with a "Roll anyway" button and the
    /// word `roll!`; nothing is rolled until they confirm.
    pub(super) fn roll_for_game(&self, place: Place, user: &User, kind: usize) -> Outcome {
        if let Some(record) = self.current(place)?.filter(|r| r.phase == Phase::Playing) {
            let game = self.live_game(&record)?;
            let to_move = side_of(&record, user.id) == Some(game.position().turn());
            if let Some(warning) = game.roll_warning(kind).filter(|_| to_move) {
                let mut reply = Reply::private(format!(
                    "{warning}\nRoll anyway? Click **Roll anyway** or type `roll!`; otherwise make a board move."
                ));
                let mut button = Button::new(ButtonAction::ConfirmRoll, "Roll anyway", ButtonStyle::Danger);
                button.game = Some(record.id);
                reply.buttons.push(button);
                return Ok(vec![reply]);
            }
        }
        self.roll_now(place, user, kind)
    }

    /// "Roll anyway": the voluntary roll the player was warned about, if a
    /// warning still stands (the turn may have moved on since).
    pub(super) fn confirm_roll(&self, place: Place, user: &User) -> Outcome {
        let record = self.current(place)?.filter(|r| r.phase == Phase::Playing).ok_or_else(|| Refusal::new(NO_GAME))?;
        let game = self.live_game(&record)?;
        let warned = game.turn().into_iter().flat_map(|turn| turn.choices).find_map(|choice| match choice {
            Choice::Roll { kind, required: false, .. } if game.roll_warning(kind).is_some() => Some(kind),
            _ => None,
        });
        match warned {
            Some(kind) => self.roll_now(place, user, kind),
            None => Err(Refusal::new("There is no risky roll to confirm now; type `roll` to roll.")),
        }
    }

    /// Rolls the game's dice of kind `kind` (its index in the variant's roll
    /// kinds) for `user`, from the game's ledger, and applies the faces; then
    /// whatever the turn does by itself follows in the same transaction.
    pub(super) fn roll_now(&self, place: Place, user: &User, kind: usize) -> Outcome {
        self.roll_if(place, user, kind, |_| Ok(()))
    }

    /// [`Core::roll_now`], only while the stored record passes `check`
    /// (the engine rolls only in the very game it decided to roll in).
    pub(super) fn roll_if(
        &self,
        place: Place,
        user: &User,
        kind: usize,
        check: impl Fn(&ChannelGame) -> Result<(), Refusal>,
    ) -> Outcome {
        let now = self.now();
        // No tree can be read inside the channel's transaction, so what lives
        // beside the record (the ledger, sealed secrets) is read first.
        let offstage = self.offstage(place)?;
        self.storage
            .update_channel(channel(place), |current| {
                let Some(record) = current.filter(|r| r.phase == Phase::Playing) else {
                    return Err(Refusal::new(NO_GAME));
                };
                check(&record)?;
                let mut game = self.live_game(&record)?;
                let chance = game.position().rules().chance.ok_or_else(|| Refusal::new(NO_DICE))?;
                let roll = chance.kinds.get(kind).ok_or_else(|| Refusal::new("This game has no such roll."))?;
                if roll.automatic {
                    return Err(Refusal(format!("Rookery rolls the {} itself whenever a turn needs it.", roll.label)));
                }
                let side =
                    side_of(&record, user.id).ok_or_else(|| Refusal::new("You are not playing in this game."))?;
                let offstage = offstage.of(&record);
                let ledger_state =
                    offstage.ledger.ok_or_else(|| Refusal::new("This game has no dice ledger, so it cannot roll."))?;
                let mut ledger = ledger_state.replayed(&game, &record.seeds)?;
                let rolled = ledger.roll_dice(roll.dice).map_err(Refusal::from)?;
                let faces = rolled.faces.iter().map(|f| f.face).collect();
                game.apply(Action::Roll { side, kind, faces }).map_err(|error| match error {
                    GameError::RollRefused(reason) => {
                        Refusal(format!("You cannot roll the {} now: {reason}.", roll.label))
                    }
                    other => explain(other),
                })?;
                let line = format!(
                    "**{}** rolls the {} (roll #{} of ledger `{}`).",
                    user.name, roll.label, rolled.index, ledger_state.ledger
                );
                self.proceed(record, game, offstage, now, vec![line])
            })
            .map_err(storage_failure)?
    }

    /// `/seed` by a player of this channel's dice game whose ledger has not
    /// rolled yet (from the challenge on): the game's ledger takes the seed.
    /// `None` when the channel has no such game for `user`; the table ledger
    /// takes the seed then.
    pub(super) fn game_seed(&self, place: Place, user: &User, text: &str) -> Option<Outcome> {
        let record = match self.current(place) {
            Ok(Some(record)) => record,
            Ok(None) => return None,
            Err(refusal) => return Some(Err(refusal)),
        };
        if record.ledger.is_none() || !seeds_game(&record, user) {
            return None;
        }
        let expected = record.id;
        let stored = self.storage.update_channel(channel(place), |current| {
            let Some(mut record) = current.filter(|r| r.id == expected && seeds_game(r, user)) else {
                return Err(Refusal::new("The game here has changed; nothing was seeded."));
            };
            let game = self.live_game(&record)?;
            add_game_seed(&mut record, &game, text)?;
            let reply = Reply::text(seeded_line(user, &record));
            Ok(Change::Put(record, vec![reply]))
        });
        Some(stored.map_err(storage_failure).and_then(|outcome| outcome))
    }

    /// The transcripts of the revealed ledgers of this channel's finished games.
    pub(super) fn game_transcripts(&self, place: Place) -> Result<Vec<Attachment>, Refusal> {
        let mut files = Vec::new();
        for record in self.storage.archived_games(channel(place)).map_err(storage_failure)? {
            if record.ledger.is_none() {
                continue;
            }
            let game = self.live_game(&record)?;
            let ledger = self.game_ledger(place, &record)?.replayed(&game, &record.seeds)?;
            let name = format!("{}.txt", ledger.id().as_str().replace([':', '/'], "-"));
            files.push(Attachment { name, bytes: ledger.reveal().to_string().into_bytes() });
        }
        Ok(files)
    }
}

/// Adds the player seed `text` to the seeds of `record`, whose game is
/// `game`: only for a game with dice that has not rolled yet, and only a seed
/// its ledger takes (not blank, not too long, no duplicate, not too many).
pub(super) fn add_game_seed(record: &mut ChannelGame, game: &Game, text: &str) -> Result<(), Refusal> {
    if game.position().rules().chance.is_none() {
        return Err(Refusal::new("This game rolls no dice, so there is no ledger for a seed; nothing was changed."));
    }
    if game.actions().iter().any(|a| matches!(a, Action::Roll { .. })) {
        return Err(Refusal::new(
            "This game's dice have already rolled, so its seeds are fixed: a seed only counts if it \
             was chosen before any result was known.",
        ));
    }
    let mut probe = Ledger::new(LedgerId::new("seed-check")?, ServerSeed::from_bytes([0; 32]));
    for seed in record.seeds.iter().map(String::as_str).chain([text]) {
        probe.add_player_seed(seed)?;
    }
    record.seeds.push(text.trim().to_string());
    Ok(())
}

/// What the channel is told when `user` seeds the dice of `record`.
pub(super) fn seeded_line(user: &User, record: &ChannelGame) -> String {
    format!(
        "**{}** added a player seed to this game's dice ledger `game:{}`; every roll of the game mixes it in, \
         and the transcript lists it.",
        user.name, record.id
    )
}

/// Whether `user` may seed the dice of `record`: a player of the game, or of
/// the challenge (anyone, for an open one) until it is accepted.
fn seeds_game(record: &ChannelGame, user: &User) -> bool {
    let is = |p: &Player| p.id == user.id;
    match &record.phase {
        Phase::Challenge { challenger, opponent } => is(challenger) || opponent.as_ref().is_none_or(is),
        Phase::Playing => side_of(record, user.id).is_some(),
        Phase::Finished { .. } => false,
    }
}
