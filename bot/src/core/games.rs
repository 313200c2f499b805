//! Game commands: challenges, moves, resignation, draws, the board and the
//! game's details. One game per channel.

use rookery_engine::game::{Action, Choice, Game, GameError, GameRecord};
use rookery_engine::notation::MoveError;
use rookery_engine::{notation, Color, GameOptions, Variant};
use rookery_storage::{Change, ChannelGame, GameLedger, Phase, Player, PlayerStats, RateFn};

use super::archive::pgn_file;
use super::clock;
use super::game_dice::{add_game_seed, ledger_revealed, seeded_line, GameDice};
use super::message::{challenge_message, game_message, game_message_from, offered_rolls, player_name};
use super::rating::{self, Rating};
use super::{
    channel, channel_failure, storage_failure, Attachment, Core, DrawAction, Outcome, Place, Refusal, Reply, User,
};

const NO_GAME: &str = "There is no game in this channel. Start one with `/play`.";

/// How players make the dice theirs too.
const SEED_HINT: &str =
    "Each player may add a seed before the first roll (`/accept seed:…` when accepting, or `/seed`); every roll \
     mixes them in.";

fn player(user: &User) -> Player {
    Player { id: user.id, name: user.name.clone() }
}

/// The side `user` plays in `record`, if any.
pub(super) fn side_of(record: &ChannelGame, user: u64) -> Option<Color> {
    if record.white.as_ref().is_some_and(|p| p.id == user) {
        Some(Color::White)
    } else if record.black.as_ref().is_some_and(|p| p.id == user) {
        Some(Color::Black)
    } else {
        None
    }
}

/// The engine's record of a stored game.
pub(crate) fn engine_record(record: &ChannelGame) -> Result<GameRecord, Refusal> {
    Ok(GameRecord {
        variant: record.variant.parse()?,
        options: record.options.clone(),
        start: record.start.clone(),
        actions: record.actions.clone(),
    })
}

/// Rebuilds the engine game from a stored record.
pub(super) fn replay(record: &ChannelGame) -> Result<Game, Refusal> {
    Game::replay(&engine_record(record)?)
        .map_err(|e| Refusal(format!("this channel's game record no longer replays ({e})")))
}

/// What a challenge proposes: `/play`'s arguments.
pub(super) struct Terms<'a> {
    pub variant: &'a str,
    pub opponent: Option<&'a User>,
    pub move_days: Option<u32>,
    pub options: Option<&'a str>,
    pub time_control: Option<&'a str>,
    /// The challenger's seed for the game's dice ledger.
    pub seed: Option<&'a str>,
}

/// The record of a game in play, refusing anything else.
pub(super) fn playing(current: Option<ChannelGame>) -> Result<ChannelGame, Refusal> {
    match current {
        Some(record) if record.phase == Phase::Playing => Ok(record),
        Some(_) => Err(Refusal::new("The game here has not started yet: the challenge is still open.")),
        None => Err(Refusal::new(NO_GAME)),
    }
}

/// A game error in words for the player.
pub(super) fn explain(error: GameError) -> Refusal {
    match error {
        GameError::NotYourTurn => {
            Refusal::new("It is not your turn (if you just clicked twice, your move was already played).")
        }
        other => Refusal::from(other),
    }
}

/// Why `side` may not play `text` now: a text that is no move at all says so
/// (rather than blaming the turn), and a repeat of the player's own last move
/// is a double click.
fn not_your_turn(game: &Game, side: Color, text: &str) -> Refusal {
    if let Err(error @ (MoveError::Syntax { .. } | MoveError::Empty)) = notation::parse_move(game.position(), text) {
        return Refusal::from(error);
    }
    let to_move = game.position().rules().side_name(!side);
    let last_own = game.moves_san().len().checked_sub(1).and_then(|i| game.moves_san().get(i));
    let same = |san: &String| san.trim_end_matches(['+', '#']) == text.trim().trim_end_matches(['+', '#']);
    match last_own.filter(|san| same(san)) {
        Some(san) => Refusal(format!("Your move {san} was already played; it is {to_move}'s turn now.")),
        None => Refusal(format!("It is not your turn: {to_move} is to move.")),
    }
}

