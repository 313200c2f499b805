//! Move notation: SAN-style output with disambiguation and check marks, and a
//! lenient parser that accepts SAN or coordinates (`e2e4`, `e7e8q`) and, when a
//! move is wrong, says why and which moves would do.

pub mod standard;

use crate::echo::echo;
use crate::moves::{Move, Special};
use crate::position::Position;
use crate::royalty::Royalty;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("type a move, for example `e4`, `Nf3` or `e2e4`")]
    Empty,
    #[error("`{}` is not a move I can read: {reason}", echo(.text))]
    Syntax { text: String, reason: String },
    #[error("`{}` is not legal here: {reason}", echo(.text))]
    Illegal { text: String, reason: String },
    #[error("`{}` could mean {}; say which", echo(.text), .candidates.join(" or "))]
    Ambiguous { text: String, candidates: Vec<String> },
}

/// The canonical SAN of `mv`, with `+` or `#` when it checks or mates.
pub fn san(position: &Position, mv: Move) -> String {
    san_among(position, mv, &position.legal_moves())
}

/// [`san`] with the position's legal moves already at hand. The marks follow
/// the royalty rule: none where royals are simply captured, and `++` where a
/// side with several royals has two in check.
pub fn san_among(position: &Position, mv: Move, legal: &[Move]) -> String {
    let mut out = (position.rules().dialect.san)(position, mv, legal);
    let mut after = position.scratch();
    after.make(mv);
    if after.is_check() {
        if after.legal_moves().is_empty() && !rescued_by_roll(&after) {
            out.push('#');
        } else if after.rules().royalty == Royalty::Several && after.attacked_royals(after.turn()).len() >= 2 {
            out.push_str("++");
        } else {
            out.push('+');
        }
    }
    out
}

/// Whether a roll the turn would require could still give the side to move
/// a move (Dice Landing: a face that deploys a blocker), so that having no
/// move on the board is not yet mate. Such a `required` hook must not depend
/// on the game's options: it sees the defaults here.
fn rescued_by_roll(position: &Position) -> bool {
    position.rules().chance.is_some_and(|chance| {
        let options = crate::options::GameOptions::defaults(position.rules().options);
        (chance.required)(position, &options, &[]).is_some()
    })
}

/// Whether `mv` captures something.
pub fn is_capture(position: &Position, mv: Move) -> bool {
    match mv.special {
        Special::EnPassant | Special::FromAfar => true,
        Special::Castle(_) => false,
        _ => position.piece_at(mv.to).is_some(),
    }
}

/// The frame every move reader shares: trims check marks and comments, reads
/// the text into the dialect's pattern, and finds the one legal move it names,
/// or says why none or several do.
pub(crate) fn resolve<P>(
    position: &Position,
    text: &str,
    read: impl Fn(&Position, &str) -> Result<P, String>,
    matches: impl Fn(&Position, &P, Move) -> bool,
    why_illegal: impl Fn(&Position, &P, &[Move]) -> String,
) -> Result<Move, MoveError> {
    let trimmed = text.trim();
    let core = trimmed.trim_end_matches(['+', '#', '!', '?']);
    if core.is_empty() {
        return Err(MoveError::Empty);
    }
    let pattern = read(position, core).map_err(|reason| MoveError::Syntax { text: bounded(trimmed), reason })?;
    let legal = position.legal_moves();
    let candidates: Vec<Move> = legal.iter().copied().filter(|m| matches(position, &pattern, *m)).collect();
    match candidates.as_slice() {
        [one] => Ok(*one),
        [] => Err(MoveError::Illegal { text: bounded(trimmed), reason: why_illegal(position, &pattern, &legal) }),
        many => {
            let names: Vec<String> = many.iter().map(|m| san_among(position, *m, &legal)).collect();
            if many.iter().all(|m| m.promotion().is_some() && m.from == many[0].from && m.to == many[0].to) {
                let reason = format!("say which piece the pawn becomes: {}", names.join(", "));
                return Err(MoveError::Illegal { text: bounded(trimmed), reason });
            }
            Err(MoveError::Ambiguous { text: bounded(trimmed), candidates: names })
        }
    }
}

