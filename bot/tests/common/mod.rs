//! The table the command-core tests play at: a core on a fresh database, with
//! a clock the test moves by hand.

// Each test file uses its own part of the table.
#![allow(dead_code)]

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

use rookery::core::{Command, Core, Handler, Place, Reply, Request, User};
use rookery_storage::{Change, ChannelGame, ChannelKey, Storage};

pub const HERE: Place = Place { guild: 1, channel: 10 };
/// 2023-11-14 22:13:20 UTC.
pub const START: i64 = 1_700_000_000;

pub fn alice() -> User {
    User { id: 1, name: "alice".into(), can_manage_channel: false }
}
pub fn bob() -> User {
    User { id: 2, name: "bob".into(), can_manage_channel: false }
}
pub fn carol() -> User {
    User { id: 3, name: "carol".into(), can_manage_channel: false }
}

pub struct Table {
    pub core: Core,
    pub clock: Arc<AtomicI64>,
    pub dir: tempfile::TempDir,
}

fn core_at(dir: &tempfile::TempDir, clock: &Arc<AtomicI64>) -> Core {
    let reader = clock.clone();
    Core::new(reopen(dir.path()), Arc::new(move || reader.load(Ordering::SeqCst)))
}

/// Opens the database in `dir`. Right after the last handle in this process
/// is dropped, sled's background threads may hold the folder's lock a moment
/// longer (a restarted process never meets this: its predecessor has exited),
/// so a lock still held is waited for, up to two seconds.
fn reopen(dir: &std::path::Path) -> Storage {
    for _ in 0..100 {
        match Storage::open(dir) {
            Err(rookery_storage::StorageError::InUse(_)) => std::thread::sleep(std::time::Duration::from_millis(20)),
            opened => return opened.unwrap(),
        }
    }
    panic!("the database in {} stayed locked after its handles were dropped", dir.display())
}

impl Table {
    pub fn new() -> Table {
        let dir = tempfile::tempdir().unwrap();
        let clock = Arc::new(AtomicI64::new(START));
        Table { core: core_at(&dir, &clock), clock, dir }
    }

    /// Closes the database and opens it again, as a restarted bot would.
    pub fn restart(self) -> Table {
        let Table { core, clock, dir } = self;
        drop(core);
        Table { core: core_at(&dir, &clock), clock, dir }
    }

    pub fn advance(&self, seconds: i64) {
        self.clock.fetch_add(seconds, Ordering::SeqCst);
    }

    pub fn send_at(&self, place: Place, user: User, command: Command) -> Vec<Reply> {
        self.core.handle(Request { place, user, command })
    }

    pub fn send(&self, user: User, command: Command) -> Vec<Reply> {
        self.send_at(HERE, user, command)
    }

    /// The single reply of a command that must succeed publicly.
    pub fn ok(&self, user: User, command: Command) -> Reply {
        let replies = self.send(user, command.clone());
        assert_eq!(replies.len(), 1, "{command:?}: {replies:?}");
        assert!(!replies[0].ephemeral, "{command:?} was refused: {}", replies[0].text);
        replies.into_iter().next().unwrap()
    }

    /// Changes the stored record of the game at `place` behind the core's
    /// back: a test stages a composed start or a record's actions so.
    pub fn restage(&self, place: Place, change: impl Fn(&mut ChannelGame)) {
        let key = ChannelKey { guild: place.guild, channel: place.channel };
        self.core
            .storage()
            .update_channel(key, |current| {
                let mut record = current.expect("a game to stage");
                change(&mut record);
                Ok::<_, ()>(Change::Put(record, ()))
            })
            .unwrap()
            .unwrap();
    }

    /// The private refusal of a command that must fail.
    pub fn refused(&self, user: User, command: Command) -> String {
        let replies = self.send(user, command.clone());
        assert_eq!(replies.len(), 1, "{command:?}: {replies:?}");
        assert!(replies[0].ephemeral, "{command:?} should have been refused: {}", replies[0].text);
        replies[0].text.clone()
    }
}
