//! What a turn does by itself, and the turn actions besides moves and rolls.
//!
//! After every action, in the same storage transaction, the bot plays what the
//! rules leave to nobody's choice: the automatic rolls a turn requires (from
//! the game's fair ledger, posted and recorded like any roll), a forced pass
//! when a side has no move, and the reveal of a secret the rules now need.
//! Players pass (`/pass`, the Pass button, the word `pass`) and make secret
//! choices (`/choose`): the choice and its nonce are stored apart from the
//! public record, which holds only the commitment, and only the chooser is
//! told the choice until it is revealed.

use super::dice::roll_number;
use rookery_dice::Ledger;
use rookery_engine::game::{Action, Choice, Game};
use rookery_engine::turns::{self, commitment};
use rookery_engine::{Color, Variant};
use rookery_storage::{Change, ChannelGame, GameLedger, GameSecrets, LedgerRecord, SealedSecret};

use super::game_dice::GameDice;
use super::games::{explain, playing, side_of};
use super::{channel, storage_failure, Button, ButtonAction, ButtonStyle, Core, Outcome, Place, Refusal, Reply, User};

/// `side`'s sealed secret in `secrets` that `commitment` commits to. Every
/// attempt to choose is kept, so a double click whose second sealing lost the
/// race to the record still finds the secret the record committed to.
fn committed<'a>(secrets: &'a GameSecrets, context: &str, side: Color, commitment: &str) -> Option<&'a SealedSecret> {
    let colour = side.fold("white", "black");
    secrets
        .secrets
        .iter()
        .filter(|s| s.side == colour)
        .find(|s| turns::commitment(context, side, &s.option, &s.nonce) == commitment)
}

/// What a turn may need that is stored beside the channel's record: the
/// game's dice ledger and its sealed secrets. Read before the transaction
/// (no other tree can be read inside it); they belong to one game id.
#[derive(Clone, Debug, Default)]
pub(super) struct Offstage {
    game: Option<u64>,
    ledger: Option<GameLedger>,
    secrets: Option<GameSecrets>,
}

/// The parts of an [`Offstage`] that belong to the record at hand.
#[derive(Clone, Copy, Debug)]
pub(super) struct OffstageOf<'a> {
    pub ledger: Option<&'a GameLedger>,
    secrets: Option<&'a GameSecrets>,
}

impl Offstage {
    /// Only what was read for this very game: a record replaced between the
    /// read and the transaction gets nothing.
    pub fn of(&self, record: &ChannelGame) -> OffstageOf<'_> {
        let mine = self.game == Some(record.id);
        OffstageOf {
            ledger: self.ledger.as_ref().filter(|l| mine && l.game == record.id),
            secrets: self.secrets.as_ref().filter(|s| mine && s.game == record.id),
        }
    }
}

impl<'a> OffstageOf<'a> {
    /// The same, with this ledger (one made just now).
    pub fn with_ledger(self, ledger: Option<&'a GameLedger>) -> OffstageOf<'a> {
        OffstageOf { ledger, ..self }
    }
}

/// The context a secret's commitment is bound to: the game's public id.
fn secret_context(record: &ChannelGame) -> String {
    format!("game{}", record.id)
}

impl Core {
    /// Reads the ledger and secrets of the channel's current game, if any.
    pub(super) fn offstage(&self, place: Place) -> Result<Offstage, Refusal> {
        self.offstage_of(place, self.current(place)?.as_ref())
    }

    /// [`Core::offstage`] for a record of the channel already read.
    pub(super) fn offstage_of(&self, place: Place, record: Option<&ChannelGame>) -> Result<Offstage, Refusal> {
        let Some(record) = record else { return Ok(Offstage::default()) };
        let ledger = match record.ledger {
            Some(id) => Some(self.usable_ledger(place, record, id)?),
            None => None,
        };
        // Only a game whose rules have secrets can have any stored.
        let has_secrets = record
            .variant
            .parse::<Variant>()
            .ok()
            .and_then(|v| v.rules().ok())
            .is_some_and(|r| r.turns.secret.is_some());
        let secrets = if has_secrets { self.secrets(place, record.id)? } else { None };
        Ok(Offstage { game: Some(record.id), ledger, secrets })
    }

    /// The stored secrets of game `game`, every sealing merged. Each sealing is
    /// an entry of its own, never rewritten, so two players choosing at the
    /// same moment cannot overwrite each other.
    fn secrets(&self, place: Place, game: u64) -> Result<Option<GameSecrets>, Refusal> {
        let stored = self.storage.channel_ledgers_since(channel(place), game).map_err(storage_failure)?;
        let mut merged: Option<GameSecrets> = None;
        for entry in stored {
            let LedgerRecord::Secrets(entry) = entry else { continue };
            if entry.game != game {
                continue;
            }
            match &mut merged {
                Some(all) => all.secrets.extend(entry.secrets),
                None => merged = Some(entry),
            }
        }
        Ok(merged)
    }