impl Core {
    pub(super) fn update<T>(
        &self,
        place: Place,
        decide: impl Fn(Option<ChannelGame>) -> Result<Change<T>, Refusal>,
    ) -> Result<T, Refusal> {
        let started = std::time::Instant::now();
        let updated = self.storage.update_channel(channel(place), decide);
        metrics::histogram!(crate::telemetry::DB_COMMIT_SECONDS).record(started.elapsed());
        updated.map_err(channel_failure)?
    }

    pub(super) fn play(&self, place: Place, user: &User, terms: Terms<'_>) -> Outcome {
        let Terms { variant, opponent, move_days, options, time_control, seed } = terms;
        let variant: Variant = variant.parse()?;
        // The rules say which options exist and write them canonically; a
        // custom start is checked and stored with the game.
        let (options, start) = super::lineup::read(variant, options.unwrap_or_default())?;
        if opponent.is_some_and(|o| o.id == user.id) {
            return Err(Refusal::new("You cannot challenge yourself; leave the opponent empty to let anyone accept."));
        }
        if move_days.is_some_and(|d| d == 0 || d > 30) {
            return Err(Refusal::new("The time per move must be between 1 and 30 days."));
        }
        let time_control = time_control.map(clock::parse_time_control).transpose()?;
        let id = self.storage.new_id().map_err(storage_failure)?;
        let now = self.now();
        let now_ms = self.now_ms();
        let challenge = Phase::Challenge { challenger: player(user), opponent: opponent.map(player) };
        // The challenger plays White and sees the board from there.
        let mut template = ChannelGame {
            options: options.clone(),
            start: start.clone(),
            move_seconds: move_days.map(|d| u64::from(d) * 86_400),
            clock: time_control.map(|(initial, increment)| clock::started(initial, increment, now_ms)),
            ..ChannelGame::new(id, variant.name(), challenge, now)
        };
        // A dice game's ledger is committed with the challenge, before the
        // players add their seeds and long before any roll; only when the
        // channel is free, as far as can be told before the update.
        let free = self.current(place)?.is_none_or(|r| matches!(r.phase, Phase::Finished { .. }));
        let ledger = if free { self.ledger_for(&template)? } else { None };
        template.ledger = ledger.as_ref().map(|(id, _)| *id);
        if let Some(seed) = seed {
            let game = replay(&template)?;
            add_game_seed(&mut template, &game, seed)?;
        }
        self.update(place, |current| {
            match current.as_ref().map(|r| &r.phase) {
                Some(Phase::Playing) => {
                    return Err(Refusal::new(
                        "A game is already being played in this channel. Finish it first (or use a thread).",
                    ))
                }
                Some(Phase::Challenge { challenger, .. }) if challenger.id == user.id => {
                    return Err(Refusal::new(
                        "You already have an open challenge here; use its Decline button to withdraw it.",
                    ))
                }
                Some(Phase::Challenge { .. }) => {
                    return Err(Refusal::new("There is already an open challenge in this channel."))
                }
                Some(Phase::Finished { .. }) | None => {}
            }
            let record = template.clone();
            let mut reply = challenge_message(&record, &player(user), opponent.map(player).as_ref());
            if let Some(start) = &start {
                reply.text.push_str(&format!("\nIt starts from this lineup: `{start}`"));
                reply.image = super::lineup::preview(variant, &options, start);
            }
            if let Some((_, ledger)) = &ledger {
                reply.text = format!("{}\n{}\n{}", reply.text, ledger.announcement()?, SEED_HINT);
            }
            if seed.is_some() {
                reply.text = format!("{}\n{}", reply.text, seeded_line(user, &record));
            }
            with_ledger(Change::Put(record, vec![reply]), ledger.as_ref())
        })
    }

