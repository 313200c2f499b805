//! Civil dates for messages and for keys that change at UTC midnight.

const SECONDS_PER_DAY: i64 = 86_400;

/// `2024-03-09` for a day number (days since 1970-01-01), by Howard Hinnant's
/// `civil_from_days`.
pub(crate) fn date(day: i64) -> String {
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The UTC calendar date of Unix time `unix`, as `YYYY-MM-DD`.
pub(super) fn utc_date(unix: i64) -> String {
    date(unix.div_euclid(SECONDS_PER_DAY))
}

/// Unix time `unix` as `YYYY-MM-DD HH:MM:SS UTC`, for logs and notices.
pub(crate) fn utc_time(unix: i64) -> String {
    let seconds = unix.rem_euclid(SECONDS_PER_DAY);
    let (h, m, s) = (seconds / 3_600, seconds / 60 % 60, seconds % 60);
    format!("{} {h:02}:{m:02}:{s:02} UTC", utc_date(unix))
}

#[cfg(test)]
mod tests {
    use super::{date, utc_date, utc_time};

    #[test]
    fn times_of_day() {
        assert_eq!(utc_time(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(utc_time(1_704_067_199), "2023-12-31 23:59:59 UTC");
        assert_eq!(utc_time(-1), "1969-12-31 23:59:59 UTC");
    }

    #[test]
    fn days_are_civil_dates() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(19_675), "2023-11-14");
        assert_eq!(date(11_016), "2000-02-29");
        assert_eq!(date(-1), "1969-12-31");
    }

    #[test]
    fn utc_dates() {
        assert_eq!(utc_date(0), "1970-01-01");
        assert_eq!(utc_date(951_782_400), "2000-02-29");
        assert_eq!(utc_date(951_782_399), "2000-02-28");
        assert_eq!(utc_date(1_700_000_000), "2023-11-14");
        assert_eq!(utc_date(1_704_067_199), "2023-12-31");
        assert_eq!(utc_date(1_704_067_200), "2024-01-01");
    }
}
