//! `/puzzle schedule` and the scheduled posts.
//!
//! Posting is claimed before it is sent: the day is marked posted in the same
//! durable transaction that fixes the day's puzzle, and only then is the post
//! handed to the front end. A restart can therefore never post a day twice;
//! the price is that a crash (or a Discord failure) between the claim and the
//! post loses that day's post, while `/puzzle today` still shows the puzzle.
//! A bot that was down at posting time posts when it comes back, the same day.

use rookery_engine::Variant;
use rookery_storage::PuzzleSchedule;

use super::super::calendar::date;
use super::super::{storage_failure, Core, Outcome, Place, Refusal, Reply, User};
use super::message::{add_reveal, puzzle_reply};
use super::{day_of, DAY};

/// `HH:MM` (or `H:MM`) as minutes after midnight.
fn parse_time(text: &str) -> Option<u32> {
    let (hours, minutes) = text.trim().split_once(':')?;
    let digits = |s: &str, max_len: usize| (1..=max_len).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(hours, 2) || !digits(minutes, 2) || minutes.len() != 2 {
        return None;
    }
    let (hours, minutes): (u32, u32) = (hours.parse().ok()?, minutes.parse().ok()?);
    (hours < 24 && minutes < 60).then_some(hours * 60 + minutes)
}

fn clock(minute: u32) -> String {
    format!("{:02}:{:02}", minute / 60, minute % 60)
}

impl Core {
    pub(super) fn puzzle_schedule(
        &self,
        place: Place,
        user: &User,
        channel: u64,
        time: &str,
        rotation: &str,
    ) -> Outcome {
        if !user.can_manage_channel {
            return Err(Refusal::new("Only members who may manage messages or manage channels where it is posted, or who hold the server's moderator role, can schedule the daily puzzle."));
        }
        let guild = place.guild;
        if matches!(time.trim().to_ascii_lowercase().as_str(), "off" | "none" | "stop") {
            self.storage.set_puzzle_schedule(guild, None).map_err(storage_failure)?;
            return Ok(vec![Reply::text("The daily puzzle will no longer be posted here.")]);
        }
        let minute = parse_time(time).ok_or_else(|| {
            Refusal(format!("`{time}` is not a time of day: use HH:MM in UTC, for example `09:00` (or `off`)."))
        })?;
        let variants = self.rotation(rotation)?;
        let now = self.now();
        let today = day_of(now);
        let previous = self.storage.puzzle_schedule(guild).map_err(storage_failure)?;
        let mut last_posted_day = previous.and_then(|s| s.last_posted_day);
        // A time already past today starts tomorrow, rather than posting at once.
        let starts_tomorrow = now >= today * DAY + i64::from(minute) * 60;
        if starts_tomorrow {
            last_posted_day = Some(last_posted_day.map_or(today, |d| d.max(today)));
        }
        let schedule = PuzzleSchedule {
            channel,
            minute,
            rotation: variants.iter().map(|v| v.name().to_string()).collect(),
            last_posted_day,
        };
        self.storage.set_puzzle_schedule(guild, Some(&schedule)).map_err(storage_failure)?;
        let first = match last_posted_day {
            Some(day) if day >= today => today + 1,
            _ => today,
        };
        let names: Vec<&str> = variants.iter().map(|v| v.name()).collect();
        Ok(vec![Reply::text(format!(
            "The daily puzzle will be posted in <#{channel}> at {} UTC ({}), first on {}, with the previous \
             day's solution.",
            clock(minute),
            names.join(" → "),
            date(first),
        ))])
    }

    /// The variants of a rotation (`chess, dragonchess`), each playable and
    /// with puzzles in the pool; chess if none is named.
    fn rotation(&self, text: &str) -> Result<Vec<Variant>, Refusal> {
        let mut variants = Vec::new();
        for name in text.split(|c: char| c == ',' || c.is_whitespace()).filter(|n| !n.is_empty()) {
            let variant: Variant = name.parse()?;
            variant.rules()?;
            if self.storage.puzzle_pool(variant.name()).map_err(storage_failure)?.is_empty() {
                return Err(Refusal(format!(
                    "There are no {variant} puzzles yet; whoever runs Rookery can add some with \
                     `rookery puzzles generate --variant {variant}`."
                )));
            }
            variants.push(variant);
        }
        if variants.is_empty() {
            variants.extend(super::DEFAULT_ROTATION);
        }
        Ok(variants)
    }

    /// The scheduled posts due now, each claimed durably so it happens once
    /// per guild and day (see the module documentation).
    pub(in crate::core) fn puzzle_posts(&self) -> Result<Vec<(Place, Reply)>, Refusal> {
        let now = self.now();
        let today = day_of(now);
        let mut out = Vec::new();
        for (guild, schedule) in self.storage.puzzle_schedules().map_err(storage_failure)? {
            let posted = schedule.last_posted_day.is_some_and(|d| d >= today);
            if posted || now < today * DAY + i64::from(schedule.minute) * 60 {
                continue;
            }
            let fresh = match self.storage.daily_puzzle(guild, today).map_err(storage_failure)? {
                Some(daily) => daily,
                None => match self.choose_daily(guild, today) {
                    Ok(daily) => daily,
                    Err(Refusal(reason)) => {
                        tracing::warn!(guild, %reason, "no daily puzzle to post");
                        continue;
                    }
                },
            };
            let Some(daily) = self.storage.claim_puzzle_post(guild, &fresh).map_err(storage_failure)? else {
                continue;
            };
            let mut reply = puzzle_reply(&daily, &format!("**Daily puzzle of {}**", date(today)))?;
            add_reveal(&mut reply, &self.storage, guild, today - 1)?;
            out.push((Place { guild, channel: schedule.channel }, reply));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_of_day() {
        assert_eq!(parse_time("09:00"), Some(540));
        assert_eq!(parse_time("9:05"), Some(545));
        assert_eq!(parse_time(" 23:59 "), Some(1439));
        for bad in ["24:00", "12:60", "noon", "9", "9:5", "009:00", ":30", "-1:00"] {
            assert_eq!(parse_time(bad), None, "{bad}");
        }
        assert_eq!(clock(545), "09:05");
    }
}
