//! A matching that can be solved again after vertices and edges are taken
//! away: the dual solution is kept feasible, then completed to the best
//! perfect matching of what is left. Blossoms that lose a vertex or an edge of their cycle
//! are dissolved; their dual moves onto their vertices so that no edge's
//! slack drops, and a matched edge that stops being tight is unmatched.

use super::{Edge, Solver, NONE};

/// A maximum-weight matching kept with its dual solution and blossoms, so
/// that after vertices or edges are taken away the best *perfect* matching
/// of what is left is found from it (a warm start: a few augmenting paths)
/// instead of from nothing (one path per pair).
#[derive(Clone)]
pub struct WarmMatching {
    solver: Solver,
}

impl WarmMatching {
    /// The matching of largest total weight, as [`super::max_weight_matching`].
    pub fn solve(vertex_count: usize, edges: &[Edge]) -> Self {
        let mut solver = Solver::new(vertex_count, edges);
        if !solver.edges.is_empty() {
            solver.solve();
        }
        WarmMatching { solver }
    }

    /// The perfect matching of largest total weight, if there is one (every
    /// vertex with an edge matched). Where weights make the largest matching
    /// the heaviest, as the Swiss pairing's do, it is the best matching, found
    /// faster: it starts from duals as low as each vertex allows and the
    /// edges they make tight, greedily matched.
    pub fn solve_perfect(vertex_count: usize, edges: &[Edge]) -> Option<Self> {
        let mut solver = Solver::new(vertex_count, edges);
        solver.start_greedily();
        solver.complete().then_some(WarmMatching { solver })
    }

    /// Each vertex's partner.
    pub fn mate(&self) -> Vec<Option<usize>> {
        self.solver.mate.iter().map(|&p| (p != NONE).then(|| self.solver.endpoint[p])).collect()
    }

    /// The dual bound of [`super::max_weight_matching_with_bound`]. After
    /// [`Self::complete`] it bounds the perfect matchings of what is left.
    pub fn duals(&self) -> Vec<i128> {
        self.solver.dualvar[..self.solver.n].to_vec()
    }

    /// Whether every vertex that has an edge left is matched.
    pub fn is_perfect(&self) -> bool {
        self.solver.free_vertices().is_empty()
    }

    /// Takes a vertex and its edges away; its partner is left unmatched
    /// until [`Self::complete`].
    pub fn remove_vertex(&mut self, v: usize) {
        self.solver.remove_vertex(v);
    }

    /// Takes away every edge between vertices `a` and `b` for which
    /// `keep(a, b)` is false.
    pub fn remove_edges(&mut self, keep: impl Fn(usize, usize) -> bool) {
        self.solver.remove_edges(keep);
    }

    /// Makes the matching perfect again with the largest weight among the
    /// perfect matchings of what is left, or says there is none (false).
    pub fn complete(&mut self) -> bool {
        self.solver.complete()
    }
}

impl Solver {
    pub(super) fn remove_vertex(&mut self, v: usize) {
        while self.inblossom[v] != v {
            self.dissolve(self.inblossom[v]);
        }
        self.unmatch(v);
        for p in std::mem::take(&mut self.neighbend[v]) {
            let k = p / 2;
            self.neighbend[self.endpoint[p]].retain(|&q| q / 2 != k);
        }
        self.removed[v] = true;
    }

    pub(super) fn remove_edges(&mut self, keep: impl Fn(usize, usize) -> bool) {
        let mut dropped = vec![false; self.edges.len()];
        for v in 0..self.n {
            for &p in &self.neighbend[v] {
                let k = p / 2;
                let (a, b, _) = self.edges[k];
                dropped[k] = !keep(a, b);
            }
        }
        for k in (0..self.edges.len()).filter(|&k| dropped[k]) {
            let a = self.edges[k].0;
            while let Some(top) = self.blossom_using(a, k) {
                self.dissolve(top);
            }
            if self.mate[a] != NONE && self.mate[a] / 2 == k {
                self.unmatch(a);
            }
        }
        for list in &mut self.neighbend {
            list.retain(|&p| !dropped[p / 2]);
        }
    }

