//! A game's dice: one provably fair ledger per game (see `docs/fairness.md`).
//!
//! The ledger is made when the challenge is accepted, and its commitment is
//! posted with the first board, before any roll. Its rolls are the game's own
//! `roll` actions: the game's n-th roll is roll n of the ledger, so the game
//! record is all that needs keeping, and every replay re-derives each face and
//! checks it against the record. Once the game is over its ledger counts as
//! revealed, and `/verify` hands out the transcript.

use super::dice::roll_number;
use rookery_dice::{Ledger, LedgerId, ServerSeed};
use rookery_engine::game::{Action, Choice, Game, GameError};
use rookery_storage::{Change, ChannelGame, ChannelKey, GameLedger, LedgerRecord, Phase, Player, StorageError};

use super::games::{explain, replay, side_of};
use super::{
    channel, storage_failure, Attachment, Button, ButtonAction, ButtonStyle, Core, Outcome, Place, Refusal, Reply, User,
};

const NO_DICE: &str = "This game has no dice to roll. For table dice, use `/roll` with an expression like `1d20+5`.";
const NO_GAME: &str = "There is no game here. For table dice, use `/roll` with an expression like `1d20+5`.";

/// A game's stored dice ledger (`rookery_storage::GameLedger`) as the
/// engine ledger it stands for.
pub(super) trait GameDice {
    /// The engine ledger with the players' `seeds` and every roll of `game`
    /// replayed, each checked against the faces the record holds.
    fn replayed(&self, game: &Game, seeds: &[String]) -> Result<Ledger, Refusal>;

    /// The commitment, for the message that starts the game.
    fn announcement(&self) -> Result<String, Refusal>;
}

impl GameDice for GameLedger {
    fn replayed(&self, game: &Game, seeds: &[String]) -> Result<Ledger, Refusal> {
        replay_ledger(self, game, seeds).map_err(|reason| {
            // Checked before every action (`Core::usable_ledger`), so this is
            // a race with a change of the ledger; the next try sets it aside.
            tracing::error!(ledger = %self.ledger, reason, "game ledger does not rebuild");
            Refusal::new(
                "This game's dice ledger did not fit its rolls just now, so Rookery did not roll. Please try again.",
            )
        })
    }

    fn announcement(&self) -> Result<String, Refusal> {
        let seed = ServerSeed::from_hex(&self.seed).map_err(|_| {
            Refusal::new("This game's dice ledger is damaged. Please try again: Rookery will give the game a new one.")
        })?;
        Ok(format!(
            "Every roll of this game comes from ledger `{}` with commitment `{}`. It is revealed when \
             the game ends, and `/verify` then checks every roll.",
            self.ledger,
            seed.commitment()
        ))
    }
}

/// What a finished game's post says of its dice ledger, if it has one: with
/// its roll count and final chain when `ledger` (its stored state) fits
/// `game`, so that a transcript cut or edited later no longer matches the post.
pub(super) fn ledger_revealed(
    record: &ChannelGame,
    game: Option<&Game>,
    ledger: Option<&GameLedger>,
) -> Option<String> {
    record.ledger?;
    let chain = game.zip(ledger).and_then(|(game, state)| replay_ledger(state, game, &record.seeds).ok());
    Some(match chain {
        Some(ledger) => format!(
            "The dice ledger `{}` is revealed ({}): `/verify` hands out its transcript, which must end on \
             that chain.",
            ledger.id(),
            ledger.chain().summary()
        ),
        None => format!("The dice ledger `game:{}` is revealed: `/verify` hands out its transcript.", record.id),
    })
}

/// The engine ledger of `state` for `game`, or why it cannot be: the game's
/// rolls from the ledger's first on must be exactly the ledger's rolls.
fn replay_ledger(state: &GameLedger, game: &Game, seeds: &[String]) -> Result<Ledger, String> {
    let id = LedgerId::new(&state.ledger).map_err(|e| e.to_string())?;
    let seed = ServerSeed::from_hex(&state.seed).map_err(|e| e.to_string())?;
    let mut ledger = Ledger::new(id, seed);
    for seed in seeds {
        ledger.add_player_seed(seed).map_err(|e| e.to_string())?;
    }
    let Some(chance) = game.position().rules().chance else { return Ok(ledger) };
    let before = usize::try_from(state.first_roll).unwrap_or(usize::MAX);
    if rolls_of(game) < state.first_roll {
        return Err(format!("the game has fewer rolls than the {before} made before this ledger"));
    }
    let rolls = game.actions().iter().filter_map(|action| match action {
        Action::Roll { kind, faces, .. } => Some((*kind, faces)),
        _ => None,
    });
    for (kind, faces) in rolls.skip(before) {
        let kind = chance.kinds.get(kind).ok_or("a roll of no kind")?;
        let rolled = ledger.roll_dice(kind.dice).map_err(|e| e.to_string())?;
        if rolled.faces.iter().map(|f| f.face).ne(faces.iter().copied()) {
            return Err(format!("roll {} does not match the ledger", rolled.index));
        }
    }
    Ok(ledger)
}