    /// Accepts the channel's challenge for `user`, who may add a `seed` to
    /// the game's dice ledger before the game's first (perhaps automatic) roll.
    pub(super) fn accept(&self, place: Place, user: &User, seed: Option<&str>) -> Outcome {
        let now = self.now();
        let now_ms = self.now_ms();
        // The ledger was made with the challenge; a challenge from before
        // that gets one now, still before any roll, stored with the start.
        // Only for an acceptance that will succeed, as far as can be told
        // before the update.
        let fresh = match self.current(place)? {
            Some(record) if accepts(&record, user) && record.ledger.is_none() => self.ledger_for(&record)?,
            _ => None,
        };
        let offstage = self.offstage(place)?;
        self.update(place, |current| {
            let Some(record) = current else {
                return Err(Refusal::new("There is no open challenge here. Start one with `/play`."));
            };
            let Phase::Challenge { challenger, opponent } = &record.phase else {
                return Err(if side_of(&record, user.id).is_some() {
                    Refusal::new("This challenge was already accepted; your game is on.")
                } else {
                    Refusal::new("There is no open challenge here: a game is being played (`/board` shows it).")
                });
            };
            if challenger.id == user.id {
                return Err(Refusal::new("You cannot accept your own challenge."));
            }
            if self.challenge_expired(record.created, now) {
                // Left in place: the scheduler's tick announces and clears it.
                return Err(Refusal(format!(
                    "{}'s challenge has expired; start a new one with `/play`.",
                    challenger.name
                )));
            }
            if let Some(wanted) = opponent.as_ref().filter(|o| o.id != user.id) {
                return Err(Refusal(format!("This challenge is for {}.", wanted.name)));
            }
            let mut next = record.clone();
            // The challenger chose the game, so the one who accepts is not
            // also handed the first move: the challenger plays White, unless
            // the challenge fixed the colours (a rematch).
            if next.white.is_none() || next.black.is_none() {
                next.white = Some(challenger.clone());
                next.black = Some(player(user));
            }
            next.phase = Phase::Playing;
            next.last_activity = now;
            // Clocks start with the game.
            if let Some(c) = &mut next.clock {
                *c = clock::started(c.initial, c.increment, now_ms);
            }
            let fresh = fresh.as_ref().filter(|(_, l)| l.game == next.id);
            if let Some((id, _)) = fresh {
                next.ledger = Some(*id);
            }
            let view = offstage.of(&next);
            let ledger = fresh.map(|(_, l)| l).or(view.ledger);
            let announcement = ledger.map(GameLedger::announcement).transpose()?;
            let game = self.live_game(&next)?;
            let mut lines = Vec::new();
            if let Some(seed) = seed {
                add_game_seed(&mut next, &game, seed)?;
                lines.push(seeded_line(user, &next));
            }
            let mut change = self.proceed(next, game, view.with_ledger(ledger), now, lines)?;
            // The commitment comes before any roll it binds, the first one too.
            if let (Change::Put(_, replies), Some(announcement)) = (&mut change, announcement) {
                replies[0].text = format!("{announcement}\n{}", replies[0].text);
            }
            with_ledger(change, fresh)
        })
    }

    pub(super) fn decline(&self, place: Place, user: &User) -> Outcome {
        self.update(place, |current| {
            let Some(record) = current else { return Err(Refusal::new("There is no open challenge here.")) };
            let Phase::Challenge { challenger, opponent } = &record.phase else {
                return Err(Refusal::new("The challenge was already accepted; the game is on."));
            };
            let text = if challenger.id == user.id {
                format!("{} withdrew the challenge.", challenger.name)
            } else if opponent.as_ref().is_some_and(|o| o.id == user.id) {
                format!("{} declined {}'s challenge.", user.name, challenger.name)
            } else {
                return Err(Refusal::new("Only the challenger or the challenged player can decline."));
            };
            Ok(Change::Clear(vec![Reply::text(text)]))
        })
    }

