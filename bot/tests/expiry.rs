//! A challenge expires at its deadline exactly: an Accept from then on is
//! refused even before the scheduler's tick has cleared it, and the tick
//! still announces the expiry.

mod common;

use common::{alice, bob, Table, HERE};
use rookery::core::{Command, Handler};
use rookery_storage::ChannelKey;

const KEY: ChannelKey = ChannelKey { guild: HERE.guild, channel: HERE.channel };

fn challenge() -> Command {
    Command::Play { variant: "chess".into(), opponent: Some(bob()), move_days: None, options: None, clock: None }
}

#[test]
fn an_accept_at_the_deadline_is_refused_before_the_tick() {
    // One second before the deadline a challenge can still be accepted.
    let early = Table::new();
    early.ok(alice(), challenge());
    early.advance(24 * 3_600 - 1);
    early.ok(bob(), Command::Accept);

    // At the deadline it cannot, though no tick has run yet.
    let t = Table::new();
    t.ok(alice(), challenge());
    t.advance(24 * 3_600);
    let refused = t.refused(bob(), Command::Accept);
    assert!(refused.contains("expired"), "{refused}");
    // Nothing changed: still the open challenge, which the tick announces once.
    assert!(t.core.storage().channel_game(KEY).unwrap().is_some());
    let due = t.core.due();
    assert_eq!(due.len(), 1, "{due:?}");
    assert!(due[0].1.text.contains("expired"), "{}", due[0].1.text);
    assert!(t.core.storage().channel_game(KEY).unwrap().is_none());
    assert!(t.refused(bob(), Command::Accept).contains("no open challenge"));
}
