//! A stand-in for the command core until `rookery::core::Core` lands: one game
//! per channel in memory, answered the way the core answers (a challenge with
//! buttons, a board picture after each move, private errors for mistakes). It
//! knows no chess: any move-shaped text is played.

use std::collections::HashMap;
use std::sync::Mutex;

use rookery::core::{Attachment, Button, ButtonAction, ButtonStyle, Command, Handler, Place, Reply, Request, User};

/// A real 1×1 PNG, so the fake sees a PNG signature where the board would be.
const PNG: [u8; 69] = [
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xde, 0x00, 0x00, 0x00, 0x0c, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0x70, 0x73, 0x2b, 0x00, 0x05, 0x3b, 0x02, 0x7f, 0x5d, 0xde, 0xf6, 0xd8,
    0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];

const OPENINGS: [&str; 6] = ["e4", "e3", "d4", "d3", "Nf3", "Nc3"];

enum Game {
    Challenge { by: User, to: Option<u64> },
    Playing { white: User, black: User, moves: Vec<String> },
}

#[derive(Default)]
pub struct StandIn {
    games: Mutex<HashMap<Place, Game>>,
}

impl Handler for StandIn {
    fn handle(&self, request: Request) -> Vec<Reply> {
        let Request { place, user, command } = request;
        let mut games = self.games.lock().unwrap();
        let reply = match (command, games.get_mut(&place)) {
            (Command::Play { variant, opponent, .. }, None) => {
                let whom = opponent.as_ref().map_or("anyone".to_string(), |o| o.name.clone());
                let text = format!("{} challenges {whom} to {variant}.", user.name);
                games.insert(place, Game::Challenge { by: user, to: opponent.map(|o| o.id) });
                Reply {
                    text,
                    buttons: vec![
                        Button::new(ButtonAction::Accept, "Accept", ButtonStyle::Success),
                        Button::new(ButtonAction::Decline, "Decline", ButtonStyle::Secondary),
                    ],
                    ..Reply::default()
                }
            }
            (Command::Accept, Some(Game::Challenge { by, to })) if to.map_or(by.id != user.id, |to| to == user.id) => {
                let (white, black) = (by.clone(), user);
                let reply = board("The game begins.", &white, &black);
                games.insert(place, Game::Playing { white, black, moves: Vec::new() });
                reply
            }
            (Command::Move { text }, Some(Game::Playing { white, black, moves })) => {
                let to_move = if moves.len() % 2 == 0 { &*white } else { &*black };
                if to_move.id != user.id {
                    Reply::private("It is not your turn.")
                } else if !text.chars().any(|c| c.is_ascii_digit()) {
                    Reply::private(format!("`{text}` is not a move here."))
                } else {
                    moves.push(text.clone());
                    board(&format!("{} played {text}.", user.name), white, black)
                }
            }
            (Command::Board, Some(Game::Playing { white, black, .. })) => board("The position.", white, black),
            (Command::Resign, Some(Game::Playing { white, black, .. })) if [white.id, black.id].contains(&user.id) => {
                games.remove(&place);
                Reply::text(format!("{} resigns.", user.name))
            }
            _ => Reply::private("That does not fit this channel's game."),
        };
        vec![reply]
    }

    fn complete_move(&self, _place: Place, _user: u64, partial: &str) -> Vec<String> {
        OPENINGS.into_iter().filter(|m| m.starts_with(partial)).map(str::to_string).collect()
    }
}

fn board(text: &str, white: &User, black: &User) -> Reply {
    Reply {
        text: text.to_string(),
        fields: vec![("White".into(), white.name.clone()), ("Black".into(), black.name.clone())],
        image: Some(Attachment { name: "board.png".into(), bytes: PNG.to_vec() }),
        buttons: vec![
            Button::new(ButtonAction::OfferDraw, "Offer draw", ButtonStyle::Secondary),
            Button::new(ButtonAction::Resign, "Resign", ButtonStyle::Danger),
        ],
        ..Reply::default()
    }
}