    pub(super) fn play_move(&self, place: Place, user: &User, text: &str) -> Outcome {
        // `roll!` (or `roll anyway`) confirms a roll the rules warn about.
        let lower = text.trim().to_ascii_lowercase();
        let confirmed = lower.strip_suffix('!').or_else(|| lower.strip_suffix(" anyway")).map(str::trim_end);
        // Read once for both questions; the update reads it again, in its own commit.
        let current = self.current(place)?;
        if let Some(kind) = roll_named(current.as_ref(), confirmed.unwrap_or(text))? {
            return match confirmed {
                Some(_) => self.roll_now(place, user, kind),
                None => self.roll_for_game(place, user, kind),
            };
        }
        if ["pass", "--"].contains(&text.trim().to_ascii_lowercase().as_str()) {
            return self.pass(place, user);
        }
        if let Some(payment) = text.trim().strip_prefix("price ") {
            return self.pay_price(place, user, payment);
        }
        let now = self.now();
        let now_ms = self.now_ms();
        let offstage = self.offstage_of(place, current.as_ref())?;
        self.update(place, |current| {
            let record = playing(current)?;
            let side = side_of(&record, user.id).ok_or_else(|| Refusal::new("You are not playing in this game."))?;
            let mut game = self.live_game(&record)?;
            if let Some(flagged) = clock::fallen(&record, now_ms) {
                game.apply(Action::Timeout(flagged)).map_err(explain)?;
            } else if game.position().turn() != side && game.outcome().is_none() {
                return Err(not_your_turn(&game, side, text));
            } else if let Some(ways) = notation::open_promotion(game.position(), text) {
                return Ok(Change::Keep(vec![super::promotion_question::ask(&record, &game, &ways)]));
            } else {
                game.play_move(side, text).map_err(explain)?;
            }
            let view = offstage.of(&record);
            self.proceed(record, game, view, now, Vec::new())
        })
    }

    pub(super) fn resign(&self, place: Place, user: &User) -> Outcome {
        self.game_action(place, user, Action::Resign)
    }

    pub(super) fn draw(&self, place: Place, user: &User, action: DrawAction) -> Outcome {
        let mut replies = self.game_action(place, user, |side| match action {
            DrawAction::Offer => Action::OfferDraw(side),
            DrawAction::Accept => Action::AcceptDraw(side),
            DrawAction::Decline => Action::DeclineDraw(side),
            DrawAction::Claim => Action::ClaimDraw(side),
        })?;
        if let (DrawAction::Decline, Some(reply)) = (action, replies.first_mut()) {
            reply.text = format!("{} declined the draw offer.\n{}", user.name, reply.text);
        }
        Ok(replies)
    }

    /// Applies a non-move action of a player.
    fn game_action(&self, place: Place, user: &User, action: impl Fn(Color) -> Action) -> Outcome {
        let now = self.now();
        let now_ms = self.now_ms();
        let offstage = self.offstage(place)?;
        self.update(place, |current| {
            let record = playing(current)?;
            let side = side_of(&record, user.id).ok_or_else(|| Refusal::new("You are not playing in this game."))?;
            let mut game = self.live_game(&record)?;
            let action = clock::fallen(&record, now_ms).map_or_else(|| action(side), Action::Timeout);
            game.apply(action).map_err(explain)?;
            let view = offstage.of(&record);
            self.proceed(record, game, view, now, Vec::new())
        })
    }

    /// Stores the game after an action: finished games are archived and rated.
    /// `ledger` is the game's stored dice ledger, for the chain in the post
    /// that ends the game.
    pub(super) fn settle(
        &self,
        mut record: ChannelGame,
        game: Game,
        now: i64,
        ledger: Option<&GameLedger>,
    ) -> Result<Change<Vec<Reply>>, Refusal> {
        record.actions = game.action_texts().to_vec();
        record.last_activity = now;
        record.reminded = false;
        if let Some(c) = &mut record.clock {
            clock::advance(c, &game, self.now_ms());
        }
        if game.actions().last().is_some_and(|a| matches!(a, Action::Move(_))) {
            record.takeback_request = None;
        }
        let Some(outcome) = game.outcome() else {
            let reply = game_message(&record, &game);
            // Cached before the commit is known: an entry serves only a record
            // equal to this one, so a refused or retried write leaves no trace.
            self.keep_live(&record, game);
            return Ok(Change::Put(record, vec![reply]));
        };
        self.live.forget(record.id);
        let reason = outcome.reason.describe(&game.position().rules().draws);
        record.phase = Phase::Finished { result: outcome.result().to_string(), reason };
        let mut reply = game_message(&record, &game);
        if let Some(line) = ledger_revealed(&record, Some(&game), ledger) {
            reply.text.push_str(&format!("\n{line}"));
        }
        let (Some(white), Some(black)) = (record.white.clone(), record.black.clone()) else {
            return Ok(Change::Clear(vec![reply]));
        };
        let variant = record.variant.clone();
        let rate: RateFn = Box::new(move |stored| rate_players(&variant, [&white, &black], stored, outcome.winner));
        let rated = vec![record.white.as_ref().map_or(0, |p| p.id), record.black.as_ref().map_or(0, |p| p.id)];
        Ok(Change::Finish { game: record, rated, rate, reply: vec![reply] })
    }

