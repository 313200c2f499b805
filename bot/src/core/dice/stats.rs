//! `/dice stats`: how the channel's dice have fallen, to settle "the bot is rigged"
//! with numbers: counts per face, the mean against a fair die's, Pearson's
//! chi-square test with its p-value, and a histogram picture.
//!
//! Only faces anybody may already see are counted: public rolls, and sealed rolls
//! once their ledger is revealed. A sealed roll of today's open ledger stays out.

use std::collections::BTreeMap;
use std::io::Cursor;

use image::{ImageBuffer, ImageFormat, Rgb, RgbImage};
use rookery_dice::{chi_square, RollRecord};

use super::super::calendar::utc_date;
use super::super::{channel, storage_failure, Attachment, Core, Outcome, Place, Refusal, Reply, User};
use rookery_storage::LoggedRoll;

use super::table::{rebuild, table_states};

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
        let Some(sides) =
            die.or_else(|| faces.iter().max_by_key(|(_, counts)| counts.iter().sum::<u64>()).map(|(&sides, _)| sides))
        else {
            return Ok(vec![Reply::text(format!("No dice rolled{who} in this channel {} yet.", period.describe()))]);
        };
        let Some(counts) = faces.get(&sides) else {
            return Err(Refusal::new(format!("No d{sides} was rolled{who} in this channel {}.", period.describe())));
        };
        Ok(vec![report(sides, counts, &who, period)])
    }
}

fn count(faces: &mut BTreeMap<u32, Vec<u64>>, record: &RollRecord) {
    for face in &record.faces {
        let counts = faces.entry(face.sides).or_insert_with(|| vec![0; face.sides as usize]);
        counts[face.face as usize - 1] += 1;
    }
}

/// The text and picture for one kind of die. Faces are those drawn, so a `dF` is
/// counted as the d3 it is drawn as and `d%` as a d100.
fn report(sides: u32, counts: &[u64], who: &str, period: StatsPeriod) -> Reply {
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
    let image = (sides <= MAX_PICTURED_FACES)
        .then(|| Attachment { name: format!("d{sides}-histogram.png"), bytes: histogram(counts) });
    Reply { text, image, ..Reply::default() }
}

/// Bars per face, with a line at the count a fair die would give.
fn histogram(counts: &[u64]) -> Vec<u8> {
    let (bar, gap, height, margin) = (12u32, 3u32, 200u32, 10u32);
    let faces = counts.len() as u32;
    let width = margin * 2 + faces * (bar + gap);
    let mut picture: RgbImage = ImageBuffer::from_pixel(width, height + margin * 2, Rgb([255, 255, 255]));
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / f64::from(faces);
    let top = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let scale = f64::from(height) / top.max(expected);
    for (i, &n) in counts.iter().enumerate() {
        let x0 = margin + i as u32 * (bar + gap);
        let bar_height = (n as f64 * scale).round() as u32;
        for x in x0..x0 + bar {
            for y in (margin + height - bar_height)..(margin + height) {
                picture.put_pixel(x, y, Rgb([70, 110, 180]));
            }
        }
    }
    let line = margin + height - (expected * scale).round() as u32;
    for x in margin..width - margin {
        picture.put_pixel(x, line.min(margin + height - 1), Rgb([200, 40, 40]));
    }
    let mut png = Cursor::new(Vec::new());
    picture.write_to(&mut png, ImageFormat::Png).expect("a PNG encodes in memory");
    png.into_inner()
}
