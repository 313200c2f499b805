//! Which database this is, and how high its ids have gone, kept in a small
//! file beside sled's own (`rookery-identity`) so both can be read when
//! sled's files are damaged.
//!
//! - The **database id** is made when the database is created and travels
//!   with every backup, so a damaged database is only ever restored from its
//!   own backups, never from another's that happens to share a folder.
//! - The **id ceilings** say that no game, ledger or puzzle id at or above
//!   them was ever handed out. Ids are reserved in blocks: before an id at
//!   the ceiling is given, the ceiling moves up a block and the file is
//!   made durable. A restore starts the new database's ids at the damaged
//!   one's ceilings, so ids given out in the lost window are never given
//!   again, and an old message's button cannot act on a newer game.
//!
//! The file is replaced whole (written aside, synced, renamed), so it is
//! either the old or the new one, never a mix.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

/// The file's name inside the database directory.
pub const FILE: &str = "rookery-identity";

/// How many ids one write of the file reserves: ids jump by at most this
/// much across a restore, and the file is rewritten once per this many ids.
const BLOCK: u64 = 1000;

/// The two id counters of a database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counter {
    /// Game and ledger ids (they share one counter).
    Ids,
    /// Puzzle ids, counted apart.
    Puzzles,
}

/// What the file holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    /// The database id: 32 hex digits, made at creation.
    pub database: String,
    /// No game or ledger id at or above this was ever handed out.
    pub ids_below: u64,
    /// No puzzle id at or above this was ever handed out.
    pub puzzle_ids_below: u64,
}

impl Identity {
    fn ceiling(&self, counter: Counter) -> u64 {
        match counter {
            Counter::Ids => self.ids_below,
            Counter::Puzzles => self.puzzle_ids_below,
        }
    }

    fn ceiling_mut(&mut self, counter: Counter) -> &mut u64 {
        match counter {
            Counter::Ids => &mut self.ids_below,
            Counter::Puzzles => &mut self.puzzle_ids_below,
        }
    }

    /// Raises both ceilings to at least `other`'s (a restore keeps the
    /// higher marks of the damaged database and of its backup).
    pub fn raise_to(&mut self, other: &Identity) {
        self.ids_below = self.ids_below.max(other.ids_below);
        self.puzzle_ids_below = self.puzzle_ids_below.max(other.puzzle_ids_below);
    }

    /// Reads the identity of the database in `dir`: `Ok(None)` when it has
    /// none (made before identities, or not a database), an error when the
    /// file is there but unreadable.
    pub fn read(dir: &Path) -> std::io::Result<Option<Identity>> {
        let unreadable = |why: String| std::io::Error::new(std::io::ErrorKind::InvalidData, format!("{FILE} {why}"));
        match std::fs::read(dir.join(FILE)) {
            Ok(bytes) => {
                let identity: Identity =
                    serde_json::from_slice(&bytes).map_err(|error| unreadable(format!("is unreadable: {error}")))?;
                if !is_database_id(identity.database.as_bytes()) {
                    return Err(unreadable("holds no database id".into()));
                }
                Ok(Some(identity))
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(error),
        }
    }

    /// Replaces the file in `dir` with this identity, durably.
    pub fn write(&self, dir: &Path) -> std::io::Result<()> {
        let aside = dir.join(format!("{FILE}.new"));
        let mut file = File::create(&aside)?;
        file.write_all(&serde_json::to_vec(self).expect("json"))?;
        file.sync_all()?;
        std::fs::rename(&aside, dir.join(FILE))?;
        File::open(dir)?.sync_all()
    }
}

/// Whether `bytes` has the shape of a database id.
pub(crate) fn is_database_id(bytes: &[u8]) -> bool {
    bytes.len() == 32 && bytes.iter().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
}

/// 128 random bits in hex: unique across every database ever made.
pub(crate) fn random_id() -> std::io::Result<String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// The identity of an open database, and its file (`None` for a database
/// on a server, which keeps its id in its `meta` records only: its files
/// are the server's to keep whole).
pub(crate) struct Held {
    dir: Option<PathBuf>,
    identity: Mutex<Identity>,
}

impl Held {
    /// The identity of the database in `dir`. sled keeps the database id
    /// too (`kept`, with the counters' last values), under its own checksums,
    /// so that one wins; the file serves when sled has none (a new database,
    /// one older than identities) and when sled's files are damaged (see
    /// [`Identity::read`]). The file is rewritten whenever it disagrees.
    pub fn open(dir: &Path, kept: Option<String>, counters: [u64; 2]) -> std::io::Result<Held> {
        let read = Identity::read(dir).unwrap_or_else(|error| {
            tracing::warn!(%error, "the database's identity file is unreadable; it is rebuilt");
            None
        });
        let kept = kept.filter(|id| is_database_id(id.as_bytes()));
        let identity = match (read.clone(), kept) {
            (Some(identity), kept) if kept.as_ref().is_none_or(|kept| *kept == identity.database) => identity,
            (_, kept) => {
                let database = match kept {
                    Some(database) => database,
                    None => random_id()?,
                };
                // The counters are durable with the writes that used their ids,
                // so nothing at or above one more was handed out.
                Identity { database, ids_below: counters[0] + 1, puzzle_ids_below: counters[1] + 1 }
            }
        };
        if read.as_ref() != Some(&identity) {
            identity.write(dir)?;
        }
        Ok(Held { dir: Some(dir.to_path_buf()), identity: Mutex::new(identity) })
    }

