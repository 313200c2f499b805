//! Random games of every variant, played through the turn protocol as the
//! bot plays them: moves, rolls, passes, secret choices and their reveals,
//! prices, draw offers, refusals and claims, and every way a game ends (on
//! the board, by resignation, agreement, time, or not at all). Shared by the
//! read-back tests of the engine's PGN and of the command-line tools.

use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use rookery_engine::game::{Action, Choice, Game, Turn};
use rookery_engine::turns::commitment;
use rookery_engine::Color;

/// The game id secret choices are bound to, as the bot's `game<id>`.
pub const CONTEXT: &str = "game7";

/// How a random game is brought to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Played on until the board (or an automatic draw) ends it, else left
    /// unfinished at the cap.
    OnTheBoard,
    Resignation,
    /// One side offers, the other accepts.
    Agreement,
    /// One side offers, the other offers too, which accepts.
    OfferedBack,
    /// The side to move runs out of time (only its clock runs).
    Timeout,
    /// Left unfinished: an adjourned, aborted or moderator-ended game.
    Unfinished,
}

pub const ENDINGS: [Ending; 6] = [
    Ending::OnTheBoard,
    Ending::Resignation,
    Ending::Agreement,
    Ending::OfferedBack,
    Ending::Timeout,
    Ending::Unfinished,
];

/// The most turns a game played to its end on the board may take.
const CAP: usize = 400;

/// A random game of `game`'s variant from its current state: `plies` turns at
/// most before the ending (all the turns the board needs for `OnTheBoard`),
/// then the ending; secret choices are revealed once it is over, as the bot
/// reveals them.
pub fn play(mut game: Game, ending: Ending, plies: usize, rng: &mut StdRng) -> Game {
    let mut secrets: [Option<(String, String)>; 2] = [None, None];
    let limit = if ending == Ending::OnTheBoard { CAP } else { plies };
    let mut turns = 0;
    let mut rolls_this_turn = 0;
    while let Some(turn) = game.turn() {
        if turns >= limit && turn.choices.iter().all(|c| !needs_answer(c)) {
            break;
        }
        maybe_talk_of_a_draw(&mut game, &turn, rng);
        let Some(turn) = game.turn() else { break };
        let action = choose(&game, &turn, rng, &mut secrets, rolls_this_turn);
        let counts = matches!(action, Action::Move(_) | Action::Pass(_));
        let rolled = matches!(action, Action::Roll { .. });
        game.apply(action.clone()).unwrap_or_else(|e| panic!("{action:?} in {}: {e}", game.fen()));
        rolls_this_turn = if counts { 0 } else { rolls_this_turn + usize::from(rolled) };
        turns += usize::from(counts);
    }
    if game.outcome().is_none() {
        end(&mut game, ending, rng);
    }
    if game.outcome().is_some() || rng.random_bool(0.5) {
        for side in Color::ALL {
            if let (Some((option, nonce)), None) = (&secrets[side.index()], game.revealed_secret(side)) {
                let reveal = Action::Reveal { side, option: option.clone(), nonce: nonce.clone() };
                game.apply(reveal).expect("a secret reveals after the game");
            }
        }
    }
    game
}

/// Turns that must be answered before the game can stop: a game is not
/// left with a secret half chosen or a price unpaid.
fn needs_answer(choice: &Choice) -> bool {
    matches!(choice, Choice::ChooseSecret { .. } | Choice::Reveal | Choice::PayPrice)
}

/// Now and then a draw is offered, refused or claimed, by either side.
fn maybe_talk_of_a_draw(game: &mut Game, turn: &Turn, rng: &mut StdRng) {
    let side = *[Color::White, Color::Black].choose(rng).expect("two sides");
    for choice in &turn.choices {
        match choice {
            Choice::AnswerDrawOffer { offered_by } if rng.random_bool(0.5) => {
                game.apply(Action::DeclineDraw(!*offered_by)).expect("an offer can be declined");
                return;
            }
            Choice::ClaimDraw(_) if rng.random_bool(0.3) => {
                game.apply(Action::ClaimDraw(side)).expect("a claim offered can be made");
                return;
            }
            _ => {}
        }
    }
    if game.draw_offer().is_none() && rng.random_bool(0.02) {
        game.apply(Action::OfferDraw(side)).expect("a draw can be offered");
    }
}

