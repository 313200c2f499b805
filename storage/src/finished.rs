//! Finished games by id and by player: what `/pgn ID` and `/games` read.
//!
//! The archive itself is keyed by channel and game id. Two index trees point
//! into it: `finished_ids` (game id → channel) and `finished_players` (player
//! id, game id → channel). Both are written in the transaction that archives
//! the game, so an index entry never points at nothing. Game ids grow with
//! time, so the newest games of a player are the last keys of their prefix.

use crate::records::{self, ChannelGame};
use crate::store::{TxResult, TxTree};
use crate::{ChannelKey, Storage, StorageError};

/// Records `game` (archived in `channel`) in both indexes.
pub(crate) fn index_tx(
    ids: &TxTree<'_, '_>,
    players: &TxTree<'_, '_>,
    channel: ChannelKey,
    game: &ChannelGame,
) -> TxResult<()> {
    ids.insert(game.id.to_be_bytes(), channel_value(channel))?;
    for player in [&game.white, &game.black].into_iter().flatten() {
        players.insert(player_key(player.id, game.id), channel_value(channel))?;
    }
    Ok(())
}

fn player_key(user: u64, game: u64) -> [u8; 16] {
    let mut key = [0; 16];
    key[..8].copy_from_slice(&user.to_be_bytes());
    key[8..].copy_from_slice(&game.to_be_bytes());
    key
}

/// An index entry's value: the game's channel as JSON `[guild, channel]`, like
/// every other stored value, so exports and backups carry it unchanged.
fn channel_value(channel: ChannelKey) -> Vec<u8> {
    serde_json::to_vec(&[channel.guild, channel.channel]).expect("two numbers")
}

fn channel_in(value: &[u8]) -> Option<ChannelKey> {
    let [guild, channel] = serde_json::from_slice::<[u64; 2]>(value).ok()?;
    Some(ChannelKey { guild, channel })
}

/// The channel at the start of an archive key.
fn channel_of(bytes: &[u8]) -> Option<ChannelKey> {
    let guild = u64::from_be_bytes(bytes.get(..8)?.try_into().ok()?);
    let channel = u64::from_be_bytes(bytes.get(8..16)?.try_into().ok()?);
    Some(ChannelKey { guild, channel })
}

impl Storage {
    /// A finished game by its id, with the channel it was played in. One
    /// that cannot be read is set aside and reported.
    pub fn finished_game(&self, id: u64) -> Result<Option<(ChannelKey, ChannelGame)>, StorageError> {
        let Some(channel) = self.finished_ids.get(id.to_be_bytes())?.as_deref().and_then(channel_in) else {
            return Ok(None);
        };
        let game = self.get_record("archive", &crate::archive_key(channel, id), records::decode_game)?;
        Ok(game.map(|game| (channel, game)))
    }

    /// The newest `limit` readable finished games of a channel, newest
    /// first; those that cannot be read are set aside and passed over.
    pub fn recent_channel_games(&self, channel: ChannelKey, limit: usize) -> Result<Vec<ChannelGame>, StorageError> {
        let mut out = Vec::new();
        for entry in self.archive.scan_prefix(channel.bytes()).rev() {
            if out.len() == limit {
                break;
            }
            let (key, bytes) = entry?;
            out.extend(self.listable("archive", &key, &bytes, records::decode_game)?);
        }
        Ok(out)
    }

    /// The newest `limit` readable finished games of a player in one guild's
    /// channels, newest first, each with its channel; as
    /// [`Storage::recent_channel_games`], unreadable ones are passed over.
    pub fn recent_player_games(
        &self,
        guild: u64,
        user: u64,
        limit: usize,
    ) -> Result<Vec<(ChannelKey, ChannelGame)>, StorageError> {
        let mut out = Vec::new();
        for entry in self.finished_players.scan_prefix(user.to_be_bytes()).rev() {
            if out.len() == limit {
                break;
            }
            let (key, value) = entry?;
            let (Some(channel), Ok(id)) = (channel_in(&value), key[8..].try_into().map(u64::from_be_bytes)) else {
                continue;
            };
            if channel.guild != guild {
                continue;
            }
            let key = crate::archive_key(channel, id);
            if let Some(bytes) = self.archive.get(key)? {
                let game = self.listable("archive", &key, &bytes, records::decode_game)?;
                out.extend(game.map(|game| (channel, game)));
            }
        }
        Ok(out)
    }

