//! Every command, subcommand, autocomplete and button Rookery registers,
//! driven at least once through the real serenity client against the fake
//! Discord, with what users see asserted: the tour in `every_command/*`.
//!
//! The check at the end compares what the tour dispatched with what the bot
//! registered (the `PUT .../commands` body the fake recorded): a command,
//! subcommand or autocompleted option added later without a drive here fails
//! it, by name; and every kind of button the bot can send
//! ([`ButtonAction::kinds`]) must have been clicked in it.

mod dice;
mod games;
mod puzzles;
mod replays;
mod tournament;
mod turn_choices;

use std::collections::BTreeSet;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context as _, Result};
use axum::http::Method;
use rookery::core::{ButtonAction, Core};
use rookery::discord::ServeOptions;
use rookery_storage::{Change, ChannelGame, ChannelKey};
use serde_json::{json, Value};

use crate::fake_discord::{webhook, Call};
use crate::interactions::{autocomplete, click, slash_in, Player, CHANNEL, GUILD};
use crate::{connect_with, Connected};

/// 2023-11-14 22:13:20 UTC, for the cores on a clock the tour moves.
pub const START: i64 = 1_700_000_000;

/// The bot on a fresh database and a clock the tour moves (seconds, and
/// milliseconds for real-time clocks), connected to a fresh fake.
pub struct Tour {
    pub connected: Connected,
    pub core: Arc<Core>,
    pub clock: Arc<AtomicI64>,
    /// Interaction ids, so each answer is found by its own.
    next: AtomicU64,
    /// The channel commands are typed in.
    pub channel: u64,
    _dir: tempfile::TempDir,
}

impl Tour {
    pub async fn start(options: ServeOptions) -> Result<Tour> {
        Tour::start_with(options, |core| core).await
    }

    /// [`Tour::start`] with the core configured by `configure` (backups).
    pub async fn start_with(options: ServeOptions, configure: impl FnOnce(Core) -> Core) -> Result<Tour> {
        let dir = tempfile::tempdir()?;
        let clock = Arc::new(AtomicI64::new(START));
        let (seconds, millis) = (clock.clone(), clock.clone());
        let storage = rookery_storage::Storage::open(dir.path())?;
        let core = Core::new(storage, Arc::new(move || seconds.load(Ordering::SeqCst)))
            .with_millis(Arc::new(move || millis.load(Ordering::SeqCst) * 1_000));
        let core = Arc::new(configure(core));
        rookery::picture::renderer();
        let connected = connect_with(core.clone(), options).await?;
        Ok(Tour { connected, core, clock, next: AtomicU64::new(20_001), channel: CHANNEL, _dir: dir })
    }

    pub fn fake(&self) -> &crate::fake_discord::FakeDiscord {
        &self.connected.fake
    }

    fn id(&self) -> u64 {
        self.next.fetch_add(2, Ordering::SeqCst)
    }

    /// Changes the game stored for the tour's channel (the position it
    /// started from, the moves played so far): a part's setup.
    pub fn stage(&self, change: impl Fn(&mut ChannelGame)) -> Result<()> {
        let key = ChannelKey { guild: GUILD, channel: self.channel };
        let staged = self.core.storage().update_channel(key, |current| match current {
            Some(mut record) => {
                change(&mut record);
                Ok(Change::Put(record, ()))
            }
            None => Err(()),
        })?;
        staged.map_err(|()| anyhow::anyhow!("no game to stage in the channel"))
    }

    /// The game stored for the tour's channel.
    pub fn stored(&self) -> Result<ChannelGame> {
        let key = ChannelKey { guild: GUILD, channel: self.channel };
        self.core.storage().channel_game(key)?.context("a game in the channel")
    }

    pub fn advance(&self, seconds: i64) {
        self.clock.fetch_add(seconds, Ordering::SeqCst);
    }

    /// `/name options…` by `by`; the answer the user sees.
    pub async fn command(&self, by: Player, name: &str, options: Vec<Value>) -> Result<Answer> {
        let id = self.id();
        self.fake().dispatch(slash_in(self.channel, id, by, name, options))?;
        self.answer(id).await
    }

