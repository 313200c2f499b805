//! Turn rules beyond "one move, then the other side": passes and secret
//! choices. Each is data a variant module sets on its [`Rules`](crate::Rules);
//! [`Game`](crate::game::Game) applies them, and the command core never names
//! a variant. A variant without them leaves [`TurnRules::default`].

use sha2::{Digest, Sha256};

use crate::color::Color;
use crate::geometry::Square;
use crate::position::Position;

/// What a variant's turn may be besides a move.
#[derive(Clone, Copy, Debug, Default)]
pub struct TurnRules {
    pub passes: Option<PassRule>,
    pub secret: Option<SecretRule>,
    /// Royal pieces lost without losing the game; needs `secret`.
    pub forfeit: Option<RoyalForfeit>,
}

/// When a side may give up its turn (Guardener: once per game, voluntarily
/// after seeing the roll, or forced when the roll leaves no move).
#[derive(Clone, Copy, Debug)]
pub struct PassRule {
    /// Passes each side has for the whole game; `None` for no limit.
    pub per_game: Option<u32>,
    /// A side may pass while it has a move.
    pub voluntary: bool,
    /// A side with no move passes (using up an allowance) instead of being
    /// mated or stalemated; once the allowance is gone, no move ends the game.
    pub forced: bool,
}

/// Where the position itself keeps the passes each side has made, for
/// variants whose position text shows them (Guardener's passes-used field):
/// a game from a position text starts with what `passed` reads, and every
/// pass is written back with `note`.
#[derive(Clone, Copy, Debug)]
pub struct PassesInPosition {
    /// Passes `side` has made, as the position records them.
    pub passed: fn(&Position, Color) -> u32,
    /// Records one more pass by `side` (before the side to move changes).
    pub note: fn(&mut Position, Color),
}

/// A choice each side makes in secret before the first move (New chess: which
/// king is the true one). The game record holds only a commitment to it; the
/// choice is revealed, and checked against the commitment, when the rules ask
/// for it or after the game.
#[derive(Clone, Copy, Debug)]
pub struct SecretRule {
    /// The options, as players type them (`E`, `F`).
    pub options: &'static [&'static str],
    /// What the choice is, for messages ("your true king").
    pub label: &'static str,
    /// The side whose secret must now be revealed before play goes on (New
    /// chess: a side with one king mated), given the position at the start of
    /// a turn. Move generation never sees the secret.
    pub reveal_due: fn(&Position) -> Option<Color>,
    /// What revealing `option` for `side` decides now: the side that wins,
    /// if the secret ends the game (the true king was the mated one).
    pub revealed: fn(&Position, Color, &str) -> Option<Color>,
}

/// A royal piece a side can lose and buy back (New chess: a mated brother
/// king). When the side to move has lost one, as `lost` says, and its revealed
/// secret does not make that the end of the game ([`SecretRule::revealed`]),
/// the royal piece leaves the board; if the side can pay one of the `prices`
/// with its own pieces on the board, the royal goes to its hand and the side
/// must pay before anything else, then moves as usual. Otherwise it leaves
/// the game for good.
#[derive(Clone, Copy, Debug)]
pub struct RoyalForfeit {
    /// The royal piece the side to move has lost now, if any (New chess: its
    /// one king in check when it has no legal move).
    pub lost: fn(&Position) -> Option<Square>,
    /// The payments, any one of which buys the royal piece back.
    pub prices: &'static [Price],
    /// Paid pieces go to the opponent's hand, as the kind a hand holds them
    /// (`Drops::in_hand_as`), rather than leaving the game.
    pub paid_to_opponent: bool,
}

/// One way of paying for a forfeited royal piece: `count` pieces whose kinds
/// are all in `kinds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Price {
    /// The word a player types (`tower`, `pawns`).
    pub word: &'static str,
    /// The price in words ("four pawns").
    pub name: &'static str,
    /// Bit `k` set: a piece of kind `k` counts.
    pub kinds: u32,
    pub count: u8,
}

/// The commitment to a secret choice: lower-case hex of
/// `SHA-256(context "|" colour "|" option "|" nonce)`, all UTF-8, where
/// `context` is the game's public id, `colour` is `white` or `black` and
/// `nonce` is at least 128 random bits in hex. docs/rules/secret-choices.md
/// specifies it for anyone who checks a game by hand.
pub fn commitment(context: &str, side: Color, option: &str, nonce: &str) -> String {
    let digest = Sha256::digest(preimage(context, side, option, nonce).as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The text whose SHA-256 is the [`commitment`]: `game42|white|E|<nonce>`,
/// shown whole so that anyone can hash it themselves.
pub fn preimage(context: &str, side: Color, option: &str, nonce: &str) -> String {
    let colour = side.fold("white", "black");
    format!("{context}|{colour}|{option}|{nonce}")
}

/// Whether `text` may stand as one field of a secret's record: no spaces and
/// no `|` (which would make two preimages hash alike).
pub fn is_field(text: &str) -> bool {
    !text.is_empty() && !text.contains('|') && !text.chars().any(char::is_whitespace)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_documented_hash() {
        // Computed with `echo -n 'game42|white|E|0011…eeff' | sha256sum`.
        let nonce = "00112233445566778899aabbccddeeff";
        assert_eq!(
            commitment("game42", Color::White, "E", nonce),
            "fd2911d1d9d0a776e366493551639d72b1241b78480c8b68b799d30c3fbb5eb3"
        );
        assert_eq!(
            commitment("game42", Color::Black, "E", nonce),
            "34fb6ff33e10fa2c75ec5e6507d9f6c7141be632b0bacffa48fa83c2e1e82b28"
        );
    }

    #[test]
    fn fields_cannot_smuggle_a_separator() {
        assert!(is_field("E") && is_field("game:42"));
        assert!(!is_field("") && !is_field("E|F") && !is_field("E F"));
    }
}
