//! Where pieces stand, scored for any variant from its rules data: the
//! player's positional terms beside material (see docs/player.md).
//!
//! - A piece is worth more where it reaches more squares of an empty board
//!   (its own move table decides: a knight in the centre, not in a corner).
//! - A pawn is worth more the further it has come (forward is up the ranks
//!   for White, down for Black, in every built variant), and much more when
//!   no enemy pawn ahead on its file or the next ones can stop it (passed).
//! - A royal piece stays home behind its pawns while the opponent still has
//!   pieces to attack it with, and walks to the centre once they are gone.

use std::sync::Arc;

use crate::color::Color;
use crate::geometry::Square;
use crate::position::Position;
use crate::rules::Rules;
use crate::squareset::SquareSet;
use crate::tables::{AFAR, CAPTURE};

/// Centipawns per square of reach above (or below) the kind's average.
const PER_SQUARE_OF_REACH: i32 = 3;
/// A pawn's bonus grows with the square of the ranks it has come:
/// `PAWN_STEP * n * (n + 1)` after `n` ranks (0, 4, 12, 24, 40, 60 in chess).
const PAWN_STEP: i32 = 2;
/// A passed pawn's progress bonus counts this many times more...
const PASSED_FACTOR: i32 = 2;
/// ...and it gains this much for being passed at all.
const PASSED_BASE: i32 = 10;
/// Centipawns per rank a royal piece has left its home rank, in full middlegame.
const ROYAL_EXPOSURE: i32 = 15;
/// Centipawns per own pawn (up to three) sheltering a royal piece, in full middlegame.
const ROYAL_SHELTER: i32 = 12;
/// Centipawns per square of reach above average, for a royal piece in a bare endgame.
const ROYAL_CENTRE: i32 = 6;
/// Centipawns lost per enemy piece (pawns and royals aside) within two steps
/// of one of the side's royal pieces.
const ROYAL_DANGER: i32 = 12;

pub(super) struct Placement {
    /// `[colour][kind * box + square]`: reach and pawn terms, fixed per square.
    fixed: [Vec<i32>; 2],
    /// `[colour][square]`: ranks a royal piece stands from its home rank.
    royal_exposure: [Vec<i32>; 2],
    /// `[kind * box + square]`: reach above the kind's average, for royal pieces.
    royal_reach: Vec<i32>,
    /// `[colour][square]`: where an enemy pawn stops a pawn of the colour on
    /// the square from being passed (ahead of it on its file or the next ones).
    stoppers: [Vec<SquareSet>; 2],
    /// `[colour][square]`: where own pawns shelter a royal piece on the square
    /// (one or two ranks ahead, on its file or the next ones).
    shelter: [Vec<SquareSet>; 2],
    /// `[square]`: the squares within two steps of it (on any board shape;
    /// a layer counts as a step), where an enemy piece endangers a royal one.
    near: Vec<SquareSet>,
    box_size: usize,
    /// Non-pawn, non-royal material of one side at the start: full middlegame.
    opening_material: i32,
}

impl Placement {
    pub(super) fn new(rules: &Arc<Rules>, values: &[i32]) -> Placement {
        let geometry = &rules.geometry;
        let box_size = geometry.box_size();
        let kinds = rules.kinds.len();
        let mut fixed = [vec![0; kinds * box_size], vec![0; kinds * box_size]];
        let mut royal_reach = vec![0; kinds * box_size];
        let mut royal_exposure = [vec![0; box_size], vec![0; box_size]];
        let top = geometry.height().saturating_sub(1);
        let mut stoppers = [vec![SquareSet::EMPTY; box_size], vec![SquareSet::EMPTY; box_size]];
        let mut shelter = [vec![SquareSet::EMPTY; box_size], vec![SquareSet::EMPTY; box_size]];
        let mut near = vec![SquareSet::EMPTY; box_size];
        let apart = |x: usize, y: usize| x.abs_diff(y);
        for square in geometry.squares() {
            near[square.index()] = geometry
                .squares()
                .filter(|&other| {
                    apart(geometry.file(square), geometry.file(other))
                        .max(apart(geometry.rank(square), geometry.rank(other)))
                        + apart(geometry.layer(square), geometry.layer(other))
                        <= 2
                })
                .collect();
            let rank = geometry.rank(square);
            royal_exposure[0][square.index()] = rank as i32;
            royal_exposure[1][square.index()] = (top - rank) as i32;
            for color in [Color::White, Color::Black] {
                let side = color.fold(0, 1);
                for other in geometry.squares() {
                    let Some(ahead) = ranks_ahead(rules, color, square, other) else { continue };
                    if ahead > 0 {
                        stoppers[side][square.index()].insert(other);
                    }
                    if (1..=2).contains(&ahead) {
                        shelter[side][square.index()].insert(other);
                    }
                }
            }
        }
        for (index, kind) in rules.kinds.iter().enumerate() {
            for color in [Color::White, Color::Black] {
                let side = color.fold(0, 1);
                let reach: Vec<(usize, i32)> =
                    geometry.squares().map(|sq| (sq.index(), reach_from(rules, color, index, sq))).collect();
                let average = reach.iter().map(|(_, r)| r).sum::<i32>() / reach.len().max(1) as i32;
                for &(square, r) in &reach {
                    let slot = index * box_size + square;
                    if kind.royal {
                        royal_reach[slot] = r - average;
                    } else if kind.pawn {
                        let start = pawn_start(rules, color, index);
                        let rank = geometry.rank(Square(square as u16)) as i32;
                        let come = if color == Color::White { rank - start } else { start - rank }.max(0);
                        fixed[side][slot] = PAWN_STEP * come * (come + 1);
                    } else {
                        fixed[side][slot] = PER_SQUARE_OF_REACH * (r - average);
                    }
                }
            }
        }
        let opening_material = crate::fen::parse(rules, rules.start).map_or(0, |start| {
            start
                .pieces(Color::White)
                .filter(|&(_, kind)| !rules.kinds[kind.0 as usize].pawn)
                .map(|(_, kind)| values[kind.0 as usize])
                .sum()
        });
        Placement { fixed, royal_exposure, royal_reach, stoppers, shelter, near, box_size, opening_material }
    }

