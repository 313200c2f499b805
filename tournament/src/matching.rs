//! Maximum-weight matching in general graphs: Edmonds' blossom algorithm with
//! primal-dual weights, O(n³), following Galil's survey ("Efficient algorithms
//! for finding maximum matching in graphs", 1986) as laid out by Joris van
//! Rantwijk. Written here because the crates for it take 32-bit weights, while
//! the Swiss pairing packs a dozen ranked criteria into one 128-bit weight.
//!
//! Weights are integers; every edge weight is doubled internally so that the
//! dual updates that halve a slack stay integral.
//!
//! [`WarmMatching`] keeps a solution (matching, duals, blossoms) to solve
//! again after vertices or edges are taken away, and finds best perfect
//! matchings from a greedy start: the Swiss pairing's many trial matchings
//! of nearly the same players.

mod warm;

pub use warm::WarmMatching;

const NONE: usize = usize::MAX;

/// An undirected edge between two vertex numbers with a weight.
pub type Edge = (usize, usize, i128);

/// A matching of largest total weight among `vertex_count` vertices: for each
/// vertex its partner, or `None`. Edges with a weight ≤ 0 are never needed and
/// are ignored; an edge from a vertex to itself is ignored.
pub fn max_weight_matching(vertex_count: usize, edges: &[Edge]) -> Vec<Option<usize>> {
    WarmMatching::solve(vertex_count, edges).mate()
}

/// The matching and, for each vertex, a dual value `d` that bounds every
/// other matching: one that contains the edge (a, b, w) weighs at most the
/// optimum minus `(d[a] + d[b] − 4w) / 4`, which is at most the edge's
/// reduced cost (LP duality; `d` is four times the vertex dual).
pub fn max_weight_matching_with_bound(vertex_count: usize, edges: &[Edge]) -> (Vec<Option<usize>>, Vec<i128>) {
    let solved = WarmMatching::solve(vertex_count, edges);
    (solved.mate(), solved.duals())
}

#[derive(Clone)]
struct Solver {
    n: usize,
    edges: Vec<Edge>,
    /// endpoint[2k] and endpoint[2k+1] are the two ends of edge k.
    endpoint: Vec<usize>,
    /// For each vertex, the remote endpoints of its edges.
    neighbend: Vec<Vec<usize>>,
    /// For each vertex, the remote endpoint of its matched edge.
    mate: Vec<usize>,
    /// 0 free, 1 S (outer), 2 T (inner); 5 marks a blossom scan in progress.
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<i128>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
    /// Vertices taken away, or that never had an edge: no tree grows from them.
    removed: Vec<bool>,
}

