//! Discord's markup turned into plain text for the console and the
//! command-line tools: no `**bold**`, no code fences, no `-#` small print,
//! struck-through dice (`~~1~~`, a die not counted) said in words, and mentions and timestamps (`<#1>`, `<@7>`, `<t:1700000000:R>`) written
//! out as words, since a terminal or a pipe shows them raw.

/// `text` without Discord markup. `now` (Unix seconds) words the relative
/// timestamps; `channel` names a channel mention.
pub fn plain(text: &str, now: i64, channel: impl Fn(u64) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            continue;
        }
        if i > 0 && !out.is_empty() {
            out.push('\n');
        }
        let line = line.strip_prefix("-# ").unwrap_or(line);
        out.push_str(&tokens(&unstrike(&line.replace("**", "").replace("__", "")), now, &channel));
    }
    out
}

/// `~~1~~` as `1 (not counted)`: Rookery strikes through only the dice a
/// roll drops or rerolls, and a terminal shows the marks raw.
fn unstrike(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find("~~") {
        let Some(close) = rest[open + 2..].find("~~") else { break };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 2..open + 2 + close]);
        out.push_str(" (not counted)");
        rest = &rest[open + 2 + close + 2..];
    }
    out.push_str(rest);
    out
}

/// Replaces every `<...>` mention or timestamp in `line`.
fn tokens(line: &str, now: i64, channel: &impl Fn(u64) -> String) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('>') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let inner = &after[..close];
        match word(inner, now, channel) {
            Some(text) => out.push_str(&text),
            None => out.push_str(&rest[open..open + close + 2]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

fn word(inner: &str, now: i64, channel: &impl Fn(u64) -> String) -> Option<String> {
    if let Some(id) = inner.strip_prefix('#') {
        return id.parse().ok().map(channel);
    }
    if let Some(id) = inner.strip_prefix('@') {
        return id.trim_start_matches('!').parse::<u64>().ok().map(|id| format!("@user-{id}"));
    }
    let stamp = inner.strip_prefix("t:")?;
    let (unix, style) = stamp.split_once(':').unwrap_or((stamp, "f"));
    let unix: i64 = unix.parse().ok()?;
    Some(if style == "R" { relative(unix - now) } else { format!("{} UTC", utc(unix)) })
}

/// `in 4 min 05 s`, `3 s ago`.
fn relative(seconds: i64) -> String {
    let s = seconds.abs();
    let span = match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        3600..86_400 => format!("{} h {:02} min", s / 3600, s / 60 % 60),
        _ => format!("{} days {} h", s / 86_400, s / 3600 % 24),
    };
    if seconds >= 0 {
        format!("in {span}")
    } else {
        format!("{span} ago")
    }
}

/// `2023-11-14 22:13`.
fn utc(unix: i64) -> String {
    let day = unix.div_euclid(86_400);
    let second = unix.rem_euclid(86_400);
    format!("{} {:02}:{:02}", crate::core::civil_date(day), second / 3600, second / 60 % 60)
}

#[cfg(test)]
mod tests {
    use super::plain;

    fn channel(id: u64) -> String {
        if id == 1 {
            "this channel".into()
        } else {
            format!("#channel-{id}")
        }
    }

    #[test]
    fn markup_becomes_words() {
        let now = 1_700_000_000;
        assert_eq!(plain("**alice** (White) vs **bob**", now, channel), "alice (White) vs bob");
        assert_eq!(plain("posted in <#1> and <#42>", now, channel), "posted in this channel and #channel-42");
        assert_eq!(plain("out of time <t:1700000065:R>", now, channel), "out of time in 1 min 05 s");
        assert_eq!(plain("<t:1699996400:R> by <@7>", now, channel), "1 h 00 min ago by @user-7");
        assert_eq!(plain("at <t:1700000000:f>", now, channel), "at 2023-11-14 22:13 UTC");
        assert_eq!(plain("Game #3:\n```\n[Event \"x\"]\n```", now, channel), "Game #3:\n[Event \"x\"]");
        assert_eq!(plain("a\n-# small print", now, channel), "a\nsmall print");
        assert_eq!(plain("1 < 2 and <weird>", now, channel), "1 < 2 and <weird>");
        assert_eq!(plain("dangling <", now, channel), "dangling <");
        assert_eq!(plain("4d6kh3 (~~1~~, 4, 5, 6)", now, channel), "4d6kh3 (1 (not counted), 4, 5, 6)");
        assert_eq!(plain("a lone ~~ stays", now, channel), "a lone ~~ stays");
    }
}
