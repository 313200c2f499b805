//! The last tie-break of a bracket: among the pairings that are equally good
//! by every quality criterion, the Dutch system takes the first in its order
//! of transpositions and exchanges. That order is lexicographic from the top
//! of the bracket, so it is found greedily: each player in turn, from the
//! highest, takes the first opponent in Dutch order with whom the rest of the
//! field can still be paired as well as the best matching pairs it.
//!
//! Each such trial is a matching of the players not yet paired. It starts
//! from the last one solved (`WarmMatching`): taking the two trial players
//! away leaves their partners to re-match, a few augmenting paths instead of
//! a matching from nothing.

use crate::matching::{max_weight_matching, WarmMatching};

/// An edge with two weights: `full` packs every criterion including the
/// Dutch-order estimate, `quality` every criterion but that one.
#[derive(Clone, Copy)]
pub struct WeightedEdge {
    pub a: usize,
    pub b: usize,
    pub full: i128,
    pub quality: i128,
}

/// How many single exchanges between S1 and S2 are tried before giving up on
/// the exact Dutch order (each costs a matching).
const MAX_EXCHANGES: usize = 40;

/// The matching of `vertex_count` vertices for one bracket: best by quality,
/// then first in Dutch order. `bracket` lists the bracket's vertices in
/// order, its `movers` (moved-down players) first.
///
/// `order_radix` is how much one unit of quality outweighs in `full`: a
/// trial pair whose reduced cost reaches it cannot keep the best quality, so
/// it is refused without solving a matching.
pub fn settle(
    vertex_count: usize,
    edges: Vec<WeightedEdge>,
    order_radix: i128,
    bracket: &[usize],
    movers: usize,
) -> Vec<Option<usize>> {
    let pairs = PairTable::new(vertex_count, &edges);
    let full_edges: Vec<(usize, usize, i128)> = edges.iter().map(|e| (e.a, e.b, e.full)).collect();
    // The edges' weights make the largest matching the best, so the best
    // matching is the best perfect one whenever there is a perfect one.
    let Some(warm) = WarmMatching::solve_perfect(vertex_count, &full_edges) else {
        // Some player cannot be paired at all: there is no pairing to order.
        return max_weight_matching(vertex_count, &full_edges);
    };
    let mate = warm.mate();
    let (best, duals) = (pairs.total_quality(&mate), warm.duals());
    let excluded = vec![false; vertex_count];
    let mut in_bracket = vec![false; vertex_count];
    for &v in bracket {
        in_bracket[v] = true;
    }
    let mut settler = Settler {
        edges,
        pairs,
        order_radix,
        excluded,
        mate,
        duals,
        best,
        fixed: Vec::new(),
        fixed_quality: 0,
        in_bracket,
        warm,
    };
    for position in 0..movers {
        // A moved-down player meets the residents from the top, then the other movers.
        let (residents, others): (Vec<usize>, Vec<usize>) =
            bracket[position + 1..].iter().copied().partition(|&v| bracket[movers..].contains(&v));
        settler.settle_player(bracket[position], residents.into_iter().chain(others).collect());
    }
    let s1 = settler.choose_s1(&bracket[movers..]);
    for &x in &bracket[movers..] {
        let below: Vec<usize> = bracket.iter().copied().skip_while(|&v| v != x).skip(1).collect();
        let order = if s1.contains(&x) {
            // S2 from the top (transpositions), then S1 from the bottom.
            let s2 = below.iter().copied().filter(|v| !s1.contains(v));
            let s1_below = below.iter().copied().filter(|v| s1.contains(v)).rev();
            s2.chain(s1_below).collect()
        } else {
            below
        };
        settler.settle_player(x, order);
    }
    settler.mate
}

struct Settler {
    edges: Vec<WeightedEdge>,
    pairs: PairTable,
    order_radix: i128,
    excluded: Vec<bool>,
    mate: Vec<Option<usize>>,
    /// Dual bounds of the matching that gave `mate`.
    duals: Vec<i128>,
    best: i128,
    fixed: Vec<(usize, usize)>,
    fixed_quality: i128,
    in_bracket: Vec<bool>,
    /// The matching solved last, less the players paired since: completed,
    /// it is a best matching of the players not yet paired.
    warm: WarmMatching,
}

impl Settler {
    fn quality_of(&self, a: usize, b: usize) -> Option<i128> {
        self.pairs.edge(a, b).map(|e| e.quality)
    }

