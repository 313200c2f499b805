//! What the tournament tests share: the organiser and players, an event
//! made and joined, and the front end's part — opening each game's thread.

// Each test file uses its own part.
#![allow(dead_code)]

use std::collections::BTreeMap;

use rookery::core::{Command, Handler, Place, Reply, TournamentCommand as T, User};

use crate::common::{Table, HERE};

pub fn organiser() -> User {
    User { id: 9_000, name: "organiser".into(), can_manage_channel: false }
}

pub fn player(n: u64) -> User {
    User { id: 100 + n, name: format!("player{n}"), can_manage_channel: false }
}

pub fn create_swiss(name: &str, rounds: u32) -> Command {
    Command::Tournament(T::CreateSwiss {
        name: name.into(),
        game: "chess".into(),
        rounds,
        clock: Some("10+5".into()),
        move_days: None,
        starts: None,
        late_half_point: false,
        no_show_minutes: None,
    })
}

/// The event id in an event post.
pub fn event_id(post: &Reply) -> u64 {
    let after = post.text.split("tournament #").nth(1).expect("an event post");
    after.split(' ').next().unwrap().parse().unwrap()
}

/// An event under test, with the threads its games were moved into.
pub struct Event {
    pub id: u64,
    /// Each game's thread, by game id.
    pub threads: BTreeMap<u64, Place>,
    pub names: Vec<String>,
    next_thread: u64,
}

impl Event {
    /// A Swiss of `rounds` rounds with `players` players joined.
    pub fn swiss(t: &Table, name: &str, rounds: u32, players: u64) -> Event {
        let id = event_id(&t.ok(organiser(), create_swiss(name, rounds)));
        for n in 1..=players {
            t.ok(player(n), Command::Tournament(T::Join { event: id }));
        }
        Event::of(id)
    }

    pub fn of(id: u64) -> Event {
        Event { id, threads: BTreeMap::new(), names: Vec::new(), next_thread: 5_000 }
    }

    /// What the front end does with replies posted in the event's channel:
    /// a game's message opens its thread and the game moves there.
    pub fn posted(&mut self, t: &Table, replies: Vec<Reply>) -> Vec<Reply> {
        for reply in &replies {
            let Some(start) = &reply.thread else { continue };
            self.next_thread += 1;
            let thread = Place { guild: HERE.guild, channel: self.next_thread };
            t.core.move_to_thread(HERE, start.game, thread).expect("the game moves into its thread");
            assert!(start.name.chars().count() <= 100, "{}", start.name);
            self.threads.insert(start.game, thread);
            self.names.push(start.name.clone());
        }
        replies
    }

    /// A scheduler tick: what it posts in the event's channel.
    pub fn tick(&mut self, t: &Table) -> Vec<Reply> {
        self.tick_everywhere(t).into_iter().filter(|(place, _)| *place == HERE).map(|(_, reply)| reply).collect()
    }

    /// A scheduler tick: everything it posts, and where.
    pub fn tick_everywhere(&mut self, t: &Table) -> Vec<(Place, Reply)> {
        let due = t.core.due();
        let here: Vec<Reply> = due.iter().filter(|(place, _)| *place == HERE).map(|(_, r)| r.clone()).collect();
        self.posted(t, here);
        due
    }

    fn seat(t: &Table, thread: Place, white: bool) -> User {
        let key = rookery_storage::ChannelKey { guild: thread.guild, channel: thread.channel };
        let record = t.core.storage().channel_game(key).unwrap().expect("a game in the thread");
        let seat = if white { record.white } else { record.black }.unwrap();
        User { id: seat.id, name: seat.name, can_manage_channel: false }
    }

    pub fn white_of(&self, t: &Table, thread: Place) -> User {
        Event::seat(t, thread, true)
    }

    pub fn black_of(&self, t: &Table, thread: Place) -> User {
        Event::seat(t, thread, false)
    }
}

pub fn create_arena(name: &str, berserk: bool) -> Command {
    Command::Tournament(T::CreateArena {
        name: name.into(),
        game: "chess".into(),
        minutes: 60,
        clock: Some("3+2".into()),
        move_days: None,
        starts: None,
        berserk,
        no_show_minutes: None,
    })
}

/// A player's points in `/tournament show`'s table.
pub fn points_of(t: &Table, event: u64, name: &str) -> String {
    let show = t.ok(organiser(), Command::Tournament(T::Show { event }));
    let line = show.text.lines().find(|l| l.split_whitespace().nth(1) == Some(name)).expect("a standings line");
    line.split_whitespace().nth(2).unwrap().to_string()
}
