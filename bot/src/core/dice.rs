//! Table dice: `/roll`, `/seed` and `/verify` on the channel's table ledger.
//!
//! Each channel rolls on one provably fair ledger per UTC day (see
//! `docs/fairness.md`, "Table ledgers in Discord"). The ledger's commitment is
//! published with the day's first roll; when the day is over, the next dice
//! command in the channel reveals it, and `/verify` hands out its transcript.

mod alias;
mod command;
mod fit;
mod stats;
mod table;
mod tables;

use rookery_dice::{self as dice, Dialect, LedgerError, NotationRoll, RollRecord, RollResult};

use super::{channel, Attachment, Core, Outcome, Place, Refusal, Reply, User};
pub use alias::{AliasCommand, AliasScope};
pub use command::{AgainMode, DiceCommand};
use rookery_storage::{LoggedRoll, TableLedger};
pub use stats::StatsPeriod;
use table::Day;
pub(super) use tables::Tables;

/// Discord takes at most this many files per message; `/verify` sends the newest.
const MAX_TRANSCRIPTS: usize = 10;
/// Most player seeds one person may add to one table ledger (of its 32).
const MAX_SEEDS_PER_USER: usize = 4;

impl Core {
    pub(super) fn roll(
        &self,
        place: Place,
        user: &User,
        expression: &str,
        sealed: bool,
        entropy: Option<u64>,
    ) -> Outcome {
        // `/roll history` is the issue's (and Dice Maiden users') spelling of `/dice history`.
        if expression.trim().eq_ignore_ascii_case("history") {
            return self.dice_command(place, user, &DiceCommand::History);
        }
        let (key, now) = (channel(place), self.now());
        let dialect = self.dialect(place)?;
        let (tagged, saved) = match self.expand_alias(place, user, expression)? {
            Some(saved) => (saved, true),
            None => (dialect.tag(expression), false),
        };
        // A word that reads as neither dice nor a saved roll was most likely a
        // saved roll's name: say that, not where the dice syntax broke.
        let asked = expression.trim().to_ascii_lowercase();
        let expression = tagged.as_str();
        // Dice Maiden's `p` flag asks for a private roll: Rookery's sealed roll.
        let sealed = sealed || dice::parse(expression).is_ok_and(|line| line.rolls.iter().any(|r| r.flags.private));
        self.tables.with_day(&self.storage, key, now, |day| {
            let entropy = entropy.map(|id| id.to_string());
            let rolled = match (&entropy, sealed) {
                (Some(entropy), _) => day.ledger.roll_notation_with_entropy(expression, sealed, entropy),
                (None, true) => day.ledger.roll_sealed(expression),
                (None, false) => day.ledger.roll_notation(expression),
            };
            let (record, shown, results) = match rolled {
                Ok(NotationRoll { record, results }) => {
                    let mut shown = dice::render(&results);
                    if let Some(reading) = dice::verdict(expression, &results) {
                        shown.push_str(&format!("\n→ {reading}"));
                    }
                    (record, shown, results)
                }
                // The faces were drawn and the index is used: the roll stays on record.
                Err(LedgerError::RollFailed { index, error }) => {
                    let record = day.ledger.records().last().filter(|r| r.index == index).cloned();
                    let record = record.ok_or_else(|| Refusal::new("that roll failed"))?;
                    (record, format!("`{expression}` could not be worked out: {}", error.kind()), Vec::new())
                }
                Err(LedgerError::Notation(_)) if !saved && alias::valid_name(&asked) => {
                    return Err(Refusal::new(format!(
                        "There is no saved roll named `{asked}` here, and it is not dice notation. `/alias list` \
                         shows the saved rolls; `/alias set {asked} 2d6+3` saves one."
                    )));
                }
                Err(LedgerError::Notation(error)) => {
                    return Err(Refusal::new(format!("I cannot roll that:\n```\n{error}\n```")));
                }
                Err(other) => return Err(Refusal::from(other)),
            };
            let log = LoggedRoll {
                index: record.index,
                expression: expression.to_owned(),
                sealed,
                user: user.id,
                at: now,
                entropy: record.entropy.clone(),
                name: user.name.clone(),
            };
            day.record(&self.storage, key, &log)?;
            Ok(roll_replies(day, user, &record, &shown, &results, dialect))
        })
    }