    /// How exposed the side to move's royal pieces are, less the same for
    /// the opponent: [`ROYAL_DANGER`] per enemy piece (pawns and royals
    /// aside) near one of them.
    pub(super) fn royal_danger(&self, position: &Position) -> i32 {
        let rules = position.rules();
        let danger = |side: Color| -> i32 {
            let mut around = SquareSet::EMPTY;
            for royal in position.royals(side).iter() {
                around |= self.near[royal.index()];
            }
            let close = around & *position.occupied(!side) & !*position.royals(!side);
            let attackers = close.iter().filter(|&square| {
                position.piece_at(square).is_some_and(|piece| !rules.kinds[piece.kind.0 as usize].pawn)
            });
            ROYAL_DANGER * attackers.count() as i32
        };
        let us = position.turn();
        danger(!us) - danger(us)
    }

    /// The placement score of `color`'s pieces; `enemy_material` is the
    /// opponent's non-pawn material, which decides how safe a royal must be;
    /// `pawns` holds the squares of each colour's pawns, by colour index.
    pub(super) fn score(&self, position: &Position, color: Color, enemy_material: i32, pawns: &[SquareSet; 2]) -> i32 {
        let rules = position.rules();
        let side = color.fold(0, 1);
        // 256: middlegame (the enemy keeps half its pieces or more); 0: it
        // has nothing left but pawns and royals.
        let phase =
            if self.opening_material > 0 { (enemy_material * 512 / self.opening_material).clamp(0, 256) } else { 0 };
        let (own_pawns, enemy_pawns) = (pawns[side], pawns[1 - side]);
        let mut score = 0;
        for (square, kind) in position.pieces(color) {
            let slot = kind.0 as usize * self.box_size + square.index();
            if own_pawns.contains(square) && (self.stoppers[side][square.index()] & enemy_pawns).is_empty() {
                // Nothing can stop it but pieces: its progress counts again.
                score += self.fixed[side][slot] * PASSED_FACTOR + PASSED_BASE;
            }
            if rules.kinds[kind.0 as usize].royal {
                let shield = (self.shelter[side][square.index()] & own_pawns).len().min(3) as i32;
                let shelter = ROYAL_SHELTER * shield * phase;
                let exposed = ROYAL_EXPOSURE * self.royal_exposure[side][square.index()] * phase - shelter;
                let centred = ROYAL_CENTRE * self.royal_reach[slot] * (256 - phase);
                score += (centred - exposed) / 256;
            } else {
                score += self.fixed[side][slot];
            }
        }
        score
    }
}

/// Squares `kind` of `color` attacks from `origin` on an empty board.
fn reach_from(rules: &Rules, color: Color, kind: usize, origin: Square) -> i32 {
    rules
        .tables
        .rays(color, kind, origin)
        .iter()
        .flat_map(|ray| rules.tables.ray_cells(ray))
        .filter(|cell| cell.mode & (CAPTURE | AFAR) != 0)
        .count() as i32
}

/// The rank `color`'s pawns of `kind` start on: the nearest rank to their
/// own side that holds one in the start position, else their home edge.
fn pawn_start(rules: &Arc<Rules>, color: Color, kind: usize) -> i32 {
    let home = if color == Color::White { 0 } else { rules.geometry.height() as i32 - 1 };
    let Ok(start) = crate::fen::parse(rules, rules.start) else { return home };
    let ranks = start
        .pieces(color)
        .filter(|&(_, k)| k.0 as usize == kind)
        .map(|(square, _)| rules.geometry.rank(square) as i32);
    match color {
        Color::White => ranks.min(),
        Color::Black => ranks.max(),
    }
    .unwrap_or(home)
}

/// How many ranks `other` stands ahead of `square` for `color` (up the ranks
/// for White, down for Black), if it is on the same layer and on the same
/// file or a neighbouring one.
fn ranks_ahead(rules: &Rules, color: Color, square: Square, other: Square) -> Option<i64> {
    let geometry = &rules.geometry;
    if geometry.layer(square) != geometry.layer(other) || geometry.file(square).abs_diff(geometry.file(other)) > 1 {
        return None;
    }
    let (from, to) = (geometry.rank(square) as i64, geometry.rank(other) as i64);
    Some(if color == Color::White { to - from } else { from - to })
}