    /// Plays what the turn does by itself, reveals every secret once the game
    /// is over, and stores the result; `lines` (what the player did) and what
    /// the bot did head the game message.
    pub(super) fn proceed(
        &self,
        record: ChannelGame,
        mut game: Game,
        offstage: OffstageOf<'_>,
        now: i64,
        mut lines: Vec<String>,
    ) -> Result<Change<Vec<Reply>>, Refusal> {
        lines.extend(advance(&record, &mut game, offstage)?);
        let change = self.settle(record, game, now, offstage.ledger)?;
        if lines.is_empty() {
            return Ok(change);
        }
        let head = |replies: &mut Vec<Reply>| {
            if let Some(first) = replies.first_mut() {
                first.text = format!("{}\n{}", lines.join("\n"), first.text);
            }
        };
        Ok(match change {
            Change::Put(record, mut replies) => {
                head(&mut replies);
                Change::Put(record, replies)
            }
            Change::Finish { game, rated, rate, mut reply } => {
                head(&mut reply);
                Change::Finish { game, rated, rate, reply }
            }
            other => other,
        })
    }

    /// `/pass`, the Pass button or the word `pass`: give up this turn.
    pub(super) fn pass(&self, place: Place, user: &User) -> Outcome {
        let now = self.now();
        let offstage = self.offstage(place)?;
        self.storage
            .update_channel(channel(place), |current| {
                let record = playing(current)?;
                let side =
                    side_of(&record, user.id).ok_or_else(|| Refusal::new("You are not playing in this game."))?;
                let mut game = self.live_game(&record)?;
                game.apply(Action::Pass(side)).map_err(explain)?;
                let line = format!("**{}** passes.", user.name);
                let view = offstage.of(&record);
                self.proceed(record, game, view, now, vec![line])
            })
            .map_err(storage_failure)?
    }

