//! A whole game of Guardener Chess through the command core: the bot rolls
//! each turn's 2d4 chain in the same request that stores the move before it,
//! the move box offers only what the chain allows, and the game runs to its end.

mod common;

use common::{alice, bob, Table, HERE};
use rookery::core::{Command, Handler, Reply};
use rookery_engine::game::{Game, GameRecord};
use rookery_engine::Variant;
use rookery_storage::ChannelKey;

fn stored_game(t: &Table) -> Game {
    let key = ChannelKey { guild: HERE.guild, channel: HERE.channel };
    let record = t.core.storage().channel_game(key).unwrap().unwrap();
    let variant: Variant = record.variant.parse().unwrap();
    Game::replay(&GameRecord { variant, options: record.options, start: None, actions: record.actions }).unwrap()
}

fn over(reply: &Reply) -> bool {
    ["**1-0**", "**0-1**", "**1/2-1/2**"].iter().any(|r| reply.text.contains(r))
}

#[test]
fn a_whole_game_with_the_bot_rolling_every_turn() {
    let t = Table::new();
    let play = Command::Play {
        variant: "guardener".into(),
        opponent: Some(bob()),
        move_days: None,
        options: None,
        clock: None,
    };
    t.ok(alice(), play);
    let started = t.ok(bob(), Command::Accept);
    assert!(started.text.contains("**alice**'s 2d4, rolled by Rookery: ["), "{}", started.text);
    assert!(started.image.is_some(), "the board is drawn");
    assert!(t.refused(alice(), Command::RollForGame).contains("rolls the 2d4 itself"));

    let mut finished = false;
    for ply in 0..400 {
        let game = stored_game(&t);
        let white = game.position().turn() == rookery_engine::Color::White;
        let (mover, waiting, id) = if white { (alice(), bob(), 1) } else { (bob(), alice(), 2) };
        assert!(game.turn_rolls().last().is_some_and(|(_, f)| f[0] != f[1]), "the chain is complete before a move");
        let offered = t.core.complete_move(HERE, id, "");
        assert!(t.core.complete_move(HERE, if white { 2 } else { 1 }, "").is_empty(), "not the waiting side's turn");
        assert!(!offered.is_empty(), "ply {ply}: a forced pass is played by the bot");
        // Every suggestion is legal under this turn's chain.
        for text in offered.iter().filter(|m| *m != "pass") {
            assert!(rookery_engine::notation::parse_move(game.position(), text).is_ok(), "ply {ply}: {text} offered");
        }
        let moves: Vec<&String> = offered.iter().filter(|m| *m != "pass").collect();
        // Prefer captures, so that kings fall; otherwise vary the choice.
        let choice = moves.iter().find(|m| m.contains('x')).or(moves.get(ply % moves.len().max(1))).copied();
        let text = choice.cloned().unwrap_or_else(|| "pass".into());
        let replies = t.send(mover.clone(), Command::Move { text: text.clone() });
        let reply = replies.last().unwrap();
        assert!(!reply.ephemeral, "ply {ply}: {text} refused: {}", reply.text);
        let _ = waiting;
        if over(reply) {
            finished = true;
            break;
        }
        assert!(reply.text.contains("'s 2d4, rolled by Rookery: ["), "ply {ply}: {}", reply.text);
    }
    assert!(finished, "the game ended");
    let key = ChannelKey { guild: HERE.guild, channel: HERE.channel };
    let archived = t.core.storage().archived_games(key).unwrap().pop().unwrap();
    assert!(archived.actions.iter().any(|a| a.starts_with("roll white")), "{:?}", &archived.actions[..4]);
}
