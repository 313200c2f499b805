//! The blossom matching against brute force on random graphs, its dual bound
//! against every edge, and its warm start after vertices and edges are taken
//! away against a brute-force best perfect matching.

use rand::{rngs::StdRng, Rng, SeedableRng};
use rookery_tournament::matching::{max_weight_matching, max_weight_matching_with_bound, Edge, WarmMatching};

fn weight_of(edges: &[Edge], mate: &[Option<usize>]) -> i128 {
    edges.iter().filter(|&&(a, b, w)| w > 0 && mate[a] == Some(b)).map(|e| e.2).sum()
}

fn brute_force(n: usize, edges: &[Edge], from: usize, used: &mut Vec<bool>) -> i128 {
    let Some(v) = (from..n).find(|&v| !used[v]) else { return 0 };
    used[v] = true;
    let mut best = brute_force(n, edges, v + 1, used);
    for &(a, b, w) in edges {
        let other = if a == v {
            b
        } else if b == v {
            a
        } else {
            continue;
        };
        if !used[other] && w > 0 {
            used[other] = true;
            best = best.max(w + brute_force(n, edges, v + 1, used));
            used[other] = false;
        }
    }
    used[v] = false;
    best
}

#[test]
fn matches_brute_force_on_random_small_graphs() {
    let mut rng = StdRng::seed_from_u64(7);
    for round in 0..3000 {
        let n = rng.random_range(1..=12);
        let density = rng.random_range(0.2..1.0);
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.random_bool(density) {
                    let top: i128 = match round % 3 {
                        0 => 10,
                        1 => 1000,
                        _ => 1 << 80,
                    };
                    edges.push((a, b, rng.random_range(1..=top)));
                }
            }
        }
        let mate = max_weight_matching(n, &edges);
        for (v, m) in mate.iter().enumerate() {
            if let Some(m) = *m {
                assert_eq!(mate[m], Some(v), "matching must be symmetric");
                assert!(edges.iter().any(|&(a, b, _)| (a, b) == (v, m) || (a, b) == (m, v)));
            }
        }
        let expected = brute_force(n, &edges, 0, &mut vec![false; n]);
        assert_eq!(weight_of(&edges, &mate), expected, "graph {edges:?}");
    }
}

#[test]
fn the_dual_bound_holds_for_every_edge() {
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..500 {
        let n = rng.random_range(2..=9);
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.random_bool(0.6) {
                    edges.push((a, b, rng.random_range(1..=50)));
                }
            }
        }
        let (mate, duals) = max_weight_matching_with_bound(n, &edges);
        let best = weight_of(&edges, &mate);
        for &(a, b, w) in &edges {
            let rest: Vec<Edge> =
                edges.iter().copied().filter(|&(x, y, _)| ![a, b].contains(&x) && ![a, b].contains(&y)).collect();
            let with_edge = w + brute_force(n, &rest, 0, &mut vec![false; n]);
            let reduced = duals[a] + duals[b] - 4 * w;
            assert!(with_edge * 4 <= best * 4 - reduced, "edge {:?} in {edges:?}", (a, b, w));
        }
    }
}

#[test]
fn a_heavier_pair_beats_two_light_ones() {
    let mate = max_weight_matching(4, &[(0, 1, 5), (1, 2, 11), (2, 3, 5)]);
    assert_eq!(mate, [None, Some(2), Some(1), None]);
}

#[test]
fn odd_cycles_need_blossoms() {
    // A triangle with a tail on each corner: all three tails can be matched
    // only by contracting the triangle.
    let edges = [(0, 1, 6), (1, 2, 6), (2, 0, 6), (0, 3, 5), (1, 4, 5), (2, 5, 5)];
    let mate = max_weight_matching(6, &edges);
    assert_eq!(weight_of(&edges, &mate), 15);
}

/// The weight of the best matching of `edges` that covers every vertex in
/// `cover` (and no other), if there is one.
fn best_perfect(edges: &[Edge], cover: &[usize]) -> Option<i128> {
    let Some((&v, rest)) = cover.split_first() else { return Some(0) };
    let mut best = None;
    for &(a, b, w) in edges {
        let other = if a == v {
            b
        } else if b == v {
            a
        } else {
            continue;
        };
        let Some(position) = rest.iter().position(|&x| x == other) else { continue };
        let mut left = rest.to_vec();
        left.remove(position);
        if let Some(found) = best_perfect(edges, &left) {
            best = best.max(Some(w + found));
        }
    }
    best
}

