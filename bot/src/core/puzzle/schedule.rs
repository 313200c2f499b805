//! `/puzzle schedule` and the scheduled posts.
//!
//! Posting is claimed before it is sent: the day is marked posted in the same
//! durable transaction that fixes the day's puzzle, and only then is the post
//! handed to the front end. A restart can therefore never post a day twice;
//! the price is that a crash (or a Discord failure) between the claim and the
//! post loses that day's post, while `/puzzle today` still shows the puzzle.
//! A bot that was down at posting time posts when it comes back, the same day.
//!
//! Times are the server's own (an IANA time zone, UTC until one is named);
//! a post that fails is told to the server's admins once, and the schedule
//! stays, so the next day tries again.

use rookery_engine::Variant;
use rookery_storage::PuzzleSchedule;

use super::super::calendar::date;
use super::super::{storage_failure, Core, Outcome, Place, PostFailure, Refusal, Reply, ScheduledPost, User};
use super::message::{add_reveal, puzzle_reply};
use super::zone::{local_day, local_instant, parse_zone, short_date, stored_zone, UTC};
use super::NO_PUZZLES;

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
        time_zone: &str,
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
            Refusal(format!(
                "`{time}` is not a time of day: use HH:MM in the server's time zone, for example `09:00` (or `off`)."
            ))
        })?;
        let previous = self.storage.puzzle_schedule(guild).map_err(storage_failure)?;
        let zone = match time_zone.trim() {
            "" => previous.as_ref().map_or(UTC, |s| stored_zone(&s.time_zone)),
            name => parse_zone(name).ok_or_else(|| {
                Refusal(format!(
                    "`{name}` is not a time zone I know. Use a name from the time zone database, like \
                     `Europe/Berlin`, `America/New_York`, `Asia/Tokyo` or `UTC`."
                ))
            })?,
        };
        let variants = self.rotation(rotation)?;
        let now = self.now();
        let today = local_day(zone, now);
        let mut last_posted_day = previous.and_then(|s| s.last_posted_day);
        // A time already past today starts tomorrow, rather than posting at once.
        if now >= local_instant(zone, today, minute) {
            last_posted_day = Some(last_posted_day.map_or(today, |d| d.max(today)));
        }
        let schedule = PuzzleSchedule {
            channel,
            minute,
            rotation: variants.iter().map(|v| v.name().to_string()).collect(),
            last_posted_day,
            time_zone: zone.name().to_string(),
            failure_reported: false,
        };
        self.storage.set_puzzle_schedule(guild, Some(&schedule)).map_err(storage_failure)?;
        let first = match last_posted_day {
            Some(day) if day >= today => today + 1,
            _ => today,
        };
        let names: Vec<&str> = variants.iter().map(|v| v.name()).collect();
        Ok(vec![Reply::text(format!(
            "The daily puzzle will be posted in <#{channel}> at {} {} ({}), first on {}, with the previous \
             day's solution and a thread to discuss it.",
            clock(minute),
            zone.name(),
            names.join(" → "),
            date(first),
        ))])
    }

    /// The variants of a rotation (`chess, dragonchess`), each playable and
    /// with puzzles in the pool; every game with puzzles if none is named.
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
            variants = self.default_rotation()?;
        }
        if variants.is_empty() {
            return Err(Refusal::new(NO_PUZZLES));
        }
        Ok(variants)
    }

    /// The scheduled posts due now, each claimed durably so it happens once
    /// per guild and day (see the module documentation).
    pub(in crate::core) fn puzzle_posts(&self) -> Result<Vec<(Place, Reply)>, Refusal> {
        let now = self.now();
        let mut out = Vec::new();
        for (guild, schedule) in self.storage.puzzle_schedules().map_err(storage_failure)? {
            let zone = stored_zone(&schedule.time_zone);
            let today = local_day(zone, now);
            let posted = schedule.last_posted_day.is_some_and(|d| d >= today);
            if posted || now < local_instant(zone, today, schedule.minute) {
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
            reply.text.push_str("\nTalk it over in the thread below: spoilers welcome there.");
            let thread_name = format!("Puzzle of {} — discuss (spoilers)", short_date(today));
            reply.scheduled = Some(ScheduledPost { guild, thread_name });
            out.push((Place { guild, channel: schedule.channel }, reply));
        }
        Ok(out)
    }

    /// A scheduled post arrived: a later failure is news to the admins again.
    pub(in crate::core) fn puzzle_post_arrived(&self, guild: u64) {
        if let Err(error) = self.storage.note_puzzle_post_arrived(guild) {
            tracing::error!(%error, guild, "could not note that the daily puzzle arrived");
        }
    }

    /// What the admins are told about a failed post in `channel`, the first
    /// time only. The schedule is kept, so the next day tries again.
    pub(in crate::core) fn puzzle_post_failed(&self, guild: u64, channel: u64, failure: &PostFailure) -> Option<Reply> {
        tracing::warn!(guild, channel, ?failure, "the daily puzzle could not be posted");
        let first = self.storage.note_puzzle_post_failed(guild).unwrap_or_else(|error| {
            tracing::error!(%error, guild, "could not note a failed daily puzzle post");
            false
        });
        let schedule = self.storage.puzzle_schedule(guild).ok().flatten()?;
        first.then(|| Reply::text(failure_notice(channel, &schedule, failure)))
    }
}

/// The message for the admins: what went wrong, what to do, what happens next.
fn failure_notice(channel: u64, schedule: &PuzzleSchedule, failure: &PostFailure) -> String {
    const PERMISSIONS: &str = "Give me View Channel, Send Messages, Attach Files, Embed Links and Create Public \
                               Threads there, or run `/puzzle schedule` with another channel.";
    let (cause, fix) = match failure {
        PostFailure::NoAccess => ("I cannot see that channel (I lack View Channel there).", PERMISSIONS),
        PostFailure::MissingPermission => {
            ("I lack Send Messages there (or Attach Files or Embed Links, which the board needs).", PERMISSIONS)
        }
        PostFailure::ChannelGone => ("that channel no longer exists.", "Run `/puzzle schedule` with another channel."),
        PostFailure::Other(_) => (
            "Discord refused the post.",
            "If it happens again, check my permissions there or run `/puzzle schedule` with another channel.",
        ),
    };
    format!(
        "**I could not post the daily puzzle in <#{channel}>:** {cause} {fix} The schedule is kept: I will try \
         again tomorrow at {} {}, and will not repeat this message until a post gets through.",
        clock(schedule.minute),
        schedule.time_zone,
    )
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
