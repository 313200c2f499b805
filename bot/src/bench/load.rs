//! Deterministic games driven through the real command core, for the crash test
//! and `rookery bench`. Every move goes through [`Handler::handle`] exactly as a
//! player's would (parse, legality, apply, durable write), so what is measured
//! or crash-tested is the production path, not a shortcut around it.

use std::collections::VecDeque;

use anyhow::{bail, Context, Result};
use rookery_engine::game::{Action, Game, GameRecord};
use rookery_engine::{notation, Color};
use rookery_storage::{ChannelGame, ChannelKey, Phase};

use crate::core::{Command, Core, Handler, Place, Request, User};

/// White in every driven game: the challenger plays White.
pub fn white() -> User {
    User { id: 1, name: "white".into(), can_manage_channel: false }
}

/// Black in every driven game.
pub fn black() -> User {
    User { id: 2, name: "black".into(), can_manage_channel: false }
}

/// What one step in a channel did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The channel had no game in play, so a new one was challenged and accepted.
    Started { game: u64 },
    /// A move was acknowledged: the core replied publicly, which it only does
    /// after the storage flush. `index` is its place in the record's actions.
    Moved { game: u64, index: usize, action: String },
}

/// White challenges Black to `variant` in `place`, and Black accepts.
pub fn start_game(core: &Core, place: Place, variant: &str) -> Result<()> {
    let play =
        Command::Play { variant: variant.into(), opponent: Some(black()), move_days: None, options: None, clock: None };
    send(core, place, white(), play)?;
    send(core, place, black(), Command::Accept)
}

/// Sends one command and insists on a public (successful) reply.
pub fn send(core: &Core, place: Place, user: User, command: Command) -> Result<()> {
    let replies = core.handle(Request { place, user, command: command.clone() });
    match replies.first() {
        Some(reply) if !reply.ephemeral => Ok(()),
        Some(reply) => bail!("{command:?} was refused: {}", reply.text),
        None => bail!("{command:?} got no reply"),
    }
}

/// The channel's stored game, read as the core would.
fn stored(core: &Core, place: Place) -> Result<Option<ChannelGame>> {
    let key = ChannelKey { guild: place.guild, channel: place.channel };
    Ok(core.storage().channel_game(key)?)
}

/// A fixed pseudo-random choice from the game id and ply, so a restarted
/// worker picks the same moves and runs are reproducible.
fn pick(game: u64, ply: usize, count: usize) -> usize {
    let mut x = game ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    ((x ^ (x >> 31)) % count as u64) as usize
}

/// The next move of a game in play: its text for `/move`, the user to send it
/// and the action text the record will hold once it is played.
pub fn next_move(record: &ChannelGame) -> Result<(String, User, String)> {
    let stored = GameRecord {
        variant: record.variant.parse()?,
        options: record.options.clone(),
        start: record.start.clone(),
        actions: record.actions.clone(),
    };
    let mut game = Game::replay(&stored).with_context(|| format!("replaying game {}", record.id))?;
    let position = game.position();
    let legal = position.legal_moves();
    let mut names: Vec<String> = legal.iter().map(|mv| notation::san_among(position, *mv, &legal)).collect();
    if names.is_empty() {
        bail!("game {} has no legal move but is still in play", record.id);
    }
    names.sort();
    let text = names.swap_remove(pick(record.id, record.actions.len(), names.len()));
    let side = position.turn();
    game.play_move(side, &text).with_context(|| format!("playing {text}"))?;
    let action = game.record().actions.pop().context("the move left no action")?;
    let user = if side == Color::White { white() } else { black() };
    Ok((text, user, action))
}

/// A move ready to send, prepared outside any timed section.
pub struct Prepared {
    game: u64,
    index: usize,
    text: String,
    user: User,
    action: String,
}

/// Reads the channel and either starts a new game (returning `Err(step)`, with
/// nothing left to send) or prepares its next move.
pub fn prepare(core: &Core, place: Place) -> Result<std::result::Result<Prepared, Step>> {
    match stored(core, place)? {
        Some(record) if record.phase == Phase::Playing => {
            let (text, user, action) = next_move(&record)?;
            Ok(Ok(Prepared { game: record.id, index: record.actions.len(), text, user, action }))
        }
        _ => {
            start_game(core, place, "chess")?;
            let game = stored(core, place)?.context("the accepted game was not stored")?.id;
            Ok(Err(Step::Started { game }))
        }
    }
}

/// Sends a prepared move through the core; returns once it is acknowledged.
pub fn send_move(core: &Core, place: Place, prepared: Prepared) -> Result<Step> {
    let Prepared { game, index, text, user, action } = prepared;
    send(core, place, user, Command::Move { text })?;
    Ok(Step::Moved { game, index, action })
}

