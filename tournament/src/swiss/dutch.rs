//! Pairing one round by the FIDE Dutch system (C.04.3) with weighted matching.
//!
//! Brackets are paired from the top score down. For each bracket one maximum-
//! weight matching is solved over every player not yet paired, with each edge's
//! weight packing the criteria in order of importance, so that the bracket's
//! pairs are the best ones that still leave the rest of the field pairable
//! (the completion criterion). The criteria, most important first:
//!
//! 1. absolute: no rematch, no bye to a player who had one (or a forfeit win),
//!    no two non-topscorers with the same absolute colour preference — these
//!    are only broken when nothing else pairs everyone;
//! 2. as many pairs inside the bracket as possible;
//! 3. the smallest score differences, squared (pairing the highest scores,
//!    so the downfloaters' scores are the lowest); then, among the players
//!    who could float, those that let the next bracket pair the most players
//!    with the smallest differences (C.7);
//! 4. the fewest topscorers pushed past the colour limits in the last round,
//!    then the fewest players denied their colour preference, then their
//!    strong one;
//! 5. the floater history (C.14-C.17): no downfloat twice running, no upfloat
//!    twice running, then the same with the round before;
//! 6. an estimate of the Dutch order (S1's i-th player against S2's i-th),
//!    which only steers the first matching: `order::settle` then finds the
//!    exact first pairing in Dutch order among the equally good ones.
//!
//! Pairs found inside the bracket are fixed; unpaired players float down.

use super::colour::{self, Preference, Side, Strength};
use super::event::{Game, Round, SwissError};
use super::order::{self, WeightedEdge};
use crate::types::{Colour, Score};

/// Whether a player floated in a round: paired against a lower score (or given
/// the bye) is down, against a higher score is up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Float {
    None,
    Down,
    Up,
}

/// What the pairing knows about a player.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contender {
    pub entrant: usize,
    pub pairing_number: usize,
    pub score: Score,
    /// Colours of the games played, oldest first.
    pub colours: Vec<Colour>,
    /// Opponents met over the board.
    pub opponents: Vec<usize>,
    pub can_have_bye: bool,
    pub last_float: Float,
    pub float_before_last: Float,
}

/// Pairs a round. `contenders` may come in any order; the result depends only
/// on their contents.
/// `rounds_played` and `last_round` decide who counts as a topscorer (more
/// than half the points possible, before the last round), whose absolute
/// colour preferences may clash.
pub fn pair(
    contenders: &[Contender],
    first_colour: Colour,
    rounds_played: u32,
    last_round: bool,
) -> Result<Round, SwissError> {
    if contenders.len() < 2 {
        return Err(SwissError::NotEnoughPlayers);
    }
    let mut players: Vec<&Contender> = contenders.iter().collect();
    players.sort_by_key(|c| (std::cmp::Reverse(c.score), c.pairing_number));
    let n = players.len();
    let bye_vertex = (n % 2 == 1).then_some(n);
    let vertex_count = n + bye_vertex.map_or(0, |_| 1);
    let preferences = players.iter().map(|c| colour::preference(&c.colours)).collect();
    let pairer = Pairer { players: &players, preferences, last_round, rounds_played };

    let mut partner: Vec<Option<usize>> = vec![None; vertex_count];
    let mut scores: Vec<Score> = players.iter().map(|c| c.score).collect();
    scores.dedup();
    for &bracket_score in &scores {
        let remaining: Vec<usize> = (0..vertex_count).filter(|&v| partner[v].is_none()).collect();
        let in_bracket = |v: usize| v < n && players[v].score >= bracket_score;
        if !remaining.iter().any(|&v| in_bracket(v)) {
            continue;
        }
        let is_last_bracket = remaining.iter().all(|&v| v == n || in_bracket(v));
        if !is_last_bracket && remaining.iter().filter(|&&v| in_bracket(v)).count() < 2 {
            // A lone player cannot be paired inside the bracket: they float.
            continue;
        }
        let (edges, order_radix) = pairer.edges(&remaining, bracket_score, is_last_bracket);
        let bracket: Vec<usize> = remaining.iter().copied().filter(|&v| in_bracket(v)).collect();
        let movers = bracket.iter().filter(|&&v| players[v].score > bracket_score).count();
        let mate = order::settle(vertex_count, edges, order_radix, &bracket, movers);
        for &v in &remaining {
            let Some(m) = mate[v] else { return Err(SwissError::NoPairing) };
            let fixed = if is_last_bracket { true } else { in_bracket(v) && in_bracket(m) };
            if fixed {
                partner[v] = Some(m);
            }
        }
    }
    Ok(pairer.into_round(&partner, first_colour))
}