    /// The warm matching completed after the players paired since it was
    /// solved, solved again from nothing should that fail (it cannot while
    /// `mate` is a perfect matching of the players left).
    fn completed_warm(&mut self) -> &WarmMatching {
        if !self.warm.is_perfect() && !self.warm.complete() {
            let edges: Vec<(usize, usize, i128)> = self
                .edges
                .iter()
                .filter(|e| !self.excluded[e.a] && !self.excluded[e.b])
                .map(|e| (e.a, e.b, e.full))
                .collect();
            if let Some(solved) = WarmMatching::solve_perfect(self.excluded.len(), &edges) {
                self.warm = solved;
            }
        }
        &self.warm
    }

    /// Pairs `x` with the first of `order` that keeps the best quality
    /// reachable; if none does, `x` is left as the matching has it (floating).
    fn settle_player(&mut self, x: usize, order: Vec<usize>) {
        if self.excluded[x] {
            return;
        }
        let current = self.mate[x].filter(|&m| self.in_bracket[m]);
        for j in order {
            if self.excluded[j] || !self.pairs.is_allowed(x, j) {
                continue;
            }
            let Some(&edge) = self.pairs.edge(x, j) else { continue };
            let pair_quality = edge.quality;
            let matched_already = Some(j) == current || {
                if self.duals[x] + self.duals[j] - 4 * edge.full >= 4 * self.order_radix {
                    continue;
                }
                self.swap_partners(x, j)
            };
            if matched_already {
                self.warm.remove_vertex(x);
                self.warm.remove_vertex(j);
            } else if !self.pair_by_matching(x, j, pair_quality) {
                continue;
            }
            self.excluded[x] = true;
            self.excluded[j] = true;
            self.fixed.push((x, j));
            self.fixed_quality += pair_quality;
            return;
        }
    }

    /// Pairs x with j if the best matching of the others keeps the best
    /// quality, and makes that matching the current one.
    fn pair_by_matching(&mut self, x: usize, j: usize, pair_quality: i128) -> bool {
        let mut trial = self.completed_warm().clone();
        trial.remove_vertex(x);
        trial.remove_vertex(j);
        // Without a perfect matching of the rest, a pair is lost.
        if !trial.complete() {
            return false;
        }
        let rest = trial.mate();
        if self.pairs.total_quality(&rest) + pair_quality + self.fixed_quality != self.best {
            return false;
        }
        self.duals = trial.duals();
        self.mate = with_fixed(rest, &self.fixed);
        self.mate[x] = Some(j);
        self.mate[j] = Some(x);
        self.warm = trial;
        true
    }

    /// Pairs x with j and their two partners together, if that loses no
    /// quality: the commonest transposition, found without a matching.
    fn swap_partners(&mut self, x: usize, j: usize) -> bool {
        let (Some(m), Some(k)) = (self.mate[x], self.mate[j]) else { return false };
        let quality = |a: usize, b: usize| self.quality_of(a, b);
        let (Some(xj), Some(mk), Some(xm), Some(jk)) = (quality(x, j), quality(m, k), quality(x, m), quality(j, k))
        else {
            return false;
        };
        if xj + mk != xm + jk || !self.pairs.is_allowed(m, k) {
            return false;
        }
        self.mate[x] = Some(j);
        self.mate[j] = Some(x);
        self.mate[m] = Some(k);
        self.mate[k] = Some(m);
        true
    }

    /// S1 of the residents: as many from the top as the best matching pairs
    /// here, with S2 all the others. Transpositions come before exchanges: if
    /// the best quality can be had with every pair joining S1 to S2, only
    /// such pairs count from now on; if not, the single exchanges between S1
    /// and S2 are tried in Dutch order (smallest difference of rank first,
    /// the lowest S1 player first).
    fn choose_s1(&mut self, residents: &[usize]) -> Vec<usize> {
        let open: Vec<usize> = residents.iter().copied().filter(|&v| !self.excluded[v]).collect();
        let paired = open.iter().filter(|&&v| self.mate[v].is_some_and(|m| self.in_bracket[m])).count();
        let s1_size = (paired / 2).min(open.len() / 2);
        let natural = open[..s1_size].to_vec();
        if s1_size == 0 || self.restrict_to_crossing(&open, &natural) {
            return natural;
        }
        let s2_size = open.len() - s1_size;
        let mut exchanges: Vec<(usize, usize)> = (0..s1_size).flat_map(|i| (0..s2_size).map(move |j| (i, j))).collect();
        exchanges.sort_by_key(|&(i, j)| (s1_size + j - i, std::cmp::Reverse(i), j));
        for &(i, j) in exchanges.iter().take(MAX_EXCHANGES) {
            let mut s1 = natural.clone();
            s1[i] = open[s1_size + j];
            s1.sort_by_key(|v| open.iter().position(|o| o == v));
            if self.restrict_to_crossing(&open, &s1) {
                return s1;
            }
        }
        natural
    }

