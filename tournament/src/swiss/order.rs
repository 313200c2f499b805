//! The last tie-break of a bracket: among the pairings that are equally good
//! by every quality criterion, the Dutch system takes the first in its order
//! of transpositions and exchanges. That order is lexicographic from the top
//! of the bracket, so it is found greedily: each player in turn, from the
//! highest, takes the first opponent in Dutch order with whom the rest of the
//! field can still be paired as well as the best matching pairs it.

use crate::matching::max_weight_matching_with_bound;

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
    let quality = PairTable::new(vertex_count, edges.iter().map(|e| (e.a, e.b, e.quality)));
    let excluded = vec![false; vertex_count];
    let (mate, best, duals) = solve(vertex_count, &edges, &excluded, &quality);
    let mut in_bracket = vec![false; vertex_count];
    for &v in bracket {
        in_bracket[v] = true;
    }
    let full = PairTable::new(vertex_count, edges.iter().map(|e| (e.a, e.b, e.full)));
    let mut settler = Settler {
        edges,
        quality,
        full,
        order_radix,
        excluded,
        mate,
        duals,
        best,
        fixed: Vec::new(),
        fixed_quality: 0,
        in_bracket,
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
    quality: PairTable,
    full: PairTable,
    order_radix: i128,
    excluded: Vec<bool>,
    mate: Vec<Option<usize>>,
    /// Dual bounds of the matching that gave `mate`.
    duals: Vec<i128>,
    best: i128,
    fixed: Vec<(usize, usize)>,
    fixed_quality: i128,
    in_bracket: Vec<bool>,
}

impl Settler {
    fn quality_of(&self, a: usize, b: usize) -> Option<i128> {
        self.quality.get(a, b)
    }

    /// Pairs `x` with the first of `order` that keeps the best quality
    /// reachable; if none does, `x` is left as the matching has it (floating).
    fn settle_player(&mut self, x: usize, order: Vec<usize>) {
        if self.excluded[x] {
            return;
        }
        let current = self.mate[x].filter(|&m| self.in_bracket[m]);
        let allowed: std::collections::HashSet<usize> =
            self.edges.iter().filter(|e| e.a == x || e.b == x).map(|e| e.a + e.b - x).collect();
        for j in order {
            if self.excluded[j] || !allowed.contains(&j) {
                continue;
            }
            let Some(pair_quality) = self.quality_of(x, j) else { continue };
            if Some(j) != current {
                let full = self.full.get(x, j).expect("an edge for every quality");
                if self.duals[x] + self.duals[j] - 4 * full >= 4 * self.order_radix {
                    continue;
                }
                if !self.swap_partners(x, j) {
                    let mut trial = self.excluded.clone();
                    trial[x] = true;
                    trial[j] = true;
                    let (rest, rest_quality, duals) = solve(trial.len(), &self.edges, &trial, &self.quality);
                    if rest_quality + pair_quality + self.fixed_quality != self.best {
                        continue;
                    }
                    self.duals = duals;
                    self.mate = with_fixed(rest, &self.fixed);
                    self.mate[x] = Some(j);
                    self.mate[j] = Some(x);
                }
            }
            self.excluded[x] = true;
            self.excluded[j] = true;
            self.fixed.push((x, j));
            self.fixed_quality += pair_quality;
            return;
        }
    }

    /// Pairs x with j and their two partners together, if that loses no
    /// quality: the commonest transposition, found without a matching.
    fn swap_partners(&mut self, x: usize, j: usize) -> bool {
        let (Some(m), Some(k)) = (self.mate[x], self.mate[j]) else { return false };
        let has_edge = |a: usize, b: usize| self.edges.iter().any(|e| (e.a, e.b) == (a.min(b), a.max(b)));
        let quality = |a: usize, b: usize| self.quality_of(a, b);
        let (Some(xj), Some(mk), Some(xm), Some(jk)) = (quality(x, j), quality(m, k), quality(x, m), quality(j, k))
        else {
            return false;
        };
        if xj + mk != xm + jk || !has_edge(m, k) {
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

    /// Keeps only pairs across S1 and S2 if that loses no quality.
    fn restrict_to_crossing(&mut self, open: &[usize], s1: &[usize]) -> bool {
        let crosses =
            |e: &WeightedEdge| !(open.contains(&e.a) && open.contains(&e.b)) || s1.contains(&e.a) != s1.contains(&e.b);
        let restricted: Vec<WeightedEdge> = self.edges.iter().filter(|e| crosses(e)).copied().collect();
        // The current matching already crossing is optimal among crossing
        // pairs, and its duals still bound them: no new matching is needed.
        let already =
            open.iter().all(|&v| self.mate[v].is_none_or(|m| !open.contains(&m) || s1.contains(&v) != s1.contains(&m)));
        if already {
            self.edges = restricted;
            return true;
        }
        let (mate, quality, duals) = solve(self.excluded.len(), &restricted, &self.excluded, &self.quality);
        if quality + self.fixed_quality != self.best {
            return false;
        }
        self.duals = duals;
        self.edges = restricted;
        self.mate = with_fixed(mate, &self.fixed);
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

fn solve(
    vertex_count: usize,
    edges: &[WeightedEdge],
    excluded: &[bool],
    quality: &PairTable,
) -> (Vec<Option<usize>>, i128, Vec<i128>) {
    let kept: Vec<(usize, usize, i128)> =
        edges.iter().filter(|e| !excluded[e.a] && !excluded[e.b]).map(|e| (e.a, e.b, e.full)).collect();
    let (mate, duals) = max_weight_matching_with_bound(vertex_count, &kept);
    let total = mate.iter().enumerate().filter_map(|(v, m)| m.filter(|&m| m > v).and_then(|m| quality.get(v, m))).sum();
    (mate, total, duals)
}

/// A weight for each pair of vertices that has an edge, looked up directly.
struct PairTable {
    vertex_count: usize,
    weights: Vec<Option<i128>>,
}

impl PairTable {
    fn new(vertex_count: usize, edges: impl Iterator<Item = (usize, usize, i128)>) -> Self {
        let mut weights = vec![None; vertex_count * vertex_count];
        for (a, b, w) in edges {
            weights[a * vertex_count + b] = Some(w);
            weights[b * vertex_count + a] = Some(w);
        }
        PairTable { vertex_count, weights }
    }

    fn get(&self, a: usize, b: usize) -> Option<i128> {
        self.weights[a * self.vertex_count + b]
    }
}
