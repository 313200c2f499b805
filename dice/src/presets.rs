//! What a game system makes of a roll: the usual reading of the shortcuts of
//! [`shortcuts`](super::shortcuts) and the presets written with them, such as
//! "weak hit" for Powered by the Apocalypse or "glitch" for Shadowrun.
//!
//! | typed            | rolled        | reading                                               |
//! |------------------|---------------|-------------------------------------------------------|
//! | `pbta`, `pbta+2` | `2d6`, `2d6+2`| 6 or less: miss; 7–9: weak hit; 10 or more: strong hit |
//! | `srN`            | `Nd6t5`       | hits; more than half the dice showing 1: glitch (critical with no hit) |
//! | `NwodD`          | `Nd10f1tD`    | successes; none and a 1 showing: botch                 |
//! | `Ncod…`          | `Nd10t8ie10`… | successes; 5 or more: exceptional success; none: failure |
//! | `swN`            | trait + wild  | 4 or more: success, each 4 more a raise; below: failure |

use super::{Evaluated, RollResult};

/// The system's reading of the results of `line`, when it starts with a preset.
pub fn verdict(line: &str, results: &[RollResult]) -> Option<String> {
    let (_, start) = super::dialect::split(line);
    let line = line[start..].trim_start();
    let first = line.split(|c: char| c.is_whitespace() || c == '+' || c == '-').next()?.to_ascii_lowercase();
    let readings: Vec<String> = results.iter().filter_map(|result| reading(&first, result)).collect();
    (!readings.is_empty()).then(|| readings.join("; "))
}

fn reading(first: &str, result: &RollResult) -> Option<String> {
    let total = result.total;
    if first == "pbta" {
        let band = match total {
            i64::MIN..=6 => "miss",
            7..=9 => "weak hit",
            _ => "strong hit",
        };
        return Some(format!("{total}: {band}"));
    }
    let dice = faces(&result.expr);
    if let Some(count) = first.strip_prefix("sr").and_then(|n| n.parse::<usize>().ok()) {
        let ones = dice.iter().filter(|&&v| v == 1).count();
        let glitch = ones * 2 > count;
        let hits = format!("{total} hit{}", if total == 1 { "" } else { "s" });
        return Some(match (glitch, total) {
            (true, 0) => format!("{hits}: critical glitch"),
            (true, _) => format!("{hits}, glitch"),
            _ => hits,
        });
    }
    let pool = first.trim_start_matches(|c: char| c.is_ascii_digit());
    if pool.starts_with("wod") {
        if total <= 0 && dice.contains(&1) && !result_has_success(&result.expr) {
            return Some("botch".to_owned());
        }
        return Some(successes(total));
    }
    if pool.starts_with("cod") {
        return Some(match total {
            0 => "failure".to_owned(),
            5.. => format!("{}: exceptional success", successes(total)),
            _ => successes(total),
        });
    }
    if first.starts_with("sw") {
        return Some(match total {
            ..=3 => "failure".to_owned(),
            _ => {
                let raises = (total - 4) / 4;
                format!(
                    "success{}",
                    if raises == 0 {
                        String::new()
                    } else {
                        format!(" with {raises} raise{}", if raises == 1 { "" } else { "s" })
                    }
                )
            }
        });
    }
    None
}

fn successes(total: i64) -> String {
    format!("{total} success{}", if total == 1 { "" } else { "es" })
}

/// The kept dice values of an evaluated roll, left to right.
fn faces(expr: &Evaluated) -> Vec<i64> {
    match expr {
        Evaluated::Number(_) | Evaluated::Decimal(_) => Vec::new(),
        Evaluated::Dice(dice) => dice.dice.iter().filter(|d| d.kept).map(|d| d.value).collect(),
        Evaluated::Negate(inner) | Evaluated::Group(inner) => faces(inner),
        Evaluated::Binary { lhs, rhs, .. } => [faces(lhs), faces(rhs)].concat(),
        Evaluated::Set(items) => items.iter().flat_map(|(item, _)| faces(item)).collect(),
    }
}

fn result_has_success(expr: &Evaluated) -> bool {
    match expr {
        Evaluated::Dice(dice) => dice.dice.iter().any(|d| d.tally == Some(super::Tally::Success)),
        Evaluated::Negate(inner) | Evaluated::Group(inner) => result_has_success(inner),
        Evaluated::Binary { lhs, rhs, .. } => result_has_success(lhs) || result_has_success(rhs),
        Evaluated::Set(items) => items.iter().any(|(item, _)| result_has_success(item)),
        Evaluated::Number(_) | Evaluated::Decimal(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use super::*;
    use crate::{evaluate, parse, DieSource};

    struct Scripted(VecDeque<u32>);

    impl DieSource for Scripted {
        fn roll(&mut self, _sides: u32) -> u32 {
            self.0.pop_front().expect("enough faces")
        }
    }

    fn read(line: &str, faces: &[u32]) -> Option<String> {
        let results = evaluate(&parse(line).unwrap(), &mut Scripted(faces.iter().copied().collect())).unwrap();
        verdict(line, &results)
    }

    #[test]
    fn systems_read_their_rolls() {
        assert_eq!(read("pbta+1", &[3, 2]).as_deref(), Some("6: miss"));
        assert_eq!(read("pbta+1", &[4, 3]).as_deref(), Some("8: weak hit"));
        assert_eq!(read("pbta", &[6, 4]).as_deref(), Some("10: strong hit"));
        assert_eq!(read("sr4", &[5, 6, 1, 2]).as_deref(), Some("2 hits"));
        assert_eq!(read("sr4", &[1, 1, 1, 5]).as_deref(), Some("1 hit, glitch"));
        assert_eq!(read("sr3", &[1, 1, 3]).as_deref(), Some("0 hits: critical glitch"));
        assert_eq!(read("3wod6", &[1, 3, 4]).as_deref(), Some("botch"));
        assert_eq!(read("3wod6", &[7, 1, 8]).as_deref(), Some("1 success"));
        assert_eq!(read("2cod", &[3, 4]).as_deref(), Some("failure"));
        assert_eq!(read("sw8", &[8, 4, 2]).as_deref(), Some("success with 2 raises"));
        assert_eq!(read("sw6", &[2, 3]).as_deref(), Some("failure"));
        assert_eq!(read("1d20", &[3]), None);
        assert_eq!(read("maiden: 3wod6", &[1, 3, 4]).as_deref(), Some("botch"));
    }
}