impl Solver {
    /// Edges with a weight ≤ 0 and loops are left out; weights are doubled.
    fn new(n: usize, edges: &[Edge]) -> Self {
        let edges: Vec<Edge> =
            edges.iter().filter(|(a, b, w)| a != b && *w > 0).map(|&(a, b, w)| (a, b, w * 2)).collect();
        let max_weight = edges.iter().map(|e| e.2).max().unwrap_or(0);
        let mut endpoint = Vec::with_capacity(edges.len() * 2);
        let mut neighbend = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbend[i].push(2 * k + 1);
            neighbend[j].push(2 * k);
        }
        let edge_count = edges.len();
        Solver {
            n,
            edges,
            endpoint,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).collect(),
            dualvar: std::iter::repeat_n(max_weight, n).chain(std::iter::repeat_n(0, n)).collect(),
            allowedge: vec![false; edge_count],
            queue: Vec::new(),
            removed: neighbend.iter().map(Vec::is_empty).collect(),
            neighbend,
        }
    }

    fn slack(&self, k: usize) -> i128 {
        let (i, j, w) = self.edges[k];
        self.dualvar[i] + self.dualvar[j] - 2 * w
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &child in &self.blossomchilds[b] {
                self.leaves(child, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NONE;
        self.bestedge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else {
            let base = self.blossombase[b];
            let mate = self.mate[base];
            self.assign_label(self.endpoint[mate], 1, mate ^ 1);
        }
    }

    /// Walks back from v and w to find a common ancestor (a new blossom's base)
    /// or `NONE` when the two trees differ (an augmenting path).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                let bt = self.inblossom[v];
                v = self.endpoint[self.labelend[bt]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = 0;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for leaf in self.leaves_of(b) {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.n];
        for &child in &path {
            let lists: Vec<Vec<usize>> = match self.blossombestedges[child].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(child)
                    .into_iter()
                    .map(|leaf| self.neighbend[leaf].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        j = i;
                    }
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[child] = NONE;
        }
        let best: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &best {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        for s in self.blossomchilds[b].clone() {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == 0 {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let childs = self.blossomchilds[b].clone();
            let endps = self.blossomendps[b].clone();
            let len = childs.len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).expect("entry child") as isize;
            let (jstep, endptrick) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                self.label[self.endpoint[endps[at(j - endptrick)] ^ endptrick as usize ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowedge[endps[at(j - endptrick)] / 2] = true;
                j += jstep;
                p = endps[at(j - endptrick)] ^ endptrick as usize;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            self.label[self.endpoint[p ^ 1]] = 2;
            self.label[bv] = 2;
            self.labelend[self.endpoint[p ^ 1]] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                if let Some(v) = self.leaves_of(bv).into_iter().find(|&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    self.label[self.endpoint[self.mate[self.blossombase[bv]]]] = 0;
                    self.assign_label(v, 2, self.labelend[v]);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    /// Swaps matched and unmatched edges along the path inside blossom b from
    /// vertex v to the base, so that v becomes the base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let len = childs.len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = childs.iter().position(|&c| c == t).expect("child on path");
        let mut j = i as isize;
        let (jstep, endptrick) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = childs[at(j)];
            let p = endps[at(j - endptrick)] ^ endptrick as usize;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = childs[at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (start, first_p) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (start, first_p);
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        for _stage in 0..self.n {
            if !self.stage(false) {
                break;
            }
        }
    }

    /// The unmatched vertices that still have edges.
    fn free_vertices(&self) -> Vec<usize> {
        (0..self.n).filter(|&v| self.mate[v] == NONE && !self.removed[v]).collect()
    }

    /// One stage from every free vertex: true if it found an augmenting path.
    /// With `perfect`, the duals of free vertices may go below zero (the
    /// matching must cover every vertex, so theirs need not reach zero).
    fn stage(&mut self, perfect: bool) -> bool {
        let n = self.n;
        self.label.iter_mut().for_each(|l| *l = 0);
        self.bestedge.iter_mut().for_each(|e| *e = NONE);
        self.blossombestedges[n..].iter_mut().for_each(|e| *e = None);
        self.allowedge.iter_mut().for_each(|a| *a = false);
        self.queue.clear();
        for v in 0..n {
            if self.mate[v] == NONE && !self.removed[v] && self.label[self.inblossom[v]] == 0 {
                self.assign_label(v, 1, NONE);
            }
        }
        if !self.grow_until_augmented(perfect) {
            return false;
        }
        for b in n..2 * n {
            if self.blossomparent[b] == NONE
                && self.blossombase[b] != NONE
                && self.label[b] == 1
                && self.dualvar[b] == 0
            {
                self.expand_blossom(b, true);
            }
        }
        true
    }

    /// One stage: grows alternating trees and adjusts duals until an augmenting
    /// path is found (true) or the optimum is proven (false).
    fn grow_until_augmented(&mut self, perfect: bool) -> bool {
        let n = self.n;
        loop {
            while let Some(v) = self.queue.pop() {
                for index in 0..self.neighbend[v].len() {
                    let p = self.neighbend[v][index];
                    let k = p / 2;
                    let w = self.endpoint[p];
                    if self.inblossom[v] == self.inblossom[w] {
                        continue;
                    }
                    let mut kslack = 0;
                    if !self.allowedge[k] {
                        kslack = self.slack(k);
                        if kslack <= 0 {
                            self.allowedge[k] = true;
                        }
                    }
                    if self.allowedge[k] {
                        if self.label[self.inblossom[w]] == 0 {
                            self.assign_label(w, 2, p ^ 1);
                        } else if self.label[self.inblossom[w]] == 1 {
                            let base = self.scan_blossom(v, w);
                            if base != NONE {
                                self.add_blossom(base, k);
                            } else {
                                self.augment_matching(k);
                                return true;
                            }
                        } else if self.label[w] == 0 {
                            self.label[w] = 2;
                            self.labelend[w] = p ^ 1;
                        }
                    } else if self.label[self.inblossom[w]] == 1 {
                        let b = self.inblossom[v];
                        if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                            self.bestedge[b] = k;
                        }
                    } else if self.label[w] == 0 && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                    {
                        self.bestedge[w] = k;
                    }
                }
            }
            // No tight edge left: change the duals by the largest safe delta.
            // Kind 1, a free vertex's dual reaching zero, ends a matching
            // that need not be perfect; a perfect one knows no such bound.
            let mut delta = if perfect { i128::MAX } else { *self.dualvar[..n].iter().min().expect("vertices") };
            let mut kind = 1;
            let mut delta_edge = NONE;
            let mut delta_blossom = NONE;
            for v in 0..n {
                if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                    let d = self.slack(self.bestedge[v]);
                    if d < delta {
                        (delta, kind, delta_edge) = (d, 2, self.bestedge[v]);
                    }
                }
            }
            for b in 0..2 * n {
                if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                    let d = self.slack(self.bestedge[b]) / 2;
                    if d < delta {
                        (delta, kind, delta_edge) = (d, 3, self.bestedge[b]);
                    }
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE
                    && self.blossomparent[b] == NONE
                    && self.label[b] == 2
                    && self.dualvar[b] < delta
                {
                    (delta, kind, delta_blossom) = (self.dualvar[b], 4, b);
                }
            }
            if perfect && kind == 1 {
                // Nothing to tighten: no augmenting path exists.
                return false;
            }
            for v in 0..n {
                match self.label[self.inblossom[v]] {
                    1 => self.dualvar[v] -= delta,
                    2 => self.dualvar[v] += delta,
                    _ => {}
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                    match self.label[b] {
                        1 => self.dualvar[b] += delta,
                        2 => self.dualvar[b] -= delta,
                        _ => {}
                    }
                }
            }
            match kind {
                1 => return false,
                2 | 3 => {
                    self.allowedge[delta_edge] = true;
                    let (mut i, j, _) = self.edges[delta_edge];
                    if self.label[self.inblossom[i]] == 0 {
                        i = j;
                    }
                    self.queue.push(i);
                }
                _ => self.expand_blossom(delta_blossom, false),
            }
        }
    }
}