    /// Makes `edges` the only edges allowed from now on.
    fn keep_only(&mut self, edges: Vec<WeightedEdge>) {
        for e in &self.edges {
            self.pairs.forbid(e.a, e.b);
        }
        for e in &edges {
            self.pairs.allow(e.a, e.b);
        }
        self.edges = edges;
    }

    /// Keeps only pairs across S1 and S2 if that loses no quality.
    fn restrict_to_crossing(&mut self, open: &[usize], s1: &[usize]) -> bool {
        let mut is_open = vec![false; self.excluded.len()];
        let mut in_s1 = vec![false; self.excluded.len()];
        open.iter().for_each(|&v| is_open[v] = true);
        s1.iter().for_each(|&v| in_s1[v] = true);
        let crosses = |a: usize, b: usize| !(is_open[a] && is_open[b]) || in_s1[a] != in_s1[b];
        let restricted: Vec<WeightedEdge> = self.edges.iter().filter(|e| crosses(e.a, e.b)).copied().collect();
        // The current matching already crossing is optimal among crossing
        // pairs, and its duals still bound them: no new matching is needed.
        let already = open.iter().all(|&v| self.mate[v].is_none_or(|m| crosses(v, m)));
        if already {
            self.keep_only(restricted);
            self.warm.remove_edges(crosses);
            return true;
        }
        let mut trial = self.completed_warm().clone();
        trial.remove_edges(crosses);
        if !trial.complete() || self.pairs.total_quality(&trial.mate()) + self.fixed_quality != self.best {
            return false;
        }
        self.duals = trial.duals();
        self.keep_only(restricted);
        self.mate = with_fixed(trial.mate(), &self.fixed);
        self.warm = trial;
        true
    }
}

fn with_fixed(mut mate: Vec<Option<usize>>, fixed: &[(usize, usize)]) -> Vec<Option<usize>> {
    for &(a, b) in fixed {
        mate[a] = Some(b);
        mate[b] = Some(a);
    }
    mate
}

/// Each pair of vertices' edge, looked up directly, and whether the pairing
/// may still use it.
struct PairTable {
    vertex_count: usize,
    /// For each ordered pair, its edge's place in `edges`, or `NO_EDGE`.
    place: Vec<u32>,
    edges: Vec<WeightedEdge>,
    allowed: Vec<bool>,
}

const NO_EDGE: u32 = u32::MAX;

impl PairTable {
    fn new(vertex_count: usize, edges: &[WeightedEdge]) -> Self {
        let mut place = vec![NO_EDGE; vertex_count * vertex_count];
        let mut allowed = vec![false; vertex_count * vertex_count];
        for (k, e) in edges.iter().enumerate() {
            let k = u32::try_from(k).expect("fewer edges than a u32 counts");
            for at in [e.a * vertex_count + e.b, e.b * vertex_count + e.a] {
                place[at] = k;
                allowed[at] = true;
            }
        }
        PairTable { vertex_count, place, edges: edges.to_vec(), allowed }
    }

    fn edge(&self, a: usize, b: usize) -> Option<&WeightedEdge> {
        let k = self.place[a * self.vertex_count + b];
        (k != NO_EDGE).then(|| &self.edges[k as usize])
    }

    fn is_allowed(&self, a: usize, b: usize) -> bool {
        self.allowed[a * self.vertex_count + b]
    }

    fn set_allowed(&mut self, a: usize, b: usize, allowed: bool) {
        self.allowed[a * self.vertex_count + b] = allowed;
        self.allowed[b * self.vertex_count + a] = allowed;
    }

    fn forbid(&mut self, a: usize, b: usize) {
        self.set_allowed(a, b, false);
    }

    fn allow(&mut self, a: usize, b: usize) {
        self.set_allowed(a, b, true);
    }

    /// The quality of a matching: its pairs that have an edge, added up.
    fn total_quality(&self, mate: &[Option<usize>]) -> i128 {
        mate.iter()
            .enumerate()
            .filter_map(|(v, m)| m.filter(|&m| m > v).and_then(|m| self.edge(v, m)))
            .map(|e| e.quality)
            .sum()
    }
}
