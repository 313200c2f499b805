//! Every number the player's evaluation weighs its terms by, in one struct:
//! derived from the rules data for any variant, or tuned for one (a variant's
//! rules may carry tuned weights; see [`Rules::tuned_weights`]).

use super::eval::piece_values;
use crate::color::Color;
use crate::geometry::{Geometry, Square};
use crate::piece::PieceKind;
use crate::rules::Rules;

/// A value in full middlegame and in a bare endgame; positions between are
/// scored in proportion to the non-pawn material left (see `Placement::phase`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Phased {
    pub opening: i32,
    pub endgame: i32,
}

impl Phased {
    pub const fn both(value: i32) -> Phased {
        Phased { opening: value, endgame: value }
    }
}

/// The evaluation's weights, all in centipawns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Each kind's value, by kind index (royal kinds are never traded: 0).
    pub material: Vec<Phased>,
    /// Per square a piece reaches on an empty board beyond its kind's average.
    pub reach: i32,
    /// A pawn gains `pawn_step · n · (n + 1)` after coming `n` ranks...
    pub pawn_step: i32,
    /// ...and a passed pawn `passed_step · n · (n + 1)` more...
    pub passed_step: Phased,
    /// ...and this for being passed at all (a pawn nothing but pieces can
    /// stop matters most once few pieces are left to stop it).
    pub passed_base: Phased,
    /// In a bare endgame, per rank a passed pawn has come and per step the
    /// enemy royal piece stands further from it than the own one (tapered
    /// to nothing in full middlegame): a king near the pawns decides races.
    pub passer_royal: i32,
    /// Per rank a royal piece has left its home rank, in full middlegame.
    pub royal_exposure: i32,
    /// Per own pawn (up to three) sheltering a royal piece, in full middlegame.
    pub royal_shelter: i32,
    /// Per square of reach above average for a royal piece, in a bare endgame.
    pub royal_centre: i32,
    /// Lost per enemy piece (pawns and royals aside) within two steps of a royal piece.
    pub royal_danger: i32,
    /// Per legal move a side has beyond the other's.
    pub mobility: i32,
    /// For the side to move: its turn is worth something wherever it stands.
    pub tempo: i32,
    /// By kind index (pawns and royals 0): per square a piece of the kind
    /// attacks that holds no own piece and no enemy pawn attacks (boards of
    /// up to 64 cells; see `placement/activity.rs`).
    pub piece_mobility: Vec<Phased>,
    /// By kind index (pawns and royals 0): per square a piece of the kind
    /// attacks on or next to an enemy royal piece, in full middlegame
    /// (tapered to nothing in a bare endgame).
    pub royal_attack: Vec<i32>,
    /// By kind index (pawns and royals 0): per piece of the kind an enemy pawn attacks.
    pub pawn_threat: Vec<i32>,
    /// By kind index (royals 0): per piece of the kind the enemy attacks and no own piece guards.
    pub hanging: Vec<i32>,
    /// By kind index: added to [`Weights::pawn_threat`] and
    /// [`Weights::hanging`] for the side to move's pieces, which the enemy
    /// cannot take yet (the opponent's are the side to move's to take, and
    /// the quiescence search weighs those captures).
    pub pawn_threat_to_move: Vec<i32>,
    pub hanging_to_move: Vec<i32>,
    /// By kind index (pawns and royals 0): per square from which a piece of
    /// the kind would check the enemy royal piece, that one of them attacks,
    /// that holds no own piece and that no enemy piece attacks: a check it
    /// can give next move unpunished; in full middlegame, tapered to
    /// nothing in a bare endgame.
    pub safe_check: Vec<i32>,
    /// For each kind (pawns and royals aside) a side has two or more of.
    pub pair: i32,
    /// Per piece that slides along files (as a rook) on a file without own pawns.
    pub open_file: i32,
    /// Per pawn with an own pawn ahead of it on its file (the rear of doubled pawns).
    pub doubled: Phased,
    /// Per pawn without own pawns on the neighbouring files.
    pub isolated: Phased,
    /// Per pawn with an own pawn beside it or one rank behind on a neighbouring file.
    pub connected: Phased,
    /// In a game that starts with pieces in reserve (Dice Landing's, brought
    /// in on lucky rolls), the percentage of its value a piece waiting there
    /// counts for, as the board's material is tapered...
    pub reserve: i32,
    /// ...and the percentage of its derived value it counts toward the
    /// game's phase (100: the armies in reserve are as much a middlegame as
    /// on the board).
    pub reserve_phase: i32,
    /// A piece's bonus on each square, `[kind * box + square]` with the square
    /// seen from its own side ([`own_view`]: ranks mirrored for Black), box
    /// being the geometry's [`Geometry::box_size`].
    pub squares: Vec<Phased>,
}

