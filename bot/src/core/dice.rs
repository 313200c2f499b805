//! Table dice: `/roll`, `/seed` and `/verify` on the channel's table ledger.
//!
//! Each channel rolls on one provably fair ledger per UTC day (see
//! `docs/fairness.md`, "Table ledgers in Discord"). The ledger's commitment is
//! published with the day's first roll; when the day is over, the next dice
//! command in the channel reveals it, and `/verify` hands out its transcript.

mod table;

use std::sync::{Mutex, PoisonError};

use rookery_dice::{self as dice, LedgerError, NotationRoll, RollRecord};

use super::{channel, Attachment, Core, Outcome, Place, Refusal, Reply, User};
use table::{Day, LoggedRoll, TableState};

/// Discord takes at most this many files per message; `/verify` sends the newest.
const MAX_TRANSCRIPTS: usize = 10;

/// Dice commands run one at a time: each reads a ledger, rolls the next index and
/// stores it, and two rolls at once must not both take the same index. Rolls are
/// quick, so one lock for all channels costs nothing worth a lock per channel.
static TABLES: Mutex<()> = Mutex::new(());

impl Core {
    pub(super) fn roll(&self, place: Place, user: &User, expression: &str, sealed: bool) -> Outcome {
        let _turn = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
        let (key, now) = (channel(place), self.now());
        let mut day = Day::open(&self.storage, key, now)?;
        let rolled = if sealed { day.ledger.roll_sealed(expression) } else { day.ledger.roll_notation(expression) };
        let (record, shown) = match rolled {
            Ok(NotationRoll { record, results }) => (record, dice::render(&results)),
            // The faces were drawn and the index is used: the roll stays on record.
            Err(LedgerError::RollFailed { index, error }) => {
                let record = day.ledger.records().iter().find(|r| r.index == index).cloned();
                let record = record.ok_or_else(|| Refusal::new("that roll failed"))?;
                (record, format!("`{expression}` could not be worked out: {}", error.kind()))
            }
            Err(LedgerError::Notation(error)) => {
                return Err(Refusal::new(format!("I cannot roll that:\n```\n{error}\n```")));
            }
            Err(other) => return Err(Refusal::from(other)),
        };
        let log = LoggedRoll { index: record.index, expression: expression.to_owned(), sealed, user: user.id, at: now };
        day.record(&self.storage, key, &log)?;
        Ok(roll_replies(&day, user, &record, shown))
    }

    /// Adds a player seed to today's ledger. After its first roll the seeds are
    /// fixed (the engine refuses, and rightly: a seed chosen after seeing results
    /// proves nothing), so the player is told to come back for tomorrow's ledger
    /// rather than having the seed silently kept for later.
    pub(super) fn seed(&self, place: Place, user: &User, text: &str) -> Outcome {
        let _turn = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
        let key = channel(place);
        let mut day = Day::open(&self.storage, key, self.now())?;
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
        day.save(&self.storage, key)?;
        Ok(vec![Reply::text(format!(
            "**{}** added a player seed to today's table ledger `{}` (commitment `{}`). \
             Every roll today mixes it in; it is listed in the transcript.",
            user.name,
            day.state.ledger,
            day.ledger.commitment(),
        ))])
    }

    /// The revealed transcripts of this channel's table ledgers and finished
    /// games (newest [`MAX_TRANSCRIPTS`]), and today's commitment.
    pub(super) fn verify(&self, place: Place) -> Outcome {
        let _turn = TABLES.lock().unwrap_or_else(PoisonError::into_inner);
        let key = channel(place);
        let day = Day::open(&self.storage, key, self.now())?;
        let revealed = table::revealed(&self.storage, key)?;
        let today = format!(
            "Today's table ledger `{}` has commitment `{}` and {} roll{} so far; it is revealed after 00:00 UTC.",
            day.state.ledger,
            day.ledger.commitment(),
            day.ledger.records().len(),
            if day.ledger.records().len() == 1 { "" } else { "s" },
        );
        let games = self.game_transcripts(place)?;
        if revealed.is_empty() && games.is_empty() {
            return Ok(vec![Reply::text(format!(
                "No table ledger of this channel has been revealed yet: a ledger is revealed once its \
                 day (UTC) is over.\n{today}"
            ))]);
        }
        let newest = &revealed[revealed.len().saturating_sub(MAX_TRANSCRIPTS)..];
        let mut files =
            newest.iter().map(|state| transcript(&self.storage, key, state)).collect::<Result<Vec<_>, _>>()?;
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
        let left_out = revealed.len() + games.len() - files.len();
        if left_out > 0 {
            text.push_str(&format!(" ({left_out} older ledgers are not attached.)"));
        }
        text.push('\n');
        text.push_str(&today);
        Ok(vec![Reply { text, files, ..Reply::default() }])
    }
}

/// A revealed ledger's transcript as a file.
fn transcript(
    storage: &rookery_storage::Storage,
    key: rookery_storage::ChannelKey,
    state: &TableState,
) -> Result<Attachment, Refusal> {
    let ledger = table::rebuild(storage, key, state)?;
    let name = format!("{}.txt", state.ledger.replace([':', '/'], "-"));
    Ok(Attachment { name, bytes: ledger.reveal().to_string().into_bytes() })
}

/// A public roll: one public reply. A sealed roll: the result privately to the
/// roller, then the commitment publicly, so the table knows a roll was made and
/// can check later that it was not changed.
fn roll_replies(day: &Day, user: &User, record: &RollRecord, shown: String) -> Vec<Reply> {
    let mut about = format!("roll #{} on table ledger `{}`", record.index, day.state.ledger);
    if record.index == 0 {
        about.push_str(&format!(
            ", today's first: the ledger's commitment is `{}`, revealed after 00:00 UTC",
            day.ledger.commitment()
        ));
    }
    if !day.revealed_now.is_empty() {
        about.push_str(&format!(
            ". Earlier ledger{} `{}` revealed: `/verify` hands out the transcript",
            if day.revealed_now.len() == 1 { "" } else { "s" },
            day.revealed_now.join("`, `"),
        ));
    }
    match record.sealed {
        None => vec![Reply::text(format!("**{}** rolls: {shown}\n-# {about}", user.name))],
        Some(commitment) => vec![
            Reply::private(format!("Your sealed roll (only you see this): {shown}\n-# {about}")),
            Reply::text(format!(
                "**{}** made a sealed roll: {about}.\nSealed commitment `{commitment}`: it opens when the \
                 ledger is revealed, and `/verify` then checks the result against it.",
                user.name
            )),
        ],
    }
}
