//! The fairness ledger: commitments, player seeds, transcripts, verification,
//! sealed rolls and rotation.

use rookery_dice::{
    verify, Commitment, Discrepancy, Entry, Ledger, LedgerError, LedgerId, NotationOutcome, Rolled, ServerSeed,
    Transcript,
};

fn seed(byte: u8) -> ServerSeed {
    ServerSeed::from_bytes([byte; 32])
}

fn ledger(id: &str) -> Ledger {
    Ledger::new(LedgerId::new(id).unwrap(), seed(7))
}

/// A revealed ledger with a dice roll, a notation roll, a sealed roll and a failed roll.
fn played_ledger() -> Ledger {
    let mut ledger = ledger("game:1");
    ledger.add_player_seed("alice's lucky socks").unwrap();
    ledger.add_player_seed("bob").unwrap();
    ledger.roll_dice(&[8, 8, 8, 4, 4, 6]).unwrap();
    ledger.roll_notation("4d6kh3 # strength; 1d20+5 adv").unwrap();
    ledger.roll_sealed("1d20+3 # ambush").unwrap();
    assert!(matches!(ledger.roll_notation("1d6/0"), Err(LedgerError::RollFailed { index: 3, .. })));
    ledger
}

#[test]
fn commitment_is_sha256_of_the_seed() {
    let zero = ServerSeed::from_bytes([0; 32]);
    assert_eq!(zero.commitment().to_string(), "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
    assert_eq!(format!("{zero:?}"), "ServerSeed(<secret>)");
}

#[test]
fn ledger_ids_are_validated() {
    assert!(LedgerId::new("table:8812:2025-06-01").is_ok());
    for bad in ["", "has space", "new\nline", &"x".repeat(129)] {
        assert_eq!(LedgerId::new(bad), Err(LedgerError::InvalidLedgerId(bad.to_owned())));
    }
}

#[test]
fn player_seeds_close_at_the_first_roll() {
    let mut ledger = ledger("game:2");
    ledger.add_player_seed("  zed  ").unwrap();
    ledger.add_player_seed("amy").unwrap();
    assert_eq!(ledger.player_seeds(), ["amy", "zed"]);
    assert_eq!(ledger.add_player_seed("amy"), Err(LedgerError::DuplicatePlayerSeed));
    assert_eq!(ledger.add_player_seed("   "), Err(LedgerError::InvalidPlayerSeed));
    assert_eq!(ledger.add_player_seed("a\tb"), Err(LedgerError::InvalidPlayerSeed));
    assert_eq!(ledger.add_player_seed(&"x".repeat(257)), Err(LedgerError::InvalidPlayerSeed));
    ledger.roll_dice(&[6]).unwrap();
    let error = ledger.add_player_seed("late").unwrap_err();
    assert_eq!(error, LedgerError::SeedsClosed { rolls: 1 });
    assert_eq!(error.to_string(), "player seeds must be added before the first roll; this ledger has rolled 1 times");
}

#[test]
fn too_many_player_seeds_are_refused() {
    let mut ledger = ledger("game:3");
    for i in 0..32 {
        ledger.add_player_seed(&format!("seed {i}")).unwrap();
    }
    assert_eq!(ledger.add_player_seed("one more"), Err(LedgerError::TooManyPlayerSeeds));
}

#[test]
fn game_dice_come_in_range_and_in_order() {
    let mut ledger = ledger("game:4");
    let record = ledger.roll_dice(&[8, 8, 8, 4, 4, 6]).unwrap();
    assert_eq!(record.index, 0);
    assert_eq!(record.rolled, Rolled::Dice(vec![8, 8, 8, 4, 4, 6]));
    let sides: Vec<u32> = record.faces.iter().map(|f| f.sides).collect();
    assert_eq!(sides, [8, 8, 8, 4, 4, 6]);
    assert!(record.faces.iter().all(|f| (1..=f.sides).contains(&f.face)));
    assert_eq!(ledger.roll_dice(&[20]).unwrap().index, 1);
    assert_eq!(ledger.roll_dice(&[]), Err(LedgerError::NoDice));
    assert_eq!(ledger.roll_dice(&[6, 0]), Err(LedgerError::BadSides(0)));
    assert_eq!(ledger.roll_dice(&[1_000_001]), Err(LedgerError::BadSides(1_000_001)));
    assert_eq!(ledger.roll_dice(&[6; 1001]), Err(LedgerError::TooManyDice(1001)));
    // Refused rolls use no index.
    assert_eq!(ledger.roll_dice(&[20]).unwrap().index, 2);
}

#[test]
fn notation_rolls_record_faces_and_totals() {
    let mut ledger = ledger("game:5");
    let roll = ledger.roll_notation("2x 3d6 # twice").unwrap();
    assert_eq!(roll.results.len(), 2);
    assert_eq!(roll.record.faces.len(), 6);
    let totals: Vec<i64> = roll.results.iter().map(|r| r.total).collect();
    let face_sum: u32 = roll.record.faces.iter().map(|f| f.face).sum();
    assert_eq!(totals.iter().sum::<i64>(), i64::from(face_sum));
    assert_eq!(
        roll.record.rolled,
        Rolled::Notation { line: "2x 3d6 # twice".into(), outcome: NotationOutcome::Totals(totals) }
    );
    // A line that does not parse is refused without using an index.
    assert!(matches!(ledger.roll_notation("2d"), Err(LedgerError::Notation(_))));
    assert_eq!(ledger.roll_notation("1").unwrap().record.index, 1);
}

#[test]
fn the_same_inputs_give_the_same_faces_and_any_change_gives_others() {
    let faces = |id: &str, seed_byte: u8, player_seeds: &[&str], skip: usize| {
        let mut ledger = Ledger::new(LedgerId::new(id).unwrap(), seed(seed_byte));
        for player_seed in player_seeds {
            ledger.add_player_seed(player_seed).unwrap();
        }
        for _ in 0..skip {
            ledger.roll_dice(&[6]).unwrap();
        }
        ledger.roll_dice(&[1_000_000; 4]).unwrap().faces
    };
    let base = faces("g", 1, &["a", "b"], 0);
    assert_eq!(base, faces("g", 1, &["a", "b"], 0));
    // Player seeds count in canonical order, whatever order they arrived in.
    assert_eq!(base, faces("g", 1, &["b", "a"], 0));
    assert_ne!(base, faces("h", 1, &["a", "b"], 0));
    assert_ne!(base, faces("g", 2, &["a", "b"], 0));
    assert_ne!(base, faces("g", 1, &["a"], 0));
    assert_ne!(base, faces("g", 1, &["ab"], 0));
    assert_ne!(base, faces("g", 1, &["a", "b"], 1));
}

#[test]
fn a_revealed_ledger_verifies_and_round_trips_as_text() {
    let transcript = played_ledger().reveal();
    let report = verify(&transcript);
    assert!(report.all_ok(), "{report}");
    assert_eq!(report.rolls.len(), 4);
    let text = transcript.to_string();
    assert!(text.starts_with("rookery-dice-transcript v1\nledger game:1\n"));
    assert!(text.contains("\nroll 3 faces=6:"));
    assert!(text.contains(" failed expr 1d6/0\n"));
    let parsed: Transcript = text.parse().unwrap();
    assert_eq!(parsed, transcript);
    let shown = report.to_string();
    assert!(shown.contains("\nroll #1 (transcript `roll 0`, chain "), "people count from 1: {shown}");
    let chain = transcript.chain.expect("a revealed ledger writes its chain");
    assert!(shown.contains(&format!("chain: 4 rolls, chain {}, as the transcript's", chain.value)), "{shown}");
    assert!(shown.ends_with("4 rolls checked, 0 differ: VERIFIED"), "{shown}");
}

#[test]
fn verification_finds_every_kind_of_tampering() {
    let text = played_ledger().reveal().to_string();
    let check = |tampered: &str| verify(&tampered.parse::<Transcript>().unwrap());

    // A changed face.
    let line = text.lines().find(|l| l.starts_with("roll 0 ")).unwrap();
    let face = line.split(['=', ' ']).nth(3).unwrap();
    let (sides, value) = face.split(',').next().unwrap().split_once(':').unwrap();
    let other = if value == "1" { "2" } else { "1" };
    let changed = line.replacen(&format!("{sides}:{value}"), &format!("{sides}:{other}"), 1);
    let report = check(&text.replace(line, &changed));
    assert!(!report.all_ok());
    assert!(matches!(report.rolls[0].discrepancies[..], [Discrepancy::Faces { .. }]));
    assert!(report.rolls[1..].iter().all(|r| r.discrepancies.is_empty()));

    // A changed total.
    let line = text.lines().find(|l| l.starts_with("roll 1 ")).unwrap();
    let totals = line.split(' ').find(|f| f.starts_with("totals=")).unwrap();
    let report = check(&text.replace(totals, "totals=99,99"));
    assert!(matches!(report.rolls[1].discrepancies[..], [Discrepancy::Outcome { .. }]));

    // A different expression claimed for the same faces.
    let report = check(&text.replace("expr 1d6/0", "expr 1d6/1"));
    assert!(matches!(report.rolls[3].discrepancies[..], [Discrepancy::Outcome { .. }]));

    // A sealed roll whose result was changed after the commitment.
    let line = text.lines().find(|l| l.starts_with("roll 2 ")).unwrap();
    let report = check(&text.replace(line, &line.replace("# ambush", "# ambush!")));
    assert_eq!(report.rolls[2].discrepancies, [Discrepancy::Seal]);

    // A hidden roll.
    let line = text.lines().find(|l| l.starts_with("roll 1 ")).unwrap();
    let report = check(&text.replace(&format!("{line}\n"), ""));
    assert!(matches!(report.rolls[1].discrepancies[0], Discrepancy::IndexOutOfOrder { expected: 1 }));

    // A seed that is not the committed one.
    let seed_line = text.lines().find(|l| l.starts_with("seed ")).unwrap();
    let report = check(&text.replace(seed_line, &format!("seed {}", "ab".repeat(32))));
    assert_eq!(report.seed_matches_commitment, Some(false));
    assert!(!report.all_ok());

    // A player seed that was not used.
    let report = check(&text.replace("player-seed bob", "player-seed bobby"));
    assert!(!report.rolls[0].discrepancies.is_empty());
    assert!(!report.all_ok());

    // Invalid notation cannot have been rolled.
    let report = check(&text.replace("expr 1d6/0", "expr 1d6/"));
    assert!(matches!(report.rolls[3].discrepancies[..], [Discrepancy::InvalidNotation(_)]));
}

#[test]
fn unrevealed_transcripts_verify_nothing() {
    let ledger = played_ledger();
    let public = ledger.public_transcript();
    assert_eq!(public.seed, None);
    let report = verify(&public);
    assert_eq!(report.seed_matches_commitment, None);
    assert!(!report.all_ok());
    assert!(report.to_string().contains("not revealed"));
}

#[test]
fn sealed_rolls_stay_hidden_until_opened() {
    let ledger = played_ledger();
    let sealed = &ledger.records()[2];
    let commitment = sealed.sealed.expect("roll 2 is sealed");
    // The public transcript shows only the index and commitment.
    let public = ledger.public_transcript();
    assert_eq!(public.entries[2], Entry::Sealed { index: 2, commitment });
    let text = public.to_string();
    assert!(text.contains(&format!("\nsealed 2 {commitment}\n")));
    assert!(!text.contains("ambush"));
    assert_eq!(text.parse::<Transcript>().unwrap(), public);

    // The game master opens it early; anybody can check it against the commitment.
    let reveal = ledger.sealed_reveal(2).unwrap();
    assert!(reveal.opens(&commitment));
    assert!(reveal.body.starts_with("roll 2 faces=20:"));
    assert!(reveal.body.ends_with("expr 1d20+3 # ambush"));
    let mut forged = reveal.clone();
    forged.body = forged.body.replace("totals=", "totals=1");
    assert!(!forged.opens(&commitment));
    assert!(ledger.sealed_reveal(0).is_none());
    assert!(ledger.sealed_reveal(9).is_none());

    // A sealed roll never opened in a revealed transcript is reported.
    let mut revealed = ledger.reveal();
    revealed.entries[2] = Entry::Sealed { index: 2, commitment };
    let report = verify(&revealed);
    assert_eq!(report.rolls[2].discrepancies, [Discrepancy::NeverOpened]);
}

#[test]
fn rotation_reveals_the_old_ledger_and_starts_a_new_one() {
    let mut today = Ledger::new(LedgerId::new("table:9:2025-06-01").unwrap(), seed(1));
    today.roll_dice(&[20]).unwrap();
    let tomorrow_seed = seed(2);
    let tomorrow_commitment = tomorrow_seed.commitment();
    let next_id = LedgerId::new("table:9:2025-06-02").unwrap();
    let (yesterday, tomorrow) = today.rotate(next_id.clone(), tomorrow_seed);
    assert!(verify(&yesterday).all_ok());
    assert_eq!(yesterday.seed, Some(seed(1)));
    assert_eq!(tomorrow.id(), &next_id);
    assert_eq!(tomorrow.commitment(), tomorrow_commitment);
    assert!(tomorrow.records().is_empty());
}

#[test]
fn malformed_transcripts_are_refused_with_a_line_number() {
    let good = played_ledger().reveal().to_string();
    let cases = [
        ("hello\n", 1),
        (&good.replacen("ledger game:1", "ledger bad id", 1), 2),
        (&good.replacen("commitment ", "commitment zz", 1), 3),
        (&format!("{good}ledger game:2\n"), 12),
        (&format!("{good}roll 4 faces=6:x dice 6\n"), 12),
        (&format!("{good}roll 4 faces=6:1 totals=1 exp 1d6\n"), 12),
        (&format!("{good}frobnicate\n"), 12),
        (&format!("{good}chain 4 {}\n", "0".repeat(64)), 12),
        (&good.replacen("\nchain 4 ", "\nchain four ", 1), 11),
        (&good.replacen("\nchain 4 ", "\nchain 4 zz", 1), 11),
        ("rookery-dice-transcript v1\nledger a\n", 3),
    ];
    for (text, line) in cases {
        let error = text.parse::<Transcript>().unwrap_err();
        assert_eq!(error.line, line, "{text}: {error}");
    }
    // Comments and blank lines are fine.
    let commented = format!("# published 2025-06-01\n\n{good}");
    assert!(commented.parse::<Transcript>().is_ok());
    assert!(Commitment::from_hex("00").is_err());
}