    /// The identity of a database on a server: its id, and ceilings just
    /// above its counters (which the server keeps with the writes that used them).
    pub fn in_memory(database: String, counters: [u64; 2]) -> Held {
        let identity = Identity { database, ids_below: counters[0] + 1, puzzle_ids_below: counters[1] + 1 };
        Held { dir: None, identity: Mutex::new(identity) }
    }

    pub fn get(&self) -> Identity {
        self.identity.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// The lowest id `counter` may hand out next, whatever the database holds:
    /// the ceiling, for a database restored from a backup.
    pub fn floor(&self, counter: Counter) -> u64 {
        self.get().ceiling(counter)
    }

    /// Makes sure `id` lies below the durable ceiling of `counter`, moving the
    /// ceiling up a block (and writing the file) first when it does not.
    pub fn reserve(&self, counter: Counter, id: u64) -> std::io::Result<()> {
        let mut identity = self.identity.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if id < identity.ceiling(counter) {
            return Ok(());
        }
        let mut raised = identity.clone();
        *raised.ceiling_mut(counter) = id.saturating_add(BLOCK);
        if let Some(dir) = &self.dir {
            raised.write(dir)?;
        }
        *identity = raised;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_reserved_a_block_at_a_time_and_survive_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let held = Held::open(dir.path(), None, [0, 0]).unwrap();
        let made = held.get();
        assert_eq!(made.database.len(), 32);
        assert_eq!((made.ids_below, made.puzzle_ids_below), (1, 1));
        held.reserve(Counter::Ids, 1).unwrap();
        assert_eq!(Identity::read(dir.path()).unwrap().unwrap().ids_below, 1 + BLOCK);
        held.reserve(Counter::Ids, 500).unwrap();
        assert_eq!(Identity::read(dir.path()).unwrap().unwrap().ids_below, 1 + BLOCK, "inside the block");
        held.reserve(Counter::Puzzles, 7).unwrap();
        let reopened = Held::open(dir.path(), None, [0, 0]).unwrap().get();
        let expected = Identity { database: made.database.clone(), ids_below: 1 + BLOCK, puzzle_ids_below: 7 + BLOCK };
        assert_eq!(reopened, expected);
        let other = tempfile::tempdir().unwrap();
        assert_ne!(Held::open(other.path(), None, [0, 0]).unwrap().get().database, made.database);
    }

    #[test]
    fn a_lost_or_damaged_file_is_rebuilt_from_what_sled_kept() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(FILE), b"{\"database\": 3").unwrap();
        assert!(Identity::read(dir.path()).is_err());
        let held = Held::open(dir.path(), Some("ab".repeat(16)), [41, 2]).unwrap().get();
        assert_eq!(held, Identity { database: "ab".repeat(16), ids_below: 42, puzzle_ids_below: 3 });
        assert_eq!(Identity::read(dir.path()).unwrap(), Some(held));
        // A file naming another database (a flipped digit) yields to sled's copy.
        let other = Identity { database: "cd".repeat(16), ids_below: 5, puzzle_ids_below: 5 };
        other.write(dir.path()).unwrap();
        let held = Held::open(dir.path(), Some("ab".repeat(16)), [41, 2]).unwrap().get();
        assert_eq!(held.database, "ab".repeat(16));
        assert_eq!(Identity::read(dir.path()).unwrap(), Some(held));
        std::fs::write(dir.path().join(FILE), br#"{"database":"xyz","ids_below":1,"puzzle_ids_below":1}"#).unwrap();
        assert!(Identity::read(dir.path()).is_err(), "not a database id");
        assert_eq!(Identity::read(&dir.path().join("missing")).unwrap(), None);
    }
}
