//! Static exchange evaluation: what a capture wins once both sides have
//! taken back on its square with their cheapest pieces for as long as it
//! pays, read from the variant's own attack chains (sliders behind the
//! first capturer join in, hoppers need their screen), so it works for any
//! variant. Pins and checks are not looked at: it is an estimate for move
//! ordering and pruning, not a proof.

use crate::color::Color;
use crate::geometry::Square;
use crate::moves::{Move, Special};
use crate::position::Position;
use crate::squareset::SquareSet;

/// What a royal piece counts for in an exchange: more than anything it can
/// take, so taking with it onto a defended square always looks lost.
const ROYAL_VALUE: i32 = 20_000;
/// The longest exchange followed; real ones are far shorter.
const LONGEST_EXCHANGE: usize = 32;

/// The material `mv` wins for the side to move after the best sequence of
/// recaptures on its square (negative: it loses material), by `values` per
/// kind. `None` for moves that are not a plain capture (promotions, en
/// passant, drops, captures from afar...), whose exchange it does not model.
pub(super) fn exchange(position: &Position, mv: Move, values: &[i32]) -> Option<i32> {
    exchange_read(position, mv, values, true)
}

/// [`exchange`], each next capturer found from the chains' masks where the
/// board has them and `masks` is set (a few candidate pieces looked at),
/// else along every cell of every chain toward the square.
fn exchange_read(position: &Position, mv: Move, values: &[i32], masks: bool) -> Option<i32> {
    if mv.special != Special::None {
        return None;
    }
    let victim = position.piece_at(mv.to)?;
    let mover = position.piece_at(mv.from)?;
    let worth = |kind: crate::piece::Kind| {
        if position.rules().kinds[kind.0 as usize].royal {
            ROYAL_VALUE
        } else {
            values[kind.0 as usize]
        }
    };
    let mut gains = [0; LONGEST_EXCHANGE];
    gains[0] = worth(victim.kind);
    let mut standing = worth(mover.kind);
    let mut gone = SquareSet::EMPTY;
    gone.insert(mv.from);
    let mut side = !position.turn();
    let mut depth = 0;
    let bits = position.rules().tables.bits().filter(|_| masks);
    let occupied = position.all_occupied().first_word();
    while depth + 1 < LONGEST_EXCHANGE {
        let attacker = match bits {
            Some(bits) => position.cheapest_attacker_by_masks(bits, mv.to, side, occupied & !gone.first_word(), worth),
            None => cheapest_attacker(position, mv.to, side, &gone, &worth),
        };
        let Some((square, kind)) = attacker else { break };
        depth += 1;
        // What `side` has after taking the piece standing there, if it then stops.
        gains[depth] = standing - gains[depth - 1];
        if (-gains[depth - 1]).max(gains[depth]) < 0 {
            // Taking or not, `side` is behind: the sign of the result is settled.
            break;
        }
        gone.insert(square);
        standing = worth(kind);
        side = !side;
    }
    while depth > 0 {
        gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
        depth -= 1;
    }
    Some(gains[0])
}

/// The least valuable piece of `by` attacking `target` once the pieces on
/// `gone` have left (taken or moved in), with its kind.
fn cheapest_attacker(
    position: &Position,
    target: Square,
    by: Color,
    gone: &SquareSet,
    worth: &impl Fn(crate::piece::Kind) -> i32,
) -> Option<(Square, crate::piece::Kind)> {
    let tables = &position.rules().tables;
    let at = |square: Square| if gone.contains(square) { None } else { position.piece_at(square) };
    let mut best: Option<(i32, Square, crate::piece::Kind)> = None;
    for chain in tables.chains(by, target) {
        let cells = tables.chain_cells(chain);
        if chain.behind && at(cells[0].square).is_none() {
            continue;
        }
        let mut screened = !chain.hop;
        for cell in cells {
            let Some(piece) = at(cell.square) else { continue };
            if !screened {
                screened = true;
                continue;
            }
            let attacks = piece.color == by && cell.attackers >> piece.kind.0 & 1 != 0;
            if attacks && !position.is_frozen(cell.square) {
                let value = worth(piece.kind);
                if best.is_none_or(|(least, _, _)| value < least) {
                    best = Some((value, cell.square, piece.kind));
                }
            }
            break;
        }
    }
    best.map(|(_, square, kind)| (square, kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::piece_values;
    use crate::variant::Variant;
    use crate::{fen, notation};

    /// The exchange value of the move written `san` in `fen`.
    fn exchange_of(fen_text: &str, san: &str) -> Option<i32> {
        let rules = Variant::Chess.rules().unwrap();
        let position = fen::parse(&rules, fen_text).unwrap();
        let values = piece_values(&rules);
        let mv = notation::parse_move(&position, san).unwrap();
        exchange(&position, mv, &values)
    }

    #[test]
    fn an_undefended_piece_is_won_whole() {
        let rook = piece_values(&Variant::Chess.rules().unwrap())[crate::variants::chess::ROOK.0 as usize];
        assert_eq!(exchange_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "Rxe5"), Some(100));
        assert_eq!(exchange_of("4k3/8/8/3r4/8/8/8/3RK3 w - - 0 1", "Rxd5"), Some(rook));
    }

    #[test]
    fn a_queen_taking_a_defended_pawn_loses_the_difference() {
        let values = piece_values(&Variant::Chess.rules().unwrap());
        let queen = values[crate::variants::chess::QUEEN.0 as usize];
        assert_eq!(exchange_of("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "Qxd5"), Some(100 - queen));
    }

    #[test]
    fn a_defender_takes_back_and_a_slider_behind_joins_in() {
        let values = piece_values(&Variant::Chess.rules().unwrap());
        let knight = values[crate::variants::chess::KNIGHT.0 as usize];
        // A knight for a pawn: the pawn on c6 takes back.
        assert_eq!(exchange_of("4k3/8/2p5/3p4/8/4N3/8/4K3 w - - 0 1", "Nxd5"), Some(100 - knight));
        // Two rooks against one: the rook behind takes back, so the pawn is won.
        assert_eq!(exchange_of("3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "Rxd5"), Some(100));
    }

    #[test]
    fn the_masks_find_the_same_exchanges_as_the_chains() {
        // Every capture of random play in each game whose board has masks.
        let mut random = crate::splitmix::SplitMix64::new(7);
        let mut compared = 0;
        for variant in Variant::ALL {
            let rules = variant.rules().unwrap();
            if rules.tables.bits().is_none() {
                continue;
            }
            let values = piece_values(&rules);
            for _ in 0..20 {
                let mut position = fen::parse(&rules, rules.start).unwrap();
                for _ in 0..60 {
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    for &mv in &moves {
                        let by_masks = exchange_read(&position, mv, &values, true);
                        assert_eq!(by_masks, exchange_read(&position, mv, &values, false), "{variant} {mv:?}");
                        compared += usize::from(by_masks.is_some());
                    }
                    position.make(moves[random.next_u64() as usize % moves.len()]);
                }
            }
        }
        assert!(compared > 1_000, "only {compared} exchanges compared");
    }

    #[test]
    fn moves_that_are_not_plain_captures_have_no_estimate() {
        assert_eq!(exchange_of("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=Q"), None);
        assert_eq!(exchange_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6"), None);
    }
}
