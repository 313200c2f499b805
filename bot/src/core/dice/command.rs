//! `/dice`: the server's notation dialect and the channel's roll history.

use rookery_dice::{Dialect, NotationOutcome, Rolled};
use rookery_storage::LoggedRoll;

use super::super::{
    channel, storage_failure, Button, ButtonAction, ButtonStyle, Core, Outcome, Place, Refusal, Reply, User,
};
use super::alias::AliasCommand;
use super::fit::shorten;
use super::stats::StatsPeriod;

/// The guild setting holding the dialect's name.
const DIALECT_SETTING: &str = "dice_dialect";
/// How many rolls `/dice history` lists.
const HISTORY_ROLLS: usize = 15;

/// What `/dice` was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiceCommand {
    /// `/dice dialect [name]`: show or (moderators) set whose notation `/roll` reads.
    Dialect { name: Option<String> },
    /// `/dice history`: the channel's latest rolls today, with their proof ids.
    History,
    /// `/alias ...`: saved rolls.
    Alias(AliasCommand),
    /// `/dice stats [user] [die] [period]`: counts, mean, chi-square, histogram.
    Stats { user: Option<User>, die: Option<u32>, period: StatsPeriod },
    /// A button under a table roll: roll line `index` of table ledger `ledger`
    /// (storage id) again, as it was or with advantage or disadvantage. `entropy` is
    /// the click's public entropy (on Discord, the interaction id), as for `/roll`.
    Again { ledger: u64, index: u64, mode: AgainMode, entropy: Option<u64> },
}

/// How a roll is rolled again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgainMode {
    Same,
    Advantage,
    Disadvantage,
}

impl DiceCommand {
    /// The command of a roll-again button's payload `ledger:index`.
    pub fn again(action: ButtonAction, payload: &str) -> Option<DiceCommand> {
        let mode = match action {
            ButtonAction::RollAgain => AgainMode::Same,
            ButtonAction::RollAdvantage => AgainMode::Advantage,
            ButtonAction::RollDisadvantage => AgainMode::Disadvantage,
            _ => return None,
        };
        let (ledger, index) = payload.split_once(':')?;
        Some(DiceCommand::Again { ledger: ledger.parse().ok()?, index: index.parse().ok()?, mode, entropy: None })
    }

    /// This command with the public entropy of the interaction that asked for it,
    /// where the command rolls (the roll-again buttons); others are unchanged.
    pub fn with_entropy(self, interaction: u64) -> DiceCommand {
        match self {
            DiceCommand::Again { ledger, index, mode, .. } => {
                DiceCommand::Again { ledger, index, mode, entropy: Some(interaction) }
            }
            other => other,
        }
    }
}

/// The buttons under a public table roll of `line`: again, and for a line with a
/// plain d20 in Rookery's reading, again with advantage or disadvantage.
pub(super) fn again_buttons(ledger: u64, index: u64, line: &str) -> Vec<Button> {
    let payload = Some(format!("{ledger}:{index}"));
    let button = |action, label: &str, style| Button { payload: payload.clone(), ..Button::new(action, label, style) };
    let mut buttons = vec![button(ButtonAction::RollAgain, "Roll again", ButtonStyle::Secondary)];
    if advantage_line(line, "adv").is_some() {
        buttons.push(button(ButtonAction::RollAdvantage, "Advantage", ButtonStyle::Secondary));
        buttons.push(button(ButtonAction::RollDisadvantage, "Disadvantage", ButtonStyle::Secondary));
    }
    buttons
}

/// `line` with `adv` or `dis` after its first roll, when that reads.
fn advantage_line(line: &str, word: &str) -> Option<String> {
    if line.contains([';', ':']) {
        return None;
    }
    let (roll, label) = line.split_once('#').map_or((line, None), |(roll, label)| (roll, Some(label)));
    let candidate = match label {
        Some(label) => format!("{} {word} #{label}", roll.trim_end()),
        None => format!("{} {word}", roll.trim_end()),
    };
    rookery_dice::parse(&candidate).ok().map(|_| candidate)
}

impl Core {
    pub(in crate::core) fn dice_command(&self, place: Place, user: &User, command: &DiceCommand) -> Outcome {
        match command {
            DiceCommand::Dialect { name: None } => {
                let dialect = self.dialect(place)?;
                Ok(vec![Reply::text(format!(
                    "`/roll` here reads {}. Moderators change it with `/dice dialect rookery|avrae|maiden`.",
                    describe(dialect)
                ))])
            }
            DiceCommand::Dialect { name: Some(name) } => self.set_dialect(place, user, name),
            DiceCommand::History => self.history(place),
            DiceCommand::Alias(command) => self.alias(place, user, command),
            DiceCommand::Stats { user: whom, die, period } => self.dice_stats(place, whom.as_ref(), *die, *period),
            DiceCommand::Again { ledger, index, mode, entropy } => {
                self.roll_again(place, user, (*ledger, *index), *mode, *entropy)
            }
        }
    }