/// `square` as `color` sees it: itself for White, the same file and layer
/// on the mirrored rank for Black (both sides' pieces start mirrored by rank
/// in every built variant, and pawns go up the ranks for White).
pub fn own_view(geometry: &Geometry, color: Color, square: Square) -> Square {
    let rank = geometry.rank(square);
    let seen = geometry.rank_seen_by(color, rank);
    Square((square.index() - rank * geometry.width() + seen * geometry.width()) as u16)
}

impl Weights {
    /// The weights any variant gets without tuning: material from the move
    /// tables ([`piece_values`]), the same in every phase, and the hand-set
    /// positional weights that play all six games sensibly.
    pub fn derived(rules: &Rules) -> Weights {
        Weights {
            material: piece_values(rules).into_iter().map(Phased::both).collect(),
            reach: 3,
            pawn_step: 2,
            passed_step: Phased::both(4),
            passed_base: Phased::both(10),
            passer_royal: 0,
            royal_exposure: 15,
            royal_shelter: 12,
            royal_centre: 6,
            royal_danger: 12,
            mobility: 4,
            tempo: 0,
            piece_mobility: vec![Phased::both(0); rules.kinds.len()],
            royal_attack: vec![0; rules.kinds.len()],
            pawn_threat: vec![0; rules.kinds.len()],
            hanging: vec![0; rules.kinds.len()],
            pawn_threat_to_move: vec![0; rules.kinds.len()],
            hanging_to_move: vec![0; rules.kinds.len()],
            safe_check: vec![0; rules.kinds.len()],
            pair: 0,
            open_file: 0,
            doubled: Phased::both(0),
            isolated: Phased::both(0),
            connected: Phased::both(0),
            reserve: 0,
            reserve_phase: 0,
            squares: vec![Phased::both(0); rules.kinds.len() * rules.geometry.box_size()],
        }
    }

    /// The rules' tuned weights if they carry any, else [`Weights::derived`].
    pub fn for_rules(rules: &Rules) -> Weights {
        rules.tuned_weights.map_or_else(|| Weights::derived(rules), |tuned| tuned())
    }

