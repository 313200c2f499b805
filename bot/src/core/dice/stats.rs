//! `/dice stats`: how the channel's dice have fallen, to settle "the bot is rigged"
//! with numbers: counts per face, the mean against a fair die's, Pearson's
//! chi-square test with its p-value, and a histogram picture.
//!
//! Only faces anybody may already see are counted: public rolls, and sealed rolls
//! once their ledger is revealed. A sealed roll of today's open ledger stays out.

use std::collections::BTreeMap;

use rookery_dice::{chi_square, RollRecord};
use rookery_render::Histogram;

use super::super::calendar::utc_date;
use super::super::{channel, storage_failure, Attachment, Core, Outcome, Place, Refusal, Reply, User};
use rookery_storage::LoggedRoll;

use super::table::{rebuild, table_states};
use crate::picture;

const DAY: i64 = 86_400;
/// Dice with more faces than this get counts and a test, but no picture.
const MAX_PICTURED_FACES: u32 = 100;

/// Which rolls `/dice stats` looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum StatsPeriod {
    /// Today's ledger.
    Day,
    /// The last seven UTC days, today included.
    Week,
    #[default]
    AllTime,
}

impl StatsPeriod {
    fn describe(self) -> &'static str {
        match self {
            StatsPeriod::Day => "today",
            StatsPeriod::Week => "over the last 7 days",
            StatsPeriod::AllTime => "of all time",
        }
    }
}

impl Core {
    pub(in crate::core) fn dice_stats(
        &self,
        place: Place,
        whom: Option<&User>,
        die: Option<u32>,
        period: StatsPeriod,
    ) -> Outcome {
        let key = channel(place);
        let now = self.now();
        let since = match period {
            StatsPeriod::Day => utc_date(now),
            StatsPeriod::Week => utc_date(now - 6 * DAY),
            StatsPeriod::AllTime => String::new(),
        };
        // Today's ledger from the cache (it may be ahead of nothing but is never behind).
        let (open_id, today) =
            self.tables.with_day(&self.storage, key, now, |day| Ok((day.state.id, day.ledger.records().to_vec())))?;
        let mut faces: BTreeMap<u32, Vec<u64>> = BTreeMap::new();
        for state in table_states(&self.storage, key)? {
            if state.date < since {
                continue;
            }
            let (records, open) = if state.id == open_id {
                (today.clone(), true)
            } else {
                // A ledger found damaged is set aside; its faces are not counted.
                let Some(ledger) = rebuild(&self.storage, key, &state)? else { continue };
                (ledger.records().to_vec(), !state.revealed)
            };
            let rollers: Vec<LoggedRoll> = match whom {
                Some(_) => self.storage.rolls(key, state.id).map_err(storage_failure)?,
                None => Vec::new(),
            };
            for record in records.iter().filter(|record| !(open && record.sealed.is_some())) {
                if let Some(user) = whom {
                    let by = rollers.iter().find(|roll| roll.index == record.index).map(|roll| roll.user);
                    if by != Some(user.id) {
                        continue;
                    }
                }
                count(&mut faces, record);
            }
        }
        let who = whom.map_or(String::new(), |user| format!(" by **{}**", user.name));
        let title_who = whom.map_or(String::new(), |user| format!(" by {}", user.name));
        let Some(sides) =
            die.or_else(|| faces.iter().max_by_key(|(_, counts)| counts.iter().sum::<u64>()).map(|(&sides, _)| sides))
        else {
            return Ok(vec![Reply::text(format!("No dice rolled{who} in this channel {} yet.", period.describe()))]);
        };
        let Some(counts) = faces.get(&sides) else {
            return Err(Refusal::new(format!("No d{sides} was rolled{who} in this channel {}.", period.describe())));
        };
        Ok(vec![report(sides, counts, [&who, &title_who], period)])
    }
}

fn count(faces: &mut BTreeMap<u32, Vec<u64>>, record: &RollRecord) {
    for face in &record.faces {
        let counts = faces.entry(face.sides).or_insert_with(|| vec![0; face.sides as usize]);
        counts[face.face as usize - 1] += 1;
    }
}

/// The text and picture for one kind of die. Faces are those drawn, so a `dF` is
/// counted as the d3 it is drawn as and `d%` as a d100. `who`: whose rolls,
/// in the message's markdown and in the picture's plain text.
fn report(sides: u32, counts: &[u64], [who, title_who]: [&str; 2], period: StatsPeriod) -> Reply {
    let total: u64 = counts.iter().sum();
    let mean = counts.iter().zip(1u64..).map(|(&n, face)| (n * face) as f64).sum::<f64>() / total as f64;
    let fair_mean = (f64::from(sides) + 1.0) / 2.0;
    let mut text = format!(
        "**d{sides}** in this channel {}{who}: {} rolled.\n",
        period.describe(),
        crate::words::counted(total, "die", "dice")
    );
    if sides <= 20 {
        let faces: Vec<String> = counts.iter().zip(1..).map(|(n, face)| format!("{face}: {n}")).collect();
        text.push_str(&format!("Counts: {}\n", faces.join(" · ")));
    }
    text.push_str(&format!("Mean {mean:.2}; a fair d{sides} averages {fair_mean:.2}.\n"));
    if let Some(test) = chi_square(counts) {
        let verdict = if (total as f64) < 5.0 * f64::from(sides) {
            "too few dice for the test to say much (it wants about 5 per face)"
        } else if test.p_value < 0.001 {
            "very unlikely from a fair die"
        } else if test.p_value < 0.05 {
            "unusual, though a fair die does this about once in 20 tests"
        } else {
            "consistent with a fair die"
        };
        text.push_str(&format!(
            "Chi-square {:.2} on {} degrees of freedom: p = {:.3} — {verdict}.",
            test.statistic, test.degrees_of_freedom, test.p_value
        ));
    }
    let title =
        format!("d{sides} in this channel {}{title_who}: {total} face{} rolled", period.describe(), plural(total));
    let histogram = Histogram { title, counts: counts.to_vec() };
    let image = (sides <= MAX_PICTURED_FACES)
        .then(|| picture::renderer().render_histogram(&histogram))
        .and_then(|png| png.map_err(|error| tracing::error!(%error, "histogram failed")).ok())
        .map(|bytes| Attachment { name: format!("d{sides}-histogram.png"), bytes });
    Reply { text, image, ..Reply::default() }
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
