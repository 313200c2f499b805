//! Position text: FEN for chess, built on a placement codec that every variant's
//! format shares (ranks from the far side, `/` between ranks, `|` between
//! layers, runs of empty cells as decimal counts, upper case for White).

use crate::echo::echo;
use std::fmt::Write;
use std::sync::Arc;

use crate::color::Color;
use crate::geometry::Square;
use crate::piece::{Piece, Tag};
use crate::position::{EnPassant, Position};
use crate::rules::Rules;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    #[error("the position text has {found} fields; {variant} needs {expected} ({layout})")]
    FieldCount { variant: &'static str, found: usize, expected: usize, layout: &'static str },
    #[error("board: {0}")]
    Placement(String),
    #[error("side to move must be `w` or `b`, not `{}`", echo(.0))]
    Turn(String),
    #[error("castling field `{}` must be `-` or letters from `KQkq`", echo(.0))]
    Castling(String),
    #[error("castling right `{right}` needs {needs}")]
    CastlingMismatch { right: char, needs: String },
    #[error("en-passant field `{}` must be `-` or the square a pawn just passed over with its double step", echo(.0))]
    EnPassant(String),
    #[error("{field} must be a whole number, not `{}`", echo(.text))]
    Number { field: &'static str, text: String },
    #[error("{field} `{}` is beyond any game (at most {max})", echo(.text), max = MAX_COUNTER)]
    Absurd { field: &'static str, text: String },
    #[error("illegal position: {0}")]
    Illegal(String),
    #[error("{field} must be {expected}, not `{}`", echo(.text))]
    Field { field: &'static str, expected: &'static str, text: String },
}

/// Parses the placement part into an empty position of `rules`.
pub fn parse_placement(rules: &Arc<Rules>, text: &str) -> Result<Position, FenError> {
    let g = &rules.geometry;
    let mut position = Position::empty(Arc::clone(rules));
    let layers: Vec<&str> = text.split('|').collect();
    if layers.len() != g.layers().len() {
        return Err(FenError::Placement(format!(
            "expected {} boards separated by `|`, found {}",
            g.layers().len(),
            layers.len()
        )));
    }
    for (layer, layer_text) in layers.iter().enumerate() {
        let ranks: Vec<&str> = layer_text.split('/').collect();
        if ranks.len() != g.height() {
            return Err(FenError::Placement(format!(
                "expected {} ranks separated by `/`, found {}",
                g.height(),
                ranks.len()
            )));
        }
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = g.height() - 1 - row;
            let cells: Vec<Square> =
                (0..g.width()).filter_map(|f| g.square(layer as i32, f as i32, rank as i32)).collect();
            let label = g.rank_label(rank);
            let mut next = 0;
            let mut chars = rank_text.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(digit) = c.to_digit(10) {
                    let mut run = digit as usize;
                    while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        run = run * 10 + d as usize;
                        chars.next();
                    }
                    if run == 0 {
                        return Err(FenError::Placement(format!("rank {label}: an empty run of 0 cells")));
                    }
                    next += run;
                } else {
                    // A two-character token: a prefix, then the letter.
                    let (prefix, c) = match rules.is_prefix(c) {
                        true => (Some(c), chars.next().unwrap_or(' ')),
                        false => (None, c),
                    };
                    let kind = rules.kind_by_token(prefix, c).ok_or_else(|| {
                        let token: String = prefix.into_iter().chain([c]).collect();
                        FenError::Placement(format!("rank {label}: `{token}` is not a piece of {}", rules.variant))
                    })?;
                    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                    let square = *cells.get(next).ok_or_else(|| too_long(label, cells.len()))?;
                    position.put(square, Piece { color, kind });
                    next += 1;
                }
                if next > cells.len() {
                    return Err(too_long(label, cells.len()));
                }
            }
            if next != cells.len() {
                return Err(FenError::Placement(format!(
                    "rank {label} describes {next} cells, it has {}",
                    cells.len()
                )));
            }
        }
    }
    Ok(position)
}