    /// `/board`: a player sees the board from their own side, anyone else
    /// from the channel's side.
    pub(super) fn board(&self, place: Place, user: &User) -> Outcome {
        let record = self.current(place)?.ok_or_else(|| Refusal::new(NO_GAME))?;
        if let Phase::Challenge { challenger, opponent } = &record.phase {
            return Ok(vec![challenge_message(&record, challenger, opponent.as_ref())]);
        }
        let bottom =
            side_of(&record, user.id).unwrap_or(if record.black_at_bottom { Color::Black } else { Color::White });
        Ok(vec![game_message_from(&record, &self.live_game(&record)?, bottom)])
    }

    pub(super) fn game_info(&self, place: Place) -> Outcome {
        let Some(record) = self.current(place)?.filter(|r| r.phase == Phase::Playing) else {
            let last = self.storage.recent_channel_games(channel(place), 1).map_err(storage_failure)?;
            let pointer =
                last.first().map_or(String::new(), |g| format!(" The last one here was #{0}: `/pgn {0}`.", g.id));
            return Err(Refusal(format!(
                "There is no live game in this channel. `/games` lists this channel's finished games (`/games @player` a \
                 player's), and `/pgn ID` gives any of them as PGN.{pointer}"
            )));
        };
        let game = self.live_game(&record)?;
        let mut reply = Reply::text(format!("Game {} · {}", record.id, record.variant));
        let rules = game.position().rules();
        reply.fields.push((rules.side_name(Color::White).into(), player_name(record.white.as_ref())));
        reply.fields.push((rules.side_name(Color::Black).into(), player_name(record.black.as_ref())));
        if !rules.options.is_empty() {
            reply.fields.push(("Options".into(), game.options().describe(rules.options)));
        }
        if let Some(id) = record.ledger {
            reply.fields.push(("Dice ledger".into(), self.ledger_description(place, &record, id)?));
        }
        reply.fields.push(("Position".into(), format!("`{}`", game.fen())));
        reply.files.push(pgn_file(&record, &game));
        reply.files.push(Attachment {
            name: format!("rookery-{}.fen", record.id),
            bytes: format!("{}\n", game.fen()).into_bytes(),
        });
        Ok(vec![reply])
    }

    /// Legal moves for the move box, if `user` is the one to move.
    pub(super) fn move_suggestions(&self, place: Place, user: u64, partial: &str) -> Result<Vec<String>, Refusal> {
        let Some(record) = self.current(place)?.filter(|r| r.phase == Phase::Playing) else { return Ok(Vec::new()) };
        let game = self.live_game(&record)?;
        let Some(turn) = game.turn().filter(|turn| side_of(&record, user) == Some(turn.side)) else {
            return Ok(Vec::new());
        };
        let position = game.position();
        let wanted = partial.trim().to_ascii_lowercase();
        // Only what this turn allows: no moves while a roll must come first.
        let legal = if turn.choices.contains(&Choice::Move) { position.legal_moves() } else { Vec::new() };
        // Moves in SAN; a drop that SAN writes with the shogi mark (`H*d2`) is
        // offered as players type it (`H@d2`), which every reader accepts.
        let name = |m: &rookery_engine::Move| {
            let san = notation::san_among(position, *m, &legal);
            if m.dropped().is_none() {
                return san;
            }
            let typed = notation::coordinates(position, *m);
            let bare = san.trim_end_matches(['+', '#']);
            let square = |text: &str, mark| text.split_once(mark).map(|(_, square)| square.to_string());
            if square(bare, '*').is_some() && square(bare, '*') == square(&typed, '@') {
                format!("{typed}{}", &san[bare.len()..])
            } else {
                san
            }
        };
        let mut names: Vec<String> =
            legal.iter().map(name).filter(|name| name.to_ascii_lowercase().starts_with(&wanted)).collect();
        names.sort();
        // The words of the rolls the turn offers (`roll`, `lucky8`) and `pass` come first.
        let rolls = offered_rolls(&game, &turn);
        let pass = turn.choices.iter().any(|c| matches!(c, Choice::Pass { .. })).then_some("pass");
        let pass = pass.or(turn.choices.contains(&Choice::PayPrice).then_some("price "));
        let words = rolls.iter().map(|(_, kind)| kind.word).chain(pass).map(str::to_string);
        let mut suggestions: Vec<String> = words.filter(|w| w.starts_with(&wanted)).chain(names).collect();
        suggestions.truncate(25);
        Ok(suggestions)
    }