    /// Adds a player seed to today's ledger. After its first roll the seeds are
    /// fixed (the engine refuses, and rightly: a seed chosen after seeing results
    /// proves nothing), so the player is told to come back for tomorrow's ledger
    /// rather than having the seed silently kept for later.
    pub(super) fn seed(&self, place: Place, user: &User, text: &str) -> Outcome {
        let key = channel(place);
        self.tables.with_day(&self.storage, key, self.now(), |day| {
            let owned = day.state.seed_owners.iter().filter(|&&owner| owner == user.id).count();
            if owned >= MAX_SEEDS_PER_USER {
                return Err(Refusal::new(format!(
                    "You have already added {owned} player seeds to today's table ledger `{}`; one person may \
                     add at most {MAX_SEEDS_PER_USER}, so that everybody at the table can add one.",
                    day.state.ledger
                )));
            }
            match day.ledger.add_player_seed(text) {
                Ok(()) => {}
                Err(LedgerError::SeedsClosed { rolls }) => {
                    return Err(Refusal::new(format!(
                        "Today's table ledger `{}` has already rolled {rolls} time{}, so its seeds are fixed: \
                         a seed only counts if it was chosen before any result was known. The next ledger \
                         opens at 00:00 UTC; send `/seed` then, before its first roll.",
                        day.state.ledger,
                        if rolls == 1 { "" } else { "s" },
                    )));
                }
                Err(other) => return Err(Refusal::from(other)),
            }
            day.state.seed_owners.push(user.id);
            if let Err(refusal) = day.save(&self.storage, key) {
                day.state.seed_owners.pop();
                return Err(refusal);
            }
            Ok(vec![Reply::text(format!(
                "**{}** added a player seed to today's table ledger `{}` (commitment `{}`). \
                 Every roll today mixes it in; it is listed in the transcript.",
                user.name,
                day.state.ledger,
                day.ledger.commitment(),
            ))])
        })
    }

    /// The revealed transcripts of this channel's table ledgers and finished
    /// games (newest [`MAX_TRANSCRIPTS`]), and today's commitment.
    pub(super) fn verify(&self, place: Place) -> Outcome {
        let key = channel(place);
        let (ledger, commitment, rolls, notice) = self.tables.with_day(&self.storage, key, self.now(), |day| {
            Ok((
                day.state.ledger.clone(),
                day.ledger.commitment(),
                day.ledger.records().len(),
                day.replacement_notice(),
            ))
        })?;
        let mut today = format!(
            "Today's table ledger `{}` has commitment `{}` and {} roll{} so far; it is revealed after 00:00 UTC.",
            ledger,
            commitment,
            rolls,
            if rolls == 1 { "" } else { "s" },
        );
        if let Some(notice) = notice {
            today = format!("{notice}.\n{today}");
        }
        // Newest first, so that a ledger found damaged (and set aside) makes
        // room for an older one.
        let revealed = table::revealed(&self.storage, key)?;
        let mut files = Vec::new();
        let mut older = revealed.len();
        for state in revealed.iter().rev() {
            if files.len() == MAX_TRANSCRIPTS {
                break;
            }
            older -= 1;
            files.extend(transcript(&self.storage, key, state)?);
        }
        files.reverse();
        let games = self.game_transcripts(place)?;
        if files.is_empty() && games.is_empty() {
            return Ok(vec![Reply::text(format!(
                "No table ledger of this channel has been revealed yet: a ledger is revealed once its \
                 day (UTC) is over.\n{today}"
            ))]);
        }
        let tables = files.len();
        let room = MAX_TRANSCRIPTS - tables;
        files.extend(games[games.len().saturating_sub(room)..].iter().cloned());
        let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
        let mut parts = Vec::new();
        if tables > 0 {
            parts.push(plural(tables, "table ledger"));
        }
        if files.len() > tables {
            parts.push(plural(files.len() - tables, "finished game"));
        }
        let mut text = format!(
            "Attached: the revealed transcript of {} of this channel. Check one with `rookery verify FILE`.",
            parts.join(" and ")
        );
        let left_out = older + games.len() - (files.len() - tables);
        if left_out > 0 {
            text.push_str(&format!(" ({left_out} older ledgers are not attached.)"));
        }
        text.push('\n');
        text.push_str(&today);
        Ok(vec![Reply { text, files, ..Reply::default() }])
    }
}