/// `text` cut to a length an error message can quote whole.
pub(crate) fn bounded(text: &str) -> String {
    const LONGEST: usize = 40;
    match text.char_indices().nth(LONGEST) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// A move as game records store it, in the variant's coordinates (`e2e4`, `e7e8q`).
pub fn coordinates(position: &Position, mv: Move) -> String {
    (position.rules().dialect.coordinates)(position, mv)
}

/// Reads a move in any form the variant accepts and finds it among the legal moves.
pub fn parse_move(position: &Position, text: &str) -> Result<Move, MoveError> {
    (position.rules().dialect.parse_move)(position, text)
}

/// The moves `text` may mean when it reads as a move that could promote or
/// not, by a kind's optional promotion ([`crate::rules::PromotionRule`]),
/// and says neither (New chess: `Ff8` or `c5f8` where knighting is allowed
/// but not forced; `Ff8^` and `Ff8=` say it): the move without promotion
/// first, then each promotion. `None` when the text is not a legal move or
/// decides. A mark after the square (`^`, `=`, `=Q`, `q`) decides; check and
/// annotation marks (`+ # ! ?`) do not. Other kind changes a move may carry
/// (Luck Dragon's `/R`) are not promotions a player is asked about.
pub fn open_promotion(position: &Position, text: &str) -> Option<Vec<Move>> {
    let mv = parse_move(position, text).ok()?;
    let piece = position.piece_at(mv.from).filter(|_| mv.dropped().is_none())?;
    let optional = |rule: &crate::rules::PromotionRule| {
        rule.kind == piece.kind
            && rule.zone[piece.color].contains(mv.to)
            && !rule.compulsory[piece.color].contains(mv.to)
    };
    if !position.rules().promotions.iter().any(optional) {
        return None;
    }
    let bare = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if !bare.ends_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let mut ways: Vec<Move> = position
        .legal_moves()
        .into_iter()
        .filter(|m| m.from == mv.from && m.to == mv.to && m.dropped().is_none())
        .filter(|m| !matches!(m.special, crate::moves::Special::Castle(_)))
        .collect();
    ways.sort_by_key(|m| m.promotion().is_some());
    let optional = ways.first().is_some_and(|m| m.promotion().is_none()) && ways.len() > 1;
    optional.then_some(ways)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;
    use crate::variant::Variant;

    fn position(fen: &str) -> Position {
        fen::chess::parse(&Variant::Chess.rules().unwrap(), fen).unwrap()
    }

    fn start() -> Position {
        position(crate::variants::chess::START)
    }

    fn san_of(p: &Position, text: &str) -> String {
        san(p, parse_move(p, text).unwrap())
    }

    #[test]
    fn reads_san_and_coordinates() {
        let p = start();
        for (input, expected) in
            [("e4", "e4"), ("e2e4", "e4"), ("Nf3", "Nf3"), ("g1f3", "Nf3"), ("Ng1-f3", "Nf3"), ("Nf3!?", "Nf3")]
        {
            assert_eq!(san_of(&p, input), expected, "{input}");
        }
    }

    #[test]
    fn disambiguates_by_file_rank_or_square() {
        let p = position("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
        assert_eq!(san_of(&p, "Rad1"), "Rad1");
        assert_eq!(san_of(&p, "f1d1"), "Rfd1");
        assert_eq!(san_of(&p, "Ra2"), "Ra2");
        let p = position("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
        assert_eq!(san_of(&p, "R1a3"), "R1a3");
        assert_eq!(san_of(&p, "R5a3"), "R5a3");
        let p = position("k7/8/8/8/8/2Q5/8/2Q1Q2K w - - 0 1");
        assert_eq!(san_of(&p, "Qc1d2"), "Qc1d2");
        assert_eq!(san_of(&p, "Qed2"), "Qed2");
        assert_eq!(san_of(&p, "c3d2"), "Q3d2");
    }

    #[test]
    fn promotions_castling_checks_and_mates() {
        let p = position("4k3/P7/8/8/8/8/8/4K2R w K - 0 1");
        assert_eq!(san_of(&p, "a8=Q"), "a8=Q+");
        assert_eq!(san_of(&p, "a7a8n"), "a8=N");
        assert_eq!(san_of(&p, "a8(R)"), "a8=R+");
        assert_eq!(san_of(&p, "O-O"), "O-O");
        assert_eq!(san_of(&p, "0-0"), "O-O");
        assert_eq!(san_of(&p, "e1g1"), "O-O");
        assert_eq!(san_of(&p, "e1h1"), "O-O");
        let mate = position("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1");
        assert_eq!(san_of(&mate, "Ra8"), "Ra8#");
        let ep = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        assert_eq!(san_of(&ep, "exd6"), "exd6");
        assert_eq!(parse_move(&ep, "e5d6").unwrap().special, Special::EnPassant);
    }

    #[test]
    fn errors_explain() {
        let p = start();
        assert_eq!(parse_move(&p, "  "), Err(MoveError::Empty));
        assert!(matches!(parse_move(&p, "Zf3"), Err(MoveError::Syntax { .. })));
        assert!(matches!(parse_move(&p, "hello"), Err(MoveError::Syntax { .. })));
        // The error quotes what was typed, whole, not what was left after
        // the letters that look like files.
        let words = parse_move(&p, "hello world").unwrap_err().to_string();
        assert!(words.starts_with("`hello world` is not a move I can read"), "{words}");
        assert!(!words.contains("`llo world`"), "{words}");
        let long = "x".repeat(500);
        assert!(parse_move(&p, &long).unwrap_err().to_string().len() < 200);
        assert!(matches!(parse_move(&p, "e2"), Err(MoveError::Illegal { .. })));
        match parse_move(&p, "Qh5") {
            Err(MoveError::Illegal { reason, .. }) => {
                assert!(reason.contains("no queen of yours can move"), "{reason}")
            }
            other => panic!("{other:?}"),
        }
        match parse_move(&p, "Nd4") {
            Err(MoveError::Illegal { reason, .. }) => assert!(reason.contains("Na3 Nc3 Nf3 Nh3"), "{reason}"),
            other => panic!("{other:?}"),
        }
        match parse_move(&p, "e7e5") {
            Err(MoveError::Illegal { reason, .. }) => assert!(reason.contains("not yours"), "{reason}"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse_move(&p, "O-O"), Err(MoveError::Illegal { .. })));
        let two_knights = position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
        match parse_move(&two_knights, "Nd2") {
            Err(MoveError::Ambiguous { candidates, .. }) => assert_eq!(candidates, vec!["Nbd2", "Nfd2"]),
            other => panic!("{other:?}"),
        }
        let promo = position("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        match parse_move(&promo, "a8") {
            Err(MoveError::Illegal { reason, .. }) => assert!(reason.contains("a8=Q+, a8=R+, a8=B, a8=N"), "{reason}"),
            other => panic!("{other:?}"),
        }
    }
}
