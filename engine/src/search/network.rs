//! A small neural network that scores a position for the side to move, in
//! place of the hand-written terms of [`Placement`](super::placement) where a
//! game has been trained one (`engine/training/train_network.py`).
//!
//! Its input is one bit per piece, kind and cell, seen from each side: a
//! piece of the side's own or of the enemy, of kind k, on a cell numbered
//! with the ranks counted from that side. Each side's bits sum rows of one
//! shared table into a hidden layer (clipped to 0..1); the two layers, the
//! side to move's first, weigh into one output, the logit of the side to
//! move's expected result. Nothing of a variant is named: any single-layer
//! board whose kinds and cells match the file can carry one.
//!
//! The numbers are whole: the hidden layer is held in 0..[`ACTIVATION`], the
//! output weights are multiplied by [`OUTPUT_SCALE`], so a score is sums of
//! small integers, the same on every machine.

use crate::color::Color;
use crate::position::Position;
use crate::rules::Rules;

/// A hidden unit's activation 1.0, as held.
const ACTIVATION: i32 = 255;
/// An output weight of 1.0, as held.
const OUTPUT_SCALE: i32 = 64;
/// Centipawns per unit of logit: the labels were `1 / (1 + 10^(−cp/400))`.
const CENTIPAWNS_PER_LOGIT: f64 = 400.0 / std::f64::consts::LN_10;
/// The widest hidden layer a file may hold (the accumulators live on the stack).
const MOST_HIDDEN: usize = 512;
/// What a file starts with, then its version.
const MAGIC: &[u8; 4] = b"RKNN";
const VERSION: u16 = 1;

/// A trained network, as read from its file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    kinds: usize,
    cells: usize,
    hidden: usize,
    /// One row of `hidden` weights per input bit: own pieces' bits first,
    /// then the enemy's, each by kind then cell.
    rows: Vec<i16>,
    bias: Vec<i16>,
    /// The side to move's hidden layer's weights, then the other side's.
    output: Vec<i16>,
    output_bias: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetworkError {
    #[error("not a network file (it should start with RKNN)")]
    NotANetwork,
    #[error("network file version {0}, this build reads version {VERSION}")]
    Version(u16),
    #[error("a hidden layer of {0} units (1 to {MOST_HIDDEN} allowed)")]
    Hidden(usize),
    #[error("the network file is {found} bytes, its header says {expected}")]
    Length { expected: usize, found: usize },
}

impl Network {
    /// Reads a network file: `RKNN`, then little-endian the version, kinds,
    /// cells and hidden units (u16 each), the input rows, the hidden biases
    /// and the output weights (i16 each), and the output bias (i32).
    pub fn parse(bytes: &[u8]) -> Result<Network, NetworkError> {
        let (magic, rest) = bytes.split_at_checked(4).ok_or(NetworkError::NotANetwork)?;
        if magic != MAGIC {
            return Err(NetworkError::NotANetwork);
        }
        let header: Vec<u16> =
            rest.chunks_exact(2).take(4).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect();
        let [version, kinds, cells, hidden] = header[..] else { return Err(NetworkError::NotANetwork) };
        if version != VERSION {
            return Err(NetworkError::Version(version));
        }
        let (kinds, cells, hidden) = (usize::from(kinds), usize::from(cells), usize::from(hidden));
        if !(1..=MOST_HIDDEN).contains(&hidden) {
            return Err(NetworkError::Hidden(hidden));
        }
        let inputs = 2 * kinds * cells;
        let shorts = inputs * hidden + hidden + 2 * hidden;
        let expected = 4 + 8 + 2 * shorts + 4;
        if bytes.len() != expected {
            return Err(NetworkError::Length { expected, found: bytes.len() });
        }
        let body = &bytes[12..];
        let mut values = body.chunks_exact(2).take(shorts).map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let rows = values.by_ref().take(inputs * hidden).collect();
        let bias = values.by_ref().take(hidden).collect();
        let output = values.collect();
        let tail = &body[2 * shorts..];
        let output_bias = i32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
        Ok(Network { kinds, cells, hidden, rows, bias, output, output_bias })
    }

    /// Whether the network was trained for a board and pieces like `rules`':
    /// as many kinds, one cell per square of a single-layer board.
    pub fn fits(&self, rules: &Rules) -> bool {
        let geometry = &rules.geometry;
        self.kinds == rules.kinds.len()
            && geometry.layers().len() == 1
            && self.cells == geometry.width() * geometry.height()
    }

    /// The position's worth to the side to move, in centipawns. The network
    /// must [fit](Network::fits) the position's rules.
    pub fn score(&self, position: &Position) -> i32 {
        let us = position.turn();
        let mut ours = [0i32; MOST_HIDDEN];
        let mut theirs = [0i32; MOST_HIDDEN];
        let (ours, theirs) = (&mut ours[..self.hidden], &mut theirs[..self.hidden]);
        for (accumulator, bias) in ours.iter_mut().zip(&self.bias) {
            *accumulator = i32::from(*bias);
        }
        theirs.copy_from_slice(ours);
        let geometry = &position.rules().geometry;
        for color in Color::ALL {
            for (square, kind) in position.pieces(color) {
                let (kind, rank, file) = (usize::from(kind.0), geometry.rank(square), geometry.file(square));
                let input = |side: Color| {
                    let cell = geometry.rank_seen_by(side, rank) * geometry.width() + file;
                    let enemy = usize::from(color != side);
                    (enemy * self.kinds + kind) * self.cells + cell
                };
                self.add(ours, input(us));
                self.add(theirs, input(!us));
            }
        }
        let (own_weights, their_weights) = self.output.split_at(self.hidden);
        let weigh = |layer: &[i32], weights: &[i16]| -> i64 {
            layer.iter().zip(weights).map(|(&unit, &w)| i64::from(unit.clamp(0, ACTIVATION)) * i64::from(w)).sum()
        };
        let logit = weigh(ours, own_weights) + weigh(theirs, their_weights) + i64::from(self.output_bias);
        let scale = f64::from(ACTIVATION * OUTPUT_SCALE);
        (logit as f64 / scale * CENTIPAWNS_PER_LOGIT).round() as i32
    }

