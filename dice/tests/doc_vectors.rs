//! The test vectors published in `docs/fairness.md` are what the code computes, and
//! the derivation described there, rebuilt here from the text's recipe, is the one
//! the code uses.

use hmac::{Hmac, Mac};
use rookery_dice::{derivation_block, derivation_block_with_entropy, verify, Ledger, LedgerId, ServerSeed, Transcript};
use sha2::Sha256;

const DOC: &str = include_str!("../../docs/fairness.md");

const LEDGER_ID: &str = "doc:example";
const PLAYER_SEEDS: [&str; 2] = ["alice", "Bob's seed ☺"];

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn server_seed() -> ServerSeed {
    ServerSeed::from_bytes(std::array::from_fn(|i| i as u8))
}

/// The value after `name = ` on a line of the document.
fn documented(name: &str) -> &'static str {
    let prefix = format!("{name} = ");
    DOC.lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("docs/fairness.md has no line `{prefix}...`"))
}

/// The example transcript of the document.
fn documented_transcript() -> &'static str {
    let start = "<!-- example-transcript -->\n```text\n";
    let from = DOC.find(start).expect("the example transcript marker") + start.len();
    let length = DOC[from..].find("```").expect("the end of the example transcript");
    &DOC[from..from + length]
}

/// The message for block `counter` of roll `index`, built by following the
/// document's recipe rather than by calling the engine.
fn message(index: u64, counter: u32) -> Vec<u8> {
    let mut seeds: Vec<&[u8]> = PLAYER_SEEDS.iter().map(|s| s.as_bytes()).collect();
    seeds.sort();
    let mut message = b"rookery-dice-v1".to_vec();
    message.extend((LEDGER_ID.len() as u32).to_be_bytes());
    message.extend(LEDGER_ID.as_bytes());
    message.extend((seeds.len() as u32).to_be_bytes());
    for seed in seeds {
        message.extend((seed.len() as u32).to_be_bytes());
        message.extend(seed);
    }
    message.extend(index.to_be_bytes());
    message.extend(counter.to_be_bytes());
    message
}

#[test]
fn documented_derivation_matches_the_code() {
    let seed = server_seed();
    assert_eq!(documented("server seed"), seed.to_hex());
    assert_eq!(documented("commitment"), seed.commitment().to_string());
    let id = LedgerId::new(LEDGER_ID).unwrap();
    let player_seeds: Vec<String> = PLAYER_SEEDS.iter().map(|s| s.to_string()).collect();
    for (index, counter) in [(0, 0), (0, 1), (1, 0)] {
        let message = message(index, counter);
        let mut mac = Hmac::<Sha256>::new_from_slice(&(0..32).collect::<Vec<u8>>()).unwrap();
        mac.update(&message);
        let block = derivation_block(&seed, &id, &player_seeds, index, counter);
        assert_eq!(hex(&mac.finalize().into_bytes()), hex(&block));
        if (index, counter) == (0, 0) {
            assert_eq!(documented("message(0, 0)"), hex(&message));
        }
        assert_eq!(documented(&format!("block({index}, {counter})")), hex(&block));
    }
}

#[test]
fn documented_transcript_is_what_the_ledger_writes_and_verifies() {
    let mut ledger = Ledger::new(LedgerId::new(LEDGER_ID).unwrap(), server_seed());
    for player_seed in PLAYER_SEEDS {
        ledger.add_player_seed(player_seed).unwrap();
    }
    ledger.roll_dice(&[6, 6, 6, 20, 100, 1_000_000]).unwrap();
    ledger.roll_notation("4d6kh3 # strength; adv+5").unwrap();
    ledger.roll_sealed("1d20+2 # ambush").unwrap();
    let reveal = ledger.sealed_reveal(2).unwrap();
    let sealed = ledger.records()[2].sealed.unwrap();
    assert_eq!(documented("sealed commitment"), sealed.to_string());
    assert_eq!(documented("sealed nonce"), hex(&reveal.nonce));
    assert_eq!(documented("sealed body"), reveal.body);
    let transcript = ledger.reveal();
    assert_eq!(documented_transcript(), transcript.to_string());
    let parsed: Transcript = documented_transcript().parse().unwrap();
    assert!(verify(&parsed).all_ok());
}

const ENTROPY: &str = "1181551392518402089";

/// The example transcript of rolls with public entropy.
fn documented_entropy_transcript() -> &'static str {
    let start = "<!-- entropy-transcript -->\n```text\n";
    let from = DOC.find(start).expect("the entropy transcript marker") + start.len();
    let length = DOC[from..].find("```").expect("the end of the entropy transcript");
    &DOC[from..from + length]
}