/// A revealed ledger's transcript as a file; none for a ledger that turns
/// out damaged (it is set aside).
/// A roll's number as people count, from 1: ledgers and their transcripts
/// index rolls from 0 (docs/fairness.md), so roll #1 is the transcript's `roll 0`.
pub(super) fn roll_number(index: u64) -> String {
    format!("roll #{}", index + 1)
}

fn transcript(
    storage: &rookery_storage::Storage,
    key: rookery_storage::ChannelKey,
    state: &TableLedger,
) -> Result<Option<Attachment>, Refusal> {
    let Some(ledger) = table::rebuild(storage, key, state)? else { return Ok(None) };
    let name = format!("{}.txt", state.ledger.replace([':', '/'], "-"));
    Ok(Some(Attachment { name, bytes: ledger.reveal().to_string().into_bytes() }))
}

/// A public roll: one public reply. A sealed roll: the result privately to the
/// roller, then the commitment publicly, so the table knows a roll was made and
/// can check later that it was not changed.
fn roll_replies(
    day: &Day,
    user: &User,
    record: &RollRecord,
    shown: &str,
    results: &[RollResult],
    dialect: Dialect,
) -> Vec<Reply> {
    let mut about = format!(
        "{} on table ledger `{}`, chain {}",
        roll_number(record.index),
        day.state.ledger,
        day.ledger.chain().value.short()
    );
    if dialect != Dialect::Rookery {
        about.push_str(&format!(", read as {dialect} notation"));
    }
    if record.index == 0 {
        about.push_str(&format!(
            ", today's first: the ledger's commitment is `{}`, revealed after 00:00 UTC",
            day.ledger.commitment()
        ));
    }
    if let Some(notice) = day.replacement_notice() {
        about.push_str(&format!(". {notice}"));
    }
    if !day.revealed_now.is_empty() {
        about.push_str(&format!(
            ". Earlier ledger{} {} revealed: `/verify` hands out the transcript",
            if day.revealed_now.len() == 1 { "" } else { "s" },
            day.revealed_now.join(", "),
        ));
    }
    let file = format!("roll-{}.txt", record.index + 1);
    let expression = match &record.rolled {
        rookery_dice::Rolled::Notation { line, .. } => line.clone(),
        rookery_dice::Rolled::Dice(sides) => format!("{} dice", sides.len()),
    };
    let proof = format!("-# {about}");
    match record.sealed {
        None => {
            let head = format!("**{}** rolls: ", user.name);
            let mut reply = fit::fit(&head, &expression, (shown, results), &proof, &file);
            if let rookery_dice::Rolled::Notation { line, outcome: rookery_dice::NotationOutcome::Totals(_) } =
                &record.rolled
            {
                reply.buttons = command::again_buttons(day.state.id, record.index, line);
            }
            vec![reply]
        }
        Some(commitment) => {
            let mut private =
                fit::fit("Your sealed roll (only you see this): ", &expression, (shown, results), &proof, &file);
            private.ephemeral = true;
            vec![
                private,
                Reply::text(format!(
                    "**{}** made a sealed roll: {about}.\nSealed commitment `{commitment}`: it opens when the \
                     ledger is revealed, and `/verify` then checks the result against it.",
                    user.name
                )),
            ]
        }
    }
}