    fn roll_again(
        &self,
        place: Place,
        user: &User,
        (ledger, index): (u64, u64),
        mode: AgainMode,
        entropy: Option<u64>,
    ) -> Outcome {
        let log: Vec<LoggedRoll> = self.storage.rolls(channel(place), ledger).map_err(storage_failure)?;
        let Some(earlier) = log.into_iter().find(|roll| roll.index == index && !roll.sealed) else {
            return Err(Refusal::new("That roll is not on record in this channel any more."));
        };
        let line = match mode {
            AgainMode::Same => Some(earlier.expression),
            AgainMode::Advantage => advantage_line(&earlier.expression, "adv"),
            AgainMode::Disadvantage => advantage_line(&earlier.expression, "dis"),
        };
        let line = line.ok_or_else(|| Refusal::new("That roll has no plain d20 to roll with advantage."))?;
        self.roll(place, user, &line, false, entropy)
    }

    /// The dialect `/roll` uses in this server (Rookery's own unless set).
    pub(in crate::core) fn dialect(&self, place: Place) -> Result<Dialect, Refusal> {
        let name: Option<String> = self.storage.setting(place.guild, DIALECT_SETTING).map_err(storage_failure)?;
        Ok(name.as_deref().and_then(Dialect::from_name).unwrap_or_default())
    }

    fn set_dialect(&self, place: Place, user: &User, name: &str) -> Outcome {
        if !user.can_manage_channel {
            return Err(Refusal::new("Only members who may manage channels can change how `/roll` reads dice."));
        }
        let Some(dialect) = Dialect::from_name(name) else {
            return Err(Refusal::new(format!(
                "I know three readings of dice notation: `rookery`, `avrae` and `maiden`, not `{}`.",
                shorten(name, 40)
            )));
        };
        self.storage.set_setting(place.guild, DIALECT_SETTING, &dialect.name()).map_err(storage_failure)?;
        Ok(vec![Reply::text(format!(
            "**{}** set this server's dice to {}. Each roll's line is recorded with its dialect, so \
             transcripts still verify.",
            user.name,
            describe(dialect)
        ))])
    }

    /// The channel's latest rolls of today, newest last, each with its proof id.
    fn history(&self, place: Place) -> Outcome {
        let key = channel(place);
        let (ledger, id, records, notice) = self.tables.with_day(&self.storage, key, self.now(), |day| {
            Ok((day.state.ledger.clone(), day.state.id, day.ledger.records().to_vec(), day.replacement_notice()))
        })?;
        let notice = notice.map_or(String::new(), |notice| format!("{notice}.\n"));
        if records.is_empty() {
            return Ok(vec![Reply::text(format!("{notice}Nobody has rolled here today yet (ledger `{ledger}`)."))]);
        }
        let log: Vec<LoggedRoll> = self.storage.rolls(key, id).map_err(storage_failure)?;
        let first = records.len().saturating_sub(HISTORY_ROLLS);
        let mut lines = vec![format!(
            "{notice}Latest rolls on today's table ledger `{ledger}` ({} in all); `/verify` checks them once it is revealed:",
            records.len()
        )];
        for record in &records[first..] {
            let who = match log.iter().find(|roll| roll.index == record.index) {
                Some(roll) if !roll.name.is_empty() => shorten(&roll.name, 32),
                Some(roll) => format!("user {}", roll.user),
                None => "someone".to_owned(),
            };
            let what = match (&record.sealed, &record.rolled) {
                (Some(_), _) => "a sealed roll".to_owned(),
                (None, Rolled::Notation { line, outcome: NotationOutcome::Totals(totals) }) => {
                    let totals: Vec<String> = totals.iter().take(6).map(i64::to_string).collect();
                    let more = if totals.len() < 6 { "" } else { ", …" };
                    format!("`{}` → **{}**{more}", shorten(line, 60), totals.join(", "))
                }
                (None, Rolled::Notation { line, .. }) => {
                    format!("`{}` (could not be worked out)", shorten(line, 60))
                }
                (None, Rolled::Dice(sides)) => format!("{} dice", sides.len()),
            };
            lines.push(format!("{} **{who}**: {what}", super::roll_number(record.index)));
        }
        Ok(vec![Reply::text(shorten(&lines.join("\n"), super::fit::MAX_MESSAGE_CHARS))])
    }
}

fn describe(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Rookery => "Rookery's notation (`!` explodes, `k3` keeps the highest three)",
        Dialect::Avrae => "Avrae's notation (`k3` keeps the dice showing 3; sets and comparisons)",
        Dialect::Maiden => "Dice Maiden's notation (`!` starts a comment, `e` explodes once, `r` rerolls once)",
    }
}