    /// `/choose option`: the player's secret choice. Only the chooser is told
    /// what they chose; the channel sees the commitment.
    pub(super) fn choose(&self, place: Place, user: &User, option: &str) -> Outcome {
        let now = self.now();
        let record = playing(self.current(place)?)?;
        let side = side_of(&record, user.id).ok_or_else(|| Refusal::new("You are not playing in this game."))?;
        let game = self.live_game(&record)?;
        let rule =
            game.position().rules().turns.secret.ok_or_else(|| Refusal::new("This game has no secret choice."))?;
        if option.trim().is_empty() {
            return secret_buttons(&record, &game, side, rule);
        }
        let option = rule
            .options
            .iter()
            .find(|o| o.eq_ignore_ascii_case(option.trim()))
            .ok_or_else(|| Refusal(format!("Choose one of: {}.", rule.options.join(", "))))?;
        if game.secret_commitment(side).is_some() {
            return Err(Refusal::new("You have already made your secret choice; it cannot be changed."));
        }
        // Sealed before the record commits to it, so a stored commitment
        // always has its secret; a retry after a failure simply reseals.
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(|error| {
            tracing::error!(%error, "no randomness from the operating system");
            Refusal::new("Rookery could not get fresh randomness just now. Please try again.")
        })?;
        let nonce: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let colour = side.fold("white", "black");
        let entry = SealedSecret { side: colour.into(), option: option.to_string(), nonce: nonce.clone() };
        let id = self.storage.new_id().map_err(storage_failure)?;
        self.storage
            .put_game_secrets(channel(place), id, &GameSecrets { game: record.id, secrets: vec![entry] })
            .map_err(storage_failure)?;
        let secrets = self.secrets(place, record.id)?;
        let context = secret_context(&record);
        let sealed = commitment(&context, side, option, &nonce);
        let ledger = match record.ledger {
            Some(id) => Some(self.usable_ledger(place, &record, id)?),
            None => None,
        };
        let offstage = Offstage { game: Some(record.id), ledger, secrets };
        let expected = record.id;
        let change = self
            .storage
            .update_channel(channel(place), |current| {
                let record = playing(current).and_then(|r| {
                    (r.id == expected).then_some(r).ok_or_else(|| Refusal::new("The game here has changed."))
                })?;
                let mut game = self.live_game(&record)?;
                let choose = Action::ChooseSecret { side, context: context.clone(), commitment: sealed.clone() };
                game.apply(choose).map_err(explain)?;
                let line = format!("**{}** has made their secret choice (commitment `{sealed}`).", user.name);
                let view = offstage.of(&record);
                self.proceed(record, game, view, now, vec![line])
            })
            .map_err(storage_failure)??;
        let private = Reply::private(format!(
            "Your secret choice for {}: **{option}** (only you see this). Its commitment is \
             SHA-256 of `{context}|{colour}|{option}|{nonce}`, revealed when the rules need it or the game ends.",
            rule.label
        ));
        Ok(std::iter::once(private).chain(change).collect())
    }
}

impl Core {
    /// A secret choice's button: option `index` of the rules' secret.
    pub(super) fn choose_option(&self, place: Place, user: &User, index: usize) -> Outcome {
        let record = playing(self.current(place)?)?;
        let rule = self.live_game(&record)?.position().rules().turns.secret;
        let option =
            rule.and_then(|r| r.options.get(index)).ok_or_else(|| Refusal::new("That choice is not offered."))?;
        self.choose(place, user, option)
    }
}

/// The private answer to the public "choose" button: one button per option,
/// seen only by the chooser.
fn secret_buttons(record: &ChannelGame, game: &Game, side: Color, rule: turns::SecretRule) -> Outcome {
    if game.secret_commitment(side).is_some() {
        return Err(Refusal::new("You have already made your secret choice; it cannot be changed."));
    }
    let mut reply = Reply::private(format!(
        "Choose your {} (only you see this; the channel sees only a commitment), or type `/choose {}`.",
        rule.label,
        rule.options.join("|")
    ));
    let actions = [ButtonAction::ChooseFirst, ButtonAction::ChooseSecond];
    for (action, option) in actions.into_iter().zip(rule.options) {
        let label = format!("{}{}: {option}", rule.label[..1].to_uppercase(), &rule.label[1..]);
        let mut button = Button::new(action, &label, ButtonStyle::Primary);
        button.game = Some(record.id);
        reply.buttons.push(button);
    }
    Ok(vec![reply])
}

/// Plays, for nobody in particular, what the turn requires: automatic rolls,
/// forced passes, due reveals; and once the game is over, every unrevealed
/// secret. Returns a line for each.
fn advance(record: &ChannelGame, game: &mut Game, offstage: OffstageOf<'_>) -> Result<Vec<String>, Refusal> {
    let mut lines = Vec::new();
    let mut ledger: Option<Ledger> = None;
    let name = |side: Color| {
        let player = side.fold(record.white.as_ref(), record.black.as_ref());
        player.map_or_else(|| side.fold("White", "Black").to_string(), |p| p.name.clone())
    };
    while let Some(turn) = game.turn() {
        let side = turn.side;
        let automatic = game.position().rules().chance.and_then(|chance| {
            turn.choices.iter().find_map(|choice| match choice {
                Choice::Roll { kind, required: true, .. } if chance.kinds[*kind].automatic => {
                    Some((*kind, chance.kinds[*kind]))
                }
                _ => None,
            })
        });
        if let Some((kind, roll)) = automatic {
            let state =
                offstage.ledger.ok_or_else(|| Refusal::new("This game has no dice ledger, so it cannot roll."))?;
            let ledger = match &mut ledger {
                Some(ledger) => ledger,
                slot => slot.insert(state.replayed(game, &record.seeds)?),
            };
            let rolled = ledger.roll_dice(roll.dice).map_err(Refusal::from)?;
            let faces: Vec<u32> = rolled.faces.iter().map(|f| f.face).collect();
            let shown = game.roll_text(&(kind, faces.clone())).unwrap_or_else(|| format!("{faces:?}"));
            game.apply(Action::Roll { side, kind, faces }).map_err(explain)?;
            lines.push(format!(
                "**{}**'s {}, rolled by Rookery: {shown} ({} of ledger `{}`, chain {}).",
                name(side),
                roll.label,
                roll_number(rolled.index),
                state.ledger,
                ledger.chain().value.short()
            ));
        } else if turn.choices.contains(&Choice::Pass { forced: true }) {
            game.apply(Action::Pass(side)).map_err(explain)?;
            lines.push(format!("**{}** has no move and passes.", name(side)));
        } else if turn.choices.contains(&Choice::Reveal) {
            lines.push(reveal(record, game, side, offstage, &name(side))?);
        } else {
            break;
        }
    }
    if game.outcome().is_some() {
        for side in Color::ALL {
            if game.secret_commitment(side).is_some() && game.revealed_secret(side).is_none() {
                // The game is over either way: a sealing that was lost (set
                // aside as damaged) is said so, and the result stands.
                match sealed_secret(record, game, side, offstage) {
                    Some(_) => lines.push(reveal(record, game, side, offstage, &name(side))?),
                    None => lines.push(format!(
                        "**{}**'s secret choice was lost from Rookery's records, so it cannot be revealed.",
                        name(side)
                    )),
                }
            }
        }
    }
    Ok(lines)
}

/// `side`'s sealed secret in `offstage` that the game committed to, if it is there.
fn sealed_secret<'a>(
    record: &ChannelGame,
    game: &Game,
    side: Color,
    offstage: OffstageOf<'a>,
) -> Option<&'a SealedSecret> {
    let commitment = game.secret_commitment(side)?;
    offstage.secrets.and_then(|s| committed(s, &secret_context(record), side, commitment))
}

/// Reveals `side`'s sealed secret into the game.
fn reveal(
    record: &ChannelGame,
    game: &mut Game,
    side: Color,
    offstage: OffstageOf<'_>,
    name: &str,
) -> Result<String, Refusal> {
    let sealed = sealed_secret(record, game, side, offstage)
        .ok_or_else(|| Refusal::new("This game's secret choices are missing. Please tell the bot's operator."))?;
    let action = Action::Reveal { side, option: sealed.option.clone(), nonce: sealed.nonce.clone() };
    game.apply(action).map_err(explain)?;
    let label = game.position().rules().turns.secret.map_or("secret choice", |rule| rule.label);
    Ok(format!(
        "**{name}** reveals their {label}: **{}** (nonce `{}`, matching the commitment).",
        sealed.option, sealed.nonce
    ))
}