    /// `/name sub options…` by `by`.
    pub async fn sub(&self, by: Player, name: &str, sub: &str, options: Vec<Value>) -> Result<Answer> {
        let id = self.id();
        self.fake().dispatch(with_sub(slash_in(self.channel, id, by, name, options.clone()), sub, options))?;
        self.answer(id).await
    }

    /// [`Tour::sub`] with the command changed first (resolved channels).
    pub async fn sub_with(
        &self,
        by: Player,
        name: &str,
        sub: &str,
        options: Vec<Value>,
        change: impl FnOnce(&mut Value),
    ) -> Result<Answer> {
        let id = self.id();
        let mut command = with_sub(slash_in(self.channel, id, by, name, options.clone()), sub, options);
        change(&mut command);
        self.fake().dispatch(command)?;
        self.answer(id).await
    }

    /// `by` clicks the button `custom_id`.
    pub async fn click(&self, by: Player, custom_id: &str) -> Result<Answer> {
        let id = self.id();
        let mut clicked = click(id, by, custom_id);
        clicked["channel_id"] = json!(self.channel.to_string());
        self.fake().dispatch(clicked)?;
        self.answer(id).await
    }

    /// The suggestions while `by` types into `/name` (options as typed,
    /// one focused; under a subcommand when `sub` names one), each one its
    /// own value.
    pub async fn suggest(&self, by: Player, name: &str, sub: Option<&str>, options: Vec<Value>) -> Result<Vec<String>> {
        let choices = self.suggest_choices(by, name, sub, options).await?;
        let names: Vec<String> = choices.iter().map(|(name, _)| name.clone()).collect();
        let values: Vec<Value> = choices.into_iter().map(|(_, value)| value).collect();
        assert_eq!(names.iter().map(|n| json!(n)).collect::<Vec<_>>(), values, "each suggestion is its own value");
        Ok(names)
    }

    /// The suggestions as Discord shows them: each choice's name and value.
    pub async fn suggest_choices(
        &self,
        by: Player,
        name: &str,
        sub: Option<&str>,
        options: Vec<Value>,
    ) -> Result<Vec<(String, Value)>> {
        let id = self.id();
        let mut typing = match sub {
            Some(sub) => with_sub(autocomplete(id, by, name, vec![]), sub, options),
            None => autocomplete(id, by, name, options),
        };
        typing["channel_id"] = json!(self.channel.to_string());
        self.fake().dispatch(typing)?;
        let answer = self.fake().callback(id).await?;
        if answer.payload["type"] != 8 {
            bail!("not suggestions: {}", answer.payload);
        }
        let choices = answer.data()["choices"].as_array().cloned().unwrap_or_default();
        Ok(choices.into_iter().filter_map(|c| Some((c["name"].as_str()?.to_string(), c["value"].clone()))).collect())
    }

    /// What interaction `id`'s user sees: its answer, or after "Rookery is
    /// thinking…" the edit (or the private follow-up) that replaced it; with
    /// the follow-ups sent by then.
    async fn answer(&self, id: u64) -> Result<Answer> {
        let fake = self.fake();
        let callback = fake.callback(id).await?;
        let first = if callback.payload["type"] == 5 {
            let original = format!("{}/messages/@original", webhook(id));
            let replaced = |c: &Call| {
                (c.method == Method::PATCH && c.path == original) || (c.method == Method::POST && c.path == webhook(id))
            };
            fake.wait_for("the deferred answer", replaced).await?
        } else {
            callback.clone()
        };
        // The core's replies are sent together: the follow-ups are close behind.
        tokio::time::sleep(Duration::from_millis(60)).await;
        let mut followups = fake.followups(id);
        if first.method == Method::POST && first.path == webhook(id) && !followups.is_empty() {
            followups.remove(0);
        }
        Ok(Answer { id, deferred: callback.payload["type"] == 5, first, followups })
    }
}

/// `command` (an interaction, made with `options` so that users they name
/// are resolved) with those options under subcommand `sub` (`create swiss`:
/// subcommand `swiss` of group `create`).
fn with_sub(mut command: Value, sub: &str, options: Vec<Value>) -> Value {
    let nested = match sub.split_once(' ') {
        Some((group, sub)) => {
            json!({"name": group, "type": 2, "options": [{"name": sub, "type": 1, "options": options}]})
        }
        None => json!({"name": sub, "type": 1, "options": options}),
    };
    command["data"]["options"] = json!([nested]);
    command
}