    /// Builds both indexes from the archive when they are empty but the
    /// archive is not: a database from before the indexes existed.
    pub(crate) fn index_archive_once(&self) -> Result<(), StorageError> {
        if !self.finished_ids.is_empty()? || self.archive.is_empty()? {
            return Ok(());
        }
        for entry in self.archive.iter() {
            let (key, value) = entry?;
            let (Some(channel), Ok(game)) = (channel_of(&key), records::decode_game(&value)) else { continue };
            self.finished_ids.insert(game.id.to_be_bytes(), channel_value(channel))?;
            for player in [&game.white, &game.black].into_iter().flatten() {
                self.finished_players.insert(player_key(player.id, game.id), channel_value(channel))?;
            }
        }
        self.flush()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Change, ChannelGame, ChannelKey, Phase, Player, Storage};

    fn finished(id: u64, white: u64, black: u64) -> ChannelGame {
        let player = |id: u64| Some(Player { id, name: format!("p{id}") });
        let phase = Phase::Finished { result: "1-0".into(), reason: "resignation".into() };
        ChannelGame {
            actions: vec!["e4".into()],
            white: player(white),
            black: player(black),
            ..ChannelGame::new(id, "chess", phase, 0)
        }
    }

    fn finish(storage: &Storage, channel: ChannelKey, game: ChannelGame) {
        storage
            .update_channel(channel, |_| {
                Ok::<_, ()>(Change::Finish { game: game.clone(), rated: vec![], rate: Box::new(|_| vec![]), reply: () })
            })
            .unwrap()
            .unwrap();
    }

    #[test]
    fn finished_games_are_found_by_id_channel_and_player() {
        let dir = tempfile::tempdir().unwrap();
        let storage = Storage::open(dir.path()).unwrap();
        let here = ChannelKey { guild: 1, channel: 10 };
        let there = ChannelKey { guild: 1, channel: 20 };
        finish(&storage, here, finished(5, 1, 2));
        finish(&storage, there, finished(6, 2, 3));
        finish(&storage, here, finished(7, 3, 1));

        let (channel, game) = storage.finished_game(6).unwrap().unwrap();
        assert_eq!((channel, game.id), (there, 6));
        assert!(storage.finished_game(8).unwrap().is_none());
        let ids = |games: Vec<ChannelGame>| games.iter().map(|g| g.id).collect::<Vec<_>>();
        assert_eq!(ids(storage.recent_channel_games(here, 10).unwrap()), [7, 5]);
        assert_eq!(ids(storage.recent_channel_games(here, 1).unwrap()), [7]);
        let of =
            |user| storage.recent_player_games(1, user, 10).unwrap().into_iter().map(|(_, g)| g.id).collect::<Vec<_>>();
        assert_eq!(of(1), [7, 5]);
        assert_eq!(of(2), [6, 5]);
        assert_eq!(of(3), [7, 6]);
        assert!(of(4).is_empty());
        assert!(storage.recent_player_games(2, 1, 10).unwrap().is_empty(), "another guild sees none of them");
    }

    #[test]
    fn the_indexes_survive_an_export_and_import() {
        // Channel ids above 2^63 have bytes that are not UTF-8 on their own.
        let far = ChannelKey { guild: u64::MAX - 1, channel: u64::MAX - 2 };
        let source = tempfile::tempdir().unwrap();
        let storage = Storage::open(source.path()).unwrap();
        finish(&storage, far, finished(9, 1, 2));
        let mut exported = Vec::new();
        crate::export(&storage, &mut exported).unwrap();
        let copy_dir = tempfile::tempdir().unwrap();
        let copy = Storage::open(copy_dir.path()).unwrap();
        crate::import(&copy, exported.as_slice()).unwrap();
        assert_eq!(copy.finished_game(9).unwrap().map(|(channel, game)| (channel, game.id)), Some((far, 9)));
        assert_eq!(copy.recent_player_games(far.guild, 2, 10).unwrap().len(), 1);
    }

    #[test]
    fn an_archive_from_before_the_indexes_is_indexed_on_open() {
        let dir = tempfile::tempdir().unwrap();
        let here = ChannelKey { guild: 1, channel: 10 };
        {
            let storage = Storage::open(dir.path()).unwrap();
            finish(&storage, here, finished(5, 1, 2));
            storage.finished_ids.clear().unwrap();
            storage.finished_players.clear().unwrap();
            storage.flush().unwrap();
        }
        let storage = Storage::open(dir.path()).unwrap();
        assert_eq!(storage.finished_game(5).unwrap().unwrap().1.id, 5);
        assert_eq!(storage.recent_player_games(1, 2, 10).unwrap().len(), 1);
    }
}