struct Pairer<'a> {
    players: &'a [&'a Contender],
    /// Each player's colour preference, asked for every pair.
    preferences: Vec<Option<Preference>>,
    last_round: bool,
    rounds_played: u32,
}

/// The bracket being paired, as the edge weights see it.
struct BracketView {
    /// Its players in order, the moved-down players first.
    bracket: Vec<usize>,
    /// Each vertex's place in `bracket`, if it is in the bracket.
    position: Vec<Option<usize>>,
    movers: usize,
    bracket_score: Score,
    /// The score of the next bracket down, if any.
    next_score: Option<Score>,
    is_last_bracket: bool,
    max_order_cost: u64,
    max_psd: u64,
}

/// Each criterion's value on one edge, and the largest value it can take.
struct Criterion {
    value: u64,
    max: u64,
}

impl Pairer<'_> {
    fn topscorer(&self, c: &Contender) -> bool {
        self.last_round && c.score.half_points() > self.rounds_played
    }

    fn absolute_ok(&self, a: usize, b: usize) -> (bool, bool) {
        let (pa, pb) = (self.players[a], self.players[b]);
        let rematch = pa.opponents.contains(&pb.entrant);
        let clash = match (self.preferences[a], self.preferences[b]) {
            (Some(x), Some(y)) => {
                x.strength == Strength::Absolute
                    && y.strength == Strength::Absolute
                    && x.colour == y.colour
                    && !(self.topscorer(pa) || self.topscorer(pb))
            }
            _ => false,
        };
        (!rematch, !clash)
    }

    /// The edges among `remaining` weighted for the bracket of `bracket_score`,
    /// and the radix of the last criterion (the Dutch-order estimate).
    fn edges(&self, remaining: &[usize], bracket_score: Score, is_last_bracket: bool) -> (Vec<WeightedEdge>, i128) {
        let n = self.players.len();
        let bracket: Vec<usize> =
            remaining.iter().copied().filter(|&v| v < n && self.players[v].score >= bracket_score).collect();
        let next_score =
            remaining.iter().filter(|&&v| v < n).map(|&v| self.players[v].score).filter(|&s| s < bracket_score).max();
        let top = self.players[0].score.half_points() as u64 + 1;
        let mut position = vec![None; n + 1];
        for (place, &v) in bracket.iter().enumerate() {
            position[v] = Some(place);
        }
        let view = BracketView {
            position,
            movers: bracket.iter().filter(|&&v| self.players[v].score > bracket_score).count(),
            max_order_cost: (bracket.len() * bracket.len()) as u64,
            max_psd: 2 * top * top,
            bracket,
            bracket_score,
            next_score,
            is_last_bracket,
        };
        let pairs_bound = remaining.len() as u64 / 2 + 1;
        let mut edges = Vec::new();
        for (i, &a) in remaining.iter().enumerate() {
            for &b in &remaining[i + 1..] {
                let criteria = if b == n { self.bye_criteria(a, &view) } else { self.pair_criteria(a, b, &view) };
                let quality = pack(&criteria[..criteria.len() - 1], pairs_bound);
                edges.push(WeightedEdge { a, b, full: pack(&criteria, pairs_bound), quality });
            }
        }
        (edges, i128::from(pairs_bound * view.max_order_cost + 1))
    }

    fn pair_criteria(&self, a: usize, b: usize, view: &BracketView) -> [Criterion; 14] {
        let (pa, pb) = (self.players[a], self.players[b]);
        let (no_rematch, no_clash) = self.absolute_ok(a, b);
        let both_in = view.position[a].zip(view.position[b]);
        let inside = both_in.is_some();
        // Score differences count squared, as FIDE compares them largest
        // first: a floater's difference is to one below its bracket, so
        // pairing a and b saves x² + y² − (x − y)² = 2xy.
        let saved = |score: Score| {
            let above = |c: &Contender| (c.score.half_points() - score.half_points()) as u64 + 1;
            2 * above(pa) * above(pb)
        };
        let (mut psd, mut topscorer_ok, mut colour_ok, mut strong_ok, mut order) = (0, 0, 0, 0, 0);
        let mut floats = [0; 4];
        if let Some((x, y)) = both_in {
            psd = saved(view.bracket_score);
            let (prefs_a, prefs_b) = (self.preferences[a], self.preferences[b]);
            let (conflict, strong_conflict) = match (prefs_a, prefs_b) {
                (Some(p), Some(q)) if p.colour == q.colour => {
                    (true, p.strength >= Strength::Strong && q.strength >= Strength::Strong)
                }
                _ => (false, false),
            };
            // C.10-C.11: two topscorers sharing an absolute preference may
            // meet in the last round, but one then breaks the colour limits.
            let absolute_clash = conflict
                && prefs_a
                    .zip(prefs_b)
                    .is_some_and(|(p, q)| p.strength == Strength::Absolute && q.strength == Strength::Absolute);
            topscorer_ok = u64::from(!absolute_clash);
            colour_ok = u64::from(!conflict);
            strong_ok = u64::from(!strong_conflict);
            floats = float_values(pa, pb);
            let cost = order_cost(x, y, view.movers, view.bracket.len());
            order = view.max_order_cost - cost.min(view.max_order_cost);
        }
        // C.7: the downfloaters are chosen so that the next bracket pairs as
        // many as it can, with the smallest score differences.
        let (mut next_pair, mut next_psd) = (0, 0);
        if let (false, Some(next)) = (inside, view.next_score) {
            let reaches = |c: &Contender| c.score >= next;
            if reaches(pa) && reaches(pb) {
                next_pair = 1;
                next_psd = saved(next);
            }
        }
        [
            Criterion { value: u64::from(no_rematch), max: 1 },
            Criterion { value: u64::from(no_clash), max: 1 },
            Criterion { value: u64::from(inside), max: 1 },
            Criterion { value: psd, max: view.max_psd },
            Criterion { value: next_pair, max: 1 },
            Criterion { value: next_psd, max: view.max_psd },
            Criterion { value: topscorer_ok, max: 1 },
            Criterion { value: colour_ok, max: 1 },
            Criterion { value: strong_ok, max: 1 },
            Criterion { value: floats[0], max: 2 },
            Criterion { value: floats[1], max: 1 },
            Criterion { value: floats[2], max: 2 },
            Criterion { value: floats[3], max: 1 },
            Criterion { value: order, max: view.max_order_cost },
        ]
    }

    /// The bye goes to an eligible player, as low in the order as possible,
    /// preferring one who did not float down in the last rounds.
    fn bye_criteria(&self, a: usize, view: &BracketView) -> [Criterion; 14] {
        let p = self.players[a];
        let position = view.position[a];
        // The bye counts as a downfloat: its edge keeps no one from floating.
        let (mut floats, mut order) = ([0; 4], 0);
        if let (true, Some(x)) = (view.is_last_bracket, position) {
            floats = [0, 1, 0, 1];
            let from_bottom = (view.bracket.len() - 1 - x) as u64;
            order = view.max_order_cost - (from_bottom * from_bottom).min(view.max_order_cost);
        }
        [
            Criterion { value: u64::from(p.can_have_bye), max: 1 },
            Criterion { value: 1, max: 1 },
            Criterion { value: 0, max: 1 },
            Criterion { value: 0, max: view.max_psd },
            Criterion { value: 0, max: 1 },
            Criterion { value: 0, max: view.max_psd },
            Criterion { value: 1, max: 1 },
            Criterion { value: 1, max: 1 },
            Criterion { value: 1, max: 1 },
            Criterion { value: floats[0], max: 2 },
            Criterion { value: floats[1], max: 1 },
            Criterion { value: floats[2], max: 2 },
            Criterion { value: floats[3], max: 1 },
            Criterion { value: order, max: view.max_order_cost },
        ]
    }

    /// Orders the pairs on boards (highest scores first, then the best pairing
    /// number) and gives each its colours.
    fn into_round(self, partner: &[Option<usize>], first_colour: Colour) -> Round {
        let n = self.players.len();
        let mut pairs: Vec<(usize, usize)> =
            (0..n).filter_map(|v| partner[v].filter(|&m| m > v && m < n).map(|m| (v, m))).collect();
        let key = |&(a, b): &(usize, usize)| {
            let (pa, pb) = (self.players[a], self.players[b]);
            (
                std::cmp::Reverse(pa.score.max(pb.score)),
                std::cmp::Reverse(pa.score + pb.score),
                pa.pairing_number.min(pb.pairing_number),
            )
        };
        pairs.sort_by_key(key);
        let games = pairs
            .into_iter()
            .map(|(a, b)| {
                let (pa, pb) = (self.players[a], self.players[b]);
                let side_a = Side { colours: &pa.colours, pairing_number: pa.pairing_number, rank: a };
                let side_b = Side { colours: &pb.colours, pairing_number: pb.pairing_number, rank: b };
                let (a_white, _) = colour::allocate(&side_a, &side_b, first_colour);
                if a_white {
                    Game { white: pa.entrant, black: pb.entrant, result: None }
                } else {
                    Game { white: pb.entrant, black: pa.entrant, result: None }
                }
            })
            .collect();
        let bye = (0..n).find(|&v| partner[v] == Some(n)).map(|v| self.players[v].entrant);
        Round { games, bye }
    }
}