/// What a user sees of one interaction.
pub struct Answer {
    /// The interaction's id.
    pub id: u64,
    /// Whether it came after "Rookery is thinking…".
    pub deferred: bool,
    pub first: Call,
    pub followups: Vec<Call>,
}

impl Answer {
    /// The first message's content and embed fields, as shown.
    pub fn text(&self) -> String {
        shown(&self.first)
    }

    /// Every message's shown text, the first's first.
    pub fn all_text(&self) -> String {
        let rest: Vec<String> = self.followups.iter().map(shown).collect();
        format!("{}\n{}", self.text(), rest.join("\n"))
    }

    pub fn private(&self) -> bool {
        self.first.is_ephemeral()
    }

    /// The custom id of the first message's button for `action` (its id's
    /// first part, e.g. `resign`).
    pub fn button(&self, action: &str) -> Result<String> {
        let ids = self.first.button_ids();
        let found = ids.iter().find(|id| id.split(':').next() == Some(action));
        found.cloned().with_context(|| format!("no {action} button in {ids:?}: {}", self.text()))
    }

    /// Asserts the first message is public and shows every one of `words`.
    pub fn says(&self, words: &[&str]) -> &Answer {
        let text = self.text();
        assert!(!self.private(), "a private answer: {text}");
        for word in words {
            assert!(text.contains(word), "{word:?} not in: {text}");
        }
        self
    }

    /// Asserts the first message is private (only its user sees it) and
    /// shows every one of `words`.
    pub fn says_privately(&self, words: &[&str]) -> &Answer {
        let text = self.text();
        assert!(self.private(), "a public answer: {text}");
        for word in words {
            assert!(text.contains(word), "{word:?} not in: {text}");
        }
        self
    }
}

/// A message as shown: content, then embed field names and values, bold
/// marks rendered away (`**alice**` shows as alice).
pub fn shown(call: &Call) -> String {
    let message = if call.payload.get("data").is_some() { call.data() } else { &call.payload };
    let mut text = message["content"].as_str().unwrap_or_default().to_string();
    for embed in message["embeds"].as_array().into_iter().flatten() {
        for field in embed["fields"].as_array().into_iter().flatten() {
            let (name, value) = (field["name"].as_str().unwrap_or(""), field["value"].as_str().unwrap_or(""));
            text.push_str(&format!("\n{name}: {value}"));
        }
    }
    text.replace("**", "")
}

/// What the bot registered, as paths: `play`, `puzzle today`, and for each
/// option with autocomplete `play variant` (under its subcommand:
/// `puzzle schedule time_zone`).
fn registered(registration: &Value) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut commands = BTreeSet::new();
    let mut completed = BTreeSet::new();
    for command in registration.as_array().into_iter().flatten() {
        let name = command["name"].as_str().unwrap_or_default().to_string();
        walk(&name, &command["options"], &mut commands, &mut completed);
    }
    (commands, completed)
}

/// Subcommands (1) and groups (2) lead further down; a leaf is a command.
fn walk(path: &str, options: &Value, commands: &mut BTreeSet<String>, completed: &mut BTreeSet<String>) {
    let options = options.as_array().map(Vec::as_slice).unwrap_or_default();
    let nested: Vec<&Value> = options.iter().filter(|o| o["type"] == 1 || o["type"] == 2).collect();
    if nested.is_empty() {
        commands.insert(path.to_string());
    }
    for option in options {
        let name = option["name"].as_str().unwrap_or_default();
        if option["type"] == 1 || option["type"] == 2 {
            walk(&format!("{path} {name}"), &option["options"], commands, completed);
        } else if option["autocomplete"] == true {
            completed.insert(format!("{path} {name}"));
        }
    }
}

/// What the tour dispatched, as the same paths, and the buttons clicked (by
/// action: the custom id's first part).
#[derive(Default)]
struct Driven {
    commands: BTreeSet<String>,
    completed: BTreeSet<String>,
    clicked: BTreeSet<String>,
}