    fn add(&self, layer: &mut [i32], input: usize) {
        let row = &self.rows[input * self.hidden..(input + 1) * self.hidden];
        for (unit, &weight) in layer.iter_mut().zip(row) {
            *unit += i32::from(weight);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;
    use crate::variant::Variant;

    /// A network file of `hidden` units for `kinds` kinds on `cells` cells,
    /// every weight made by `weight(index)`.
    fn file(kinds: u16, cells: u16, hidden: u16, weight: impl Fn(usize) -> i16, output_bias: i32) -> Vec<u8> {
        let mut bytes = MAGIC.to_vec();
        for value in [VERSION, kinds, cells, hidden] {
            bytes.extend(value.to_le_bytes());
        }
        let shorts = (2 * kinds as usize * cells as usize + 3) * hidden as usize;
        for index in 0..shorts {
            bytes.extend(weight(index).to_le_bytes());
        }
        bytes.extend(output_bias.to_le_bytes());
        bytes
    }

    #[test]
    fn a_file_that_is_not_a_network_is_refused_with_the_reason() {
        assert_eq!(Network::parse(b"PNG..."), Err(NetworkError::NotANetwork));
        let mut good = file(6, 64, 4, |_| 1, 0);
        assert!(Network::parse(&good).is_ok());
        good.pop();
        assert!(matches!(Network::parse(&good), Err(NetworkError::Length { .. })));
        let mut other_version = file(6, 64, 4, |_| 1, 0);
        other_version[4] = 9;
        assert_eq!(Network::parse(&other_version), Err(NetworkError::Version(9)));
        assert_eq!(Network::parse(&file(6, 64, 0, |_| 1, 0)), Err(NetworkError::Hidden(0)));
    }

    #[test]
    fn a_network_fits_only_a_board_and_pieces_like_its_own() {
        let network = Network::parse(&file(6, 64, 4, |_| 1, 0)).unwrap();
        assert!(network.fits(&Variant::Chess.rules().unwrap()));
        assert!(!network.fits(&Variant::Guardener.rules().unwrap()));
        assert!(!network.fits(&Variant::Dragonchess.rules().unwrap()));
    }

    #[test]
    fn the_score_is_the_side_to_moves_and_the_same_for_a_mirrored_position() {
        // One hidden unit that counts own pawns (50 each) and a second that
        // counts enemy pawns, each side's; each side's own pawns count for
        // the side to move, the enemy's against: a pawn up is worth the same
        // to either side, seen from its own side.
        let (kinds, cells, hidden) = (6usize, 64usize, 2usize);
        let inputs = 2 * kinds * cells;
        let weight = move |index: usize| -> i16 {
            if index < inputs * hidden {
                let (input, unit) = (index / hidden, index % hidden);
                let (enemy, kind) = (input / (kinds * cells), input / cells % kinds);
                if kind == 0 && unit == enemy {
                    return 50;
                }
                return 0;
            }
            let index = index - inputs * hidden;
            match index.checked_sub(hidden) {
                None => 0,
                Some(output) => [64, -64, -64, 64][output],
            }
        };
        let network = Network::parse(&file(6, 64, 2, weight, 0)).unwrap();
        let rules = Variant::Chess.rules().unwrap();
        let white_up = fen::parse(&rules, "4k3/pp6/8/8/8/8/PPP5/4K3 w - - 0 1").unwrap();
        let black_up = fen::parse(&rules, "4k3/ppp5/8/8/8/8/PP6/4K3 b - - 0 1").unwrap();
        let white_down = fen::parse(&rules, "4k3/ppp5/8/8/8/8/PP6/4K3 w - - 0 1").unwrap();
        let up = network.score(&white_up);
        assert!(up > 0, "{up}");
        assert_eq!(network.score(&black_up), up);
        assert_eq!(network.score(&white_down), -up);
    }

    #[test]
    fn chess_carries_its_network_and_it_weighs_material_as_players_do() {
        let rules = Variant::Chess.rules().unwrap();
        let network = (rules.network.expect("chess has a network"))();
        assert!(network.fits(&rules));
        let score = |text: &str| network.score(&fen::parse(&rules, text).unwrap());
        let start = score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(start.abs() < 60, "the start is about even, not {start}");
        // A queen up, seen by either side to move, from either colour.
        let white_up = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let black_down = score("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1");
        let black_up = score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1");
        assert!(white_up > 500 && black_up > 500, "{white_up} {black_up}");
        assert!(black_down < -500, "{black_down}");
        // Two knights are worth more than one, a pawn less than a knight.
        let knight_down = score("rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        let pawn_down = score("rnbqkbnr/ppppppp1/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert!(knight_down > pawn_down && pawn_down > start, "{knight_down} {pawn_down} {start}");
    }

    #[test]
    fn only_chess_is_scored_by_a_network() {
        // Dice Landing is played on chess's board with chess's pieces, so the
        // network would fit it, but it never saw a reserve or a roll.
        for variant in Variant::ALL {
            let rules = variant.rules().unwrap();
            assert_eq!(rules.network.is_some(), variant == Variant::Chess, "{variant}");
        }
    }
}