    pub(super) fn current(&self, place: Place) -> Result<Option<ChannelGame>, Refusal> {
        self.storage.channel_game(channel(place)).map_err(channel_failure)
    }
}

/// Whether `user` may accept the challenge of `record`.
fn accepts(record: &ChannelGame, user: &User) -> bool {
    match &record.phase {
        Phase::Challenge { challenger, opponent } => {
            challenger.id != user.id && opponent.as_ref().is_none_or(|o| o.id == user.id)
        }
        _ => false,
    }
}

/// White's and Black's new ratings after a game, from their stored ones.
fn rate_players(
    variant: &str,
    players: [&Player; 2],
    stored: &[Option<PlayerStats>],
    winner: Option<Color>,
) -> Vec<PlayerStats> {
    let current: Vec<PlayerStats> = players
        .iter()
        .zip(stored.iter().chain(std::iter::repeat(&None)))
        .map(|(p, s)| {
            s.clone().unwrap_or(PlayerStats {
                user: p.id,
                name: p.name.clone(),
                variant: variant.to_string(),
                rating: rating::DEFAULT_RATING,
                deviation: rating::DEFAULT_DEVIATION,
                volatility: rating::DEFAULT_VOLATILITY,
                wins: 0,
                losses: 0,
                draws: 0,
            })
        })
        .collect();
    let as_rating = |s: &PlayerStats| Rating { rating: s.rating, deviation: s.deviation, volatility: s.volatility };
    Color::ALL
        .iter()
        .map(|&color| {
            let (me, them) = (&current[color.index()], &current[(!color).index()]);
            let score = match winner {
                None => 0.5,
                Some(w) if w == color => 1.0,
                Some(_) => 0.0,
            };
            let new = rating::update(as_rating(me), &[(as_rating(them), score)]);
            let mut next = me.clone();
            next.name = players[color.index()].name.clone();
            (next.rating, next.deviation, next.volatility) = (new.rating, new.deviation, new.volatility);
            match winner {
                None => next.draws += 1,
                Some(w) if w == color => next.wins += 1,
                Some(_) => next.losses += 1,
            }
            next
        })
        .collect()
}

impl Core {
    /// Refuses a button of game `game` unless it is still this channel's game
    /// (a button of an old message must not act on a newer game).
    pub(super) fn still_current(&self, place: Place, game: u64) -> Result<(), Refusal> {
        match self.current(place)? {
            Some(record) if record.id == game => Ok(()),
            Some(record) => Err(Refusal(format!(
                "That button belongs to game #{game}, which is over; this channel's game is now #{}.",
                record.id
            ))),
            None => Err(Refusal(format!("That button belongs to game #{game}, which is over."))),
        }
    }
}

/// `change` with a new dice ledger written in the same transaction, so a
/// refused or repeated request stores none.
fn with_ledger<T>(change: Change<T>, ledger: Option<&(u64, GameLedger)>) -> Result<Change<T>, Refusal> {
    let Some((id, state)) = ledger else { return Ok(change) };
    Ok(match change {
        Change::Put(game, reply) => Change::PutWithLedger { game, ledger: (*id, state.clone()), reply },
        other => other,
    })
}

/// The kind of roll `text` names (`roll`, `lucky8`), if the channel's game
/// (`record`) has dice and the text is one of their words rather than a move.
fn roll_named(record: Option<&ChannelGame>, text: &str) -> Result<Option<usize>, Refusal> {
    let Some(record) = record.filter(|r| r.phase == Phase::Playing) else { return Ok(None) };
    let variant: Variant = record.variant.parse()?;
    let options = GameOptions::parse(variant.rules()?.options, &record.options)?;
    Ok(variant.rules_for(&options)?.chance.and_then(|chance| chance.kind_named(text)))
}
