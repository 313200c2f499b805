//! Luck Dragon's own moves, added to the generic legal moves: relocation
//! variants (§4.3), the knights' Double Leaps (§4.2), and the moves a roll
//! grants for one turn (the king's dice moves, §6, and Lucky 8 wraps, §7).
//!
//! Everything added here is legal. A relocation never changes whether the own
//! king is safe: the neighbour fills the square the mover left, and a line
//! through the neighbour's square that could reach the king runs along the
//! home rank through both squares, so it stays blocked. A relocation variant is
//! therefore legal exactly when its plain move is, except that a Double Leap
//! must not give check, which relocation can change.

use crate::color::Color;
use crate::geometry::Square;
use crate::movegen::Pins;
use crate::moves::{Move, Relocation, Special};
use crate::piece::Piece;
use crate::position::Position;
use crate::squareset::SquareSet;
use crate::tables::MOVE;

use super::dice::{KING_AS_DRAGON, KING_AS_KNIGHT, WRAP};
use super::{file_of, rank_of, square, KNIGHT, LUCK_DRAGON, WIDTH};

/// [`Rules::extra_moves`](crate::rules::Rules::extra_moves) for Luck Dragon.
pub(super) fn extra_moves(position: &Position, out: &mut Vec<Move>) {
    let us = position.turn();
    let Some(king) = position.royals(us).iter().next() else { return };
    if !position.granted().is_empty() {
        granted_moves(position, king, out);
    }
    add_relocations(position, out);
    double_leaps(position, king, out);
}

/// The board with a few cells changed: a move tried without making it.
struct Overlay<'a> {
    position: &'a Position,
    changed: &'a [(Square, Option<Piece>)],
}

impl Overlay<'_> {
    #[inline]
    fn piece_at(&self, square: Square) -> Option<Piece> {
        match self.changed.iter().find(|(s, _)| *s == square) {
            Some((_, piece)) => *piece,
            None => self.position.piece_at(square),
        }
    }

    /// Whether `by` attacks `target`. No Luck Dragon piece hops, so the first
    /// piece on a chain decides.
    fn attacked(&self, target: Square, by: Color) -> bool {
        let tables = &self.position.rules().tables;
        tables.chains(by, target).iter().any(|chain| {
            for cell in tables.chain_cells(chain) {
                if let Some(piece) = self.piece_at(cell.square) {
                    return piece.color == by && cell.attackers >> piece.kind.0 & 1 != 0;
                }
            }
            false
        })
    }
}

pub(super) fn is_knight_leap(a: Square, b: Square) -> bool {
    file_of(a).abs_diff(file_of(b)) * rank_of(a).abs_diff(rank_of(b)) == 2
}

/// The neighbour of `from` on its rank that may relocate into it, on `side`.
fn neighbour(from: Square, side: Relocation, unmoved: &SquareSet) -> Option<Square> {
    let file = file_of(from);
    let square = match side {
        Relocation::Left if file > 0 => Square(from.0 - 1),
        Relocation::Right if file + 1 < WIDTH => Square(from.0 + 1),
        _ => return None,
    };
    unmoved.contains(square).then_some(square)
}

/// §4.3: every legal first move of a piece from its unmoved home square,
/// again with each unmoved neighbour sliding in behind it.
fn add_relocations(position: &Position, out: &mut Vec<Move>) {
    let unmoved = &position.marks().unmoved;
    for i in 0..out.len() {
        let mv = out[i];
        let with: fn(Relocation) -> Special = match mv.special {
            Special::None => Special::Relocate,
            Special::Wrap(Relocation::None) => Special::Wrap,
            _ => continue,
        };
        if !unmoved.contains(mv.from) {
            continue;
        }
        for side in [Relocation::Left, Relocation::Right] {
            if neighbour(mv.from, side, unmoved).is_some() {
                out.push(Move::new(mv.from, mv.to, with(side)));
            }
        }
    }
}

