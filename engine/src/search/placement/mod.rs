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
use crate::geometry::{Geometry, Square};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::Rules;
use crate::squareset::SquareSet;
use crate::tables::{AFAR, CAPTURE};

use super::weights::{own_view, Phased, Weights};

mod activity;
mod pawns;

use activity::Activity;
use pawns::PawnCache;
pub(super) use pawns::PawnTerms;

/// Per square a bare side's royal pieces cannot reach, and per step the
/// other side's royal pieces come closer to them ([`Placement::cornering`]).
/// Hand-set: large beside the positional terms, small beside a piece.
const CORNERING_ROOM: i32 = 6;
const CORNERING_CLOSE: i32 = 8;

pub(super) struct Placement {
    /// `[colour][kind * box + square]`: reach and pawn terms, fixed per square.
    fixed: [Vec<i32>; 2],
    /// `[colour][kind * box + square]`: a pawn's bonus there for being passed.
    passed: [Vec<Phased>; 2],
    /// `[colour][kind * box + square]`: a passed pawn's endgame worth there
    /// per step its royal piece stands closer to it than the enemy's
    /// ([`Weights::passer_royal`] times the ranks it has come).
    passer_royal: [Vec<i32>; 2],
    /// Each kind's value by phase, by kind index.
    material: Vec<Phased>,
    /// `[colour][kind * box + square]`: a piece's bonus on the square ([`Weights::squares`]).
    squares: [Vec<Phased>; 2],
    /// The pawn-structure weights, doubled, isolated and connected (`None`
    /// while all are 0), and, `[colour][square]`, where own pawns double
    /// (ahead on its file), isolate (absent from the neighbouring files:
    /// `neighbours`) or connect (beside or one rank behind there) a pawn.
    structure: Option<[Phased; 3]>,
    ahead_on_file: [Vec<SquareSet>; 2],
    neighbours: Vec<SquareSet>,
    supporters: [Vec<SquareSet>; 2],
    /// Kinds (pawns and royals aside, up to the 64th) a pair of which earns [`Weights::pair`].
    paired_kinds: u64,
    pair: i32,
    /// Kinds (up to the 64th) that slide along files, which [`Weights::open_file`] rewards...
    file_sliders: u64,
    /// ...on a file without own pawns: `[square]`, the squares of its file (and layer).
    file: Vec<SquareSet>,
    open_file: i32,
    royal_exposure_weight: i32,
    royal_shelter: i32,
    royal_centre: i32,
    royal_danger: i32,
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
    /// `[square]`: the squares one step away (a layer counts as a step).
    step: Vec<SquareSet>,
    box_size: usize,
    /// Non-pawn, non-royal material of one side at the start (on the board,
    /// and in reserve as far as [`Weights::reserve_phase`] counts it): full
    /// middlegame.
    opening_material: i32,
    /// In a game that starts with pieces in reserve, by kind index, what a
    /// piece waiting there counts toward the phase, in derived values
    /// scaled by [`Weights::reserve_phase`] (pawns and royals 0); `None`
    /// elsewhere, and where that weight is 0. A pool that fills only with
    /// captured pieces (Guardener's) is not an army in waiting.
    reserve_phase: Option<Vec<i32>>,
    /// The percentage of its tapered value a piece in such a reserve counts
    /// for ([`Weights::reserve`]); 0 in a game that starts without one.
    reserve: i32,
    /// The pawns' terms by pawn structure ([`Placement::pawn_terms`]).
    pawn_cache: PawnCache,
    /// What the pieces attack, where it is weighed ([`Placement::activity`]).
    activity: Option<Activity>,
}

