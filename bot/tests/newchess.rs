//! New chess through the command core: the secret true king chosen with
//! private buttons, a brother mated and revealed, a price paid by button, a
//! re-entry, the true king mated; that nothing the opponent sees depends on
//! the secret before it is revealed; and that no secret reaches a log.

mod common;

use std::io::Write;
use std::sync::{Arc, Mutex};

use common::{alice, bob, Table, HERE};
use rookery::core::{ButtonAction, Command, Handler, Reply, User};
use rookery_storage::ChannelKey;

/// White mates Black's brother on a10 at once; Black can pay a tower or a
/// cannon and re-enter it; then White mates Black's true king on j10.
const STAGE: &str = "j8k/7Pt1/8P1/10/10/5c4/3F6/10/1T8/2T1KJ4[] w - 0 1";

/// A New chess game between alice (White) and bob, set up on `STAGE`.
fn start(t: &Table) -> Reply {
    let play = Command::Play {
        variant: "newchess".into(),
        opponent: Some(bob()),
        move_days: None,
        options: None,
        clock: None,
    };
    t.ok(alice(), play);
    let started = t.ok(bob(), Command::Accept);
    assert!(started.text.contains("alice makes a secret choice first, privately: `/choose E|F`."), "{}", started.text);
    assert!(started.buttons.iter().any(|b| b.action == ButtonAction::Secret));
    // The game is staged on a composed position before anyone has chosen.
    t.restage(HERE, |record| record.start = Some(STAGE.to_string()));
    started
}

/// Clicks the button `action` of `reply` (its custom id, as Discord carries it).
fn click(t: &Table, user: User, reply: &Reply, action: ButtonAction) -> Vec<Reply> {
    let button = reply.buttons.iter().find(|b| b.action == action).unwrap_or_else(|| panic!("{action:?}: {reply:?}"));
    let command = ButtonAction::parse_custom_id(&button.custom_id()).unwrap();
    t.send(user, command)
}

/// Chooses secretly through the buttons: the public button answers with two
/// private ones; `index` 0 is the E-king.
fn choose(t: &Table, user: User, public: &Reply, index: usize) -> (Reply, Vec<Reply>) {
    let asked = click(t, user.clone(), public, ButtonAction::Secret);
    assert_eq!(asked.len(), 1);
    assert!(asked[0].ephemeral, "the choice is offered privately");
    let labels: Vec<&str> = asked[0].buttons.iter().map(|b| b.label.as_str()).collect();
    assert_eq!(labels, ["True king: E", "True king: F"]);
    let action = [ButtonAction::ChooseFirst, ButtonAction::ChooseSecond][index];
    let mut replies = click(t, user, &asked[0], action).into_iter();
    let private = replies.next().unwrap();
    assert!(private.ephemeral);
    (private, replies.collect())
}

/// Everything the game sends in order: `(to whom, reply)`, whom being `None`
/// for the channel.
type Transcript = Vec<(Option<u64>, Reply)>;

/// Plays the staged game with alice's secret `alice_choice` (0: E, 1: F);
/// bob chooses E, so his F-king on a10 is the brother.
fn play_staged(t: &Table, alice_choice: usize) -> Transcript {
    let mut transcript: Transcript = Vec::new();
    let mut log = |to: &User, replies: Vec<Reply>| {
        for reply in replies {
            let whom = reply.ephemeral.then_some(to.id);
            transcript.push((whom, reply));
        }
    };
    let started = start(t);
    let (private, public) = choose(t, alice(), &started, alice_choice);
    assert!(private.text.contains(["**E**", "**F**"][alice_choice]), "{}", private.text);
    log(&alice(), std::iter::once(private).chain(public.clone()).collect());
    let (private, public) = choose(t, bob(), &public[0], 0);
    log(&bob(), std::iter::once(private).chain(public).collect());

    // 1. Ta1 mates bob's F-king: the bot reveals bob's choice (E), so it was
    // the brother; bob must pay.
    let mated = t.send(alice(), Command::Move { text: "Ta1".into() });
    let text = &mated[0].text;
    assert!(text.contains("**bob** reveals their true king: **E**"), "{text}");
    assert!(text.contains("bob must pay a price for the mated brother king"), "{text}");
    assert!(text.contains("a tower from i9") && text.contains("a cannon from f5"), "{text}");
    assert!(text.contains("1. Ta1#"), "{text}");
    assert!(t.refused(bob(), Command::Move { text: "Kj9".into() }).contains("price"));
    assert!(t.refused(bob(), Command::Move { text: "price pawns a1".into() }).contains("Pay one of"));
    let labels: Vec<&str> = mated[0].buttons.iter().map(|b| b.label.as_str()).collect();
    assert!(labels.contains(&"Pay a cannon (f5)") && labels.contains(&"Pay a tower (i9)"), "{labels:?}");
    log(&alice(), mated.clone());

    let cannon = mated[0].buttons.iter().find(|b| b.label == "Pay a cannon (f5)").unwrap();
    let paid = t.send(bob(), ButtonAction::parse_custom_id(&cannon.custom_id()).unwrap());
    assert!(paid[0].text.contains("**bob** pays a cannon (f5), to White's hand."), "{}", paid[0].text);
    assert!(t.core.complete_move(HERE, 2, "J@").contains(&"J@d8".to_string()), "drops are suggested as typed");
    log(&bob(), paid);

    // bob re-enters his brother; White mates the true king.
    let dropped = t.send(bob(), Command::Move { text: "K*d8".into() });
    assert!(dropped[0].text.contains("1. Ta1# K*d8"), "{}", dropped[0].text);
    log(&bob(), dropped);
    let end = t.send(alice(), Command::Move { text: "Ta10".into() });
    assert!(end[0].text.contains("**1-0**"), "{}", end[0].text);
    assert!(end[0].text.contains("**alice** reveals their true king"), "{}", end[0].text);
    log(&alice(), end);
    transcript
}

