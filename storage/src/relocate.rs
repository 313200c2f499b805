//! Moving a game in play to another channel: a game that opens its own
//! thread leaves the channel where it was accepted, taking with it everything
//! stored beside it (its dice ledger, sealed secrets), in one transaction.

use crate::store::TxError;
use crate::{archive_key, records, ChannelKey, Storage, StorageError};

impl Storage {
    /// Moves game `id`, the current game of `from`, to `to`, with every
    /// ledger entry of `from` that belongs to it (JSON records whose `game`
    /// field is `id`). Nothing moves, and the answer is `false`, unless
    /// `from` still holds game `id` and `to` holds no game at all.
    pub fn move_game(&self, from: ChannelKey, to: ChannelKey, id: u64) -> Result<bool, StorageError> {
        // Ledger ids cannot be scanned inside a transaction; an entry sealed
        // after this scan (a secret chosen in the same instant) stays behind,
        // which the transaction cannot detect, so the scan is as late as it can be.
        let mut ledger_ids = Vec::new();
        for entry in self.ledgers.scan_prefix(from.bytes()) {
            let (key, value) = entry?;
            let value: serde_json::Value = serde_json::from_slice(&value).unwrap_or_default();
            if value.get("game").and_then(serde_json::Value::as_u64) == Some(id) {
                if let Some(ledger) = key.get(16..24).and_then(|b| b.try_into().ok()) {
                    ledger_ids.push(u64::from_be_bytes(ledger));
                }
            }
        }
        let (from_key, to_key) = (from.bytes(), to.bytes());
        let _writing = self.writing();
        let moved = self.transaction(&["games", "ledgers"], |tx| {
            let (games, ledgers) = (tx.tree("games"), tx.tree("ledgers"));
            let Some(bytes) = games.get(from_key)? else { return Ok(false) };
            let game = records::decode_game(&bytes).map_err(TxError::Abort)?;
            if game.id != id || games.get(to_key)?.is_some() {
                return Ok(false);
            }
            games.insert(to_key, bytes)?;
            games.remove(from_key)?;
            for ledger in &ledger_ids {
                if let Some(entry) = ledgers.remove(archive_key(from, *ledger))? {
                    ledgers.insert(archive_key(to, *ledger), entry)?;
                }
            }
            Ok(true)
        })?;
        if moved {
            self.flush()?;
        }
        Ok(moved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Change, ChannelGame, GameLedger, GameSecrets, LedgerRecord, Phase, TableLedger};

    fn game(id: u64) -> ChannelGame {
        ChannelGame {
            actions: vec!["roll 3 4 5".into()],
            ledger: Some(2),
            ..ChannelGame::new(id, "luckdragon", Phase::Playing, 0)
        }
    }

    #[test]
    fn a_game_moves_with_its_ledgers_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let storage = Storage::open(dir.path()).unwrap();
        let (channel, thread) = (ChannelKey { guild: 1, channel: 10 }, ChannelKey { guild: 1, channel: 11 });
        let ledger = GameLedger { game: 7, ledger: "game:7".into(), seed: "ab".into(), first_roll: 0 };
        storage
            .update_channel(channel, |_| {
                Ok::<_, ()>(Change::PutWithLedger { game: game(7), ledger: (2, ledger.clone()), reply: () })
            })
            .unwrap()
            .unwrap();
        let secrets = GameSecrets { game: 7, secrets: Vec::new() };
        storage.put_game_secrets(channel, 3, &secrets).unwrap();
        let table = TableLedger {
            id: 4,
            ledger: "table:10:2026-11-26".into(),
            date: "2026-11-26".into(),
            seed: "cd".into(),
            player_seeds: Vec::new(),
            seed_owners: Vec::new(),
            next_index: 0,
            revealed: false,
        };
        storage.put_table_ledger(channel, &table).unwrap();

        assert!(!storage.move_game(channel, thread, 8).unwrap(), "not this channel's game");
        assert!(storage.move_game(channel, thread, 7).unwrap());
        assert_eq!(storage.channel_game(channel).unwrap(), None);
        assert_eq!(storage.channel_game(thread).unwrap(), Some(game(7)));
        assert_eq!(
            storage.channel_ledgers(thread).unwrap(),
            [LedgerRecord::Game(ledger), LedgerRecord::Secrets(secrets)]
        );
        assert_eq!(storage.channel_ledgers(channel).unwrap(), [LedgerRecord::Table(table)]);

        // A channel that holds a game already takes no other.
        storage.update_channel(channel, |_| Ok::<_, ()>(Change::Put(game(9), ()))).unwrap().unwrap();
        assert!(!storage.move_game(channel, thread, 9).unwrap());
        assert_eq!(storage.channel_game(channel).unwrap().map(|g| g.id), Some(9));
    }
}
