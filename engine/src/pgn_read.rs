//! Reads a game back from the PGN [`crate::pgn::write`] makes: the tags that
//! say what is played (`Variant`, `VariantOptions`, `FEN`, `SecretContext`),
//! the moves in the variant's SAN, and the comments that stand for turn
//! actions (rolls, `{commit …}`, `{reveal …}`, `{price: …}`, see
//! [`crate::pgn_notes`]). The closing comment gives an ending the board does
//! not show (resignation, agreement, time). The result is a [`GameRecord`]
//! that replays to the same game.

use crate::color::Color;
use crate::game::{Action, Choice, Game, GameError, GameRecord, ReplayError};
use crate::variant::Variant;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnReadError {
    #[error("the PGN names no variant Rookery plays (`{0}`)")]
    Variant(String),
    #[error(transparent)]
    Start(#[from] ReplayError),
    #[error("`{token}` cannot be played there: {error}")]
    Token { token: String, error: GameError },
    #[error("the comment `{0}` does not read")]
    Comment(String),
}

/// The game a PGN text records.
pub fn read(text: &str) -> Result<GameRecord, PgnReadError> {
    let (tags, movetext) = split_tags(text);
    let tag = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str());
    let named = tag("Variant").unwrap_or("Standard");
    // Any case, spaces and dashes: the names Rookery writes (`newchess`,
    // `Standard`) and older spellings (`New chess`).
    let variant: Variant = named.parse().map_err(|_| PgnReadError::Variant(named.to_string()))?;
    let mut game = Game::create(variant, tag("VariantOptions").unwrap_or(""), tag("FEN"))?;
    let context = tag("SecretContext").unwrap_or("");
    // Reveals the rules did not ask for were made once the game was over
    // (after a resignation the closing comment gives): they wait for it.
    let mut after_the_end = Vec::new();
    let tokens = tokens(movetext);
    let mut next = 0;
    while let Some(&token) = tokens.get(next) {
        next += 1;
        let fail = |error| PgnReadError::Token { token: token.to_string(), error };
        if let Some(comment) = token.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
            // A comment may be wrapped over lines: its words are what count.
            let comment = comment.split_whitespace().collect::<Vec<_>>().join(" ");
            for action in comment_actions(&game, &comment, context)? {
                let asked = game.turn().is_some_and(|turn| turn.choices.contains(&Choice::Reveal));
                if matches!(action, Action::Reveal { .. }) && game.outcome().is_none() && !asked {
                    after_the_end.push((token, action));
                    continue;
                }
                game.apply(action).map_err(fail)?;
            }
        } else if let Some(faces) = token.strip_prefix('[').and_then(|t| t.strip_suffix(']')).and_then(faces_of) {
            game.apply(roll(&game, faces).map_err(fail)?).map_err(fail)?;
        } else if game.outcome().is_some() && game.roll_ending_text().as_deref() == Some(token) {
            // The word for a last turn that was only a roll: the roll before
            // it already ended the game.
        } else if is_move(token) {
            let side = game.position().turn();
            if token == "pass" {
                game.apply(Action::Pass(side)).map_err(fail)?;
                continue;
            }
            // A mark some notations write after a move like a comment
            // (Guardener's terrace, `Bcz3 {T3}`) is part of the move when
            // the variant reads the two as one.
            if let Some(mark) = tokens.get(next).filter(|t| t.starts_with('{')) {
                if game.play_move(side, &format!("{token} {mark}")).is_ok() {
                    next += 1;
                    continue;
                }
            }
            game.play_move(side, token).map_err(fail)?;
        }
    }
    for (token, action) in after_the_end {
        game.apply(action).map_err(|error| PgnReadError::Token { token: token.to_string(), error })?;
    }
    Ok(game.record())
}

/// The value of the PGN's tag `name` (`Result`), if it has one.
pub fn tag(text: &str, name: &str) -> Option<String> {
    split_tags(text).0.into_iter().find(|(n, _)| n == name).map(|(_, value)| value)
}

/// The `[Name "value"]` tags and the movetext after them. Only lines of that
/// form are tags: a movetext line may start with `[` too (a roll, `[3,4]`).
fn split_tags(text: &str) -> (Vec<(String, String)>, &str) {
    let mut tags = Vec::new();
    let mut rest = text.trim_start();
    while let Some(line) = rest.lines().next() {
        let Some(tag) = tag_line(line.trim()) else { break };
        tags.push(tag);
        rest = rest[line.len()..].trim_start();
    }
    (tags, rest)
}

/// `[Name "value"]` as its name and unescaped value; `None` for any other line.
fn tag_line(line: &str) -> Option<(String, String)> {
    let body = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, quoted) = body.split_once(|c: char| c.is_whitespace())?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let inner = quoted.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            // An unescaped quote inside would end the value early.
            '"' => return None,
            c => value.push(c),
        }
    }
    Some((name.to_string(), value))
}

/// Comments (`{…}` whole), roll brackets and words of the movetext.
fn tokens(movetext: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = movetext;
    loop {
        rest = rest.trim_start();
        let Some(first) = rest.chars().next() else { break };
        let end = match first {
            '{' => rest.find('}').map_or(rest.len(), |i| i + 1),
            ';' => {
                rest = &rest[rest.find('\n').unwrap_or(rest.len())..];
                continue;
            }
            _ => rest.find(char::is_whitespace).unwrap_or(rest.len()),
        };
        out.push(&rest[..end]);
        rest = &rest[end..];
    }
    out
}