impl Placement {
    /// `values` are the kinds' derived values, which measure the game's phase.
    pub(super) fn new(rules: &Arc<Rules>, values: &[i32], weights: &Weights) -> Placement {
        let geometry = &rules.geometry;
        let box_size = geometry.box_size();
        let kinds = rules.kinds.len();
        let mut fixed = [vec![0; kinds * box_size], vec![0; kinds * box_size]];
        let mut passed = [vec![Phased::both(0); kinds * box_size], vec![Phased::both(0); kinds * box_size]];
        let mut passer_royal = [vec![0; kinds * box_size], vec![0; kinds * box_size]];
        let mut royal_reach = vec![0; kinds * box_size];
        let mut squares = [vec![Phased::both(0); kinds * box_size], vec![Phased::both(0); kinds * box_size]];
        let mut royal_exposure = [vec![0; box_size], vec![0; box_size]];
        let top = geometry.height().saturating_sub(1);
        let mut stoppers = [vec![SquareSet::EMPTY; box_size], vec![SquareSet::EMPTY; box_size]];
        let mut shelter = [vec![SquareSet::EMPTY; box_size], vec![SquareSet::EMPTY; box_size]];
        let mut near = vec![SquareSet::EMPTY; box_size];
        let mut step = vec![SquareSet::EMPTY; box_size];
        let mut file = vec![SquareSet::EMPTY; box_size];
        let mut ahead_on_file = stoppers.clone();
        let mut neighbours = file.clone();
        let mut supporters = stoppers.clone();
        for square in geometry.squares() {
            let within = |steps: usize| {
                geometry.squares().filter(move |&other| steps_apart(geometry, square, other) <= steps).collect()
            };
            near[square.index()] = within(2);
            step[square.index()] = within(1) & !SquareSet::from_iter([square]);
            file[square.index()] = geometry
                .squares()
                .filter(|&other| {
                    geometry.file(other) == geometry.file(square) && geometry.layer(other) == geometry.layer(square)
                })
                .collect();
            let rank = geometry.rank(square);
            royal_exposure[0][square.index()] = rank as i32;
            royal_exposure[1][square.index()] = (top - rank) as i32;
            for color in [Color::White, Color::Black] {
                let side = color.fold(0, 1);
                for other in geometry.squares() {
                    let Some(ahead) = ranks_ahead(rules, color, square, other) else { continue };
                    let same_file = geometry.file(other) == geometry.file(square);
                    if ahead > 0 {
                        stoppers[side][square.index()].insert(other);
                        if same_file {
                            ahead_on_file[side][square.index()].insert(other);
                        }
                    }
                    if (1..=2).contains(&ahead) {
                        shelter[side][square.index()].insert(other);
                    }
                    if !same_file {
                        neighbours[square.index()].insert(other);
                        if (-1..=0).contains(&ahead) {
                            supporters[side][square.index()].insert(other);
                        }
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
                    let seen = own_view(geometry, color, Square(square as u16)).index();
                    squares[side][slot] =
                        weights.squares.get(index * box_size + seen).copied().unwrap_or(Phased::both(0));
                    if kind.royal {
                        royal_reach[slot] = r - average;
                    } else if kind.pawn {
                        let start = pawn_start(rules, color, index);
                        let rank = geometry.rank(Square(square as u16)) as i32;
                        let come = if color == Color::White { rank - start } else { start - rank }.max(0);
                        fixed[side][slot] = weights.pawn_step * come * (come + 1);
                        let (step, base) = (weights.passed_step, weights.passed_base);
                        passed[side][slot] = Phased {
                            opening: step.opening * come * (come + 1) + base.opening,
                            endgame: step.endgame * come * (come + 1) + base.endgame,
                        };
                        passer_royal[side][slot] = weights.passer_royal * come;
                    } else {
                        fixed[side][slot] = weights.reach * (r - average);
                    }
                }
            }
        }
        let start = crate::fen::parse(rules, rules.start).ok();
        let starts_with_reserve = rules.drops.is_some()
            && start.as_ref().is_some_and(|start| Color::ALL.iter().any(|&color| !start.hand(color).is_empty()));
        let reserve_phase = (starts_with_reserve && weights.reserve_phase != 0).then(|| {
            let counted = |(value, kind): (&i32, &crate::piece::PieceKind)| {
                if kind.pawn || kind.royal {
                    0
                } else {
                    value * weights.reserve_phase / 100
                }
            };
            values.iter().zip(&rules.kinds).map(counted).collect::<Vec<_>>()
        });
        let opening_material = start.map_or(0, |start| {
            let on_board: i32 = start
                .pieces(Color::White)
                .filter(|&(_, kind)| !rules.kinds[kind.0 as usize].pawn)
                .map(|(_, kind)| values[kind.0 as usize])
                .sum();
            on_board + waiting(reserve_phase.as_deref(), &start, Color::White)
        });
        let paired_kinds = rules
            .kinds
            .iter()
            .enumerate()
            .filter(|(index, kind)| *index < 64 && !kind.pawn && !kind.royal)
            .fold(0u64, |mask, (index, _)| mask | 1 << index);
        let file_sliders = rules
            .kinds
            .iter()
            .enumerate()
            .filter(|&(index, kind)| index < 64 && !kind.pawn && !kind.royal && slides_along_files(rules, index))
            .fold(0u64, |mask, (index, _)| mask | 1 << index);
        Placement {
            fixed,
            file_sliders,
            file,
            open_file: weights.open_file,
            passed,
            passer_royal,
            material: weights.material.clone(),
            squares,
            structure: Some([weights.doubled, weights.isolated, weights.connected])
                .filter(|weights| *weights != [Phased::both(0); 3]),
            ahead_on_file,
            neighbours,
            supporters,
            paired_kinds,
            pair: weights.pair,
            royal_exposure_weight: weights.royal_exposure,
            royal_shelter: weights.royal_shelter,
            royal_centre: weights.royal_centre,
            royal_danger: weights.royal_danger,
            royal_exposure,
            royal_reach,
            stoppers,
            shelter,
            near,
            step,
            box_size,
            opening_material,
            reserve: if starts_with_reserve { weights.reserve } else { 0 },
            reserve_phase,
            pawn_cache: PawnCache::new(rules),
            activity: Activity::new(rules, weights),
        }
    }

    /// What `color`'s reserve adds to its non-pawn material for the phase
    /// (see [`Weights::reserve_phase`]).
    pub(super) fn reserve_pieces(&self, position: &Position, color: Color) -> i32 {
        waiting(self.reserve_phase.as_deref(), position, color)
    }

    /// What `color`'s reserve is worth at `material_phase` (see
    /// [`Placement::material_phase`]): [`Weights::reserve`] percent of each
    /// waiting piece's value as the board's material is tapered.
    pub(super) fn reserve(&self, position: &Position, color: Color, material_phase: i32) -> i32 {
        if self.reserve == 0 {
            return 0;
        }
        let hand = position.hand(color);
        if hand.is_empty() {
            return 0;
        }
        let (mut opening, mut endgame) = (0, 0);
        for (kind, value) in self.material.iter().enumerate() {
            let count = i32::from(hand.count(Kind(kind as u8)));
            opening += count * value.opening;
            endgame += count * value.endgame;
        }
        tapered(opening, endgame, material_phase) * self.reserve / 100
    }

    /// How much of the game's material is left, from 256 (half the pieces
    /// of the start or more, on either side) to 0 (nothing but pawns and
    /// royals): `material` is the non-pawn material of one side, or of both
    /// halved.
    fn phase(&self, material: i32) -> i32 {
        if self.opening_material > 0 {
            (material * 512 / self.opening_material).clamp(0, 256)
        } else {
            0
        }
    }

    /// The phase by which material, square bonuses and pawn structure are
    /// tapered, from `pieces`, both sides' non-pawn material.
    pub(super) fn material_phase(&self, pieces: i32) -> i32 {
        self.phase(pieces / 2)
    }

    /// How exposed the side to move's royal pieces are, less the same for
    /// the opponent: [`Weights::royal_danger`] per enemy piece (pawns and royals
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
            self.royal_danger * attackers.count() as i32
        };
        let us = position.turn();
        danger(us) - danger(!us)
    }

    /// How free the side to move's pieces are, how hard they press on the
    /// enemy royal pieces and how they stand threatened, less the same for
    /// the opponent, at `material_phase` ([`Weights::piece_mobility`],
    /// [`Weights::royal_attack`], [`Weights::pawn_threat`], [`Weights::hanging`]).
    pub(super) fn activity(&self, position: &Position, material_phase: i32) -> i32 {
        self.activity.as_ref().map_or(0, |activity| activity.score(position, material_phase, &self.step))
    }

    /// What the side to move gains when the opponent has nothing left but
    /// royal pieces and it has more (or loses in the reverse case; else
    /// nothing): see [`Placement::cornering`]. `pieces` is each side's
    /// non-pawn material on the board, White's first: a piece waiting in a
    /// reserve is a side's hope, not yet a mating force.
    pub(super) fn mop_up(&self, position: &Position, pieces: [i32; 2], pawns: &[SquareSet; 2]) -> i32 {
        let bare = |color: Color| {
            let side = color.fold(0, 1);
            pieces[side] == 0 && pawns[side].is_empty() && position.hand(color).is_empty()
        };
        let armed = |color: Color| pieces[color.fold(0, 1)] > 0;
        let us = position.turn();
        if bare(!us) && armed(us) {
            self.cornering(position, !us)
        } else if bare(us) && armed(!us) {
            -self.cornering(position, us)
        } else {
            0
        }
    }

    /// What the side against `bare`, which has nothing left but royal
    /// pieces, gains by cornering them: [`CORNERING_ROOM`] per square they
    /// cannot walk to over squares it leaves unattacked, and
    /// [`CORNERING_CLOSE`] per step its own royal pieces come closer. A mate
    /// needs both, and no other term leads there: without them a won ending
    /// was shuffled until the quiet-move rule drew it (New chess's two bare
    /// kings above all).
    fn cornering(&self, position: &Position, bare: Color) -> i32 {
        let geometry = &position.rules().geometry;
        let strong = !bare;
        let mut safe = SquareSet::EMPTY;
        let mut squares = 0;
        for square in geometry.squares() {
            squares += 1;
            if !position.attacked(square, strong) {
                safe.insert(square);
            }
        }
        let mut room = *position.royals(bare);
        let mut reached = room;
        while !reached.is_empty() {
            let mut next = SquareSet::EMPTY;
            for square in reached.iter() {
                next |= self.step[square.index()];
            }
            reached = next & safe & !room;
            room |= reached;
        }
        let span = geometry.width() + geometry.height();
        let closeness: usize = position
            .royals(strong)
            .iter()
            .map(|ours| {
                let nearest = position.royals(bare).iter().map(|theirs| steps_apart(geometry, ours, theirs)).min();
                span.saturating_sub(nearest.unwrap_or(span))
            })
            .sum();
        CORNERING_ROOM * (squares - room.len() as i32) + CORNERING_CLOSE * closeness as i32
    }

    /// The score of `color`'s pieces: their material at the phase that
    /// `pieces` (both sides' non-pawn material) sets, pairs, and where they
    /// stand; `enemy_material` is the opponent's non-pawn material, which
    /// decides how safe a royal must be; `own_pawns` holds the squares of
    /// `color`'s pawns, and `pawn_terms` what they score
    /// ([`Placement::pawn_terms`]).
    pub(super) fn score(
        &self,
        position: &Position,
        color: Color,
        pieces: i32,
        enemy_material: i32,
        own_pawns: SquareSet,
        pawn_terms: &PawnTerms,
    ) -> i32 {
        let rules = position.rules();
        let side = color.fold(0, 1);
        // 256: middlegame (the enemy keeps half its pieces or more); 0: it
        // has nothing left but pawns and royals.
        let phase = self.phase(enemy_material);
        let Phased { mut opening, mut endgame } = pawn_terms.placed;
        let (mut seen, mut twice) = (0u64, 0u64);
        let mut score = pawn_terms.fixed;
        for square in (*position.occupied(color) & !own_pawns).iter() {
            let Some(piece) = position.piece_at(square) else { continue };
            let index = piece.kind.0 as usize;
            let value = self.material[index];
            opening += value.opening;
            endgame += value.endgame;
            let bit = 1u64.checked_shl(index as u32).unwrap_or(0);
            twice |= seen & bit;
            seen |= bit;
            let slot = index * self.box_size + square.index();
            let bonus = self.squares[side][slot];
            opening += bonus.opening;
            endgame += bonus.endgame;
            if rules.kinds[index].royal {
                let shield = (self.shelter[side][square.index()] & own_pawns).len().min(3) as i32;
                let shelter = self.royal_shelter * shield * phase;
                let exposed = self.royal_exposure_weight * self.royal_exposure[side][square.index()] * phase - shelter;
                let centred = self.royal_centre * self.royal_reach[slot] * (256 - phase);
                score += (centred - exposed) / 256;
            } else {
                score += self.fixed[side][slot];
                if self.file_sliders & bit != 0 && (self.file[square.index()] & own_pawns).is_empty() {
                    score += self.open_file;
                }
            }
        }
        endgame += self.passers_escorted(position, color, pawn_terms.passers);
        let material_phase = self.material_phase(pieces);
        let material = tapered(opening, endgame, material_phase);
        // Tapered apart from the rest, so equal weights in both phases (the
        // derived ones) score exactly what they say.
        let passed = tapered(pawn_terms.passed.opening, pawn_terms.passed.endgame, material_phase);
        material + passed + score + self.pair * (twice & self.paired_kinds).count_ones() as i32
    }

    /// What `color`'s passed pawns on `passers` earn in the endgame for its
    /// royal piece standing nearer to them than the enemy's
    /// ([`Weights::passer_royal`]; the nearest royal piece of each side counts).
    fn passers_escorted(&self, position: &Position, color: Color, passers: SquareSet) -> i32 {
        let side = color.fold(0, 1);
        let geometry = &position.rules().geometry;
        let nearest = |royals: &SquareSet, square: Square| {
            royals.iter().map(|royal| steps_apart(geometry, royal, square) as i32).min()
        };
        let mut escorted = 0;
        for square in passers.iter() {
            let Some(piece) = position.piece_at(square) else { continue };
            let weight = self.passer_royal[side][piece.kind.0 as usize * self.box_size + square.index()];
            if weight == 0 {
                continue;
            }
            if let (Some(own), Some(enemy)) =
                (nearest(position.royals(color), square), nearest(position.royals(!color), square))
            {
                escorted += weight * (enemy - own);
            }
        }
        escorted
    }
}

