//! Material values for any variant, derived from the pieces' own move tables,
//! so a new variant is valued without anyone writing numbers down.

use crate::color::Color;
use crate::rules::Rules;
use crate::tables::{AFAR, CAPTURE};

/// What a pawn is worth; the unit of every other value.
const PAWN: i32 = 100;
/// Centipawns per square a piece attacks on average from an empty board.
/// With it chess comes out at knight 284, bishop 406, rook 590, queen 896:
/// close enough to the textbook 300/300/500/900 to play sensibly.
const PER_SQUARE: f64 = 35.0;

/// Each kind's value in centipawns, by kind index: pawns 100, royal pieces 0
/// (they are never traded), every other piece 100 plus 35 for each square it
/// attacks on average over the board when nothing is in the way.
pub fn piece_values(rules: &Rules) -> Vec<i32> {
    let squares: Vec<_> = rules.geometry.squares().collect();
    rules
        .kinds
        .iter()
        .enumerate()
        .map(|(index, kind)| {
            if kind.royal {
                return 0;
            }
            if kind.pawn {
                return PAWN;
            }
            let reach: usize = squares
                .iter()
                .map(|&origin| {
                    let rays = rules.tables.rays(Color::White, index, origin);
                    rays.iter()
                        .flat_map(|ray| rules.tables.ray_cells(ray))
                        .filter(|cell| cell.mode & (CAPTURE | AFAR) != 0)
                        .count()
                })
                .sum();
            let average = reach as f64 / squares.len().max(1) as f64;
            PAWN + (PER_SQUARE * average).round() as i32
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;
    use crate::variants::chess::{BISHOP, KING, KNIGHT, PAWN as P, QUEEN, ROOK};

    #[test]
    fn chess_values_are_in_the_usual_order() {
        let values = piece_values(&Variant::Chess.rules().unwrap());
        let at = |kind: crate::piece::Kind| values[kind.0 as usize];
        assert_eq!(at(P), 100);
        assert_eq!(at(KING), 0);
        assert!(at(P) < at(KNIGHT) && at(KNIGHT) < at(BISHOP) && at(BISHOP) < at(ROOK) && at(ROOK) < at(QUEEN));
        assert!((250..350).contains(&at(KNIGHT)) && (850..950).contains(&at(QUEEN)), "{values:?}");
    }
}