    /// The top-level blossom around `v` if edge `k` is on the cycle of one
    /// of the blossoms that hold `v`.
    fn blossom_using(&self, v: usize, k: usize) -> Option<usize> {
        let mut b = self.blossomparent[v];
        while b != NONE {
            if self.blossomendps[b].iter().any(|&p| p / 2 == k) {
                return Some(self.inblossom[v]);
            }
            b = self.blossomparent[b];
        }
        None
    }

    fn unmatch(&mut self, v: usize) {
        let p = self.mate[v];
        if p != NONE {
            self.mate[self.endpoint[p]] = NONE;
            self.mate[v] = NONE;
        }
    }

    /// Dissolves the top-level blossom `b` into its sub-blossoms. Its dual
    /// `z` is added to each vertex inside: edges inside keep their slack
    /// (each end gains `z`, the blossom's share of `2z` goes), edges leaving
    /// it gain `z`, so its base's matched edge leaving it may stop being
    /// tight and is then unmatched.
    fn dissolve(&mut self, b: usize) {
        let z = self.dualvar[b];
        for v in self.leaves_of(b) {
            self.dualvar[v] += z;
        }
        self.dualvar[b] = 0;
        if z > 0 {
            self.unmatch(self.blossombase[b]);
        }
        self.label[b] = 0;
        self.expand_blossom(b, true);
    }

    /// Every free vertex starts a tree and they all change their duals
    /// together, so they must share one parity: then an edge between two
    /// trees has an even slack and halving it stays exact. A free vertex of
    /// the other parity gains one (its edges only gain slack); a free
    /// blossom gives one unit of its own dual to each of its vertices, which
    /// leaves the slack of the edges inside as it was.
    fn even_out_free_parities(&mut self) {
        let free = self.free_vertices();
        let Some(&first) = free.first() else { return };
        let parity = self.dualvar[first] & 1;
        for v in free {
            if self.dualvar[v] & 1 == parity {
                continue;
            }
            loop {
                let b = self.inblossom[v];
                if b == v {
                    self.dualvar[v] += 1;
                    break;
                }
                if self.dualvar[b] > 0 {
                    self.dualvar[b] -= 1;
                    for leaf in self.leaves_of(b) {
                        self.dualvar[leaf] += 1;
                    }
                    break;
                }
                self.dissolve(b);
            }
        }
    }

    /// Sets each vertex's dual as low as its edges allow (each then has a
    /// tight edge) and matches tight edges greedily. Every dual is even, as
    /// every stored weight is.
    pub(super) fn start_greedily(&mut self) {
        let n = self.n;
        for v in (0..n).filter(|&v| !self.removed[v]) {
            let heaviest = self.neighbend[v].iter().map(|&p| self.edges[p / 2].2).max();
            self.dualvar[v] = heaviest.unwrap_or(0);
        }
        for v in (0..n).filter(|&v| !self.removed[v]) {
            let lowest =
                self.neighbend[v].iter().map(|&p| 2 * self.edges[p / 2].2 - self.dualvar[self.endpoint[p]]).max();
            self.dualvar[v] = lowest.unwrap_or(0);
        }
        for v in 0..n {
            if self.mate[v] != NONE {
                continue;
            }
            let tight = self.neighbend[v]
                .iter()
                .copied()
                .find(|&p| self.mate[self.endpoint[p]] == NONE && self.slack(p / 2) == 0);
            if let Some(p) = tight {
                self.mate[v] = p;
                self.mate[self.endpoint[p]] = p ^ 1;
            }
        }
    }

    pub(super) fn complete(&mut self) -> bool {
        self.even_out_free_parities();
        loop {
            if self.free_vertices().is_empty() {
                return true;
            }
            if !self.stage(true) {
                return false;
            }
        }
    }
}