#[test]
fn a_whole_game_with_a_brother_mated_a_price_a_re_entry_and_a_true_king_mate() {
    let t = Table::new();
    let transcript = play_staged(&t, 1);
    let key = ChannelKey { guild: HERE.guild, channel: HERE.channel };
    let archived = t.core.storage().archived_games(key).unwrap().pop().unwrap();
    assert!(archived.actions.iter().any(|a| a == "price black f5"), "{:?}", archived.actions);
    assert!(archived.actions.iter().any(|a| a == "J@d8"), "{:?}", archived.actions);
    // The public record holds commitments, never a choice before its reveal.
    let choose = archived.actions.iter().filter(|a| a.starts_with("choose ")).count();
    assert_eq!(choose, 2);
    assert!(!transcript.is_empty());
    let rules = t.send(alice(), Command::Rules { variant: "newchess".into() });
    assert!(rules.len() > 1 && rules[0].text.starts_with("# New chess"), "{}", rules[0].text);
}

/// Hides what is random in every game: commitments and nonces.
fn masked(text: &str) -> String {
    text.split_inclusive(|c: char| !c.is_ascii_hexdigit())
        .map(|word| {
            let hex = word.trim_end_matches(|c: char| !c.is_ascii_hexdigit());
            if hex.len() >= 32 {
                format!("<hex>{}", &word[hex.len()..])
            } else {
                word.to_string()
            }
        })
        .collect()
}

/// Whether a line reveals alice's choice (the end of the game reveals it).
fn reveals_alice(line: &str) -> bool {
    line.contains("**alice** reveals")
}

#[test]
fn nothing_bob_sees_depends_on_alices_choice_before_its_reveal() {
    let with_e = play_staged(&Table::new(), 0);
    let with_f = play_staged(&Table::new(), 1);
    let bobs = |transcript: &Transcript| -> Vec<Reply> {
        transcript.iter().filter(|(whom, _)| whom.is_none_or(|id| id == bob().id)).map(|(_, r)| r.clone()).collect()
    };
    let (e, f) = (bobs(&with_e), bobs(&with_f));
    assert_eq!(e.len(), f.len());
    for (a, b) in e.iter().zip(&f) {
        let lines = |r: &Reply| -> Vec<String> { r.text.lines().filter(|l| !reveals_alice(l)).map(masked).collect() };
        assert_eq!(lines(a), lines(b));
        assert_eq!(a.image, b.image, "the picture");
        assert_eq!(a.fields, b.fields);
        let files = |r: &Reply| -> Vec<(String, String)> {
            r.files.iter().map(|f| (f.name.clone(), masked(&String::from_utf8_lossy(&f.bytes)))).collect()
        };
        // The PGN at the end names the reveal; before it, every file is equal.
        if !a.text.contains("**alice** reveals") {
            assert_eq!(files(a), files(b));
        }
        let buttons = |r: &Reply| -> Vec<(String, String)> {
            r.buttons.iter().map(|b| (b.label.clone(), b.custom_id())).collect()
        };
        assert_eq!(buttons(a), buttons(b));
    }
}

/// A log sink the test can read.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn no_secret_or_nonce_reaches_a_log() {
    let sink = Sink::default();
    let writer = sink.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let transcript = tracing::subscriber::with_default(subscriber, || play_staged(&Table::new(), 1));
    let logs = String::from_utf8(sink.0.lock().unwrap().clone()).unwrap();
    // Every nonce the players were told privately, and the hashed texts.
    let mut nonces = Vec::new();
    for (whom, reply) in &transcript {
        if whom.is_some() {
            if let Some((_, rest)) = reply.text.split_once("|E|").or_else(|| reply.text.split_once("|F|")) {
                nonces.push(rest.chars().take_while(char::is_ascii_hexdigit).collect::<String>());
            }
        }
    }
    assert_eq!(nonces.len(), 2, "both players were told their nonce");
    for secret in nonces.iter().map(String::as_str).chain(["|white|E|", "|white|F|", "|black|E|", "|black|F|"]) {
        assert!(!logs.contains(secret), "`{secret}` reached the log:\n{logs}");
    }
}