/// One action the turn allows, at random, preferring what it requires.
fn choose(
    game: &Game,
    turn: &Turn,
    rng: &mut StdRng,
    secrets: &mut [Option<(String, String)>; 2],
    rolls_this_turn: usize,
) -> Action {
    let side = turn.side;
    for choice in &turn.choices {
        match choice {
            Choice::ChooseSecret { options } => {
                let option = options.choose(rng).expect("options").clone();
                let nonce = format!("{:032x}", rng.random::<u128>());
                let commitment = commitment(CONTEXT, side, &option, &nonce);
                secrets[side.index()] = Some((option, nonce));
                return Action::ChooseSecret { side, context: CONTEXT.into(), commitment };
            }
            Choice::Reveal => {
                let (option, nonce) = secrets[side.index()].clone().expect("the side chose");
                return Action::Reveal { side, option, nonce };
            }
            Choice::PayPrice => {
                let prices = game.payable_prices(side);
                let (price, candidates) = prices.choose(rng).expect("a price due can be paid");
                let mut squares = candidates.clone();
                squares.shuffle(rng);
                squares.truncate(usize::from(price.count));
                return Action::PayPrice { side, squares };
            }
            Choice::Roll { kind, dice, required: true } => return roll(side, *kind, dice, rng),
            Choice::Pass { forced: true } => return Action::Pass(side),
            _ => {}
        }
    }
    for choice in &turn.choices {
        match choice {
            Choice::Roll { kind, dice, .. } if rolls_this_turn < 3 && rng.random_bool(0.3) => {
                return roll(side, *kind, dice, rng)
            }
            Choice::Pass { .. } if rng.random_bool(0.05) => return Action::Pass(side),
            _ => {}
        }
    }
    if turn.choices.contains(&Choice::Move) {
        return Action::Move(a_move(game, rng));
    }
    turn.choices
        .iter()
        .find_map(|choice| match choice {
            Choice::Roll { kind, dice, .. } => Some(roll(side, *kind, dice, rng)),
            Choice::Pass { .. } => Some(Action::Pass(side)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no turn to take in {}: {:?}", game.fen(), turn.choices))
}

fn roll(side: Color, kind: usize, dice: &[u32], rng: &mut StdRng) -> Action {
    Action::Roll { side, kind, faces: dice.iter().map(|sides| rng.random_range(1..=*sides)).collect() }
}

/// A random legal move; half the time one that leaves the opponent without
/// a move, if there is one, so that games reach mates and stalemates.
fn a_move(game: &Game, rng: &mut StdRng) -> rookery_engine::Move {
    let position = game.position();
    let legal = position.legal_moves();
    if rng.random_bool(0.5) {
        let ends = |mv: &&rookery_engine::Move| {
            let mut after = position.scratch();
            after.make(**mv);
            position.captures_royal(**mv) || after.legal_moves().is_empty()
        };
        if let Some(mv) = legal.iter().find(ends) {
            return *mv;
        }
    }
    *legal.choose(rng).expect("a move is offered")
}

/// Ends a game still running as `ending` says.
fn end(game: &mut Game, ending: Ending, rng: &mut StdRng) {
    let side = *[Color::White, Color::Black].choose(rng).expect("two sides");
    let offer = |game: &mut Game| {
        if let Some(offered_by) = game.draw_offer() {
            return offered_by;
        }
        game.apply(Action::OfferDraw(side)).expect("a draw can be offered");
        side
    };
    let action = match ending {
        Ending::OnTheBoard | Ending::Unfinished => return,
        Ending::Resignation => Action::Resign(side),
        Ending::Timeout => Action::Timeout(game.position().turn()),
        Ending::Agreement => Action::AcceptDraw(!offer(game)),
        Ending::OfferedBack => Action::OfferDraw(!offer(game)),
    };
    game.apply(action.clone()).unwrap_or_else(|e| panic!("{action:?}: {e}"));
}