/// Whether `kind` attacks two or more squares along its file in one line
/// from some square of an empty board (a rook, a queen; not a knight).
fn slides_along_files(rules: &Rules, kind: usize) -> bool {
    let geometry = &rules.geometry;
    geometry.squares().any(|origin| {
        rules.tables.rays(Color::White, kind, origin).iter().any(|ray| {
            let along = |cell: &&crate::tables::RayCell| {
                cell.mode & (CAPTURE | AFAR) != 0
                    && geometry.file(cell.square) == geometry.file(origin)
                    && geometry.layer(cell.square) == geometry.layer(origin)
            };
            rules.tables.ray_cells(ray).iter().filter(along).count() >= 2
        })
    })
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

/// Royal steps between two squares: the larger of the file and rank
/// distances, plus one per layer.
fn steps_apart(geometry: &Geometry, a: Square, b: Square) -> usize {
    let apart = |x: usize, y: usize| x.abs_diff(y);
    apart(geometry.file(a), geometry.file(b)).max(apart(geometry.rank(a), geometry.rank(b)))
        + apart(geometry.layer(a), geometry.layer(b))
}

/// A value between its `opening` and `endgame` figures by `phase` (256:
/// full middlegame, 0: bare endgame).
fn tapered(opening: i32, endgame: i32, phase: i32) -> i32 {
    (opening * phase + endgame * (256 - phase)) / 256
}

/// The phase's count of the pieces in `color`'s reserve of `position`, by
/// `counted` (by kind index; nothing if `None`).
fn waiting(counted: Option<&[i32]>, position: &Position, color: Color) -> i32 {
    let Some(counted) = counted else { return 0 };
    let hand = position.hand(color);
    counted.iter().enumerate().map(|(kind, value)| i32::from(hand.count(Kind(kind as u8))) * value).sum()
}
