//! Table dice through the command core: rolls, sealed rolls, player seeds, daily
//! rotation with revealed transcripts that verify, and ledgers surviving a restart.

mod common;

use common::{alice, bob, Table};
use rookery::core::{Command, Place, Reply, User};

const ELSEWHERE: Place = Place { guild: 1, channel: 11 };
const DAY: i64 = 86_400;

impl Table {
    fn roll(&self, user: User, expression: &str) -> Reply {
        self.ok(user, roll(expression, false))
    }

    /// The text of every transcript `/verify` attaches, each checked with the
    /// same code as `rookery verify FILE`.
    fn verified_transcripts(&self) -> Vec<String> {
        let reply = self.ok(alice(), Command::Verify);
        reply
            .files
            .iter()
            .map(|file| {
                let text = String::from_utf8(file.bytes.clone()).unwrap();
                let (report, ok) = rookery::cli::dice::verify(&text).unwrap();
                assert!(ok, "{} does not verify:\n{report}\n{text}", file.name);
                text
            })
            .collect()
    }
}

fn roll(expression: &str, sealed: bool) -> Command {
    Command::Roll { expression: expression.into(), sealed, entropy: None }
}

/// The 64-hex-digit commitment after `marker` in `text`.
fn hex_after<'a>(text: &'a str, marker: &str) -> &'a str {
    let start = text.find(marker).unwrap_or_else(|| panic!("no {marker:?} in {text}")) + marker.len();
    &text[start..start + 64]
}

#[test]
fn a_roll_is_public_numbered_and_publishes_the_commitment_first() {
    let t = Table::new();
    let first = t.roll(alice(), "4d6kh3 # strength");
    assert!(first.text.starts_with("**alice** rolls: strength: 4d6kh3 ("), "{}", first.text);
    assert!(first.text.contains("~~"), "the dropped die is struck: {}", first.text);
    assert!(first.text.contains("roll #1 on table ledger `table:10:2023-11-14`"), "{}", first.text);
    let commitment = hex_after(&first.text, "commitment is `").to_owned();
    let second = t.roll(bob(), "1d20+5");
    assert!(second.text.contains("roll #2 on table ledger"), "{}", second.text);
    assert!(!second.text.contains("commitment"), "{}", second.text);
    let verify = t.ok(alice(), Command::Verify);
    assert!(verify.text.contains("No table ledger of this channel has been revealed yet"), "{}", verify.text);
    assert!(verify.text.contains(&commitment) && verify.text.contains("2 rolls so far"), "{}", verify.text);
    assert!(verify.files.is_empty());
}

#[test]
fn a_bad_expression_is_refused_privately_and_uses_no_index() {
    let t = Table::new();
    let error = t.refused(alice(), roll("4d6z", false));
    assert!(error.contains("unknown modifier \"z\" (column 4)"), "{error}");
    assert!(error.contains("  4d6z\n     ^"), "the caret points at the modifier: {error}");
    assert!(t.roll(alice(), "1d6").text.contains("roll #1 "));
    t.advance(DAY);
    let transcripts = t.verified_transcripts();
    assert_eq!(transcripts.len(), 1);
    assert!(!transcripts[0].contains("4d6z"), "{}", transcripts[0]);
}

#[test]
fn a_failed_evaluation_keeps_its_index_on_record() {
    let t = Table::new();
    let failed = t.roll(alice(), "1d6/0");
    assert!(failed.text.contains("could not be worked out: division by zero"), "{}", failed.text);
    assert!(t.roll(alice(), "1d6").text.contains("roll #2 "));
    t.advance(DAY);
    assert!(t.verified_transcripts()[0].contains("failed expr 1d6/0"));
}

#[test]
fn a_sealed_roll_is_private_with_a_public_commitment_that_opens_on_reveal() {
    let t = Table::new();
    t.roll(bob(), "1d4");
    let replies = t.send(alice(), roll("1d20+3 # ambush", true));
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert!(replies[0].ephemeral && replies[0].text.starts_with("Your sealed roll"), "{:?}", replies[0]);
    assert!(replies[0].text.contains("ambush: 1d20 ("), "{}", replies[0].text);
    let public = &replies[1];
    assert!(!public.ephemeral);
    assert!(public.text.contains("**alice** made a sealed roll: roll #2 on table ledger"), "{}", public.text);
    assert!(!public.text.contains("ambush"), "the public message gives nothing away: {}", public.text);
    let sealed = hex_after(&public.text, "Sealed commitment `").to_owned();
    t.advance(DAY);
    let transcripts = t.verified_transcripts();
    assert!(transcripts[0].contains(&format!("roll 1 sealed={sealed} faces=20:")), "{}", transcripts[0]);
}

#[test]
fn seeds_are_taken_before_the_first_roll_only() {
    let t = Table::new();
    let added = t.ok(bob(), Command::Seed { text: "  bob's lucky socks ".into() });
    assert!(added.text.contains("**bob** added a player seed to today's table ledger `table:10:2023-11-14`"));
    let commitment = hex_after(&added.text, "commitment `").to_owned();
    assert!(t.refused(alice(), Command::Seed { text: "bob's lucky socks".into() }).contains("already added"));
    let first = t.roll(alice(), "1d20");
    assert_eq!(hex_after(&first.text, "commitment is `"), commitment, "the seed did not change the ledger");
    let late = t.refused(alice(), Command::Seed { text: "too late".into() });
    assert!(late.contains("already rolled 1 time, so its seeds are fixed"), "{late}");
    assert!(late.contains("00:00 UTC"), "{late}");
    t.advance(DAY);
    let transcript = &t.verified_transcripts()[0];
    assert!(transcript.contains("\nplayer-seed bob's lucky socks\n"), "{transcript}");
    assert!(!transcript.contains("too late"), "{transcript}");
    assert!(t.ok(alice(), Command::Seed { text: "too late".into() }).text.contains("2023-11-15"));
}