/// Refuses a takeback to `rewound` that goes back before `ledger` took over
/// from a lost one: the rolls before it cannot be rolled again.
pub(super) fn takes_back_within(ledger: Option<&GameLedger>, rewound: &Game) -> Result<(), Refusal> {
    if ledger.is_some_and(|ledger| rolls_of(rewound) < ledger.first_roll) {
        return Err(Refusal::new(
            "This takeback would go back before this game's dice ledger was replaced: the rolls before that were \
             made on the lost ledger and cannot be rolled again.",
        ));
    }
    Ok(())
}

/// How many rolls `game` has made.
fn rolls_of(game: &Game) -> u64 {
    game.actions().iter().filter(|action| matches!(action, Action::Roll { .. })).count() as u64
}

impl Core {
    /// The stored dice ledger of `record`, read before the channel's
    /// transaction (which cannot read it) for a post that may end the game;
    /// `None` when there is none or it cannot be read: the post then gives
    /// no chain, and the next action deals with the ledger.
    pub(super) fn stored_ledger(&self, key: ChannelKey, record: &ChannelGame) -> Option<GameLedger> {
        let id = record.ledger?;
        match self.storage.ledger(key, id) {
            Ok(Some(LedgerRecord::Game(ledger))) if ledger.game == record.id => Some(ledger),
            Ok(_) => None,
            Err(error) => {
                tracing::warn!(game = record.id, %error, "a game's dice ledger could not be read for its post");
                None
            }
        }
    }

    /// A new ledger for the game of `record` if its variant has dice, to be
    /// stored with the game as it starts (`Change::PutWithLedger`), so that its
    /// commitment comes first and a refused start stores no ledger.
    pub(super) fn ledger_for(&self, record: &ChannelGame) -> Result<Option<(u64, GameLedger)>, Refusal> {
        if replay(record)?.position().rules().chance.is_none() {
            return Ok(None);
        }
        self.new_game_ledger(record.id, 0).map(Some)
    }

