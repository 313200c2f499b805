//! Dice Landing Chess (Jishan Zhang): FIDE chess with a reserve per side. On
//! each turn a side makes a board move or rolls a six-faced die to deploy a
//! reserve piece of the face's type onto one of its FIDE starting squares; a
//! landed piece cannot be captured on the opponent's next turn. The rules are
//! `shared/rules/dice-landing.md`; `docs/rules/dicelanding.md` lists the
//! decisions taken beyond it.
//!
//! Everything is the engine core's data: reserves are hands, the die's faces
//! are grants that open drop zones (and replace the board moves, `drops_only`),
//! the exemption is landing immunity, the king's kept square is
//! `restrict_moves`. This module adds the die ([`dice`]), castling rights that
//! follow the unmoved squares ([`marks`]), DL-FEN ([`fen`]) and the notation
//! of §12 ([`notation`]).

mod dice;
mod explain;
mod fen;
mod marks;
mod notation;

use std::sync::Arc;

use crate::color::{ByColor, Color};
use crate::geometry::{Shade, Square};
use crate::grants::Grants;
use crate::guide::Guide;
use crate::hand::{CaptureTo, DropZone, Drops};
use crate::moves::Move;
use crate::options::{symbols_of, GameOption, GameOptions, Values};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::{Dialect, DrawRules, Rules};
use crate::search::Weights;
use crate::squareset::SquareSet;
use crate::variant::Variant;
use crate::variants::chess;
use crate::variants::CompiledRules;

pub use chess::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};
pub use dice::{face_of, Face, DEPLOY, FAILED};

/// §3: the default lineup.
pub const START: &str = "4k3/2pppp2/8/8/8/8/2PPPP2/4K3[QRRBBNNPPPPqrrbbnnpppp] w e1e8 - 0 1 -";
/// §3: kings alone on the board, everything else in reserve.
pub const KING_ONLY: &str = "4k3/8/8/8/8/8/8/4K3[QRRBBNNPPPPPPPPqrrbbnnpppppppp] w e1e8 - 0 1 -";

/// The die's symbols, in the order of the grants: one per kind (the chess
/// kinds' order), then `*`, the any-piece face (☺).
pub const DIE_SYMBOLS: &str = "PNBRQK*";

/// Game options, in the order of [`OPTIONS`].
pub const LINEUP: usize = 0;
pub const DIE: usize = 1;
pub const CAPTURED: usize = 2;
pub const UNBLOCKABLE_CHECK_ROLL: usize = 3;

pub const OPTIONS: &[GameOption] = &[
    GameOption {
        name: "lineup",
        values: Values::Words(&["standard", "king-only"]),
        about: "the start: K+4 pawns on the board, or the king alone (a custom lineup is a position)",
    },
    GameOption {
        name: "die",
        values: Values::Symbols { alphabet: DIE_SYMBOLS, length: 6, default: "PNBRQ*" },
        about: "the six faces, each one of P N B R Q K or * (any piece)",
    },
    GameOption {
        name: "captured",
        values: Values::Words(&["removed", "revival"]),
        about: "captured pieces leave the game, or go back to their owner's reserve",
    },
    GameOption {
        name: "unblockable_check_roll",
        values: Values::Words(&["lose", "fallback"]),
        about: "a roll in check that lands but cannot block loses, or counts as failed",
    },
];

/// The game's die: its six faces, first face first.
pub fn die(options: &GameOptions) -> [Face; 6] {
    let Values::Symbols { alphabet, length, .. } = OPTIONS[DIE].values else { unreachable!("the die is symbols") };
    let symbols = symbols_of(alphabet, length, options.value(DIE));
    std::array::from_fn(|i| Face::from_symbol(symbols[i]).expect("die symbols come from the alphabet"))
}

/// The rules of a game with these options. The lineup, the die and the
/// captured rule are data of the rules, so each combination is built once.
pub fn rules_for(options: &GameOptions) -> Arc<Rules> {
    static BUILT: CompiledRules<(u32, u32, u32)> = CompiledRules::new();
    let key = (options.value(LINEUP), options.value(DIE), options.value(CAPTURED));
    BUILT.get(key, || rules(options))
}

/// Chess's tuned weights, with the armies waiting in reserve counted: for
/// the phase as if on the board (a game that starts with most pieces off the
/// board is no bare endgame) and at three quarters of their value (a
/// deployment gains the rest and where it lands, not the whole piece).
/// Level 8 so weighted scored 36/40 against level 8 with chess's weights
/// alone (docs/player.md, "Dice Landing's weights").
fn evaluation_weights() -> Weights {
    Weights { reserve: 75, reserve_phase: 100, ..chess::tuned_weights() }
}

