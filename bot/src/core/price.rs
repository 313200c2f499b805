//! Paying for a forfeited royal piece (New chess: a mated brother king): the
//! offer in the game message, as buttons when the ways to pay are few and as
//! words always, and the `price` command (`price pawns g3 h3 i3 j3`, or the
//! button) that pays.

use rookery_engine::game::{Action, Game};
use rookery_engine::turns::Price;
use rookery_engine::{Color, Square};
use rookery_storage::ChannelGame;

use super::games::{explain, playing, replay, side_of};
use super::{Button, ButtonAction, ButtonStyle, Core, Outcome, Place, Refusal, User};

/// The most ways to pay offered as buttons (Discord shows 25 in a message).
const MOST_BUTTONS: usize = 10;

impl Core {
    /// `price [option] squares`: pays the price due from the user's side.
    pub(super) fn pay_price(&self, place: Place, user: &User, text: &str) -> Outcome {
        let now = self.now();
        let offstage = self.offstage(place)?;
        self.update(place, |current| {
            let record = playing(current)?;
            let side = side_of(&record, user.id).ok_or_else(|| Refusal::new("You are not playing in this game."))?;
            let mut game = replay(&record)?;
            let prices = game.payable_prices(side);
            if prices.is_empty() {
                return Err(Refusal::new("No price is due from you now."));
            }
            let (price, squares) = read_payment(&game, &prices, text)?;
            game.apply(Action::PayPrice { side, squares: squares.clone() }).map_err(explain)?;
            let to_opponent = game.position().rules().turns.forfeit.is_some_and(|f| f.paid_to_opponent);
            let rules = game.position().rules();
            let whither = if to_opponent {
                format!("to {}'s hand", rules.side_name(!side))
            } else {
                "out of the game".to_string()
            };
            let line = format!("**{}** pays {} ({}), {whither}.", user.name, price.name, names(&game, &squares));
            let view = offstage.of(&record);
            self.proceed(record, game, view, now, vec![line])
        })
    }
}

/// Reads `[option] squares` against the payable prices: the squares name the
/// pieces; an option alone will do when it leaves no choice of pieces.
fn read_payment(game: &Game, prices: &[(Price, Vec<Square>)], text: &str) -> Result<(Price, Vec<Square>), Refusal> {
    let g = &game.position().rules().geometry;
    let text = text.trim();
    let text = text.strip_prefix("price").unwrap_or(text);
    let mut word = None;
    let mut squares = Vec::new();
    for token in text.split([' ', ',']).filter(|t| !t.is_empty()) {
        match g.parse_square(&token.to_ascii_lowercase()) {
            Some(square) => squares.push(square),
            None => {
                let wanted = token.to_ascii_lowercase();
                let named = prices.iter().find(|(p, _)| wanted.trim_end_matches('s') == p.word.trim_end_matches('s'));
                word = Some(named.ok_or_else(|| Refusal(offer_text(game, prices)))?);
            }
        }
    }
    if squares.is_empty() {
        return match word {
            Some((price, candidates)) if candidates.len() == usize::from(price.count) => {
                Ok((*price, candidates.clone()))
            }
            _ => Err(Refusal(offer_text(game, prices))),
        };
    }
    let fits = |(price, candidates): &&(Price, Vec<Square>)| {
        squares.len() == usize::from(price.count) && squares.iter().all(|s| candidates.contains(s))
    };
    match prices.iter().find(fits) {
        Some((price, _)) if word.is_none_or(|(named, _)| named == price) => Ok((*price, squares)),
        _ => Err(Refusal(format!("Those pieces are not a price. {}", offer_text(game, prices)))),
    }
}

fn names(game: &Game, squares: &[Square]) -> String {
    let g = &game.position().rules().geometry;
    squares.iter().map(|s| g.name(*s).to_string()).collect::<Vec<_>>().join(" ")
}

/// The ways to pay, in words.
fn offer_text(game: &Game, prices: &[(Price, Vec<Square>)]) -> String {
    let ways: Vec<String> = prices
        .iter()
        .map(|(price, squares)| format!("{} from {} (`price {} …`)", price.name, names(game, squares), price.word))
        .collect();
    format!("Pay one of: {}.", ways.join("; "))
}

/// What the game message says and offers while `side` must pay.
pub(super) fn price_offer(record: &ChannelGame, game: &Game, side: Color, who: &str) -> (String, Vec<Button>) {
    let prices = game.payable_prices(side);
    let mut ways = Vec::new();
    for (price, squares) in &prices {
        ways.extend(choose(squares, usize::from(price.count)).into_iter().map(|pick| (*price, pick)));
    }
    let mut buttons = Vec::new();
    if ways.len() <= MOST_BUTTONS {
        for (price, pick) in &ways {
            let shown = names(game, pick);
            let mut button =
                Button::new(ButtonAction::Price, &format!("Pay {} ({shown})", price.name), ButtonStyle::Primary);
            button.payload = Some(format!("{}:{}", record.id, shown.replace(' ', ",")));
            buttons.push(button);
        }
    }
    let line = format!(
        "{who} must pay a price for the mated brother king before moving. {} Example: `price {} {}`.",
        offer_text(game, &prices),
        ways.first().map_or("", |(p, _)| p.word),
        ways.first().map_or(String::new(), |(_, pick)| names(game, pick)),
    );
    (line, buttons)
}

/// Every way of picking `count` of `items`, in order.
fn choose(items: &[Square], count: usize) -> Vec<Vec<Square>> {
    if count == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, first) in items.iter().enumerate() {
        for mut rest in choose(&items[i + 1..], count - 1) {
            rest.insert(0, *first);
            out.push(rest);
            if out.len() > 4 * MOST_BUTTONS {
                return out;
            }
        }
    }
    out
}