/// The squares a knight on `from` leaps to.
fn knight_leaps(position: &Position, from: Square) -> impl Iterator<Item = Square> + '_ {
    let tables = &position.rules().tables;
    tables
        .rays(Color::White, KNIGHT.0 as usize, from)
        .iter()
        .flat_map(|ray| tables.ray_cells(ray))
        .map(|cell| cell.square)
}

/// Pieces that alone block a line, each with the line's cells.
type Blockers = Vec<(Square, SquareSet)>;

/// Own pieces that alone block a line attack of `us` on the enemy king on
/// `target`, each with the line (from the king out to the attacker).
fn discoverers(position: &Position, target: Square, us: Color) -> Blockers {
    let tables = &position.rules().tables;
    let mut found = Vec::new();
    for chain in tables.chains(us, target) {
        let cells = tables.chain_cells(chain);
        let mut blocker = None;
        for (i, cell) in cells.iter().enumerate() {
            let Some(piece) = position.piece_at(cell.square) else { continue };
            match blocker {
                None if piece.color == us => blocker = Some(cell.square),
                None => break,
                Some(own) => {
                    if piece.color == us && cell.attackers >> piece.kind.0 & 1 != 0 {
                        found.push((own, cells[..=i].iter().map(|c| c.square).collect()));
                    }
                    break;
                }
            }
        }
    }
    found
}

/// §4.2: each knight with an allowance left leaps twice over empty squares,
/// never back to where it started and never giving check (D15); an entrance
/// stays on its own half.
///
/// The own king must be safe with the knight on the middle square (D14) and
/// after the turn. Out of check that fails exactly for a pinned knight, which
/// no leap keeps on its line. In check it always fails: the knight would have
/// to block the same line on both squares, and no knight leap joins two
/// squares of one line (nor does any block a leaper's check).
fn double_leaps(position: &Position, king: Square, out: &mut Vec<Move>) {
    let us = position.turn();
    let marks = position.marks();
    let knight = Piece { color: us, kind: KNIGHT };
    // Worked out once, when the first knight with an allowance needs them.
    let mut pins: Option<Option<Pins>> = None;
    let mut checks: Option<(Option<Square>, Blockers)> = None;
    for from in position.occupied(us).iter() {
        if position.piece_at(from) != Some(knight) {
            continue;
        }
        let entrance = marks.unmoved.contains(from);
        let allowed =
            if entrance { marks.flags & super::state::entrance(us) != 0 } else { !marks.tagged.contains(from) };
        if !allowed {
            continue;
        }
        let Some(pins) = pins.get_or_insert_with(|| position.pins_unless_checked(king, us)) else { return };
        if pins.iter().any(|(square, _)| *square == from) {
            continue;
        }
        let mut targets = SquareSet::EMPTY;
        for middle in knight_leaps(position, from).filter(|m| position.piece_at(*m).is_none()) {
            for to in knight_leaps(position, middle) {
                let own_half = (rank_of(to) < 4) == (us == Color::White);
                if to != from && position.piece_at(to).is_none() && (own_half || !entrance) {
                    targets.insert(to);
                }
            }
        }
        if targets.is_empty() {
            continue;
        }
        let (their_king, discovering) = checks.get_or_insert_with(|| {
            let their_king = position.royals(!us).iter().next();
            (their_king, their_king.map_or_else(Vec::new, |k| discoverers(position, k, us)))
        });
        for to in targets.iter() {
            let Some(their_king) = *their_king else {
                out.push(Move::new(from, to, Special::DoubleLeap(Relocation::None)));
                continue;
            };
            if is_knight_leap(to, their_king) {
                continue;
            }
            let discovers = discovering.iter().any(|(square, line)| *square == from && !line.contains(to));
            if !discovers {
                out.push(Move::new(from, to, Special::DoubleLeap(Relocation::None)));
            }
            if !entrance {
                continue;
            }
            // The neighbour refills `from`, so only its own attack can check.
            for side in [Relocation::Left, Relocation::Right] {
                let Some(next) = neighbour(from, side, &marks.unmoved) else { continue };
                let changed = [(from, position.piece_at(next)), (next, None), (to, Some(knight))];
                if !(Overlay { position, changed: &changed }).attacked(their_king, us) {
                    out.push(Move::new(from, to, Special::DoubleLeap(side)));
                }
            }
        }
    }
}

