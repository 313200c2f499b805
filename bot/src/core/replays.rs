//! `/replay` and `/review`: a stored game as an animated GIF, and the
//! engine's marks on its moves (docs/replays.md).

use rookery_engine::game::Game;
use rookery_engine::review::{review, MoveReview, ReviewSettings};
use rookery_engine::Color;
use rookery_render::position::{cell_of, view_of, Look};
use rookery_render::{Arrow, ArrowKind, BoardView, Theme};
use rookery_storage::{ChannelGame, Phase};

use super::archive::listed;
use super::message::{player_name, replay_of};
use super::{channel, Core, Outcome, Picture, Place, Refusal, Reply};

/// A review lists at most this many moves, the costliest.
const LISTED: usize = 12;

/// `12.` for White's twelfth move, `12...` for Black's.
fn move_number(game: &Game, index: usize) -> String {
    let start = game.start_position();
    let ply = index + usize::from(start.turn() == Color::Black);
    let number = start.fullmove_number() as usize + ply / 2;
    if ply % 2 == 0 {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
}

/// `-3.4`: a loss in pawns.
/// What a move cost, in players' words: `loses 1.5 pawns`.
fn loss_words(centipawns: i32) -> String {
    let pawns = f64::from(centipawns) / 100.0;
    format!("loses {pawns:.1} {}", if (pawns - 1.0).abs() < 0.05 { "pawn" } else { "pawns" })
}

impl Core {
    /// The game `/replay` and `/review` are about, with its engine game:
    /// `id`, or else the channel's last finished game that replays.
    fn game_for(&self, place: Place, id: Option<&str>) -> Result<(ChannelGame, Game), Refusal> {
        if let Some(id) = id.map(str::trim).filter(|id| !id.is_empty()) {
            return self.stored_game(place, id);
        }
        let here = channel(place);
        let last = self.replayable(|| {
            let last = self.storage.recent_channel_games(here, 1)?;
            Ok(last.into_iter().map(|record| (here, record)).collect())
        })?;
        last.into_iter().next().map(|(_, record, game)| (record, game)).ok_or_else(|| {
            Refusal::new(
                "No game has finished in this channel yet. Name one by its id (`/replay 12`); `/games @player` lists \
                 a player's games anywhere in this server.",
            )
        })
    }

    /// `/replay [id]`: the game as an animated GIF, one frame a move.
    pub(super) fn replay_game(&self, place: Place, id: Option<&str>) -> Outcome {
        let (record, game) = self.game_for(place, id)?;
        let bottom = if record.black_at_bottom { Color::Black } else { Color::White };
        let mut reply = Reply::text(format!("Replay of {}", listed(&record, &game, None)));
        // Drawn after this returns, outside any storage transaction.
        reply.replay = Some(replay_of(&record, &game, bottom));
        Ok(vec![reply])
    }

    /// `/review [id]`: the moves that lost the most, each with the better
    /// move, and the worst moment as a picture with both moves as arrows.
    pub(super) fn review_game(&self, place: Place, id: Option<&str>) -> Outcome {
        let (record, game) = self.game_for(place, id)?;
        if !matches!(record.phase, Phase::Finished { .. }) {
            return Err(Refusal(format!(
                "Game #{} is still being played: a review while it goes on would help one side. Ask again when it \
                 is over.",
                record.id
            )));
        }
        let reviews = review(&game, &ReviewSettings::default())
            .map_err(|e| Refusal(format!("game #{} no longer replays ({e})", record.id)))?;
        Ok(vec![review_reply(&record, &game, &reviews)])
    }
}

fn review_reply(record: &ChannelGame, game: &Game, reviews: &[MoveReview]) -> Reply {
    let rules = game.position().rules();
    let mut lines = vec![format!("**Review** of {}", listed(record, game, None))];
    for side in Color::ALL {
        let own: Vec<&MoveReview> = reviews.iter().filter(|r| r.side == side).collect();
        let count = |name: &str| own.iter().filter(|r| r.judgement.is_some_and(|j| j.name() == name)).count();
        let average = own.iter().map(|r| i64::from(r.loss)).sum::<i64>() / own.len().max(1) as i64;
        let counted = |name: &str, plural: &str| match count(name) {
            1 => format!("1 {name}"),
            n => format!("{n} {plural}"),
        };
        lines.push(format!(
            "{} ({}): {}, {}, {} · average loss {average} cp",
            rules.side_name(side),
            player_name(side.fold(record.white.as_ref(), record.black.as_ref())),
            counted("inaccuracy", "inaccuracies"),
            counted("mistake", "mistakes"),
            counted("blunder", "blunders"),
        ));
    }
    let mut marked: Vec<&MoveReview> = reviews.iter().filter(|r| r.judgement.is_some()).collect();
    if marked.is_empty() {
        lines.push("No move lost 50 centipawns or more: a clean game.".to_string());
    } else {
        if marked.len() > LISTED {
            lines.push(format!("The {LISTED} costliest of {} marked moves:", marked.len()));
            marked.sort_by_key(|r| -r.loss);
            marked.truncate(LISTED);
            marked.sort_by_key(|r| r.index);
        }
        for r in &marked {
            let judgement = r.judgement.expect("only marked moves are listed");
            let better = r.better.as_ref().map_or(String::new(), |(_, san)| format!(": better `{san}`"));
            lines.push(format!(
                "`{} {}{}` {}: {}{better}",
                move_number(game, r.index),
                r.played_san,
                judgement.glyph(),
                judgement.name(),
                loss_words(r.loss),
            ));
        }
    }
    if rules.chance.is_some() {
        lines.push(
            "Dice game: each move is compared only with the moves its roll allowed, and no later roll is guessed."
                .to_string(),
        );
    }
    let mut reply = Reply::text(lines.join("\n"));
    let worst = reviews.iter().filter(|r| r.judgement.is_some()).max_by_key(|r| (r.loss, usize::MAX - r.index));
    if let Some(worst) = worst {
        let view = worst_moment(worst);
        reply.picture = Some(Picture { name: format!("review-{}.png", record.id), view, game: None });
    }
    reply
}

/// The position before the worst move, from the mover's side: the move
/// played as a red arrow and the better one as a green one.
fn worst_moment(worst: &MoveReview) -> BoardView {
    let look = Look { last_move: None, flipped: worst.side == Color::Black, theme: Theme::Light };
    let mut view = view_of(&worst.before, look);
    // A key under the board says which colour is which move.
    view.arrow_key = true;
    let cell = |square| cell_of(&worst.before, square);
    let played = worst.played;
    if played.dropped().is_some() {
        // A drop has no origin to draw an arrow from: its square is tinted.
        view.last_move = Some(rookery_render::LastMove { from: None, to: cell(played.to) });
    } else {
        view.arrows.push(Arrow { from: cell(played.from), to: cell(played.to), kind: ArrowKind::Played });
    }
    if let Some((better, _)) = worst.better.as_ref().filter(|(mv, _)| mv.dropped().is_none()) {
        view.arrows.push(Arrow { from: cell(better.from), to: cell(better.to), kind: ArrowKind::Better });
    }
    view
}