    /// A fresh ledger for game `game`, with a new server seed and storage
    /// id, taking over from the game's roll `first_roll` on.
    fn new_game_ledger(&self, game: u64, first_roll: u64) -> Result<(u64, GameLedger), Refusal> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|error| {
            tracing::error!(%error, "no randomness from the operating system");
            Refusal::new("Rookery could not get fresh randomness for this game's dice just now. Please try again.")
        })?;
        let id = self.storage.new_id().map_err(storage_failure)?;
        let state = GameLedger {
            game,
            ledger: format!("game:{game}"),
            seed: ServerSeed::from_bytes(bytes).to_hex(),
            first_roll,
        };
        Ok((id, state))
    }

    /// The dice ledger of `record` (stored under `id`), checked against the
    /// game's rolls. A ledger that is lost (missing, unreadable, or not
    /// fitting the rolls) is set aside for the operator where it exists, and
    /// the game goes on: a fresh ledger is bound to it from its next roll on,
    /// and the channel is told.
    pub(super) fn usable_ledger(&self, place: Place, record: &ChannelGame, id: u64) -> Result<GameLedger, Refusal> {
        let key = channel(place);
        let lost = match self.storage.ledger(key, id) {
            Ok(Some(LedgerRecord::Game(ledger))) if ledger.game == record.id => {
                match replay_ledger(&ledger, &self.live_game(record)?, &record.seeds) {
                    Ok(_) => return Ok(ledger),
                    Err(reason) => {
                        tracing::error!(ledger = %ledger.ledger, %reason, "a game ledger does not fit its game; set aside");
                        self.storage.quarantine_ledger(key, id, &reason).map_err(storage_failure)?;
                        "damaged"
                    }
                }
            }
            // The record points at an entry of something else: that entry is
            // not this game's to set aside.
            Ok(Some(_)) | Ok(None) => "missing",
            Err(StorageError::Quarantined(_)) => "damaged",
            Err(other) => return Err(storage_failure(other)),
        };
        self.bind_fresh_ledger(place, record, lost)
    }

    /// The "Dice ledger" field of `/game` for `record`, whose ledger is
    /// stored under `id`. A lost ledger is replaced by the game's next
    /// action, not by a look at the game.
    pub(super) fn ledger_description(&self, place: Place, record: &ChannelGame, id: u64) -> Result<String, Refusal> {
        match self.storage.ledger(channel(place), id) {
            Ok(Some(LedgerRecord::Game(ledger))) if ledger.game == record.id => ledger.announcement(),
            Ok(_) | Err(StorageError::Quarantined(_)) => {
                Ok("This game's dice ledger is lost; Rookery gives the game a new one with its next action.".into())
            }
            Err(other) => Err(storage_failure(other)),
        }
    }

    /// Binds a fresh ledger to the game of `record`, whose own is `lost`
    /// ("damaged" or "missing"), stored with the record in one transaction,
    /// and announces it in the channel.
    fn bind_fresh_ledger(&self, place: Place, record: &ChannelGame, lost: &str) -> Result<GameLedger, Refusal> {
        let rolled = rolls_of(&self.live_game(record)?);
        let (id, fresh) = self.new_game_ledger(record.id, rolled)?;
        let old = record.ledger;
        self.storage
            .update_channel(channel(place), |current| match current {
                Some(mut current) if current.id == record.id && current.ledger == old => {
                    current.ledger = Some(id);
                    Ok(Change::PutWithLedger { game: current, ledger: (id, fresh.clone()), reply: () })
                }
                _ => Err(Refusal::new("The game here changed just now; nothing was done. Please try again.")),
            })
            .map_err(storage_failure)??;
        tracing::warn!(game = record.id, lost, rolled, "a game's dice ledger was replaced");
        let before = match rolled {
            0 => String::new(),
            1 => " The game's first roll was made on the lost ledger and cannot be checked with `/verify`.".into(),
            n => format!(
                " The game's first {n} rolls were made on the lost ledger and cannot be checked with `/verify`."
            ),
        };
        let text = format!(
            "The dice ledger of game #{} was {lost}, so Rookery set it aside for the bot's operator and the game \
             goes on with a new one from its next roll.{before}\n{}",
            record.id,
            fresh.announcement()?
        );
        self.outbox().push((place, Reply::text(text)));
        Ok(fresh)
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
                let faces: Vec<u32> = rolled.faces.iter().map(|f| f.face).collect();
                let shown = game.roll_text(&(kind, faces.clone())).unwrap_or_else(|| format!("{faces:?}"));
                game.apply(Action::Roll { side, kind, faces }).map_err(|error| match error {
                    GameError::RollRefused(reason) => {
                        Refusal(format!("You cannot roll the {} now: {reason}.", roll.label))
                    }
                    other => explain(other),
                })?;
                let line = format!(
                    "**{}**'s {}: {shown} ({} of ledger `{}`, chain {}).",
                    user.name,
                    roll.label,
                    roll_number(rolled.index),
                    ledger_state.ledger,
                    ledger.chain().value.short()
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

    /// The transcripts of the revealed ledgers of this channel's finished
    /// games. A game or ledger that turns out damaged is set aside and left
    /// out; a game whose ledger was lost has no transcript.
    pub(super) fn game_transcripts(&self, place: Place) -> Result<Vec<Attachment>, Refusal> {
        let key = channel(place);
        let mut files = Vec::new();
        for record in self.storage.archived_games(key).map_err(storage_failure)? {
            let Some(id) = record.ledger else { continue };
            let Some(game) = self.archived_replay(key, &record)? else { continue };
            let ledger = match self.storage.ledger(key, id) {
                Ok(Some(LedgerRecord::Game(ledger))) if ledger.game == record.id => ledger,
                Ok(_) | Err(StorageError::Quarantined(_)) => continue,
                Err(other) => return Err(storage_failure(other)),
            };
            let ledger = match replay_ledger(&ledger, &game, &record.seeds) {
                Ok(ledger) => ledger,
                Err(reason) => {
                    tracing::error!(game = record.id, %reason, "a finished game's ledger does not fit it; set aside");
                    self.storage.quarantine_ledger(key, id, &reason).map_err(storage_failure)?;
                    continue;
                }
            };
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