/// The floater criteria on a pair inside a bracket, in FIDE's order (C.14 to
/// C.17): how many of the two floated down last round (pairing them keeps
/// them from floating again); whether neither is made to float up again after
/// floating up last round; the same two for the round before.
fn float_values(a: &Contender, b: &Contender) -> [u64; 4] {
    let (lower, higher) = if a.score <= b.score { (a, b) } else { (b, a) };
    let floats_up = lower.score < higher.score;
    let down = |float: fn(&Contender) -> Float| u64::from(float(a) == Float::Down) + u64::from(float(b) == Float::Down);
    let not_up_again = |float: fn(&Contender) -> Float| u64::from(!(floats_up && float(lower) == Float::Up));
    let last = |c: &Contender| c.last_float;
    let before = |c: &Contender| c.float_before_last;
    [down(last), not_up_again(last), down(before), not_up_again(before)]
}

/// How far a pair is from the Dutch order. The bracket lists its movers (the
/// players moved down from higher brackets) first, then its residents; movers
/// meet the top residents in order, and the remaining residents split into S1
/// and S2 with S1's i-th against S2's i-th.
fn order_cost(x: usize, y: usize, movers: usize, size: usize) -> u64 {
    let (x, y) = (x.min(y) as i64, x.max(y) as i64);
    let (movers, size) = (movers as i64, size as i64);
    let residents = size - movers;
    let deviation = if x < movers && y >= movers {
        (y - movers) - x
    } else if y < movers {
        (y - x) - movers / 2
    } else {
        let remainder = residents - movers.min(residents);
        (y - x) - remainder / 2
    };
    (deviation * deviation) as u64
}

/// Packs criteria into one weight, the first the most significant. Each
/// criterion's radix exceeds its largest possible sum over a matching of
/// `pairs_bound` edges, so no amount of a lesser one can outweigh a greater.
fn pack(criteria: &[Criterion], pairs_bound: u64) -> i128 {
    // Every edge also carries a leading 1 so that the matching is as large as
    // possible before anything else.
    let mut weight: i128 = 1;
    for c in criteria {
        let radix = i128::from(pairs_bound * c.max + 1);
        weight = weight * radix + i128::from(c.value);
    }
    weight
}