impl Driven {
    fn add(&mut self, interaction: &Value) {
        let data = &interaction["data"];
        match interaction["type"].as_u64() {
            Some(2) => {
                let (path, _) = path_of(data);
                self.commands.insert(path);
            }
            Some(4) => {
                let (path, options) = path_of(data);
                let focused = options.iter().find(|o| o["focused"] == true);
                if let Some(option) = focused.and_then(|o| o["name"].as_str()) {
                    self.completed.insert(format!("{path} {option}"));
                }
            }
            Some(3) => {
                let id = data["custom_id"].as_str().unwrap_or_default();
                self.clicked.insert(id.split(':').next().unwrap_or_default().to_string());
            }
            _ => {}
        }
    }
}

/// A dispatched command's path (name, then subcommands) and its leaf options.
fn path_of(data: &Value) -> (String, Vec<Value>) {
    let mut path = data["name"].as_str().unwrap_or_default().to_string();
    let mut options = data["options"].as_array().cloned().unwrap_or_default();
    while let Some(nested) = options.iter().find(|o| o["type"] == 1 || o["type"] == 2).cloned() {
        path = format!("{path} {}", nested["name"].as_str().unwrap_or_default());
        options = nested["options"].as_array().cloned().unwrap_or_default();
    }
    (path, options)
}

/// The buttons shown in any message of `calls`, by action.
fn shown_buttons(calls: &[Call]) -> BTreeSet<String> {
    let ids = calls.iter().flat_map(Call::button_ids);
    ids.map(|id| id.split(':').next().unwrap_or_default().to_string()).collect()
}

/// What is registered but not driven, as a sentence naming each, or `None`.
fn missing(expected: &BTreeSet<String>, driven: &BTreeSet<String>, what: &str) -> Option<String> {
    let left: Vec<&str> = expected.difference(driven).map(String::as_str).collect();
    (!left.is_empty()).then(|| format!("{what} but never driven by tests/every_command: {}", left.join(", ")))
}

/// One part of the tour: it runs on its own bot, which it hands back to be read.
type Part = Pin<Box<dyn Future<Output = Result<Tour>>>>;

fn part(tour: impl Future<Output = Result<Tour>> + 'static) -> Part {
    Box::pin(tour)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_registered_command_subcommand_autocomplete_and_button_is_driven() -> Result<()> {
    let mut driven = Driven::default();
    let mut registration = None;
    let mut calls = Vec::new();
    // Each part of the tour on a fresh bot and database, one after the other.
    let parts: [(&str, Part); 14] = [
        ("a chess game's commands and buttons", part(games::a_chess_game())),
        ("a finished game's records", part(games::finished_games())),
        ("the promotion question", part(games::the_promotion_question())),
        ("a clock's flag", part(games::a_fallen_flag())),
        ("deferred answers", part(games::deferred_answers())),
        ("a replay over the file limit", part(replays::an_oversized_replay())),
        ("moderation", part(games::moderation())),
        ("rolls in dice games", part(turn_choices::rolls())),
        ("passes", part(turn_choices::passes())),
        ("secret choices and prices", part(turn_choices::choices_and_prices())),
        ("table dice", part(dice::table_dice())),
        ("saved rolls", part(dice::saved_rolls())),
        ("puzzles", part(puzzles::puzzles())),
        ("tournaments", part(tournament::tournaments())),
    ];
    for (name, part) in parts {
        let tour = part.await.with_context(|| format!("the tour's part: {name}"))?;
        let fake = tour.fake();
        fake.dispatched().iter().for_each(|interaction| driven.add(interaction));
        let registered = fake.calls().into_iter().find(|c| c.method == Method::PUT).context("registered")?;
        registration.get_or_insert(registered.payload);
        calls.extend(fake.calls());
    }

    let (commands, completed) = registered(registration.as_ref().context("a registration")?);
    assert!(commands.contains("puzzle today") && completed.contains("puzzle schedule time_zone"), "{commands:?}");
    let buttons: BTreeSet<String> = ButtonAction::kinds().map(str::to_string).collect();
    let unknown: Vec<String> = shown_buttons(&calls).difference(&buttons).cloned().collect();
    assert!(unknown.is_empty(), "buttons shown that ButtonAction::kinds does not list: {unknown:?}");
    let problems: Vec<String> = [
        missing(&commands, &driven.commands, "Commands registered"),
        missing(&completed, &driven.completed, "Options with autocomplete registered"),
        missing(&buttons, &driven.clicked, "Buttons the bot can send"),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}
