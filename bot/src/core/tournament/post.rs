//! The event post, kept current: the event, its standings as text and as a
//! picture, in one message the front end edits ([`EventPostUpdate`]). The
//! message is noted in the event when it is first posted; Swiss posts are
//! brought up to date at each round and at the end, an Arena's as results
//! come in, at most once every [`ARENA_REFRESH_SECONDS`].

use rookery_storage::{EventFormat, EventPost, EventRecord};

use super::{cut, event_post, standings, Core, Refusal, Reply, MESSAGE_MAX};
use crate::core::{Attachment, EventPostUpdate};

/// An Arena's results come in all the time; its post is edited at most this often.
const ARENA_REFRESH_SECONDS: i64 = 60;

/// The update marker for `event`'s post: the message to edit, if known.
pub(super) fn marker(event: &EventRecord) -> EventPostUpdate {
    let message = event.post.filter(|p| p.channel == event.channel).map(|p| p.message);
    EventPostUpdate { guild: event.guild, event: event.id, message }
}

/// `text`, then `table` in a code block, cut to Discord's length with the
/// block still closed.
pub(super) fn with_table(text: &str, table: &str) -> String {
    let mut out = cut(&format!("{text}\n```\n{table}```"), MESSAGE_MAX);
    if out.ends_with('…') {
        out.push_str("\n```");
    }
    out
}

/// Whether the event post is due an update now that `results` came in or a
/// round was `paired`; if so the update's time is noted in `event`.
pub(super) fn refresh_due(event: &mut EventRecord, results: bool, paired: bool, now: i64) -> bool {
    let due = paired
        || results
            && match event.format {
                EventFormat::Swiss { .. } => false,
                EventFormat::Arena { .. } => event.post.is_none_or(|p| now - p.updated >= ARENA_REFRESH_SECONDS),
            };
    if let (true, Some(post)) = (due, &mut event.post) {
        post.updated = now;
    }
    due
}

impl Core {
    /// The event post as it stands, marked to replace the one shown, and its
    /// standings picture for the moment's other posts (a round's pairings,
    /// the final standings). Drawn only once a game has a result.
    pub(super) fn refreshed_post(&self, event: &EventRecord) -> Result<(Reply, Option<Attachment>), Refusal> {
        let (mut post, picture) = self.drawn_post(event, None)?;
        post.event_post = Some(marker(event));
        Ok((post, picture))
    }

    /// The event post after a Join or Leave click, which edits the post it
    /// is on: `note` first, then the post with its standings, so a click
    /// during the event never takes the table or the picture away.
    pub(super) fn post_after_click(&self, event: &EventRecord, note: &str) -> Result<Reply, Refusal> {
        Ok(self.drawn_post(event, Some(note))?.0)
    }

    /// The event post, after `note` if any, with its standings as text and
    /// as a picture once a game has a result.
    fn drawn_post(&self, event: &EventRecord, note: Option<&str>) -> Result<(Reply, Option<Attachment>), Refusal> {
        let mut post = event_post(event);
        if let Some(note) = note {
            post.text = cut(&format!("{note}\n{}", post.text), MESSAGE_MAX);
        }
        if !standings::exist(event) {
            return Ok((post, None));
        }
        let rows = standings::rows(event)?;
        post.text = with_table(&post.text, &standings::text(&standings::labels(event), &rows));
        let picture = standings::picture(event, &rows, self.now());
        post.image = picture.clone();
        Ok((post, picture))
    }

    /// Notes that event `id`'s post is now `message` of `channel`.
    pub(crate) fn tournament_post_posted(&self, guild: u64, id: u64, channel: u64, message: u64) {
        let now = self.now();
        let noted = self.change_event(guild, id, |event| {
            event.post = Some(EventPost { channel, message, updated: now });
            Ok(())
        });
        if let Err(Refusal(reason)) = noted {
            tracing::warn!(%reason, event = id, "an event post was not noted; the next update posts anew");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arena(post: Option<EventPost>) -> EventRecord {
        EventRecord {
            id: 4,
            post,
            name: "Blitz".into(),
            time_control: Some("3+2".into()),
            ..super::super::test_event(EventFormat::Arena {
                minutes: 60,
                steps: Vec::new(),
                berserk: true,
                paced: true,
            })
        }
    }

    #[test]
    fn an_arenas_post_is_refreshed_at_most_once_a_minute_a_swiss_at_each_round() {
        let mut event = arena(Some(EventPost { channel: 2, message: 9, updated: 100 }));
        assert!(!refresh_due(&mut event, false, false, 500), "nothing new");
        assert!(!refresh_due(&mut event, true, false, 159), "edited 59 s ago");
        assert!(refresh_due(&mut event, true, false, 160));
        assert_eq!(event.post.map(|p| p.updated), Some(160));
        assert!(refresh_due(&mut arena(None), true, false, 0), "no post yet: post one");
        let mut swiss = EventRecord {
            format: EventFormat::Swiss { rounds: 3, entrants: Vec::new(), played: Vec::new(), late_half_point: false },
            ..arena(None)
        };
        assert!(!refresh_due(&mut swiss, true, false, 1_000), "a result within a round");
        assert!(refresh_due(&mut swiss, true, true, 1_000), "a new round");
    }

    #[test]
    fn the_marker_names_the_post_in_the_events_channel_only() {
        let posted = arena(Some(EventPost { channel: 2, message: 9, updated: 0 }));
        assert_eq!(marker(&posted), EventPostUpdate { guild: 1, event: 4, message: Some(9) });
        let elsewhere = arena(Some(EventPost { channel: 3, message: 9, updated: 0 }));
        assert_eq!(marker(&elsewhere).message, None);
        assert_eq!(marker(&arena(None)).message, None);
    }

    #[test]
    fn a_long_table_is_cut_with_its_code_block_closed() {
        let long = with_table("Cup", &"1. alice 3\n".repeat(400));
        assert!(long.chars().count() <= MESSAGE_MAX + 4 && long.ends_with("…\n```"), "{}", &long[long.len() - 20..]);
        assert_eq!(with_table("Cup", "1. alice 3\n"), "Cup\n```\n1. alice 3\n```");
    }
}