/// A move (or `pass`), not a move number, result or annotation glyph.
fn is_move(token: &str) -> bool {
    let numbered = token.trim_end_matches('.').chars().all(|c| c.is_ascii_digit()) && token.ends_with('.');
    !numbered && !token.starts_with('$') && !["1-0", "0-1", "1/2-1/2", "*"].contains(&token)
}

/// `2` or `2-2-7` or `2,3`: the faces of a roll.
fn faces_of(text: &str) -> Option<Vec<u32>> {
    text.split(['-', ',']).map(|f| f.trim().parse().ok()).collect()
}

/// The roll of these faces the turn takes (see [`Game::roll_kind_for`]).
fn roll(game: &Game, faces: Vec<u32>) -> Result<Action, GameError> {
    let kind = game.roll_kind_for(&faces).ok_or_else(|| {
        let shapes = game.position().rules().chance.map_or("no dice".to_string(), |c| c.shapes());
        GameError::RollRefused(format!("{} rolls {shapes}", game.variant()))
    })?;
    Ok(Action::Roll { side: game.position().turn(), kind, faces })
}

/// What a comment stands for: a roll (`d6 2: N`), a commitment, a reveal, a
/// price, a draw offer, its refusal or a claim, or the ending in the closing
/// comment; nothing for the others.
fn comment_actions(game: &Game, comment: &str, context: &str) -> Result<Vec<Action>, PgnReadError> {
    let bad = || PgnReadError::Comment(comment.to_string());
    let side_of = |letter: &str| match letter {
        "W" => Ok(Color::White),
        "B" => Ok(Color::Black),
        _ => Err(bad()),
    };
    if let Some(rest) = comment.strip_prefix("commit ") {
        let (letter, commitment) = rest.split_once(':').ok_or_else(bad)?;
        let side = side_of(letter.trim())?;
        let commitment = commitment.trim().to_string();
        return Ok(vec![Action::ChooseSecret { side, context: context.to_string(), commitment }]);
    }
    if let Some(rest) = comment.strip_prefix("reveal ") {
        let (letter, rest) = rest.split_once(':').ok_or_else(bad)?;
        let (named, nonce) = rest.trim().split_once(" nonce=").ok_or_else(bad)?;
        let option = named.split_once('-').map_or(named, |(option, _)| option).to_string();
        return Ok(vec![Action::Reveal { side: side_of(letter.trim())?, option, nonce: nonce.trim().to_string() }]);
    }
    if let Some(rest) = comment.strip_prefix("price:") {
        let side = game.price_due().ok_or_else(bad)?;
        let pieces = rest.split('→').next().unwrap_or("");
        let g = &game.position().rules().geometry;
        let squares: Result<Vec<_>, _> =
            pieces.split_whitespace().skip(1).map(|s| g.parse_square(s).ok_or_else(bad)).collect();
        return Ok(vec![Action::PayPrice { side, squares: squares? }]);
    }
    if let Some(action) = crate::pgn_notes::read_draw_note(game.position().rules(), comment) {
        return Ok(vec![action]);
    }
    if let Some(ending) = closing(game, comment) {
        return Ok(ending);
    }
    // A roll: `<dice> <faces>: what they mean`.
    let numbers = comment.split_once(':').and_then(|(head, _)| head.split_once(' ')).and_then(|(_, f)| faces_of(f));
    let Some(faces) = numbers else { return Ok(Vec::new()) };
    let roll = roll(game, faces).map_err(|error| PgnReadError::Token { token: format!("{{{comment}}}"), error })?;
    Ok(vec![roll])
}

/// The actions behind a closing comment's ending the board does not show.
/// A PGN that names no draw offer or claim before it (as Rookery's older
/// ones did) has the side to move offer or claim.
fn closing(game: &Game, comment: &str) -> Option<Vec<Action>> {
    if game.outcome().is_some() {
        return None;
    }
    let rules = game.position().rules();
    let winner = Color::ALL.into_iter().find(|c| comment.starts_with(&format!("{} wins by ", rules.side_name(*c))));
    let by = |reason: &str| comment.ends_with(&format!(" by {reason}."));
    let side = game.position().turn();
    let claimable = game.turn().into_iter().flat_map(|turn| turn.choices).find_map(|choice| match choice {
        Choice::ClaimDraw(reason) => Some(reason.describe(&rules.draws)),
        _ => None,
    });
    match winner {
        Some(w) if by("resignation") => Some(vec![Action::Resign(!w)]),
        Some(w) if by("time forfeit") => Some(vec![Action::Timeout(!w)]),
        None if comment.starts_with("Draw by") && by("agreement") => Some(match game.draw_offer() {
            Some(offered_by) => vec![Action::AcceptDraw(!offered_by)],
            None => vec![Action::OfferDraw(side), Action::AcceptDraw(!side)],
        }),
        None if comment.starts_with("Draw by timeout") => Some(vec![Action::Timeout(side)]),
        None if claimable.is_some_and(|reason| comment == format!("Draw by {reason}.")) => {
            Some(vec![Action::ClaimDraw(side)])
        }
        _ => None,
    }
}
