//! Roll replies that fit in one Discord message.
//!
//! A roll of `1000d1000000` shows thousands of characters of dice. Discord refuses a
//! message over 2,000 characters, so a long result is summarised: the message keeps
//! who rolled, every total it has room for and the proof line (index, ledger,
//! commitment), and the dice go into an attached text file.

use rookery_dice::RollResult;

use super::super::{Attachment, Reply};

/// Discord's limit on a message's content, in characters.
pub(super) const MAX_MESSAGE_CHARS: usize = 2000;

/// `head`, the shown dice and `proof` in one message when they fit; otherwise the
/// roll's `expression` and totals in the message and the dice in `file_name`.
pub(super) fn fit(
    head: &str,
    expression: &str,
    (shown, results): (&str, &[RollResult]),
    proof: &str,
    file_name: &str,
) -> Reply {
    let whole = format!("{head}{shown}\n{proof}");
    if whole.chars().count() <= MAX_MESSAGE_CHARS {
        return Reply::text(whole);
    }
    let note = "\n(The dice are in the attached file.)";
    // What was rolled stays in view; only the dice move to the file.
    let head = format!("{head}`{}` → ", shorten(expression, 200));
    let budget = MAX_MESSAGE_CHARS.saturating_sub(head.chars().count() + proof.chars().count() + note.len() + 2);
    let text = format!("{head}{}{note}\n{proof}", totals_within(results, budget));
    let file = Attachment { name: file_name.to_owned(), bytes: format!("{shown}\n").into_bytes() };
    Reply { text, files: vec![file], ..Reply::default() }
}

/// `label: **total**` for each roll, separated by commas, cut short with a count of
/// what was left out when `budget` characters are not enough.
fn totals_within(results: &[RollResult], budget: usize) -> String {
    let mut out = String::new();
    for (shown, result) in results.iter().enumerate() {
        let label = result.label.as_deref().map(|label| format!("{}: ", shorten(label, 60))).unwrap_or_default();
        let item = format!("{}{label}**{}**", if shown == 0 { "" } else { ", " }, result.total);
        let left = results.len() - shown;
        // Room for this item and, if more follow, for the "and N more" note.
        let reserve = if left > 1 { 40 } else { 0 };
        if out.chars().count() + item.chars().count() + reserve > budget {
            out.push_str(&format!(" … and {left} more total{}", if left == 1 { "" } else { "s" }));
            break;
        }
        out.push_str(&item);
    }
    out
}

/// `text` cut to `max` characters, with `…` when cut.
pub(super) fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut short: String = text.chars().take(max.saturating_sub(1)).collect();
    short.push('…');
    short
}

#[cfg(test)]
mod tests {
    use rookery_dice::{evaluate, parse, DieSource};

    use super::*;

    struct Highest;

    impl DieSource for Highest {
        fn roll(&mut self, sides: u32) -> u32 {
            sides
        }
    }

    fn results(line: &str) -> (String, Vec<RollResult>) {
        let results = evaluate(&parse(line).unwrap(), &mut Highest).unwrap();
        (rookery_dice::render(&results), results)
    }

    #[test]
    fn short_results_stay_whole() {
        let (shown, rolled) = results("2d6+1");
        let reply = fit("**ann** rolls: ", "2d6+1", (&shown, &rolled), "-# proof", "roll-1.txt");
        assert_eq!(reply.text, "**ann** rolls: 2d6 (6, 6) + 1 = **13**\n-# proof");
        assert!(reply.files.is_empty());
    }

    #[test]
    fn a_thousand_big_dice_fit_with_total_and_proof() {
        let (shown, rolled) = results("1000d1000000");
        assert!(shown.len() > 2000);
        let proof = "-# roll #8 on table ledger `table:1:2026-01-01`";
        let reply = fit("**ann** rolls: ", "1000d1000000", (&shown, &rolled), proof, "roll-7.txt");
        assert!(reply.text.chars().count() <= MAX_MESSAGE_CHARS, "{}", reply.text.len());
        assert!(reply.text.starts_with("**ann** rolls: `1000d1000000` → **1000000000**"), "{}", reply.text);
        assert!(reply.text.ends_with(proof));
        assert_eq!(reply.files.len(), 1);
        assert_eq!(reply.files[0].bytes, format!("{shown}\n").into_bytes());
    }

    #[test]
    fn many_labelled_totals_are_cut_with_a_count() {
        let label = "x".repeat(200);
        let (shown, rolled) = results(&format!("100x 10d6 # {}", &label[..200]));
        let line = format!("100x 10d6 # {label}");
        let reply = fit("**ann** rolls: ", &line, (&shown, &rolled), "-# proof", "roll-1.txt");
        assert!(reply.text.chars().count() <= MAX_MESSAGE_CHARS);
        assert!(reply.text.contains("more totals"), "{}", reply.text);
        assert!(reply.text.ends_with("-# proof"));
    }
}