/// Dice Landing's rules for these options.
pub fn rules(options: &GameOptions) -> Rules {
    let mut rules = chess::rules();
    rules.variant = Variant::DiceLanding;
    rules.pgn_variant = Variant::DiceLanding.name();
    rules.guide = Some(Guide {
        variant: Variant::DiceLanding,
        title: "Dice Landing Chess",
        page: include_str!("../guides/dicelanding.md"),
    });
    rules.start = if options.value(LINEUP) == 1 { KING_ONLY } else { START };
    // §11, D19: threefold repetition and fifty moves end the game at once.
    rules.draws = DrawRules {
        repetition_claim: None,
        repetition_automatic: Some(3),
        quiet_plies_claim: None,
        quiet_plies_automatic: Some(100),
        dead_position: Some(dead_position),
        lone_minors: &[BISHOP, KNIGHT],
    };
    rules.drops = Some(drops(&rules, &die(options), options.value(CAPTURED) == 1));
    rules.chance = Some(dice::CHANCE);
    rules.lost_by_roll = Some(dice::landed_without_block);
    rules.roll_warning = Some(dice::roll_warning);
    rules.roll_text = Some(dice::roll_text);
    rules.roll_ending_text = Some(notation::roll_ending);
    rules.face_meaning = Some(dice::face_meaning);
    rules.roll_failed = Some(dice::roll_failed);
    rules.why_refused = Some(explain::why_refused);
    rules.turn_note = Some(explain::turn_note);
    rules.restrict_moves = Some(restrict);
    rules.restrict_applies = Some(restricts);
    rules.update_marks = Some(marks::update_marks);
    rules.marks_follow_squares = true;
    // Chess's network never saw a reserve or a roll: the weights score Dice Landing.
    rules.network = None;
    rules.tuned_weights = Some(evaluation_weights);
    rules.dialect = Dialect {
        parse_position: fen::parse,
        write_position: fen::write,
        san: notation::san,
        parse_move: notation::parse_move,
        coordinates: crate::notation::standard::coordinates,
    };
    rules.options = OPTIONS;
    rules
}

/// The landing squares of `kind` for `color` (§1): its FIDE starting squares.
pub fn landing_squares(rules: &Rules, color: Color, kind: Kind) -> SquareSet {
    let files: &[&str] = match kind {
        KING => &["e"],
        QUEEN => &["d"],
        ROOK => &["a", "h"],
        BISHOP => &["c", "f"],
        KNIGHT => &["b", "g"],
        _ => &["a", "b", "c", "d", "e", "f", "g", "h"],
    };
    let rank = match (kind, color) {
        (PAWN, Color::White) => "2",
        (PAWN, Color::Black) => "7",
        (_, Color::White) => "1",
        (_, Color::Black) => "8",
    };
    files.iter().filter_map(|file| rules.geometry.parse_square(&format!("{file}{rank}"))).collect()
}

/// The king's landing square of `color`.
pub fn king_square(color: Color) -> Square {
    Square(color.fold(4, 60))
}

/// One drop zone per kind, open to the faces of this die that name it: its
/// own face and `*`. A kind no face names gets no zone at all.
fn drops(rules: &Rules, die: &[Face; 6], revival: bool) -> Drops {
    let mut drops = Drops::new(rules.kinds.len());
    drops.name = "reserve";
    for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING] {
        let mut needs = Grants::NONE;
        for face in die {
            if face.deploys(kind) {
                needs |= DEPLOY[face.index()];
            }
        }
        if needs.is_empty() {
            continue;
        }
        let squares = ByColor::from_fn(|color| landing_squares(rules, color, kind));
        drops.zones.push(DropZone { kinds: 1 << kind.0, needs, squares });
    }
    if revival {
        // §10: back to the owner's reserve at once; a promoted piece as a pawn.
        for kind in [PAWN, KNIGHT, BISHOP, ROOK, QUEEN] {
            drops.capture_to[kind.0 as usize] = CaptureTo::OwnerHand;
        }
        drops.promoted_in_hand_as = Some(PAWN);
    }
    drops.filter = Some(may_land);
    drops.landing_immunity = true;
    drops
}

/// §7 and D9: a bishop lands on the colour its side's bishops on the board do
/// not already cover (either, if they cover none or both); a king never lands
/// on an attacked square.
fn may_land(position: &Position, kind: Kind, square: Square) -> bool {
    let us = position.turn();
    match kind {
        BISHOP => {
            let g = &position.rules().geometry;
            let shades: Vec<Option<Shade>> =
                position.pieces(us).filter(|(_, k)| *k == BISHOP).map(|(s, _)| g.shade(s)).collect();
            let light = shades.contains(&Some(Shade::Light));
            let dark = shades.contains(&Some(Shade::Dark));
            light == dark || g.shade(square) != Some(if light { Shade::Light } else { Shade::Dark })
        }
        KING => !position.attacked(square, !us),
        _ => true,
    }
}

/// After a successful roll the deployment is the whole turn (§4); and §8
/// (R14): while a king is in reserve, no piece of its side moves onto its
/// landing square (passing over it is fine; enemies may stand there). The
/// first is done here rather than by the core's `drops_only` gating, which
/// would cost every board-move generation a gate per piece.
fn restrict(position: &Position, moves: &mut Vec<Move>) {
    if position.granted().intersects(dice::deployments()) {
        moves.retain(|m| m.dropped().is_some());
    }
    let us = position.turn();
    if position.hand(us).count(KING) == 0 {
        return;
    }
    let kept = king_square(us);
    moves.retain(|m| m.to != kept || m.dropped() == Some(KING));
}

/// Whether [`restrict`] has anything to remove: a deployment is due or a
/// king waits in reserve.
fn restricts(position: &Position) -> bool {
    position.granted().intersects(dice::deployments()) || position.hand(position.turn()).count(KING) > 0
}

/// §11, D19: both reserves empty and K v K, K+B v K or K+N v K (Luck
/// Dragon's material rule, on the same kinds).
pub fn dead_position(position: &Position) -> bool {
    Color::ALL.iter().all(|c| position.hand(*c).is_empty()) && crate::variants::luckdragon::dead_position(position)
}