fn too_long(label: &str, cells: usize) -> FenError {
    FenError::Placement(format!("rank {label} describes more than its {cells} cells"))
}

/// Writes the placement part of `position`.
pub fn write_placement(position: &Position, out: &mut String) {
    let rules = position.rules();
    let g = &rules.geometry;
    for layer in 0..g.layers().len() {
        if layer > 0 {
            out.push('|');
        }
        for rank in (0..g.height()).rev() {
            let mut empty = 0;
            for file in 0..g.width() {
                let Some(square) = g.square(layer as i32, file as i32, rank as i32) else { continue };
                match position.piece_at(square) {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        rules.push_token(out, piece.color, piece.kind);
                    }
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
    }
}

/// Splits a placement field into the board and the hands in brackets
/// (crazyhouse style: `board[QRrb]`), if there are any.
pub fn split_hands(field: &str) -> Result<(&str, Option<&str>), FenError> {
    match field.split_once('[') {
        None => Ok((field, None)),
        Some((board, rest)) => match rest.strip_suffix(']') {
            Some(hands) if !hands.contains(['[', ']']) => Ok((board, Some(hands))),
            _ => Err(FenError::Placement(format!("the hands `[{rest}` must end the field with one `]`"))),
        },
    }
}

/// Fills the hands of `position` from their letters: upper case for White's,
/// lower case for Black's, in any order.
pub fn parse_hands(position: &mut Position, text: &str) -> Result<(), FenError> {
    let rules = Arc::clone(position.rules());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        let (prefix, c) = match rules.is_prefix(c) {
            true => (Some(c), chars.next().unwrap_or(' ')),
            false => (None, c),
        };
        let kind = rules
            .kind_by_token(prefix, c)
            .ok_or_else(|| FenError::Placement(format!("hands: `{c}` is not a piece of {}", rules.variant)))?;
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let count = position.hand(color).count(kind);
        let count = count.checked_add(1).ok_or_else(|| FenError::Placement("hands: too many pieces".into()))?;
        position.set_hand_count(color, kind, count);
    }
    Ok(())
}

/// Writes the hands of `position` in brackets, White's first, each in kind order.
pub fn write_hands(position: &Position, out: &mut String) {
    out.push('[');
    for color in Color::ALL {
        for (kind, count) in position.hand(color).kinds() {
            for _ in 0..count {
                position.rules().push_token(out, color, kind);
            }
        }
    }
    out.push(']');
}

pub(crate) fn parse_turn(text: &str) -> Result<Color, FenError> {
    match text {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(FenError::Turn(text.to_string())),
    }
}

/// The largest move counter position text may hold. Far beyond any game, and
/// far below `u32::MAX`, so counting on from it can never wrap.
pub const MAX_COUNTER: u32 = 1_000_000;

/// A move counter of position text: a whole number up to [`MAX_COUNTER`].
pub(crate) fn parse_number(field: &'static str, text: &str) -> Result<u32, FenError> {
    let shown = || text.chars().take(24).collect::<String>();
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        // All digits: too big to parse is as absurd as too big to allow.
        return match text.parse::<u32>() {
            Ok(n) if n <= MAX_COUNTER => Ok(n),
            _ => Err(FenError::Absurd { field, text: shown() }),
        };
    }
    Err(FenError::Number { field, text: shown() })
}

/// Reads a position written in its variant's position text.
pub fn parse(rules: &Arc<Rules>, text: &str) -> Result<Position, FenError> {
    (rules.dialect.parse_position)(rules, text)
}

/// Writes a position in its variant's position text.
pub fn write(position: &Position) -> String {
    (position.rules().dialect.write_position)(position)
}

/// Chess FEN, as lichess and python-chess read and write it.
pub mod chess {
    use super::*;

    const LETTERS: [char; 4] = ['K', 'Q', 'k', 'q'];