    /// The by-kind weights counted in whole centipawns, by field name, in the
    /// order [`Weights::tunable`] names them (`piece_mobility`, phased, aside).
    pub fn kind_vectors(&self) -> [(&'static str, &[i32]); 6] {
        [
            ("royal_attack", &self.royal_attack),
            ("pawn_threat", &self.pawn_threat),
            ("hanging", &self.hanging),
            ("pawn_threat_to_move", &self.pawn_threat_to_move),
            ("hanging_to_move", &self.hanging_to_move),
            ("safe_check", &self.safe_check),
        ]
    }

    /// Every weight by name, for tuning: material of kinds that are neither
    /// royal (never traded) nor a pawn in full middlegame (the unit), then
    /// the rest, but for the square tables (hundreds of weights, which the
    /// tuner measures from the pieces' squares instead).
    pub fn tunable(&mut self, rules: &Rules) -> Vec<(String, &mut i32)> {
        let mut named = Vec::new();
        for (index, (value, kind)) in self.material.iter_mut().zip(&rules.kinds).enumerate() {
            if kind.royal {
                continue;
            }
            if !kind.pawn {
                named.push((format!("material[{index}].opening ({})", kind.name), &mut value.opening));
            }
            named.push((format!("material[{index}].endgame ({})", kind.name), &mut value.endgame));
        }
        let piece = |kind: &PieceKind| !kind.royal && !kind.pawn;
        for (index, (value, kind)) in self.piece_mobility.iter_mut().zip(&rules.kinds).enumerate() {
            if piece(kind) {
                named.push((format!("piece_mobility[{index}].opening ({})", kind.name), &mut value.opening));
                named.push((format!("piece_mobility[{index}].endgame ({})", kind.name), &mut value.endgame));
            }
        }
        named.extend(by_kind("royal_attack", &mut self.royal_attack, &rules.kinds, piece));
        named.extend(by_kind("pawn_threat", &mut self.pawn_threat, &rules.kinds, piece));
        named.extend(by_kind("hanging", &mut self.hanging, &rules.kinds, |kind| !kind.royal));
        named.extend(by_kind("pawn_threat_to_move", &mut self.pawn_threat_to_move, &rules.kinds, piece));
        named.extend(by_kind("hanging_to_move", &mut self.hanging_to_move, &rules.kinds, |kind| !kind.royal));
        named.extend(by_kind("safe_check", &mut self.safe_check, &rules.kinds, piece));
        let Weights {
            material: _,
            reach,
            pawn_step,
            passed_step,
            passed_base,
            passer_royal,
            royal_exposure,
            royal_shelter,
            royal_centre,
            royal_danger,
            mobility,
            tempo,
            piece_mobility: _,
            royal_attack: _,
            pawn_threat: _,
            hanging: _,
            pawn_threat_to_move: _,
            hanging_to_move: _,
            safe_check: _,
            pair,
            open_file,
            doubled,
            isolated,
            connected,
            reserve,
            reserve_phase,
            squares: _,
        } = self;
        let rest = [
            ("reach", reach),
            ("pawn_step", pawn_step),
            ("passed_step.opening", &mut passed_step.opening),
            ("passed_step.endgame", &mut passed_step.endgame),
            ("passed_base.opening", &mut passed_base.opening),
            ("passed_base.endgame", &mut passed_base.endgame),
            ("passer_royal", passer_royal),
            ("royal_exposure", royal_exposure),
            ("royal_shelter", royal_shelter),
            ("royal_centre", royal_centre),
            ("royal_danger", royal_danger),
            ("mobility", mobility),
            ("tempo", tempo),
            ("pair", pair),
            ("open_file", open_file),
            ("doubled.opening", &mut doubled.opening),
            ("doubled.endgame", &mut doubled.endgame),
            ("isolated.opening", &mut isolated.opening),
            ("isolated.endgame", &mut isolated.endgame),
            ("connected.opening", &mut connected.opening),
            ("connected.endgame", &mut connected.endgame),
            ("reserve", reserve),
            ("reserve_phase", reserve_phase),
        ];
        named.extend(rest.into_iter().map(|(name, weight)| (name.to_string(), weight)));
        named
    }
}

/// The entries of a by-kind weight `field` whose kinds `counted` keeps,
/// named `field[index] (kind)` for tuning.
fn by_kind<'a>(
    field: &str,
    values: &'a mut [i32],
    kinds: &[PieceKind],
    counted: impl Fn(&PieceKind) -> bool,
) -> Vec<(String, &'a mut i32)> {
    values
        .iter_mut()
        .zip(kinds)
        .enumerate()
        .filter(|(_, (_, kind))| counted(kind))
        .map(|(index, (value, kind))| (format!("{field}[{index}] ({})", kind.name), value))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::Weights;
    use crate::variant::Variant;

    #[test]
    fn the_whole_centipawn_vectors_are_the_tunable_ones_by_kind() {
        // The tuner prints these vectors whole and every other weight by its
        // name: a vector missing from the list would be tuned and not printed.
        let rules = Variant::Chess.rules().unwrap();
        let weights = Weights::for_rules(&rules);
        let listed: Vec<&str> = weights.kind_vectors().iter().map(|(field, _)| *field).collect();
        let mut tuned: Vec<String> = Vec::new();
        for (name, _) in weights.clone().tunable(&rules) {
            let field = name.split_once('[').map(|(field, _)| field.to_string());
            if let Some(field) = field.filter(|f| f != "material" && f != "piece_mobility") {
                if tuned.last() != Some(&field) {
                    tuned.push(field);
                }
            }
        }
        assert_eq!(tuned, listed);
    }
}