#[test]
fn documented_entropy_derivation_matches_the_code() {
    let seed = server_seed();
    let id = LedgerId::new(LEDGER_ID).unwrap();
    let player_seeds: Vec<String> = PLAYER_SEEDS.iter().map(|s| s.to_string()).collect();
    // The recipe: the v1 message, then "entropy" and the length-prefixed entropy.
    let mut message = message(0, 0);
    message.extend(b"entropy");
    message.extend((ENTROPY.len() as u32).to_be_bytes());
    message.extend(ENTROPY.as_bytes());
    let mut mac = Hmac::<Sha256>::new_from_slice(&(0..32).collect::<Vec<u8>>()).unwrap();
    mac.update(&message);
    let block = derivation_block_with_entropy(&seed, &id, &player_seeds, 0, 0, ENTROPY);
    assert_eq!(hex(&mac.finalize().into_bytes()), hex(&block));
    assert_eq!(documented("entropy message(0, 0)"), hex(&message));
    assert_eq!(documented("entropy block(0, 0)"), hex(&block));

    let mut ledger = Ledger::new(id, seed);
    for player_seed in PLAYER_SEEDS {
        ledger.add_player_seed(player_seed).unwrap();
    }
    ledger.roll_notation_with_entropy("1d20+5 # perception", false, ENTROPY).unwrap();
    ledger.roll_notation("1d20+5 # perception").unwrap();
    ledger.roll_notation_with_entropy("1d20+5 # perception", true, "1181551392518402090").unwrap();
    // Clicks on the buttons under roll 0: "Roll again", then "Advantage".
    ledger.roll_notation_with_entropy("1d20+5 # perception", false, "1181551392518402091").unwrap();
    ledger.roll_notation_with_entropy("1d20+5 adv # perception", false, "1181551392518402092").unwrap();
    let transcript = ledger.reveal();
    assert_eq!(documented_entropy_transcript(), transcript.to_string());
    let parsed: Transcript = documented_entropy_transcript().parse().unwrap();
    assert!(verify(&parsed).all_ok());
    // Tampering with the entropy is caught.
    let tampered: Transcript = documented_entropy_transcript().replace(ENTROPY, "1181551392518402088").parse().unwrap();
    assert!(!verify(&tampered).all_ok());
}

/// The roll chain, rebuilt from the document's recipe with SHA-256 alone, is what
/// the ledger writes, and each documented `chain(n)` is the ledger's value after n rolls.
#[test]
fn documented_chain_matches_the_code() {
    use sha2::Digest;
    let sha = |text: &str| hex(&Sha256::digest(text.as_bytes()));
    let commitment = server_seed().commitment().to_string();
    let mut by_recipe = sha(&format!("rookery-dice-chain-v1\n{LEDGER_ID}\n{commitment}"));
    let mut ledger = Ledger::new(LedgerId::new(LEDGER_ID).unwrap(), server_seed());
    for player_seed in PLAYER_SEEDS {
        ledger.add_player_seed(player_seed).unwrap();
    }
    assert_eq!(documented("chain(0)"), by_recipe);
    assert_eq!(ledger.chain().value.to_string(), by_recipe);
    ledger.roll_dice(&[6, 6, 6, 20, 100, 1_000_000]).unwrap();
    ledger.roll_notation("4d6kh3 # strength; adv+5").unwrap();
    ledger.roll_sealed("1d20+2 # ambush").unwrap();
    let transcript: Transcript = documented_transcript().parse().unwrap();
    let lines: Vec<&str> = documented_transcript().lines().filter(|l| l.starts_with("roll ")).collect();
    for (n, line) in lines.iter().enumerate() {
        // A sealed roll is hashed as its public line, even once opened.
        let hashed = match line.split_once(" sealed=") {
            Some(_) => format!("sealed {n} {}", ledger.records()[n].sealed.unwrap()),
            None => (*line).to_owned(),
        };
        by_recipe = sha(&format!("{by_recipe}\n{hashed}"));
        assert_eq!(documented(&format!("chain({})", n + 1)), by_recipe);
    }
    assert_eq!(ledger.chain().value.to_string(), by_recipe);
    assert_eq!(ledger.chain().rolls, 3);
    assert_eq!(transcript.chain, Some(ledger.chain()));
    assert_eq!(transcript.recompute_chain(), ledger.chain());
}

/// Cutting the last roll, or editing a label and total together, leaves every
/// other line recomputing but no longer ends on the documented chain.
#[test]
fn a_cut_or_edited_transcript_no_longer_ends_on_the_chain() {
    let genuine = documented_entropy_transcript();
    let report = verify(&genuine.parse().unwrap());
    assert!(report.all_ok(), "{report}");
    assert!(report.to_string().contains("5 rolls, chain 8e7a9fa4"), "{report}");

    let cut: String = genuine.lines().filter(|l| !l.starts_with("roll 4 ")).map(|l| format!("{l}\n")).collect();
    let report = verify(&cut.parse().unwrap());
    assert!(!report.all_ok(), "{report}");
    assert!(report.rolls.iter().all(|roll| roll.discrepancies.is_empty()), "every remaining roll recomputes");
    assert!(report.to_string().contains("rolls were cut or edited"), "{report}");

    // The cut transcript with its chain line rewritten to suit is consistent, but
    // ends on another value than the reveal post's.
    let mut rewritten: Transcript = cut.parse().unwrap();
    rewritten.chain = Some(rewritten.recompute_chain());
    let report = verify(&rewritten);
    assert!(report.all_ok());
    assert_eq!(report.chain.recomputed.rolls, 4);
    assert_ne!(report.chain.recomputed.value.to_string(), documented_chain_line_value(genuine));

    let edited = genuine.replace("totals=6 expr 1d20+5 # perception", "totals=7 expr 1d20+6 # persuasion");
    let report = verify(&edited.parse().unwrap());
    assert!(!report.all_ok(), "{report}");
    assert!(report.rolls[1].discrepancies.is_empty(), "the edited roll itself recomputes: {report}");

    // A transcript from before the chain still verifies, and says what it cannot check.
    let old: String = genuine.lines().filter(|l| !l.starts_with("chain ")).map(|l| format!("{l}\n")).collect();
    let report = verify(&old.parse().unwrap());
    assert!(report.all_ok(), "{report}");
    assert!(report.to_string().contains("cannot be checked"), "{report}");
}

fn documented_chain_line_value(transcript: &str) -> String {
    let line = transcript.lines().find_map(|l| l.strip_prefix("chain ")).expect("a chain line");
    line.split_once(' ').unwrap().1.to_owned()
}