    pub fn parse(rules: &Arc<Rules>, text: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        // The clocks may be left out, as many tools do; they default to 0 and 1.
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount {
                variant: "chess",
                found: fields.len(),
                expected: 6,
                layout: "placement, side, castling, en passant, halfmove clock, fullmove number",
            });
        }
        // A variant with hands writes them after the board, crazyhouse style.
        let (board, hands) = split_hands(fields[0])?;
        let mut position = parse_placement(rules, board)?;
        if let Some(hands) = hands.filter(|_| rules.drops.is_some()) {
            parse_hands(&mut position, hands)?;
        } else if hands.is_some() {
            return Err(FenError::Placement(format!("{} has no pieces in hand", rules.variant)));
        }
        let turn = parse_turn(fields[1])?;
        let castling = parse_castling(rules, &position, fields[2])?;
        let en_passant = parse_en_passant(rules, &position, turn, fields[3])?;
        let halfmove = fields.get(4).map_or(Ok(0), |t| parse_number("the halfmove clock", t))?;
        let fullmove = fields.get(5).map_or(Ok(1), |t| parse_number("the fullmove number", t))?.max(1);
        position.set_state(turn, castling, en_passant, halfmove, fullmove);
        validate(&position)?;
        Ok(position)
    }

    pub(crate) fn parse_castling(rules: &Rules, position: &Position, text: &str) -> Result<u8, FenError> {
        if text == "-" {
            return Ok(0);
        }
        let bits: Vec<usize> = text.chars().filter_map(|c| LETTERS.iter().position(|l| *l == c)).collect();
        let unique = bits.iter().enumerate().all(|(i, b)| !bits[..i].contains(b));
        if bits.len() != text.chars().count() || !unique {
            return Err(FenError::Castling(text.to_string()));
        }
        let mut rights = 0u8;
        for bit in bits {
            let c = LETTERS[bit];
            let rule = rules.castling.iter().find(|r| r.right as usize == bit).expect("chess has four castling rules");
            let g = &rules.geometry;
            let holds = |sq: Square, letter: char| {
                position.piece_at(sq).is_some_and(|p| p.color == rule.color && rules.kind(p.kind).letter == letter)
            };
            if !holds(rule.king_from, 'K') || !holds(rule.rook_from, 'R') {
                return Err(FenError::CastlingMismatch {
                    right: c,
                    needs: format!("a king on {} and a rook on {}", g.name(rule.king_from), g.name(rule.rook_from)),
                });
            }
            rights |= 1 << bit;
        }
        Ok(rights)
    }

    pub(crate) fn parse_en_passant(
        rules: &Rules,
        position: &Position,
        turn: Color,
        text: &str,
    ) -> Result<Option<EnPassant>, FenError> {
        if text == "-" {
            return Ok(None);
        }
        let g = &rules.geometry;
        let bad = || FenError::EnPassant(text.to_string());
        let target = g.parse_square(text).ok_or_else(bad)?;
        let (file, rank) = (g.file(target) as i32, g.rank(target) as i32);
        let mover = !turn;
        let victim = g.square(0, file, rank + mover.forward()).ok_or_else(bad)?;
        let origin = g.square(0, file, rank - mover.forward()).ok_or_else(bad)?;
        // The victim must be a pawn whose double step from `origin` lands where
        // it stands: the rank follows from the pieces, not from chess.
        let tables = &rules.tables;
        let double_stepped = position.piece_at(victim).is_some_and(|p| {
            p.color == mover
                && rules.kind(p.kind).pawn
                && tables.rays(mover, p.kind.0 as usize, origin).iter().any(|ray| {
                    ray.tag == Tag::DoubleStep && tables.ray_cells(ray).last().is_some_and(|c| c.square == victim)
                })
        });
        if !double_stepped || position.piece_at(target).is_some() || position.piece_at(origin).is_some() {
            return Err(bad());
        }
        Ok(Some(EnPassant { target, victim }))
    }

    fn validate(position: &Position) -> Result<(), FenError> {
        let rules = position.rules();
        for color in Color::ALL {
            let kings = position.royals(color).len();
            if kings != 1 {
                let side = color.fold("White", "Black");
                return Err(FenError::Illegal(format!("{side} has {kings} kings; chess needs exactly one each")));
            }
            for (square, kind) in position.pieces(color) {
                let rank = rules.geometry.rank(square);
                if rules.kind(kind).pawn && (rank == 0 || rank == 7) {
                    return Err(FenError::Illegal(format!("a pawn on {}", rules.geometry.name(square))));
                }
            }
        }
        if rules.royalty.has_check() && position.royal_attacked(!position.turn()) {
            return Err(FenError::Illegal("the side not to move is in check".into()));
        }
        Ok(())
    }

    /// FEN of `position`. The en-passant square is written only when an
    /// en-passant capture is legal, as lichess and python-chess do.
    pub fn write(position: &Position) -> String {
        let mut out = String::with_capacity(90);
        write_placement(position, &mut out);
        if position.rules().drops.is_some() {
            write_hands(position, &mut out);
        }
        out.push_str(position.turn().fold(" w ", " b "));
        let rights = position.castling_rights();
        if rights == 0 {
            out.push('-');
        }
        out.extend(LETTERS.iter().enumerate().filter(|(bit, _)| rights >> bit & 1 != 0).map(|(_, c)| *c));
        out.push(' ');
        match position.legal_en_passant() {
            Some(ep) => {
                let _ = write!(out, "{}", position.rules().geometry.name(ep.target));
            }
            None => out.push('-'),
        }
        let _ = write!(out, " {} {}", position.halfmove_clock(), position.fullmove_number());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn rules() -> Arc<Rules> {
        Variant::Chess.rules().unwrap()
    }

    #[test]
    fn round_trips() {
        for fen in [
            crate::variants::chess::START,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "4k3/8/8/8/8/8/8/4K2R b K - 12 40",
        ] {
            let position = chess::parse(&rules(), fen).unwrap();
            assert_eq!(chess::write(&position), fen);
        }
    }

    #[test]
    fn useless_en_passant_is_not_written() {
        let p = chess::parse(&rules(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
        assert_eq!(chess::write(&p), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    }

    #[test]
    fn clocks_are_optional() {
        let p = chess::parse(&rules(), "4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
        assert_eq!(chess::write(&p), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    }

    #[test]
    fn errors_say_what_is_wrong() {
        let r = rules();
        let err = |fen: &str| chess::parse(&r, fen).unwrap_err();
        assert!(matches!(err("8/8/8 w - - 0 1"), FenError::Placement(_)));
        assert!(matches!(err("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), FenError::Placement(_)));
        assert!(matches!(err("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), FenError::Placement(_)));
        assert!(matches!(err("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), FenError::Placement(_)));
        assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 x - - 0 1"), FenError::Turn(_)));
        assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w KX - 0 1"), FenError::Castling(_)));
        assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w KK - 0 1"), FenError::Castling(_)));
        assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w K - 0 1"), FenError::CastlingMismatch { right: 'K', .. }));
        assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w - e3 0 1"), FenError::EnPassant(_)));
        assert!(matches!(err("4k3/8/8/8/8/8/8/4K3 w - - x 1"), FenError::Number { .. }));
        assert!(matches!(err("4k3/8/8/8/8/8/8/4K3"), FenError::FieldCount { .. }));
        assert!(matches!(err("8/8/8/8/8/8/8/4K3 w - - 0 1"), FenError::Illegal(_)));
        assert!(matches!(err("4k3/8/8/8/8/8/8/4KK2 w - - 0 1"), FenError::Illegal(_)));
        assert!(matches!(err("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"), FenError::Illegal(_)));
        assert!(matches!(err("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1"), FenError::Illegal(_)));
    }
}