/// One step in a channel: a move if a game is in play, else a new game.
pub fn step(core: &Core, place: Place) -> Result<Step> {
    match prepare(core, place)? {
        Ok(prepared) => send_move(core, place, prepared),
        Err(started) => Ok(started),
    }
}

/// One channel's moves for a throughput run, chosen before the run starts,
/// as players choose theirs on their own machines: the run then times the
/// bot's work alone. Games from the start position in turn; when one ends,
/// the next is challenged and accepted in the channel.
pub struct Script {
    /// Each game's moves, with who sends them.
    games: VecDeque<VecDeque<(User, String)>>,
    /// Whether the channel has the script's first game in play.
    started: bool,
}

impl Script {
    /// Chess games for `channel` with `moves` moves in all.
    pub fn new(channel: u64, moves: usize) -> Result<Script> {
        let mut games = VecDeque::new();
        let mut left = moves;
        while left > 0 {
            let seed = channel.wrapping_mul(1_000_003) ^ games.len() as u64;
            let mut game = Game::new(rookery_engine::Variant::Chess)?;
            let mut moves = VecDeque::new();
            while left > 0 && game.outcome().is_none() {
                let position = game.position();
                let mut legal = position.legal_moves();
                if legal.is_empty() {
                    bail!("a scripted game has no legal move but is still in play");
                }
                // Sorted by squares so the choice does not depend on generation order.
                legal.sort_by_cached_key(|mv| notation::coordinates(position, *mv));
                let mv = legal[pick(seed, moves.len(), legal.len())];
                let text = notation::san_among(position, mv, &legal);
                let user = if position.turn() == Color::White { white() } else { black() };
                game.apply(Action::Move(mv)).with_context(|| format!("scripting {text}"))?;
                moves.push_back((user, text));
                left -= 1;
            }
            games.push_back(moves);
        }
        Ok(Script { games, started: false })
    }
}

/// The next step of `script` in `place`: a new game (`false`), or the
/// game's next move (`true`), sent through the core like a player's.
pub fn step_scripted(core: &Core, place: Place, script: &mut Script) -> Result<bool> {
    if !script.started {
        start_game(core, place, "chess")?;
        script.started = true;
        return Ok(false);
    }
    let moves = script.games.front_mut().context("the script has run out of moves")?;
    let (user, text) = moves.pop_front().context("the script has run out of moves")?;
    if moves.is_empty() {
        // That move ended the game (or the script): the next step starts anew.
        script.games.pop_front();
        script.started = false;
    }
    send(core, place, user, Command::Move { text })?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rookery_storage::Storage;

    #[test]
    fn steps_play_legal_moves_that_the_record_keeps() {
        let dir = tempfile::tempdir().unwrap();
        let core = Core::new(Storage::open(dir.path()).unwrap(), crate::core::system_clock());
        let place = Place { guild: 7, channel: 70 };
        let Step::Started { game } = step(&core, place).unwrap() else { panic!("expected a new game") };
        let mut played = Vec::new();
        for _ in 0..40 {
            match step(&core, place).unwrap() {
                Step::Moved { game: g, index, action } if g == game => {
                    assert_eq!(index, played.len());
                    played.push(action);
                }
                other => panic!("game {game} ended early: {other:?}"),
            }
        }
        assert_eq!(stored(&core, place).unwrap().unwrap().actions, played);
    }

    #[test]
    fn scripted_steps_play_whole_games_and_start_the_next() {
        let dir = tempfile::tempdir().unwrap();
        let core = Core::new(Storage::open(dir.path()).unwrap(), crate::core::system_clock());
        let place = Place { guild: 7, channel: 71 };
        // Long enough that a game ends and the next one starts.
        let mut script = Script::new(71, 600).unwrap();
        let lengths: Vec<usize> = script.games.iter().map(VecDeque::len).collect();
        assert!(lengths.len() > 1, "600 random moves should end a game");
        let (mut starts, mut in_game) = (0, 0);
        for _ in 0..600 + lengths.len() {
            if step_scripted(&core, place, &mut script).unwrap() {
                in_game += 1;
                let record = stored(&core, place).unwrap();
                let playing = record.as_ref().filter(|r| r.phase == Phase::Playing);
                if in_game < lengths[starts - 1] {
                    assert_eq!(playing.map(|r| r.actions.len()), Some(in_game));
                } else if starts < lengths.len() {
                    assert!(playing.is_none(), "game {starts} should have ended with its last scripted move");
                }
            } else {
                starts += 1;
                in_game = 0;
            }
        }
        assert_eq!(starts, lengths.len());
    }
}
