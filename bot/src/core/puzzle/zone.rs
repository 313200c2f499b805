//! A server's own time: which local day it is (the day a puzzle belongs to)
//! and when a local time of day falls on a given day, across clock changes.
//!
//! Days are numbered as days since 1970-01-01 of the local calendar, so a
//! server in `Pacific/Auckland` gets its next puzzle at its own midnight.

use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveTime, TimeZone};
use chrono_tz::Tz;

/// What every server has until it names its own zone.
pub(super) const UTC: Tz = Tz::UTC;

/// Day 0, 1970-01-01, as days since 0001-01-01 (chrono's count).
const EPOCH_FROM_CE: i32 = 719_163;

/// The IANA zone named `name`, in any letter case (`europe/berlin`), with
/// spaces taken for underscores (`America/New York`); `None` if unknown.
pub(super) fn parse_zone(name: &str) -> Option<Tz> {
    let name = name.trim().replace(' ', "_");
    if name.is_empty() {
        return None;
    }
    name.parse().ok().or_else(|| Tz::from_str_insensitive(&name).ok())
}

/// A stored zone name as a zone; UTC for one this build no longer knows
/// (time zone names are only ever retired into aliases, so this is a guard).
pub(super) fn stored_zone(name: &str) -> Tz {
    parse_zone(name).unwrap_or_else(|| {
        tracing::warn!(zone = name, "a stored time zone is unknown; using UTC");
        UTC
    })
}

fn date_of(day: i64) -> Option<NaiveDate> {
    NaiveDate::from_num_days_from_ce_opt(i32::try_from(day).ok()?.checked_add(EPOCH_FROM_CE)?)
}

/// The local day in `zone` at Unix time `now`.
pub(super) fn local_day(zone: Tz, now: i64) -> i64 {
    let utc = DateTime::from_timestamp(now, 0).unwrap_or_default();
    i64::from(utc.with_timezone(&zone).date_naive().num_days_from_ce() - EPOCH_FROM_CE)
}

/// The Unix time of `minute` after local midnight on local `day` in `zone`.
/// A time the clocks skip that day (02:30 when they spring from 02:00 to
/// 03:00) falls at the end of the gap; a time they pass twice (autumn) at
/// the first of the two.
pub(super) fn local_instant(zone: Tz, day: i64, minute: u32) -> i64 {
    let Some(date) = date_of(day) else { return day * 86_400 + i64::from(minute) * 60 };
    let time = NaiveTime::from_num_seconds_from_midnight_opt(minute * 60, 0).unwrap_or(NaiveTime::MIN);
    let mut local = date.and_time(time);
    // Gaps last an hour, rarely more; a day bounds the search.
    for _ in 0..=24 * 60 {
        match zone.from_local_datetime(&local) {
            LocalResult::Single(at) | LocalResult::Ambiguous(at, _) => return at.timestamp(),
            LocalResult::None => local += Duration::minutes(1),
        }
    }
    local.and_utc().timestamp()
}

/// `26 Nov` for a day number, as thread names show it.
pub(super) fn short_date(day: i64) -> String {
    match date_of(day) {
        Some(date) => date.format("%-d %b").to_string(),
        None => super::super::calendar::date(day),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-03-29 and 2026-10-25, the days Berlin changes its clocks.
    const SPRING: i64 = 20_541;
    const AUTUMN: i64 = 20_751;

    #[test]
    fn zone_names_read_forgivingly() {
        assert_eq!(parse_zone("Europe/Berlin"), Some(chrono_tz::Europe::Berlin));
        assert_eq!(parse_zone("europe/berlin"), Some(chrono_tz::Europe::Berlin));
        assert_eq!(parse_zone(" America/New York "), Some(chrono_tz::America::New_York));
        assert_eq!(parse_zone("utc"), Some(UTC));
        for bad in ["", "Berlin", "Mars/Olympus", "+02:00"] {
            assert_eq!(parse_zone(bad), None, "{bad}");
        }
    }

    #[test]
    fn local_days_turn_at_local_midnight() {
        assert_eq!(short_date(SPRING), "29 Mar");
        assert_eq!(short_date(AUTUMN), "25 Oct");
        let berlin = chrono_tz::Europe::Berlin;
        let utc_midnight = SPRING * 86_400;
        assert_eq!(local_day(UTC, utc_midnight), SPRING);
        // 00:00 UTC is 01:00 in Berlin (winter time), already that day; 23:30 UTC the day before is too.
        assert_eq!(local_day(berlin, utc_midnight - 30 * 60), SPRING);
        assert_eq!(local_day(berlin, utc_midnight - 90 * 60), SPRING - 1);
        assert_eq!(local_day(chrono_tz::Pacific::Auckland, utc_midnight - 12 * 3_600), SPRING);
    }

    #[test]
    fn a_local_time_follows_the_clock_changes_both_ways() {
        let berlin = chrono_tz::Europe::Berlin;
        let utc = |day: i64, h: i64, m: i64| day * 86_400 + h * 3_600 + m * 60;
        // 09:00 in Berlin: 08:00 UTC in winter time, 07:00 UTC in summer time.
        assert_eq!(local_instant(berlin, SPRING - 1, 9 * 60), utc(SPRING - 1, 8, 0));
        assert_eq!(local_instant(berlin, SPRING, 9 * 60), utc(SPRING, 7, 0));
        assert_eq!(local_instant(berlin, AUTUMN - 1, 9 * 60), utc(AUTUMN - 1, 7, 0));
        assert_eq!(local_instant(berlin, AUTUMN, 9 * 60), utc(AUTUMN, 8, 0));
        // 02:30 does not exist on the spring day: the end of the gap, 03:00 CEST.
        assert_eq!(local_instant(berlin, SPRING, 2 * 60 + 30), utc(SPRING, 1, 0));
        // 02:30 comes twice on the autumn day: the first, in summer time.
        assert_eq!(local_instant(berlin, AUTUMN, 2 * 60 + 30), utc(AUTUMN, 0, 30));
        assert_eq!(local_instant(UTC, SPRING, 9 * 60), utc(SPRING, 9, 0));
    }
}