#[test]
fn a_new_day_reveals_yesterday_and_its_transcript_verifies() {
    let t = Table::new();
    let first = t.roll(alice(), "2d6");
    let yesterday = hex_after(&first.text, "commitment is `").to_owned();
    t.ok(alice(), roll("3x 1d8!", false));
    t.advance(2 * 3600);
    let today = t.roll(bob(), "1d100");
    assert!(today.text.contains("roll #1 on table ledger `table:10:2023-11-15`, chain "), "{}", today.text);
    assert!(today.text.contains(", today's first"), "{}", today.text);
    assert!(today.text.contains("Earlier ledger `table:10:2023-11-14` (2 rolls, chain "), "{}", today.text);
    assert_ne!(hex_after(&today.text, "commitment is `"), yesterday, "a new day has a new seed");
    let verify = t.ok(alice(), Command::Verify);
    assert!(verify.text.contains("transcript of 1 table ledger"), "{}", verify.text);
    assert_eq!(verify.files[0].name, "table-10-2023-11-14.txt");
    let transcripts = t.verified_transcripts();
    assert_eq!(transcripts.len(), 1);
    let text = &transcripts[0];
    assert!(text.starts_with("rookery-dice-transcript v1\nledger table:10:2023-11-14\n"), "{text}");
    assert!(text.contains(&format!("commitment {yesterday}\nseed ")), "{text}");
    assert!(text.contains(" expr 2d6\n") && text.contains(" expr 3x 1d8!\n"), "{text}");
    assert!(!text.contains("1d100"), "today's rolls stay unrevealed: {text}");
}

/// The 8 hex digits after `chain ` in a post.
fn short_chain(text: &str) -> &str {
    let start = text.find(", chain ").unwrap_or_else(|| panic!("no chain in {text}")) + ", chain ".len();
    &text[start..start + 8]
}

#[test]
fn every_post_shows_the_chain_and_the_reveal_post_its_end() {
    let t = Table::new();
    let posts = [t.roll(alice(), "2d6 # damage"), t.roll(bob(), "1d20+5 # stealth")];
    let sealed = t.send(alice(), roll("1d12", true));
    let public_sealed = sealed.iter().find(|reply| !reply.ephemeral).expect("the public post of the sealed roll");
    t.advance(DAY);
    let reveal = t.roll(bob(), "1d4");
    let ended_on = hex_after(&reveal.text, "(3 rolls, chain ").to_owned();

    let transcript = t.verified_transcripts().remove(0);
    assert!(transcript.ends_with(&format!("\nchain 3 {ended_on}\n")), "{transcript}");
    let (report, ok) = rookery::cli::dice::verify_against(&transcript, Some(&ended_on)).unwrap();
    assert!(ok && report.contains("The chain matches the reveal post: 3 rolls"), "{report}");
    // Each post showed the chain after its roll, which the verifier shows beside it.
    let shown: Vec<&str> = posts.iter().map(|post| post.text.as_str()).chain([public_sealed.text.as_str()]).collect();
    for (index, text) in shown.iter().enumerate() {
        let line = format!("roll #{} (transcript `roll {index}`, chain {}): ok", index + 1, short_chain(text));
        assert!(report.contains(&line), "{line} in {report}");
    }
    assert!(ended_on.starts_with(short_chain(&public_sealed.text)), "the last post shows the final chain");
}

#[test]
fn a_restart_continues_the_same_ledger() {
    let t = Table::new();
    let first = t.roll(alice(), "1d20");
    let commitment = hex_after(&first.text, "commitment is `").to_owned();
    assert_eq!(t.send(alice(), roll("1d12", true)).len(), 2);
    let t = t.restart();
    let after = t.roll(bob(), "1d10 # after restart");
    assert!(after.text.contains("roll #3 on table ledger `table:10:2023-11-14`"), "{}", after.text);
    assert!(t.ok(alice(), Command::Verify).text.contains(&commitment));
    let t = t.restart();
    t.advance(DAY);
    let transcripts = t.verified_transcripts();
    let text = &transcripts[0];
    assert!(text.contains(&format!("commitment {commitment}\n")), "{text}");
    for line in ["roll 0 faces=20:", "roll 1 sealed=", "roll 2 faces=10:"] {
        assert!(text.contains(line), "{line:?} missing from {text}");
    }
    // The chain the post showed after the restart is the one the replayed ledger ends on.
    let chain = format!("# after restart\nchain 3 {}", short_chain(&after.text));
    assert!(text.contains(&chain), "{chain} in {text}");
}

#[test]
fn channels_roll_on_their_own_ledgers() {
    let t = Table::new();
    t.roll(alice(), "1d6");
    let there = t.send_at(ELSEWHERE, alice(), roll("1d6", false));
    assert!(there[0].text.contains("roll #1 on table ledger `table:11:2023-11-14`"), "{}", there[0].text);
}

#[test]
fn the_roll_button_has_no_dice_in_chess() {
    let t = Table::new();
    assert!(t.refused(alice(), Command::RollForGame).contains("There is no game here"));
    t.ok(
        alice(),
        Command::Play { variant: "chess".into(), opponent: Some(bob()), move_days: None, options: None, clock: None },
    );
    t.ok(bob(), Command::Accept);
    assert!(t.refused(alice(), Command::RollForGame).contains("This game has no dice to roll"));
}