/// A random graph on `n` vertices, each edge there with chance `density` and
/// weighing `unit` plus 1 to 40.
fn random_graph(rng: &mut StdRng, n: usize, density: f64, unit: i128) -> Vec<Edge> {
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if rng.random_bool(density) {
                edges.push((a, b, unit + rng.random_range(1..=40)));
            }
        }
    }
    edges
}

fn vertices_with_edges(n: usize, edges: &[Edge]) -> Vec<usize> {
    (0..n).filter(|&v| edges.iter().any(|&(a, b, _)| a == v || b == v)).collect()
}

#[test]
fn a_warm_start_finds_the_best_perfect_matching_of_what_is_left() {
    let mut rng = StdRng::seed_from_u64(32);
    let mut completed = 0;
    for _ in 0..1500 {
        let n = rng.random_range(2..=12);
        // Sometimes weights like the Swiss pairing's: a huge unit per pair
        // above small criteria, so that the best matching is perfect.
        let unit: i128 = if rng.random_bool(0.5) { 1 << 100 } else { 0 };
        let mut edges = random_graph(&mut rng, n, 0.75, unit);
        // From either start: the best matching, or the best perfect one.
        let greedy = if rng.random_bool(0.5) { WarmMatching::solve_perfect(n, &edges) } else { None };
        let mut warm = greedy.unwrap_or_else(|| WarmMatching::solve(n, &edges));
        let mut cover = vertices_with_edges(n, &edges);
        for _ in 0..rng.random_range(1..=3) {
            if rng.random_bool(0.5) && !cover.is_empty() {
                let v = cover.remove(rng.random_range(0..cover.len()));
                warm.remove_vertex(v);
                edges.retain(|&(a, b, _)| a != v && b != v);
            } else {
                let cut = rng.random_range(0..n);
                let keep = |a: usize, b: usize| (a < cut) == (b < cut) || (a + b) % 3 != 0;
                warm.remove_edges(keep);
                edges.retain(|&(a, b, _)| keep(a, b));
            }
            let expected = best_perfect(&edges, &cover);
            assert_eq!(warm.complete(), expected.is_some(), "edges {edges:?}, cover {cover:?}");
            let Some(expected) = expected else { break };
            completed += 1;
            let mate = warm.mate();
            assert!(cover.iter().all(|&v| mate[v].is_some_and(|m| mate[m] == Some(v))), "{mate:?} covers {cover:?}");
            assert_eq!(weight_of(&edges, &mate), expected, "edges {edges:?}, cover {cover:?}");
            let duals = warm.duals();
            for &(a, b, w) in &edges {
                let others: Vec<usize> = cover.iter().copied().filter(|&v| v != a && v != b).collect();
                let Some(with_edge) = best_perfect(&edges, &others).map(|rest| rest + w) else { continue };
                let reduced = duals[a] + duals[b] - 4 * w;
                assert!(with_edge * 4 <= expected * 4 - reduced, "edge {:?} in {edges:?}", (a, b, w));
            }
        }
    }
    assert!(completed > 1000, "{completed} completions compared");
}

#[test]
fn the_best_perfect_matching_from_a_greedy_start_matches_brute_force() {
    let mut rng = StdRng::seed_from_u64(200);
    let mut perfect = 0;
    for _ in 0..2000 {
        let n = rng.random_range(1..=12);
        let density = rng.random_range(0.3..1.0);
        let edges = random_graph(&mut rng, n, density, 0);
        let cover = vertices_with_edges(n, &edges);
        let expected = best_perfect(&edges, &cover);
        let found = WarmMatching::solve_perfect(n, &edges);
        assert_eq!(found.is_some(), expected.is_some(), "graph {edges:?}");
        let (Some(found), Some(expected)) = (found, expected) else { continue };
        perfect += 1;
        let mate = found.mate();
        assert!(cover.iter().all(|&v| mate[v].is_some_and(|m| mate[m] == Some(v))), "{mate:?} covers {cover:?}");
        assert_eq!(weight_of(&edges, &mate), expected, "graph {edges:?}");
    }
    assert!(perfect > 500, "{perfect} graphs with a perfect matching");
}