/// The moves this turn's rolls grant: the king's non-capturing knight or Luck
/// Dragon moves (§6), and wraps of every Luck Dragon (§7).
fn granted_moves(position: &Position, king: Square, out: &mut Vec<Move>) {
    let granted = position.granted();
    let us = position.turn();
    let tables = &position.rules().tables;
    let ordinary = out.len();
    let king_to = |to: Square, out: &mut Vec<Move>| {
        if position.piece_at(to).is_none() && !position.attacked_without(to, !us, king) {
            out.push(Move::new(king, to, Special::DiceKing));
        }
    };
    if granted.contains(KING_AS_KNIGHT) {
        for to in knight_leaps(position, king) {
            king_to(to, out);
        }
    }
    if granted.contains(KING_AS_DRAGON) {
        for ray in tables.rays(us, LUCK_DRAGON.0 as usize, king) {
            for cell in tables.ray_cells(ray) {
                if position.piece_at(cell.square).is_some() {
                    if ray.leaps {
                        continue;
                    }
                    break;
                }
                if cell.mode & MOVE != 0 {
                    king_to(cell.square, out);
                }
            }
        }
    }
    if !granted.contains(WRAP) {
        return;
    }
    let dragon = Piece { color: us, kind: LUCK_DRAGON };
    for from in position.occupied(us).iter().filter(|sq| position.piece_at(*sq) == Some(dragon)) {
        for to in wrap_landings(position, from) {
            if out[..ordinary].contains(&Move::new(from, to, Special::None)) {
                continue;
            }
            let changed = [(from, None), (to, Some(dragon))];
            if !(Overlay { position, changed: &changed }).attacked(king, !us) {
                out.push(Move::new(from, to, Special::Wrap(Relocation::None)));
            }
        }
    }
}

/// The squares a Luck Dragon on `from` reaches by a Lucky 8 wrap: an even
/// number of empty steps along its rank that crosses the board's edge, before
/// anything blocks the way. Some are also reached by a plain slide.
pub(super) fn wrap_landings(position: &Position, from: Square) -> Vec<Square> {
    let (file, rank) = (file_of(from) as i32, rank_of(from));
    let mut landings = Vec::new();
    for direction in [-1, 1] {
        for steps in 1..WIDTH as i32 {
            let through = file + direction * steps;
            let to = square(through.rem_euclid(WIDTH as i32) as usize, rank);
            if position.piece_at(to).is_some() {
                break;
            }
            let crossed = !(0..WIDTH as i32).contains(&through);
            if steps % 2 == 0 && crossed {
                landings.push(to);
            }
        }
    }
    landings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_leaps_by_product() {
        let (b1, c3, d2, d3) = (square(1, 0), square(2, 2), square(3, 1), square(3, 2));
        assert!(is_knight_leap(b1, c3) && is_knight_leap(b1, d2));
        assert!(!is_knight_leap(b1, d3) && !is_knight_leap(b1, b1));
    }

    #[test]
    fn relocating_neighbours_stay_on_the_rank() {
        let all: SquareSet = (0..20).map(|i| Square(i as u16)).collect();
        assert_eq!(neighbour(square(0, 0), Relocation::Left, &all), None);
        assert_eq!(neighbour(square(9, 0), Relocation::Right, &all), None);
        assert_eq!(neighbour(square(4, 0), Relocation::Left, &all), Some(square(3, 0)));
    }
}
